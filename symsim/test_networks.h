// Small hand-built networks for unit tests of the symbolic encoding and of repair: routers,
// point-to-point links with BGP sessions, loopback prefixes, route-maps.
#pragma once

#include <stdexcept>
#include <string>

#include "model/network.h"

namespace routefix::symsim::testing {

inline model::Prefix prefix(const char* text) { return *model::Prefix::parse(text); }
inline model::Ipv4 ip(const char* text) { return *model::Ipv4::parse(text); }

class NetworkBuilder {
 public:
  NetworkBuilder() { net_.devices.reserve(64); }  // references into it stay valid

  model::Device& router(const std::string& name, uint32_t asn,
                        model::Vendor vendor = model::Vendor::Ios) {
    model::Device d;
    d.name = name;
    d.vendor = vendor;
    d.defaults = model::VendorDefaults::forVendor(vendor);
    d.files = {"configs/" + name + ".cfg"};
    d.bgp.emplace();
    d.bgp->asn = asn;
    d.bgp->ebgp_requires_policy = d.defaults.bgp_ebgp_requires_policy;
    net_.devices.push_back(std::move(d));
    return net_.devices.back();
  }
  model::Device& device(const std::string& name) { return *net_.findDevice(name); }

  // An OSPF-only router (no BGP).
  model::Device& ospfRouter(const std::string& name) {
    model::Device d;
    d.name = name;
    d.vendor = model::Vendor::Ios;
    d.defaults = model::VendorDefaults::forVendor(d.vendor);
    d.files = {"configs/" + name + ".cfg"};
    d.ospf.emplace();
    net_.devices.push_back(std::move(d));
    return net_.devices.back();
  }
  // A /30 in OSPF area 0 on the ends that have `inA` / `inB`, with the given cost.
  void ospfLink(const std::string& a, const std::string& b, const char* subnet, uint32_t cost,
                bool inA = true, bool inB = true) {
    model::Prefix p = prefix(subnet);
    addInterface(a, "to-" + b, model::Ipv4{p.address.value + 1}, p.length);
    addInterface(b, "to-" + a, model::Ipv4{p.address.value + 2}, p.length);
    auto& ia = device(a).interfaces.back();
    auto& ib = device(b).interfaces.back();
    ia.ospf_cost = ib.ospf_cost = cost;
    if (inA) ia.ospf_area = 0;
    if (inB) ib.ospf_area = 0;
    net_.links.push_back({a, "to-" + b, b, "to-" + a});
  }
  // A LAN in OSPF on `node`.
  void ospfStub(const std::string& node, const char* subnet) {
    model::Prefix p = prefix(subnet);
    addInterface(node, "lan", model::Ipv4{p.address.value + 1}, p.length);
    device(node).interfaces.back().ospf_area = 0;
  }

  // A /30 between a (.1) and b (.2) with interfaces named after the peer; BGP neighbor
  // statements on both sides unless told otherwise. Returns the neighbor index on a.
  void link(const std::string& a, const std::string& b, const char* subnet, bool sessionA = true,
            bool sessionB = true) {
    model::Prefix p = prefix(subnet);
    model::Ipv4 ipA{p.address.value + 1}, ipB{p.address.value + 2};
    addInterface(a, "to-" + b, ipA, p.length);
    addInterface(b, "to-" + a, ipB, p.length);
    if (sessionA) neighbor(a, ipB, device(b).bgp->asn);
    if (sessionB) neighbor(b, ipA, device(a).bgp->asn);
    net_.links.push_back({a, "to-" + b, b, "to-" + a});
  }
  model::BgpNeighbor& neighbor(const std::string& node, model::Ipv4 address, uint32_t remoteAs) {
    model::BgpNeighbor n;
    n.id = address.str();
    n.address = address;
    n.remote_as = remoteAs;
    auto& list = device(node).bgp->neighbors;
    list.push_back(n);
    return list.back();
  }
  model::BgpNeighbor& neighborTo(const std::string& node, const std::string& peer) {
    for (auto& n : device(node).bgp->neighbors)
      if (device(peer).interfaceFor(*n.address) &&
          device(peer).interfaceFor(*n.address)->address->address == *n.address)
        return n;
    throw std::logic_error("no neighbor " + peer + " on " + node);
  }
  // A loopback carrying `subnet`, announced with a `network` statement when `announce`.
  void originate(const std::string& node, const char* subnet, bool announce = true) {
    model::Prefix p = prefix(subnet);
    addInterface(node, "lo" + std::to_string(device(node).interfaces.size()), p.address, p.length);
    if (announce) device(node).bgp->networks.push_back({p, "", {}});
  }
  model::RoutePolicy& policy(const std::string& node, const std::string& name) {
    auto& p = device(node).route_policies[name];
    p.name = name;
    return p;
  }
  static model::PolicyClause clause(uint32_t seq, model::ClauseAction action) {
    model::PolicyClause c;
    c.seq = seq;
    c.name = std::to_string(seq);
    c.action = action;
    return c;
  }
  static model::PolicySet setLocalPref(uint32_t value) {
    model::PolicySet s;
    s.kind = model::PolicySet::Kind::LocalPref;
    s.value = value;
    return s;
  }
  static model::PolicyMatch matchPrefixList(const std::string& name) {
    model::PolicyMatch m;
    m.kind = model::PolicyMatch::Kind::PrefixList;
    m.names = {name};
    return m;
  }

  model::Network& network() { return net_; }

 private:
  void addInterface(const std::string& node, const std::string& name, model::Ipv4 address,
                    uint8_t length) {
    model::Interface i;
    i.name = name;
    i.address = model::InterfaceAddress{address, length, {}};
    device(node).interfaces.push_back(i);
  }
  model::Network net_;
};

}  // namespace routefix::symsim::testing
