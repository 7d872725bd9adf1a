// EIGRP routes: per AS number, the distance-vector computation DUAL converges to (each
// router's best path is its best neighbour's plus the receiving interface: minimum bandwidth,
// summed delay), with internal routes (the subnets of covered interfaces) preferred to
// external ones (redistributed), and equal-metric paths up to maximum-paths kept.
#pragma once

#include <vector>

#include "sim/dataplane.h"
#include "sim/policy_evaluator.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

// `ribs`: the nodes' routes without this round's EIGRP routes (connected, static, OSPF and
// the previous round's EIGRP): what gets redistributed. `bgp`: per node the BGP routes active
// in its main RIB, for `redistribute bgp` (none before BGP has run). Returns the EIGRP routes
// of every node, indexed like the devices.
std::vector<std::vector<Route>> computeEigrp(const Topology& topo, const std::vector<NodeRib>& ribs,
                                             std::vector<PolicyEvaluator>& policies,
                                             const std::vector<std::vector<Route>>* bgp = nullptr);

// Whether the connected route is the subnet of an interface the device's EIGRP process `asn`
// runs on: IOS redistributes those with the process's own routes (into BGP and other
// processes).
bool coveredByEigrp(const model::Device& d, uint32_t asn, const Route& route);

bool runsEigrp(const Topology& topo);

}  // namespace routefix::sim::detail
