#include "sim/rib.h"

#include <algorithm>
#include <functional>
#include <map>

namespace routefix::sim::detail {

void sortNextHops(std::vector<NextHop>& hops) {
  std::sort(hops.begin(), hops.end());
  hops.erase(std::unique(hops.begin(), hops.end()), hops.end());
}

NodeRib selectInstalled(std::vector<Route> candidates, size_t first) {
  // Sorts small keys rather than routes: a route is a few hundred bytes to move, and a node
  // of a large fabric has one for every prefix. The rank (position in the listed order) keeps
  // equal routes in that order (a stable sort).
  struct Key {
    Prefix prefix;
    uint32_t admin_distance;
    Protocol protocol;
    uint32_t rank;
    uint32_t index;  // in `candidates`
    auto operator<=>(const Key&) const = default;
  };
  const size_t n = candidates.size();
  std::vector<Key> keys;
  keys.reserve(n);
  for (uint32_t i = 0; i < n; ++i) {
    auto rank = static_cast<uint32_t>(i >= first ? i - first : i + (n - first));
    keys.push_back(Key{candidates[i].prefix, candidates[i].admin_distance, candidates[i].protocol, rank, i});
  }
  std::sort(keys.begin(), keys.end());
  // Where each slot's route comes from: the winners in prefix order, then the losers.
  std::vector<uint32_t> source;
  source.reserve(n);
  for (size_t i = 0; i < n; ++i)
    if (i == 0 || keys[i].prefix != keys[i - 1].prefix) source.push_back(keys[i].index);
  const size_t installed = source.size();
  for (size_t i = 1; i < n; ++i)
    if (keys[i].prefix == keys[i - 1].prefix) source.push_back(keys[i].index);
  // The permutation in place, a cycle at a time: the table reuses the candidates' memory,
  // which a large fabric would otherwise allocate (and the kernel zero) a second time.
  std::vector<char> placed(n, 0);
  for (size_t start = 0; start < n; ++start) {
    if (placed[start]) continue;
    placed[start] = 1;
    if (source[start] == start) continue;
    Route carried = std::move(candidates[start]);
    size_t slot = start;
    for (; source[slot] != start; slot = source[slot]) {
      candidates[slot] = std::move(candidates[source[slot]]);
      placed[source[slot]] = 1;
    }
    candidates[slot] = std::move(carried);
  }
  candidates.erase(candidates.begin() + static_cast<std::ptrdiff_t>(installed), candidates.end());
  return NodeRib(std::move(candidates));
}

const Route* longestMatchWhere(const NodeRib& rib, Ipv4 address,
                               const std::function<bool(const Route&)>& usable) {
  for (int len = 32; len >= 0; --len) {
    const Route* r = rib.exact(Prefix(address, static_cast<uint8_t>(len)));
    if (r && usable(*r)) return r;
  }
  return nullptr;
}

namespace {

// Whether a route's next hops are already what resolving over it gives: none to resolve a
// level further, sorted and without repeats.
bool sharesNextHops(const Route& r) {
  const auto& hops = r.next_hops;
  return !hops.empty() &&
         std::all_of(hops.begin(), hops.end(), [](const NextHop& nh) { return nh.discard || !nh.ip || !nh.interface.empty(); }) &&
         std::adjacent_find(hops.begin(), hops.end(), std::greater_equal<>()) == hops.end();
}

}  // namespace

std::optional<Resolution> resolveNextHop(const Topology& topo, uint32_t node, const NodeRib& rib,
                                         Ipv4 address, std::optional<Prefix> excluded) {
  bool viaDefault = topo.device(node).defaults.bgp_next_hop_via_default;
  Resolution res;
  std::vector<NextHop> hops;
  std::vector<Ipv4> pending{address};
  // Recursion depth is bounded: each level must use a route other than the ones before.
  for (int depth = 0; depth < 8 && !pending.empty(); ++depth) {
    std::vector<Ipv4> next;
    for (Ipv4 ip : pending) {
      const Route* r = longestMatchWhere(rib, ip, [&](const Route& c) {
        if (excluded && c.prefix == *excluded) return false;
        return viaDefault || c.prefix.length > 0;
      });
      if (!r) continue;
      if (depth == 0) res.metric = r->metric;
      if (r->protocol == Protocol::Connected || r->protocol == Protocol::Local) {
        if (depth == 0) res.connected = true;
        for (const auto& nh : r->next_hops) {
          InterfaceRef itf{node, kNone};
          const auto& ifs = topo.device(node).interfaces;
          for (uint32_t i = 0; i < ifs.size(); ++i)
            if (ifs[i].name == nh.interface) itf.iface = i;
          hops.push_back(NextHop{ip, nh.interface, itf.iface == kNone ? "" : topo.nodeBehind(itf, ip), false});
        }
        continue;
      }
      if (depth == 0 && sharesNextHops(*r)) {
        // One route resolves it as it is: its list serves (a WAN node resolves the next
        // hop of every other router, each over that router's loopback route).
        res.next_hops = r->next_hops;
        return res;
      }
      for (const auto& nh : r->next_hops) {
        if (nh.discard || !nh.ip)
          hops.push_back(nh);
        else if (nh.interface.empty())
          next.push_back(*nh.ip);  // an unresolved recursive hop: resolve one more level
        else
          hops.push_back(nh);
      }
    }
    pending = std::move(next);
  }
  if (hops.empty()) return std::nullopt;
  sortNextHops(hops);
  res.next_hops = std::move(hops);
  return res;
}

std::vector<Route> connectedRoutes(const Topology& topo, uint32_t node) {
  const auto& d = topo.device(node);
  bool withLocal = d.defaults.local_routes;
  std::vector<Route> out;
  for (const auto& itf : d.interfaces) {
    if (!itf.routes()) continue;
    auto add = [&](const model::InterfaceAddress& a) {
      Route c;
      c.prefix = a.subnet();
      c.protocol = Protocol::Connected;
      c.admin_distance = d.defaults.distance_connected;
      c.next_hops.push_back(NextHop{std::nullopt, itf.name, "", false});
      c.origin_span = a.span;
      out.push_back(c);
      if (withLocal && a.length < 32) {
        Route l = c;
        l.prefix = Prefix(a.address, 32);
        l.protocol = Protocol::Local;
        out.push_back(std::move(l));
      }
    };
    if (itf.address) add(*itf.address);
    for (const auto& s : itf.secondary) add(s);
  }
  return out;
}

std::vector<Route> staticRoutes(const Topology& topo, uint32_t node, const NodeRib& rib) {
  const auto& d = topo.device(node);
  // Statements for one prefix at one distance are one route over all their next hops (ECMP,
  // as IOS, FRR and Junos install them); a higher distance is a floating backup.
  struct Merged {
    Route route;
    std::vector<NextHop> hops, configured;  // configured: each statement's own next hop
    bool recursive = false;
  };
  std::vector<Merged> merged;
  std::map<std::pair<Prefix, uint32_t>, size_t> routeOf;
  for (const auto& s : d.static_routes) {
    std::vector<NextHop> hops;
    bool recursive = false;
    if (s.null_route) {
      hops.push_back(NextHop{std::nullopt, "Null0", "", true});
    } else if (!s.interface.empty()) {
      const auto* itf = d.findInterface(s.interface);
      if (!itf || !itf->routes()) continue;
      InterfaceRef ref{node, static_cast<uint32_t>(itf - d.interfaces.data())};
      hops.push_back(NextHop{s.next_hop, itf->name, s.next_hop ? topo.nodeBehind(ref, *s.next_hop) : "", false});
    } else if (s.next_hop) {
      auto res = resolveNextHop(topo, node, rib, *s.next_hop, s.prefix);
      if (!res) continue;
      hops.assign(res->next_hops.begin(), res->next_hops.end());
      recursive = !res->connected;
    } else {
      continue;
    }
    auto [it, fresh] = routeOf.try_emplace({s.prefix, s.distance}, merged.size());
    if (fresh) {
      Merged& m = merged.emplace_back();
      m.route.prefix = s.prefix;
      m.route.protocol = Protocol::Static;
      m.route.admin_distance = s.distance;
      m.route.origin_span = s.span;
    }
    Merged& m = merged[it->second];
    m.hops.insert(m.hops.end(), hops.begin(), hops.end());
    m.recursive = m.recursive || recursive;
    if (s.next_hop) m.configured.push_back(NextHop{s.next_hop, "", topo.ownerName(*s.next_hop), false});
  }
  std::vector<Route> out;
  out.reserve(merged.size());
  for (auto& m : merged) {
    sortNextHops(m.hops);
    m.route.next_hops = std::move(m.hops);
    // IOS shows a recursive static by the next hop it was configured with.
    if (m.recursive) {
      sortNextHops(m.configured);
      m.route.protocol_next_hops = std::move(m.configured);
    }
    out.push_back(std::move(m.route));
  }
  return out;
}

}  // namespace routefix::sim::detail
