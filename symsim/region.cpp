#include "symsim/region.h"

#include <deque>
#include <limits>
#include <map>

namespace routefix::symsim {

std::set<std::string> prefixOrigins(const model::Network& network, const model::Prefix& prefix) {
  std::set<std::string> out;
  for (const auto& d : network.devices) {
    for (const auto& i : d.interfaces)
      if (!i.shutdown && i.address && i.address->subnet().contains(prefix)) out.insert(d.name);
    for (const auto& s : d.static_routes)
      if (s.prefix == prefix) out.insert(d.name);
    if (d.bgp)
      for (const auto& n : d.bgp->networks)
        if (n.prefix == prefix) out.insert(d.name);
  }
  for (const auto& e : network.externals)
    if (e.prefix == prefix)
      if (const auto* d = network.findDevice(e.node)) out.insert(d->name);
  return out;
}

namespace {

using Graph = std::map<std::string, std::set<std::string>>;

Graph adjacency(const model::Network& network, const std::vector<BgpSession>& sessions) {
  Graph g;
  for (const auto& d : network.devices) g[d.name];
  for (const auto& s : sessions) {
    g[s.a.node].insert(s.b.node);
    g[s.b.node].insert(s.a.node);
  }
  for (const auto& l : network.links) {
    const auto* a = network.findDevice(l.a);
    const auto* b = network.findDevice(l.b);
    if (a && b && a->ospf && b->ospf) {
      g[a->name].insert(b->name);
      g[b->name].insert(a->name);
    }
  }
  return g;
}

std::map<std::string, int> distances(const Graph& g, const std::set<std::string>& from) {
  std::map<std::string, int> dist;
  std::deque<std::string> queue;
  for (const auto& f : from)
    if (g.count(f)) {
      dist[f] = 0;
      queue.push_back(f);
    }
  while (!queue.empty()) {
    auto v = queue.front();
    queue.pop_front();
    for (const auto& w : g.at(v))
      if (!dist.count(w)) {
        dist[w] = dist[v] + 1;
        queue.push_back(w);
      }
  }
  return dist;
}

// One shortest walk from `from` to where `toward` (BFS distances to the walk's end) is 0,
// taking the lowest-named router at each step: deterministic, and on a symmetric fabric any
// walk is as good as another.
void addShortestWalk(const Graph& g, const std::string& from, const std::map<std::string, int>& toward,
                     std::set<std::string>& out) {
  auto at = toward.find(from);
  if (at == toward.end()) return;
  std::string cur = from;
  for (int left = at->second; left > 0; --left) {
    for (const auto& w : g.at(cur)) {
      auto d = toward.find(w);
      if (d != toward.end() && d->second == left - 1) {
        cur = w;
        break;
      }
    }
    out.insert(cur);
  }
}

// A router in the region whose iBGP sessions were all lost gets one candidate session to each
// reflector of its AS (absentIbgpSessions); the walk crossed only the lowest-named one. The
// others join too, so the repair chooses among them (KnobSearch prefers the nearest) rather than
// the region choosing by name.
void addAbsentSessionPeers(const std::vector<BgpSession>& sessions, std::set<std::string>& nodes) {
  std::set<std::string> peers;
  for (const auto& s : sessions) {
    if (s.ebgp || s.a.neighbor || s.b.neighbor) continue;
    if (nodes.count(s.a.node)) peers.insert(s.b.node);
    if (nodes.count(s.b.node)) peers.insert(s.a.node);
  }
  nodes.insert(peers.begin(), peers.end());
}

}  // namespace

std::string RegionWidth::describe() const {
  switch (kind) {
    case Kind::OneWalk: return "one shortest walk per source";
    case Kind::Slack: return "walks up to " + std::to_string(slack) + " hop(s) longer than the shortest";
    case Kind::Whole: return "the whole network";
  }
  return "";
}

Region selectRegion(const model::Network& network, const std::vector<BgpSession>& sessions,
                    const std::vector<std::string>& sources, const std::set<std::string>& origins,
                    const std::vector<std::string>& required, RegionWidth width) {
  Region region;
  if (width.kind == RegionWidth::Kind::Whole) {
    for (const auto& d : network.devices) region.nodes.insert(d.name);
    return region;
  }
  Graph g = adjacency(network, sessions);
  auto canonical = [&](const std::string& n) {
    const auto* d = network.findDevice(n);
    return d ? d->name : n;
  };
  auto fromOrigins = distances(g, origins);
  region.nodes.insert(origins.begin(), origins.end());
  for (const auto& r : required) region.nodes.insert(canonical(r));
  if (width.kind == RegionWidth::Kind::OneWalk) {
    std::vector<std::map<std::string, int>> toRequired;  // one BFS per required router, not per source
    for (const auto& r : required) toRequired.push_back(distances(g, {canonical(r)}));
    for (const auto& src : sources) {
      std::string from = canonical(src);
      region.nodes.insert(from);
      for (size_t i = 0; i < required.size(); ++i) {
        addShortestWalk(g, from, toRequired[i], region.nodes);
        from = canonical(required[i]);
      }
      addShortestWalk(g, from, fromOrigins, region.nodes);
    }
    addAbsentSessionPeers(sessions, region.nodes);
    return region;
  }
  for (const auto& src : sources) {
    std::string s = canonical(src);
    region.nodes.insert(s);
    auto fromSource = distances(g, {s});
    auto reach = fromOrigins.find(s);
    if (reach == fromOrigins.end()) {
      // No walk to an origin at all (sessions missing on both sides): the whole component
      // around the source and the origins is the best guess.
      for (const auto& [n, d] : fromSource) region.nodes.insert(n);
      continue;
    }
    int bound = reach->second + width.slack;
    for (const auto& [n, d] : fromSource) {
      auto o = fromOrigins.find(n);
      if (o != fromOrigins.end() && d + o->second <= bound) region.nodes.insert(n);
    }
  }
  addAbsentSessionPeers(sessions, region.nodes);
  return region;
}

}  // namespace routefix::symsim
