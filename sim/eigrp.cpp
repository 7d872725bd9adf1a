#include "sim/eigrp.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "semantics/eigrp_rules.h"
#include "sim/redistribution_source.h"

namespace routefix::sim::detail {

namespace {

// One EIGRP process on one router: a vertex of its AS's graph.
struct Instance {
  uint32_t node;
  const model::EigrpProcess* process;
};

struct Adjacency {
  uint32_t to;      // instance index
  uint32_t iface;   // the receiving interface on this instance's node
  Ipv4 peer;        // the neighbour's address on the link
  uint32_t peer_iface;  // the neighbour's interface on the link (it advertises out of it)
};

struct Best {
  bool local = false;     // originated here: nothing learned replaces it
  bool external = false;  // redistributed into EIGRP somewhere
  uint64_t composite = 0;
  model::EigrpMetric metric;
  std::vector<NextHop> hops;
  bool operator==(const Best&) const = default;
};

using Table = std::map<Prefix, Best>;

}  // namespace

bool coveredByEigrp(const model::Device& d, uint32_t asn, const Route& route) {
  if (route.protocol != Protocol::Connected || route.next_hops.empty()) return false;
  const model::Interface* itf = d.findInterface(route.next_hops.front().interface);
  return itf && std::any_of(d.eigrp.begin(), d.eigrp.end(), [&](const model::EigrpProcess& p) {
           return p.asn == asn && semantics::eigrpEnabled(d, p, *itf);
         });
}

namespace {

// Whether `route` is one `redistribute <source>` takes into the process `into`.
bool takes(const model::Device& d, const model::Redistribution& r, const model::EigrpProcess& into,
           const Route& route) {
  switch (r.source) {
    case model::RouteSource::Connected:
    case model::RouteSource::Static:
    case model::RouteSource::Ospf: return takenFromSource(r, route);
    case model::RouteSource::Eigrp:
      return r.process != into.asn && (takenFromSource(r, route) || coveredByEigrp(d, r.process, route));
    default: return false;  // BGP: from the BGP routes (origins), not from the IGP's table
  }
}

// The vector metric a redistributed route starts with: `metric` on the statement, else
// `default-metric`; connected and static routes without either take their exit interface's
// (IOS needs no metric for them). Others without a metric are not redistributed.
std::optional<model::EigrpMetric> seedMetric(const model::Device& d, const model::EigrpProcess& p,
                                             const model::Redistribution& r, const Route& route) {
  if (r.eigrp_metric) return r.eigrp_metric;
  if (p.default_metric) return p.default_metric;
  if (r.source != model::RouteSource::Connected && r.source != model::RouteSource::Static) return std::nullopt;
  if (route.next_hops.empty()) return std::nullopt;
  const model::Interface* itf = d.findInterface(route.next_hops.front().interface);
  if (!itf) return std::nullopt;
  return semantics::eigrpInterfaceMetric(*itf);
}

// Whether the process's distribute-lists of one direction that apply on `iface` (those
// naming it and those naming no interface) all let `prefix` through.
bool distributes(const model::Device& d, const model::EigrpProcess& p, bool inbound, const model::Interface& iface,
                 const Prefix& prefix, PolicyEvaluator& policy) {
  for (const auto& l : p.distribute_lists) {
    if (l.inbound != inbound) continue;
    if (!l.interface.empty() && d.findInterface(l.interface) != &iface) continue;
    PolicySubject subject;
    subject.prefix = prefix;
    subject.protocol = model::RouteSource::Eigrp;
    bool permits = l.prefix_list ? policy.prefixListPermits(l.name, prefix) : policy.applyOne(l.name, subject);
    if (!permits) return false;
  }
  return true;
}

void offer(Table& table, const Prefix& p, Best candidate, uint32_t maximumPaths) {
  auto [it, inserted] = table.emplace(p, candidate);
  if (inserted) return;
  Best& best = it->second;
  if (best.local) return;
  auto key = [](const Best& b) { return std::tuple(b.external, b.composite); };
  if (key(candidate) < key(best)) {
    best = std::move(candidate);
  } else if (key(candidate) == key(best)) {
    for (auto& h : candidate.hops)
      if (std::find(best.hops.begin(), best.hops.end(), h) == best.hops.end()) best.hops.push_back(h);
    std::sort(best.hops.begin(), best.hops.end());
    if (best.hops.size() > maximumPaths) best.hops.resize(maximumPaths);
  }
}

Table origins(const Topology& topo, const Instance& in, const NodeRib& rib, const std::vector<Route>* bgp,
              PolicyEvaluator& policy) {
  const model::Device& d = topo.device(in.node);
  const model::EigrpProcess& p = *in.process;
  Table t;
  for (const auto& itf : d.interfaces) {
    if (!semantics::eigrpEnabled(d, p, itf) || !itf.address) continue;
    model::EigrpMetric m = semantics::eigrpInterfaceMetric(itf);
    Best b{true, false, semantics::eigrpCompositeMetric(p, m), m, {}};
    t.emplace(itf.address->subnet(), b);
    for (const auto& s : itf.secondary) t.emplace(s.subnet(), b);
  }
  auto redistribute = [&](const model::Redistribution& r, const Route& route) {
    if (t.count(route.prefix)) return;
    auto m = seedMetric(d, p, r, route);
    if (!m) return;
    PolicySubject subject;
    subject.prefix = route.prefix;
    subject.protocol = r.source;
    subject.metric = route.metric;
    if (!route.next_hops.empty()) {
      subject.interface = route.next_hops.front().interface;
      if (route.next_hops.front().ip) subject.next_hop = *route.next_hops.front().ip;
    }
    if (!policy.applyOne(r.route_map, subject)) return;
    t.emplace(route.prefix, Best{true, true, semantics::eigrpCompositeMetric(p, *m), *m, {}});
  };
  for (const auto& r : p.redistributions) {
    if (r.source != model::RouteSource::Bgp) {
      for (const auto& route : rib.routes())
        if (takes(d, r, p, route)) redistribute(r, route);
    } else if (bgp && d.bgp) {  // before BGP has run, nothing (simulate() iterates)
      for (const auto& route : *bgp)
        if (takenFromBgp(d, route)) redistribute(r, route);
    }
  }
  return t;
}

}  // namespace

bool runsEigrp(const Topology& topo) {
  for (uint32_t n = 0; n < topo.nodeCount(); ++n)
    if (!topo.device(n).eigrp.empty()) return true;
  return false;
}

std::vector<std::vector<Route>> computeEigrp(const Topology& topo, const std::vector<NodeRib>& ribs,
                                             std::vector<PolicyEvaluator>& policies,
                                             const std::vector<std::vector<Route>>* bgp) {
  std::vector<std::vector<Route>> out(topo.nodeCount());
  std::vector<Instance> instances;
  for (uint32_t n = 0; n < topo.nodeCount(); ++n)
    for (const auto& p : topo.device(n).eigrp) instances.push_back({n, &p});
  if (instances.empty()) return out;

  // Neighbours: the same AS number on both ends of a link, both interfaces covered and not
  // passive.
  std::vector<std::vector<Adjacency>> adjacencies(instances.size());
  for (uint32_t v = 0; v < instances.size(); ++v) {
    const auto& [node, process] = instances[v];
    const model::Device& d = topo.device(node);
    for (uint32_t i = 0; i < d.interfaces.size(); ++i) {
      const auto& itf = d.interfaces[i];
      if (!semantics::eigrpEnabled(d, *process, itf) || semantics::eigrpPassive(*process, itf)) continue;
      for (const auto& peer : topo.segmentPeers({node, i})) {
        const model::Device& pd = topo.device(peer.node);
        const auto& pitf = pd.interfaces[peer.iface];
        auto peerSource = pd.sourceAddress(pitf);
        if (!peerSource) continue;
        for (uint32_t u = 0; u < instances.size(); ++u) {
          const auto& other = instances[u];
          if (other.node != peer.node || other.process->asn != process->asn) continue;
          if (!semantics::eigrpEnabled(pd, *other.process, pitf) || semantics::eigrpPassive(*other.process, pitf))
            continue;
          adjacencies[v].push_back({u, i, peerSource->address, peer.iface});
        }
      }
    }
  }

  std::vector<Table> seeds;
  for (const auto& in : instances)
    seeds.push_back(origins(topo, in, ribs[in.node], bgp ? &(*bgp)[in.node] : nullptr, policies[in.node]));
  // Each round extends every router's best path by one hop from its neighbours' bests of the
  // previous round; metrics only grow along a path, so this settles within |instances| rounds.
  std::vector<Table> best = seeds;
  for (size_t round = 0; round <= instances.size(); ++round) {
    topo.deadline().check();
    std::vector<Table> next = seeds;
    for (uint32_t v = 0; v < instances.size(); ++v) {
      const auto& [node, process] = instances[v];
      const model::Device& d = topo.device(node);
      for (const auto& adj : adjacencies[v]) {
        const auto& [peerNode, peerProcess] = instances[adj.to];
        const model::Device& pd = topo.device(peerNode);
        const model::Interface& receiving = d.interfaces[adj.iface];
        model::EigrpMetric link = semantics::eigrpInterfaceMetric(receiving);
        NextHop hop{adj.peer, receiving.name, pd.name, false};
        for (const auto& [prefix, b] : best[adj.to]) {
          // Distribute-lists filter the update: the neighbour's `out`, then this router's `in`.
          if (!distributes(pd, *peerProcess, false, pd.interfaces[adj.peer_iface], prefix, policies[peerNode]) ||
              !distributes(d, *process, true, receiving, prefix, policies[node]))
            continue;
          model::EigrpMetric m{std::min(b.metric.bandwidth_kbps, link.bandwidth_kbps),
                               b.metric.delay_tens_usec + link.delay_tens_usec};
          offer(next[v], prefix, Best{false, b.external, semantics::eigrpCompositeMetric(*process, m), m, {hop}},
                process->maximum_paths);
        }
      }
    }
    if (next == best) break;
    best = std::move(next);
  }

  for (uint32_t v = 0; v < instances.size(); ++v) {
    const auto& [node, process] = instances[v];
    for (const auto& [prefix, b] : best[v]) {
      if (b.local) continue;
      Route r;
      r.prefix = prefix;
      r.protocol = b.external ? Protocol::EigrpExternal : Protocol::Eigrp;
      r.admin_distance = b.external ? process->distance_external : process->distance_internal;
      r.metric = semantics::eigrpRibMetric(*process, b.metric);
      r.next_hops = NextHops(b.hops);
      r.eigrp_as = process->asn;
      out[node].push_back(std::move(r));
    }
  }
  return out;
}

}  // namespace routefix::sim::detail
