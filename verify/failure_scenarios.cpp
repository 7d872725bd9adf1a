#include "verify/failure_scenarios.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "cluster/parallel_for.h"
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

bool connectedRoute(const sim::Route& r) {
  return r.protocol == sim::Protocol::Connected || r.protocol == sim::Protocol::Local;
}

bool overlap(const model::Prefix& a, const model::Prefix& b) { return a.contains(b) || b.contains(a); }

// Whether an intent that holds in `baseline` holds in the scenario `dp` too, judged from
// where forwarding changed alone; false when that cannot tell (the caller then checks in
// full). Sound for intents about a destination that fail exactly when some forwarding path
// fails (reachability, isolation, loop-free), without ACLs that match on the source address: a path
// that meets no node whose forwarding for the address changed is one of the baseline's,
// which all pass; a path that meets one continues as a path from the first such node, and
// every path from those nodes is checked here (a loop through no changed node would be a
// baseline loop).
bool holdsDespiteChanges(const model::Network& network, const sim::DataPlane& dp, const Intent& intent,
                         const ForwardingChanges& changes, const std::set<model::Link>& failed,
                         bool aclsMatchSource) {
  auto bad = failingOutcomes(intent.type);
  // ForwardingChanges sees the IPv4 tables only: an IPv6 destination is checked in full.
  if (bad.empty() || aclsMatchSource || !intent.to || !intent.to->address.isV4()) return false;
  std::vector<std::pair<std::string, model::Prefix>> relevant;
  for (const auto& c : changes.routes)
    if (overlap(c.second, intent.to->v4())) relevant.push_back(c);
  if (relevant.empty() && changes.link_ends.empty()) return true;
  sim::SimulationOptions scenario;
  scenario.failed_links = failed;
  for (auto a : intentAddresses(network, dp, intent)) {
    std::set<std::string> starts = changes.link_ends;
    for (const auto& [node, prefix] : relevant)
      if (prefix.contains(a.v4())) starts.insert(node);
    if (starts.empty()) continue;
    sim::ForwardingOutcomes outcomes(network, dp, a, scenario);
    for (const auto& node : starts)
      for (auto o : bad)
        if (outcomes.has(node, o)) return false;
  }
  return true;
}

// What a check cut short by its deadline had left, for the message the user sees.
std::string unfinishedCheck(const std::vector<Intent>& intents, const std::vector<size_t>& open,
                            const std::vector<uint32_t>& budget, uint32_t size, uint64_t done,
                            size_t atThisSize, uint64_t simulated, const sim::Deadline& deadline) {
  std::ostringstream out;
  out << "the check did not finish within the time limit (--timeout " << deadline.seconds()
      << " s): intent " << intents[open.front()].name << " under up to " << budget[open.front()]
      << " simultaneous link failure(s)";
  if (open.size() > 1) out << " (and " << open.size() - 1 << " more)";
  out << " was at scenarios with " << size << " link(s) down, " << done << " of " << atThisSize
      << " simulated (" << simulated << " in all); give it more time or fewer failures";
  return out.str();
}

uint64_t choose(uint64_t n, uint64_t k) {
  if (k > n) return 0;
  long double r = 1;
  for (uint64_t i = 1; i <= k; ++i) r = r * static_cast<long double>(n - k + i) / i;
  return r > 1.8e19L ? UINT64_MAX : static_cast<uint64_t>(r + 0.5L);
}

}  // namespace

ForwardingChanges forwardingChanges(const sim::DataPlane& baseline, const sim::DataPlane& dp,
                                    const std::set<model::Link>& failed) {
  ForwardingChanges out;
  static const sim::NodeRib kEmpty;
  for (const auto& [node, rib] : dp.ribs) {
    auto it = baseline.ribs.find(node);
    const sim::NodeRib& before = it == baseline.ribs.end() ? kEmpty : it->second;
    if (rib.sharesWith(before)) continue;
    const auto& a = before.routes();
    const auto& b = rib.routes();
    auto x = a.begin(), y = b.begin();
    while (x != a.end() || y != b.end()) {
      if (y == b.end() || (x != a.end() && x->prefix < y->prefix)) {
        out.routes.emplace_back(node, (x++)->prefix);
      } else if (x == a.end() || y->prefix < x->prefix) {
        out.routes.emplace_back(node, (y++)->prefix);
      } else {
        if (!(x->next_hops == y->next_hops) || connectedRoute(*x) != connectedRoute(*y))
          out.routes.emplace_back(node, x->prefix);
        ++x, ++y;
      }
    }
  }
  for (const auto& l : failed) out.link_ends.insert({l.a, l.b});
  return out;
}

