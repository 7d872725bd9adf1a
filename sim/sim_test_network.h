// Test-only helpers to build model::Network objects by hand, so each semantic rule of the
// simulator can be pinned without a parser: routers, addressed interfaces, links, BGP
// neighbors and permit-all policies.
#pragma once

#include <algorithm>
#include <string>

#include "model/network.h"
#include "sim/dataplane.h"

namespace routefix::sim::testing {

using namespace routefix::model;

class NetworkBuilder {
 public:
  Device& router(const std::string& name, Vendor vendor = Vendor::Frr) {
    Device d;
    d.name = name;
    d.vendor = vendor;
    d.defaults = VendorDefaults::forVendor(vendor);
    net_.devices.push_back(std::move(d));
    return net_.devices.back();
  }
  Device& dev(const std::string& name) { return *net_.findDevice(name); }

  Interface& iface(const std::string& node, const std::string& name, const std::string& cidr) {
    auto& d = dev(node);
    Interface i;
    i.name = name;
    auto p = Prefix::parse(cidr);
    auto slash = cidr.find('/');
    i.address = InterfaceAddress{*Ipv4::parse(cidr.substr(0, slash)), p->length, {}};
    d.interfaces.push_back(i);
    return d.interfaces.back();
  }

  // Two routers joined on a fresh /30: a gets .1, b gets .2 (interfaces named after the peer).
  void link(const std::string& a, const std::string& b, const std::string& subnet30) {
    auto base = Prefix::parse(subnet30)->address.value;
    iface(a, "to-" + b, Ipv4{base + 1}.str() + "/30");
    iface(b, "to-" + a, Ipv4{base + 2}.str() + "/30");
    net_.links.push_back(Link{a, "to-" + b, b, "to-" + a});
  }

  void addLink(Link l) { net_.links.push_back(std::move(l)); }

  // Adds an IPv6 address ("2001:db8::1/64", "fe80::1/64") to `node`'s interface `name`,
  // creating the interface when it is new.
  Interface& addV6(const std::string& node, const std::string& name, const std::string& cidr) {
    auto& d = dev(node);
    auto* i = const_cast<Interface*>(d.findInterface(name));
    if (!i) {
      d.interfaces.push_back(Interface{});
      i = &d.interfaces.back();
      i->name = name;
    }
    auto parts = IpPrefix::parseInterfaceAddress(cidr);
    i->ipv6_addresses.push_back(Ipv6InterfaceAddress{parts->first, parts->second, parts->first.isLinkLocal(), false, {}});
    return *i;
  }

  BgpProcess& bgp(const std::string& node, uint32_t asn) {
    auto& d = dev(node);
    d.bgp.emplace();
    d.bgp->asn = asn;
    d.bgp->ebgp_requires_policy = d.defaults.bgp_ebgp_requires_policy;
    d.bgp->maximum_paths_ebgp = d.defaults.bgp_maximum_paths;
    d.bgp->maximum_paths_ibgp = d.defaults.bgp_maximum_paths;
    d.bgp->import_default = d.defaults.bgp_import_default;
    d.bgp->export_default = d.defaults.bgp_export_default;
    d.bgp->advertise_inactive = d.defaults.bgp_advertise_inactive;
    d.bgp->redistribute_internal = d.defaults.bgp_redistribute_internal;
    return *d.bgp;
  }

  BgpNeighbor& neighbor(const std::string& node, const std::string& ip, uint32_t remoteAs) {
    auto& d = dev(node);
    BgpNeighbor n;
    n.id = ip;
    n.address = Ipv4::parse(ip);
    n.remote_as = remoteAs;
    n.send_community = n.send_community_extended = n.send_community_large = d.defaults.bgp_send_community;
    d.bgp->neighbors.push_back(n);
    return d.bgp->neighbors.back();
  }

  // eBGP both ways over an existing link, with permit-all policies both ways.
  void ebgp(const std::string& a, const std::string& b) {
    auto ia = dev(a).findInterface("to-" + b)->address->address;
    auto ib = dev(b).findInterface("to-" + a)->address->address;
    auto& na = neighbor(a, ib.str(), dev(b).bgp->asn);
    auto& nb = neighbor(b, ia.str(), dev(a).bgp->asn);
    for (auto* n : {&na, &nb}) {
      n->import_policies = {"ALL"};
      n->export_policies = {"ALL"};
    }
    permitAll(a);
    permitAll(b);
  }

  // OSPF area 0 on `node`'s interface towards `peer` (as `link` named it).
  void ospfTowards(const std::string& node, const std::string& peer) {
    auto& d = dev(node);
    if (!d.ospf) d.ospf.emplace();
    for (auto& i : d.interfaces)
      if (i.name == "to-" + peer) i.ospf_area = 0;
  }

  // A route-map of one clause that permits everything, applying `sets`.
  void permitAll(const std::string& node, const std::string& name = "ALL", std::vector<PolicySet> sets = {}) {
    RoutePolicy p;
    p.name = name;
    PolicyClause c;
    c.seq = 10;
    c.sets = std::move(sets);
    p.clauses.push_back(c);
    dev(node).route_policies[name] = p;
  }

  void network(const std::string& node, const std::string& prefix) {
    dev(node).bgp->networks.push_back(BgpNetwork{*Prefix::parse(prefix), "", {}});
  }

  Network build() {
    std::sort(net_.devices.begin(), net_.devices.end(),
              [](const Device& x, const Device& y) { return x.name < y.name; });
    return net_;
  }

 private:
  Network net_;
};

// r1 (65001) - r2 (65002) - r3 (65003), eBGP with permit-all policies; r1 originates
// 10.1.0.0/24 from a LAN.
inline NetworkBuilder ebgpChain(Vendor vendor = Vendor::Frr) {
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3"}) b.router(n, vendor);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r2", "r3", "10.0.23.0/30");
  b.iface("r1", "lan", "10.1.0.1/24");
  b.bgp("r1", 65001);
  b.bgp("r2", 65002);
  b.bgp("r3", 65003);
  b.ebgp("r1", "r2");
  b.ebgp("r2", "r3");
  b.network("r1", "10.1.0.0/24");
  return b;
}

inline const Route* routeAt(const DataPlane& dp, const std::string& node, const std::string& prefix) {
  auto it = dp.ribs.find(node);
  if (it == dp.ribs.end()) return nullptr;
  return it->second.exact(*Prefix::parse(prefix));
}

// The route to `prefix` in the table of VRF `vrf` of `node`, if any.
inline const Route* vrfRoute(const DataPlane& dp, const std::string& node, const std::string& vrf,
                             const std::string& prefix) {
  auto n = dp.vrf_ribs.find(node);
  if (n == dp.vrf_ribs.end()) return nullptr;
  auto v = n->second.find(vrf);
  return v == n->second.end() ? nullptr : v->second.exact(*Prefix::parse(prefix));
}

inline std::vector<std::string> nextHopNodes(const Route& r) {
  std::vector<std::string> out;
  for (const auto& nh : r.next_hops) out.push_back(nh.node);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace routefix::sim::testing
