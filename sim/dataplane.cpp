// simulate(): connected -> static + OSPF (iterated: statics may resolve over OSPF and be
// redistributed into it) -> BGP sessions over that IGP -> BGP per prefix -> main RIB.
#include "sim/dataplane.h"

#include <algorithm>

#include "sim/bgp_engine.h"
#include "sim/bgp_sessions.h"
#include "sim/ospf.h"
#include "sim/rib.h"
#include "sim/topology.h"

namespace routefix::sim {

using namespace detail;

std::string protocolName(Protocol p) {
  switch (p) {
    case Protocol::Connected: return "connected";
    case Protocol::Local: return "local";
    case Protocol::Static: return "static";
    case Protocol::Ospf: return "ospf";
    case Protocol::OspfInterArea: return "ospf-ia";
    case Protocol::OspfE1: return "ospf-e1";
    case Protocol::OspfE2: return "ospf-e2";
    case Protocol::Bgp: return "bgp";
    case Protocol::Ibgp: return "ibgp";
    case Protocol::Aggregate: return "aggregate";
  }
  return "unknown";
}

std::string outcomeName(TraceOutcome o) {
  switch (o) {
    case TraceOutcome::Delivered: return "delivered";
    case TraceOutcome::Exited: return "exited";
    case TraceOutcome::NoRoute: return "no-route";
    case TraceOutcome::NullRoute: return "null-route";
    case TraceOutcome::Loop: return "loop";
    case TraceOutcome::Filtered: return "filtered";
  }
  return "unknown";
}

const Route* NodeRib::exact(const Prefix& p) const {
  auto it = std::lower_bound(routes.begin(), routes.end(), p,
                             [](const Route& r, const Prefix& q) { return r.prefix < q; });
  return it != routes.end() && it->prefix == p ? &*it : nullptr;
}

const Route* NodeRib::longestMatch(Ipv4 address) const {
  for (int len = 32; len >= 0; --len)
    if (const Route* r = exact(Prefix(address, static_cast<uint8_t>(len)))) return r;
  return nullptr;
}

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
           return x.prefix == y.prefix && x.next_hops == y.next_hops;
         });
}

}  // namespace

DataPlane simulate(const model::Network& network, const SimulationOptions& options) {
  auto topology = std::make_shared<Topology>(network, options);
  const Topology& topo = *topology;
  size_t n = topo.nodeCount();
  AttributeTables tables;
  RegexCache regexes;
  std::vector<PolicyEvaluator> policies;
  policies.reserve(n);
  for (const auto& d : network.devices) policies.emplace_back(d, tables, regexes);

  std::vector<std::vector<Route>> connected(n), statics(n), ospf(n);
  for (uint32_t i = 0; i < n; ++i) connected[i] = connectedRoutes(topo, i);
  std::vector<NodeRib> ribs(n);
  auto rebuild = [&] {
    for (uint32_t i = 0; i < n; ++i)
      ribs[i] = selectInstalled(joined({&connected[i], &statics[i], &ospf[i]}));
  };
  auto resolveStatics = [&] {
    bool changed = false;
    for (uint32_t i = 0; i < n; ++i) {
      auto s = staticRoutes(topo, i, ribs[i]);
      if (!sameRoutes(s, statics[i])) {
        statics[i] = std::move(s);
        changed = true;
      }
    }
    return changed;
  };
  rebuild();
  // Static next hops may resolve through other statics or OSPF, and statics may be
  // redistributed into OSPF: iterate until the statics stop changing (bounded).
  for (int round = 0; round < 8; ++round) {
    bool changed = resolveStatics();
    rebuild();
    if (!changed && round > 0) break;
    ospf = computeOspf(topo, ribs, policies);
    rebuild();
  }

  DataPlane dp;
  auto setup = establishSessions(topo, ribs);
  auto outcome = computeBgp(topo, ribs, setup, policies, tables);
  // The BGP routes are not needed on their own any more: move them into the RIBs.
  for (uint32_t i = 0; i < n; ++i) {
    auto all = joined({&connected[i], &statics[i], &ospf[i]});
    all.insert(all.end(), std::make_move_iterator(outcome.routes[i].begin()),
               std::make_move_iterator(outcome.routes[i].end()));
    ribs[i] = selectInstalled(std::move(all));
  }
  // Statics whose next hop is only reachable over BGP resolve now.
  for (uint32_t i = 0; i < n; ++i) {
    auto s = staticRoutes(topo, i, ribs[i]);
    if (sameRoutes(s, statics[i])) continue;
    auto all = std::move(ribs[i].routes);
    all.insert(all.end(), s.begin(), s.end());
    ribs[i] = selectInstalled(std::move(all));
  }

  for (uint32_t i = 0; i < n; ++i) dp.ribs[network.devices[i].name] = std::move(ribs[i]);
  dp.sessions = std::move(setup.statuses);
  dp.oscillating_prefixes = std::move(outcome.oscillating);
  dp.converged = dp.oscillating_prefixes.empty();
  dp.warnings = std::move(outcome.warnings);
  dp.topology = std::move(topology);
  return dp;
}

}  // namespace routefix::sim
