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
// the previous round's EIGRP): what gets redistributed. Returns the EIGRP routes of every
// node, indexed like the devices.
std::vector<std::vector<Route>> computeEigrp(const Topology& topo, const std::vector<NodeRib>& ribs,
                                             std::vector<PolicyEvaluator>& policies);

bool runsEigrp(const Topology& topo);

}  // namespace routefix::sim::detail
