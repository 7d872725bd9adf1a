// Convergence detection for the FRR lab: reduces one poll of a router (the concatenated output
// of `show ip route json`, `show bgp summary json`, `show ip ospf neighbor json`) to the facts
// that matter for routing, without clocks and counters, so that "unchanged for N seconds"
// means the control plane has settled.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace routefix::lab {

// Splits text holding several top-level JSON objects (plus any non-JSON noise between them,
// such as "% OSPF instance not found") into the parsed objects, in order.
std::vector<nlohmann::json> splitJsonObjects(std::string_view text);

// The stable content of one router poll: routes (protocol, selected, installed, distance,
// metric, next hops), BGP peers (established or not, prefixes received/sent), OSPF
// neighbours (state). Two polls of a settled router give equal results.
nlohmann::json stableRoutingState(std::string_view pollOutput);

// How many OSPF neighbours (not Full or 2-Way, or still flooding LSAs) and BGP sessions of any
// address family (OpenSent, OpenConfirm, or with queued updates) of this poll are on their way somewhere:
// while any is, a quiet spell does not mean settled.
int transientCount(std::string_view pollOutput);

// How many OSPF interfaces of `show ip ospf interface json` (or ospf6d's `show ipv6 ospf6
// interface json`) are still in the Waiting state.
// A broadcast interface waits a dead interval (40 s) before electing a DR, and meanwhile its
// neighbours sit in 2-Way: quiet, but not settled.
int waitingInterfaceCount(std::string_view ospfInterfaceOutput);

// How many prefixes of `show ip bgp json` hold a valid path but no best path: bgpd has taken
// the update in but not yet run its decision process on it (the path's "version" is still 0),
// so the route is about to reach the RIB even though the session counters are quiet.
int undecidedBgpPrefixCount(std::string_view bgpTableOutput);

}  // namespace routefix::lab
