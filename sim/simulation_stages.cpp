#include "sim/simulation_stages.h"

#include <algorithm>

#include "cluster/parallel_for.h"
#include "sim/eigrp.h"
#include "sim/ospf.h"
#include "sim/rib.h"

namespace routefix::sim::detail {

namespace {

std::vector<Route> joined(std::initializer_list<const std::vector<Route>*> parts) {
  size_t total = 0;
  for (const auto* p : parts) total += p->size();
  std::vector<Route> all;
  all.reserve(total);
  for (const auto* p : parts) all.insert(all.end(), p->begin(), p->end());
  return all;
}

bool sameRoutes(const std::vector<Route>& a, const std::vector<Route>& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const Route& x, const Route& y) {
           return x.prefix == y.prefix && x.next_hops == y.next_hops && x.metric == y.metric;
         });
}

// The device's Junos aggregate routes that a more specific route in `rib` activates.
std::vector<Route> aggregateRoutes(const model::Device& d, const NodeRib& rib) {
  std::vector<Route> out;
  for (const auto& a : d.aggregate_routes) {
    const auto& routes = rib.routes();
    auto it = std::lower_bound(routes.begin(), routes.end(), a.prefix,
                               [](const Route& r, const Prefix& p) { return r.prefix < p; });
    bool contributor = false;  // routes inside the prefix sort right after it
    for (; it != routes.end() && a.prefix.contains(it->prefix) && !contributor; ++it)
      contributor = it->prefix.length > a.prefix.length;
    if (!contributor) continue;
    Route r;
    r.prefix = a.prefix;
    r.protocol = Protocol::Aggregate;
    r.admin_distance = a.distance;
    r.communities = a.communities;
    r.next_hops = NextHops{NextHop{std::nullopt, "", "", true}};
    r.origin_span = a.span;
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

PolicyContext::PolicyContext(const model::Network& network) {
  policies.reserve(network.devices.size());
  for (const auto& d : network.devices) policies.emplace_back(d, tables, regexes);
}

IgpRoutes computeIgp(const Topology& topo, std::vector<PolicyEvaluator>& policies,
                     const IgpRoutes* baseline, const std::vector<std::vector<Route>>* bgp) {
  size_t n = topo.nodeCount();
  IgpRoutes igp;
  igp.connected.resize(n);
  igp.statics.resize(n);
  igp.eigrp.resize(n);
  igp.ospf.resize(n);
  igp.aggregates.resize(n);
  igp.ribs.resize(n);
  auto rebuild = [&](uint32_t i) {
    igp.ribs[i] = selectInstalled(
        joined({&igp.connected[i], &igp.statics[i], &igp.eigrp[i], &igp.ospf[i], &igp.aggregates[i]}));
  };
  for (uint32_t i = 0; i < n; ++i) {
    if (baseline) {
      igp.connected[i] = baseline->connected[i];
      if (baseline->statics[i].empty() && baseline->eigrp[i].empty() && baseline->ospf[i].empty() &&
          baseline->aggregates[i].empty()) {
        igp.ribs[i] = baseline->ribs[i];
        continue;
      }
    } else {
      igp.connected[i] = connectedRoutes(topo, i);
    }
    rebuild(i);
  }
  // Only nodes whose statics, EIGRP or OSPF routes are (or were) non-empty need rebuilding
  // after each step: most nodes of a BGP fabric have none. OSPF is computed last in a round
  // and reads only the others: once they stop changing, so does it.
  bool eigrp = runsEigrp(topo);
  for (int round = 0; round < 8; ++round) {
    bool changed = false;
    for (uint32_t i = 0; i < n; ++i) {
      auto s = staticRoutes(topo, i, igp.ribs[i]);
      if (sameRoutes(s, igp.statics[i])) continue;
      igp.statics[i] = std::move(s);
      changed = true;
      rebuild(i);
    }
    if (eigrp) {
      auto routes = computeEigrp(topo, igp.ribs, policies, bgp);
      for (uint32_t i = 0; i < n; ++i) {
        std::stable_sort(routes[i].begin(), routes[i].end(),
                         [](const Route& a, const Route& b) { return a.prefix < b.prefix; });
        if (sameRoutes(routes[i], igp.eigrp[i])) continue;
        igp.eigrp[i] = std::move(routes[i]);
        changed = true;
        rebuild(i);
      }
    }
    if (!changed && round > 0) break;
    auto ospf = computeOspf(topo, igp.ribs, policies, bgp);
    for (uint32_t i = 0; i < n; ++i) {
      if (ospf[i].empty() && igp.ospf[i].empty()) continue;
      igp.ospf[i] = std::move(ospf[i]);
      rebuild(i);
    }
  }
  for (uint32_t i = 0; i < n; ++i) {
    igp.aggregates[i] = aggregateRoutes(topo.device(i), igp.ribs[i]);
    if (!igp.aggregates[i].empty()) rebuild(i);
  }
  return igp;
}

BgpOutcome computeBgpOnThreads(const Topology& topo, const std::vector<NodeRib>& igpRibs,
                               const BgpSessionSetup& sessions, PolicyContext& context, unsigned threads,
                               const std::vector<NodeRib>* resolutionRibs) {
  if (threads <= 1 || !decidesPrefixesApart(topo))
    return computeBgp(topo, igpRibs, sessions, context.policies, context.tables, false, resolutionRibs);
  // One part per thread: a part repeats the per-session setup (policies on originations,
  // peering facts) and resolves next hops again, so more parts cost more than they balance.
  std::vector<BgpOutcome> parts(threads);
  std::vector<std::unique_ptr<PolicyContext>> contexts(threads);
  cluster::parallelFor(threads, threads, [&](unsigned, size_t part) {
    if (part > 0) contexts[part] = std::make_unique<PolicyContext>(topo.network());
    PolicyContext& own = part > 0 ? *contexts[part] : context;
    parts[part] = computeBgpPart(topo, igpRibs, sessions, own.policies, own.tables, part, threads, resolutionRibs);
  });
  return joinBgpParts(std::move(parts), igpRibs);
}

void keepTablesOnly(IgpRoutes& igp) {
  for (auto* part : {&igp.connected, &igp.eigrp, &igp.ospf, &igp.aggregates})
    for (auto& routes : *part) std::vector<Route>().swap(routes);
}

bool redistributesBgpIntoIgp(const model::Network& network) {
  auto fromBgp = [](const std::vector<model::Redistribution>& rs) {
    return std::any_of(rs.begin(), rs.end(), [](const model::Redistribution& r) { return r.source == model::RouteSource::Bgp; });
  };
  return std::any_of(network.devices.begin(), network.devices.end(), [&](const model::Device& d) {
    return d.bgp && ((d.ospf && fromBgp(d.ospf->redistributions)) ||
                     std::any_of(d.eigrp.begin(), d.eigrp.end(),
                                 [&](const model::EigrpProcess& p) { return fromBgp(p.redistributions); }));
  });
}

std::vector<std::vector<Route>> activeBgpRoutes(const std::vector<std::vector<Route>>& bgp,
                                                const std::vector<NodeRib>& ribs) {
  std::vector<std::vector<Route>> active(bgp.size());
  for (size_t i = 0; i < bgp.size(); ++i)
    for (const auto& r : bgp[i]) {
      const Route* installed = ribs[i].exact(r.prefix);
      if (installed && installed->protocol == r.protocol && installed->admin_distance == r.admin_distance)
        active[i].push_back(r);
    }
  return active;
}

NodeRib installRoutes(const Topology& topo, uint32_t node, NodeRib igpTable, const std::vector<Route>& statics,
                      std::vector<Route> bgp) {
  // The IGP routes go after the BGP ones, which stay where they are (a fabric node has
  // hundreds of them), and are listed first all the same. The IGP table's winners stand for
  // all IGP candidates: selection takes the least (distance, protocol, listed order), and
  // the least of the IGP winners and the BGP routes is the least of all of them.
  size_t bgpCount = bgp.size();
  bgp.reserve(bgpCount + igpTable.routes().size());
  std::move(igpTable).appendTo(bgp);
  NodeRib rib = selectInstalled(std::move(bgp), bgpCount);
  auto s = staticRoutes(topo, node, rib);
  if (sameRoutes(s, statics)) return rib;
  auto all = std::move(rib).release();
  all.insert(all.end(), s.begin(), s.end());
  return selectInstalled(std::move(all));
}

NodeRib patchRoutes(const NodeRib& before, uint32_t node, const IgpRoutes& igp,
                    const std::vector<Prefix>& replaced, std::vector<Route> bgp) {
  // Per replaced prefix, its candidates in installRoutes' order: the IGP's, then BGP.
  std::vector<Route> candidates;
  for (const auto& r : igp.ribs[node].routes())
    if (std::binary_search(replaced.begin(), replaced.end(), r.prefix)) candidates.push_back(r);
  candidates.insert(candidates.end(), std::make_move_iterator(bgp.begin()), std::make_move_iterator(bgp.end()));
  std::vector<Route> chosen = std::move(selectInstalled(std::move(candidates))).release();
  // Merge: the earlier table without the replaced prefixes, and the new choices.
  std::vector<Route> out;
  out.reserve(before.routes().size() + chosen.size());
  auto next = chosen.begin();
  for (const auto& r : before.routes()) {
    for (; next != chosen.end() && next->prefix < r.prefix; ++next) out.push_back(std::move(*next));
    if (!std::binary_search(replaced.begin(), replaced.end(), r.prefix)) out.push_back(r);
  }
  for (; next != chosen.end(); ++next) out.push_back(std::move(*next));
  return NodeRib(std::move(out));
}

bool resolvesAny(const Topology& topo, const std::vector<std::pair<uint32_t, Ipv4>>& unresolved,
                 const std::vector<NodeRib>& mainRibs) {
  return std::any_of(unresolved.begin(), unresolved.end(), [&](const auto& u) {
    return resolveNextHop(topo, u.first, mainRibs[u.first], u.second).has_value();
  });
}

void recordOutcome(DataPlane& dataPlane, BgpSessionSetup&& setup, BgpOutcome&& outcome,
                   std::shared_ptr<const Topology> topology) {
  dataPlane.sessions = std::move(setup.statuses);
  dataPlane.oscillating_prefixes = std::move(outcome.oscillating);
  dataPlane.converged = dataPlane.oscillating_prefixes.empty();
  dataPlane.warnings = std::move(outcome.warnings);
  dataPlane.topology = std::move(topology);
}

bool sameIgpRoutes(const NodeRib& a, const NodeRib& b) {
  if (a.sharesWith(b)) return true;
  const auto& x = a.routes();
  const auto& y = b.routes();
  return x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin(), [](const Route& r, const Route& s) {
           return r.prefix == s.prefix && r.protocol == s.protocol && r.next_hops == s.next_hops &&
                  r.metric == s.metric && r.admin_distance == s.admin_distance;
         });
}

}  // namespace routefix::sim::detail
