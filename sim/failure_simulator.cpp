// FailureSimulator: per scenario the IGP from scratch (cheap next to BGP), then BGP from the
// baseline's converged state. A node is "changed" when its IGP routes differ from the
// baseline's or a failed link ends at it (its neighbours and next-hop resolutions differ);
// BGP re-imports everything into changed nodes and re-decides where that, or a session that
// went down, leads. Untouched nodes keep the baseline's routing table, shared.
#include <algorithm>

#include "sim/conditional_advertisement.h"
#include "sim/dataplane.h"
#include "sim/simulation_stages.h"
#include "sim/vrf_instances.h"

namespace routefix::sim {

using namespace detail;

namespace {

// The prefixes among `redecided` whose BGP route differs from the baseline's (`before`,
// sorted by prefix) now that it is `after` (none: withdrawn), sorted. BGP re-decides more
// prefixes than change: a node that lost one of several equal paths still picks the same.
std::vector<Prefix> changedRoutes(const std::vector<Route>& before, std::vector<Prefix>& redecided,
                                  const std::vector<Route>& after) {
  std::vector<Prefix> out;
  if (redecided.empty()) return out;
  std::sort(redecided.begin(), redecided.end());
  std::vector<const Route*> now;
  for (const auto& r : after) now.push_back(&r);
  auto prefixLess = [](const Route* a, const Route* b) { return a->prefix < b->prefix; };
  std::sort(now.begin(), now.end(), prefixLess);
  auto find = [&](const std::vector<const Route*>& sorted, const Prefix& p) -> const Route* {
    Route key;
    key.prefix = p;
    auto it = std::lower_bound(sorted.begin(), sorted.end(), &key, prefixLess);
    return it != sorted.end() && (*it)->prefix == p ? *it : nullptr;
  };
  std::vector<const Route*> was;
  for (const auto& r : before) was.push_back(&r);
  for (const auto& p : redecided) {
    const Route* a = find(was, p);
    const Route* b = find(now, p);
    if ((a == nullptr) != (b == nullptr) || (a && !(*a == *b))) out.push_back(p);
  }
  return out;
}

}  // namespace

struct FailureSimulator::State {
  explicit State(const model::Network& snapshot) : vrfs(snapshot), network(vrfs.network()), context(network) {}

