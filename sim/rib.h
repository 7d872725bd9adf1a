// Building blocks for a node's routing table: admin-distance selection, longest-prefix
// match with filters, recursive next-hop resolution, and the connected/local/static routes.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "sim/dataplane.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

// Per prefix, the candidates with the lowest admin distance (ties: the lower protocol
// enum, so connected beats static beats OSPF beats BGP at equal distance, then the earlier
// candidate). The candidates count as listed from `first` to the end, then from the start to
// `first`: a caller can append routes that should come first without moving the others.
// The table keeps the candidates' storage.
NodeRib selectInstalled(std::vector<Route> candidates, size_t first = 0);

const Route* longestMatchWhere(const NodeRib& rib, Ipv4 address,
                               const std::function<bool(const Route&)>& usable);

// How a next-hop address is reached from a node: the forwarding next hops and the metric
// of the route used (the "IGP cost" BGP compares).
struct Resolution {
  NextHops next_hops;  // sorted, shared by the routes that use this resolution
  uint32_t metric = 0;
  bool connected = false;  // the address is on a directly connected subnet
};

// Resolves `address` in `rib` (recursively through the route's own next hops). FRR does not
// resolve through the default route (`ip nht resolve-via-default` is off), IOS does.
// `excluded` is a prefix that may not be used (a static route never resolves via itself).
std::optional<Resolution> resolveNextHop(const Topology& topo, uint32_t node, const NodeRib& rib,
                                         Ipv4 address, std::optional<Prefix> excluded = {});

void sortNextHops(std::vector<NextHop>& hops);

// Connected subnets of up interfaces; for IOS and Junos also the /32 local route of each
// address (FRR 8.4 lists no local routes).
std::vector<Route> connectedRoutes(const Topology& topo, uint32_t node);
// Static routes of the node whose next hop resolves in `rib`.
std::vector<Route> staticRoutes(const Topology& topo, uint32_t node, const NodeRib& rib);

}  // namespace routefix::sim::detail
