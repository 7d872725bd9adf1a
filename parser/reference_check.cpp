#include "parser/reference_check.h"

#include <algorithm>
#include <initializer_list>
#include <set>
#include <tuple>

namespace routefix::parser {

namespace {

// The line of a neighbor statement, by the keys the vendor parsers use in statement_spans;
// the neighbor's own span when the statement has none (e.g. inherited from a peer group).
model::SourceSpan neighborStatement(const model::BgpNeighbor& n,
                                    std::initializer_list<const char*> keys, bool ipv6Family = false) {
  const auto& spans = ipv6Family ? n.ipv6.statement_spans : n.statement_spans;
  for (const char* k : keys) {
    auto it = spans.find(k);
    if (it != spans.end() && it->second.known()) return it->second;
  }
  return n.span;
}

class ReferenceCollector {
 public:
  void add(StructureKind kind, const std::string& name, const model::SourceSpan& where) {
    if (!name.empty()) refs_.push_back({kind, name, where});
  }
  void addAll(StructureKind kind, const std::vector<std::string>& names, const model::SourceSpan& where) {
    for (const auto& n : names) add(kind, n, where);
  }
  void addRedistributions(const std::vector<model::Redistribution>& rs) {
    for (const auto& r : rs) add(StructureKind::RoutePolicy, r.route_map, r.span);
  }
  std::vector<StructureReference> take() { return std::move(refs_); }

