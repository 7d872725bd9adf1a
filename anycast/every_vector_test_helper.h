// Test helper: every prepend vector within the caps, for brute force in the unit tests.
#pragma once

#include <functional>
#include <vector>

#include "anycast/deployment.h"

namespace routefix::anycast {

// Calls visit(p) for every vector within the caps.
inline void everyVector(const std::vector<int>& caps, const std::function<void(const PrependVector&)>& visit) {
  PrependVector p(caps.size(), 0);
  std::function<void(size_t)> next = [&](size_t s) {
    if (s == p.size()) return visit(p);
    for (p[s] = 0; p[s] <= caps[s]; ++p[s]) next(s + 1);
    p[s] = 0;
  };
  next(0);
}

}  // namespace routefix::anycast
