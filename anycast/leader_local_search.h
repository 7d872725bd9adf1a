// A quick incumbent for the satisfied objective under lowest-id, searched on the client
// groups' leader conditions (leader_condition.h) instead of the simulator. A condition is
// exact, so evaluating a vector costs one pass over the groups' bounds (~1 ms for 7,000
// groups and 50 sessions) where a simulation of a 75,000-AS graph costs ~50 ms: in the same
// time the search tries fifty times as many vectors. It only supplies the vector the
// optimiser returns when Z3 cannot prove an optimum in time (and Z3's starting bound);
// optimality still comes from Z3 alone.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "anycast/deployment.h"
#include "anycast/leader_condition.h"

namespace routefix::anycast {

struct WeightedCondition {
  const LeaderCondition* condition = nullptr;
  int64_t weight = 0;
};

class LeaderLocalSearch {
 public:
  // `required`: conditions every admissible vector satisfies (pinned client groups).
  LeaderLocalSearch(std::vector<WeightedCondition> groups, std::vector<const LeaderCondition*> required,
                    std::vector<int> caps);

  struct Score {
    int64_t weight = 0;    // of the groups whose condition holds
    size_t violated = 0;   // required conditions that do not hold
    int total = 0;         // prepends
    bool operator<(const Score& o) const;  // worse: more violated, less weight, more prepends
  };
  Score score(const PrependVector& p) const;

  // First-improvement coordinate moves (one session to another count), from `start` (and
  // from all-zero), then from seeded random perturbations of the best, until `deadline` or
  // kFruitlessRestarts perturbations in a row without a better vector. The best vector seen.
  static constexpr int kFruitlessRestarts = 200;
  struct Best {
    PrependVector prepends;
    Score score;
  };
  Best search(const PrependVector& start, std::chrono::steady_clock::time_point deadline, uint64_t seed) const;
  Best climbFrom(PrependVector p, std::chrono::steady_clock::time_point deadline) const;

 private:
  std::vector<WeightedCondition> groups_;
  std::vector<const LeaderCondition*> required_;
  std::vector<int> caps_;
};

}  // namespace routefix::anycast
