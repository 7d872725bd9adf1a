#include "sim/forwarding_step.h"

#include <algorithm>

#include "semantics/vrf_leaking.h"
#include "sim/vrf_instances.h"

namespace routefix::sim::detail {

std::shared_ptr<const Topology> topologyFor(const model::Network& network, const DataPlane& dataPlane,
                                            const SimulationOptions& options) {
  if (!dataPlane.topology) return std::make_shared<Topology>(network, options);
  // With VRFs the data plane was simulated over VRF instances, whose tables forwarding must
  // read (a VRF interface is no part of the default table); that topology is the only one
  // that has them, and it is the scenario the data plane was computed for.
  if (dataPlane.simulated_network && &dataPlane.topology->network() == dataPlane.simulated_network.get())
    return dataPlane.topology;
  if (&dataPlane.topology->network() == &network && dataPlane.topology->failedLinks() == options.failed_links)
    return dataPlane.topology;
  return std::make_shared<Topology>(network, options);
}

bool aclPermits(const model::Device& d, const std::string& name, Ipv4 src, Ipv4 dst) {
  if (name.empty()) return true;
  auto it = d.access_lists.find(name);
  if (it == d.access_lists.end()) return true;
  for (const auto& e : it->second.entries) {
    if (e.protocol != "ip" && e.protocol != "0") continue;
    if (!e.ports.empty()) continue;
    if (e.source.matches(src) && e.destination.matches(dst)) return e.action == model::Action::Permit;
  }
  return false;
}

const Route* forwardingRoute(const Topology& topo, const DataPlane& dp, uint32_t node, Ipv4 to) {
  auto [device, vrf] = nodeVrf(topo.device(node).name);
  const NodeRib* rib = dp.table(device, vrf);
  if (!rib) return nullptr;
  const Route* r = rib->longestMatch(to);
  return r && !r->next_hops.empty() ? r : nullptr;
}

std::optional<VpnTunnel> vpnTunnel(const Topology& topo, const DataPlane& dp, uint32_t node, const Route& r,
                                  Ipv4 to) {
  auto [device, vrf] = nodeVrf(topo.device(node).name);
  if (vrf.empty() || (r.protocol != Protocol::Ibgp && r.protocol != Protocol::Bgp) ||
      r.protocol_next_hops.empty() || !r.protocol_next_hops.front().ip)
    return std::nullopt;
  // Resolved in the default VRF: it leaves by an interface the VRF instance does not hold.
  const auto& instance = topo.device(node);
  if (std::all_of(r.next_hops.begin(), r.next_hops.end(),
                  [&](const NextHop& nh) { return nh.discard || instance.findInterface(nh.interface); }))
    return std::nullopt;
  auto ingress = topo.nodeIndex(device);
  auto pe = topo.nodeIndex(r.protocol_next_hops.front().node);
  if (!ingress || !pe) return std::nullopt;
  const auto& remote = topo.device(*pe);
  for (const auto& leak : semantics::vpnLeaks(remote, topo.device(*ingress))) {
    if (leak.to != vrf) continue;
    auto egress = topo.nodeIndex(vrfInstanceName(remote.name, leak.from));
    const NodeRib* table = dp.table(remote.name, leak.from);
    if (!egress || !table || !table->longestMatch(to)) continue;
    return VpnTunnel{*ingress, *r.protocol_next_hops.front().ip, *egress};
  }
  return std::nullopt;
}

Ipv4 packetSource(const Topology& topo, const DataPlane& dp, uint32_t node, Ipv4 to) {
  if (const Route* r = forwardingRoute(topo, dp, node, to))
    if (const auto* itf = topo.device(node).findInterface(r->next_hops.front().interface);
        itf && itf->address)
      return itf->address->address;
  return Ipv4{0};
}

namespace {

// Whether `d` announces the discard route's prefix into BGP: a network statement or an
// aggregate for it, or a redistributed static or (Junos) aggregate route. spec.md counts traffic that reaches a node
// originating its destination as delivered there: such a null route anchors an announcement
// (an external network, a site) rather than dropping traffic by mistake.
bool originates(const model::Device& d, const Route& r) {
  if (!d.bgp) return false;
  for (const auto& n : d.bgp->networks)
    if (n.prefix == r.prefix) return true;
  for (const auto& a : d.bgp->aggregates)
    if (a.prefix == r.prefix) return true;
  std::optional<model::RouteSource> source;
  if (r.protocol == Protocol::Static) source = model::RouteSource::Static;
  if (r.protocol == Protocol::Aggregate) source = model::RouteSource::Aggregate;
  for (const auto& redist : d.bgp->redistributions)
    if (redist.source == source) return true;
  return false;
}

}  // namespace

ForwardingStep forwardOver(const Topology& topo, uint32_t x, const Route& r, const NextHop& nh,
                           Ipv4 src, Ipv4 to) {
  const auto& d = topo.device(x);
  if (nh.discard) return {originates(d, r) ? TraceOutcome::Delivered : TraceOutcome::NullRoute, x, {}};
  const auto* egress = d.findInterface(nh.interface);
  if (egress && !aclPermits(d, egress->acl_out, src, to)) return {TraceOutcome::Filtered, x, {}};
  // The next router: the one owning the next-hop address, or, on a connected subnet, the
  // one owning the destination itself.
  Ipv4 target = nh.ip ? *nh.ip : to;
  std::optional<InterfaceRef> next;
  if (egress) {
    InterfaceRef here{x, static_cast<uint32_t>(egress - d.interfaces.data())};
    auto o = topo.owner(target, x);
    const auto& peers = topo.segmentPeers(here);
    if (o && std::find(peers.begin(), peers.end(), *o) != peers.end()) next = o;
    // An interface next hop with a known router behind it (BGP unnumbered: the peer's
    // link-local address; EOS OSPF over an unnumbered link) goes to that router whatever the
    // destination; a next-hop address on another interface of a peer (its loopback, lent to
    // the unnumbered link) goes to that peer.
    for (const auto& p : peers) {
      if (next) break;
      bool named = !nh.ip && !nh.node.empty() && topo.device(p.node).name == nh.node;
      if (named || (nh.ip && o && p.node == o->node)) next = p;
    }
  }
  if (!next) {
    // Nobody in the snapshot: a host on a connected subnet, or an external peer.
    bool connected = r.protocol == Protocol::Connected || r.protocol == Protocol::Local;
    return {connected ? TraceOutcome::Delivered : TraceOutcome::Exited, x, {}};
  }
  const auto& nd = topo.device(next->node);
  if (!aclPermits(nd, nd.interfaces[next->iface].acl_in, src, to))
    return {TraceOutcome::Filtered, next->node, next};
  return {std::nullopt, next->node, next};
}

bool owns(const Topology& topo, uint32_t node, const model::IpAddress& to) {
  for (const auto& i : topo.device(node).interfaces)
    if (!i.shutdown)
      for (const auto& a : i.ipv6_addresses)
        if (a.address == to && !a.eui64) return true;
  return false;
}

const Ipv6Route* forwardingRoute(const Topology& topo, const DataPlane& dp, uint32_t node,
                                 const model::IpAddress& to) {
  auto [device, vrf] = nodeVrf(topo.device(node).name);
  const Ipv6Rib* rib = dp.ipv6Table(device, vrf);
  if (!rib) return nullptr;
  const Ipv6Route* r = rib->longestMatch(to);
  return r && !r->next_hops.empty() ? r : nullptr;
}

namespace {

// originates()'s IPv6 twin: a `network` statement of the IPv6 unicast family for the prefix,
// or a redistributed static there.
bool originates(const model::Device& d, const Ipv6Route& r) {
  if (!d.bgp) return false;
  for (const auto& n : d.bgp->ipv6_networks)
    if (n.prefix == r.prefix) return true;
  for (const auto& redist : d.bgp->ipv6_redistributions)
    if (r.protocol == Protocol::Static && redist.source == model::RouteSource::Static) return true;
  return false;
}

bool hasIpv6Address(const model::Interface& i, const model::IpAddress& a) {
  return std::any_of(i.ipv6_addresses.begin(), i.ipv6_addresses.end(),
                     [&](const model::Ipv6InterfaceAddress& x) { return x.address == a && !x.eui64; });
}

}  // namespace

ForwardingStep forwardOver(const Topology& topo, uint32_t x, const Ipv6Route& r, const Ipv6NextHop& nh,
                           const model::IpAddress&, const model::IpAddress& to) {
  const auto& d = topo.device(x);
  if (nh.discard) return {originates(d, r) ? TraceOutcome::Delivered : TraceOutcome::NullRoute, x, {}};
  const auto* egress = d.findInterface(nh.interface);
  // The next router: the one across the egress interface holding the next-hop address (a
  // link-local one is unique on its link only), else the one holding the destination on a
  // connected subnet, else the device the next hop names (a BGP next hop over link-local).
  model::IpAddress target = nh.ip ? *nh.ip : to;
  std::optional<InterfaceRef> next;
  if (egress) {
    InterfaceRef here{x, static_cast<uint32_t>(egress - d.interfaces.data())};
    const auto& peers = topo.segmentPeers(here);
    for (const auto& p : peers)
      if (!next && hasIpv6Address(topo.interface(p), target)) next = p;
    for (const auto& p : peers)
      if (!next && !nh.node.empty() && topo.device(p.node).name == nh.node) next = p;
  }
  if (!next) {
    bool connected = r.protocol == Protocol::Connected || r.protocol == Protocol::Local;
    return {connected ? TraceOutcome::Delivered : TraceOutcome::Exited, x, {}};
  }
  return {std::nullopt, next->node, next};
}

}  // namespace routefix::sim::detail
