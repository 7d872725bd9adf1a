#include "repair/concrete_candidates.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace routefix::repair {

namespace {

using symsim::Knob;
using symsim::KnobKind;

struct Candidate {
  Knob knob;
  int rank = 0;  // lower first, among the knobs the diagnosis points at alike
};

std::optional<model::IpPrefix> destinationOf(const verify::Intent& intent) {
  return intent.type == verify::IntentType::Route ? intent.prefix : intent.to;
}

// Prefixes the configuration can put into IPv6 routing.
std::vector<model::IpPrefix> originatedIpv6(const model::Network& network) {
  std::set<model::IpPrefix> out;
  for (const auto& d : network.devices) {
    for (const auto& i : d.interfaces)
      for (const auto& a : i.ipv6_addresses)
        if (!a.address.isLinkLocal()) out.insert(a.subnet());
    for (const auto& s : d.ipv6_static_routes) out.insert(s.prefix);
    if (d.bgp)
      for (const auto& n : d.bgp->ipv6_networks) out.insert(n.prefix);
  }
  return {out.begin(), out.end()};
}

// The route that carries traffic to `to`: the most specific originated prefix holding it.
model::IpPrefix carryingIpv6(const std::vector<model::IpPrefix>& known, const model::IpPrefix& to) {
  std::optional<model::IpPrefix> best;
  for (const auto& p : known)
    if (p.contains(to) && (!best || p.length > best->length)) best = p;
  return best.value_or(to);
}

// Edits (a character typed wrong, added, left out, or two swapped: the optimal string
// alignment distance) between two texts: how far a prefix as written is from the one meant.
size_t typos(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// How far an entry is from matching `dest`: the typos in its address (against the
// destination's leading bits of the entry's length), and 2 more when the destination's length
// is outside the lengths it matches.
template <typename Entry>
size_t entryDistance(const Entry& entry, const model::IpPrefix& dest) {
  uint8_t lo = entry.ge ? *entry.ge : entry.prefix.length;
  uint8_t hi = entry.le ? *entry.le : (entry.ge ? model::maxPrefixLength(dest.family()) : entry.prefix.length);
  bool fits = entry.prefix.length <= dest.length && lo <= dest.length && dest.length <= hi;
  return typos(entry.prefix.address.str(), dest.address.masked(entry.prefix.length).str()) + (fits ? 0 : 2);
}

// The IPv6 prefix-lists some session's IPv6 family or some route-map clause applies.
std::set<std::string> ipv6ListsInUse(const model::Device& d) {
  std::set<std::string> out;
  if (d.bgp)
    for (const auto& n : d.bgp->neighbors)
      for (const auto* name : {&n.ipv6.prefix_list_in, &n.ipv6.prefix_list_out})
        if (!name->empty()) out.insert(*name);
  for (const auto& [name, policy] : d.route_policies)
    for (const auto& c : policy.clauses)
      for (const auto& m : c.matches)
        if (m.kind == model::PolicyMatch::Kind::Ipv6PrefixList) out.insert(m.names.begin(), m.names.end());
  return out;
}

// A list that does not permit the destination: the entry that denies it turns to permit;
// under the implicit deny, a permit entry a few typos off is rewritten to match it (nearest
// first), else a permit entry is added.
void prefixListKnobs(const model::Device& d, const model::IpPrefix& dest, std::vector<Candidate>& out) {
  for (const auto& name : ipv6ListsInUse(d)) {
    auto it = d.ipv6_prefix_lists.find(name);
    if (it == d.ipv6_prefix_lists.end() || it->second.permits(dest)) continue;
    const auto& list = it->second;
    Knob k;
    k.node = d.name;
    k.list = name;
    k.ipv6 = true;
    k.ip_prefix = dest;
    std::string where = "ipv6 prefix-list " + name + " on " + d.name;
    if (auto m = list.firstMatch(dest)) {
      k.kind = KnobKind::PrefixListEntryAction;
      k.entry = *m;
      k.span = list.entries[*m].span;
      k.description = where + " seq " + std::to_string(list.entries[*m].seq);
      k.key = "pl6-action|" + d.name + "|" + name + "|" + std::to_string(*m);
      out.push_back({k, 0});
      continue;
    }
    for (size_t e = 0; e < list.entries.size(); ++e) {
      const auto& entry = list.entries[e];
      if (entry.action != model::Action::Permit || entry.prefix.family() != dest.family()) continue;
      size_t distance = entryDistance(entry, dest);
      if (distance > 4) continue;
      Knob m = k;
      m.kind = KnobKind::PrefixListEntryMatch;
      m.entry = e;
      m.span = entry.span;
      m.description = where + " seq " + std::to_string(entry.seq);
      m.key = "pl6-match|" + d.name + "|" + name + "|" + std::to_string(e) + "|" + dest.str();
      out.push_back({m, 1 + static_cast<int>(distance)});
    }
    k.kind = KnobKind::PrefixListAddPermit;
    k.entry = list.entries.size();
    k.description = where + ": add permit " + dest.str();
    k.key = "pl6-add|" + d.name + "|" + name + "|" + dest.str();
    out.push_back({k, 10});
  }
}

// Deny clauses of the route-maps on IPv6 sessions: one may be what drops the route.
void clauseKnobs(const model::Device& d, std::vector<Candidate>& out) {
  if (!d.bgp) return;
  std::set<std::string> policies;
  for (const auto& n : d.bgp->neighbors)
    if (n.ipv6.activate) {
      policies.insert(n.ipv6.import_policies.begin(), n.ipv6.import_policies.end());
      policies.insert(n.ipv6.export_policies.begin(), n.ipv6.export_policies.end());
    }
  for (const auto& name : policies) {
    auto it = d.route_policies.find(name);
    if (it == d.route_policies.end()) continue;
    for (size_t c = 0; c < it->second.clauses.size(); ++c) {
      const auto& clause = it->second.clauses[c];
      if (clause.action != model::ClauseAction::Deny) continue;
      Knob k;
      k.kind = KnobKind::ClauseAction;
      k.node = d.name;
      k.policy = name;
      k.clause = c;
      k.span = clause.span;
      k.description = "route-map " + name + " clause " + std::to_string(clause.seq) + " on " + d.name;
      k.key = "clause|" + d.name + "|" + name + "|" + std::to_string(c);
      out.push_back({k, 3});
    }
  }
}

// The device holding the address on an interface, and that interface.
const model::Device* ownerOf(const model::Network& network, const model::IpAddress& a) {
  for (const auto& d : network.devices)
    for (const auto& i : d.interfaces) {
      if (a.isV4() && i.address && i.address->address == a.v4()) return &d;
      for (const auto& v6 : i.ipv6_addresses)
        if (v6.address == a) return &d;
    }
  return nullptr;
}

std::optional<model::IpAddress> peerAddress(const model::BgpNeighbor& n) {
  if (n.ipv6_address) return n.ipv6_address;
  if (n.address) return model::IpAddress::fromV4(*n.address);
  return std::nullopt;
}

// Whether `d` has a neighbor statement for an address of `peer` activated in IPv6.
bool activatedTowards(const model::Network& network, const model::Device& d, const model::Device& peer) {
  if (!d.bgp) return false;
  for (const auto& n : d.bgp->neighbors)
    if (auto a = peerAddress(n); a && n.ipv6.activate && ownerOf(network, *a) == &peer) return true;
  return false;
}

// The knob that activates neighbor statement `i` (`n`) of `d`, towards `peer`, in a family
// the caller names (ipv6 or vrf).
Knob activateKnob(const model::Device& d, const model::Device& peer, size_t i, const model::BgpNeighbor& n) {
  Knob k;
  k.kind = KnobKind::FamilyActivate;
  k.node = d.name;
  k.peer_node = peer.name;
  k.neighbor = i;
  k.span = n.span;
  return k;
}

// Neighbor statements left out of the IPv6 family whose peer runs BGP: first those whose
// peer has its end activated (one side forgotten), then the others.
void activateKnobs(const model::Network& network, const model::Device& d, std::vector<Candidate>& out) {
  if (!d.bgp) return;
  for (size_t i = 0; i < d.bgp->neighbors.size(); ++i) {
    const auto& n = d.bgp->neighbors[i];
    auto a = peerAddress(n);
    if (n.ipv6.activate || n.dynamic || !a) continue;
    const model::Device* peer = ownerOf(network, *a);
    if (!peer || peer == &d || !peer->bgp) continue;
    Knob k = activateKnob(d, *peer, i, n);
    k.ipv6 = true;
    k.description = "neighbor " + n.id + " on " + d.name + " in address-family ipv6";
    k.key = "activate6|" + d.name + "|" + std::to_string(i);
    out.push_back({k, activatedTowards(network, *peer, d) ? 0 : 4});
  }
}

// Neighbors of a VRF's BGP instance not activated in its IPv4 family, whose address a
// device of the network holds.
void vrfActivateKnobs(const model::Network& network, const model::Device& d, std::vector<Candidate>& out) {
  for (const auto& [name, v] : d.vrfs) {
    if (!v.bgp) continue;
    for (size_t i = 0; i < v.bgp->neighbors.size(); ++i) {
      const auto& n = v.bgp->neighbors[i];
      if (n.activate || n.dynamic || !n.address) continue;
      const model::Device* peer = ownerOf(network, model::IpAddress::fromV4(*n.address));
      if (!peer || peer == &d) continue;
      Knob k = activateKnob(d, *peer, i, n);
      k.vrf = name;
      k.description = "neighbor " + n.id + " on " + d.name + " in address-family ipv4 vrf " + name;
      k.key = "activate-vrf|" + d.name + "|" + name + "|" + std::to_string(i);
      out.push_back({k, 0});
    }
  }
}

// The router that holds the destination (on an interface or as a static route) and runs
// BGP without announcing it.
void networkKnobs(const model::Device& d, const model::IpPrefix& dest, std::vector<Candidate>& out) {
  if (!d.bgp) return;
  bool holds = std::any_of(d.interfaces.begin(), d.interfaces.end(), [&](const model::Interface& i) {
    return i.vrf.empty() && std::any_of(i.ipv6_addresses.begin(), i.ipv6_addresses.end(),
                                        [&](const auto& a) { return a.subnet() == dest; });
  });
  holds = holds || std::any_of(d.ipv6_static_routes.begin(), d.ipv6_static_routes.end(),
                               [&](const auto& s) { return s.prefix == dest; });
  bool announced = std::any_of(d.bgp->ipv6_networks.begin(), d.bgp->ipv6_networks.end(),
                               [&](const auto& n) { return n.prefix == dest; });
  if (!holds || announced) return;
  Knob k;
  k.kind = KnobKind::NetworkStatement;
  k.node = d.name;
  k.ipv6 = true;
  k.ip_prefix = dest;
  k.description = "network " + dest.str() + " on " + d.name + " (address-family ipv6)";
  k.key = "network6|" + d.name + "|" + dest.str();
  out.push_back({k, 0});
}

// Route targets: a VRF imports a target some other VRF exports (added, or written over an
// import no VRF exports: a typo), or exports one some other VRF imports and nobody exports.
// VRFs of the same name (the same customer on another PE) first.
void routeTargetKnobs(const model::Network& network, std::vector<Candidate>& out) {
  struct Side {
    const model::Device* device;
    const model::Vrf* vrf;
  };
  std::vector<Side> vrfs;
  std::map<std::string, std::vector<size_t>> exporters, importers;  // target -> vrfs
  for (const auto& d : network.devices)
    for (const auto& [name, v] : d.vrfs) {
      for (const auto& t : v.export_targets) exporters[t.value].push_back(vrfs.size());
      for (const auto& t : v.import_targets) importers[t.value].push_back(vrfs.size());
      vrfs.push_back({&d, &v});
    }
  std::set<std::string> seen;
  auto add = [&](size_t at, KnobKind kind, const std::string& target, const model::RouteTarget* replaced,
                 const model::Vrf& other) {
    const auto& [d, v] = vrfs[at];
    Knob k;
    k.kind = kind;
    k.node = d->name;
    k.vrf = v->name;
    k.route_target = target;
    const char* direction = kind == KnobKind::RouteTargetImport ? "import" : "export";
    if (replaced) {
      k.replaces = replaced->value;
      k.span = replaced->span;
    }
    k.description = "vrf " + v->name + " on " + d->name + ": route-target " + direction + " " + target;
    k.key = std::string("rt-") + direction + "|" + d->name + "|" + v->name + "|" + target + "|" + k.replaces;
    if (!seen.insert(k.key).second) return;
    out.push_back({k, (other.name == v->name ? 0 : 5) + (replaced ? 0 : 1)});
  };
  for (size_t at = 0; at < vrfs.size(); ++at) {
    const model::Vrf& v = *vrfs[at].vrf;
    auto has = [](const std::vector<model::RouteTarget>& ts, const std::string& t) {
      return std::any_of(ts.begin(), ts.end(), [&](const auto& x) { return x.value == t; });
    };
    for (const auto& [target, from] : exporters) {
      if (has(v.import_targets, target)) continue;
      for (size_t other : from) {
        if (other == at) continue;
        add(at, KnobKind::RouteTargetImport, target, nullptr, *vrfs[other].vrf);
        for (const auto& t : v.import_targets)
          if (!exporters.count(t.value)) add(at, KnobKind::RouteTargetImport, target, &t, *vrfs[other].vrf);
      }
    }
    for (const auto& [target, by] : importers) {
      if (has(v.export_targets, target)) continue;
      for (size_t other : by) {
        if (other == at) continue;
        if (!exporters.count(target)) add(at, KnobKind::RouteTargetExport, target, nullptr, *vrfs[other].vrf);
        for (const auto& t : v.export_targets)
          if (!importers.count(t.value)) add(at, KnobKind::RouteTargetExport, target, &t, *vrfs[other].vrf);
      }
    }
  }
}

bool insideInterface(const model::Interface& i, const model::IpPrefix& p) {
  if (p.family() == model::IpFamily::V4)
    return i.address && i.address->subnet().contains(p.v4());
  return std::any_of(i.ipv6_addresses.begin(), i.ipv6_addresses.end(),
                     [&](const auto& a) { return a.subnet().contains(p); });
}

// Interfaces moved into another VRF of their device, where something says they belong there:
// the VRF's BGP neighbors or static next hops sit on the interface's subnet, a failing
// intent of that VRF is about a destination on it, or the interface across the link is in a
// VRF of that name.
void interfaceVrfKnobs(const model::Network& network, const verify::VerifyReport& before,
                       std::vector<Candidate>& out) {
  for (const auto& d : network.devices) {
    if (d.vrfs.empty()) continue;
    for (const auto& i : d.interfaces) {
      if (!i.address || i.shutdown) continue;
      model::Prefix subnet = i.address->subnet();
      std::vector<std::string> targets{""};
      for (const auto& [name, v] : d.vrfs) targets.push_back(name);
      for (const auto& w : targets) {
        // Never into a VRF where another interface of the device has the same subnet.
        bool clash = std::any_of(d.interfaces.begin(), d.interfaces.end(), [&](const model::Interface& o) {
          return &o != &i && o.vrf == w && o.address && o.address->subnet() == subnet;
        });
        if (w == i.vrf || clash) continue;
        int score = 0;
        const model::BgpProcess* bgp = w.empty() ? (d.bgp ? &*d.bgp : nullptr)
                                                 : (d.vrfs.at(w).bgp ? &*d.vrfs.at(w).bgp : nullptr);
        if (bgp && std::any_of(bgp->neighbors.begin(), bgp->neighbors.end(), [&](const auto& n) {
              return n.address && subnet.contains(*n.address);
            }))
          score += 2;
        const auto& statics = w.empty() ? d.static_routes : d.vrfs.at(w).static_routes;
        if (std::any_of(statics.begin(), statics.end(),
                        [&](const auto& s) { return s.next_hop && subnet.contains(*s.next_hop); }))
          score += 2;
        for (const auto& r : before.intents) {
          auto dest = destinationOf(r.intent);
          if (!r.holds && dest && r.intent.vrf == w && !w.empty() && insideInterface(i, *dest)) score += 2;
        }
        for (const auto& l : network.links) {
          bool a = l.a == d.name && l.a_interface == i.name, b = l.b == d.name && l.b_interface == i.name;
          if (!a && !b) continue;
          const model::Device* peer = network.findDevice(a ? l.b : l.a);
          const model::Interface* pi = peer ? peer->findInterface(a ? l.b_interface : l.a_interface) : nullptr;
          if (pi && !pi->vrf.empty() && pi->vrf == w) score += 1;
        }
        if (score == 0) continue;
        Knob k;
        k.kind = KnobKind::InterfaceVrf;
        k.node = d.name;
        k.interface = i.name;
        k.vrf = w;
        k.span = i.span;
        k.description = "interface " + i.name + " on " + d.name + ": vrf " + (i.vrf.empty() ? "default" : i.vrf) +
                        " -> " + (w.empty() ? "default" : w);
        k.key = "interface-vrf|" + d.name + "|" + i.name + "|" + w;
        out.push_back({k, 6 - std::min(score, 5)});
      }
    }
  }
}

// 0 on the line the counterexample blames, 1 on its device, 2 elsewhere.
int blameRank(const Knob& k, const verify::VerifyReport& before) {
  int best = 2;
  for (const auto& r : before.intents) {
    if (r.holds || !r.counterexample || !r.counterexample->location.known()) continue;
    const auto& at = r.counterexample->location;
    if (k.span.known() && k.span.file == at.file && k.span.first_line <= at.first_line &&
        at.first_line <= std::max(k.span.first_line, k.span.last_line))
      best = 0;
    else if (best > 1 && at.file.find(k.node) != std::string::npos)
      best = 1;
  }
  return best;
}

}  // namespace

bool hasVrfInterfaces(const model::Network& network) {
  for (const auto& d : network.devices)
    for (const auto& i : d.interfaces)
      if (!i.vrf.empty()) return true;
  return false;
}

std::vector<symsim::Knob> concreteCandidates(const model::Network& network, const verify::VerifyReport& before) {
  std::vector<Candidate> found;
  auto known = originatedIpv6(network);
  std::set<model::IpPrefix> destinations;
  bool failing = false;
  for (const auto& r : before.intents) {
    if (r.holds) continue;
    failing = true;
    if (auto dest = destinationOf(r.intent); dest && !dest->address.isV4())
      destinations.insert(carryingIpv6(known, *dest));
  }
  for (const auto& dest : destinations)
    for (const auto& d : network.devices) {
      prefixListKnobs(d, dest, found);
      networkKnobs(d, dest, found);
    }
  if (!destinations.empty())
    for (const auto& d : network.devices) {
      activateKnobs(network, d, found);
      clauseKnobs(d, found);
    }
  if (failing && hasVrfInterfaces(network)) {
    routeTargetKnobs(network, found);
    interfaceVrfKnobs(network, before, found);
    for (const auto& d : network.devices) vrfActivateKnobs(network, d, found);
  }
  // A deny clause turned to permit lets through whatever else it stopped (a policy's final
  // `then reject`, where a blame often lands): it comes after every narrower change.
  std::vector<std::tuple<bool, int, int, size_t>> order;  // broad, blame, rank, as found
  std::set<std::string> keys;
  for (size_t i = 0; i < found.size(); ++i)
    if (keys.insert(found[i].knob.key).second)
      order.emplace_back(found[i].knob.kind == KnobKind::ClauseAction, blameRank(found[i].knob, before),
                         found[i].rank, i);
  std::sort(order.begin(), order.end());
  std::vector<symsim::Knob> out;
  for (const auto& [broad, blame, rank, i] : order) {
    Knob k = found[i].knob;
    k.original = 0;  // every candidate is a statement turned on: 0 as it is, 1 changed
    k.cost = 1;
    out.push_back(std::move(k));
  }
  return out;
}

}  // namespace routefix::repair
