// What a change changes (`routefix diff OLD NEW`): routes per node, intents whose status
// moved, and (source, destination) pairs that lost or gained reachability.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/network.h"
#include "sim/dataplane.h"
#include "verify/verifier.h"

namespace routefix::verify {

// Prefix, Route: model::Prefix and sim::Route, or model::IpPrefix and sim::Ipv6Route.
template <class Prefix, class Route>
struct RouteChangeOf {
  std::string node;
  Prefix prefix;
  std::string kind;  // added | removed | changed
  std::optional<Route> before;
  std::optional<Route> after;
};
using RouteChange = RouteChangeOf<model::Prefix, sim::Route>;
using Ipv6RouteChange = RouteChangeOf<model::IpPrefix, sim::Ipv6Route>;

struct ReachabilityChange {
  std::string source;
  model::IpPrefix destination;  // either family
  bool reachable_after = false;  // true: gained, false: lost
  std::optional<Counterexample> why;  // for a loss: the new forwarding that stops
};

struct IntentChange {
  std::string name;
  std::string type;
  std::string before;  // pass | fail | absent
  std::string after;
  std::optional<Counterexample> counterexample;  // in NEW, when it fails there
  std::vector<std::string> through;              // a waypoint intent's nodes (for its picture)
};

struct DiffReport {
  std::vector<RouteChange> routes;
  std::vector<Ipv6RouteChange> ipv6_routes;  // the IPv6 tables' (listed after `routes` in the JSON)
  std::vector<ReachabilityChange> reachability;
  std::vector<IntentChange> intents;  // every intent, changed or not (see changed())
  std::vector<std::string> nodes_added;
  std::vector<std::string> nodes_removed;

  bool regressed() const;  // an intent that held in OLD fails in NEW
};

// Destinations compared for reachability: trafficDestinations() of either side, IPv6 ones
// included. A pair is
// reachable when every representative address is delivered.
DiffReport diffSnapshots(const model::Network& oldNet, const sim::DataPlane& oldDp,
                         const model::Network& newNet, const sim::DataPlane& newDp,
                         const VerifyReport* oldVerify, const VerifyReport* newVerify);

// One line for people: "bgp via r2 lp 100 as-path 65001".
std::string routeSummary(const sim::Route& route);
std::string routeSummary(const sim::Ipv6Route& route);

nlohmann::json diffJson(const DiffReport& diff);
std::string diffText(const DiffReport& diff);
nlohmann::json diffSarif(const DiffReport& diff, const std::string& newSnapshot);
nlohmann::json diffCodeQuality(const DiffReport& diff, const std::string& newSnapshot);
std::string diffJunit(const DiffReport& diff);

}  // namespace routefix::verify
