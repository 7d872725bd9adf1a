#include "verify/intent_mining.h"

#include <algorithm>
#include <map>
#include <memory>
#include <sstream>
#include <tuple>

#include "model/input_error.h"
#include "sim/path_summary.h"
#include "verify/forwarding.h"

namespace routefix::verify {

namespace {

// Paths with more arriving node sequences than trace() lists cannot be counted by verify.
constexpr uint64_t kMaxCountedPaths = 4096;

// What the forwarding from one source to one destination prefix does, over all its
// representative addresses.
struct PairFacts {
  bool reach = true;     // every path of every address arrives (and there is one)
  bool isolated = true;  // no path of any address arrives
  std::optional<std::set<std::string>> transit;  // crossed by every non-dropped path; nullopt: none
  uint64_t min_paths = UINT64_MAX;  // fewest distinct arriving node sequences over the addresses
};

// The same facts from listed paths: when ACLs match on the source address, or a path loops
// (the summary is exact for neither). Mirrors intent_check's reading of paths.
sim::PathFacts traceFacts(const model::Network& network, const sim::DataPlane& dp, const std::string& source,
                          model::Ipv4 address, const sim::SimulationOptions& scenario) {
  sim::Trace t = sim::trace(network, dp, source, address, scenario);
  sim::PathFacts facts;
  facts.dropped = t.paths.empty();
  std::set<std::vector<std::string>> arriving;
  std::set<std::string> ends;
  for (const auto& p : t.paths) {
    auto nodes = nodesOf(p);
    bool dropped = p.outcome == sim::TraceOutcome::NoRoute || p.outcome == sim::TraceOutcome::NullRoute ||
                   p.outcome == sim::TraceOutcome::Filtered;
    facts.dropped |= dropped;
    facts.loops |= p.outcome == sim::TraceOutcome::Loop;
    if (dropped) continue;
    if (reachesDestination(p)) {
      arriving.insert(nodes);
      ends.insert(nodes.back());
    }
    std::vector<std::string> crossed(nodes.begin() + 1, nodes.end());
    if (!facts.transit) {
      facts.transit = crossed;
      continue;
    }
    std::vector<std::string> common;
    for (const auto& n : *facts.transit)
      if (std::find(crossed.begin(), crossed.end(), n) != crossed.end()) common.push_back(n);
    facts.transit = std::move(common);
  }
  if (facts.transit)
    std::erase_if(*facts.transit, [&](const std::string& n) { return ends.count(n) > 0; });
  facts.arriving = arriving.size();
  // A looping path does not arrive: reachability fails as for a drop. The listed paths say so
  // exactly, so `loops` (PathSummary's "not exact") stays false.
  facts.dropped |= facts.loops;
  facts.loops = false;
  return facts;
}

// Facts of every source towards one destination in one data plane.
class DestinationFacts {
 public:
  DestinationFacts(const model::Network& network, const sim::DataPlane& dp, const model::Prefix& destination,
                   const sim::SimulationOptions& scenario, bool sourceAcls)
      : network_(network), dp_(dp), scenario_(scenario), sourceAcls_(sourceAcls),
        addresses_(representativeAddresses(network, dp, destination)) {
    if (!sourceAcls_)
      for (auto a : addresses_) summaries_.push_back(std::make_unique<sim::PathSummary>(network, dp, a, scenario));
  }

  PairFacts of(const std::string& source) {
    PairFacts out;
    for (size_t i = 0; i < addresses_.size(); ++i) {
      sim::PathFacts f;
      if (!sourceAcls_) f = summaries_[i]->from(source);
      if (sourceAcls_ || f.loops) f = traceFacts(network_, dp_, source, addresses_[i], scenario_);
      out.reach &= !f.dropped && f.arriving > 0;
      out.isolated &= f.arriving == 0;
      out.min_paths = std::min(out.min_paths, f.arriving);
      if (!f.transit) continue;
      std::set<std::string> crossed(f.transit->begin(), f.transit->end());
      if (!out.transit) {
        out.transit = std::move(crossed);
        continue;
      }
      std::erase_if(*out.transit, [&](const std::string& n) { return !crossed.count(n); });
    }
    if (addresses_.empty()) out.reach = false, out.min_paths = 0;
    return out;
  }