  VrfInstances vrfs;
  const model::Network& network;  // the snapshot with its VRFs as devices of their own
  PolicyContext context;
  IgpRoutes igp;
  std::shared_ptr<const BgpConvergedState> bgp;
  std::vector<std::vector<Route>> bgpRoutes;  // per node, sorted by prefix
  DataPlane baseline;        // over network's devices
  DataPlane foldedBaseline;  // as simulate() reports it
  // The connected and static IPv6 routes: link failures change none of them (as for IPv4's).
  Ipv6Tables ipv6ConnectedStatic;
  // BGP next hops resolve only over other BGP routes, or BGP routes feed the IGP (simulate()
  // runs more rounds): the scenarios are simulated from scratch.
  bool recursive = false;
};

FailureSimulator::FailureSimulator(const model::Network& snapshot, const Deadline& deadline)
    : state_(std::make_unique<State>(snapshot)) {
  auto& st = *state_;
  st.baseline = baselineOf(st, deadline);
  st.foldedBaseline = st.baseline;
  st.vrfs.fold(st.foldedBaseline);
  st.ipv6ConnectedStatic = computeIpv6Tables(snapshot);
  st.foldedBaseline.ipv6 = st.ipv6ConnectedStatic;
  addIpv6ProtocolRoutes(st.foldedBaseline);
}

DataPlane FailureSimulator::baselineOf(State& st, const Deadline& deadline) {
  const model::Network& network = st.network;
  const SimulationOptions noFailures{.deadline = deadline};
  // The IGP depends on BGP's outcome (simulate() iterates the two), or a conditional
  // advertisement makes prefixes depend on each other (an outer fixpoint that a scenario
  // would have to run again too): scenarios from scratch.
  if (redistributesBgpIntoIgp(network) || hasConditionalAdvertisement(network)) {
    st.recursive = true;
    return simulateInstances(network, noFailures);
  }
  auto topology = std::make_shared<Topology>(network, noFailures);
  st.igp = computeIgp(*topology, st.context.policies);
  auto setup = establishSessions(*topology, st.igp.ribs);
  auto outcome = computeBgp(*topology, st.igp.ribs, setup, st.context.policies, st.context.tables,
                            /*keepState=*/true);
  st.bgp = std::move(outcome.state);
  DataPlane dp;
  st.bgpRoutes.resize(topology->nodeCount());
  for (uint32_t i = 0; i < topology->nodeCount(); ++i) {
    auto& bgp = st.bgpRoutes[i];
    bgp.assign(outcome.routes[i].begin(), outcome.routes[i].end());
    std::sort(bgp.begin(), bgp.end(), [](const Route& a, const Route& b) { return a.prefix < b.prefix; });
    dp.ribs[network.devices[i].name] = installRoutes(*topology, i, st.igp.ribs[i], st.igp.statics[i], bgp);
  }
  std::vector<NodeRib> mainRibs;
  for (const auto& d : network.devices) mainRibs.push_back(dp.ribs.at(d.name));
  if (resolvesAny(*topology, outcome.unresolved, mainRibs)) {
    st.recursive = true;
    return simulateInstances(network, {});
  }
  recordOutcome(dp, std::move(setup), std::move(outcome), std::move(topology));
  return dp;
}

FailureSimulator::~FailureSimulator() = default;

const DataPlane& FailureSimulator::baseline() const { return state_->foldedBaseline; }

DataPlane FailureSimulator::simulate(const SimulationOptions& snapshotScenario) {
  auto& st = *state_;
  DataPlane dp = simulateScenario(st, st.vrfs.options(snapshotScenario));
  st.vrfs.fold(dp);
  // OSPFv3 and IPv6 BGP run again over the scenario: OSPFv3 adjacencies and IPv6 sessions
  // across failed links are down, and the IPv4 sessions carrying IPv6 follow the scenario's
  // IPv4 tables.
  dp.ipv6 = st.ipv6ConnectedStatic;
  addIpv6ProtocolRoutes(dp);
  return dp;
}

DataPlane FailureSimulator::simulateScenario(State& st, const SimulationOptions& scenario) {
  if (!st.baseline.converged || st.recursive)
    return simulateInstances(st.network, scenario);
  auto topology = std::make_shared<Topology>(st.network, scenario);
  const Topology& topo = *topology;
  size_t n = topo.nodeCount();
  IgpRoutes igp = computeIgp(topo, st.context.policies, &st.igp);
  std::vector<char> changed(n, 0);
  for (const auto& link : scenario.failed_links)
    for (const auto& end : {link.a, link.b})
      if (auto i = topo.nodeIndex(end)) changed[*i] = 1;
  for (uint32_t i = 0; i < n; ++i)
    if (!sameIgpRoutes(igp.ribs[i], st.igp.ribs[i])) changed[i] = 1;
  auto setup = establishSessions(topo, igp.ribs);
  auto outcome = recomputeBgp(*st.bgp, topo, igp.ribs, setup, st.context.policies, st.context.tables, changed);

  DataPlane dp;
  for (uint32_t i = 0; i < n; ++i) {
    const std::string& name = st.network.devices[i].name;
    auto replaced = changedRoutes(st.bgpRoutes[i], outcome.redecided[i], outcome.routes[i]);
    if (!changed[i] && replaced.empty()) {
      dp.ribs[name] = st.baseline.ribs.at(name);
      continue;
    }
    std::vector<Route> fresh;  // the new BGP routes of the replaced prefixes
    for (auto& r : outcome.routes[i])
      if (std::binary_search(replaced.begin(), replaced.end(), r.prefix)) fresh.push_back(std::move(r));
    if (!changed[i] && igp.statics[i].empty()) {
      dp.ribs[name] = patchRoutes(st.baseline.ribs.at(name), i, igp, replaced, std::move(fresh));
      continue;
    }
    // The baseline's BGP routes, minus the prefixes that changed, plus their new routes.
    std::vector<Route> bgp;
    for (const auto& r : st.bgpRoutes[i])
      if (!std::binary_search(replaced.begin(), replaced.end(), r.prefix)) bgp.push_back(r);
    bgp.insert(bgp.end(), std::make_move_iterator(fresh.begin()), std::make_move_iterator(fresh.end()));
    dp.ribs[name] = installRoutes(topo, i, igp.ribs[i], igp.statics[i], std::move(bgp));
  }
  recordOutcome(dp, std::move(setup), std::move(outcome), std::move(topology));
  return dp;
}

}  // namespace routefix::sim
