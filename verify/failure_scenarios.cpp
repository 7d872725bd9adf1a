#include "verify/failure_scenarios.h"

#include <map>

#include "verify/forwarding.h"

namespace routefix::verify {

namespace {

// Whether `p` overlaps (contains or is contained in) a member of `set`, without a scan:
// the members containing p are its supernets (at most 33 lookups), the members inside p
// sort right after p itself.
// `lengths`: bit n set when some member has length n (the others need no lookup).
bool overlapsAny(const model::Prefix& p, const std::set<model::Prefix>& set, uint64_t lengths) {
  for (int len = 0; len <= p.length; ++len)
    if ((lengths >> len & 1) && set.count(model::Prefix(p.address, static_cast<uint8_t>(len)))) return true;
  auto it = set.lower_bound(p);
  return it != set.end() && p.contains(*it);
}

std::set<model::Link> upLinks(const model::Network& network, const std::set<model::Link>& failed) {
  std::set<model::Link> all;
  for (const auto& l : network.links)
    if (!failed.count(l)) all.insert(l);
  return all;
}

// Whether the OSPF shortest path through `neighbour` for `route` is visible in the RIBs:
// the neighbour forwards that prefix by OSPF too, or it is where the route starts (owns the
// prefix, or redistributes it as an external).
bool ospfContinuesVisibly(const sim::DataPlane& dp, const std::string& neighbour,
                          const sim::Route& route) {
  auto it = dp.ribs.find(neighbour);
  if (it == dp.ribs.end()) return false;
  const sim::Route* own = it->second.exact(route.prefix);
  if (!own) return false;
  std::string family = protocolFamily(own->protocol);
  if (family == "ospf" || family == "connected") return true;
  bool external = route.protocol == sim::Protocol::OspfE1 || route.protocol == sim::Protocol::OspfE2;
  return external;
}

bool directlyConnected(const model::Device* d, const sim::NextHop& nh) {
  const model::Interface* itf = d ? d->interfaceFor(*nh.ip) : nullptr;
  return itf && !nh.interface.empty() && d->findInterface(nh.interface) == itf;
}

// The nodes whose routing table a scenario changed (FailureSimulator shares the others with
// its baseline) and the ends of its failed links (same routes, other neighbours).
std::vector<std::string> changedNodes(const sim::DataPlane& baseline, const sim::DataPlane& dp,
                                      const std::set<model::Link>& failed) {
  std::set<std::string> out;
  for (const auto& [node, rib] : dp.ribs) {
    auto it = baseline.ribs.find(node);
    if (it == baseline.ribs.end() || !rib.sharesWith(it->second)) out.insert(node);
  }
  for (const auto& l : failed) {
    out.insert(l.a);
    out.insert(l.b);
  }
  return {out.begin(), out.end()};
}

const sim::Route* forwardingRouteAt(const sim::DataPlane& dp, const std::string& node, model::Ipv4 a) {
  auto it = dp.ribs.find(node);
  const sim::Route* r = it == dp.ribs.end() ? nullptr : it->second.longestMatch(a);
  return r && !r->next_hops.empty() ? r : nullptr;
}

bool sameForwarding(const sim::Route* a, const sim::Route* b) {
  if (!a || !b) return a == b;
  auto connected = [](const sim::Route* r) {
    return r->protocol == sim::Protocol::Connected || r->protocol == sim::Protocol::Local;
  };
  return a->next_hops == b->next_hops && connected(a) == connected(b);
}

// Whether an intent that holds in `baseline` holds in `dp` too, judged from the changed nodes
// alone; false when that cannot tell (the caller then checks in full). Sound for intents that
// fail exactly when some forwarding path fails (reachability, isolation, loop-free), without
// ACLs that match on the source address: a path that meets no node whose forwarding changed
// is one of the baseline's, which all pass; a path that meets one continues as a path from
// the first such node, and every path from those nodes is checked here (a loop through no
// changed node is a baseline loop).
bool holdsDespiteChanges(const model::Network& network, const sim::DataPlane& baseline,
                         const sim::DataPlane& dp, const Intent& intent,
                         const std::vector<std::string>& changed, const std::set<model::Link>& failed) {
  using O = sim::TraceOutcome;
  std::vector<O> bad;
  switch (intent.type) {
    case IntentType::Reachability: bad = {O::NoRoute, O::NullRoute, O::Loop, O::Filtered}; break;
    case IntentType::Isolation: bad = {O::Delivered, O::Exited}; break;
    case IntentType::LoopFree: bad = {O::Loop}; break;
    default: return false;
  }
  if (sim::aclsMatchSource(network)) return false;
  std::set<std::string> linkEnds;
  for (const auto& l : failed) linkEnds.insert({l.a, l.b});
  sim::SimulationOptions scenario;
  scenario.failed_links = failed;
  for (auto a : intentAddresses(network, dp, intent)) {
    std::optional<sim::ForwardingOutcomes> outcomes;
    for (const auto& node : changed) {
      if (!linkEnds.count(node) &&
          sameForwarding(forwardingRouteAt(baseline, node, a), forwardingRouteAt(dp, node, a)))
        continue;
      if (!outcomes) outcomes.emplace(network, dp, a, scenario);
      for (O o : bad)
        if (outcomes->has(node, o)) return false;
    }
  }
  return true;
}

uint64_t choose(uint64_t n, uint64_t k) {
  if (k > n) return 0;
  long double r = 1;
  for (uint64_t i = 1; i <= k; ++i) r = r * static_cast<long double>(n - k + i) / i;
  return r > 1.8e19L ? UINT64_MAX : static_cast<uint64_t>(r + 0.5L);
}

}  // namespace

std::set<model::Link> relevantLinks(const model::Network& network, const sim::DataPlane& dp,
                                    const std::vector<model::Prefix>& destinations,
                                    const std::set<model::Link>& failed) {
  if (destinations.empty()) return upLinks(network, failed);
  std::set<model::Prefix> closure(destinations.begin(), destinations.end());
  for (const auto& s : dp.sessions) {
    closure.insert(model::Prefix(s.local_ip, 32));
    closure.insert(model::Prefix(s.peer_ip, 32));
  }
  std::set<model::Link> relevant;
  LinkIndex links(network);
  uint64_t lengths = 0;
  auto add = [&](const model::Prefix& p) {
    lengths |= uint64_t{1} << p.length;
    return closure.insert(p).second;
  };
  for (const auto& p : closure) lengths |= uint64_t{1} << p.length;
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& [node, rib] : dp.ribs) {
      const model::Device* device = network.findDevice(node);
      for (const auto& r : rib.routes()) {
        if (!overlapsAny(r.prefix, closure, lengths)) continue;
        if (r.protocol == sim::Protocol::Aggregate) grew |= add(r.prefix);
        bool ospf = protocolFamily(r.protocol) == "ospf";
        for (const auto& nh : r.next_hops) {
          if (const model::Link* l = links.at(node, nh.interface))
            if (!failed.count(*l)) relevant.insert(*l);
          // A next hop beyond the egress interface's subnet resolves recursively (iBGP,
          // multihop statics): the routes to it matter too.
          if (nh.ip && !directlyConnected(device, nh)) grew |= add(model::Prefix(*nh.ip, 32));
          if (ospf && !nh.node.empty() && !ospfContinuesVisibly(dp, nh.node, r))
            return upLinks(network, failed);
        }
      }
    }
  }
  return relevant;
}