 private:
  const model::Network& network_;
  const sim::DataPlane& dp_;
  const sim::SimulationOptions& scenario_;
  bool sourceAcls_;
  std::vector<model::Ipv4> addresses_;
  std::vector<std::unique_ptr<sim::PathSummary>> summaries_;
};

// A fact of the network as it is and the smallest failure set size that broke it.
struct Candidate {
  std::optional<uint32_t> broken_at;
};

// The candidates of one (source, destination) pair.
struct PairCandidates {
  std::optional<Candidate> reach, isolated;
  std::map<std::string, Candidate> waypoints;
  // Multipath: the fewest arriving paths seen so far with up to j failed links, per j.
  std::vector<uint64_t> min_paths;
};

struct DestinationState {
  model::Prefix prefix;
  std::vector<PairCandidates> pairs;  // by source index
};

bool open(const std::optional<Candidate>& c) { return c && !c->broken_at; }

class Miner {
 public:
  Miner(const model::Network& network, const sim::DataPlane& baseline, const MiningOptions& options)
      : network_(network), baseline_(baseline), options_(options), sourceAcls_(sim::aclsMatchSource(network)),
        budget_(static_cast<uint32_t>(std::min<uint64_t>(options.failures, network.links.size()))) {
    for (const auto& d : network.devices) sources_.push_back(d.name);
    std::sort(sources_.begin(), sources_.end());
  }

  MiningResult run() {
    MiningResult result;
    result.sources = sources_.size();
    result.failures = options_.failures;
    auto destinations = trafficDestinations(baseline_);
    result.destinations = destinations.size();
    mineBaseline(destinations, result);
    exploreFailures(result);
    std::vector<MinedFact> facts = collect(result);
    result.facts = facts.size();
    result.intents = groupFacts(std::move(facts));
    return result;
  }

 private:
  bool wants(IntentType t) const { return options_.kinds.count(t) > 0; }

  // Multipath counts are followed per failure budget 0..K while some budget still has two.
  bool multipathOpen(const PairCandidates& c) const { return c.min_paths.size() == budget_ + 1; }

  bool pairOpen(const PairCandidates& c) const {
    return open(c.reach) || open(c.isolated) || multipathOpen(c) ||
           std::any_of(c.waypoints.begin(), c.waypoints.end(), [](const auto& kv) { return !kv.second.broken_at; });
  }

  bool anyOpen(const DestinationState& d) const {
    return std::any_of(d.pairs.begin(), d.pairs.end(), [&](const PairCandidates& c) { return pairOpen(c); });
  }
  void say(const std::string& line) const {
    if (options_.progress) options_.progress(line);
  }

  void mineBaseline(const std::set<model::Prefix>& destinations, MiningResult& result) {
    say("mining " + std::to_string(sources_.size()) + " sources x " + std::to_string(destinations.size()) +
        " destinations");
    sim::SimulationOptions none;
    for (const auto& prefix : destinations) {
      if (options_.deadline.passed()) {
        result.destinations_not_mined.push_back(prefix);
        continue;
      }
      DestinationFacts facts(network_, baseline_, prefix, none, sourceAcls_);
      DestinationState state{prefix, std::vector<PairCandidates>(sources_.size())};
      for (size_t s = 0; s < sources_.size(); ++s) {
        PairFacts f = facts.of(sources_[s]);
        PairCandidates& c = state.pairs[s];
        if (f.reach && wants(IntentType::Reachability)) c.reach.emplace();
        if (f.isolated && wants(IntentType::Isolation)) c.isolated.emplace();
        // Waypoints and path counts describe traffic that gets there.
        if (!f.reach) continue;
        if (wants(IntentType::Waypoint) && f.transit)
          for (const auto& w : *f.transit) c.waypoints[w];
        if (wants(IntentType::Multipath) && f.min_paths >= 2 && f.min_paths <= kMaxCountedPaths)
          c.min_paths.assign(budget_ + 1, f.min_paths);
      }
      states_.push_back(std::move(state));
    }
  }

  // Whether the facts of one scenario (of `size` failed links) keep each open candidate.
  void judge(DestinationState& d, DestinationFacts& facts, uint32_t size) {
    for (size_t s = 0; s < sources_.size(); ++s) {
      PairCandidates& c = d.pairs[s];
      if (!pairOpen(c)) continue;
      PairFacts f = facts.of(sources_[s]);
      if (open(c.reach) && !f.reach) c.reach->broken_at = size;
      if (open(c.isolated) && !f.isolated) c.isolated->broken_at = size;
      for (auto& [w, cand] : c.waypoints)
        if (!cand.broken_at && f.transit && !f.transit->count(w)) cand.broken_at = size;
      if (multipathOpen(c)) {
        uint64_t seen = f.reach ? f.min_paths : 0;
        for (uint32_t j = size; j < c.min_paths.size(); ++j) c.min_paths[j] = std::min(c.min_paths[j], seen);
        if (c.min_paths.back() < 2) c.min_paths.resize(size);  // no multipath left from here on
      }
    }
  }

