// OSPF (sim/ospf.cpp) is one implementation run for OSPFv2 over the IPv4 tables and for
// OSPFv3 (RFC 5340) over the IPv6 ones: the area graphs, the SPF, ECMP, inter-area summaries,
// area types and externals are the same. What differs is collected here, as the engine's
// template argument: which process and interface settings configure it, the prefixes an
// interface advertises, who may become neighbours, and how a next hop is named. The engine
// names a neighbour's end of a link by a uint32 "gateway": the IPv4 address itself, or for
// OSPFv3 an index into the family's table of interfaces (OSPFv3 forwards to the neighbour's
// link-local address, which the configs do not decide: the next hop is the interface).
#pragma once

#include <optional>
#include <vector>

#include "semantics/config_rules.h"
#include "sim/ipv6_rib.h"
#include "sim/policy_evaluator.h"
#include "sim/redistribution_source.h"
#include "sim/rib.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

// One interface of a router in an OSPF area, as the engine sees it.
template <class Prefix>
struct OspfInterface {
  uint32_t node = 0;
  uint32_t iface = 0;
  uint32_t area = 0;
  bool passive = false;
  bool loopback = false;
  bool point_to_point = false;
  uint32_t cost = 1;
  std::vector<Prefix> prefixes;  // primary first
  uint32_t gateway = 0;          // how neighbours name this end as their next hop (nonzero)
  Ipv4 lsid;                     // a network-LSA's id when this end is the segment's DR
};

struct OspfV2 {
  static constexpr bool kIpv4 = true;
  using Prefix = model::Prefix;
  using Rib = NodeRib;
  using Route = sim::Route;
  using Hop = NextHop;
  using Hops = NextHops;

  const Topology& topo;

  static const std::optional<model::OspfProcess>& process(const model::Device& d) { return d.ospf; }
  static Ipv4 routerId(const model::Device& d) { return semantics::ospfRouterId(d); }
  static Prefix defaultRoute() { return Prefix(Ipv4{0}, 0); }
  static void setPrefix(PolicySubject& s, const Prefix& p) { s.prefix = p; }
  static const std::vector<model::OspfAreaRange>& areaRanges(const model::OspfProcess& p) { return p.area_ranges; }

  std::optional<OspfInterface<Prefix>> interfaceIn(uint32_t node, uint32_t iface) const {
    const auto& d = topo.device(node);
    const auto& itf = d.interfaces[iface];
    auto area = semantics::ospfArea(d, itf);
    if (!area) return std::nullopt;
    auto source = d.sourceAddress(itf);
    OspfInterface<Prefix> o{node, iface, *area, semantics::ospfPassive(d, itf), itf.isLoopback(),
                            itf.ospf_point_to_point, semantics::ospfInterfaceCost(d, itf), {},
                            source->address.value, source->address};
    // An unnumbered interface has no subnet to advertise: the lender advertises its own.
    // A loopback's every address is a host route (FRR: `ip address` twice on lo).
    if (o.loopback) {
      o.prefixes.push_back(Prefix(source->address, 32));
      for (const auto& s : itf.secondary) o.prefixes.push_back(Prefix(s.address, 32));
    } else if (itf.address) {
      o.prefixes.push_back(itf.address->subnet());
      for (const auto& s : itf.secondary) o.prefixes.push_back(s.subnet());
    }
    return o;
  }
  static bool hellosAccepted(const model::Interface& a, const model::Interface& b) {
    return semantics::ospfHellosAccepted(a, b);
  }
  // Whether `redistribute X` takes the route (connected: the vendor's rule on OSPF subnets).
  static bool redistributable(const model::Device& d, const model::Redistribution& r, const Route& route) {
    if (r.source == model::RouteSource::Bgp) return takenFromBgp(d, route);
    if (r.source == model::RouteSource::Ospf || r.source == model::RouteSource::Aggregate) return false;
    if (r.source == model::RouteSource::Connected && !semantics::ospfRedistributesConnected(d, route.prefix))
      return false;
    return takenFromSource(r, route);
  }
  static void setNextHop(PolicySubject& s, const Route& route) {
    if (route.next_hops.empty()) return;
    s.interface = route.next_hops.front().interface;
    if (route.next_hops.front().ip) s.next_hop = *route.next_hops.front().ip;
  }
  Hop nextHop(uint32_t node, uint32_t iface, uint32_t gateway, const Prefix& p) const {
    const auto& d = topo.device(node);
    Ipv4 gw{gateway};
    std::optional<Ipv4> ip = gw;
    if (d.defaults.ospf_route_to_gateway_via_interface && p == Prefix(gw, 32)) ip.reset();
    return Hop{ip, d.interfaces[iface].name, topo.nodeBehind({node, iface}, gw), false};
  }
};

class OspfV3 {
 public:
  static constexpr bool kIpv4 = false;
  using Prefix = model::IpPrefix;
  using Rib = Ipv6Rib;
  using Route = Ipv6Route;
  using Hop = Ipv6NextHop;
  using Hops = Ipv6NextHops;
  // IPv6 area ranges are not parsed yet: an OSPFv3 process has none.
  struct NoAreaRange {
    uint32_t area = 0;
    Prefix prefix;
    bool advertise = true;
    std::optional<uint32_t> cost;
  };

  explicit OspfV3(const Topology& topo) : topo_(topo) {}

  static const std::optional<model::OspfProcess>& process(const model::Device& d) { return d.ospf6; }
  static Ipv4 routerId(const model::Device& d) { return semantics::ospf6RouterId(d); }
  static Prefix defaultRoute() { return Prefix(model::IpAddress::v6(0, 0), 0); }
  static void setPrefix(PolicySubject& s, const Prefix& p) { s.ipv6_prefix = p; }
  static const std::vector<NoAreaRange>& areaRanges(const model::OspfProcess&) {
    static const std::vector<NoAreaRange> none;
    return none;
  }

  std::optional<OspfInterface<Prefix>> interfaceIn(uint32_t node, uint32_t iface);
  // RFC 5340 4.2.2.1: OSPFv3 checks no subnet (neighbours speak from link-local addresses).
  static bool hellosAccepted(const model::Interface&, const model::Interface&) { return true; }
  static bool redistributable(const model::Device& d, const model::Redistribution& r, const Route& route);
  static void setNextHop(PolicySubject& s, const Route& route) {
    if (!route.next_hops.empty()) s.interface = route.next_hops.front().interface;
  }
  Hop nextHop(uint32_t node, uint32_t iface, uint32_t gateway, const Prefix& p) const;

 private:
  const Topology& topo_;
  std::vector<InterfaceRef> gateways_;  // gateway g names gateways_[g - 1]
};

}  // namespace routefix::sim::detail
