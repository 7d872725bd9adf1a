// One forwarding decision, shared by trace() (which enumerates paths) and
// ForwardingOutcomes (which summarises them per node): where a packet goes from a node over
// one ECMP next hop of its route, and the ACL checks on the way.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "sim/dataplane.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

// The topology `dataPlane` was simulated on, or one built for `options` when it has none
// (or belongs to another network).
std::shared_ptr<const Topology> topologyFor(const model::Network& network, const DataPlane& dataPlane,
                                            const SimulationOptions& options);

// Route-map-free packet filter check: the trace packet is plain IP, so entries for tcp/udp
// ports never match it. An ACL that is referenced but not defined permits (IOS behaviour).
bool aclPermits(const model::Device& d, const std::string& name, Ipv4 src, Ipv4 dst);

// The source address a packet from `node` to `to` carries: the address of the egress
// interface of the node's route (0.0.0.0 without one).
Ipv4 packetSource(const Topology& topo, const DataPlane& dp, uint32_t node, Ipv4 to);

// The route `node` forwards `to` with (nullptr: none, or one without next hops).
const Route* forwardingRoute(const Topology& topo, const DataPlane& dp, uint32_t node, Ipv4 to);

struct ForwardingStep {
  // Terminal: the packet ends at `at` with `outcome` (null route, filtered, delivered to a
  // host on a connected subnet, exited to an external peer). Otherwise it arrives at `next`.
  std::optional<TraceOutcome> outcome;
  uint32_t at = kNone;
  std::optional<InterfaceRef> next;
};

// What happens to a packet (source `src`, destination `to`) that node `x` sends over next hop
// `nh` of route `r`.
ForwardingStep forwardOver(const Topology& topo, uint32_t x, const Route& r, const NextHop& nh,
                           Ipv4 src, Ipv4 to);

// VPNv4 (a VRF route resolved in the default VRF, sim/vrf_leaks.h appendVpnPeerings): the
// packet is label-switched along the core's routes towards the route's BGP next hop, the
// remote PE, and looked up there in the VRF that exported the route. Labels themselves are
// abstracted: the core forwards towards `endpoint` (its ACLs judge that address), and on
// arrival at `endpoint`'s owner the packet continues at `egress`.
struct VpnTunnel {
  uint32_t ingress = kNone;  // the node forwarding towards the endpoint: the PE's default VRF
  Ipv4 endpoint;
  uint32_t egress = kNone;   // the remote PE's exporting VRF instance
};
// The tunnel when `node`, a VRF instance, forwards `to` by route `r` over the VPN; none else
// (also when no VRF of the remote PE exporting to this one has a route for `to`).
std::optional<VpnTunnel> vpnTunnel(const Topology& topo, const DataPlane& dp, uint32_t node, const Route& r, Ipv4 to);

// Whether `node` has the address on an up interface.
inline bool owns(const Topology& topo, uint32_t node, Ipv4 to) { return topo.owns(node, to); }

// The IPv6 twins of the above (issue 16), so that trace() and ForwardingOutcomes walk either
// family with one walk. ACLs are IPv4 packet filters (`ip access-group`; IPv6 ACLs are not
// modelled), so no ACL filters an IPv6 packet and its source address plays no part.
bool owns(const Topology& topo, uint32_t node, const model::IpAddress& to);
const Ipv6Route* forwardingRoute(const Topology& topo, const DataPlane& dp, uint32_t node,
                                 const model::IpAddress& to);
inline model::IpAddress packetSource(const Topology&, const DataPlane&, uint32_t, const model::IpAddress& to) {
  return model::IpAddress{to.family, 0, 0};
}
ForwardingStep forwardOver(const Topology& topo, uint32_t x, const Ipv6Route& r, const Ipv6NextHop& nh,
                           const model::IpAddress& src, const model::IpAddress& to);

}  // namespace routefix::sim::detail
