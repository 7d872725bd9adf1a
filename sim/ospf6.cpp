// OSPFv3's side of the OSPF engine (sim/ospf_address_family.h) and its stage: the routes it
// adds to the IPv6 tables.
#include <algorithm>

#include "sim/ospf.h"
#include "sim/ospf_address_family.h"
#include "sim/simulation_stages.h"
#include "sim/vrf_instances.h"

namespace routefix::sim::detail {

std::optional<OspfInterface<model::IpPrefix>> OspfV3::interfaceIn(uint32_t node, uint32_t iface) {
  const auto& d = topo_.device(node);
  if (!d.ipv6_unicast_routing || !nodeVrf(d.name).vrf.empty()) return std::nullopt;
  const auto& itf = d.interfaces[iface];
  auto area = semantics::ospf6Area(d, itf);
  if (!area) return std::nullopt;
  gateways_.push_back({node, iface});
  OspfInterface<Prefix> o{node, iface, *area, semantics::ospf6Passive(d, itf), itf.isLoopback(),
                          itf.ospf6.point_to_point, semantics::ospf6InterfaceCost(d, itf), {},
                          static_cast<uint32_t>(gateways_.size()), routerId(d)};
  // Global addresses only (link-local ones are never advertised); a loopback's as host routes
  // (RFC 5340 4.4.3.9, FRR ospf6_interface_connected_route_update).
  for (const auto& a : itf.ipv6_addresses) {
    if (a.link_local || (a.eui64 && o.loopback)) continue;
    Prefix p = o.loopback ? Prefix(a.address, 128) : a.subnet();
    if (std::find(o.prefixes.begin(), o.prefixes.end(), p) == o.prefixes.end()) o.prefixes.push_back(p);
  }
  return o;
}

bool OspfV3::redistributable(const model::Device&, const model::Redistribution& r, const Route& route) {
  if (r.source == model::RouteSource::Ospf || r.source == model::RouteSource::Aggregate) return false;
  return takenFromSource(r, route.protocol);
}

Ipv6NextHop OspfV3::nextHop(uint32_t node, uint32_t iface, uint32_t gateway, const Prefix&) const {
  std::string behind = gateway ? topo_.device(gateways_[gateway - 1].node).name : "";
  return Ipv6NextHop{std::nullopt, topo_.device(node).interfaces[iface].name, std::move(behind), false};
}

void addOspf6Routes(DataPlane& dp) {
  if (!dp.topology) return;
  const Topology& topo = *dp.topology;
  const auto& devices = topo.network().devices;
  if (std::none_of(devices.begin(), devices.end(), [](const model::Device& d) { return d.ospf6.has_value(); }))
    return;
  size_t n = topo.nodeCount();
  std::vector<Ipv6Rib> ribs(n);
  for (uint32_t i = 0; i < n; ++i)
    if (auto it = dp.ipv6.ribs.find(topo.device(i).name); it != dp.ipv6.ribs.end()) ribs[i] = it->second;
  PolicyContext context(topo.network());
  auto routes = computeOspf6(topo, ribs, context.policies);
  for (uint32_t i = 0; i < n; ++i) {
    if (routes[i].empty()) continue;
    std::vector<Ipv6Route> candidates = ribs[i].routes();
    candidates.insert(candidates.end(), routes[i].begin(), routes[i].end());
    dp.ipv6.ribs[topo.device(i).name] = selectIpv6Installed(candidates);
  }
}

}  // namespace routefix::sim::detail
