// BGP to a fixpoint, one destination prefix at a time (design.md): originations enter at
// their routers, each router runs the decision process over what its peers offer, and every
// change of a best path is exported over the router's sessions (policies, next-hop and
// reflection rules) until nothing changes. Prefixes go from long to short so aggregates see
// all their contributors. A prefix whose best paths keep changing is cut off and reported.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "sim/bgp_attributes.h"
#include "sim/bgp_sessions.h"
#include "sim/policy_evaluator.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

struct BgpOutcome {
  // Per node: best BGP routes to install. A deque: it grows a route per prefix and never
  // moves the routes already there.
  std::vector<std::deque<Route>> routes;
  std::vector<Prefix> oscillating;         // prefixes that did not converge
  std::vector<std::string> warnings;
};

BgpOutcome computeBgp(const Topology& topo, const std::vector<NodeRib>& igpRibs,
                      const BgpSessionSetup& sessions, std::vector<PolicyEvaluator>& policies,
                      AttributeTables& tables);

}  // namespace routefix::sim::detail