std::set<model::Link> relevantLinks(const model::Network& network, const sim::DataPlane& dp,
                                    const std::vector<model::Prefix>& destinations,
                                    const std::set<model::Link>& failed) {
  if (destinations.empty()) return upLinks(network, failed);
  std::set<model::Prefix> closure(destinations.begin(), destinations.end());
  std::set<model::Link> relevant;
  LinkIndex links(network);
  for (const auto& s : dp.sessions) {
    if (!s.interface.empty()) {  // unnumbered: the session lives on its link
      if (const model::Link* l = links.at(s.node, s.interface); l && !failed.count(*l))
        relevant.insert(*l);
      continue;
    }
    closure.insert(model::Prefix(s.local_ip, 32));
    closure.insert(model::Prefix(s.peer_ip, 32));
  }
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
  const auto& destination = intent.type == IntentType::Route ? intent.prefix : intent.to;
  if (destination && destination->address.isV4()) return {destination->v4()};
  return {};
}

uint32_t failureBudget(const model::Network& network, const Intent& intent, uint32_t failures) {
  uint64_t links = network.links.size();
  return static_cast<uint32_t>(std::min<uint64_t>(std::max(intent.failures, failures), links));
}

bool anyFailureScenarios(const model::Network& network, const std::vector<Intent>& intents, uint32_t failures) {
  return std::any_of(intents.begin(), intents.end(),
                     [&](const Intent& i) { return failureBudget(network, i, failures) > 0; });
}

namespace {

// What checking one scenario found for one intent: the failure, or, when it held and the
// intent may lose more links, the links to fail next.
struct ScenarioVerdict {
  size_t intent = 0;
  std::optional<CheckResult> violation{};
  std::set<model::Link> next{};
  bool remote = false;  // another process checked it: `violation` holds no counterexample
};

// Between the processes of an MPI job a window's verdicts travel as 64-bit words: where the
// sender is (see Place), then for each scenario of its share the verdict count, then per
// verdict the intent, whether it failed and the links to fail next (indices into
// network.links). An empty scenario (the sender found the deadline passed) is a count of 0,
// as at home.
class VerdictCodec {
 public:
  // Every process takes the same steps; a message from another place means they diverged
  // (a bug), and failing beats waiting forever for a message that never comes.
  using Place = std::array<uint64_t, 3>;  // failures in the scenarios, window start, scenarios in the level

  explicit VerdictCodec(const model::Network& network) : links_(network.links) {
    for (uint64_t i = 0; i < links_.size(); ++i) index_.emplace(links_[i], i);
  }

  std::string encode(const Place& place, const std::vector<std::vector<ScenarioVerdict>>& scenarios) const {
    std::vector<uint64_t> words(place.begin(), place.end());
    for (const auto& verdicts : scenarios) {
      words.push_back(verdicts.size());
      for (const auto& v : verdicts) {
        words.insert(words.end(), {v.intent, v.violation ? 1u : 0u, v.next.size()});
        for (const auto& l : v.next) words.push_back(index_.at(l));
      }
    }
    return {reinterpret_cast<const char*>(words.data()), words.size() * sizeof(uint64_t)};
  }

  // The scenarios one encode() wrote, in its order; every verdict marked remote.
  std::vector<std::vector<ScenarioVerdict>> decode(const std::string& bytes, const Place& place,
                                                   size_t scenarios) const {
    if (bytes.size() % sizeof(uint64_t)) throw std::runtime_error("MPI: a truncated scenario result");
    std::vector<uint64_t> words(bytes.size() / sizeof(uint64_t));
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<char*>(words.data()));
    size_t at = 0;
    auto next = [&] {
      if (at >= words.size()) throw std::runtime_error("MPI: a truncated scenario result");
      return words[at++];
    };
    for (uint64_t expected : place)
      if (next() != expected) throw std::logic_error("MPI: the processes took different steps");
    std::vector<std::vector<ScenarioVerdict>> out(scenarios);
    for (auto& verdicts : out) {
      for (uint64_t n = next(); n > 0; --n) {
        ScenarioVerdict& v = verdicts.emplace_back();
        v.intent = next();
        v.remote = true;
        if (next()) v.violation.emplace().holds = false;
        for (uint64_t k = next(); k > 0; --k) v.next.insert(links_.at(next()));
      }
    }
    return out;
  }

