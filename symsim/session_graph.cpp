#include "symsim/session_graph.h"

#include <algorithm>
#include <set>
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
  if (!refused.empty() && out.empty()) out = refused + " (" + a.node + " - " + b.node + ")";
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
      s.refused = semantics::sessionRefusal(selfStmt, dp->bgp->neighbors[reverse->second.first], s.ebgp);
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
  auto absent = absentIbgpSessions(network, sessions);
  sessions.insert(sessions.end(), absent.begin(), absent.end());
  std::sort(sessions.begin(), sessions.end(), [](const BgpSession& x, const BgpSession& y) {
    return std::tie(x.a.node, x.b.node) < std::tie(y.a.node, y.b.node);
  });
  return sessions;
}

namespace {

// The address a device's iBGP peers reach it at: the one most of their statements name (a
// loopback, usually), else the loopback holding its router-id. None if neither is known.
std::optional<model::Ipv4> ibgpAddress(const model::Device& d, const std::vector<BgpSession>& sessions) {
  std::map<uint32_t, int> named;
  for (const auto& s : sessions)
    if (!s.ebgp && (s.a.node == d.name || s.b.node == d.name) && s.other(d.name).neighbor)
      ++named[s.side(d.name).address.value];
  if (!named.empty())
    return model::Ipv4{std::max_element(named.begin(), named.end(), [](const auto& x, const auto& y) {
                         return x.second < y.second;
                       })->first};
  auto id = semantics::bgpRouterId(d);
  for (const auto& i : d.interfaces)
    if (i.isLoopback() && i.address && i.address->address == id) return id;
  return std::nullopt;
}

bool reflects(const model::Device& d) {
  return std::any_of(d.bgp->neighbors.begin(), d.bgp->neighbors.end(),
                     [](const model::BgpNeighbor& n) { return n.route_reflector_client; });
}

}  // namespace

std::vector<BgpSession> absentIbgpSessions(const model::Network& network, const std::vector<BgpSession>& sessions) {
  std::set<std::pair<std::string, std::string>> written;  // pairs with a statement on either side
  for (const auto& s : sessions) written.insert({s.a.node, s.b.node});
  std::map<uint32_t, std::vector<const model::Device*>> members;  // AS -> its BGP speakers, by name
  for (const auto& d : network.devices)
    if (d.bgp && d.bgp->asn) members[d.bgp->asn].push_back(&d);
  std::vector<BgpSession> out;
  for (auto& [as, devices] : members) {
    std::sort(devices.begin(), devices.end(), [](const auto* x, const auto* y) { return x->name < y->name; });
    std::vector<std::pair<const model::Device*, const model::Device*>> missing;
    size_t pairs = 0;
    bool anyReflector = false;
    for (const auto* d : devices) anyReflector = anyReflector || reflects(*d);
    for (size_t i = 0; i < devices.size(); ++i)
      for (size_t j = i + 1; j < devices.size(); ++j) {
        ++pairs;
        if (written.count({devices[i]->name, devices[j]->name})) continue;
        // With reflectors: a router with no iBGP session at all (a client whose session is
        // gone; one that is merely no longer a client still has it), or two reflectors apart
        // (they mesh). Without: every pair of the mesh.
        bool ri = reflects(*devices[i]), rj = reflects(*devices[j]);
        auto isolated = [&](const model::Device* d) {
          return std::none_of(devices.begin(), devices.end(), [&](const model::Device* o) {
            return o != d && written.count(std::minmax(d->name, o->name));
          });
        };
        bool candidate = !anyReflector || (ri && rj) || (ri && !rj && isolated(devices[j])) ||
                         (rj && !ri && isolated(devices[i]));
        if (candidate) missing.emplace_back(devices[i], devices[j]);
      }
    // A mesh is a mesh only if most of it is written: ASes whose routers were not meant to
    // peer with each other at all (one BGP speaker per site, say) get no candidates.
    if (!anyReflector && 2 * missing.size() > pairs) continue;
    for (const auto& [x, y] : missing) {
      auto ax = ibgpAddress(*x, sessions), ay = ibgpAddress(*y, sessions);
      if (!ax || !ay) continue;
      BgpSession s;
      s.ebgp = false;
      s.a.node = x->name;
      s.a.address = *ax;
      s.b.node = y->name;
      s.b.address = *ay;
      out.push_back(std::move(s));
    }
  }
  return out;
}

}  // namespace routefix::symsim
