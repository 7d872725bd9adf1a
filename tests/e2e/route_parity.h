// Route-for-route comparison of two snapshots' routes that should agree (a network and its
// rendering in another vendor's syntax), each route reduced by the caller to the text of
// what the vendors must agree on.
#pragma once

#include <doctest/doctest.h>

#include <map>
#include <string>

namespace routefix::e2e {

// node -> prefix -> the comparable text of the installed route.
using ComparableRoutes = std::map<std::string, std::map<std::string, std::string>>;

// Every route of `expected` is in `actual` with the same text, and `actual` has no other.
inline void checkSameRoutes(const ComparableRoutes& expected, ComparableRoutes actual) {
  for (const auto& [node, routes] : expected) {
    INFO("node " << node);
    for (const auto& [prefix, line] : routes) {
      INFO("prefix " << prefix);
      CHECK(actual[node][prefix] == line);
    }
    for (const auto& [prefix, line] : actual[node]) {
      INFO("prefix " << prefix);
      CHECK(routes.count(prefix) == 1);
    }
  }
}

}  // namespace routefix::e2e
