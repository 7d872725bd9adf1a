#include "sim/bgp_sessions.h"

#include <algorithm>
#include <deque>
#include <numeric>
#include <set>
#include <tuple>

#include "semantics/bgp_session_ends.h"
#include "semantics/config_rules.h"
#include "sim/vrf_leaks.h"

namespace routefix::sim::detail {

namespace {

// The address a router sources its session from (semantics::sessionSourceAddress), the
// egress interface being the one its IGP route towards the peer leaves by.
std::optional<Ipv4> localAddress(const Topology& topo, const NodeRib& rib, uint32_t node,
                                 const model::BgpNeighbor& n) {
  const auto& d = topo.device(node);
  const model::Interface* egress = nullptr;
  if (n.update_source.empty())
    if (const Route* r = rib.longestMatch(*n.address); r && !r->next_hops.empty())
      egress = d.findInterface(r->next_hops.front().interface);
  return semantics::sessionSourceAddress(d, n, egress);
}

// Whether node `b` has a statement for an address of `a` that it sources from `address`:
// its connection to `a` then arrives from `address`, which `a` configured as a neighbor.
bool acceptsFromPeer(const Topology& topo, const std::vector<NodeRib>& ribs, uint32_t b, uint32_t a,
                     Ipv4 address) {
  for (const auto& nb : topo.device(b).bgp->neighbors) {
    if (!nb.address) continue;
    auto owner = topo.owner(*nb.address, b);
    if (!owner || owner->node != a) continue;
    auto source = localAddress(topo, ribs[b], b, nb);
    if (source && *source == address) return true;
  }
  return false;
}

std::string statementProblem(const model::BgpNeighbor& n) {
  if (n.shutdown) return "neighbor is shut down";
  if (!semantics::declaresRemoteAs(n)) return "no remote-as";
  if (!n.activate && !n.vpnv4) return "not activated for ipv4 unicast";
  return {};
}

}  // namespace

BgpPeering directedPeering(const Topology& topo, uint32_t sender, uint32_t receiver,
                           const model::BgpNeighbor& sn, const model::BgpNeighbor& rn, uint32_t senderAs,
                           uint32_t receiverAs) {
  const auto& sb = *topo.device(sender).bgp;
  const auto& rb = *topo.device(receiver).bgp;
  BgpPeering p;
  p.sender = sender;
  p.receiver = receiver;
  p.sender_neighbor = &sn;
  p.receiver_neighbor = &rn;
  p.ebgp = senderAs != receiverAs;
  p.confed = semantics::confederationSession(sb, senderAs, rb, receiverAs);
  p.sender_as = senderAs;
  p.receiver_as = receiverAs;
  p.sender_router_id = semantics::bgpRouterId(topo.device(sender));
  p.receiver_is_client = sn.route_reflector_client;
  p.sender_is_client = rn.route_reflector_client;
  return p;
}

bool forwardsTo(const Topology& topo, const std::vector<NodeRib>& ribs, uint32_t from,
                Ipv4 address, uint32_t target) {
  auto owner = topo.owner(address, from);
  std::set<uint32_t> seen{from};
  std::deque<uint32_t> queue{from};
  while (!queue.empty()) {
    uint32_t x = queue.front();
    queue.pop_front();
    if (owner && owner->node == x) return x == target;
    const Route* r = ribs[x].longestMatch(address);
    if (!r) continue;
    for (const auto& nh : r->next_hops) {
      if (nh.discard) continue;
      std::optional<uint32_t> next;
      if (r->protocol == Protocol::Connected || r->protocol == Protocol::Local) {
        if (owner) {
          const auto& itfs = topo.device(x).interfaces;
          for (uint32_t i = 0; i < itfs.size(); ++i)
            if (itfs[i].name == nh.interface) {
              const auto& peers = topo.segmentPeers({x, i});
              if (std::find(peers.begin(), peers.end(), *owner) != peers.end()) next = owner->node;
            }
        }
      } else if (!nh.node.empty()) {
        next = topo.nodeIndex(nh.node);
      }
      if (next && seen.insert(*next).second) queue.push_back(*next);
    }
  }
  return false;
}

namespace {

// Topology's segments as semantics::unnumberedPeer reads them.
semantics::LinkEnds segmentEnds(const Topology& topo, uint32_t node) {
  return [&topo, node](const model::Interface& itf) {
    const auto& d = topo.device(node);
    std::vector<semantics::LinkEnd> out;
    for (const auto& p : topo.segmentPeers({node, static_cast<uint32_t>(&itf - d.interfaces.data())}))
      out.push_back({p.node, &topo.device(p.node), &topo.interface(p)});
    return out;
  };
}

}  // namespace

BgpSessionSetup establishSessions(const Topology& topo, const std::vector<NodeRib>& igpRibs) {
  BgpSessionSetup out;
  // Statements already settled from the other side, per node by neighbor index.
  std::vector<std::vector<char>> paired(topo.nodeCount());
  for (uint32_t a = 0; a < topo.nodeCount(); ++a)
    if (topo.device(a).bgp) paired[a].assign(topo.device(a).bgp->neighbors.size(), 0);
  std::vector<uint32_t> statusNode;  // per status: the node index, for the final order
  for (uint32_t a = 0; a < topo.nodeCount(); ++a) {
    const auto& da = topo.device(a);
    if (!da.bgp) continue;
    for (const auto& na : da.bgp->neighbors) {
      bool unnumbered = !na.interface.empty();
      if ((!na.address && !unnumbered) || paired[a][&na - da.bgp->neighbors.data()]) continue;
      BgpSessionStatus st;
      st.node = da.name;
      if (na.address) st.peer_ip = *na.address;
      st.interface = na.interface;
      st.span = na.span;
      uint32_t ownAs = semantics::presentedAs(*da.bgp, na);
      auto fail = [&](std::string why) {
        st.reason = std::move(why);
        out.statuses.push_back(st);
        statusNode.push_back(a);
      };
      if (auto p = statementProblem(na); !p.empty()) {
        st.ebgp = semantics::declaresEbgp(*da.bgp, na);
        fail(p);
        continue;
      }
      uint32_t b = kNone;
      const model::BgpNeighbor* nb = nullptr;
      std::optional<Ipv4> local;      // numbered: our end's address
      std::string peerInterface;      // unnumbered: the peer's end of the link
      if (unnumbered) {
        std::string why;
        auto end = semantics::unnumberedPeer(da, na, segmentEnds(topo, a), why);
        if (!end) {
          st.ebgp = semantics::declaresEbgp(*da.bgp, na);
          fail(why);
          continue;
        }
        b = end->node;
        nb = end->neighbor;
        peerInterface = end->interface->name;
        st.peer_node = topo.device(b).name;
      } else {
        local = localAddress(topo, igpRibs[a], a, na);
        if (local) st.local_ip = *local;
        auto owner = topo.owner(*na.address, a);
        if (!owner) {
          // A peer outside the snapshot: up when reachable, so external.json routes can enter.
          st.ebgp = semantics::declaresEbgp(*da.bgp, na);
          bool direct = topo.interfaceFor(a, *na.address).has_value();
          bool reachable = direct || ((na.ebgp_multihop || !st.ebgp) && local &&
                                      igpRibs[a].longestMatch(*na.address));
          if (!local || !reachable) {
            fail("peer " + na.address->str() + " unreachable");
            continue;
          }
          st.established = true;
          st.reason = "external peer (not in the snapshot)";
          out.statuses.push_back(st);
          statusNode.push_back(a);
          BgpPeering p;
          p.receiver = a;
          p.receiver_neighbor = &na;
          p.ebgp = st.ebgp;
          p.sender_address = *na.address;
          p.receiver_address = *local;
          p.sender_as = na.remote_as.value_or(0);
          p.receiver_as = ownAs;
          p.sender_router_id = *na.address;
          out.peerings.push_back(p);
          continue;
        }
        b = owner->node;
        const auto& db = topo.device(b);
        st.peer_node = db.name;
        if (b == a) {
          fail("neighbor address is this router's own address");
          continue;
        }
        if (!db.bgp) {
          fail("no BGP process on " + db.name);
          continue;
        }
        if (!local) {
          fail("no source address towards " + na.address->str());
          continue;
        }
        nb = db.bgp->findNeighbor(*local);
        if (!nb) {
          // The peer refuses our connection, but its own may reach us: it is one of its
          // statements, from its side (update-source on one side only).
          if (acceptsFromPeer(topo, igpRibs, b, a, *na.address)) continue;
          fail("no neighbor " + local->str() + " on " + db.name);
          continue;
        }
      }
      const auto& db = topo.device(b);
      uint32_t peerAs = semantics::presentedAs(*db.bgp, *nb);
      st.ebgp = ownAs != peerAs;
      if (auto p = statementProblem(*nb); !p.empty()) {
        fail(db.name + ": " + p);
        continue;
      }
      // A session activated for VPNv4 alone comes up, and carries VPN routes only.
      bool ipv4 = na.activate && nb->activate;
      if (!ipv4 && !(na.vpnv4 && nb->vpnv4)) {
        fail((na.activate ? db.name + ": " : std::string()) + "not activated for ipv4 unicast");
        continue;
      }
      if (!semantics::remoteAsAccepts(na, ownAs, peerAs)) {
        fail("remote-as does not match " + db.name + "'s AS " + std::to_string(peerAs));
        continue;
      }
      if (!semantics::remoteAsAccepts(*nb, peerAs, ownAs)) {
        fail(db.name + " expects a different AS than " + std::to_string(ownAs));
        continue;
      }
      const BgpPeering kind = directedPeering(topo, a, b, na, *nb, ownAs, peerAs);
      if (auto refused = semantics::sessionRefusal(na, *nb, kind.ebgp && !kind.confed); !refused.empty()) {
        fail(refused);
        continue;
      }
      // Our connection from `local` to the peer's address is accepted: the peer has a statement
      // for `local` (where the peer sources its own connection from does not matter; FRR and
      // IOS accept a connection from any configured neighbor address).
      if (!unnumbered) {  // an unnumbered session is on one link by construction
        bool multihop = (st.ebgp && (na.ebgp_multihop || nb->ebgp_multihop)) || !st.ebgp;
        bool reachable;
        if (!multihop) {
          auto ia = topo.interfaceFor(a, *na.address);
          reachable = ia && topo.interfaceFor(b, *local) &&
                      topo.nodeBehind({a, *ia}, *na.address) == db.name;
        } else {
          reachable = forwardsTo(topo, igpRibs, a, *na.address, b) &&
                      forwardsTo(topo, igpRibs, b, *local, a);
        }
        if (!reachable) {
          fail(st.ebgp && !multihop ? "peer not directly connected (no ebgp-multihop)"
                                    : "peer unreachable");
          continue;
        }
      }
      st.established = true;
      out.statuses.push_back(st);
      statusNode.push_back(a);
      Ipv4 addrA = local.value_or(Ipv4{0}), addrB = na.address.value_or(Ipv4{0});
      BgpSessionStatus back = st;
      back.node = db.name;
      back.peer_node = da.name;
      back.local_ip = addrB;
      back.peer_ip = addrA;
      back.interface = peerInterface;
      back.span = nb->span;
      out.statuses.push_back(back);
      statusNode.push_back(b);
      paired[b][nb - db.bgp->neighbors.data()] = 1;
      auto direction = [&](uint32_t s, uint32_t r, const model::BgpNeighbor* sn,
                           const model::BgpNeighbor* rn, Ipv4 sAddr, Ipv4 rAddr, uint32_t sAs,
                           uint32_t rAs, const std::string& rInterface) {
        BgpPeering p = directedPeering(topo, s, r, *sn, *rn, sAs, rAs);
        p.sender_address = sAddr;
        p.receiver_address = rAddr;
        p.receiver_interface = rInterface;
        p.ipv4_unicast = ipv4;
        out.peerings.push_back(p);
      };
      direction(a, b, &na, nb, addrA, addrB, ownAs, peerAs, peerInterface);
      direction(b, a, nb, &na, addrB, addrA, peerAs, ownAs, na.interface);
    }
  }
  // Sorted by node name, then peer address, then interface (unnumbered sessions): nodes by
  // rank numbers, not string compares (a fabric has thousands of statements and is
  // simulated once per failure scenario).
  std::vector<uint32_t> byName(topo.nodeCount()), rank(topo.nodeCount());
  std::iota(byName.begin(), byName.end(), 0u);
  std::sort(byName.begin(), byName.end(),
            [&](uint32_t x, uint32_t y) { return topo.device(x).name < topo.device(y).name; });
  for (uint32_t i = 0; i < byName.size(); ++i) rank[byName[i]] = i;
  std::vector<uint32_t> order(out.statuses.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
    const auto& sx = out.statuses[x];
    const auto& sy = out.statuses[y];
    return std::tie(rank[statusNode[x]], sx.peer_ip.value, sx.interface) <
           std::tie(rank[statusNode[y]], sy.peer_ip.value, sy.interface);
  });
  std::vector<BgpSessionStatus> sorted;
  sorted.reserve(order.size());
  for (uint32_t i : order) sorted.push_back(std::move(out.statuses[i]));
  out.statuses = std::move(sorted);
  appendVpnPeerings(topo, out.peerings);
  std::erase_if(out.peerings, [](const BgpPeering& p) { return !p.ipv4_unicast; });
  appendLeakPeerings(topo, out.peerings);
  return out;
}

}  // namespace routefix::sim::detail
