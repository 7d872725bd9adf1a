// The largest satisfied weight, proven from below. Z3's MaxSAT engines search for the
// optimum and the bound together; on these instances the bound is the hard part (most of
// the weight can never be at target, and branch and bound must prove that). Here a good
// vector comes first, from the local search on the leader conditions
// (leader_local_search.h), and Z3 is asked one satisfiability question per step: is there
// a vector whose groups at target weigh more than the best one so far (a pseudo-Boolean
// bound over the groups' formulas, next to the model's definitions, the pinned groups and
// the conflict cliques' at-most-one)? A model is a better vector, polished by the local
// search before the next question; unsat proves the best weight. 10,000 ASes / 20
// sessions, seed 8: optimal in ~9 s where Z3 optimize alone gave up after 30 s.
#pragma once

#include <z3++.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "anycast/deployment.h"
#include "anycast/leader_local_search.h"

namespace routefix::anycast {

struct WeightSearchResult {
  enum class Outcome { Proven, Unknown, Infeasible } outcome = Outcome::Unknown;
  std::optional<LeaderLocalSearch::Best> best;  // admissible (pinned groups hold), if any found
};

class SatisfiedWeightSearch {
 public:
  // `hard`: what every vector satisfies; `groups[i]` is group i's "at target" formula with
  // `weights[i]`; `steps[s][t-1]` <=> p_s >= t.
  SatisfiedWeightSearch(z3::context& ctx, const z3::expr_vector& hard, std::vector<z3::expr> groups,
                        std::vector<int64_t> weights, const std::vector<std::vector<z3::expr>>& steps,
                        const LeaderLocalSearch& local);

  // Whether the weights fit Z3's pseudo-Boolean coefficients (int) after dividing by their gcd.
  bool supported() const { return supported_; }
  // "The groups at target weigh at least `weight`".
  z3::expr atLeast(int64_t weight) const;

  // Starting from `incumbent` (the local search's best), until `deadline`. `found` is told
  // of every admissible vector that improves on the best (to simulate it).
  WeightSearchResult run(LeaderLocalSearch::Best incumbent, std::chrono::steady_clock::time_point deadline,
                         const std::function<void(const PrependVector&)>& found) const;

 private:
  z3::context& ctx_;
  const z3::expr_vector& hard_;
  z3::expr_vector groups_;
  std::vector<int> coefficients_;
  int64_t divisor_ = 1;
  bool supported_ = false;
  const std::vector<std::vector<z3::expr>>& steps_;
  const LeaderLocalSearch& local_;
};

}  // namespace routefix::anycast
