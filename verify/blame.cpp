#include "verify/blame.h"

#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include "model/names.h"
#include "verify/forwarding.h"

namespace routefix::verify {

namespace {

struct PolicyVerdict {
  bool permitted = false;
  model::SourceSpan line;  // the deciding line
};

// The prefix lists of a prefix's family, and the route-map match that names them.
const std::map<std::string, model::PrefixList>& listsFor(const model::Device& d, const model::Prefix&) {
  return d.prefix_lists;
}
const std::map<std::string, model::IpPrefixList>& listsFor(const model::Device& d, const model::IpPrefix&) {
  return d.ipv6_prefix_lists;
}
model::PolicyMatch::Kind listMatch(const model::Prefix&) { return model::PolicyMatch::Kind::PrefixList; }
model::PolicyMatch::Kind listMatch(const model::IpPrefix&) { return model::PolicyMatch::Kind::Ipv6PrefixList; }

// Evaluates the prefix-only part of a route-map/prefix-list chain: matches on anything other
// than the prefix are taken as matching (we only know the prefix here). Prefix: model::Prefix
// or model::IpPrefix (an IPv6 route, matched by `ipv6 prefix-list`s).
template <class Prefix>
PolicyVerdict prefixVerdict(const model::Device& device, const std::string& prefixList,
                            const std::vector<std::string>& policies, const Prefix& prefix) {
  const auto& lists = listsFor(device, prefix);
  if (!prefixList.empty()) {
    auto it = lists.find(prefixList);
    if (it != lists.end()) {
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
        if (m.kind != listMatch(prefix)) continue;
        bool any = false;
        for (const auto& listName : m.names) {
          auto lit = lists.find(listName);
          if (lit == lists.end()) continue;
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
  if (bgp && !route.received_from->empty()) {
    for (const auto& nb : bgp->neighbors) {
      bool fromThis = nb.id == *route.received_from ||
                      (nb.address && nb.address->str() == *route.received_from);
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
  if (route.origin_span->known()) return *route.origin_span;
  return deviceSpan(network, node);
}

// ---- IPv6 destinations (issue 16) ---------------------------------------------------

namespace {

// A BGP session of a device's default instance that can carry IPv6 routes to it: an IPv4
// session (MP-BGP) or a neighbor statement for another device's IPv6 address. `here` is the
// receiving device's statement, `there` the sender's (nullptr: none).
struct Ipv6Carrier {
  std::string peer;
  const model::BgpNeighbor* here = nullptr;
  const model::BgpNeighbor* there = nullptr;
  bool up = true;
  model::SourceSpan span;
};

const model::Device* ownerOfIpv6(const model::Network& network, const model::IpAddress& a) {
  for (const auto& d : network.devices)
    for (const auto& i : d.interfaces)
      for (const auto& x : i.ipv6_addresses)
        if (x.address == a && !x.link_local) return &d;
  return nullptr;
}

// `peer`'s neighbor statement for one of `device`'s IPv6 addresses.
const model::BgpNeighbor* statementFor(const model::Device& peer, const model::Device& device) {
  if (!peer.bgp) return nullptr;
  for (const auto& n : peer.bgp->neighbors)
    for (const auto& i : device.interfaces)
      for (const auto& x : i.ipv6_addresses)
        if (n.ipv6_address && *n.ipv6_address == x.address) return &n;
  return nullptr;
}

std::vector<Ipv6Carrier> ipv6Carriers(const model::Network& network, const sim::DataPlane& dp,
                                      const model::Device& rx) {
  std::vector<Ipv6Carrier> out;
  for (const auto& s : dp.sessions) {
    if (s.node != rx.name || !s.vrf.empty() || !s.peer_vrf.empty() || s.peer_node.empty()) continue;
    const model::Device* tx = network.findDevice(s.peer_node);
    out.push_back({s.peer_node, statementOf(rx, s), tx ? peerStatementOf(*tx, dp, s) : nullptr, s.established, s.span});
  }
  if (rx.bgp)
    for (const auto& nb : rx.bgp->neighbors)
      if (nb.ipv6_address)
        if (const model::Device* tx = ownerOfIpv6(network, *nb.ipv6_address))
          out.push_back({tx->name, &nb, statementFor(*tx, rx), true, nb.span});
  return out;
}

// Whether `d` sends its route `r` to its IPv6 BGP peers: a learned BGP route, or one it
// originates by a `network` statement or redistributes.
bool announcesIpv6(const model::Device& d, const sim::Ipv6Route& r) {
  if (protocolFamily(r.protocol) == "bgp") return true;
  for (const auto& n : d.bgp->ipv6_networks)
    if (n.prefix == r.prefix) return true;
  std::optional<model::RouteSource> source;
  if (r.protocol == sim::Protocol::Connected || r.protocol == sim::Protocol::Local) source = model::RouteSource::Connected;
  if (r.protocol == sim::Protocol::Static) source = model::RouteSource::Static;
  for (const auto& redist : d.bgp->ipv6_redistributions)
    if (redist.source == source) return true;
  return false;
}

const sim::Ipv6Route* ipv6RouteAt(const sim::DataPlane& dp, const std::string& node, const model::IpAddress& a) {
  const sim::Ipv6Rib* rib = dp.ipv6Table(node);
  return rib ? rib->longestMatch(a) : nullptr;
}

}  // namespace

model::SourceSpan blameMissingRoute(const model::Network& network, const sim::DataPlane& dataPlane,
                                    const std::string& node, const model::IpAddress& address,
                                    const std::string& vrf) {
  if (address.isV4()) return blameMissingRoute(network, dataPlane, node, address.v4(), vrf);
  // IPv6 BGP runs in the default VRF only: breadth-first over its sessions from `node`. Of a
  // node's sessions from peers that have a route, one that is down, not activated in the IPv6
  // family or filtering the route is the cause; a session that carries the route and still
  // delivers none (the AS-path loop check, a reflection rule) only when no other is.
  std::deque<std::string> queue = {node};
  std::set<std::string> seen = {node};
  std::optional<model::SourceSpan> nearestDown;
  while (vrf.empty() && !queue.empty()) {
    const model::Device* rx = network.findDevice(queue.front());
    queue.pop_front();
    if (!rx) continue;
    std::optional<model::SourceSpan> carrying;
    for (const auto& c : ipv6Carriers(network, dataPlane, *rx)) {
      const sim::Ipv6Route* senderRoute = ipv6RouteAt(dataPlane, c.peer, address);
      if (!senderRoute) {
        if (!c.up && c.span.known() && !nearestDown) nearestDown = c.span;
        if (seen.insert(c.peer).second) queue.push_back(c.peer);
        continue;
      }
      if (!c.up) return c.span;
      // A statement not activated in the IPv6 unicast family carries no IPv6 route.
      if (c.here && !c.here->ipv6.activate && c.here->span.known()) return c.here->span;
      if (c.there && !c.there->ipv6.activate && c.there->span.known()) return c.there->span;
      if (c.here) {
        auto v = prefixVerdict(*rx, c.here->ipv6.prefix_list_in, c.here->ipv6.import_policies, senderRoute->prefix);
        if (!v.permitted && v.line.known()) return v.line;
      }
      if (c.there) {
        const model::Device* tx = network.findDevice(c.peer);
        auto v = prefixVerdict(*tx, c.there->ipv6.prefix_list_out, c.there->ipv6.export_policies, senderRoute->prefix);
        if (!v.permitted && v.line.known()) return v.line;
      }
      // The sender's own route that it does not announce: the announcement is what is missing.
      const model::Device* tx = network.findDevice(c.peer);
      if (tx && tx->bgp && tx->bgp->span.known() && !announcesIpv6(*tx, *senderRoute)) return tx->bgp->span;
      if (!carrying) carrying = c.there && c.there->span.known() ? c.there->span : c.span;
    }
    if (carrying) return *carrying;
  }
  // Nobody has a route: a `network` statement of the IPv6 family for it whose prefix is not in
  // its router's table announces nothing; else the router that has the destination on an
  // interface and announces none of it (its `router bgp` line: the statement is missing).
  for (const auto& d : network.devices) {
    if (!d.bgp || !vrf.empty()) continue;
    const sim::Ipv6Rib* rib = dataPlane.ipv6Table(d.name);
    for (const auto& n : d.bgp->ipv6_networks)
      if (n.prefix.contains(address) && n.span.known() && (!rib || !rib->exact(n.prefix))) return n.span;
  }
  if (nearestDown) return *nearestDown;
  for (const auto& d : network.devices)
    for (const auto& i : d.interfaces)
      for (const auto& a : i.ipv6_addresses)
        if (!a.link_local && a.subnet().contains(address) && d.bgp && d.bgp->span.known() && vrf.empty())
          return d.bgp->span;
  return deviceSpan(network, node);
}

model::SourceSpan blameRouteChoice(const model::Network& network, const std::string& node,
                                   const sim::Ipv6Route& route, const std::string&) {
  const model::Device* d = network.findDevice(node);
  if (d && d->bgp && !route.received_from->empty())
    for (const auto& nb : d->bgp->neighbors) {
      bool fromThis = nb.id == *route.received_from || (nb.address && nb.address->str() == *route.received_from) ||
                      (nb.ipv6_address && nb.ipv6_address->str() == *route.received_from);
      if (!fromThis) continue;
      auto v = prefixVerdict(*d, nb.ipv6.prefix_list_in, nb.ipv6.import_policies, route.prefix);
      if (v.line.known()) return v.line;
      if (nb.span.known()) return nb.span;
    }
  if (route.origin_span->known()) return *route.origin_span;
  return deviceSpan(network, node);
}

// ---- how a path ended, either family ----------------------------------------------

namespace {

const sim::NodeRib* tableOf(const sim::DataPlane& dp, const std::string& node, const std::string& vrf, model::Ipv4) {
  return dp.table(node, vrf);
}
const sim::Ipv6Rib* tableOf(const sim::DataPlane& dp, const std::string& node, const std::string& vrf,
                            const model::IpAddress&) {
  return dp.ipv6Table(node, vrf);
}

// The entry of an ACL applied at `node` that denies the destination.
std::optional<model::SourceSpan> denyingAclEntry(const model::Network& network, const std::string& node,
                                                 model::Ipv4 address) {
  const model::Device* d = network.findDevice(node);
  if (!d) return std::nullopt;
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
  return std::nullopt;
}
// ACLs are IPv4 packet filters: none filters an IPv6 packet.
std::optional<model::SourceSpan> denyingAclEntry(const model::Network&, const std::string&, const model::IpAddress&) {
  return std::nullopt;
}

// Address: model::Ipv4 (the IPv4 tables) or an IPv6 model::IpAddress.
template <class Address>
model::SourceSpan pathEndBlame(const model::Network& network, const sim::DataPlane& dataPlane,
                               const sim::TracePath& path, const Address& address) {
  const std::string& at = path.at.empty() && !path.hops.empty() ? path.hops.back().node : path.at;
  // The table the path ended in: its last hop's VRF.
  const std::string vrf = !path.hops.empty() && path.hops.back().node == at ? path.hops.back().vrf : "";
  const auto* rib = tableOf(dataPlane, at, vrf, address);
  const auto* route = rib ? rib->longestMatch(address) : nullptr;
  switch (path.outcome) {
    case sim::TraceOutcome::NoRoute: return blameMissingRoute(network, dataPlane, at, address, vrf);
    case sim::TraceOutcome::NullRoute:
      if (route && route->origin_span->known()) return *route->origin_span;
      break;
    case sim::TraceOutcome::Filtered:
      if (auto entry = denyingAclEntry(network, at, address)) return *entry;
      break;
    case sim::TraceOutcome::Loop:
      if (route) return blameRouteChoice(network, at, *route, vrf);
      break;
    default: break;
  }
  return deviceSpan(network, at);
}

}  // namespace

model::SourceSpan blamePathEnd(const model::Network& network, const sim::DataPlane& dataPlane,
                               const sim::TracePath& path, model::Ipv4 address) {
  return pathEndBlame(network, dataPlane, path, address);
}

model::SourceSpan blamePathEnd(const model::Network& network, const sim::DataPlane& dataPlane,
                               const sim::TracePath& path, const model::IpAddress& address) {
  return address.isV4() ? pathEndBlame(network, dataPlane, path, address.v4())
                        : pathEndBlame(network, dataPlane, path, address);
}

}  // namespace routefix::verify