  void exploreFailures(MiningResult& result) {
    uint32_t k = budget_;
    result.failures_complete = k;
    if (k == 0) return;
    // Scenarios of the next size, each with the destinations to judge in it (ordered, so the
    // run is deterministic).
    std::map<std::set<model::Link>, std::set<size_t>> pending;
    auto expand = [&](const sim::DataPlane& dp, const std::set<model::Link>& failed, size_t d) {
      if (failed.size() >= k || !anyOpen(states_[d])) return;
      for (const auto& l : relevantLinks(network_, dp, {states_[d].prefix}, failed)) {
        auto next = failed;
        next.insert(l);
        pending[next].insert(d);
      }
    };
    for (size_t d = 0; d < states_.size(); ++d) expand(baseline_, {}, d);
    std::optional<sim::FailureSimulator> simulator;
    for (uint32_t size = 1; size <= k && !pending.empty(); ++size) {
      auto level = std::move(pending);
      pending.clear();
      say("failure scenarios with " + std::to_string(size) + " link(s) down: " + std::to_string(level.size()) +
          " to simulate");
      uint64_t done = 0;
      for (auto& [failed, which] : level) {
        if (options_.deadline.passed()) {
          result.failures_complete = size - 1;
          result.scenarios_not_simulated = level.size() - done;
          return;
        }
        sim::SimulationOptions scenario;
        scenario.failed_links = failed;
        if (!simulator) simulator.emplace(network_);
        sim::DataPlane dp = simulator->simulate(scenario);
        ++result.scenarios_simulated;
        if (++done % 100 == 0) say("  " + std::to_string(done) + "/" + std::to_string(level.size()));
        std::vector<model::Prefix> moved = forwardingMoved(*simulator, dp, failed);
        for (size_t d : which) {
          if (!anyOpen(states_[d])) continue;
          const model::Prefix& prefix = states_[d].prefix;
          // Forwarding to d as in the baseline: every fact of the baseline still holds.
          if (std::any_of(moved.begin(), moved.end(),
                          [&](const model::Prefix& p) { return p.contains(prefix) || prefix.contains(p); })) {
            DestinationFacts facts(network_, dp, prefix, scenario, sourceAcls_);
            judge(states_[d], facts, size);
          }
          expand(dp, failed, d);
        }
      }
    }
  }

  // The prefixes whose forwarding may differ from the baseline's in `dp`: routes that changed
  // next hops (or came or went), and routes at the ends of a failed link that still point
  // over it (same route, but the neighbour is gone).
  std::vector<model::Prefix> forwardingMoved(const sim::FailureSimulator& simulator, const sim::DataPlane& dp,
                                             const std::set<model::Link>& failed) const {
    std::set<model::Prefix> moved;
    ForwardingChanges changes = forwardingChanges(simulator.baseline(), dp, failed);
    for (const auto& [node, prefix] : changes.routes) moved.insert(prefix);
    for (const sim::DataPlane* plane : {&simulator.baseline(), &dp})
      for (const auto& node : changes.link_ends) {
        auto rib = plane->ribs.find(node);
        if (rib == plane->ribs.end()) continue;
        for (const auto& r : rib->second.routes())
          for (const auto& nh : r.next_hops)
            if (const model::Link* l = links_.at(node, nh.interface); l && failed.count(*l)) moved.insert(r.prefix);
      }
    return {moved.begin(), moved.end()};
  }

  std::vector<MinedFact> collect(const MiningResult& result) const {
    uint32_t complete = result.failures_complete;
    auto level = [&](const Candidate& c) { return c.broken_at ? std::min(complete, *c.broken_at - 1) : complete; };
    std::vector<MinedFact> facts;
    for (const auto& d : states_)
      for (size_t s = 0; s < sources_.size(); ++s) {
        const PairCandidates& c = d.pairs[s];
        auto fact = [&](IntentType type, std::string waypoint, uint64_t minPaths, uint32_t failures) {
          facts.push_back(MinedFact{type, sources_[s], d.prefix, std::move(waypoint),
                                    static_cast<uint32_t>(minPaths), failures});
        };
        if (c.reach) fact(IntentType::Reachability, "", 0, level(*c.reach));
        if (c.isolated) fact(IntentType::Isolation, "", 0, level(*c.isolated));
        for (const auto& w : waypointsNotImplied(d, s, level)) fact(IntentType::Waypoint, w, 0, level(c.waypoints.at(w)));
        // One intent per distinct count, at the largest failure budget that keeps it.
        uint32_t levels = std::min<uint32_t>(c.min_paths.size(), complete + 1);
        for (uint32_t j = 0; j < levels; ++j)
          if (c.min_paths[j] >= 2 && (j + 1 == levels || c.min_paths[j + 1] != c.min_paths[j]))
            fact(IntentType::Multipath, "", c.min_paths[j], j);
      }
    return facts;
  }

