// The lowest-id tie-break as one fixed order of sessions per AS. An AS takes the winner of
// its lowest-ASN equally good in-neighbour, whose tie set is the AS's own restricted to what
// that neighbour carries (route_model.h), so by induction the winner is the first tied
// session in the order: the sessions each offer carries (in-neighbours by ASN, the origin's
// own announcements under the origin's ASN), in the offering neighbour's own order, skipping
// sessions an earlier offer already placed. This turns "the winner is at the target" into
// difference constraints between prepends (leader_condition.h).
#pragma once

#include <map>
#include <utility>
#include <vector>

#include "anycast/route_model.h"

namespace routefix::anycast {

class TieBreakOrder {
 public:
  TieBreakOrder(const AsGraph& graph, const RouteModel& model) : graph_(graph), model_(model) {}

  // The sessions of `possible` (ascending; each must have a route at v), most preferred first.
  // Only these are followed to the neighbours that carry them, whose distances to them are
  // shorter, so the recursion ends even where provider links form a cycle.
  const std::vector<size_t>& order(AsIndex v, const std::vector<size_t>& possible);

 private:
  const AsGraph& graph_;
  const RouteModel& model_;
  std::map<std::pair<AsIndex, std::vector<size_t>>, std::vector<size_t>> orders_;
};

}  // namespace routefix::anycast
