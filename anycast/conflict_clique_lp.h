// A bound on the satisfied weight from the conflict graph of the groups' leader conditions
// (leader_condition.h): an edge joins two groups whose conditions exclude each other, so
// the groups at target under any prepend vector are an independent set, and the LP
//   maximise sum w_g y_g  subject to  sum_{g in K} y_g <= 1 for cliques K,  0 <= y <= 1
// bounds every vector's weight. The conflict-clique partition (conflict_cliques.h) is one
// set of such rows; its bound is each clique's heaviest member. Rows for cliques that cut
// across the partition are found where the LP's optimum violates them (a greedy clique over
// the groups the LP counts, largest y first, grown by weight) and the LP is solved again,
// until no violated clique is found or the time is up. Then rows "at most two of three" for
// pairwise compatible groups whose leaders' bounds close a negative cycle whichever disjunct
// each takes (a ahead of b, b ahead of c, c ahead of a), and cliques again: on 10,000 ASes
// / 20 sessions the cliques alone stop at 2,649,500, the exact maximum-weight independent
// set of the conflict graph, and the triples bring it to 2,610,390 (optimum 2,580,000).
// Solved as its dual (a fractional cover of the weights by the rows), whose every feasible
// point is a bound: see packingDualBound.
//
// Why this and not a stronger LP over the prepends: with the prepends fractional, each
// group's own condition is no constraint at all. Measured on 10,000 ASes / 20 sessions
// (optimum weight 2,580,000, partition bound 2,848,400): the compact MIP's LP 2,848,400,
// per-(client, non-target option) closest-assignment rows over one-hot prepends 2,829,140,
// per-(leader, level) winner columns 2,845,700, pairwise order columns 2,815,800 and all
// 263,000 transitivity rows over them 2,815,800; this clique LP 2,649,500 in 1 s.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "anycast/leader_condition.h"

namespace routefix::anycast {

// A row of the clique LP: at most `most` of `groups` at target under any vector.
struct PackingRow {
  std::vector<size_t> groups;
  int most = 1;
};

struct CliqueLpBound {
  std::optional<int64_t> weight;            // no vector puts more group weight at target
  size_t cliques = 0;                        // rows "at most one" found beyond the partition
  size_t triples = 0;                        // rows "at most two of these three"
  // Those rows the last solve's multipliers price: the ones the bound rests on, for CBC's
  // model (the others only slow its LP down).
  std::vector<PackingRow> binding;
  size_t edges = 0;                          // of the conflict graph
  size_t rounds = 0;                         // LP solves after the first
  bool converged = false;                    // no violated clique left
};

// Weak duality: for any multipliers l_r (clamped to >= 0) on valid rows, no vector puts more
// group weight at target than sum_r most_r l_r + sum_g max(0, w_g - sum_{r contains g} l_r)
// (y_g <= 1 prices each group's weight the rows leave uncovered), rounded down. So a
// solve cut short still gives a bound, whatever Clp's tolerances.
int64_t packingDualBound(const std::vector<PackingRow>& rows, const std::vector<double>& multipliers,
                         const std::vector<int64_t>& weights);

// `partition`: the conflict-clique partition of the groups (conflict_cliques.h). Gives up
// at `deadline` or when `stop` is set, keeping the best bound met (a solve cut short bounds
// too; no bound only when the conflict graph was not finished). `solved`, if
// given, sees each finished LP's solution (y per group), e.g. to round it to a vector, and the
// bound so far.
CliqueLpBound conflictCliqueLp(const std::vector<const LeaderCondition*>& conditions,
                               const std::vector<int64_t>& weights,
                               const std::vector<std::vector<size_t>>& partition, size_t sessions,
                               std::chrono::steady_clock::time_point deadline, const std::atomic<bool>* stop,
                               const std::function<void(const std::vector<double>& y, int64_t bound)>& solved = {});

}  // namespace routefix::anycast
