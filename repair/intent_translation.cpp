#include "repair/intent_translation.h"

#include <algorithm>
#include <set>

namespace routefix::repair {

std::vector<model::Prefix> originatedPrefixes(const model::Network& network) {
  std::set<model::Prefix> out;
  for (const auto& d : network.devices) {
    for (const auto& i : d.interfaces)
      if (i.address && !i.shutdown) out.insert(i.address->subnet());
    for (const auto& s : d.static_routes) out.insert(s.prefix);
    if (d.bgp) {
      for (const auto& n : d.bgp->networks) out.insert(n.prefix);
      for (const auto& a : d.bgp->aggregates) out.insert(a.prefix);
    }
  }
  for (const auto& e : network.externals) out.insert(e.prefix);
  return {out.begin(), out.end()};
}

std::vector<model::Prefix> carryingPrefixes(const model::Network& network, const model::Prefix& to) {
  auto known = originatedPrefixes(network);
  std::optional<model::Prefix> best;
  for (const auto& p : known)
    if (p.contains(to) && (!best || p.length > best->length)) best = p;
  if (best) return {*best};
  std::vector<model::Prefix> inside;
  for (const auto& p : known)
    if (to.contains(p)) inside.push_back(p);
  if (inside.empty()) inside.push_back(to);
  return inside;
}

Translation translateIntent(const model::Network& network, const verify::Intent& intent) {
  using K = symsim::DestinationIntent::Kind;
  using T = verify::IntentType;
  Translation t;
  auto forEachPrefix = [&](const model::Prefix& to, const symsim::DestinationIntent& shape) {
    for (const auto& p : carryingPrefixes(network, to)) {
      auto part = shape;
      part.destination = p;
      t.parts.push_back(part);
    }
  };
  // The symbolic engine encodes IPv4 routing only (symsim keys on the uint32 model::Prefix);
  // IPv6 intents are left to the concrete re-check of a repaired snapshot.
  const auto& destination = intent.type == T::Route ? intent.prefix : intent.to;
  if (destination && !destination->address.isV4()) {
    t.unsupported = "intents with an IPv6 destination";
    return t;
  }
  // symsim has one table per router: a flow or a route in a named VRF has no symbolic form.
  if (!intent.vrf.empty()) {
    t.unsupported = "intents in a VRF";
    return t;
  }
  symsim::DestinationIntent shape;
  shape.name = intent.name;
  switch (intent.type) {
    case T::Reachability:
    case T::Isolation:
    case T::Waypoint:
      if (!intent.to) break;
      shape.kind = intent.type == T::Reachability ? K::Reachable
                   : intent.type == T::Isolation  ? K::Isolated
                                                  : K::Waypoint;
      shape.sources = intent.from;
      shape.through = intent.through;
      forEachPrefix(intent.to->v4(), shape);
      return t;
    case T::Path:
    case T::Preference: {
      // A preference's primary path must be the path with nothing failed; the backups are
      // left to the concrete check of the repaired snapshot.
      const auto& path = intent.type == T::Path ? intent.path
                                                : (intent.paths.empty() ? verify::NodePath{}
                                                                        : intent.paths.front());
      if (!intent.to || path.empty()) break;
      shape.kind = K::Path;
      shape.path = path;
      shape.sources = {path.front()};
      forEachPrefix(intent.to->v4(), shape);
      return t;
    }
    case T::Route:
      if (!intent.prefix) break;
      if (!intent.protocol.empty() && intent.protocol != "bgp" && intent.protocol != "ospf") {
        t.unsupported = "route intents about " + intent.protocol + " routes";
        return t;
      }
      shape.kind = intent.present ? K::RoutePresent : K::RouteAbsent;
      shape.node = intent.node;
      shape.next_hop_node = intent.next_hop_node;
      shape.destination = intent.prefix->v4();
      t.parts.push_back(shape);
      return t;
    case T::Multipath:
      if (!intent.to) break;
      shape.kind = K::Multipath;
      shape.sources = intent.from;
      shape.min_paths = intent.min_paths;
      forEachPrefix(intent.to->v4(), shape);
      return t;
    case T::LoopFree:
    case T::BlackholeFree:
      break;
  }
  t.unsupported = verify::intentTypeName(intent.type) + " intents";
  return t;
}

}  // namespace routefix::repair
