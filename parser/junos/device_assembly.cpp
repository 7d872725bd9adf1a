// The drafts into the device: interfaces, static routes, OSPF and BGP, with Junos defaults
// made explicit (unit 0 for a bare interface name, interfaces of a routing instance out of
// the master one, lo0 OSPF cost 0, the global router-id
// shared by OSPF and BGP, communities sent to every peer, policy chains that a neighbor
// inherits whole from its group or the global level).
#include <algorithm>
#include <type_traits>
#include <utility>

#include "parser/junos/junos_draft.h"
#include "parser/junos/path_pattern.h"
#include "parser/junos/policy_translation.h"
#include "parser/junos/statement_rules.h"

namespace routefix::parser::junos {

namespace {

void warnAt(JunosDraft& d, const std::string& file, int line, std::string message) {
  SetPath at;
  at.file = file;
  at.line = line;
  d.warn(at, std::move(message));
}

// Media speed by interface type when the configuration gives none.
uint64_t defaultBandwidthKbps(const std::string& name) {
  if (name.rfind("fe-", 0) == 0) return 100'000;
  if (name.rfind("ge-", 0) == 0) return 1'000'000;
  if (name.rfind("xe-", 0) == 0) return 10'000'000;
  if (name.rfind("et-", 0) == 0) return 100'000'000;
  return 0;
}

void assembleInterfaces(JunosDraft& d) {
  for (auto& i : d.device.interfaces) {
    if (auto r = d.interface_instance.find(i.name); r != d.interface_instance.end()) i.vrf = r->second;
    std::string physical = i.name.substr(0, i.name.rfind('.'));
    auto p = d.physical.find(physical);
    if (p != d.physical.end()) {
      if (p->second.disable) i.shutdown = true;
      if (i.description.empty()) i.description = p->second.description;
      if (!i.bandwidth_kbps) i.bandwidth_kbps = p->second.bandwidth_kbps;
    }
    if (!i.bandwidth_kbps) i.bandwidth_kbps = defaultBandwidthKbps(physical);
  }
}

// One draft's routes of one family: an IPv4 draft gives model::StaticRoute (Address Ipv4),
// an inet6.0 one model::Ipv6StaticRoute (Address IpAddress).
template <typename Route, typename Address>
void addStaticRoutes(JunosDraft& d, const StaticRouteDraft& s, std::vector<Route>& out) {
  constexpr bool kIpv4 = std::is_same_v<Address, model::Ipv4>;
  Route base;
  if constexpr (kIpv4) base.prefix = s.prefix.v4();
  else base.prefix = s.prefix;
  base.distance = s.preference.value_or(d.device.defaults.distance_static);
  base.tag = s.tag.value_or(0);
  base.span = s.span;
  const std::string family = kIpv4 ? "IPv4" : "IPv6";
  auto withNextHop = [&](const std::string& hop, std::optional<uint32_t> preference,
                         const std::string& interface, int line) {
    Route r = base;
    if (preference) r.distance = *preference;
    std::optional<Address> address;
    if constexpr (kIpv4) address = model::Ipv4::parse(hop);
    else address = model::IpAddress::parseV6(hop);
    // Digits and dots, or anything with a colon, are an address of some family, never an
    // interface name (those start with a letter).
    bool looksLikeAddress =
        hop.find_first_not_of("0123456789.") == std::string::npos || hop.find(':') != std::string::npos;
    if (address) {
      r.next_hop = *address;
      r.interface = interface;
      if constexpr (!kIpv4) {
        if (address->isLinkLocal() && interface.empty()) {
          warnAt(d, s.span.file, line, "static route " + s.prefix.str() + ": link-local next-hop " + hop +
                                           " without an interface (qualified-next-hop " + hop +
                                           " interface X); next hop ignored");
          return;
        }
      }
    } else if (looksLikeAddress) {
      warnAt(d, s.span.file, line, "static route " + s.prefix.str() + ": next-hop " + hop + " is not an " +
                                       family + " address; next hop ignored");
      return;
    } else {
      r.interface = unitName(hop);
    }
    out.push_back(r);
  };
  if (s.discard) {
    Route r = base;
    r.null_route = true;
    out.push_back(r);
  }
  for (const auto& h : s.next_hops) withNextHop(h.value, std::nullopt, "", h.line);
  for (const auto& q : s.qualified) withNextHop(q.next_hop, q.preference, q.interface, q.line);
  if (!s.discard && s.next_hops.empty() && s.qualified.empty())
    warnAt(d, s.span.file, s.span.first_line,
           "static route " + s.prefix.str() + " has no next-hop, discard or reject");
}

void assembleStaticRoutes(JunosDraft& d) {
  for (const auto& s : d.static_routes) {
    if (s.prefix.family() == model::IpFamily::V4)
      addStaticRoutes<model::StaticRoute, model::Ipv4>(d, s, d.device.static_routes);
    else
      addStaticRoutes<model::Ipv6StaticRoute, model::IpAddress>(d, s, d.device.ipv6_static_routes);
  }
}

std::optional<model::Ipv4> routerId(JunosDraft& d) {
  if (d.router_id) return model::Ipv4::parse(d.router_id->value);
  // Junos falls back to the loopback's address, then the first interface address.
  for (const auto& i : d.device.interfaces) {
    if (!i.isLoopback() || !i.address) continue;
    std::vector<model::InterfaceAddress> all{*i.address};
    all.insert(all.end(), i.secondary.begin(), i.secondary.end());
    for (const auto& a : all)
      if ((a.address.value >> 24) != 127) return a.address;
  }
  for (const auto& i : d.device.interfaces)
    if (i.address) return i.address->address;
  return std::nullopt;
}

void redistributeFor(const model::Device& dev, const std::vector<std::string>& chain,
                     const model::SourceSpan& span, model::RouteSource exclude,
                     std::vector<model::Redistribution>& out) {
  for (auto s : sourcesAccepted(dev, chain)) {
    if (s == exclude) continue;
    if (std::any_of(out.begin(), out.end(), [&](const model::Redistribution& r) { return r.source == s; }))
      continue;
    model::Redistribution r;
    r.source = s;
    r.span = span;
    out.push_back(r);
  }
}

// One OSPF process draft into the model: `protocols ospf` into Device::ospf and the
// interfaces' OSPFv2 settings, `protocols ospf3` into Device::ospf6 and Interface::ospf6.
std::optional<model::OspfProcess> assembleOspfProcess(JunosDraft& d, const OspfDraft& draft, bool v3) {
  if (!draft.present) return std::nullopt;
  model::OspfProcess o;
  o.router_id = routerId(d);
  o.reference_bandwidth_mbps =
      draft.reference_bandwidth_mbps.value_or(d.device.defaults.ospf_reference_bandwidth_mbps);
  o.distance = draft.preference;
  o.area_ranges = draft.area_ranges;
  o.span = draft.span;
  model::SourceSpan exportSpan;
  for (const auto& e : draft.export_policies) {
    o.export_policies.push_back(e.value);
    cover(exportSpan, draft.span.file, e.line);
  }
  redistributeFor(d.device, o.export_policies, exportSpan, model::RouteSource::Ospf, o.redistributions);
  for (const auto& oi : draft.interfaces) {
    auto at = d.interface_index.find(oi.name);
    if (at == d.interface_index.end()) {
      warnAt(d, oi.span.file, oi.span.first_line,
             std::string(v3 ? "OSPFv3" : "OSPF") + " interface " + oi.name + " is not configured");
      continue;
    }
    if (oi.disable) continue;
    model::Interface* it = &d.device.interfaces[at->second];
    // Junos advertises lo0 with metric 0, in OSPFv2 and OSPFv3 alike.
    std::optional<uint32_t> cost = oi.metric ? oi.metric : it->isLoopback() ? std::optional<uint32_t>(0) : std::nullopt;
    if (v3) {
      it->ospf6.area = oi.area;
      it->ospf6.area_span = oi.span;
      it->ospf6.passive = oi.passive;
      it->ospf6.point_to_point = oi.point_to_point;
      if (cost) it->ospf6.cost = cost;
      if (oi.metric) it->ospf6.cost_span = oi.metric_span;
      continue;
    }
    it->ospf_area = oi.area;
    it->ospf_passive = oi.passive;
    it->ospf_point_to_point = oi.point_to_point;
    if (cost) it->ospf_cost = cost;
    if (oi.metric) it->ospf_cost_span = oi.metric_span;
  }
  return o;
}

void assembleOspf(JunosDraft& d) {
  if (auto o = assembleOspfProcess(d, d.ospf, false)) d.device.ospf = std::move(o);
}

// The value of the most specific level that sets it.
template <typename T>
const T& pick(const T& neighbor, const T& group, const T& global) {
  if (neighbor) return neighbor;
  if (group) return group;
  return global;
}

const std::vector<Named>& pickChain(const std::vector<Named>& n, const std::vector<Named>& g,
                                    const std::vector<Named>& a) {
  if (!n.empty()) return n;
  if (!g.empty()) return g;
  return a;
}

// The local-as every neighbor of the BGP configuration uses, when all name the same one.
std::optional<uint32_t> sharedLocalAs(const BgpDraft& bgp) {
  std::optional<uint32_t> shared;
  for (const auto& g : bgp.groups)
    for (const auto& nd : g.neighbors) {
      auto as = pick(nd.settings.local_as, g.settings.local_as, bgp.global.local_as);
      if (!as || (shared && *shared != *as)) return std::nullopt;
      shared = as;
    }
  return shared;
}

// The neighbor's IPv6 unicast family. Junos carries it only with `family inet6 unicast|any`
// at the most specific level that configures a family (with no family anywhere, a session
// is inet unicast only, whatever its addresses); the import and export policies, the
// cluster and every other setting apply to both families alike (a policy's prefix
// conditions pick the family: policy_translation.cpp).
void assembleIpv6Family(JunosDraft& d, const BgpSettings& familyLevel, model::BgpNeighbor& out) {
  model::BgpNeighborIpv6& af = out.ipv6;
  af.activate = familyLevel.family_inet6_unicast;
  if (auto span = familyLevel.spans.find("family inet6"); span != familyLevel.spans.end())
    af.statement_spans["activate"] = span->second;
  if (out.ipv6_address && !af.activate)
    warnAt(d, out.span.file, out.span.first_line,
           "BGP neighbor " + out.id + " has an IPv6 address but no `family inet6 unicast`: Junos "
           "negotiates only the families configured (inet unicast without any), so it carries no "
           "IPv6 routes");
  if (!af.activate) return;
  af.import_policies = out.import_policies;
  af.export_policies = out.export_policies;
  af.route_reflector_client = out.route_reflector_client;
}

void assembleBgp(JunosDraft& d) {
  if (!d.bgp.present) return;
  const auto& defaults = d.device.defaults;
  model::BgpProcess b;
  // Without routing-options autonomous-system, a local-as every session shares is the AS the
  // router speaks as (the corpus's juniper labs configure their AS only that way).
  const auto adoptedAs = d.autonomous_system ? std::nullopt : sharedLocalAs(d.bgp);
  if (d.autonomous_system) {
    b.asn = parseUint(d.autonomous_system->value).value_or(0);
  } else if (adoptedAs) {
    b.asn = *adoptedAs;
  } else {
    warnAt(d, d.bgp.span.file, d.bgp.span.first_line,
           "protocols bgp without routing-options autonomous-system");
  }
  b.router_id = routerId(d);
  b.always_compare_med = d.bgp.always_compare_med;
  b.ebgp_requires_policy = defaults.bgp_ebgp_requires_policy;
  b.advertise_inactive = defaults.bgp_advertise_inactive;
  b.redistribute_internal = defaults.bgp_redistribute_internal;
  b.import_default = defaults.bgp_import_default;
  b.export_default = defaults.bgp_export_default;
  b.span = d.bgp.span;
  const BgpSettings& global = d.bgp.global;
  for (const auto& g : d.bgp.groups) {
    for (const auto& nd : g.neighbors) {
      const BgpSettings& n = nd.settings;
      model::BgpNeighbor out;
      out.id = nd.address;
      out.address = model::Ipv4::parse(nd.address);
      if (!out.address) out.ipv6_address = model::IpAddress::parseV6(nd.address);
      out.peer_group = g.name;
      auto type = pick(n.type, g.settings.type, global.type);
      auto peerAs = pick(n.peer_as, g.settings.peer_as, global.peer_as);
      if (type && *type == "internal") {
        out.remote_as = b.asn;
        out.remote_as_internal = true;
        if (peerAs && *peerAs != b.asn)
          warnAt(d, n.span.file, n.span.first_line,
                 "peer-as " + std::to_string(*peerAs) + " in internal group " + g.name);
      } else {
        out.remote_as = peerAs;
        if (!peerAs)
          warnAt(d, n.span.file, n.span.first_line, "BGP neighbor " + nd.address + " has no peer-as");
      }
      out.description = pick(n.description, g.settings.description, global.description).value_or("");
      out.update_source = pick(n.local_address, g.settings.local_address, global.local_address).value_or("");
      auto cluster = pick(n.cluster, g.settings.cluster, global.cluster);
      if (cluster) {
        out.route_reflector_client = true;
        if (b.cluster_id && *b.cluster_id != *cluster)
          warnAt(d, g.settings.span.file, g.settings.span.first_line,
                 "not modelled: several BGP cluster ids (the first is used)");
        if (!b.cluster_id) b.cluster_id = cluster;
      }
      // Junos sends communities to every peer unless a policy removes them.
      out.send_community = true;
      out.send_community_extended = true;
      out.ebgp_multihop = pick(n.multihop_ttl, g.settings.multihop_ttl, global.multihop_ttl);
      out.local_as = adoptedAs ? std::nullopt : pick(n.local_as, g.settings.local_as, global.local_as);
      out.remove_private_as = n.remove_private || g.settings.remove_private || global.remove_private;
      const BgpSettings& familyLevel =
          n.family_configured ? n : g.settings.family_configured ? g.settings : global;
      out.activate = !familyLevel.family_configured || familyLevel.family_inet_unicast;
      for (const auto& p : pickChain(n.import_policies, g.settings.import_policies, global.import_policies))
        out.import_policies.push_back(p.value);
      for (const auto& p : pickChain(n.export_policies, g.settings.export_policies, global.export_policies))
        out.export_policies.push_back(p.value);
      // Statement lines: the level that supplied each setting.
      for (const BgpSettings* level : {&global, &g.settings, &n})
        for (const auto& [key, span] : level->spans) out.statement_spans[key] = span;
      out.span = n.span;
      assembleIpv6Family(d, familyLevel, out);
      bool multipath = pick(n.multipath, g.settings.multipath, global.multipath).value_or(false);
      if (multipath) {
        bool internal = out.remote_as && *out.remote_as == b.asn;
        (internal ? b.maximum_paths_ibgp : b.maximum_paths_ebgp) = 64;
        if (n.multiple_as || g.settings.multiple_as || global.multiple_as) b.as_path_multipath_relax = true;
      }
      model::SourceSpan exportSpan = out.statement_spans.count("export") ? out.statement_spans["export"]
                                                                         : model::SourceSpan{};
      redistributeFor(d.device, out.export_policies, exportSpan, model::RouteSource::Bgp, b.redistributions);
      if (out.ipv6.activate)
        redistributeFor(d.device, out.export_policies, exportSpan, model::RouteSource::Bgp, b.ipv6_redistributions);
      b.neighbors.push_back(std::move(out));
    }
  }
  d.device.bgp = b;
}

}  // namespace

void assembleInstances(JunosDraft& d) {
  // The assemblers write the master's routing into d.device: it is set aside meanwhile.
  auto masterStatics = std::exchange(d.device.static_routes, {});
  auto masterIpv6Statics = std::exchange(d.device.ipv6_static_routes, {});
  auto masterOspf = std::exchange(d.device.ospf, std::nullopt);
  auto masterBgp = std::exchange(d.device.bgp, std::nullopt);
  const auto masterRouterId = d.router_id;
  const auto masterAs = d.autonomous_system;
  for (auto& [name, instance] : d.instances) {
    d.swapRouting(instance);
    // An instance without its own router-id or AS uses the master's.
    if (!d.router_id) d.router_id = masterRouterId;
    if (!d.autonomous_system) d.autonomous_system = masterAs;
    assembleStaticRoutes(d);
    assembleOspf(d);
    assembleBgp(d);
    d.swapRouting(instance);
    model::Vrf& vrf = d.device.vrfs[name] = instance.vrf;
    vrf.static_routes = std::exchange(d.device.static_routes, {});
    vrf.ipv6_static_routes = std::exchange(d.device.ipv6_static_routes, {});
    vrf.ospf = std::exchange(d.device.ospf, std::nullopt);
    vrf.bgp = std::exchange(d.device.bgp, std::nullopt);
  }
  d.device.static_routes = std::move(masterStatics);
  d.device.ipv6_static_routes = std::move(masterIpv6Statics);
  d.device.ospf = std::move(masterOspf);
  d.device.bgp = std::move(masterBgp);
}

void assembleDevice(JunosDraft& d) {
  assembleInterfaces(d);
  assembleStaticRoutes(d);
  assemblePolicies(d);
  assembleOspf(d);
  d.device.ospf6 = assembleOspfProcess(d, d.ospf3, true);
  assembleBgp(d);
  assembleInstances(d);
}

}  // namespace routefix::parser::junos