  // The waypoints of source s towards d that the others do not imply. Forwarding depends on
  // the destination alone (without ACLs on the source address), so traffic that crosses w
  // continues as w's own traffic: "s crosses w" and "w crosses v", both surviving up to L
  // failures, imply "s crosses v" up to L. Nodes nearer to s cross more nodes themselves, so
  // taking the largest crossing sets first keeps the nearest waypoint and drops what it implies.
  template <typename Level>
  std::vector<std::string> waypointsNotImplied(const DestinationState& d, size_t s, const Level& level) const {
    const auto& mine = d.pairs[s].waypoints;
    auto waypointsOf = [&](const std::string& node) -> const std::map<std::string, Candidate>* {
      auto it = std::lower_bound(sources_.begin(), sources_.end(), node);
      return it == sources_.end() || *it != node ? nullptr : &d.pairs[it - sources_.begin()].waypoints;
    };
    std::vector<std::string> order;
    for (const auto& [w, cand] : mine) order.push_back(w);
    if (sourceAcls_) return order;
    auto crossed = [&](const std::string& w) { return waypointsOf(w) ? waypointsOf(w)->size() : 0; };
    std::stable_sort(order.begin(), order.end(),
                     [&](const std::string& a, const std::string& b) { return crossed(a) > crossed(b); });
    std::vector<std::string> kept;
    for (const auto& v : order) {
      uint32_t want = level(mine.at(v));
      bool implied = std::any_of(kept.begin(), kept.end(), [&](const std::string& w) {
        const auto* next = waypointsOf(w);
        auto it = next ? next->find(v) : std::map<std::string, Candidate>::const_iterator();
        return level(mine.at(w)) >= want && next && it != next->end() && level(it->second) >= want;
      });
      if (!implied) kept.push_back(v);
    }
    std::sort(kept.begin(), kept.end());
    return kept;
  }

  const model::Network& network_;
  const sim::DataPlane& baseline_;
  const MiningOptions& options_;
  bool sourceAcls_;
  uint32_t budget_;  // K, at most every link (failing more is the same scenario)
  LinkIndex links_{network_};
  std::vector<std::string> sources_;
  std::vector<DestinationState> states_;
};

// Kinds in file order; the position is also the order of intents of one destination.
constexpr IntentType kMinedKinds[] = {IntentType::Reachability, IntentType::Isolation, IntentType::Waypoint,
                                      IntentType::Multipath};

int kindOrder(IntentType t) {
  for (size_t i = 0; i < std::size(kMinedKinds); ++i)
    if (kMinedKinds[i] == t) return static_cast<int>(i);
  return static_cast<int>(std::size(kMinedKinds));
}

}  // namespace

MiningResult mineIntents(const model::Network& network, const sim::DataPlane& baseline,
                         const MiningOptions& options) {
  return Miner(network, baseline, options).run();
}

std::vector<Intent> groupFacts(std::vector<MinedFact> facts) {
  using Key = std::tuple<model::Prefix, int, std::string, uint32_t, uint32_t>;
  std::map<Key, std::set<std::string>> groups;
  for (auto& f : facts)
    groups[Key{f.destination, kindOrder(f.type), f.waypoint, f.min_paths, f.failures}].insert(std::move(f.source));
  std::vector<Intent> intents;
  std::map<std::string, int> taken;  // base name -> intents named so far
  for (const auto& [key, sources] : groups) {
    const auto& [destination, kind, waypoint, minPaths, failures] = key;
    Intent intent;
    intent.type = kMinedKinds[kind];
    intent.from.assign(sources.begin(), sources.end());
    intent.to = model::IpPrefix::fromV4(destination);
    if (!waypoint.empty()) intent.through = {waypoint};
    intent.min_paths = minPaths;
    intent.failures = failures;
    std::string base = intentTypeName(intent.type) + "-" + destination.str();
    int n = ++taken[base];
    intent.name = n == 1 ? base : base + "-" + std::to_string(n);
    intents.push_back(std::move(intent));
  }
  return intents;
}

std::set<IntentType> parseMiningKinds(const std::string& text) {
  std::set<IntentType> kinds;
  std::stringstream in(text);
  std::string word;
  while (std::getline(in, word, ',')) {
    auto t = parseIntentType(word);
    if (!t || kindOrder(*t) == static_cast<int>(std::size(kMinedKinds)))
      throw model::InputError("--kinds: '" + word +
                              "' is not a kind that can be mined (reachability, isolation, waypoint, multipath)");
    kinds.insert(*t);
  }
  if (kinds.empty()) throw model::InputError("--kinds: name at least one kind");
  return kinds;
}

}  // namespace routefix::verify
