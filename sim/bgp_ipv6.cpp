#include "sim/bgp_ipv6.h"

#include <set>
#include <utility>

#include "semantics/config_rules.h"
#include "sim/bgp_engine.h"
#include "sim/simulation_stages.h"
#include "sim/vrf_instances.h"

namespace routefix::sim::detail {

namespace {

bool carriesIpv6(const model::BgpNeighbor* n) { return n && n->ipv6.activate && !n->shutdown; }

// A node of the default VRF of a device that routes IPv6: where this slice runs IPv6 BGP.
bool routesIpv6(const Topology& topo, uint32_t node) {
  return nodeVrf(topo.device(node).name).vrf.empty() && topo.device(node).ipv6_unicast_routing;
}

// The interface's first global IPv6 address: what FRR writes as its own IPv6 next hop on
// sessions from that interface (bgp_nexthop_set, if_get_ipv6_global).
std::optional<model::IpAddress> globalIpv6(const model::Interface* i) {
  if (i)
    for (const auto& a : i->ipv6_addresses)
      if (!a.link_local && !a.eui64) return a.address;
  return std::nullopt;
}

const model::Interface* interfaceWith(const model::Device& d, model::Ipv4 address) {
  for (const auto& i : d.interfaces) {
    if (i.address && i.address->address == address) return &i;
    for (const auto& s : i.secondary)
      if (s.address == address) return &i;
  }
  return nullptr;
}

const model::Interface* interfaceWith(const model::Device& d, const model::IpAddress& address) {
  for (const auto& i : d.interfaces)
    for (const auto& a : i.ipv6_addresses)
      if (a.address == address) return &i;
  return nullptr;
}

const model::BgpNeighbor* neighborFor(const model::BgpProcess& bgp, const model::IpAddress& address) {
  for (const auto& n : bgp.neighbors)
    if (n.ipv6_address == address) return &n;
  return nullptr;
}

// An IPv4 session whose both statements activate IPv6 unicast carries it: the same peering,
// reflection per the IPv6 family's statements; the sender's IPv6 next hop is the global address
// of the interface its end of the session is on.
void addOverIpv4(const Topology& topo, const BgpPeering& p, Ipv6Peerings& out) {
  BgpPeering q = p;
  q.receiver_is_client = p.sender_neighbor->ipv6.route_reflector_client;
  q.sender_is_client = p.receiver_neighbor->ipv6.route_reflector_client;
  Ipv6Unicast::PeeringAddresses a;
  a.session = model::IpAddress::fromV4(p.sender_address);
  const model::Device& sender = topo.device(p.sender);
  if (p.unnumbered()) {
    a.self_next_hop = globalIpv6(sender.findInterface(p.sender_neighbor->interface));
    a.shared_link = p.receiver_interface;
  } else {
    a.self_next_hop = globalIpv6(interfaceWith(sender, p.sender_address));
    // A shared link: each end's address is on a subnet of the other (FRR peer->shared_network).
    auto receiving = topo.interfaceFor(p.receiver, p.sender_address);
    if (receiving && topo.interfaceFor(p.sender, p.receiver_address))
      a.shared_link = topo.device(p.receiver).interfaces[*receiving].name;
  }
  out.peerings.push_back(std::move(q));
  out.addresses.push_back(std::move(a));
}

// Sessions between IPv6 addresses on a link both ends share: node a's statement `na` for an
// address across its interface, and the statement of the device there for a's address.
void addIpv6Sessions(const Topology& topo, const Ipv6Neighbours& neighbours, Ipv6Peerings& out) {
  std::set<const model::BgpNeighbor*> paired;
  for (uint32_t a = 0; a < topo.nodeCount(); ++a) {
    const auto& da = topo.device(a);
    if (!da.bgp || !routesIpv6(topo, a)) continue;
    for (const auto& na : da.bgp->neighbors) {
      if (!na.ipv6_address || !carriesIpv6(&na) || !semantics::declaresRemoteAs(na) || paired.count(&na)) continue;
      for (const auto& itf : da.interfaces) {
        if (!itf.routes()) continue;
        for (const auto& local : itf.ipv6_addresses) {
          if (local.link_local || local.address == *na.ipv6_address || !local.subnet().contains(*na.ipv6_address))
            continue;
          auto b = topo.nodeIndex(neighbours.nodeBehind(da.name, itf.name, *na.ipv6_address));
          if (!b || !topo.device(*b).bgp || !routesIpv6(topo, *b)) continue;
          const auto& db = topo.device(*b);
          const model::BgpNeighbor* nb = neighborFor(*db.bgp, local.address);
          if (!carriesIpv6(nb) || !semantics::declaresRemoteAs(*nb)) continue;
          uint32_t ownAs = semantics::presentedAs(*da.bgp, na), peerAs = semantics::presentedAs(*db.bgp, *nb);
          if (!semantics::remoteAsAccepts(na, ownAs, peerAs) || !semantics::remoteAsAccepts(*nb, peerAs, ownAs))
            continue;
          const BgpPeering kind = directedPeering(topo, a, *b, na, *nb, ownAs, peerAs);
          if (!semantics::sessionRefusal(na, *nb, kind.ebgp && !kind.confed).empty()) continue;
          paired.insert(nb);
          const model::Interface* across = interfaceWith(db, *na.ipv6_address);
          auto direction = [&](uint32_t s, uint32_t r, const model::BgpNeighbor* sn, const model::BgpNeighbor* rn,
                               const model::IpAddress& sAddress, uint32_t sAs, uint32_t rAs,
                               const std::string& rInterface) {
            BgpPeering p = directedPeering(topo, s, r, *sn, *rn, sAs, rAs);
            p.receiver_is_client = sn->ipv6.route_reflector_client;
            p.sender_is_client = rn->ipv6.route_reflector_client;
            out.peerings.push_back(p);
            out.addresses.push_back({sAddress, sAddress, rInterface});
          };
          direction(a, *b, &na, nb, local.address, ownAs, peerAs, across ? across->name : "");
          direction(*b, a, nb, &na, *na.ipv6_address, peerAs, ownAs, itf.name);
        }
      }
    }
  }
}

// The global IPv6 address a neighbor statement's session comes from: its update-source (an
// interface's first global address, or an address), else the global address of the
// interface the table forwards the peer's address over.
std::optional<model::IpAddress> sessionSource(const model::Device& d, const Ipv6Neighbours& neighbours,
                                              const Ipv6Rib& rib, const model::BgpNeighbor& n) {
  if (!n.update_source.empty()) {
    if (auto ip = model::IpAddress::parseV6(n.update_source)) return ip;
    const model::Interface* itf = d.findInterface(n.update_source);
    return itf && itf->routes() ? globalIpv6(itf) : std::nullopt;
  }
  auto res = resolveIpv6NextHop(d, neighbours, rib, *n.ipv6_address);
  if (!res || res->next_hops.empty()) return std::nullopt;
  return globalIpv6(d.findInterface(res->next_hops.front().interface));
}

// Sessions between IPv6 addresses that no link of both ends holds (iBGP between loopbacks,
// ebgp-multihop): a's statement `na` for an address of device b, b's statement for the address
// a's session comes from, each address routed in the other end's IPv6 table (connected,
// static, OSPFv3). The sender's next hop for itself is the address its session comes from
// (FRR bgp_nexthop_set: the connection's local address; no link-local one off a shared link).
void addMultihopIpv6Sessions(const Topology& topo, const Ipv6Neighbours& neighbours,
                             const std::vector<Ipv6Rib>& ribs, Ipv6Peerings& out) {
  std::set<const model::BgpNeighbor*> paired;
  auto onLink = [&](const model::Device& d, const model::IpAddress& address) {
    for (const auto& itf : d.interfaces)
      if (itf.routes())
        for (const auto& local : itf.ipv6_addresses)
          if (!local.link_local && local.subnet().contains(address)) return true;
    return false;
  };
  for (uint32_t a = 0; a < topo.nodeCount(); ++a) {
    const auto& da = topo.device(a);
    if (!da.bgp || !routesIpv6(topo, a)) continue;
    for (const auto& na : da.bgp->neighbors) {
      if (!na.ipv6_address || !carriesIpv6(&na) || !semantics::declaresRemoteAs(na) || paired.count(&na) ||
          onLink(da, *na.ipv6_address))
        continue;
      auto b = topo.nodeIndex(neighbours.owner(*na.ipv6_address));
      if (!b || *b == a || !topo.device(*b).bgp || !routesIpv6(topo, *b)) continue;
      const auto& db = topo.device(*b);
      auto source = sessionSource(da, neighbours, ribs[a], na);
      if (!source) continue;
      const model::BgpNeighbor* nb = neighborFor(*db.bgp, *source);
      if (!carriesIpv6(nb) || !semantics::declaresRemoteAs(*nb)) continue;
      uint32_t ownAs = semantics::presentedAs(*da.bgp, na), peerAs = semantics::presentedAs(*db.bgp, *nb);
      if (!semantics::remoteAsAccepts(na, ownAs, peerAs) || !semantics::remoteAsAccepts(*nb, peerAs, ownAs))
        continue;
      if (ownAs != peerAs && !na.ebgp_multihop && !nb->ebgp_multihop) continue;
      if (!resolveIpv6NextHop(da, neighbours, ribs[a], *na.ipv6_address) ||
          !resolveIpv6NextHop(db, neighbours, ribs[*b], *source))
        continue;
      paired.insert(nb);
      auto direction = [&](uint32_t s, uint32_t r, const model::BgpNeighbor* sn, const model::BgpNeighbor* rn,
                           const model::IpAddress& sAddress, uint32_t sAs, uint32_t rAs) {
        BgpPeering p = directedPeering(topo, s, r, *sn, *rn, sAs, rAs);
        p.receiver_is_client = sn->ipv6.route_reflector_client;
        p.sender_is_client = rn->ipv6.route_reflector_client;
        out.peerings.push_back(p);
        out.addresses.push_back({sAddress, sAddress, ""});
      };
      direction(a, *b, &na, nb, *source, ownAs, peerAs);
      direction(*b, a, nb, &na, *na.ipv6_address, peerAs, ownAs);
    }
  }
}

}  // namespace

Ipv6Peerings ipv6Peerings(const Topology& topo, const Ipv6Neighbours& neighbours,
                          const std::vector<BgpPeering>& ipv4Peerings, const std::vector<Ipv6Rib>& ribs) {
  Ipv6Peerings out;
  for (const auto& p : ipv4Peerings) {
    // Peers outside the snapshot announce IPv4 only (external.json); VRF instances: later.
    if (p.leak || p.sender == kNone || !routesIpv6(topo, p.sender) || !routesIpv6(topo, p.receiver)) continue;
    if (carriesIpv6(p.sender_neighbor) && carriesIpv6(p.receiver_neighbor)) addOverIpv4(topo, p, out);
  }
  addIpv6Sessions(topo, neighbours, out);
  addMultihopIpv6Sessions(topo, neighbours, ribs, out);
  return out;
}

void addIpv6BgpRoutes(DataPlane& dp) {
  if (!dp.topology) return;
  const Topology& topo = *dp.topology;
  bool anyActivated = false;
  for (const auto& d : topo.network().devices)
    if (d.bgp)
      for (const auto& n : d.bgp->neighbors) anyActivated = anyActivated || n.ipv6.activate;
  if (!anyActivated) return;

  size_t n = topo.nodeCount();
  std::vector<NodeRib> ribs(n);  // the IPv4 tables, for the IPv4 sessions
  std::vector<Ipv6Rib> ribs6(n);
  for (uint32_t i = 0; i < n; ++i) {
    auto [device, vrf] = nodeVrf(topo.device(i).name);
    if (const NodeRib* t = dp.table(device, vrf)) ribs[i] = *t;
    if (!vrf.empty()) continue;
    if (auto it = dp.ipv6.ribs.find(std::string(device)); it != dp.ipv6.ribs.end()) ribs6[i] = it->second;
  }
  Ipv6Neighbours neighbours(topo.network(), topo.failedLinks());
  Ipv6Peerings sessions = ipv6Peerings(topo, neighbours, establishSessions(topo, ribs).peerings, ribs6);
  PolicyContext context(topo.network());
  Ipv6Unicast family(topo, neighbours, sessions.addresses);
  auto outcome = computeIpv6Bgp(family, topo, ribs6, sessions.peerings, context.policies, context.tables);
  for (uint32_t i = 0; i < n; ++i) {
    auto& bgp = outcome.routes[i];
    if (bgp.empty()) continue;
    std::vector<Ipv6Route> candidates = ribs6[i].routes();
    candidates.insert(candidates.end(), bgp.begin(), bgp.end());
    dp.ipv6.ribs[topo.device(i).name] = selectIpv6Installed(candidates);
  }
  dp.warnings.insert(dp.warnings.end(), outcome.warnings.begin(), outcome.warnings.end());
  if (!outcome.oscillating.empty()) dp.converged = false;
}

}  // namespace routefix::sim::detail

