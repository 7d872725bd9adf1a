#include "parser/ios/device_builder.h"

#include <functional>

#include "model/names.h"

namespace routefix::parser::ios {

DeviceBuilder::DeviceBuilder(model::Vendor dialect) {
  device_.vendor = dialect;
  device_.defaults = model::VendorDefaults::forVendor(dialect);
  device_.ipv6_unicast_routing = device_.defaults.ipv6_unicast_routing;
}

void DeviceBuilder::warn(const std::string& file, int line, const std::string& text,
                         const std::string& message) {
  warnings_.push_back({file, line, text, message});
}

model::Interface& DeviceBuilder::interface(const std::string& name, const model::SourceSpan& span) {
  auto [at, added] = interface_index_.try_emplace(name, device_.interfaces.size());
  if (!added) return device_.interfaces[at->second];
  model::Interface& i = device_.interfaces.emplace_back();
  i.name = name;
  i.span = span;
  if (device_.defaults.ethernet_shutdown_by_default) {
    std::string lower = model::lowercase(name);
    i.shutdown = lower.rfind("ethernet", 0) == 0 || lower.rfind("vlan", 0) == 0;
  }
  return i;
}

namespace {
// A BGP process with the vendor's defaults for what its config leaves out.
void applyBgpDefaults(model::BgpProcess& p, const model::VendorDefaults& defaults, bool frrDatacenter) {
  p.ebgp_requires_policy = defaults.bgp_ebgp_requires_policy;
  p.import_default = defaults.bgp_import_default;
  p.export_default = defaults.bgp_export_default;
  p.deterministic_med = frrDatacenter;
  p.maximum_paths_ebgp = defaults.bgp_maximum_paths;
  p.maximum_paths_ibgp = defaults.bgp_maximum_paths;
  p.as_path_multipath_relax = defaults.bgp_multipath_relax;
  p.default_ipv4_unicast = defaults.bgp_default_ipv4_unicast;
  p.advertise_inactive = defaults.bgp_advertise_inactive;
  p.redistribute_internal = defaults.bgp_redistribute_internal;
}
}  // namespace

model::BgpProcess& DeviceBuilder::bgp(uint32_t asn, const model::SourceSpan& span) {
  if (!device_.bgp) {
    model::BgpProcess& p = device_.bgp.emplace();
    p.asn = asn;
    p.span = span;
    applyBgpDefaults(p, device_.defaults, frr_datacenter_);
  }
  bgp_target_ = &*device_.bgp;
  return *device_.bgp;
}

model::Vrf& DeviceBuilder::vrf(const std::string& name, const model::SourceSpan& span) {
  auto [it, added] = device_.vrfs.try_emplace(name);
  if (added) {
    it->second.name = name;
    it->second.span = span;
  }
  return it->second;
}

model::BgpProcess& DeviceBuilder::vrfBgp(const std::string& vrfName, uint32_t asn, const model::SourceSpan& span) {
  model::Vrf& v = vrf(vrfName, span);
  if (!v.bgp) {
    model::BgpProcess& p = v.bgp.emplace();
    if (device_.bgp && device_.vendor != model::Vendor::Frr) {
      // IOS, EOS and NX-OS: the VRF's instance runs under the device's `router bgp` and
      // takes its process-wide settings (router-id, bestpath, defaults); what the VRF block
      // configures comes on top.
      p = *device_.bgp;
      p.neighbors.clear();
      p.networks.clear();
      p.redistributions.clear();
      p.aggregates.clear();
    } else {
      applyBgpDefaults(p, device_.defaults, frr_datacenter_);
    }
    p.asn = asn;
    p.span = span;
  }
  bgp_target_ = &*v.bgp;
  return *v.bgp;
}

model::OspfProcess& DeviceBuilder::openOspf(std::optional<model::OspfProcess>& slot, uint32_t processId,
                                            const model::SourceSpan& span) {
  if (!slot) {
    model::OspfProcess& p = slot.emplace();
    p.process_id = processId;
    p.span = span;
    p.reference_bandwidth_mbps = device_.defaults.ospf_reference_bandwidth_mbps;
  }
  ospf_target_ = &*slot;
  return *slot;
}

model::OspfProcess& DeviceBuilder::ospf(uint32_t processId, const model::SourceSpan& span) {
  return openOspf(device_.ospf, processId, span);
}

model::OspfProcess& DeviceBuilder::ospf6(uint32_t processId, const model::SourceSpan& span) {
  return openOspf(device_.ospf6, processId, span);
}

model::OspfProcess& DeviceBuilder::vrfOspf(const std::string& vrfName, uint32_t processId,
                                           const model::SourceSpan& span) {
  return openOspf(vrf(vrfName, span).ospf, processId, span);
}

void DeviceBuilder::useFrrDatacenterDefaults() {
  frr_datacenter_ = true;
  device_.defaults.bgp_ebgp_requires_policy = false;
  if (device_.bgp) {
    device_.bgp->ebgp_requires_policy = false;
    device_.bgp->deterministic_med = true;
  }
}

model::BgpNeighbor* DeviceBuilder::findNeighbor(const std::string& id) {
  if (!bgp_target_) return nullptr;
  for (auto& n : bgp_target_->neighbors)
    if (n.id == id) return &n;
  return nullptr;
}

model::BgpNeighbor& DeviceBuilder::addNeighbor(const std::string& id) {
  model::BgpNeighbor& n = bgp_target_->neighbors.emplace_back();
  n.id = id;
  // Vendors that send communities by default (FRR) send every kind: extended and large too.
  n.send_community = n.send_community_extended = n.send_community_large =
      device_.defaults.bgp_send_community;
  if (auto ip = model::Ipv4::parse(id))
    n.address = *ip;
  else if (auto ip6 = model::IpAddress::parseV6(id))
    n.ipv6_address = *ip6;
  return n;
}

model::BgpNeighbor* DeviceBuilder::findPeerGroup(const std::string& name) {
  auto it = peer_groups_.find(name);
  return it == peer_groups_.end() ? nullptr : &it->second;
}

model::BgpNeighbor& DeviceBuilder::addPeerGroup(const std::string& name) {
  model::BgpNeighbor& g = peer_groups_[name];
  g.id = name;
  g.send_community = g.send_community_extended = g.send_community_large =
      device_.defaults.bgp_send_community;
  return g;
}

namespace {
// Moves the structures a file defines first into the device's map; `kind` prefixes the key.
template <typename T>
void adopt(const std::string& kind, std::map<std::string, T>& from, std::map<std::string, T>& to,
           const std::map<std::string, bool>& fresh) {
  for (auto& [name, structure] : from) {
    auto it = fresh.find(kind + " " + name);
    if (it == fresh.end() || it->second) to[name] = std::move(structure);
  }
}
}  // namespace

void DeviceBuilder::addStructures(const std::string& file, FileStructures&& s) {
  std::map<std::string, bool> fresh;
  for (auto& [key, statements] : s.statements) {
    auto it = definitions_.find(key);
    if (it == definitions_.end()) {
      definitions_[key] = {file, s.first_line[key], statements};
      fresh[key] = true;
      continue;
    }
    fresh[key] = false;
    if (it->second.statements != statements)
      warn(file, s.first_line[key], statements.front(),
           key + " differs from its definition at " + it->second.file + ":" +
               std::to_string(it->second.line) + "; that one is used");
  }
  adopt("prefix-list", s.prefix_lists, device_.prefix_lists, fresh);
  adopt("ipv6 prefix-list", s.ipv6_prefix_lists, device_.ipv6_prefix_lists, fresh);
  adopt("community-list", s.community_lists, device_.community_lists, fresh);
  adopt("extcommunity-list", s.ext_community_lists, device_.ext_community_lists, fresh);
  adopt("large-community-list", s.large_community_lists, device_.large_community_lists, fresh);
  adopt("as-path access-list", s.as_path_lists, device_.as_path_lists, fresh);
  adopt("access-list", s.access_lists, device_.access_lists, fresh);
  adopt("route-map", s.route_policies, device_.route_policies, fresh);
}

namespace {

// The settings an address family has of its own, by keyword: a BgpNeighbor (IPv4 unicast) or
// its BgpNeighborIpv6 (the same field names).
template <class Settings>
bool copyFamilySetting(const std::string& keyword, const Settings& g, Settings& n) {
  using Copy = std::function<void(const Settings&, Settings&)>;
  static const std::map<std::string, Copy> copies = {
      {"next-hop-self", [](auto& g, auto& n) {
         n.next_hop_self = g.next_hop_self;
         n.next_hop_self_force = g.next_hop_self_force;
       }},
      {"route-reflector-client",
       [](auto& g, auto& n) { n.route_reflector_client = g.route_reflector_client; }},
      {"activate", [](auto& g, auto& n) { n.activate = g.activate; }},
      {"route-map in", [](auto& g, auto& n) { n.import_policies = g.import_policies; }},
      {"route-map out", [](auto& g, auto& n) { n.export_policies = g.export_policies; }},
      {"prefix-list in", [](auto& g, auto& n) { n.prefix_list_in = g.prefix_list_in; }},
      {"prefix-list out", [](auto& g, auto& n) { n.prefix_list_out = g.prefix_list_out; }},
      {"filter-list in", [](auto& g, auto& n) { n.filter_list_in = g.filter_list_in; }},
      {"filter-list out", [](auto& g, auto& n) { n.filter_list_out = g.filter_list_out; }},
  };
  auto it = copies.find(keyword);
  if (it == copies.end()) return false;
  it->second(g, n);
  return true;
}

}  // namespace

void inheritSetting(const std::string& keyword, const model::BgpNeighbor& g, model::BgpNeighbor& n) {
  if (copyFamilySetting(keyword, g, n)) return;
  using Copy = std::function<void(const model::BgpNeighbor&, model::BgpNeighbor&)>;
  static const std::map<std::string, Copy> copies = {
      {"remote-as",
       [](auto& g, auto& n) {
         n.remote_as = g.remote_as;
         n.remote_as_external = g.remote_as_external;
         n.remote_as_internal = g.remote_as_internal;
       }},
      {"description", [](auto& g, auto& n) { n.description = g.description; }},
      {"update-source", [](auto& g, auto& n) { n.update_source = g.update_source; }},
      {"send-community",
       [](auto& g, auto& n) {
         n.send_community = g.send_community;
         n.send_community_extended = g.send_community_extended;
         n.send_community_large = g.send_community_large;
       }},
      {"ebgp-multihop", [](auto& g, auto& n) { n.ebgp_multihop = g.ebgp_multihop; }},
      {"shutdown", [](auto& g, auto& n) { n.shutdown = g.shutdown; }},
      {"vpnv4 activate", [](auto& g, auto& n) { n.vpnv4 = g.vpnv4; }},
      {"default-originate",
       [](auto& g, auto& n) {
         n.default_originate = g.default_originate;
         n.default_originate_route_map = g.default_originate_route_map;
       }},
      {"allowas-in", [](auto& g, auto& n) { n.allowas_in = g.allowas_in; }},
      {"weight", [](auto& g, auto& n) { n.weight = g.weight; }},
      {"local-as",
       [](auto& g, auto& n) {
         n.local_as = g.local_as;
         n.local_as_no_prepend = g.local_as_no_prepend;
         n.local_as_replace_as = g.local_as_replace_as;
       }},
      {"remove-private-as",
       [](auto& g, auto& n) {
         n.remove_private_as = g.remove_private_as;
         n.remove_private_as_all = g.remove_private_as_all;
         n.remove_private_as_replace = g.remove_private_as_replace;
       }},
      {"as-override", [](auto& g, auto& n) { n.as_override = g.as_override; }},
      {"passive", [](auto& g, auto& n) { n.passive = g.passive; }},
      {"local-role",
       [](auto& g, auto& n) {
         n.local_role = g.local_role;
         n.role_strict = g.role_strict;
       }},
      {"addpath-tx",
       [](auto& g, auto& n) {
         n.add_path.tx_all = g.add_path.tx_all;
         n.add_path.tx_best_per_as = g.add_path.tx_best_per_as;
         n.add_path.tx_best = g.add_path.tx_best;
       }},
      {"additional-paths",
       [](auto& g, auto& n) {
         n.add_path.send = g.add_path.send;
         n.add_path.receive = g.add_path.receive;
       }},
      {"advertise-map", [](auto& g, auto& n) { n.conditional_advertisement = g.conditional_advertisement; }},
  };
  auto it = copies.find(keyword);
  if (it != copies.end()) it->second(g, n);
}

void inheritIpv6Settings(const model::BgpNeighborIpv6& g, model::BgpNeighborIpv6& n) {
  for (const auto& [keyword, span] : g.statement_spans) {
    if (n.statement_spans.count(keyword)) continue;
    copyFamilySetting(keyword, g, n);
    n.statement_spans[keyword] = span;
  }
}

void DeviceBuilder::markTunnelsWithSourceDown() {
  for (auto& tunnel : device_.interfaces) {
    if (tunnel.tunnel_source.empty()) continue;
    const model::Interface* source = nullptr;
    if (auto address = model::Ipv4::parse(tunnel.tunnel_source)) {
      for (const auto& i : device_.interfaces) {
        bool owns = i.address && i.address->address == *address;
        for (const auto& s : i.secondary) owns = owns || s.address == *address;
        if (owns) source = &i;
      }
    } else {
      source = device_.findInterface(tunnel.tunnel_source);
    }
    tunnel.tunnel_source_down = !source || source->shutdown || !device_.sourceAddress(*source);
  }
}

void DeviceBuilder::finishNeighbors(model::BgpProcess& bgp) {
  std::vector<model::BgpNeighbor*> members;
  for (auto& n : bgp.neighbors) members.push_back(&n);
  for (auto& r : bgp.listen_ranges) members.push_back(&r.group);
  for (auto* member : members) {
    auto& n = *member;
    if (!n.peer_group.empty()) {
      if (const model::BgpNeighbor* g = findPeerGroup(n.peer_group)) {
        for (const auto& [keyword, span] : g->statement_spans) {
          if (keyword == "peer-group" || n.statement_spans.count(keyword)) continue;
          inheritSetting(keyword, *g, n);
          n.statement_spans[keyword] = span;
        }
      }
    }
    // Without `activate` (own or inherited) a neighbor is in IPv4 unicast only while
    // `bgp default ipv4-unicast` is on, in IPv6 unicast only with `bgp default ipv6-unicast`.
    if (!n.statement_spans.count("activate")) n.activate = bgp.default_ipv4_unicast;
    if (!n.peer_group.empty())
      if (const model::BgpNeighbor* g = findPeerGroup(n.peer_group)) inheritIpv6Settings(g->ipv6, n.ipv6);
    if (!n.ipv6.statement_spans.count("activate")) n.ipv6.activate = bgp.default_ipv6_unicast;
  }
}

DeviceParse DeviceBuilder::finish() {
  // FRR runs on Linux, where the loopback `lo` exists whether or not the config has a stanza
  // for it: a static route out of `lo` is installed either way.
  if (device_.vendor == model::Vendor::Frr && !device_.findInterface("lo"))
    for (const auto& r : device_.static_routes)
      if (model::equalsIgnoreCase(r.interface, "lo")) {
        interface("lo", r.span);
        break;
      }
  markTunnelsWithSourceDown();
  if (device_.bgp) finishNeighbors(*device_.bgp);
  for (auto& [name, v] : device_.vrfs)
    if (v.bgp) finishNeighbors(*v.bgp);
  return DeviceParse{std::move(device_), std::move(warnings_)};
}

}  // namespace routefix::parser::ios
