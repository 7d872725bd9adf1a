// Shared by the IOS parser tests: parse config text as one file and find things in it.
#pragma once

#include <string>
#include <vector>

#include "parser/parser.h"

namespace routefix::parser::ios::test {

inline DeviceParse parseText(const std::string& text, model::Vendor dialect = model::Vendor::Ios,
                             const std::string& file = "r1.cfg") {
  return parseIosFamily({ConfigFile{file, text}}, dialect);
}

inline model::SourceSpan span(int first, int last, const std::string& file = "r1.cfg") {
  return {file, first, last};
}

// Lines of all warnings whose message contains `fragment` (all warnings if empty).
inline std::vector<int> warningLines(const DeviceParse& p, const std::string& fragment = "") {
  std::vector<int> lines;
  for (const auto& w : p.warnings)
    if (w.message.find(fragment) != std::string::npos) lines.push_back(w.line);
  return lines;
}

}  // namespace routefix::parser::ios::test
