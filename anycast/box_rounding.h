// An incumbent read off a fractional solution over the groups (the conflict-clique LP's y,
// conflict_clique_lp.h): put groups at target one at a time in the LP's order, as long as
// some prepend vector still satisfies all of them. That test is cheap because a leader
// condition's disjunct "p_l - p_t <= k_t for every bounded t" is the union over levels v of
// boxes {p_l <= v, p_t >= v - k_t} (p_l <= v <= p_t + k_t gives the bound; v = p_l gives
// the box), and boxes that meet pairwise meet all together (Helly): the groups kept so far
// are one box, the intersection of their chosen boxes, and a group joins when one of its
// boxes meets it. Of those, the box that leaves the intersection widest is taken.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "anycast/deployment.h"
#include "anycast/leader_condition.h"

namespace routefix::anycast {

struct RoundedVector {
  PrependVector prepends;    // the final box's lowest corner, within the caps
  std::vector<size_t> kept;  // the groups put at target (all hold under `prepends`)
};

// `required` (pinned groups) go first and must all fit (else nullopt; they hold under the
// result too); then `conditions` in the order given by `order`.
std::optional<RoundedVector> roundByBoxes(const std::vector<const LeaderCondition*>& required,
                                          const std::vector<const LeaderCondition*>& conditions,
                                          const std::vector<size_t>& order, const std::vector<int>& caps);

}  // namespace routefix::anycast