std::vector<model::Prefix> intentDestinations(const Intent& intent) {
  if (intent.type == IntentType::Route) return {*intent.prefix};
  if (intent.to) return {*intent.to};
  return {};
}

std::vector<IntentVerdict> checkUnderFailures(const model::Network& network,
                                              const sim::DataPlane& baseline,
                                              const std::vector<Intent>& intents, uint32_t failures,
                                              ScenarioStats& stats, const Progress& progress) {
  std::vector<IntentVerdict> verdicts(intents.size());
  std::vector<uint32_t> budget(intents.size());
  uint32_t maxBudget = 0;
  for (size_t i = 0; i < intents.size(); ++i) {
    budget[i] = std::max(intents[i].failures, failures);
    maxBudget = std::max(maxBudget, budget[i]);
  }
  for (uint32_t j = 1; j <= maxBudget; ++j) stats.possible += choose(network.links.size(), j);

  // Scenarios of the next size, each with the intents still to be checked in it. A std::map
  // keeps the order (size, then links) deterministic, so the reported scenario is stable.
  std::map<std::set<model::Link>, std::set<size_t>> pending;
  auto expand = [&](const sim::DataPlane& dp, const std::set<model::Link>& failed, size_t i) {
    if (failed.size() >= budget[i]) return;
    for (const auto& l : relevantLinks(network, dp, intentDestinations(intents[i]), failed)) {
      auto next = failed;
      next.insert(l);
      pending[next].insert(i);
    }
  };

  sim::SimulationOptions none;
  std::optional<sim::FailureSimulator> simulator;  // built when the first scenario needs it
  for (size_t i = 0; i < intents.size(); ++i) {
    verdicts[i].result = checkIntent(network, baseline, intents[i], none);
    verdicts[i].scenarios_checked = 1;
    if (verdicts[i].result.holds) expand(baseline, {}, i);
  }
  for (uint32_t size = 1; size <= maxBudget && !pending.empty(); ++size) {
    auto level = std::move(pending);
    pending.clear();
    uint64_t done = 0;
    if (progress)
      progress("failure scenarios with " + std::to_string(size) + " link(s) down: " +
               std::to_string(level.size()) + " to simulate");
    for (auto& [failed, which] : level) {
      std::vector<size_t> open;
      for (size_t i : which)
        if (verdicts[i].result.holds) open.push_back(i);
      if (open.empty()) continue;
      sim::SimulationOptions scenario;
      scenario.failed_links = failed;
      if (!simulator) simulator.emplace(network);
      sim::DataPlane dp = simulator->simulate(scenario);
      ++stats.simulated;
      if (progress && ++done % 100 == 0)
        progress("  " + std::to_string(done) + "/" + std::to_string(level.size()));
      auto changed = changedNodes(simulator->baseline(), dp, failed);
      for (size_t i : open) {
        ++verdicts[i].scenarios_checked;
        if (holdsDespiteChanges(network, simulator->baseline(), dp, intents[i], changed, failed)) {
          expand(dp, failed, i);
          continue;
        }
        CheckResult r = checkIntent(network, dp, intents[i], scenario);
        if (!r.holds) {
          verdicts[i].result = std::move(r);
          continue;
        }
        expand(dp, failed, i);
      }
    }
  }
  return verdicts;
}

}  // namespace routefix::verify
