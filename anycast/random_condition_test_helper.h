// Test helper: seeded random leader conditions, for brute force in the unit tests.
#pragma once

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "anycast/leader_condition.h"

namespace routefix::anycast {

// A condition like leaderCondition's: disjuncts ascending by leader, each bounding the
// leader against some other sessions by k in [-cap_t, cap_l - 1].
inline LeaderCondition randomCondition(std::mt19937_64& rng, const std::vector<int>& caps) {
  const size_t n = caps.size();
  LeaderCondition c;
  std::vector<size_t> leaders(n);
  std::iota(leaders.begin(), leaders.end(), size_t{0});
  std::shuffle(leaders.begin(), leaders.end(), rng);
  leaders.resize(1 + rng() % 2);
  std::sort(leaders.begin(), leaders.end());
  for (size_t l : leaders) {
    LeaderDisjunct d{l, {}};
    for (size_t t = 0; t < n; ++t) {
      if (std::find(leaders.begin(), leaders.end(), t) != leaders.end() || rng() % 4 == 0) continue;
      const int low = -caps[t], high = caps[l] - 1;
      if (high < low) continue;
      d.bounds.push_back({t, low + static_cast<int>(rng() % static_cast<uint64_t>(high - low + 1))});
    }
    c.push_back(std::move(d));
  }
  return c;
}

// Caps 0..3 for `sessions` sessions.
inline std::vector<int> randomCaps(std::mt19937_64& rng, size_t sessions) {
  std::vector<int> caps(sessions);
  for (int& cap : caps) cap = static_cast<int>(rng() % 4);
  return caps;
}

// `count` random conditions over `caps`.
inline std::vector<LeaderCondition> randomConditions(std::mt19937_64& rng, const std::vector<int>& caps, size_t count) {
  std::vector<LeaderCondition> out;
  for (size_t g = 0; g < count; ++g) out.push_back(randomCondition(rng, caps));
  return out;
}

}  // namespace routefix::anycast