 private:
  std::vector<StructureReference> refs_;
};

void collectNeighbor(const model::BgpNeighbor& n, ReferenceCollector& c) {
  using K = StructureKind;
  c.addAll(K::RoutePolicy, n.import_policies, neighborStatement(n, {"route-map in", "import"}));
  c.addAll(K::RoutePolicy, n.export_policies, neighborStatement(n, {"route-map out", "export"}));
  c.add(K::RoutePolicy, n.default_originate_route_map, neighborStatement(n, {"default-originate"}));
  c.add(K::PrefixList, n.prefix_list_in, neighborStatement(n, {"prefix-list in"}));
  c.add(K::PrefixList, n.prefix_list_out, neighborStatement(n, {"prefix-list out"}));
  c.add(K::AsPathList, n.filter_list_in, neighborStatement(n, {"filter-list in"}));
  c.add(K::AsPathList, n.filter_list_out, neighborStatement(n, {"filter-list out"}));
  // The IPv6 unicast family's own (BgpNeighborIpv6).
  const auto& v6 = n.ipv6;
  c.addAll(K::RoutePolicy, v6.import_policies, neighborStatement(n, {"route-map in"}, true));
  c.addAll(K::RoutePolicy, v6.export_policies, neighborStatement(n, {"route-map out"}, true));
  c.add(K::Ipv6PrefixList, v6.prefix_list_in, neighborStatement(n, {"prefix-list in"}, true));
  c.add(K::Ipv6PrefixList, v6.prefix_list_out, neighborStatement(n, {"prefix-list out"}, true));
  c.add(K::AsPathList, v6.filter_list_in, neighborStatement(n, {"filter-list in"}, true));
  c.add(K::AsPathList, v6.filter_list_out, neighborStatement(n, {"filter-list out"}, true));
}

void collectPolicy(const model::RoutePolicy& policy, ReferenceCollector& c) {
  using K = StructureKind;
  using M = model::PolicyMatch::Kind;
  for (const auto& clause : policy.clauses) {
    for (const auto& m : clause.matches) {
      switch (m.kind) {
        case M::PrefixList:
        case M::NextHopPrefixList: c.addAll(K::PrefixList, m.names, m.span); break;
        case M::AccessList: c.addAll(K::AccessList, m.names, m.span); break;
        case M::CommunityList: c.addAll(K::CommunityList, m.names, m.span); break;
        case M::AsPathList: c.addAll(K::AsPathList, m.names, m.span); break;
        case M::Ipv6PrefixList: c.addAll(K::Ipv6PrefixList, m.names, m.span); break;
        default: break;
      }
    }
    for (const auto& s : clause.sets)
      if (s.kind == model::PolicySet::Kind::CommunityDelete) c.addAll(K::CommunityList, s.names, s.span);
    c.add(K::RoutePolicy, clause.call, clause.span);
  }
}

template <typename Map>
bool defines(const Map& structures, const std::string& name) {
  return structures.find(name) != structures.end();
}

bool isDefined(const model::Device& d, StructureKind kind, const std::string& name) {
  switch (kind) {
    case StructureKind::RoutePolicy: return defines(d.route_policies, name);
    case StructureKind::PrefixList: return defines(d.prefix_lists, name);
    case StructureKind::CommunityList: return defines(d.community_lists, name);
    case StructureKind::AsPathList: return defines(d.as_path_lists, name);
    case StructureKind::AccessList: return defines(d.access_lists, name);
    case StructureKind::Ipv6PrefixList: return defines(d.ipv6_prefix_lists, name);
  }
  return false;
}

}  // namespace

std::string structureKindName(StructureKind kind, model::Vendor vendor) {
  bool junos = vendor == model::Vendor::Junos;
  switch (kind) {
    case StructureKind::RoutePolicy: return junos ? "policy-statement" : "route-map";
    case StructureKind::PrefixList: return "prefix-list";
    case StructureKind::CommunityList: return junos ? "community" : "community-list";
    case StructureKind::AsPathList: return junos ? "as-path" : "as-path access-list";
    case StructureKind::AccessList: return junos ? "firewall filter" : "access-list";
    case StructureKind::Ipv6PrefixList: return "ipv6 prefix-list";
  }
  return "structure";
}

std::vector<StructureReference> collectReferences(const model::Device& d) {
  using K = StructureKind;
  ReferenceCollector c;
  for (const auto& i : d.interfaces) {
    c.add(K::AccessList, i.acl_in, i.span);
    c.add(K::AccessList, i.acl_out, i.span);
  }
  auto collectOspf = [&](const std::optional<model::OspfProcess>& ospf) {
    if (!ospf) return;
    c.addRedistributions(ospf->redistributions);
    c.addAll(K::RoutePolicy, ospf->export_policies, ospf->span);  // Junos `ospf export`
    if (ospf->default_originate)
      c.add(K::RoutePolicy, ospf->default_originate->route_map, ospf->default_originate->span);
  };
  collectOspf(d.ospf6);
  // The default VRF's protocol instances, then every named VRF's.
  auto collectInstances = [&](const std::optional<model::OspfProcess>& ospf,
                              const std::vector<model::EigrpProcess>& eigrp,
                              const std::optional<model::BgpProcess>& bgp) {
    collectOspf(ospf);
    for (const auto& e : eigrp) {
      c.addRedistributions(e.redistributions);
      for (const auto& l : e.distribute_lists)
        c.add(l.prefix_list ? K::PrefixList : K::RoutePolicy, l.name, l.span);
    }
    if (bgp) {
      for (const auto& n : bgp->neighbors) collectNeighbor(n, c);
      for (const auto& n : bgp->networks) c.add(K::RoutePolicy, n.route_map, n.span);
      for (const auto& n : bgp->ipv6_networks) c.add(K::RoutePolicy, n.route_map, n.span);
      c.addRedistributions(bgp->ipv6_redistributions);
      for (const auto& a : bgp->aggregates) c.add(K::RoutePolicy, a.route_map, a.span);
      c.addRedistributions(bgp->redistributions);
      if (bgp->vrf_import_map) c.add(K::RoutePolicy, bgp->vrf_import_map->name, bgp->vrf_import_map->span);
    }
  };
  collectInstances(d.ospf, d.eigrp, d.bgp);
  for (const auto& [name, vrf] : d.vrfs) {
    collectInstances(vrf.ospf, vrf.eigrp, vrf.bgp);
    for (const auto* map : {&vrf.import_map, &vrf.export_map})
      if (*map) c.add(K::RoutePolicy, (*map)->name, (*map)->span);
  }
  for (const auto& [name, policy] : d.route_policies) collectPolicy(policy, c);
  return c.take();
}

std::vector<model::ParseWarning> checkReferences(const model::Device& d, const SourceText& text) {
  std::vector<model::ParseWarning> warnings;
  // Peer-group members repeat the group's references on one line: report each line once.
  std::set<std::tuple<std::string, int, std::string>> seen;
  auto warn = [&](const model::SourceSpan& at, std::string message) {
    if (!seen.insert({at.file, at.first_line, message}).second) return;
    warnings.push_back({at.file, at.first_line, text.line(at.file, at.first_line), std::move(message)});
  };

  std::set<std::pair<StructureKind, std::string>> used;
  for (const auto& ref : collectReferences(d)) {
    used.insert({ref.kind, ref.name});
    if (!isDefined(d, ref.kind, ref.name))
      warn(ref.where, "undefined " + structureKindName(ref.kind, d.vendor) + " " + ref.name);
  }

  auto reportUnused = [&](StructureKind kind, const auto& structures) {
    for (const auto& [name, s] : structures)
      if (!used.count({kind, name})) warn(s.span, "unused " + structureKindName(kind, d.vendor) + " " + name);
  };
  reportUnused(StructureKind::RoutePolicy, d.route_policies);
  reportUnused(StructureKind::PrefixList, d.prefix_lists);
  reportUnused(StructureKind::CommunityList, d.community_lists);
  reportUnused(StructureKind::AsPathList, d.as_path_lists);
  return warnings;
}

}  // namespace routefix::parser
