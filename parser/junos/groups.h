// Junos configuration groups: `groups NAME { ... }` holds configuration that `apply-groups
// NAME` (at the top or at any level of the hierarchy) inherits. Names in a group may be
// wildcards such as `<ge-*>` or `<*>`; they match the names the configuration itself uses
// at that level.
#pragma once

#include <string_view>
#include <vector>

#include "parser/junos/set_path.h"

namespace routefix::parser::junos {

// Junos wildcard match: `pattern` is the text inside <...>; `*` any run, `?` one character,
// `[a-c]` / `[!a-c]` a character class.
bool wildcardMatches(std::string_view pattern, std::string_view name);

// Replaces group definitions and apply-groups statements by the inherited set-paths.
// Inherited paths come before the configuration's own, so that a value the configuration
// sets itself wins over the group's. Inherited paths keep the group's line numbers.
std::vector<SetPath> expandGroups(const std::vector<SetPath>& paths,
                                  std::vector<model::ParseWarning>& warnings);

}  // namespace routefix::parser::junos
