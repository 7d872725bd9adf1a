#include "sim/ospf.h"
#include "sim/ospf_address_family.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <queue>
#include <unordered_map>

#include "semantics/config_rules.h"
#include "semantics/ospf_area_rules.h"

namespace routefix::sim::detail {

namespace {

constexpr uint64_t kInfinite = std::numeric_limits<uint64_t>::max();

// First hop from the computing router: egress interface and gateway (0 = the destination is
// on the attached segment itself).
struct Hop {
  uint32_t iface = 0;
  uint32_t gateway = 0;
  auto operator<=>(const Hop&) const = default;
};
using Hops = std::vector<Hop>;

void mergeHops(Hops& into, const Hops& more) {
  into.insert(into.end(), more.begin(), more.end());
  std::sort(into.begin(), into.end());
  into.erase(std::unique(into.begin(), into.end()), into.end());
}

struct Candidate {
  uint64_t cost = kInfinite;
  uint64_t tie = 0;  // E2: the cost to the ASBR, compared after the external metric
  Hops hops;
};

// Keeps the cheaper candidate; equal ones merge their next hops (ECMP).
void offer(Candidate& best, uint64_t cost, uint64_t tie, const Hops& hops) {
  if (cost < best.cost || (cost == best.cost && tie < best.tie)) {
    best.cost = cost;
    best.tie = tie;
    best.hops = hops;
  } else if (cost == best.cost && tie == best.tie) {
    mergeHops(best.hops, hops);
  }
}


struct Edge {
  uint32_t to;
  uint32_t cost;
  uint32_t iface;    // router -> network: the router's interface
  uint32_t gateway;  // network -> router: the router's address on the segment
};

// A subnet of a router's interface in the area. `transit`: the subnet of a broadcast segment
// with adjacencies, which the segment's network-LSA describes; the others are stub links.
template <class Prefix>
struct Stub {
  Prefix prefix;
  uint32_t cost;
  bool transit = false;
};

// What a transit network's network-LSA says: its subnet and Link State ID (the DR's address).
template <class Prefix>
struct NetworkLsa {
  Prefix prefix;
  Ipv4 lsid;
};

// One area: routers are vertices [0, routers.size()), transit networks follow.
template <class Prefix>
struct AreaGraph {
  uint32_t area = 0;
  std::vector<uint32_t> routers;
  std::unordered_map<uint32_t, uint32_t> vertexOfNode;
  std::vector<std::vector<Edge>> adjacency;
  std::vector<std::vector<Stub<Prefix>>> stubs;            // per router vertex
  std::vector<std::optional<NetworkLsa<Prefix>>> networks;  // per network vertex; none: point-to-point
};

struct SpfResult {
  std::vector<uint64_t> dist;
  std::vector<Hops> hops;
};

template <class Prefix>
SpfResult shortestPaths(const AreaGraph<Prefix>& g, uint32_t source) {
  size_t n = g.adjacency.size();
  SpfResult r{std::vector<uint64_t>(n, kInfinite), std::vector<Hops>(n)};
  std::vector<bool> done(n, false);
  // Networks pop before routers at equal distance: network->router edges cost 0, so a
  // router's next hops are complete only once every network at its distance is done.
  using Item = std::tuple<uint64_t, bool, uint32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> heap;
  r.dist[source] = 0;
  heap.emplace(0, true, source);
  size_t routerCount = g.routers.size();
  while (!heap.empty()) {
    auto [d, isRouter, u] = heap.top();
    heap.pop();
    if (done[u] || d != r.dist[u]) continue;
    done[u] = true;
    for (const auto& e : g.adjacency[u]) {
      uint64_t nd = d + e.cost;
      Hops via;
      if (u == source) {
        via = {Hop{e.iface, 0}};
      } else if (u >= routerCount) {
        for (const auto& h : r.hops[u]) via.push_back(h.gateway ? h : Hop{h.iface, e.gateway});
      } else {
        via = r.hops[u];
      }
      if (nd < r.dist[e.to]) {
        r.dist[e.to] = nd;
        std::sort(via.begin(), via.end());
        r.hops[e.to] = std::move(via);
        heap.emplace(nd, e.to < routerCount, e.to);
      } else if (nd == r.dist[e.to] && !done[e.to]) {
        mergeHops(r.hops[e.to], via);
      }
    }
  }
  return r;
}

template <class Prefix>
struct NodeState {
  std::vector<uint32_t> areas;
  bool abr = false;
  bool asbr = false;
  std::map<uint32_t, std::map<Prefix, Candidate>> intraByArea;  // includes own prefixes
  std::map<uint32_t, std::map<uint32_t, Candidate>> routerDist;  // area -> node -> cost
  std::set<Prefix> own;
  std::map<Prefix, Candidate> intra, inter;
  // Active `area range`s of an ABR: it installs a discard route for each (as FRR and IOS do)
  // and never takes another ABR's summary of the same range.
  std::set<Prefix> discardRanges;