 private:
  const std::vector<model::Link>& links_;
  std::map<model::Link, uint64_t> index_;
};

// Scenarios run in windows of this many per thread: each window's scenarios are simulated in
// parallel for the intents open when it starts, then taken in order as one thread would take
// them (an intent that failed in an earlier scenario is not checked again). A larger window
// keeps threads busier and wastes more checks of intents that fail inside it.
constexpr size_t kScenariosPerThread = 4;

}  // namespace

std::vector<IntentVerdict> checkUnderFailures(const model::Network& network,
                                              const sim::DataPlane& baseline,
                                              const std::vector<Intent>& intents, uint32_t failures,
                                              ScenarioStats& stats, const Progress& progress,
                                              const sim::Deadline& deadline, unsigned threads,
                                              const cluster::ProcessGroup& processes) {
  threads = std::max(threads, 1u);
  const size_t ranks = processes.size();
  std::vector<IntentVerdict> verdicts(intents.size());
  std::vector<uint32_t> budget(intents.size());
  uint32_t maxBudget = 0;
  for (size_t i = 0; i < intents.size(); ++i) {
    budget[i] = failureBudget(network, intents[i], failures);
    maxBudget = std::max(maxBudget, budget[i]);
  }
  for (uint32_t j = 1; j <= maxBudget; ++j) stats.possible += choose(network.links.size(), j);

  // Scenarios of the next size, each with the intents still to be checked in it. A std::map
  // keeps the order (size, then links) deterministic, so the reported scenario is stable.
  std::map<std::set<model::Link>, std::set<size_t>> pending;
  auto nextLinks = [&](const sim::DataPlane& dp, const std::set<model::Link>& failed, size_t i) {
    if (failed.size() >= budget[i]) return std::set<model::Link>{};
    return relevantLinks(network, dp, intentDestinations(intents[i]), failed);
  };
  auto expand = [&](const std::set<model::Link>& failed, const std::set<model::Link>& next, size_t i) {
    for (const auto& l : next) {
      auto grown = failed;
      grown.insert(l);
      pending[grown].insert(i);
    }
  };

  sim::SimulationOptions none;
  std::vector<ScenarioVerdict> onBaseline(intents.size());
  cluster::parallelFor(intents.size(), threads, [&](unsigned, size_t i) {
    CheckResult r = checkIntent(network, baseline, intents[i], none);
    if (r.holds) onBaseline[i].next = nextLinks(baseline, {}, i);
    verdicts[i].result = std::move(r);
    verdicts[i].scenarios_checked = 1;
  });
  for (size_t i = 0; i < intents.size(); ++i)
    if (verdicts[i].result.holds) expand({}, onBaseline[i].next, i);

  // One simulator per thread (each keeps its own caches), built when its first scenario needs it.
  std::vector<std::optional<sim::FailureSimulator>> simulators(threads);
  bool sourceAcls = sim::aclsMatchSource(network);
  // Checks one scenario for the intents in `open`.
  auto check = [&](unsigned worker, const std::set<model::Link>& failed, const std::vector<size_t>& open) {
    auto& simulator = simulators[worker];
    if (!simulator) simulator.emplace(network, deadline);
    sim::SimulationOptions scenario;
    scenario.failed_links = failed;
    scenario.deadline = deadline;
    sim::DataPlane dp = simulator->simulate(scenario);
    auto changes = forwardingChanges(simulator->baseline(), dp, failed);
    std::vector<ScenarioVerdict> found;
    for (size_t i : open) {
      ScenarioVerdict v{.intent = i};
      if (!holdsDespiteChanges(network, dp, intents[i], changes, failed, sourceAcls)) {
        CheckResult r = checkIntent(network, dp, intents[i], scenario);
        if (!r.holds) v.violation = std::move(r);
      }
      if (!v.violation) v.next = nextLinks(dp, failed, i);
      found.push_back(std::move(v));
    }
    return found;
  };
  // Every process's share of a window's results, gathered into `found` on every process.
  std::optional<VerdictCodec> codec;
  auto exchange = [&](const VerdictCodec::Place& place, std::vector<std::vector<ScenarioVerdict>>& found) {
    if (!codec) codec.emplace(network);
    const size_t count = found.size();
    std::vector<std::vector<ScenarioVerdict>> mine;
    for (size_t s = processes.rank(); s < count; s += ranks) mine.push_back(std::move(found[s]));
    auto parts = processes.allGather(codec->encode(place, mine));
    for (size_t r = 0; r < ranks; ++r) {
      size_t first = r, n = first < count ? (count - first + ranks - 1) / ranks : 0;
      auto theirs = r == processes.rank() ? std::move(mine) : codec->decode(parts[r], place, n);
      for (size_t k = 0; k < n; ++k) found[first + k * ranks] = std::move(theirs[k]);
    }
  };
  auto stillOpen = [&](const std::set<size_t>& which) {
    std::vector<size_t> open;
    for (size_t i : which)
      if (verdicts[i].result.holds) open.push_back(i);
    return open;
  };

  for (uint32_t size = 1; size <= maxBudget && !pending.empty(); ++size) {
    std::vector<std::pair<std::set<model::Link>, std::set<size_t>>> level(
        std::make_move_iterator(pending.begin()), std::make_move_iterator(pending.end()));
    pending.clear();
    uint64_t done = 0;
    if (progress)
      progress("failure scenarios with " + std::to_string(size) + " link(s) down: " +
               std::to_string(level.size()) + " to simulate");
    size_t window = threads * ranks == 1 ? 1 : threads * ranks * kScenariosPerThread;
    for (size_t start = 0; start < level.size(); start += window) {
      size_t count = std::min(window, level.size() - start);
      std::vector<std::vector<size_t>> open(count);
      for (size_t s = 0; s < count; ++s) open[s] = stillOpen(level[start + s].second);
      std::vector<std::vector<ScenarioVerdict>> found(count);
      // This process's share of the window: every ranks-th scenario.
      std::vector<size_t> share;
      for (size_t s = processes.rank(); s < count; s += ranks) share.push_back(s);
      cluster::parallelFor(share.size(), threads, [&](unsigned worker, size_t k) {
        size_t s = share[k];
        if (open[s].empty() || deadline.passed()) return;
        try {
          found[s] = check(worker, level[start + s].first, open[s]);
        } catch (const sim::TimeLimitExceeded&) {
          // Left empty: the report below names what was left, as for a scenario not started.
        }
      });
      if (ranks > 1) exchange({size, start, level.size()}, found);
      // In scenario order, as one thread takes them.
      for (size_t s = 0; s < count; ++s) {
        const auto& failed = level[start + s].first;
        std::vector<size_t> now = stillOpen(level[start + s].second);
        if (now.empty()) continue;
        if (found[s].empty())  // its thread found the deadline passed
          throw sim::TimeLimitExceeded(unfinishedCheck(intents, now, budget, size, done, level.size(),
                                                  stats.simulated, deadline));
        ++stats.simulated;
        if (++done % 100 == 0 && progress)
          progress("  " + std::to_string(done) + "/" + std::to_string(level.size()));
        for (auto& v : found[s]) {
          if (!std::count(now.begin(), now.end(), v.intent)) continue;
          ++verdicts[v.intent].scenarios_checked;
          // The counterexample of a violation another process found is built here, on every
          // process alike (the same scenario simulated again): one per failing intent.
          if (v.violation && v.remote) v = std::move(check(0, failed, {v.intent}).front());
          if (v.violation) verdicts[v.intent].result = std::move(*v.violation);
          else expand(failed, v.next, v.intent);
        }
      }
    }
  }
  // The last step, the same everywhere: a process still simulating would fail here.
  std::vector<std::vector<ScenarioVerdict>> noScenarios;
  if (ranks > 1) exchange({~0ull, ~0ull, ~0ull}, noScenarios);
  return verdicts;
}

}  // namespace routefix::verify
