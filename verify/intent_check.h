// Checks one intent on one simulated data plane (one failure scenario) and, when it does
// not hold, builds a counterexample a person can act on.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/network.h"
#include "sim/dataplane.h"
#include "verify/intent.h"

namespace routefix::verify {

struct RouteAtNode {
  std::string node;
  sim::Route route;
};
struct Ipv6RouteAtNode {
  std::string node;
  sim::Ipv6Route route;
};

struct Counterexample {
  std::string source;                  // "" for node-local intents (route)
  std::optional<model::IpAddress> address;  // the destination address that fails
  std::vector<sim::TracePath> paths;   // the forwarding paths observed
  std::string reason;                  // one sentence: what is wrong, where and why
  std::vector<RouteAtNode> routes;     // the routes that made the traffic go (or stop) there
  std::vector<Ipv6RouteAtNode> ipv6_routes;  // the same, for an IPv6 destination
  std::set<model::Link> failed_links;  // the failure scenario (empty: the network as it is)
  std::vector<std::string> failing_sources;  // every source for which the intent fails
  model::SourceSpan location;          // the config line most responsible
};

struct CheckResult {
  bool holds = true;
  std::optional<Counterexample> counterexample;
};

// The path outcomes that break an intent which fails exactly when one of its forwarding
// paths ends one of these ways (reachability, isolation, loop-free); empty for the others.
std::vector<sim::TraceOutcome> failingOutcomes(IntentType type);

// `scenario` must be the options `dataPlane` was simulated with. Preference intents simulate
// further scenarios (the earlier paths failed) on top of it.
CheckResult checkIntent(const model::Network& network, const sim::DataPlane& dataPlane,
                        const Intent& intent, const sim::SimulationOptions& scenario);

// The destination addresses an intent is about (representatives, see forwarding.h); for
// loop-free/blackhole-free without `to`, every address some route covers, IPv6 ones too.
std::vector<model::IpAddress> intentAddresses(const model::Network& network,
                                         const sim::DataPlane& dataPlane, const Intent& intent);

}  // namespace routefix::verify