  // A router in one area holds its intra-area routes in `intra` only, moved there from
  // intraByArea, which keeps just its own prefixes: a large WAN's routers each reach
  // thousands of prefixes, and both tables at once were most of OSPF's memory.
  bool intraMovedOut() const { return !abr && intraByArea.size() == 1; }
};

template <class Prefix>
struct Summary {
  uint32_t abr;
  Prefix prefix;
  uint64_t cost;
};
struct RouterSummary {
  uint32_t abr;
  uint32_t asbr;
  uint64_t cost;
};

// An AS-external LSA: type 5, or type 7 inside one NSSA (RFC 3101). `forwarding`: where the
// traffic goes instead of to the ASBR (RFC 2328 16.4 (3)); 0 for the ASBR itself.
template <class Prefix>
struct External {
  uint32_t asbr;
  Prefix prefix;
  uint32_t metric;
  uint32_t type;
  std::optional<uint32_t> nssa;  // type 7: the NSSA it floods in
  Ipv4 forwarding;
  bool translate = false;  // type 7 with the P-bit: the NSSA's translator sends it on as type 5
};

}  // namespace

template <class F>
std::vector<std::vector<typename F::Route>> computeOspfFor(F& family, const Topology& topo,
                                                           const std::vector<typename F::Rib>& ribs,
                                                           std::vector<PolicyEvaluator>& policies,
                                                           const std::vector<std::vector<typename F::Route>>* bgp) {
  using Prefix = typename F::Prefix;
  using Route = typename F::Route;
  using NextHopOut = typename F::Hop;
  size_t nodeCount = topo.nodeCount();
  std::vector<std::vector<Route>> out(nodeCount);
  std::vector<OspfInterface<Prefix>> ifs;
  std::unordered_map<uint64_t, uint32_t> ifIndex;  // (node, iface) -> ifs index
  std::vector<NodeState<Prefix>> state(nodeCount);
  std::set<uint32_t> areaIds;
  for (uint32_t n = 0; n < nodeCount; ++n) {
    const auto& d = topo.device(n);
    if (!F::process(d)) continue;
    for (uint32_t i = 0; i < d.interfaces.size(); ++i) {
      auto o = family.interfaceIn(n, i);
      if (!o) continue;
      uint32_t area = o->area;
      ifIndex.emplace((static_cast<uint64_t>(n) << 32) | i, static_cast<uint32_t>(ifs.size()));
      ifs.push_back(std::move(*o));
      areaIds.insert(area);
      auto& areas = state[n].areas;
      if (std::find(areas.begin(), areas.end(), area) == areas.end()) areas.push_back(area);
    }
  }
  std::vector<Ipv4> routerIds(nodeCount);
  for (uint32_t n = 0; n < nodeCount; ++n)
    if (F::process(topo.device(n))) routerIds[n] = F::routerId(topo.device(n));
  for (auto& s : state) {
    std::sort(s.areas.begin(), s.areas.end());
    s.abr = s.areas.size() > 1 && s.areas.front() == 0;  // Cisco-style ABR: needs the backbone
  }
  auto areaSettings = [&](uint32_t n, uint32_t area) {
    return semantics::ospfAreaSettings(*F::process(topo.device(n)), area);
  };
  // Type-5 LSAs reach a router through any normal area it is in.
  std::vector<bool> takesExternals(nodeCount, false);
  for (uint32_t n = 0; n < nodeCount; ++n)
    for (uint32_t area : state[n].areas)
      if (semantics::ospfAreaTakesExternals(areaSettings(n, area).type)) takesExternals[n] = true;

  // ---- per-area graphs and intra-area routes -----------------------------------------
  for (uint32_t areaId : areaIds) {
    AreaGraph<Prefix> g;
    g.area = areaId;
    for (uint32_t n = 0; n < nodeCount; ++n)
      if (std::binary_search(state[n].areas.begin(), state[n].areas.end(), areaId)) {
        g.vertexOfNode.emplace(n, static_cast<uint32_t>(g.routers.size()));
        g.routers.push_back(n);
      }
    g.adjacency.resize(g.routers.size());
    g.stubs.resize(g.routers.size());
    std::map<uint64_t, uint32_t> networkVertex;
    for (const auto& o : ifs) {
      if (o.area != areaId) continue;
      uint32_t rv = g.vertexOfNode.at(o.node);
      uint64_t key = (static_cast<uint64_t>(o.node) << 32) | o.iface;
      bool adjacent = false;
      // The DR: the highest router-id on the segment (`ip ospf priority` is not modelled).
      Ipv4 drId = routerIds[o.node], drAddress = o.lsid;
      for (const auto& peer : topo.segmentPeers({o.node, o.iface})) {
        if (o.passive || o.loopback) break;
        auto pi = ifIndex.find((static_cast<uint64_t>(peer.node) << 32) | peer.iface);
        if (pi == ifIndex.end()) continue;
        const auto& po = ifs[pi->second];
        if (po.area != areaId || po.passive || po.loopback) continue;
        if (!F::hellosAccepted(topo.device(o.node).interfaces[o.iface], topo.device(po.node).interfaces[po.iface]))
          continue;
        if (!semantics::ospfAreaTypesAgree(areaSettings(o.node, areaId).type, areaSettings(po.node, areaId).type))
          continue;
        adjacent = true;
        key = std::min(key, (static_cast<uint64_t>(peer.node) << 32) | peer.iface);
        if (drId < routerIds[po.node]) {
          drId = routerIds[po.node];
          drAddress = po.lsid;
        }
      }
      bool transit = adjacent && !o.point_to_point && !o.prefixes.empty();
      for (size_t k = 0; k < o.prefixes.size(); ++k)
        g.stubs[rv].push_back(Stub<Prefix>{o.prefixes[k], o.cost, transit && k == 0});  // primary first
      if (!adjacent) continue;
      auto [it, inserted] = networkVertex.emplace(key, static_cast<uint32_t>(g.adjacency.size()));
      if (inserted) {
        g.adjacency.emplace_back();
        g.networks.emplace_back();
      }
      if (transit) g.networks[it->second - g.routers.size()] = NetworkLsa<Prefix>{o.prefixes.front(), drAddress};
      g.adjacency[rv].push_back(Edge{it->second, o.cost, o.iface, 0});
      g.adjacency[it->second].push_back(Edge{rv, 0, 0, o.gateway});
    }
    for (uint32_t s = 0; s < g.routers.size(); ++s) {
      topo.deadline().check();
      uint32_t node = g.routers[s];
      auto spf = shortestPaths(g, s);
      auto& intra = state[node].intraByArea[areaId];
      auto& routerDist = state[node].routerDist[areaId];
      for (const auto& stub : g.stubs[s]) {
        offer(intra[stub.prefix], stub.cost, 0, {});
        state[node].own.insert(stub.prefix);
      }
      // Transit networks first, one network-LSA per subnet (semantics::transitNetworkReplaces),
      // then the stub links, merged at equal cost (RFC 2328 16.1, both stages).
      uint32_t firstNetwork = static_cast<uint32_t>(g.routers.size());
      std::map<Prefix, uint32_t> transitVertex;
      for (uint32_t k = 0; k < g.networks.size(); ++k) {
        const auto& lsa = g.networks[k];
        uint32_t v = firstNetwork + k;
        if (!lsa || spf.dist[v] == kInfinite) continue;
        auto [chosen, fresh] = transitVertex.try_emplace(lsa->prefix, v);
        if (!fresh && semantics::transitNetworkReplaces(spf.dist[v], lsa->lsid, spf.dist[chosen->second],
                                                        g.networks[chosen->second - firstNetwork]->lsid))
          chosen->second = v;
      }
      for (const auto& [p, v] : transitVertex)
        if (!state[node].own.count(p)) offer(intra[p], spf.dist[v], 0, spf.hops[v]);
      for (uint32_t x = 0; x < g.routers.size(); ++x) {
        if (x == s || spf.dist[x] == kInfinite) continue;
        routerDist[g.routers[x]] = Candidate{spf.dist[x], 0, spf.hops[x]};
        for (const auto& stub : g.stubs[x])
          if (!stub.transit) offer(intra[stub.prefix], spf.dist[x] + stub.cost, 0, spf.hops[x]);
      }
    }
  }
  for (auto& s : state) {
    if (s.intraMovedOut()) {
      auto& routes = s.intraByArea.begin()->second;
      for (auto it = routes.begin(); it != routes.end();)
        if (s.own.count(it->first))
          ++it;
        else
          s.intra.insert(routes.extract(it++));
      continue;
    }
    for (const auto& [area, routes] : s.intraByArea)
      for (const auto& [p, c] : routes)
        if (!s.own.count(p)) offer(s.intra[p], c.cost, 0, c.hops);
  }

  for (uint32_t n = 0; n < nodeCount; ++n) {
    auto& s = state[n];
    if (!s.abr) continue;
    for (const auto& r : F::areaRanges(*F::process(topo.device(n)))) {
      if (!r.advertise || s.intra.count(r.prefix) || s.own.count(r.prefix)) continue;
      const auto& routes = s.intraByArea[r.area];
      if (std::any_of(routes.begin(), routes.end(), [&](const auto& pc) { return r.prefix.contains(pc.first); }))
        s.discardRanges.insert(r.prefix);
    }
  }

  // ---- externals (type 5, and type 7 in NSSAs) ----------------------------------------
  std::vector<External<Prefix>> externals;
  // An ASBR's type-5 LSA, and a type-7 copy for each NSSA it is in (FRR ospf_install_flood_nssa):
  // with the P-bit unless it is an ABR, and then a forwarding address of its own in the NSSA.
  auto originate = [&](uint32_t n, const Prefix& prefix, uint32_t metric, uint32_t type, Ipv4 forwarding) {
    externals.push_back(External<Prefix>{n, prefix, metric, type, std::nullopt, forwarding, false});
    state[n].asbr = true;
    for (uint32_t area : state[n].areas) {
      if (areaSettings(n, area).type != model::OspfAreaType::Nssa) continue;
      Ipv4 fa = forwarding;
      bool translate = !state[n].abr;
      // OSPFv3's forwarding addresses are IPv6 ones; not modelled (the ASBR is the next hop).
      if (F::kIpv4 && translate && fa.value == 0)
        for (const auto& o : ifs)
          if (o.node == n && o.area == area) {
            fa = o.lsid;
            break;
          }
      externals.push_back(External<Prefix>{n, prefix, metric, type, area, fa, translate});
    }
  };
  // FRR sets a type-5 LSA's forwarding address to the route's next hop when that lies in the
  // subnet of one of its OSPF interfaces (ospf_external_lsa_nexthop_get; the first next hop of
  // an ECMP route). Zebra hands over the next hop as configured or learned (a recursive
  // static's gateway, a BGP next hop), not the resolved one.
  auto forwardingAddress = [&](uint32_t n, const Route& route) {
    if constexpr (F::kIpv4) {
      const auto& hops = route.protocol_next_hops.empty() ? route.next_hops : route.protocol_next_hops;
      if (!topo.device(n).defaults.ospf_external_forwarding_address || hops.empty() || !hops.front().ip)
        return Ipv4{};
      Ipv4 hop = *hops.front().ip;
      for (const auto& o : ifs)
        if (o.node == n && !o.loopback)
          for (const auto& p : o.prefixes)
            if (p.contains(hop)) return hop;
    }
    return Ipv4{};
  };
  for (uint32_t n = 0; n < nodeCount; ++n) {
    const auto& d = topo.device(n);
    const auto& proc = F::process(d);
    if (!proc) continue;
    for (const auto& r : proc->redistributions) {
      bool fromBgp = r.source == model::RouteSource::Bgp;
      auto redistribute = [&](const Route& route) {
        if (!F::redistributable(d, r, route)) return;
        PolicySubject subject;
        F::setPrefix(subject, route.prefix);
        subject.protocol = r.source;
        subject.metric = r.metric.value_or(fromBgp ? d.defaults.ospf_external_metric_bgp
                                                   : d.defaults.ospf_external_metric);
        subject.metric_type = static_cast<uint8_t>(r.metric_type.value_or(d.defaults.ospf_external_type));
        F::setNextHop(subject, route);
        if (!policies[n].applyOne(r.route_map, subject)) return;
        // Junos `protocols ospf export`: the chain decides (and sets metric / type) too.
        if (!proc->export_policies.empty() &&
            !policies[n].apply(proc->export_policies, model::PolicyDefault::Reject, subject))
          return;
        originate(n, route.prefix, subject.metric, subject.metric_type, forwardingAddress(n, route));
      };
      if (!fromBgp) {
        for (const auto& route : ribs[n].routes()) redistribute(route);
      } else if (bgp && d.bgp) {  // before BGP has run, nothing (simulate() iterates)
        for (const auto& route : (*bgp)[n]) redistribute(route);
      }
    }
    if (const auto& o = proc->default_originate) {
      bool haveDefault = ribs[n].exact(F::defaultRoute()) != nullptr;
      if (o->always || haveDefault) {
        externals.push_back(External<Prefix>{n, F::defaultRoute(),
                                     o->metric.value_or(d.defaults.ospf_default_originate_metric),
                                     o->metric_type, std::nullopt, Ipv4{}, false});
        state[n].asbr = true;
      }
    }
  }

  // NSSA translation (RFC 3101 3.2): per NSSA, its ABR of highest router-id sends each type-7
  // LSA with the P-bit on into the rest of the AS as a type-5 LSA of its own, forwarding
  // address kept.
  std::map<uint32_t, uint32_t> translator;  // NSSA -> ABR
  for (uint32_t n = 0; n < nodeCount; ++n) {
    if (!state[n].abr) continue;
    for (uint32_t area : state[n].areas) {
      if (areaSettings(n, area).type != model::OspfAreaType::Nssa) continue;
      auto [it, fresh] = translator.try_emplace(area, n);
      if (!fresh && routerIds[it->second] < routerIds[n]) it->second = n;
    }
  }
  for (size_t i = 0, originated = externals.size(); i < originated; ++i) {
    const External<Prefix> e = externals[i];  // a copy: the vector grows below
    if (!e.nssa || !e.translate) continue;
    auto t = translator.find(*e.nssa);
    if (t == translator.end() || !state[t->second].routerDist[*e.nssa].count(e.asbr)) continue;
    externals.push_back(External<Prefix>{t->second, e.prefix, e.metric, e.type, std::nullopt, e.forwarding, false});
    state[t->second].asbr = true;
  }

  // ---- summaries (type 3 and 4) from ABRs -------------------------------------------
  std::map<uint32_t, std::vector<Summary<Prefix>>> summaries;
  std::map<uint32_t, std::vector<RouterSummary>> routerSummaries;
  auto summarize = [&](uint32_t abr, uint32_t fromArea, uint32_t intoArea,
                       const std::map<Prefix, Candidate>& routes) {
    const auto& ranges = F::areaRanges(*F::process(topo.device(abr)));
    std::map<Prefix, uint64_t> ranged;  // range -> cost (largest component)
    std::set<Prefix> suppressed;
    for (const auto& [p, c] : routes) {
      const typename std::remove_cvref_t<decltype(ranges)>::value_type* range = nullptr;
      for (const auto& r : ranges)
        if (r.area == fromArea && r.prefix.contains(p)) range = &r;
      if (!range) {
        summaries[intoArea].push_back(Summary<Prefix>{abr, p, c.cost});
      } else if (!range->advertise) {
        suppressed.insert(range->prefix);
      } else {
        uint64_t cost = range->cost ? *range->cost : c.cost;
        auto [it, inserted] = ranged.emplace(range->prefix, cost);
        if (!inserted && !range->cost) it->second = std::max(it->second, c.cost);
      }
    }
    for (const auto& [p, cost] : ranged) summaries[intoArea].push_back(Summary<Prefix>{abr, p, cost});
  };
  auto summarizeRouters = [&](uint32_t abr, uint32_t intoArea,
                              const std::map<uint32_t, Candidate>& dists) {
    for (const auto& [node, c] : dists)
      if (state[node].asbr) routerSummaries[intoArea].push_back(RouterSummary{abr, node, c.cost});
  };
  // An ABR summarises every attached area's intra-area routes into each of its other areas
  // (RFC 2328 12.4.3), not only the backbone's into the others and theirs into the backbone;
  // into a stub area or NSSA a default summary (12.4.3.1), and there only that one with
  // `no-summary`.
  for (uint32_t n = 0; n < nodeCount; ++n) {
    if (!state[n].abr) continue;
    for (uint32_t into : state[n].areas) {
      auto settings = areaSettings(n, into);
      for (uint32_t from : state[n].areas) {
        if (from == into) continue;
        if (semantics::ospfAbrSendsSummaries(settings)) summarize(n, from, into, state[n].intraByArea[from]);
        if (semantics::ospfAreaTakesExternals(settings.type)) summarizeRouters(n, into, state[n].routerDist[from]);
      }
      if (auto cost = semantics::ospfAbrDefaultSummaryCost(topo.device(n).defaults, settings))
        summaries[into].push_back(Summary<Prefix>{n, F::defaultRoute(), *cost});
    }
  }
  auto interFrom = [&](uint32_t n, uint32_t area) {
    auto& s = state[n];
    for (const auto& sum : summaries[area]) {
      if (sum.abr == n || s.own.count(sum.prefix) || s.intra.count(sum.prefix) || s.discardRanges.count(sum.prefix))
        continue;
      auto d = s.routerDist[area].find(sum.abr);
      if (d == s.routerDist[area].end()) continue;
      offer(s.inter[sum.prefix], d->second.cost + sum.cost, 0, d->second.hops);
    }
  };
  // Backbone routers (ABRs included: they only believe the backbone's summaries) ...
  for (uint32_t n = 0; n < nodeCount; ++n)
    if (!state[n].areas.empty() && state[n].areas.front() == 0) interFrom(n, 0);
  // ... then ABRs pass what they learned over the backbone into their other areas ...
  for (uint32_t n = 0; n < nodeCount; ++n) {
    if (!state[n].abr) continue;
    for (uint32_t area : state[n].areas) {
      if (area == 0) continue;
      auto settings = areaSettings(n, area);
      if (semantics::ospfAbrSendsSummaries(settings))
        for (const auto& [p, c] : state[n].inter)
          if (!state[n].intraByArea[area].count(p)) summaries[area].push_back(Summary<Prefix>{n, p, c.cost});
      if (!semantics::ospfAreaTakesExternals(settings.type)) continue;
      for (const auto& rs : routerSummaries[0]) {
        auto d = state[n].routerDist[0].find(rs.abr);
        if (rs.abr != n && d != state[n].routerDist[0].end() && !state[n].routerDist[area].count(rs.asbr))
          routerSummaries[area].push_back(RouterSummary{n, rs.asbr, d->second.cost + rs.cost});
      }
    }
  }
  // ... which non-backbone routers use.
  for (uint32_t n = 0; n < nodeCount; ++n)
    if (!state[n].areas.empty() && state[n].areas.front() != 0)
      for (uint32_t area : state[n].areas) interFrom(n, area);

  // ---- external routes -----------------------------------------------------------------
  // Distance to an ASBR: inside a shared area, else through an ABR's type-4 summary.
  auto asbrDistance = [&](uint32_t n, uint32_t asbr) {
    Candidate best;
    auto& s = state[n];
    for (uint32_t area : s.areas) {
      auto d = s.routerDist[area].find(asbr);
      if (d != s.routerDist[area].end()) offer(best, d->second.cost, 0, d->second.hops);
    }
    if (best.cost != kInfinite) return best;
    for (uint32_t area : s.areas) {
      if (s.abr && area != 0) continue;
      for (const auto& rs : routerSummaries[area]) {
        if (rs.asbr != asbr) continue;
        auto d = s.routerDist[area].find(rs.abr);
        if (d != s.routerDist[area].end()) offer(best, d->second.cost + rs.cost, 0, d->second.hops);
      }
    }
    return best;
  };
  // The OSPF route to a forwarding address (RFC 2328 16.4 (3)): the longest intra- or
  // inter-area match (a type-7 LSA's: intra-area in its NSSA); on a network of the router
  // itself, the address is the next hop.
  auto toForwardingAddress = [&](uint32_t n, Ipv4 address, std::optional<uint32_t> nssa) {
    Candidate best;
    if constexpr (F::kIpv4) {
      int bestLength = -1;
      auto consider = [&](const Prefix& p, const Candidate& c) {
        if (!p.contains(address) || p.length < bestLength) return;
        Hops hops = c.hops;
        if (hops.empty()) {
          auto itf = topo.interfaceFor(n, address);
          if (!itf) return;
          hops = {Hop{*itf, address.value}};
        }
        if (p.length > bestLength) best = Candidate{};
        bestLength = p.length;
        offer(best, c.cost, 0, hops);
      };
      for (const auto& [area, routes] : state[n].intraByArea)
        if (!nssa || area == *nssa) {
          for (const auto& [p, c] : routes) consider(p, c);
          if (state[n].intraMovedOut())
            for (const auto& [p, c] : state[n].intra) consider(p, c);
        }
      if (!nssa)
        for (const auto& [p, c] : state[n].inter) consider(p, c);
    }
    return best;
  };
  std::vector<std::map<Prefix, std::pair<Candidate, Candidate>>> ext(nodeCount);  // E1, E2
  for (uint32_t n = 0; n < nodeCount; ++n) {
    if (state[n].areas.empty()) continue;
    std::map<uint32_t, Candidate> distCache;
    for (const auto& e : externals) {
      if (e.asbr == n || state[n].own.count(e.prefix) || state[n].intra.count(e.prefix) ||
          state[n].inter.count(e.prefix) || state[n].discardRanges.count(e.prefix))
        continue;
      Candidate d;
      if (e.nssa) {  // type 7: only inside its NSSA, from an ASBR there
        auto it = state[n].routerDist[*e.nssa].find(e.asbr);
        if (!std::binary_search(state[n].areas.begin(), state[n].areas.end(), *e.nssa) ||
            it == state[n].routerDist[*e.nssa].end())
          continue;
        d = it->second;
      } else {
        if (!takesExternals[n] || !takesExternals[e.asbr]) continue;
        auto it = distCache.find(e.asbr);
        if (it == distCache.end()) it = distCache.emplace(e.asbr, asbrDistance(n, e.asbr)).first;
        d = it->second;
      }
      if (d.cost == kInfinite) continue;
      if (e.forwarding.value != 0) d = toForwardingAddress(n, e.forwarding, e.nssa);
      if (d.cost == kInfinite) continue;
      auto& slot = ext[n][e.prefix];
      if (e.type == 1)
        offer(slot.first, d.cost + e.metric, 0, d.hops);
      else
        offer(slot.second, e.metric, d.cost, d.hops);
    }
  }

  // ---- routes ----------------------------------------------------------------------------
  for (uint32_t n = 0; n < nodeCount; ++n) {
    const auto& d = topo.device(n);
    const auto& proc = F::process(d);
    if (!proc) continue;
    uint32_t distance = proc->distance.value_or(d.defaults.distance_ospf);
    // Junos prefers its internal OSPF routes (10) far over external ones (150); IOS and FRR
    // use 110 for both. A configured distance applies to all.
    uint32_t externalDistance = proc->distance.value_or(d.defaults.distance_ospf_external);
    // A node reaches most prefixes over one of a few next-hop sets (its neighbours): the
    // routes share one list per set instead of each holding its own (issue 17, item 3).
    std::map<std::vector<NextHopOut>, typename F::Hops> hopSets;
    auto shared = [&](std::vector<NextHopOut> hops) -> const typename F::Hops& {
      auto [it, fresh] = hopSets.try_emplace(hops);
      if (fresh) it->second = std::move(hops);
      return it->second;
    };
    out[n].reserve(state[n].intra.size() + state[n].discardRanges.size() + state[n].inter.size() + ext[n].size());
    auto emit = [&](const Prefix& p, const Candidate& c, Protocol proto) {
      if (c.hops.empty()) return;
      Route r;
      r.prefix = p;
      r.protocol = proto;
      bool external = proto == Protocol::OspfE1 || proto == Protocol::OspfE2;
      r.admin_distance = external ? externalDistance : distance;
      r.metric = static_cast<uint32_t>(std::min<uint64_t>(c.cost, 0xffffffffu));
      std::vector<NextHopOut> hops;
      for (const auto& h : c.hops) hops.push_back(family.nextHop(n, h.iface, h.gateway, p));
      std::sort(hops.begin(), hops.end());
      // `maximum-paths N` keeps N of the equal-cost paths: the lowest gateway addresses, as
      // FRR did in the lab (which N it keeps is not documented).
      if (proc->maximum_paths && hops.size() > proc->maximum_paths) hops.resize(proc->maximum_paths);
      r.next_hops = shared(std::move(hops));
      out[n].push_back(std::move(r));
    };
    for (const auto& [p, c] : state[n].intra) emit(p, c, Protocol::Ospf);
    for (const auto& p : state[n].discardRanges) {
      Route r;
      r.prefix = p;
      r.protocol = Protocol::Ospf;
      r.admin_distance = distance;
      r.next_hops = shared({NextHopOut{std::nullopt, "", "", true}});
      out[n].push_back(std::move(r));
    }
    for (const auto& [p, c] : state[n].inter) emit(p, c, Protocol::OspfInterArea);
    for (const auto& [p, pair] : ext[n]) {
      if (pair.first.cost != kInfinite)
        emit(p, pair.first, Protocol::OspfE1);
      else
        emit(p, pair.second, Protocol::OspfE2);
    }
  }
  return out;
}

std::vector<std::vector<Route>> computeOspf(const Topology& topo, const std::vector<NodeRib>& ribs,
                                            std::vector<PolicyEvaluator>& policies,
                                            const std::vector<std::vector<Route>>* bgp) {
  OspfV2 family{topo};
  return computeOspfFor(family, topo, ribs, policies, bgp);
}

std::vector<std::vector<Ipv6Route>> computeOspf6(const Topology& topo, const std::vector<Ipv6Rib>& ribs,
                                                 std::vector<PolicyEvaluator>& policies) {
  OspfV3 family(topo);
  return computeOspfFor(family, topo, ribs, policies, nullptr);
}

}  // namespace routefix::sim::detail
