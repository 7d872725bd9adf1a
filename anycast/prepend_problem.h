// The optimisation every solver of the portfolio is given, built once from the route
// encoding and the client constraints: hard formulas, and weighted formulas whose true
// ones' weight is maximised. Z3 takes them as a MaxSAT problem (or, for satisfied under
// lowest-id, as pseudo-Boolean questions, satisfied_weight_search.h); CBC takes the same
// formulas translated to a 0-1 program (boolean_mip.h). Nothing here is solver-specific.
//
// One scale for every objective: each objective term's weight is multiplied by `scale`
// (more than the number of prepend steps) and every prepend step left unused is worth 1, so
// the best soft weight is the best objective first and the fewest prepends second, and
//   soft weight = scale * (score - base) + unused steps,  0 <= unused steps < scale,
// where score is ObjectiveEvaluator::score (larger is better). A bound on the soft weight is
// therefore a bound on the score: score <= base + floor(weight / scale).
//   satisfied: a group at target is worth its weight; the groups of a conflict clique
//              (conflict_cliques.h) are at most one at a time (hard at-most-one).
//   latency:   a group is worth w * step for every latency level it does not reach.
//   p90:       the threshold is order-encoded (threshold >= v_i, one literal per level
//              v_i any group or constant client can have); each level not reached is worth
//              v_i - v_(i-1), and groups whose latency is <= the threshold must carry 90%
//              of the weight (a hard linear sum).
#pragma once

#include <z3++.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anycast/client_constraints.h"
#include "anycast/objective.h"
#include "anycast/route_encoding.h"

namespace routefix::anycast {

struct SoftTerm {
  z3::expr formula;
  __int128 weight = 0;
};

struct PrependProblem {
  explicit PrependProblem(z3::context& ctx) : hard(ctx) {}
  z3::expr_vector hard;
  std::vector<SoftTerm> soft;
  // Satisfied: soft[i] for i < groups is group i's "at target"; the cliques over them.
  std::vector<std::vector<size_t>> cliques;
  __int128 scale = 1;
  __int128 base = 0;
  // Satisfied under lowest-id with a leader condition for every group and pinned entry:
  // the formulas bound prepend differences only (satisfied_weight_search.h applies).
  bool leader_conditions = false;

  // The score a soft weight stands for, rounded down (a bound stays a bound).
  __int128 scoreBound(__int128 soft_weight) const;
  // The largest soft weight the cliques allow: every term true, each clique its heaviest member.
  __int128 softWeightBound() const;
};

// Decimal digits of a weight (Z3 takes large soft weights and numerals as text).
std::string decimalText(__int128 value);

// nullopt: some pinned client group is constant and off its target (infeasible). Call after
// `constraints` was built from `enc`; adds the encoding's definitions last, once every
// formula that needs one exists.
std::optional<PrependProblem> buildPrependProblem(RouteEncoding& enc, const ClientConstraints& constraints,
                                                  const ClientConstraintBuilder& classes,
                                                  const ObjectiveEvaluator& eval,
                                                  const std::vector<ClientGroup>& clients,
                                                  const std::vector<int>& caps, bool lowest_id);

}  // namespace routefix::anycast
