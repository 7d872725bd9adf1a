// At-most-one structure among the soft groups. Groups whose conditions pairwise exclude each
// other (leader_condition.h) form a clique: at most one of them is at its target. MaxSAT
// solvers prove such a bound one core at a time, and with thousands of mostly unsatisfied
// groups Z3 never finished (10,000 ASes / 20 sessions: no optimum in 170 s). Handing Z3 the
// cliques instead makes the bound a matter of propagation: a clique with weights
// w_1 >= ... >= w_k and at most one member true loses
//   (w_1 + ... + w_k - w_1) + sum_j (w_j - w_{j+1}) * [none of the first j is true]
// (w_{k+1} = 0), so its soft constraints become "one of the first j members holds" with
// weight w_j - w_{j+1}, next to a hard at-most-one: the same optimum, and the loss every
// clique must take is a constant Z3 never has to discover (10,000 / 20: optimal in ~5 s).
#pragma once

#include <cstdint>
#include <vector>

#include "anycast/leader_condition.h"

namespace routefix::anycast {

// A greedy partition of the groups into cliques of pairwise-excluding conditions: heaviest
// groups first, each into the first clique it excludes entirely. Members heaviest first.
std::vector<std::vector<size_t>> conflictCliques(const std::vector<const LeaderCondition*>& conditions,
                                                 const std::vector<int64_t>& weights);

// An upper bound on the weight of groups at target together: each clique's heaviest member.
int64_t cliqueBound(const std::vector<std::vector<size_t>>& cliques, const std::vector<int64_t>& weights);

// The layered soft constraints of one clique (members heaviest first): member j's entry is
// the weight of "one of members 0..j holds"; zero weights are kept so indices line up.
std::vector<int64_t> layeredWeights(const std::vector<size_t>& clique, const std::vector<int64_t>& weights);

}  // namespace routefix::anycast
