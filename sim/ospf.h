// OSPF routes: per-area shortest paths (Dijkstra over routers and transit-network
// vertices, ECMP kept), inter-area routes through ABRs with `area range` summaries, and
// external routes (E1/E2) from redistribution and default-information originate.
#pragma once

#include <vector>

#include "sim/dataplane.h"
#include "sim/ipv6_rib.h"
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

// OSPFv3 (issue 16) by the same engine over the IPv6 tables `ribs` (connected and static:
// what gets redistributed; `redistribute bgp` takes nothing yet). Interfaces join by their
// OSPFv3 area (semantics::ospf6Area) in the default VRF of devices that route IPv6; next hops
// are the neighbour's link-local address, named by the interface ("ip": none) and the node.
std::vector<std::vector<Ipv6Route>> computeOspf6(const Topology& topo, const std::vector<Ipv6Rib>& ribs,
                                                 std::vector<PolicyEvaluator>& policies);

// Adds the OSPFv3 routes to `dp.ipv6`'s default-VRF tables (over `dp.topology`).
void addOspf6Routes(DataPlane& dp);

}  // namespace routefix::sim::detail
