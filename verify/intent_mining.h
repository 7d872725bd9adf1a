// Intent mining (`routefix intents mine`): the specification that holds on the network as it
// is, as intents `verify` reads. Per (source router, destination prefix): reachability or
// isolation, each node every forwarding path crosses (a one-node waypoint), and the number of
// equal-cost paths; with a failure budget K, for each of them the largest number of
// simultaneous link failures up to K it survives. Pairs that share a fact are grouped into one
// intent (every source: `from: "*"`).
//
// Completeness (what the brute-force test checks): for every source s, destination D and
// j <= K, if reachability (isolation; waypoint w; at least m paths, m >= 2) of (s, D) holds
// with no failure and under every set of up to j failed links, a mined intent with s among its
// sources, `to: D`, failures >= j implies it. Scenarios are explored like verify's
// (relevantLinks: only links that forward D's traffic, one at a time), sound by the argument in
// failure_scenarios.h. Destinations are those of `diff` (trafficDestinations).
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/network.h"
#include "sim/dataplane.h"
#include "sim/deadline.h"
#include "verify/failure_scenarios.h"
#include "verify/intent.h"

namespace routefix::verify {

struct MiningOptions {
  uint32_t failures = 0;  // K
  std::set<IntentType> kinds = {IntentType::Reachability, IntentType::Isolation, IntentType::Waypoint,
                                IntentType::Multipath};
  Progress progress;
  sim::Deadline deadline;  // past it, what is left is reported as not explored, not mined
};

// One fact about one (source, destination) pair, before grouping.
struct MinedFact {
  IntentType type = IntentType::Reachability;
  std::string source;
  model::Prefix destination;
  std::string waypoint;    // waypoint: the node crossed
  uint32_t min_paths = 0;  // multipath
  uint32_t failures = 0;   // survives every set of up to this many failed links
};

struct MiningResult {
  std::vector<Intent> intents;  // grouped, in file order (destination, type, ...)
  size_t sources = 0;
  size_t destinations = 0;
  std::vector<model::Prefix> destinations_not_mined;  // the deadline came first
  uint32_t failures = 0;            // K asked for
  uint32_t failures_complete = 0;   // every scenario of up to this many failed links was explored
  uint64_t scenarios_simulated = 0;
  uint64_t scenarios_not_simulated = 0;  // pending at the level the deadline cut
  size_t facts = 0;                      // per-pair facts before grouping
};

MiningResult mineIntents(const model::Network& network, const sim::DataPlane& baseline,
                         const MiningOptions& options);

// Groups facts that differ only in their source into one intent each (sources sorted; the
// writer prints a group of every device as `from: "*"`). Deterministic order and names.
std::vector<Intent> groupFacts(std::vector<MinedFact> facts);

// "reachability,isolation" -> the kinds; model::InputError naming --kinds on an unknown or
// unsupported one.
std::set<IntentType> parseMiningKinds(const std::string& text);

}  // namespace routefix::verify
