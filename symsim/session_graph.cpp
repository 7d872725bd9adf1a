#include "symsim/session_graph.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "semantics/address_owner.h"
#include "semantics/bgp_session_ends.h"
#include "semantics/config_rules.h"

namespace routefix::symsim {

std::string BgpSession::problem() const {
  std::string out;
  auto describe = [&](const SessionSide& self, const SessionSide& peer) {
    // The statement as the operator wrote it: the peer's address, or self's interface.
    std::string id = self.interface.empty() ? peer.address.str() : self.interface;
    std::string s;
    if (!self.neighbor)
      s = "no neighbor statement on " + self.node + " for " + id;
    else if (!self.remote_as_ok)
      s = "remote-as on " + self.node + " for " + id + " does not match " + peer.node + "'s AS";
    else if (self.shutdown)
      s = "neighbor " + id + " is shut down on " + self.node;
    else if (!self.activated)
      s = "neighbor " + id + " is not activated on " + self.node;
    if (!s.empty()) out += (out.empty() ? "" : "; ") + s;
  };
  describe(a, b);
  describe(b, a);
  if (!refused.empty() && out.empty()) out = refused + " (" + a.node + " - " + b.node + ")";
  return out;
}

std::string BgpSession::key() const {
  auto end = [&](const SessionSide& side) { return unnumbered() ? side.interface : side.address.str(); };
  return a.node + "|" + b.node + "|" + end(a) + "|" + end(b);
}

namespace {

// An interface holding an address.
struct Holder {
  const model::Device* device;
  const model::Interface* interface;
};

std::map<uint32_t, std::vector<Holder>> addressHolders(const model::Network& network) {
  std::map<uint32_t, std::vector<Holder>> out;
  for (const auto& d : network.devices)
    for (const auto& i : d.interfaces) {
      if (i.address) out[i.address->address.value].push_back({&d, &i});
      for (const auto& s : i.secondary) out[s.address.value].push_back({&d, &i});
    }
  return out;
}

}  // namespace

std::map<uint32_t, std::string> addressOwners(const model::Network& network) {
  std::map<uint32_t, std::string> owners;
  for (const auto& [address, holders] : addressHolders(network)) owners.emplace(address, holders.front().device->name);
  return owners;
}

namespace {

// `peerAs`: the AS the peer presents (its local-as towards us, if it has a statement).
void fillSide(SessionSide& side, const model::Device& self, uint32_t peerAs) {
  if (!side.neighbor) return;
  const auto& n = self.bgp->neighbors[*side.neighbor];
  side.remote_as_ok = semantics::remoteAsAccepts(n, semantics::presentedAs(*self.bgp, n), peerAs);
  side.shutdown = n.shutdown;
  side.activated = n.activate;
}

// The session between self's statement and the peer's (none: the peer's side is missing).
// The sides come with node, statement, address and interface set.
BgpSession sessionBetween(const model::Device& self, SessionSide selfSide, const model::Device& peer,
                          SessionSide peerSide) {
  const auto& selfStmt = self.bgp->neighbors[*selfSide.neighbor];
  const model::BgpNeighbor* peerStmt = peerSide.neighbor ? &peer.bgp->neighbors[*peerSide.neighbor] : nullptr;
  uint32_t selfAs = semantics::presentedAs(*self.bgp, selfStmt);
  uint32_t peerAs = peerStmt ? semantics::presentedAs(*peer.bgp, *peerStmt) : peer.bgp->asn;
  BgpSession s;
  s.ebgp = selfAs != peerAs;
  s.confed = semantics::confederationSession(*self.bgp, selfAs, *peer.bgp, peerAs);
  fillSide(selfSide, self, peerAs);
  fillSide(peerSide, peer, selfAs);
  if (peerStmt) s.refused = semantics::sessionRefusal(selfStmt, *peerStmt, s.external());
  s.a = selfSide.node < peerSide.node ? selfSide : peerSide;
  s.b = selfSide.node < peerSide.node ? peerSide : selfSide;
  return s;
}

// A numbered statement of a device that names an address of another.
struct Statement {
  size_t index;
  model::Ipv4 peer_address;
  std::optional<model::Ipv4> source;  // where the device opens the session from
};

SessionSide side(const model::Device& d, std::optional<size_t> neighbor, model::Ipv4 address) {
  SessionSide s;
  s.node = d.name;
  s.neighbor = neighbor;
  s.address = address;
  return s;
}

// The sessions between two devices' numbered statements for each other (`theirs` may be
// empty): pairs by address first (semantics::sessionSourceAddress), then in order.
void pairStatements(const model::Device& self, const std::vector<Statement>& mine, const model::Device& peer,
                    const std::vector<Statement>& theirs, std::vector<BgpSession>& out) {
  std::vector<char> mineDone(mine.size()), theirsDone(theirs.size());
  auto pair = [&](size_t i, size_t j) {
    mineDone[i] = theirsDone[j] = 1;
    out.push_back(sessionBetween(self, side(self, mine[i].index, theirs[j].peer_address), peer,
                                 side(peer, theirs[j].index, mine[i].peer_address)));
  };
  auto answers = [](const Statement& x, const Statement& y) { return y.source && x.peer_address == *y.source; };
  for (size_t i = 0; i < mine.size(); ++i)
    for (size_t j = 0; j < theirs.size() && !mineDone[i]; ++j)
      if (!theirsDone[j] && (answers(theirs[j], mine[i]) || answers(mine[i], theirs[j]))) pair(i, j);
  for (size_t i = 0, j = 0; i < mine.size(); ++i) {
    if (mineDone[i]) continue;
    while (j < theirs.size() && theirsDone[j]) ++j;
    if (j < theirs.size()) pair(i, j);
  }
  // The rest have no statement on the other side, which must peer with the address the
  // configured side opens the session from (its router-id if no interface gives one).
  auto half = [&](const model::Device& d, const Statement& st, const model::Device& other) {
    out.push_back(sessionBetween(d, side(d, st.index, st.source.value_or(semantics::bgpRouterId(d))), other,
                                 side(other, std::nullopt, st.peer_address)));
  };
  for (size_t i = 0; i < mine.size(); ++i)
    if (!mineDone[i]) half(self, mine[i], peer);
  for (size_t j = 0; j < theirs.size(); ++j)
    if (!theirsDone[j]) half(peer, theirs[j], self);
}

// Network::links as semantics::unnumberedPeer reads them: the up interfaces at the far ends
// of d's links.
semantics::LinkEnds linkEnds(const model::Network& network, const model::Device& d) {
  return [&network, &d](const model::Interface& itf) {
    std::vector<semantics::LinkEnd> out;
    auto add = [&](const std::string& node, const std::string& name) {
      const auto* peer = network.findDevice(node);
      const auto* end = peer ? peer->findInterface(name) : nullptr;
      if (end && !end->shutdown)
        out.push_back({static_cast<uint32_t>(peer - network.devices.data()), peer, end});
    };
    for (const auto& l : network.links) {
      if (network.findDevice(l.a) == &d && d.findInterface(l.a_interface) == &itf) add(l.b, l.b_interface);
      else if (network.findDevice(l.b) == &d && d.findInterface(l.b_interface) == &itf) add(l.a, l.a_interface);
    }
    return out;
  };
}

// The device d means by an address (semantics::addressOwnerSeenFrom), or none.
const model::Device* ownerSeenFrom(const model::Network& network, const std::map<uint32_t, std::vector<Holder>>& holders,
                                   const model::Device& d, model::Ipv4 address) {
  auto it = holders.find(address.value);
  if (it == holders.end()) return nullptr;
  if (it->second.size() == 1) return it->second.front().device;
  auto ends = linkEnds(network, d);
  auto across = [&](const Holder& h) {
    for (const auto& itf : d.interfaces)
      for (const auto& end : ends(itf))
        if (end.interface == h.interface) return true;
    return false;
  };
  return semantics::addressOwnerSeenFrom(it->second, [&](const Holder& h) { return h.device == &d; }, across).device;
}

}  // namespace

std::vector<BgpSession> discoverSessions(const model::Network& network) {
  auto holders = addressHolders(network);
  std::map<std::pair<std::string, std::string>, std::vector<Statement>> statements;  // (device, peer)
  std::set<std::pair<std::string, size_t>> answered;  // unnumbered statements already paired
  std::vector<BgpSession> sessions;
  for (const auto& d : network.devices) {
    if (!d.bgp) continue;
    for (size_t i = 0; i < d.bgp->neighbors.size(); ++i) {
      const auto& n = d.bgp->neighbors[i];
      if (!n.interface.empty()) {
        std::string why;
        auto end = answered.count({d.name, i}) ? std::nullopt
                                               : semantics::unnumberedPeer(d, n, linkEnds(network, d), why);
        if (!end || end->device == &d) continue;
        size_t j = static_cast<size_t>(end->neighbor - end->device->bgp->neighbors.data());
        answered.insert({end->device->name, j});
        SessionSide self = side(d, i, model::Ipv4{0}), peer = side(*end->device, j, model::Ipv4{0});
        self.interface = n.interface;
        peer.interface = end->interface->name;
        sessions.push_back(sessionBetween(d, self, *end->device, peer));
        continue;
      }
      if (!n.address) continue;
      const auto* peer = ownerSeenFrom(network, holders, d, *n.address);
      if (!peer || peer == &d || !peer->bgp) continue;
      statements[{d.name, peer->name}].push_back(
          {i, *n.address, semantics::sessionSourceAddress(d, n, d.interfaceFor(*n.address))});
    }
  }
  const std::vector<Statement> none;
  for (const auto& [key, mine] : statements) {
    const auto& [self, peer] = key;
    auto reverse = statements.find({peer, self});
    if (reverse != statements.end() && peer < self) continue;  // handled from the other side
    pairStatements(*network.findDevice(self), mine, *network.findDevice(peer),
                   reverse != statements.end() ? reverse->second : none, sessions);
  }
  auto absent = absentIbgpSessions(network, sessions);
  sessions.insert(sessions.end(), absent.begin(), absent.end());
  std::sort(sessions.begin(), sessions.end(), [](const BgpSession& x, const BgpSession& y) {
    return std::make_tuple(x.a.node, x.b.node, x.key()) < std::make_tuple(y.a.node, y.b.node, y.key());
  });
  return sessions;
}

namespace {

// The address a device's iBGP peers reach it at: the one most of their statements name (a
// loopback, usually), else the loopback holding its router-id. None if neither is known.
std::optional<model::Ipv4> ibgpAddress(const model::Device& d, const std::vector<BgpSession>& sessions) {
  std::map<uint32_t, int> named;
  for (const auto& s : sessions)
    if (!s.ebgp && !s.unnumbered() && (s.a.node == d.name || s.b.node == d.name) && s.other(d.name).neighbor)
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
