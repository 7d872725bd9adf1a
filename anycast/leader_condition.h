// "The client's lowest-id winner is at its target" as difference constraints between
// prepends. The winner is the first tied session in the client's tie-break order
// (tie_break_order.h), so the client is at its target exactly when some target session s
// leads every other candidate t: p_s + D(s) < p_t + D(t), or <= when s comes first in the
// order. Target candidates need no bound (if one of them leads, the first tied session is a
// target), nor do sessions that are never among the best within the caps. So the condition
// is an OR over the target sessions of ANDs of bounds p_s - p_t <= k, with k between -cap_t
// and cap_s - 1 (a larger k always holds; a smaller one never, which drops the disjunct).
// The same bounds recur across clients, so Z3 sees shared literals, and two conditions that
// bound the same pair from both sides with no room between them exclude each other: the
// optimiser turns such conflicts into at-most-one constraints (conflict_cliques.h).
#pragma once

#include <cstddef>
#include <vector>

#include "anycast/deployment.h"
#include "anycast/route_model.h"

namespace routefix::anycast {

struct LeadBound {
  size_t session = 0;  // t
  int max_lead = 0;    // p_leader - p_t <= max_lead

  bool operator==(const LeadBound&) const = default;
};

struct LeaderDisjunct {
  size_t leader = 0;
  std::vector<LeadBound> bounds;  // ascending by session

  bool operator==(const LeaderDisjunct&) const = default;
  // The bound on `session`, if any.
  const LeadBound* boundOn(size_t session) const;
};

// Disjuncts ascending by leader; empty = never at the target.
using LeaderCondition = std::vector<LeaderDisjunct>;

// v's condition for being at `target`. `order` is v's tie-break order over its candidate
// sessions (those that can be among its best within `caps`).
LeaderCondition leaderCondition(const RouteModel& model, const Deployment& deployment, const std::vector<int>& caps,
                                AsIndex v, const std::vector<size_t>& order, size_t target);

// Whether prepend vector p satisfies the disjunct / the condition.
bool holdsUnder(const LeaderDisjunct& d, const PrependVector& p);
bool holdsUnder(const LeaderCondition& c, const PrependVector& p);

// True when no prepend vector satisfies both conditions: every pair of disjuncts bounds
// its two leaders against each other with no room between (a sufficient test).
bool excludeEachOther(const LeaderCondition& a, const LeaderCondition& b);

}  // namespace routefix::anycast
