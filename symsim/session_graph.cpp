#include "symsim/session_graph.h"

#include <algorithm>
#include <tuple>

#include "semantics/config_rules.h"

namespace routefix::symsim {

std::string BgpSession::problem() const {
  std::string out;
  auto describe = [&](const SessionSide& self, const SessionSide& peer) {
    std::string s;
    if (!self.neighbor)
      s = "no neighbor statement on " + self.node + " for " + peer.address.str();
    else if (!self.remote_as_ok)
      s = "remote-as on " + self.node + " for " + peer.address.str() + " does not match " +
          peer.node + "'s AS";
    else if (self.shutdown)
      s = "neighbor " + peer.address.str() + " is shut down on " + self.node;
    else if (!self.activated)
      s = "neighbor " + peer.address.str() + " is not activated on " + self.node;
    if (!s.empty()) out += (out.empty() ? "" : "; ") + s;
  };
  describe(a, b);
  describe(b, a);
  return out;
}

std::map<uint32_t, std::string> addressOwners(const model::Network& network) {
  std::map<uint32_t, std::string> owners;
  for (const auto& d : network.devices)
    for (const auto& i : d.interfaces) {
      if (i.address) owners.emplace(i.address->address.value, d.name);
      for (const auto& s : i.secondary) owners.emplace(s.address.value, d.name);
    }
  return owners;
}

namespace {

// `peerAs`: the AS the peer presents (its local-as towards us, if it has a statement).
void fillSide(SessionSide& side, const model::Device& self, uint32_t peerAs, std::optional<size_t> neighbor) {
  side.neighbor = neighbor;
  if (!neighbor) return;
  const auto& n = self.bgp->neighbors[*neighbor];
  side.remote_as_ok = semantics::remoteAsAccepts(n, semantics::presentedAs(*self.bgp, n), peerAs);
  side.shutdown = n.shutdown;
  side.activated = n.activate;
}

}  // namespace

std::vector<BgpSession> discoverSessions(const model::Network& network) {
  auto owners = addressOwners(network);
  // (device, peer device) -> (neighbor index, address used)
  std::map<std::pair<std::string, std::string>, std::pair<size_t, model::Ipv4>> statements;
  for (const auto& d : network.devices) {
    if (!d.bgp) continue;
    for (size_t i = 0; i < d.bgp->neighbors.size(); ++i) {
      const auto& n = d.bgp->neighbors[i];
      if (!n.address) continue;
      auto owner = owners.find(n.address->value);
      if (owner == owners.end() || owner->second == d.name) continue;
      const auto* peer = network.findDevice(owner->second);
      if (!peer || !peer->bgp) continue;
      statements.emplace(std::make_pair(d.name, peer->name), std::make_pair(i, *n.address));
    }
  }
  std::vector<BgpSession> sessions;
  for (const auto& [key, stmt] : statements) {
    const auto& [self, peer] = key;
    auto reverse = statements.find({peer, self});
    if (reverse != statements.end() && peer < self) continue;  // handled from the other side
    const auto* ds = network.findDevice(self);
    const auto* dp = network.findDevice(peer);
    BgpSession s;
    const auto& selfStmt = ds->bgp->neighbors[stmt.first];
    uint32_t selfAs = semantics::presentedAs(*ds->bgp, selfStmt);
    uint32_t peerAs = reverse != statements.end()
                          ? semantics::presentedAs(*dp->bgp, dp->bgp->neighbors[reverse->second.first])
                          : dp->bgp->asn;
    s.ebgp = selfAs != peerAs;
    SessionSide selfSide, peerSide;
    selfSide.node = ds->name;
    peerSide.node = dp->name;
    peerSide.address = stmt.second;
    fillSide(selfSide, *ds, peerAs, stmt.first);
    if (reverse != statements.end()) {
      selfSide.address = reverse->second.second;
      fillSide(peerSide, *dp, selfAs, reverse->second.first);
    } else {
      // The missing side must peer with the address that `self` would source from: its
      // update-source if set, else its interface facing the peer's address.
      const auto& n = ds->bgp->neighbors[stmt.first];
      const model::Interface* src = nullptr;
      if (!n.update_source.empty()) src = ds->findInterface(n.update_source);
      if (!src) src = ds->interfaceFor(stmt.second);
      if (src && src->address) selfSide.address = src->address->address;
      else selfSide.address = semantics::bgpRouterId(*ds);
    }
    if (selfSide.node < peerSide.node) {
      s.a = selfSide;
      s.b = peerSide;
    } else {
      s.a = peerSide;
      s.b = selfSide;
    }
    sessions.push_back(std::move(s));
  }
  std::sort(sessions.begin(), sessions.end(), [](const BgpSession& x, const BgpSession& y) {
    return std::tie(x.a.node, x.b.node) < std::tie(y.a.node, y.b.node);
  });
  return sessions;
}

}  // namespace routefix::symsim
