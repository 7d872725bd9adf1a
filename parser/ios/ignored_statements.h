// The statements we recognise and deliberately do not model, per configuration mode. A line
// that neither the grammar nor this list knows is reported as "unrecognized syntax".
#pragma once

#include <string>
#include <vector>

namespace routefix::parser::ios {

enum class IgnoreScope { Global, Interface, RouterBgp, BgpNeighbor, RouterOspf, RouterEigrp, RouteMap };

// `words`: the line split at whitespace, lowercased. For BgpNeighbor, the words after
// `[no] neighbor X`.
bool isIgnoredStatement(IgnoreScope scope, const std::vector<std::string>& words);

// The line's words, separated as the lexer separates them (space, tab, form feed), as written
// (names, route distinguishers and targets keep their case) or lowercased (for keywords).
std::vector<std::string> splitWordsAsWritten(const std::string& line);
std::vector<std::string> splitWords(const std::string& line);

}  // namespace routefix::parser::ios
