#include "parser/junos/junos_draft.h"

#include <algorithm>

namespace routefix::parser::junos {

void JunosDraft::coverPath(model::SourceSpan& span, const SetPath& at, size_t headerWord) const {
  // An element's span covers the user's own statements; a group's lines only name it when
  // the group alone configures it.
  if (at.inherited && span.known()) return;
  if (!at.inherited && span.known() && group_lines.count({span.file, span.first_line}))
    span = {};  // so far only a group configured it
  cover(span, at.file, at.word_lines.size() > headerWord ? at.word_lines[headerWord] : at.line);
  cover(span, at.file, at.line);
}

void cover(model::SourceSpan& span, const std::string& file, int line) {
  if (line <= 0) return;
  if (!span.known()) {
    span = {file, line, line};
    return;
  }
  if (span.file != file) return;  // a span stays within its first file
  span.first_line = std::min(span.first_line, line);
  span.last_line = std::max(span.last_line, line);
}

void JunosDraft::warn(const SetPath& path, std::string message) {
  // Statements the model cannot express are reported once per kind, not once per line.
  if (message.rfind("not modelled", 0) == 0 && !not_modelled_warned.insert(message).second) return;
  auto lines = file_lines.find(path.file);
  warnings.push_back({path.file, path.line, lines == file_lines.end() ? std::string() : lines->second.line(path.line),
                      std::move(message)});
}

model::Interface& JunosDraft::unit(const std::string& physical, const std::string& unitNumber,
                                   const SetPath& at) {
  std::string name = physical + "." + unitNumber;
  auto [slot, added] = interface_index.try_emplace(name, device.interfaces.size());
  model::Interface* i = nullptr;
  if (!added) {
    i = &device.interfaces[slot->second];
  } else {
    i = &device.interfaces.emplace_back();
    i->name = name;
  }
  // The unit's span starts at its `unit N` header (the physical interface's header for the
  // first unit would overlap its siblings).
  coverPath(i->span, at, 2);
  return *i;
}

StaticRouteDraft& JunosDraft::staticRoute(const model::IpPrefix& prefix, const SetPath& at, size_t headerWord) {
  auto [slot, added] = static_route_index.try_emplace(prefix, static_routes.size());
  StaticRouteDraft& s = added ? static_routes.emplace_back() : static_routes[slot->second];
  s.prefix = prefix;
  coverPath(s.span, at, headerWord);
  return s;
}

OspfInterfaceDraft& JunosDraft::ospfInterface(OspfDraft& process, const std::string& name, uint32_t area,
                                              const SetPath& at) {
  auto [slot, added] = process.interface_index.try_emplace(name, process.interfaces.size());
  OspfInterfaceDraft& o = added ? process.interfaces.emplace_back() : process.interfaces[slot->second];
  o.name = name;
  o.area = area;
  coverPath(o.span, at, 4);
  return o;
}

BgpGroupDraft& JunosDraft::bgpGroup(const std::string& name, const SetPath& at) {
  auto it = std::find_if(bgp.groups.begin(), bgp.groups.end(),
                         [&](const BgpGroupDraft& g) { return g.name == name; });
  BgpGroupDraft& g = it != bgp.groups.end() ? *it : bgp.groups.emplace_back();
  g.name = name;
  coverPath(g.settings.span, at, 2);
  return g;
}

BgpNeighborDraft& JunosDraft::bgpNeighbor(BgpGroupDraft& group, const std::string& address,
                                          const SetPath& at) {
  auto it = std::find_if(group.neighbors.begin(), group.neighbors.end(),
                         [&](const BgpNeighborDraft& n) { return n.address == address; });
  BgpNeighborDraft& n = it != group.neighbors.end() ? *it : group.neighbors.emplace_back();
  n.address = address;
  coverPath(n.settings.span, at, 4);
  return n;
}

TermDraft& JunosDraft::term(const std::string& policy, const std::string& termName,
                            const SetPath& at) {
  auto pit = std::find_if(policies.begin(), policies.end(),
                          [&](const PolicyDraft& p) { return p.name == policy; });
  PolicyDraft& p = pit != policies.end() ? *pit : policies.emplace_back();
  p.name = policy;
  coverPath(p.span, at, 1);
  auto tit = std::find_if(p.terms.begin(), p.terms.end(),
                          [&](const TermDraft& t) { return t.name == termName; });
  TermDraft& t = tit != p.terms.end() ? *tit : p.terms.emplace_back();
  t.name = termName;
  coverPath(t.span, at, 3);
  return t;
}

CommunityDraft& JunosDraft::community(const std::string& name, const SetPath& at) {
  auto it = std::find_if(communities.begin(), communities.end(),
                         [&](const CommunityDraft& c) { return c.name == name; });
  CommunityDraft& c = it != communities.end() ? *it : communities.emplace_back();
  c.name = name;
  coverPath(c.span, at, 1);
  return c;
}

void JunosDraft::swapRouting(InstanceDraft& instance) {
  std::swap(static_routes, instance.static_routes);
  std::swap(static_route_index, instance.static_route_index);
  std::swap(ospf, instance.ospf);
  std::swap(bgp, instance.bgp);
  std::swap(router_id, instance.router_id);
  std::swap(autonomous_system, instance.autonomous_system);
}

}  // namespace routefix::parser::junos
