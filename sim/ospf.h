// OSPFv2 routes: per-area shortest paths (Dijkstra over routers and transit-network
// vertices, ECMP kept), inter-area routes through ABRs with `area range` summaries, and
// external routes (E1/E2) from redistribution and default-information originate.
#pragma once

#include <vector>

#include "sim/dataplane.h"
#include "sim/policy_evaluator.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

// `ribs` are the nodes' routes without OSPF (connected, static): what gets redistributed.
// `bgp`, when given: per node the BGP routes active in its main RIB, which `redistribute bgp`
// (Junos: an export policy `from protocol bgp`) takes. Returns the OSPF routes of every node
// (indexed like the devices).
std::vector<std::vector<Route>> computeOspf(const Topology& topo, const std::vector<NodeRib>& ribs,
                                            std::vector<PolicyEvaluator>& policies,
                                            const std::vector<std::vector<Route>>* bgp = nullptr);

}  // namespace routefix::sim::detail
