#include "verify/blame.h"

#include <deque>
#include <set>
#include <string_view>
#include <utility>

#include "model/names.h"

namespace routefix::verify {

namespace {

struct PolicyVerdict {
  bool permitted = false;
  model::SourceSpan line;  // the deciding line
};

// Evaluates the prefix-only part of a route-map/prefix-list chain: matches on anything other
// than the prefix are taken as matching (we only know the prefix here).
PolicyVerdict prefixVerdict(const model::Device& device, const std::string& prefixList,
                            const std::vector<std::string>& policies, const model::Prefix& prefix) {
  if (!prefixList.empty()) {
    auto it = device.prefix_lists.find(prefixList);
    if (it != device.prefix_lists.end()) {
      auto entry = it->second.firstMatch(prefix);
      if (!entry) return {false, it->second.span};
      const auto& e = it->second.entries[*entry];
      if (e.action == model::Action::Deny) return {false, e.span};
    }
  }
  PolicyVerdict verdict{true, {}};
  for (const auto& name : policies) {
    auto pit = device.route_policies.find(name);
    if (pit == device.route_policies.end()) continue;
    model::SourceSpan lastFailedList;
    bool decided = false;
    for (const auto& clause : pit->second.clauses) {
      bool matches = true;
      for (const auto& m : clause.matches) {
        if (m.kind != model::PolicyMatch::Kind::PrefixList) continue;
        bool any = false;
        for (const auto& listName : m.names) {
          auto lit = device.prefix_lists.find(listName);
          if (lit == device.prefix_lists.end()) continue;
          if (lit->second.permits(prefix)) any = true;
          else lastFailedList = lit->second.span;
        }
        if (!any) matches = false;
      }
      if (!matches) continue;
      if (clause.action == model::ClauseAction::Deny) return {false, clause.span};
      if (clause.action == model::ClauseAction::NextClause) continue;
      verdict.line = clause.span;
      for (const auto& s : clause.sets)
        if (s.kind == model::PolicySet::Kind::LocalPref || s.kind == model::PolicySet::Kind::Weight)
          verdict.line = s.span;
      decided = true;
      break;
    }
    if (!decided && !pit->second.clauses.empty() &&
        pit->second.clauses.back().action != model::ClauseAction::NextPolicy)
      return {false, lastFailedList.known() ? lastFailedList : pit->second.span};
  }
  return verdict;
}

// The statement of session `s` on its own node: by peer address, or by interface (unnumbered).
const model::BgpNeighbor* statementOf(const model::Device& device, const sim::BgpSessionStatus& s) {
  const model::BgpProcess* bgp = bgpInstance(device, s.vrf);
  if (!bgp) return nullptr;
  return s.interface.empty() ? bgp->findNeighbor(s.peer_ip) : bgp->findUnnumberedNeighbor(s.interface);
}

// The peer's statement for session `s`: found through the peer's own status of the session.
const model::BgpNeighbor* peerStatementOf(const model::Device& peer, const sim::DataPlane& dp,
                                          const sim::BgpSessionStatus& s) {
  if (s.interface.empty()) {
    const model::BgpProcess* bgp = bgpInstance(peer, s.peer_vrf);
    return bgp ? bgp->findNeighbor(s.local_ip) : nullptr;
  }
  for (const auto& back : dp.sessions)
    if (back.node == s.peer_node && back.peer_node == s.node && !back.interface.empty())
      return statementOf(peer, back);
  return nullptr;
}

}  // namespace

const model::BgpProcess* bgpInstance(const model::Device& device, std::string_view vrf) {
  if (vrf.empty()) return device.bgp ? &*device.bgp : nullptr;
  auto it = device.vrfs.find(std::string(vrf));
  return it != device.vrfs.end() && it->second.bgp ? &*it->second.bgp : nullptr;
}

model::SourceSpan deviceSpan(const model::Network& network, const std::string& node) {
  const model::Device* d = network.findDevice(node);
  if (!d) return {};
  if (d->hostname_span.known()) return d->hostname_span;
  if (!d->files.empty()) return {d->files.front(), 1, 1};
  return {};
}

model::SourceSpan blameMissingRoute(const model::Network& network, const sim::DataPlane& dataPlane,
                                    const std::string& node, model::Ipv4 address, const std::string& vrf) {
  using Table = std::pair<std::string, std::string>;  // device, VRF
  auto routeAt = [&](const Table& t) -> const sim::Route* {
    const sim::NodeRib* rib = dataPlane.table(t.first, t.second);
    return rib ? rib->longestMatch(address) : nullptr;
  };
  // Breadth-first over BGP sessions, so the blamed session is the one nearest the source; a
  // session joins the VRF instances it runs in.
  std::deque<Table> queue = {{node, vrf}};
  std::set<Table> seen = {{node, vrf}};
  const model::SourceSpan* nearestDown = nullptr;  // the nearest session that is not up
  while (!queue.empty()) {
    Table receiver = queue.front();
    queue.pop_front();
    for (const auto& s : dataPlane.sessions) {
      if (s.node != receiver.first || s.vrf != receiver.second || s.peer_node.empty()) continue;
      Table sender{s.peer_node, s.peer_vrf};
      const sim::Route* senderRoute = routeAt(sender);
      if (!senderRoute) {
        if (!s.established && s.span.known() && !nearestDown) nearestDown = &s.span;
        if (seen.insert(sender).second) queue.push_back(sender);
        continue;
      }
      if (!s.established) return s.span;
      const model::Device* rx = network.findDevice(receiver.first);
      const model::Device* tx = network.findDevice(s.peer_node);
      if (const auto* nb = rx ? statementOf(*rx, s) : nullptr) {
        auto v = prefixVerdict(*rx, nb->prefix_list_in, nb->import_policies, senderRoute->prefix);
        if (!v.permitted && v.line.known()) return v.line;
      }
      if (const auto* nb = tx ? peerStatementOf(*tx, dataPlane, s) : nullptr) {
        auto v = prefixVerdict(*tx, nb->prefix_list_out, nb->export_policies, senderRoute->prefix);
        if (!v.permitted && v.line.known()) return v.line;
        if (nb->span.known()) return nb->span;
      }
      return s.span;
    }
  }
  // No router the sessions reach has any route: the address was never originated. A
  // `network` statement meant to originate it announces nothing while its prefix is not in
  // its router's RIB (IOS/FRR need the exact prefix there, e.g. from a Null0 static).
  for (const auto& d : network.devices) {
    const model::BgpProcess* bgp = bgpInstance(d, vrf);
    if (!bgp) continue;
    const sim::NodeRib* rib = dataPlane.table(d.name, vrf);
    for (const auto& n : bgp->networks)
      if (n.prefix.contains(address) && n.span.known() && (!rib || !rib->exact(n.prefix))) return n.span;
  }
  // Else a session that would have carried routes had it come up (e.g. one whose peer
  // address lies in another VRF at the peer).
  if (nearestDown) return *nearestDown;
  return deviceSpan(network, node);
}

model::SourceSpan blameRouteChoice(const model::Network& network, const std::string& node,
                                   const sim::Route& route, const std::string& vrf) {
  const model::Device* d = network.findDevice(node);
  const model::BgpProcess* bgp = d ? bgpInstance(*d, vrf) : nullptr;
  if (bgp && !route.received_from.empty()) {
    for (const auto& nb : bgp->neighbors) {
      bool fromThis = nb.id == route.received_from ||
                      (nb.address && nb.address->str() == route.received_from);
      if (!fromThis && nb.address) {
        // received_from may name the peer device; match it through the neighbor's address.
        for (const auto& nh : route.next_hops)
          if (nh.ip && *nh.ip == *nb.address) fromThis = true;
      }
      if (!fromThis && !nb.interface.empty())  // unnumbered: learned out of its interface
        for (const auto& nh : route.next_hops)
          if (!nh.ip && model::equalsIgnoreCase(nh.interface, nb.interface)) fromThis = true;
      if (!fromThis) continue;
      auto v = prefixVerdict(*d, nb.prefix_list_in, nb.import_policies, route.prefix);
      if (v.line.known()) return v.line;
      if (nb.span.known()) return nb.span;
    }
  }
  if (route.origin_span.known()) return route.origin_span;
  return deviceSpan(network, node);
}

model::SourceSpan blamePathEnd(const model::Network& network, const sim::DataPlane& dataPlane,
                               const sim::TracePath& path, model::Ipv4 address) {
  const std::string& at = path.at.empty() && !path.hops.empty() ? path.hops.back().node : path.at;
  // The table the path ended in: its last hop's VRF.
  const std::string vrf = !path.hops.empty() && path.hops.back().node == at ? path.hops.back().vrf : "";
  const sim::NodeRib* rib = dataPlane.table(at, vrf);
  const sim::Route* route = rib ? rib->longestMatch(address) : nullptr;
  switch (path.outcome) {
    case sim::TraceOutcome::NoRoute: return blameMissingRoute(network, dataPlane, at, address, vrf);
    case sim::TraceOutcome::NullRoute:
      if (route && route->origin_span.known()) return route->origin_span;
      break;
    case sim::TraceOutcome::Filtered:
      if (const model::Device* d = network.findDevice(at)) {
        // The entry of an applied ACL that denies the destination.
        for (const auto& itf : d->interfaces)
          for (const auto* aclName : {&itf.acl_in, &itf.acl_out}) {
            auto it = d->access_lists.find(*aclName);
            if (aclName->empty() || it == d->access_lists.end()) continue;
            for (const auto& e : it->second.entries)
              if (e.destination.matches(address)) {
                if (e.action == model::Action::Deny) return e.span;
                break;
              }
          }
      }
      break;
    case sim::TraceOutcome::Loop:
      if (route) return blameRouteChoice(network, at, *route, vrf);
      break;
    default: break;
  }
  return deviceSpan(network, at);
}

}  // namespace routefix::verify
