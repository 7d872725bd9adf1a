#include "sim/vrf_instances.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace routefix::sim::detail {

std::string vrfInstanceName(const std::string& device, const std::string& vrf) {
  return device + " vrf " + vrf;
}

NodeVrf nodeVrf(std::string_view node) {
  constexpr std::string_view kSeparator = " vrf ";
  auto at = node.find(kSeparator);
  if (at == std::string_view::npos) return {node, {}};
  return {node.substr(0, at), node.substr(at + kSeparator.size())};
}

namespace {

// The VRFs a device routes in besides its default one: those it defines and those its
// interfaces name (a model built without the parser may only name them).
std::set<std::string> namedVrfs(const model::Device& d) {
  std::set<std::string> names;
  for (const auto& [name, vrf] : d.vrfs) names.insert(name);
  for (const auto& i : d.interfaces)
    if (!i.vrf.empty()) names.insert(i.vrf);
  return names;
}

model::Device instanceOf(const model::Device& d, const std::string& vrfName) {
  model::Device out;
  out.name = vrfInstanceName(d.name, vrfName);
  out.vendor = d.vendor;
  out.files = d.files;
  out.hostname_span = d.hostname_span;
  out.defaults = d.defaults;
  for (const auto& i : d.interfaces) {
    if (i.vrf != vrfName) continue;
    model::Interface& copy = out.interfaces.emplace_back(i);
    copy.vrf.clear();  // routes in the instance
  }
  if (auto v = d.vrfs.find(vrfName); v != d.vrfs.end()) {
    out.static_routes = v->second.static_routes;
    out.ospf = v->second.ospf;
    out.eigrp = v->second.eigrp;
    out.bgp = v->second.bgp;
    // IOS redistributes a VRF's iBGP routes (those a remote PE or another VRF sent) into the
    // VRF's IGP without `bgp redistribute-internal`: that is how PE-CE OSPF / EIGRP carry the
    // other sites' routes.
    if (out.bgp && d.vendor == model::Vendor::Ios) out.bgp->redistribute_internal = true;
  }
  out.prefix_lists = d.prefix_lists;
  out.community_lists = d.community_lists;
  out.ext_community_lists = d.ext_community_lists;
  out.large_community_lists = d.large_community_lists;
  out.as_path_lists = d.as_path_lists;
  out.access_lists = d.access_lists;
  out.route_policies = d.route_policies;
  return out;
}

}  // namespace

VrfInstances::VrfInstances(const model::Network& snapshot) : snapshot_(snapshot) {
  std::vector<model::Device> added;
  for (const auto& d : snapshot.devices)
    for (const auto& name : namedVrfs(d)) {
      added.push_back(instanceOf(d, name));
      instances_[added.back().name] = {d.name, name};
    }
  if (added.empty()) return;
  auto expanded = std::make_shared<model::Network>(snapshot);
  for (auto& d : added) expanded->devices.push_back(std::move(d));
  for (auto& link : expanded->links) link = repoint(link);
  // A route from outside arrives over the session to its peer: the VRF's, when the peer is
  // a neighbor there and not in the default VRF.
  for (auto& e : expanded->externals) {
    const model::Device* d = snapshot.findDevice(e.node);
    if (!d || (d->bgp && d->bgp->findNeighbor(e.peer))) continue;
    for (const auto& [name, vrf] : d->vrfs)
      if (vrf.bgp && vrf.bgp->findNeighbor(e.peer)) {
        e.node = vrfInstanceName(d->name, name);
        break;
      }
  }
  expanded_ = std::move(expanded);
}

model::Link VrfInstances::repoint(const model::Link& link) const {
  auto end = [&](const std::string& node, const std::string& interface) {
    const model::Device* d = snapshot_.findDevice(node);
    const model::Interface* i = d ? d->findInterface(interface) : nullptr;
    return i && !i->vrf.empty() ? vrfInstanceName(d->name, i->vrf) : node;
  };
  return {end(link.a, link.a_interface), link.a_interface, end(link.b, link.b_interface), link.b_interface};
}

SimulationOptions VrfInstances::options(const SimulationOptions& snapshotOptions) const {
  if (!expanded_) return snapshotOptions;
  SimulationOptions out = snapshotOptions;
  out.failed_links.clear();
  for (const auto& link : snapshotOptions.failed_links) out.failed_links.insert(repoint(link));
  return out;
}

std::string VrfInstances::deviceOf(const std::string& node) const {
  auto it = instances_.find(node);
  return it == instances_.end() ? node : it->second.first;
}

void VrfInstances::nameDevices(NodeRib& rib) const {
  auto named = [&](const NextHops& hops) {
    return std::any_of(hops.begin(), hops.end(), [&](const NextHop& h) { return instances_.count(h.node); });
  };
  if (std::none_of(rib.routes().begin(), rib.routes().end(), [&](const Route& r) {
        return named(r.next_hops) || named(r.protocol_next_hops) || instances_.count(*r.received_from);
      }))
    return;
  std::vector<Route> routes = std::move(rib).release();
  for (auto& r : routes) {
    if (named(r.next_hops))
      for (auto& h : r.next_hops) h.node = deviceOf(h.node);
    if (named(r.protocol_next_hops))
      for (auto& h : r.protocol_next_hops) h.node = deviceOf(h.node);
    if (instances_.count(*r.received_from)) r.received_from = deviceOf(*r.received_from);
  }
  rib = NodeRib(std::move(routes));
}

void VrfInstances::fold(DataPlane& dp) const {
  if (!expanded_) return;
  // Routes name the device a next hop or a BGP path came from, as they always have; which
  // VRF on it is the table's business.
  for (auto& [node, rib] : dp.ribs) nameDevices(rib);
  for (const auto& [instance, owner] : instances_) {
    auto rib = dp.ribs.find(instance);
    if (rib == dp.ribs.end()) continue;
    dp.vrf_ribs[owner.first][owner.second] = std::move(rib->second);
    dp.ribs.erase(rib);
  }
  auto rename = [&](std::string& node, std::string& vrf) {
    if (auto it = instances_.find(node); it != instances_.end()) std::tie(node, vrf) = it->second;
  };
  for (auto& s : dp.sessions) {
    rename(s.node, s.vrf);
    rename(s.peer_node, s.peer_vrf);
  }
  dp.simulated_network = expanded_;
}

}  // namespace routefix::sim::detail
