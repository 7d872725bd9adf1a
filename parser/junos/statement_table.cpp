// The statement table for everything but policy terms: system, interfaces, routing-options,
// OSPF, BGP, policy-options lists, and the top-level stanzas that do not touch IPv4 routing.
// A path no row matches is "unrecognized syntax".
#include "parser/junos/statement_rules.h"

namespace routefix::parser::junos {

namespace {

// ---- interfaces --------------------------------------------------------------------
struct UnitRef {
  std::string physical;
  std::string unit;
};

// `family inet6 address A/L [eui-64|primary|preferred]`: every address counts (IPv6 has no
// primary); fe80::/10 ones are link-local, eui-64 ones are known by their subnet only.
void inet6Address(JunosDraft& d, UnitRef& u, const SetPath& p, const Args& a) {
  auto parts = model::IpPrefix::parseInterfaceAddress(a[0]);
  if (a[0].find('/') == std::string::npos || !parts || parts->first.isV4())
    return d.warn(p, "invalid IPv6 address " + a[0]);
  model::Ipv6InterfaceAddress addr;
  addr.address = parts->first;
  addr.length = parts->second;
  addr.link_local = addr.address.isLinkLocal();
  addr.span = {p.file, p.line, p.line};
  if (a[1] == "eui-64") {
    if (addr.length > 64) return d.warn(p, "eui-64 needs a prefix of /64 or shorter");
    addr.eui64 = true;
    addr.address = addr.subnet().address;
    d.warn(p, "eui-64: the interface identifier comes from the MAC address; the subnet " +
                  addr.subnet().str() + " is modelled, the address is not");
  } else if (!a[1].empty() && a[1] != "primary" && a[1] != "preferred") {
    d.warn(p, "not modelled: IPv6 address option " + a[1]);
  }
  auto& i = d.unit(u.physical, u.unit, p);
  for (const auto& existing : i.ipv6_addresses)
    if (existing.address == addr.address && existing.length == addr.length && existing.eui64 == addr.eui64) return;
  i.ipv6_addresses.push_back(addr);
}

const std::vector<Rule<UnitRef>>& unitRules() {
  static const std::vector<Rule<UnitRef>> rules = {
      on<UnitRef>("family inet address <prefix> ...",
                  [](JunosDraft& d, UnitRef& u, const SetPath& p, const Args& a) {
                    auto& i = d.unit(u.physical, u.unit, p);
                    auto slash = a[0].find('/');
                    model::InterfaceAddress addr{ip(a[0].substr(0, slash)),
                                                 static_cast<uint8_t>(num(a[0].substr(slash + 1))),
                                                 {p.file, p.line, p.line}};
                    if (addr.length > 32) return d.warn(p, "invalid address " + a[0]);
                    bool primary = a[1] == "primary";
                    if (!i.address) {
                      i.address = addr;
                    } else if (primary) {
                      i.secondary.push_back(*i.address);
                      i.address = addr;
                    } else {
                      i.secondary.push_back(addr);
                    }
                  }),
      on<UnitRef>("family inet", [](JunosDraft& d, UnitRef& u, const SetPath& p, const Args&) {
        d.unit(u.physical, u.unit, p);
      }),
      on<UnitRef>("family inet6 address <w> ...", inet6Address),
      on<UnitRef>("family inet6", [](JunosDraft& d, UnitRef& u, const SetPath& p, const Args&) {
        d.unit(u.physical, u.unit, p);
      }),
      on<UnitRef>("description <w>", [](JunosDraft& d, UnitRef& u, const SetPath& p, const Args& a) {
        d.unit(u.physical, u.unit, p).description = a[0];
      }),
      on<UnitRef>("disable", [](JunosDraft& d, UnitRef& u, const SetPath& p, const Args&) {
        d.unit(u.physical, u.unit, p).shutdown = true;
      }),
      on<UnitRef>("bandwidth <w>", [](JunosDraft& d, UnitRef& u, const SetPath& p, const Args& a) {
        auto bw = parseBandwidthKbps(a[0]);
        if (!bw) return d.warn(p, "invalid bandwidth " + a[0]);
        d.unit(u.physical, u.unit, p).bandwidth_kbps = *bw;
      }),
      unsupported<UnitRef>("family inet filter ...", "firewall filters on interfaces"),
      ignore<UnitRef>("family inet mtu <n>"),
      ignore<UnitRef>("family inet no-redirects"),
      ignore<UnitRef>("family inet6 mtu <n>"),
      unsupported<UnitRef>("family inet6 filter ...", "firewall filters on interfaces"),
      ignore<UnitRef>("family inet6 dad-disable"),
      ignore<UnitRef>("family inet6 nd6-stale-time <n>"),
      ignore<UnitRef>("family iso ..."),
      ignore<UnitRef>("family mpls ..."),
      ignore<UnitRef>("family ethernet-switching ..."),
      ignore<UnitRef>("vlan-id <n>"),
      ignore<UnitRef>("encapsulation ..."),
      ignore<UnitRef>("proxy-arp ..."),
  };
  return rules;
}

const std::vector<Rule<std::string>>& physicalRules() {
  static const std::vector<Rule<std::string>> rules = {
      on<std::string>("description <w>", [](JunosDraft& d, std::string& n, const SetPath&, const Args& a) {
        d.physical[n].description = a[0];
      }),
      on<std::string>("disable", [](JunosDraft& d, std::string& n, const SetPath&, const Args&) {
        d.physical[n].disable = true;
      }),
      // `enable` and `disable` replace each other (the later line wins).
      on<std::string>("enable", [](JunosDraft& d, std::string& n, const SetPath&, const Args&) {
        d.physical[n].disable = false;
      }),
      on<std::string>("speed <w>", [](JunosDraft& d, std::string& n, const SetPath& p, const Args& a) {
        auto bw = parseBandwidthKbps(a[0]);
        if (!bw) return d.warn(p, "invalid speed " + a[0]);
        d.physical[n].bandwidth_kbps = *bw;
      }),
      ignore<std::string>("mtu <n>"),
      ignore<std::string>("vlan-tagging"),
      ignore<std::string>("flexible-vlan-tagging"),
      ignore<std::string>("encapsulation ..."),
      ignore<std::string>("gigether-options ..."),
      ignore<std::string>("ether-options ..."),
      ignore<std::string>("aggregated-ether-options ..."),
      ignore<std::string>("link-mode ..."),
      ignore<std::string>("hold-time ..."),
      ignore<std::string>("traceoptions ..."),
      ignore<std::string>("damping ..."),
  };
  return rules;
}

// ---- routing-options ---------------------------------------------------------------
// A qualified next hop's statements come one per set-path: the entry they add to.
StaticRouteDraft::Qualified& qualified(StaticRouteDraft& s, const std::string& hop, const SetPath& p) {
  for (auto& q : s.qualified)
    if (q.next_hop == hop) return q;
  return s.qualified.emplace_back(StaticRouteDraft::Qualified{hop, std::nullopt, "", p.line});
}

const std::vector<Rule<StaticRouteDraft>>& staticRouteRules() {
  using S = StaticRouteDraft;
  static const std::vector<Rule<S>> rules = {
      on<S>("next-hop <w>", [](JunosDraft&, S& s, const SetPath& p, const Args& a) {
        s.next_hops.push_back({a[0], p.line});
      }),
      on<S>("qualified-next-hop <w>", [](JunosDraft&, S& s, const SetPath& p, const Args& a) {
        qualified(s, a[0], p);
      }),
      on<S>("qualified-next-hop <w> preference <n>", [](JunosDraft&, S& s, const SetPath& p, const Args& a) {
        qualified(s, a[0], p).preference = num(a[1]);
      }),
      on<S>("qualified-next-hop <w> interface <w>", [](JunosDraft&, S& s, const SetPath& p, const Args& a) {
        qualified(s, a[0], p).interface = unitName(a[1]);
      }),
      ignore<S>("qualified-next-hop <w> ..."),
      on<S>("discard", [](JunosDraft&, S& s, const SetPath&, const Args&) { s.discard = true; }),
      on<S>("reject", [](JunosDraft&, S& s, const SetPath&, const Args&) { s.discard = true; }),
      on<S>("preference <n>", [](JunosDraft&, S& s, const SetPath&, const Args& a) {
        s.preference = num(a[0]);
      }),
      on<S>("tag <n>", [](JunosDraft&, S& s, const SetPath&, const Args& a) { s.tag = num(a[0]); }),
      ignore<S>("metric ..."),
      ignore<S>("no-readvertise"),
      ignore<S>("readvertise"),
      ignore<S>("retain"),
      ignore<S>("no-retain"),
      ignore<S>("install"),
      ignore<S>("no-install"),
      ignore<S>("resolve"),
      ignore<S>("active"),
      ignore<S>("passive"),
      ignore<S>("bfd-liveness-detection ..."),
      unsupported<S>("community ...", "communities on static routes"),
  };
  return rules;
}

const std::vector<Rule<model::AggregateRoute>>& aggregateRules() {
  using A = model::AggregateRoute;
  static const std::vector<Rule<A>> rules = {
      ignore<A>("discard"),
      ignore<A>("reject"),
      ignore<A>("passive"),
      ignore<A>("active"),
      ignore<A>("brief"),
      ignore<A>("full"),
      on<A>("preference <n>", [](JunosDraft&, A& g, const SetPath&, const Args& a) {
        g.distance = num(a[0]);
      }),
      on<A>("community <w>", [](JunosDraft& d, A& g, const SetPath& p, const Args& a) {
        auto c = model::parseCommunity(a[0]);
        if (!c) return d.warn(p, "invalid community " + a[0]);
        g.communities.push_back(*c);
      }),
      unsupported<A>("policy ...", "aggregate route contributor policies"),
      unsupported<A>("as-path ...", "AS paths on aggregate routes"),
  };
  return rules;
}

// ---- OSPF --------------------------------------------------------------------------
const std::vector<Rule<OspfInterfaceDraft>>& ospfInterfaceRules() {
  using O = OspfInterfaceDraft;
  static const std::vector<Rule<O>> rules = {
      on<O>("metric <n>", [](JunosDraft&, O& o, const SetPath& p, const Args& a) {
        o.metric = num(a[0]);
        o.metric_span = {p.file, p.line, p.line};
      }),
      on<O>("passive ...", [](JunosDraft&, O& o, const SetPath&, const Args&) { o.passive = true; }),
      on<O>("interface-type p2p", [](JunosDraft&, O& o, const SetPath&, const Args&) {
        o.point_to_point = true;
      }),
      on<O>("disable", [](JunosDraft&, O& o, const SetPath&, const Args&) { o.disable = true; }),
      unsupported<O>("interface-type ...", "OSPF interface types other than p2p"),
      ignore<O>("priority <n>"),
      ignore<O>("hello-interval <n>"),
      ignore<O>("dead-interval <n>"),
      ignore<O>("retransmit-interval <n>"),
      ignore<O>("transit-delay <n>"),
      ignore<O>("authentication ..."),
      ignore<O>("bfd-liveness-detection ..."),
      ignore<O>("ldp-synchronization ..."),
      ignore<O>("te-metric <n>"),
      ignore<O>("link-protection"),
      ignore<O>("node-link-protection"),
      ignore<O>("flood-reduction"),
      ignore<O>("no-neighbor-down-notification"),
      ignore<O>(""),
  };
  return rules;
}

// ---- BGP ---------------------------------------------------------------------------
void note(BgpSettings& s, const std::string& key, const SetPath& p) {
  cover(s.spans[key], p.file, p.line);
}

// `family inet6 unicast|any`: the level carries IPv6 unicast (and, a family being configured,
// inet unicast only if it says so too).
void familyInet6Unicast(JunosDraft&, BgpSettings& s, const SetPath& p, const Args&) {
  s.family_configured = true;
  s.family_inet6_unicast = true;
  note(s, "family inet6", p);
}

const std::vector<Rule<BgpSettings>>& bgpSettingRules() {
  using B = BgpSettings;
  static const auto localAddress = [](JunosDraft&, B& s, const SetPath& p, const Args& a) {
    s.local_address = a[0];
    note(s, "local-address", p);
  };
  static const std::vector<Rule<B>> rules = {
      on<B>("type <w>", [](JunosDraft& d, B& s, const SetPath& p, const Args& a) {
        if (a[0] != "internal" && a[0] != "external") return d.warn(p, "invalid BGP type " + a[0]);
        s.type = a[0];
        note(s, "type", p);
      }),
      on<B>("peer-as <n>", [](JunosDraft&, B& s, const SetPath& p, const Args& a) {
        s.peer_as = num(a[0]);
        note(s, "peer-as", p);
      }),
      on<B>("local-as <n> ...", [](JunosDraft& d, B& s, const SetPath& p, const Args& a) {
        s.local_as = num(a[0]);
        note(s, "local-as", p);
        if (!a[1].empty()) d.warn(p, "not modelled: local-as options (" + a[1] + ")");
      }),
      on<B>("local-address <ip>", localAddress),
      on<B>("local-address <ip6>", localAddress),  // an IPv6 session's source (its loopback)
      on<B>("import <w>", [](JunosDraft&, B& s, const SetPath& p, const Args& a) {
        s.import_policies.push_back({a[0], p.line});
        note(s, "import", p);
      }),
      on<B>("export <w>", [](JunosDraft&, B& s, const SetPath& p, const Args& a) {
        s.export_policies.push_back({a[0], p.line});
        note(s, "export", p);
      }),
      on<B>("cluster <ip>", [](JunosDraft&, B& s, const SetPath& p, const Args& a) {
        s.cluster = ip(a[0]);
        note(s, "cluster", p);
      }),
      on<B>("multipath", [](JunosDraft&, B& s, const SetPath& p, const Args&) {
        s.multipath = true;
        note(s, "multipath", p);
      }),
      on<B>("multipath multiple-as", [](JunosDraft&, B& s, const SetPath& p, const Args&) {
        s.multipath = true;
        s.multiple_as = true;
        note(s, "multipath", p);
      }),
      on<B>("multihop", [](JunosDraft&, B& s, const SetPath& p, const Args&) {
        if (!s.multihop_ttl) s.multihop_ttl = 64;
        note(s, "multihop", p);
      }),
      on<B>("multihop ttl <n>", [](JunosDraft&, B& s, const SetPath& p, const Args& a) {
        s.multihop_ttl = num(a[0]);
        note(s, "multihop", p);
      }),
      on<B>("description <w>", [](JunosDraft&, B& s, const SetPath&, const Args& a) {
        s.description = a[0];
      }),
      on<B>("remove-private ...", [](JunosDraft&, B& s, const SetPath& p, const Args&) {
        s.remove_private = true;
        note(s, "remove-private", p);
      }),
      on<B>("passive", [](JunosDraft&, B& s, const SetPath&, const Args&) { s.passive = true; }),
      on<B>("family inet6 unicast ...", familyInet6Unicast),
      on<B>("family inet6 any ...", familyInet6Unicast),
      on<B>("family inet unicast ...", [](JunosDraft&, B& s, const SetPath&, const Args&) {
        s.family_configured = true;
        s.family_inet_unicast = true;
      }),
      on<B>("family inet any ...", [](JunosDraft&, B& s, const SetPath&, const Args&) {
        s.family_configured = true;
        s.family_inet_unicast = true;
      }),
      on<B>("family ...", [](JunosDraft&, B& s, const SetPath&, const Args&) {
        s.family_configured = true;  // another family only: inet unicast is then off
      }),
      ignore<B>("authentication-key <w>"),
      ignore<B>("authentication-algorithm <w>"),
      ignore<B>("authentication-key-chain <w>"),
      ignore<B>("hold-time <n>"),
      ignore<B>("log-updown"),
      ignore<B>("bfd-liveness-detection ..."),
      ignore<B>("graceful-restart ..."),
      ignore<B>("tcp-mss <n>"),
      ignore<B>("mtu-discovery"),
      ignore<B>("traceoptions ..."),
      ignore<B>("out-delay <n>"),
      ignore<B>("preference <n>"),
      ignore<B>("damping"),
      unsupported<B>("allow ...", "dynamic BGP neighbors (allow)"),
      unsupported<B>("as-override", "as-override"),
      unsupported<B>("advertise-inactive", "advertise-inactive"),
      unsupported<B>("advertise-external ...", "advertise-external"),
      unsupported<B>("local-preference <n>", "BGP group local-preference"),
      unsupported<B>("metric-out ...", "metric-out"),
      unsupported<B>("keep ...", "keep all|none"),
      unsupported<B>("loops <n>", "AS loops"),
      unsupported<B>("advertise-peer-as", "advertise-peer-as"),
  };
  return rules;
}

// ---- the top level -----------------------------------------------------------------
struct Root {};

bool bgpStatement(JunosDraft& d, const SetPath& p) {
  // protocols bgp [group G [neighbor N]] <setting>
  d.bgp.present = true;
  d.coverPath(d.bgp.span, p, 1);
  const auto& w = p.words;
  if (w.size() >= 4 && w[2] == "group") {
    auto& g = d.bgpGroup(w[3], p);
    if (w.size() == 4) return true;
    if (w[4] == "neighbor" && w.size() >= 6) {
      auto address = model::IpAddress::parse(w[5]);
      if (!address) {
        d.warn(p, "not modelled: BGP neighbor " + w[5] + " (not an IP address)");
        return true;
      }
      if (address->isLinkLocal()) {
        d.warn(p, "not modelled: BGP neighbor " + w[5] + " (a link-local address)");
        return true;
      }
      auto& n = d.bgpNeighbor(g, w[5], p);
      return w.size() == 6 || dispatch(bgpSettingRules(), d, n.settings, p, 6);
    }
    return dispatch(bgpSettingRules(), d, g.settings, p, 4);
  }
  if (w.size() == 2) return true;
  if (w.size() == 4 && w[2] == "path-selection" && w[3] == "always-compare-med") {
    d.bgp.always_compare_med = true;
    return true;
  }
  if (w.size() >= 3 && w[2] == "path-selection") {
    d.warn(p, "not modelled: BGP path-selection options");
    return true;
  }
  for (const char* ignored : {"precision-timers", "log-updown", "traceoptions", "graceful-restart"})
    if (w[2] == ignored) return true;
  return dispatch(bgpSettingRules(), d, d.bgp.global, p, 2);
}

// `protocols ospf ...` and `protocols ospf3 ...` (`ospf` is the process they write): the same
// statements; OSPFv3 has no IPv6 area ranges or area types in the model yet.
bool ospfStatement(JunosDraft& d, OspfDraft& ospf, const SetPath& p) {
  bool v3 = &ospf == &d.ospf3;
  ospf.present = true;
  d.coverPath(ospf.span, p, 1);
  const auto& w = p.words;
  if (w.size() == 2) return true;
  if (w[2] == "area" && w.size() >= 4) {
    auto area = areaId(w[3]);
    if (!area) {
      d.warn(p, "invalid OSPF area " + w[3]);
      return true;
    }
    if (w.size() == 4) return true;
    if (w[4] == "interface" && w.size() >= 6) {
      auto& o = d.ospfInterface(ospf, unitName(w[5]), *area, p);
      return dispatch(ospfInterfaceRules(), d, o, p, 6);
    }
    if (v3 && (w[4] == "area-range" || w[4] == "stub" || w[4] == "nssa")) {
      d.warn(p, "not modelled: OSPFv3 " + w[4]);
      return true;
    }
    if (w[4] == "area-range" && w.size() >= 6) {
      auto prefix = model::Prefix::parse(w[5]);
      if (!prefix) return false;
      model::OspfAreaRange* r = nullptr;
      for (auto& x : ospf.area_ranges)
        if (x.area == *area && x.prefix == *prefix) r = &x;
      if (!r) r = &ospf.area_ranges.emplace_back(model::OspfAreaRange{*area, *prefix, true, {}, {}});
      d.coverPath(r->span, p, 5);
      if (w.size() == 6) return true;
      if (w.size() == 7 && w[6] == "restrict") return r->advertise = false, true;
      if (w.size() == 8 && w[6] == "override-metric" && parseUint(w[7]))
        return r->cost = num(w[7]), true;
      return false;
    }
    if (w[4] == "stub" || w[4] == "nssa") {
      d.warn(p, "not modelled: OSPF stub/NSSA areas");
      return true;
    }
    return false;
  }
  if (w[2] == "reference-bandwidth" && w.size() == 4) {
    auto bw = parseBandwidthKbps(w[3]);
    if (!bw) d.warn(p, "invalid reference-bandwidth " + w[3]);
    else ospf.reference_bandwidth_mbps = static_cast<uint32_t>(*bw / 1000);
    return true;
  }
  if (w[2] == "export" && w.size() == 4) return ospf.export_policies.push_back({w[3], p.line}), true;
  if (w[2] == "preference" && w.size() == 4 && parseUint(w[3]))
    return ospf.preference = num(w[3]), true;
  if (w[2] == "external-preference" || w[2] == "import" || w[2] == "disable") {
    d.warn(p, "not modelled: OSPF " + w[2]);
    return true;
  }
  for (const char* ignored : {"traceoptions", "graceful-restart", "spf-options", "no-rfc-1583",
                              "traffic-engineering", "overload", "rib-group"})
    if (w[2] == ignored) return true;
  return false;
}

constexpr const char* kRoutingInstances =
    "routing-instances statements other than instance-type, interface, route-distinguisher, "
    "vrf-target, static routes, OSPF and BGP";

const std::vector<Rule<Root>>& rootRules();

// `routing-instances R routing-options ...` / `... protocols ...`: the rest of the path, read
// by the master's rows with the instance's drafts swapped in.
void instanceRouting(JunosDraft& d, Root& root, const SetPath& p, const Args& a) {
  InstanceDraft& instance = d.instances[a[0]];
  instance.vrf.name = a[0];
  d.coverPath(instance.vrf.span, p, 1);
  SetPath inner = p;
  inner.words.erase(inner.words.begin(), inner.words.begin() + 2);
  if (inner.word_lines.size() >= 2) inner.word_lines.erase(inner.word_lines.begin(), inner.word_lines.begin() + 2);
  d.swapRouting(instance);
  bool known = dispatch(rootRules(), d, root, inner, 0);
  d.swapRouting(instance);
  if (!known) d.warn(p, "unrecognized syntax");
}

// `policy-options prefix-list L P`: an exact entry of either family.
void prefixListEntry(JunosDraft& d, Root&, const SetPath& p, const Args& a) {
  auto& l = d.prefix_lists[a[0]];
  l.name = a[0];
  d.coverPath(l.span, p, 2);
  model::IpPrefixListEntry e;
  e.seq = static_cast<uint32_t>(l.entries.size() + 1) * 10;
  e.prefix = *model::IpPrefix::parse(a[1]);
  e.span = {p.file, p.line, p.line};
  l.entries.push_back(e);
}

const std::vector<Rule<Root>>& rootRules() {
  using R = Root;
  static const std::vector<Rule<R>> rules = {
      on<R>("system host-name <w>", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        d.device.name = a[0];
        d.device.hostname_span = {p.file, p.line, p.line};
      }),
      ignore<R>("system ..."),
      on<R>("interfaces <w> unit <w> ...", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        UnitRef u{a[0], a[1]};
        d.unit(u.physical, u.unit, p);
        if (p.words.size() > 4 && !dispatch(unitRules(), d, u, p, 4)) d.warn(p, "unrecognized syntax");
      }),
      unsupported<R>("interfaces interface-range ...", "interface ranges"),
      on<R>("interfaces <w> ...", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        std::string name = a[0];
        d.physical[name];
        if (p.words.size() > 2 && !dispatch(physicalRules(), d, name, p, 2))
          d.warn(p, "unrecognized syntax");
      }),
      on<R>("routing-options router-id <ip>", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        d.router_id = Named{a[0], p.line};
      }),
      on<R>("routing-options autonomous-system <n> ...", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        d.autonomous_system = Named{a[0], p.line};
      }),
      on<R>("routing-options static route <prefix> ...", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        auto& s = d.staticRoute(*model::IpPrefix::parse(a[0]), p, 2);
        if (p.words.size() > 4 && !dispatch(staticRouteRules(), d, s, p, 4)) d.warn(p, "unrecognized syntax");
      }),
      // IPv6 static routes live in the inet6.0 table; the same statements as inet.0's.
      on<R>("routing-options rib inet6.0 static route <prefix6> ...", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        auto& s = d.staticRoute(*model::IpPrefix::parse(a[0]), p, 4);
        if (p.words.size() > 6 && !dispatch(staticRouteRules(), d, s, p, 6)) d.warn(p, "unrecognized syntax");
      }),
      unsupported<R>("routing-options rib inet6.0 static defaults ...", "static route defaults"),
      unsupported<R>("routing-options rib inet6.0 aggregate ...", "IPv6 aggregate routes"),
      unsupported<R>("routing-options rib inet6.0 generate ...", "generated routes"),
      unsupported<R>("routing-options static route <prefix6> ...", "IPv6 static routes outside rib inet6.0"),
      on<R>("routing-options aggregate route <prefix> ...", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        auto prefix = *model::Prefix::parse(a[0]);
        model::AggregateRoute* g = nullptr;
        for (auto& x : d.device.aggregate_routes)
          if (x.prefix == prefix) g = &x;
        if (!g) g = &d.device.aggregate_routes.emplace_back(model::AggregateRoute{prefix, 130, {}, {}});
        d.coverPath(g->span, p, 3);
        if (p.words.size() > 4 && !dispatch(aggregateRules(), d, *g, p, 4)) d.warn(p, "unrecognized syntax");
      }),
      on<R>("routing-options forwarding-table export <w>", [](JunosDraft& d, R&, const SetPath&, const Args& a) {
        d.forwarding_table_policies.insert(a[0]);  // load balancing: not a routing decision
      }),
      ignore<R>("routing-options forwarding-table ..."),
      ignore<R>("routing-options graceful-restart ..."),
      ignore<R>("routing-options nonstop-routing"),
      ignore<R>("routing-options martians ..."),
      ignore<R>("routing-options ppm ..."),
      ignore<R>("routing-options options ..."),
      ignore<R>("routing-options traceoptions ..."),
      unsupported<R>("routing-options static defaults ...", "static route defaults"),
      unsupported<R>("routing-options generate ...", "generated routes"),
      unsupported<R>("routing-options rib ...", "routing tables other than inet.0 and inet6.0's static routes"),
      unsupported<R>("routing-options rib-groups ...", "rib-groups"),
      unsupported<R>("routing-options resolution ...", "resolution policies (next hops resolve over every route)"),
      unsupported<R>("routing-options confederation ...", "BGP confederations"),
      unsupported<R>("routing-options interface-routes ...", "interface-routes"),
      on<R>("protocols ospf ...", [](JunosDraft& d, R&, const SetPath& p, const Args&) {
        if (!ospfStatement(d, d.ospf, p)) d.warn(p, "unrecognized syntax");
      }),
      on<R>("protocols bgp ...", [](JunosDraft& d, R&, const SetPath& p, const Args&) {
        if (!bgpStatement(d, p)) d.warn(p, "unrecognized syntax");
      }),
      on<R>("policy-options prefix-list <w>", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        auto& l = d.prefix_lists[a[0]];
        l.name = a[0];
        d.coverPath(l.span, p, 2);
      }),
      on<R>("policy-options prefix-list <w> <prefix>", prefixListEntry),
      on<R>("policy-options prefix-list <w> <prefix6>", prefixListEntry),
      unsupported<R>("policy-options prefix-list <w> apply-path <w>", "prefix-list apply-path"),
      on<R>("policy-options community <w> members <w>", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        auto& c = d.community(a[0], p);
        c.members.push_back({a[1], p.line});
      }),
      unsupported<R>("policy-options community <w> invert-match", "community invert-match"),
      on<R>("policy-options as-path <w> <w>", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        auto& l = d.as_paths[a[0]];
        l.name = a[0];
        l.span = {p.file, p.line, p.line};
        l.entries.push_back({model::Action::Permit, a[1], {p.file, p.line, p.line}});
      }),
      unsupported<R>("policy-options as-path-group ...", "as-path-group"),
      unsupported<R>("policy-options condition ...", "policy conditions"),
      on<R>("policy-options policy-statement <w> ...", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        const auto& w = p.words;
        // policy-statement P [term T] (from|then) ...; a policy's own from/then form its
        // unnamed final term.
        size_t at = 3;
        std::string termName;
        if (w.size() > 4 && w[3] == "term") {
          termName = w[4];
          at = 5;
        }
        auto& t = d.term(a[0], termName, p);
        if (w.size() == at) return;
        bool ok = false;
        if (w[at] == "from") ok = dispatch(fromRules(), d, t, p, at + 1);
        else if (w[at] == "then") ok = dispatch(thenRules(), d, t, p, at + 1);
        else if (w[at] == "to") ok = (d.warn(p, "not modelled: policy `to` conditions"), true);
        if (!ok) d.warn(p, "unrecognized syntax");
      }),
      ignore<R>("version ..."),
      ignore<R>("chassis ..."),
      ignore<R>("services ..."),
      ignore<R>("security ..."),
      ignore<R>("snmp ..."),
      ignore<R>("firewall ..."),
      ignore<R>("forwarding-options ..."),
      ignore<R>("class-of-service ..."),
      ignore<R>("event-options ..."),
      ignore<R>("applications ..."),
      ignore<R>("access ..."),
      ignore<R>("access-profile ..."),
      ignore<R>("vlans ..."),
      ignore<R>("bridge-domains ..."),
      ignore<R>("ethernet-switching-options ..."),
      ignore<R>("switch-options ..."),
      ignore<R>("poe ..."),
      ignore<R>("virtual-chassis ..."),
      ignore<R>("protocols lldp ..."),
      ignore<R>("protocols lldp-med ..."),
      ignore<R>("protocols rstp ..."),
      ignore<R>("protocols mstp ..."),
      ignore<R>("protocols vstp ..."),
      ignore<R>("protocols igmp-snooping ..."),
      ignore<R>("protocols layer2-control ..."),
      ignore<R>("protocols router-advertisement ..."),
      ignore<R>("protocols sflow ..."),
      ignore<R>("protocols bfd ..."),
      ignore<R>("protocols mpls ..."),
      ignore<R>("protocols rsvp ..."),
      ignore<R>("protocols ldp ..."),
      on<R>("protocols ospf3 ...", [](JunosDraft& d, R&, const SetPath& p, const Args&) {
        if (!ospfStatement(d, d.ospf3, p)) d.warn(p, "unrecognized syntax");
      }),
      unsupported<R>("protocols isis ...", "IS-IS"),
      unsupported<R>("protocols rip ...", "RIP"),
      unsupported<R>("protocols pim ...", "multicast (PIM)"),
      unsupported<R>("protocols vrrp ...", "VRRP"),
      // A routing instance's routing-options and protocols read as the master's do, into the
      // instance's drafts.
      on<R>("routing-instances <w> routing-options static ...", instanceRouting),
      on<R>("routing-instances <w> routing-options router-id <ip>", instanceRouting),
      on<R>("routing-instances <w> routing-options autonomous-system <n> ...", instanceRouting),
      on<R>("routing-instances <w> protocols bgp ...", instanceRouting),
      on<R>("routing-instances <w> protocols ospf ...", instanceRouting),
      on<R>("routing-instances <w> ...", [](JunosDraft& d, R&, const SetPath& p, const Args& a) {
        if (!instanceStatement(d, d.instances[a[0]], p)) d.warn(p, std::string("not modelled: ") + kRoutingInstances);
      }),
      unsupported<R>("logical-systems ...", "logical-systems"),
  };
  return rules;
}

}  // namespace

void walkStatements(const std::vector<SetPath>& paths, JunosDraft& draft) {
  Root root;
  for (const auto& p : paths)
    if (!p.words.empty() && !dispatch(rootRules(), draft, root, p, 0))
      draft.warn(p, "unrecognized syntax");
}

}  // namespace routefix::parser::junos
