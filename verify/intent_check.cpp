#include "verify/intent_check.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>

#include "verify/blame.h"
#include "verify/forwarding.h"

namespace routefix::verify {

namespace {

std::string arrow(const std::vector<std::string>& nodes) {
  std::string s;
  for (const auto& n : nodes) s += (s.empty() ? "" : " -> ") + n;
  return s;
}

std::string pathEnd(const sim::TracePath& p) {
  std::string at = p.at.empty() && !p.hops.empty() ? p.hops.back().node : p.at;
  switch (p.outcome) {
    case sim::TraceOutcome::Delivered: return "is delivered at " + at;
    case sim::TraceOutcome::Exited: return "leaves the network at " + at;
    case sim::TraceOutcome::NoRoute: return "stops at " + at + ": no route";
    case sim::TraceOutcome::NullRoute: return "stops at " + at + ": null route";
    case sim::TraceOutcome::Loop: return "loops at " + at;
    case sim::TraceOutcome::Filtered: return "stops at " + at + ": filtered by an ACL";
  }
  return "ends at " + at;
}

const sim::Route* routeAt(const sim::DataPlane& dp, const sim::Hop& hop, model::Ipv4 a) {
  const sim::NodeRib* rib = dp.table(hop.node, hop.vrf);
  return rib ? rib->longestMatch(a) : nullptr;
}

const sim::Ipv6Route* routeAt(const sim::DataPlane& dp, const sim::Hop& hop, const model::IpAddress& a) {
  const sim::Ipv6Rib* rib = dp.ipv6Table(hop.node, hop.vrf);
  return rib ? rib->longestMatch(a) : nullptr;
}

void addRoute(Counterexample& c, const std::string& node, const sim::Route& r) { c.routes.push_back({node, r}); }
void addRoute(Counterexample& c, const std::string& node, const sim::Ipv6Route& r) {
  c.ipv6_routes.push_back({node, r});
}

// The routes that decided each hop of the paths, once per node, of the address's family.
template <class Address>
void addRoutesAlong(Counterexample& c, const sim::DataPlane& dp, const std::vector<sim::TracePath>& paths,
                    const Address& address) {
  std::set<std::string> seen;
  for (const auto& p : paths)
    for (const auto& h : p.hops)
      if (seen.insert(h.node).second)
        if (const auto* r = routeAt(dp, h, address)) addRoute(c, h.node, *r);
}

void addRoutesAlong(Counterexample& c, const sim::DataPlane& dp, const std::vector<sim::TracePath>& paths,
                    const model::IpAddress& address) {
  if (address.isV4()) addRoutesAlong(c, dp, paths, address.v4());
  else addRoutesAlong<model::IpAddress>(c, dp, paths, address);
}

const sim::NodeRib* tableFor(const sim::DataPlane& dp, const std::string& node, const std::string& vrf,
                             const model::Prefix&) {
  return dp.table(node, vrf);
}
const sim::Ipv6Rib* tableFor(const sim::DataPlane& dp, const std::string& node, const std::string& vrf,
                             const model::IpPrefix&) {
  return dp.ipv6Table(node, vrf);
}

// Whether `nodes` contains `waypoints` as a subsequence (in order).
bool passesInOrder(const std::vector<std::string>& nodes, const std::vector<std::string>& waypoints) {
  size_t next = 0;
  for (const auto& n : nodes)
    if (next < waypoints.size() && n == waypoints[next]) ++next;
  return next == waypoints.size();
}

class IntentChecker {
 public:
  IntentChecker(const model::Network& network, const sim::DataPlane& dp, const Intent& intent,
                const sim::SimulationOptions& scenario)
      : network_(network), dp_(dp), intent_(intent), scenario_(scenario) {}

  CheckResult run() {
    switch (intent_.type) {
      case IntentType::Reachability:
        return flows([](const sim::TracePath& p) { return reachesDestination(p); },
                     [](const sim::Trace& t, const sim::TracePath& p) {
                       return "traffic from " + t.from + " to " + t.to.str() + " " + pathEnd(p) +
                              " (path " + arrow(nodesOf(p)) + ")";
                     });
      case IntentType::Isolation:
        return flows([](const sim::TracePath& p) { return !reachesDestination(p); },
                     [](const sim::Trace& t, const sim::TracePath& p) {
                       return "traffic from " + t.from + " to " + t.to.str() + " " + pathEnd(p) +
                              " (path " + arrow(nodesOf(p)) + "), but it must not get there";
                     });
      case IntentType::Waypoint:
        return flows(
            [&](const sim::TracePath& p) {
              // A path that is dropped carries no traffic past the drop; reachability is
              // another intent's question. Delivered, exited and looping paths must pass.
              bool dropped = p.outcome == sim::TraceOutcome::NoRoute ||
                             p.outcome == sim::TraceOutcome::NullRoute ||
                             p.outcome == sim::TraceOutcome::Filtered;
              return dropped || passesInOrder(nodesOf(p), intent_.through);
            },
            [&](const sim::Trace& t, const sim::TracePath& p) {
              return "traffic from " + t.from + " to " + t.to.str() + " takes " + arrow(nodesOf(p)) +
                     ", which does not pass " + arrow(intent_.through) + " (it " + pathEnd(p) + ")";
            });
      case IntentType::Path: return expectPath(intent_.path, dp_, scenario_, "");
      case IntentType::Preference: return preference();
      case IntentType::Multipath: return multipath();
      case IntentType::Route: return route();
      case IntentType::LoopFree:
        return flows([](const sim::TracePath& p) { return p.outcome != sim::TraceOutcome::Loop; },
                     [](const sim::Trace& t, const sim::TracePath& p) {
                       return "forwarding loop for " + t.to.str() + " from " + t.from + ": " +
                              arrow(nodesOf(p));
                     });
      case IntentType::BlackholeFree:
        return flows(
            [](const sim::TracePath& p) {
              // Dropped for lack of a route after the traffic was forwarded: the sender had a
              // route, a node downstream has none. Null routes are deliberate (aggregate
              // anchors) and ACL drops are policy.
              return !(p.outcome == sim::TraceOutcome::NoRoute && p.hops.size() > 1);
            },
            [](const sim::Trace& t, const sim::TracePath& p) {
              return "traffic from " + t.from + " to " + t.to.str() + " is forwarded but " +
                     pathEnd(p) + " (path " + arrow(nodesOf(p)) + ")";
            });
    }
    return {};
  }

 private:
  using PathOk = std::function<bool(const sim::TracePath&)>;
  using Describe = std::function<std::string(const sim::Trace&, const sim::TracePath&)>;

  std::vector<std::string> sources() const {
    if (!intent_.from.empty()) return intent_.from;
    std::vector<std::string> all;
    for (const auto& d : network_.devices) all.push_back(d.name);
    return all;
  }

  // Whether some path from `source` to the address fails the intent, read off a summary of
  // all paths (only for the intents a per-node outcome set decides).
  std::optional<bool> summaryFails(sim::ForwardingOutcomes& o, const std::string& source) const {
    const std::string node = sim::forwardingNode(source, intent_.vrf);
    if (intent_.type == IntentType::BlackholeFree) return o.blackholedDownstream(node);
    auto bad = failingOutcomes(intent_.type);
    if (bad.empty()) return std::nullopt;
    return std::any_of(bad.begin(), bad.end(), [&](sim::TraceOutcome b) { return o.has(node, b); });
  }

  // Every path of every (source, representative address) must satisfy `ok`. Sources are
  // judged from one ForwardingOutcomes per address where that is exact; the paths of a
  // failing source are traced for the counterexample only.
  CheckResult flows(const PathOk& ok, const Describe& describe) {
    CheckResult result;
    auto addresses = intentAddresses(network_, dp_, intent_);
    bool summarise = !sim::aclsMatchSource(network_);
    std::vector<std::unique_ptr<sim::ForwardingOutcomes>> summaries(addresses.size());
    for (const auto& src : sources()) {
      for (size_t i = 0; i < addresses.size(); ++i) {
        auto a = addresses[i];
        if (summarise) {
          if (!summaries[i])
            summaries[i] = std::make_unique<sim::ForwardingOutcomes>(network_, dp_, a, scenario_);
          auto fails = summaryFails(*summaries[i], src);
          if (fails && !*fails) continue;
          if (fails && result.counterexample) {
            result.counterexample->failing_sources.push_back(src);
            break;
          }
        }
        sim::Trace t = sim::trace(network_, dp_, src, a, scenario_, intent_.vrf);
        auto bad = std::find_if(t.paths.begin(), t.paths.end(), [&](const auto& p) { return !ok(p); });
        if (t.paths.empty() && intent_.type == IntentType::Reachability) {
          // No forwarding at all from the source: as good as dropped there.
          sim::TracePath none;
          none.hops = {{src, "", intent_.vrf}};
          none.outcome = sim::TraceOutcome::NoRoute;
          none.at = src;
          t.paths.push_back(none);
          bad = t.paths.begin();
        }
        if (bad == t.paths.end()) continue;
        if (!result.counterexample) {
          result.holds = false;
          Counterexample c;
          c.source = src;
          c.address = a;
          c.paths = t.paths;
          c.reason = describe(t, *bad);
          addRoutesAlong(c, dp_, t.paths, a);
          c.location = locate(*bad, a);
          result.counterexample = std::move(c);
        }
        result.counterexample->failing_sources.push_back(src);
        break;  // one failing address per source is enough to name the source
      }
    }
    return result;
  }

  model::SourceSpan locate(const sim::TracePath& p, const model::IpAddress& a) const {
    if (reachesDestination(p) || p.outcome == sim::TraceOutcome::Loop) {
      // Traffic went the wrong way: blame the route choice at the first node (the source
      // decides the first hop; later deviations show in the route list).
      if (!p.hops.empty()) {
        if (a.isV4()) {
          if (const sim::Route* r = routeAt(dp_, p.hops.front(), a.v4()))
            return blameRouteChoice(network_, p.hops.front().node, *r);
        } else if (const sim::Ipv6Route* r = routeAt(dp_, p.hops.front(), a)) {
          return blameRouteChoice(network_, p.hops.front().node, *r);
        }
      }
    }
    return blamePathEnd(network_, dp_, p, a);
  }

  // Every path from the source, for every address, must be exactly `expected` and arrive.
  CheckResult expectPath(const NodePath& expected, const sim::DataPlane& dp,
                         const sim::SimulationOptions& scenario, const std::string& context) {
    CheckResult result;
    const std::string& src = intent_.from.front();
    for (auto a : intentAddresses(network_, dp, intent_)) {
      sim::Trace t = sim::trace(network_, dp, src, a, scenario, intent_.vrf);
      auto bad = std::find_if(t.paths.begin(), t.paths.end(), [&](const auto& p) {
        return nodesOf(p) != expected || !reachesDestination(p);
      });
      if (bad == t.paths.end() && !t.paths.empty()) continue;
      Counterexample c;
      c.source = src;
      c.address = a;
      c.paths = t.paths;
      std::string got = bad == t.paths.end() ? std::string("no path")
                                             : arrow(nodesOf(*bad)) + " (it " + pathEnd(*bad) + ")";
      c.reason = context + "traffic from " + src + " to " + a.str() + " takes " + got +
                 "; expected " + arrow(expected);
      addRoutesAlong(c, dp, t.paths, a);
      c.failed_links = scenario.failed_links;
      c.failing_sources = {src};
      c.location = bad == t.paths.end() ? deviceSpan(network_, src) : locate(*bad, a);
      result.holds = false;
      result.counterexample = std::move(c);
      return result;
    }
    return result;
  }

  // Primary path as is; path i when every link of paths 1..i-1 that path i does not use is down.
  CheckResult preference() {
    CheckResult first = expectPath(intent_.paths.front(), dp_, scenario_, "");
    if (!first.holds) return first;
    std::set<model::Link> down;
    for (size_t i = 1; i < intent_.paths.size(); ++i) {
      for (const auto& l : pathLinks(intent_.paths[i - 1])) down.insert(l);
      auto keep = pathLinks(intent_.paths[i]);
      sim::SimulationOptions scenario = scenario_;
      for (const auto& l : down)
        if (!keep.count(l)) scenario.failed_links.insert(l);
      sim::DataPlane failed = sim::simulate(network_, scenario);
      std::string context = "with the earlier preferred path(s) down, ";
      CheckResult r = expectPath(intent_.paths[i], failed, scenario, context);
      if (!r.holds) return r;
    }
    return first;
  }

  std::set<model::Link> pathLinks(const NodePath& path) const {
    std::set<model::Link> links;
    for (size_t i = 0; i + 1 < path.size(); ++i)
      for (const auto& l : linksBetween(network_, path[i], path[i + 1])) links.insert(l);
    return links;
  }

  CheckResult multipath() {
    CheckResult result;
    const std::string& src = intent_.from.front();
    for (const auto& source : intent_.from) {
      for (auto a : intentAddresses(network_, dp_, intent_)) {
        sim::Trace t = sim::trace(network_, dp_, source, a, scenario_, intent_.vrf);
        std::set<std::vector<std::string>> arriving;
        for (const auto& p : t.paths)
          if (reachesDestination(p)) arriving.insert(nodesOf(p));
        if (arriving.size() >= intent_.min_paths) continue;
        if (!result.counterexample) {
          Counterexample c;
          c.source = source;
          c.address = a;
          c.paths = t.paths;
          c.reason = "only " + std::to_string(arriving.size()) + " forwarding path(s) from " +
                     source + " to " + a.str() + " arrive; expected at least " +
                     std::to_string(intent_.min_paths);
          addRoutesAlong(c, dp_, t.paths, a);
          c.location = t.paths.empty() ? deviceSpan(network_, src) : locate(t.paths.front(), a);
          result.holds = false;
          result.counterexample = std::move(c);
        }
        result.counterexample->failing_sources.push_back(source);
        break;
      }
    }
    return result;
  }

  CheckResult route() {
    const model::IpPrefix& p = *intent_.prefix;
    return p.address.isV4() ? routeOf(p.v4()) : routeOf(p);
  }

  // Prefix: model::Prefix (the IPv4 table) or model::IpPrefix (IPv6).
  template <class Prefix>
  CheckResult routeOf(const Prefix& p) {
    const auto* rib = tableFor(dp_, intent_.node, intent_.vrf, p);
    const auto* exact = rib ? rib->exact(p) : nullptr;
    std::string problem;
    if (intent_.present) {
      if (!exact) {
        problem = intent_.node + " has no route for " + p.str();
      } else if (!intent_.protocol.empty() && protocolFamily(exact->protocol) != intent_.protocol) {
        problem = intent_.node + "'s route for " + p.str() + " is " +
                  sim::protocolName(exact->protocol) + ", expected " + intent_.protocol;
      } else if (!intent_.next_hop_node.empty() &&
                 std::none_of(exact->next_hops.begin(), exact->next_hops.end(),
                              [&](const auto& nh) { return nh.node == intent_.next_hop_node; })) {
        std::string hops;
        for (const auto& nh : exact->next_hops)
          hops += (hops.empty() ? "" : ", ") + (nh.node.empty() ? std::string("(outside)") : nh.node);
        problem = intent_.node + "'s route for " + p.str() + " goes to " + hops + ", expected " +
                  intent_.next_hop_node;
      }
    } else if (exact && (intent_.protocol.empty() || protocolFamily(exact->protocol) == intent_.protocol)) {
      problem = intent_.node + " has a " + sim::protocolName(exact->protocol) + " route for " +
                p.str() + ", which must be absent";
    }
    if (problem.empty()) return {};
    Counterexample c;
    c.reason = problem;
    c.failed_links = scenario_.failed_links;
    if (exact) {
      addRoute(c, intent_.node, *exact);
      c.location = blameRouteChoice(network_, intent_.node, *exact, intent_.vrf);
    } else {
      if (rib)
        if (const auto* cover = rib->longestMatch(p.address)) addRoute(c, intent_.node, *cover);
      c.location = blameMissingRoute(network_, dp_, intent_.node, p.address, intent_.vrf);
    }
    return {false, std::move(c)};
  }

  const model::Network& network_;
  const sim::DataPlane& dp_;
  const Intent& intent_;
  const sim::SimulationOptions& scenario_;
};

// The prefixes in `prefixes` not contained in another one of them (Prefix: model::Prefix or
// model::IpPrefix).
template <class Prefix>
std::vector<Prefix> outermost(const std::set<Prefix>& prefixes) {
  std::vector<Prefix> out;
  for (const auto& p : prefixes) {  // sorted by address, then length: covers come first
    if (!out.empty() && out.back().contains(p)) continue;
    out.push_back(p);
  }
  return out;
}

// The outermost prefixes of the tables' routes (announcedOnly: of BGP and OSPF routes).
// Ribs: a data plane's IPv4 or IPv6 tables.
template <class Prefix, class Ribs>
std::vector<Prefix> routedPrefixes(const Ribs& ribs, bool announcedOnly) {
  std::set<Prefix> prefixes;
  for (const auto& [node, rib] : ribs)
    for (const auto& r : rib.routes()) {
      std::string family = protocolFamily(r.protocol);
      if (!announcedOnly || family == "bgp" || family == "ospf") prefixes.insert(r.prefix);
    }
  return outermost(prefixes);
}

}  // namespace

std::vector<model::IpAddress> intentAddresses(const model::Network& network,
                                              const sim::DataPlane& dataPlane, const Intent& intent) {
  std::vector<model::IpPrefix> destinations;
  if (intent.to) {
    destinations.push_back(*intent.to);
  } else if (intent.type == IntentType::Route) {
    destinations.push_back(*intent.prefix);
  } else {
    bool announcedOnly = intent.type == IntentType::BlackholeFree;
    for (const auto& p : routedPrefixes<model::Prefix>(dataPlane.ribs, announcedOnly))
      destinations.push_back(model::IpPrefix::fromV4(p));
    for (const auto& p : routedPrefixes<model::IpPrefix>(dataPlane.ipv6.ribs, announcedOnly)) destinations.push_back(p);
  }
  std::vector<model::IpAddress> out;
  for (const auto& d : destinations) {
    auto reps = representativeAddresses(network, dataPlane, d);
    out.insert(out.end(), reps.begin(), reps.end());
  }
  return out;
}

std::vector<sim::TraceOutcome> failingOutcomes(IntentType type) {
  using O = sim::TraceOutcome;
  switch (type) {
    case IntentType::Reachability: return {O::NoRoute, O::NullRoute, O::Loop, O::Filtered};
    case IntentType::Isolation: return {O::Delivered, O::Exited};
    case IntentType::LoopFree: return {O::Loop};
    default: return {};
  }
}

CheckResult checkIntent(const model::Network& network, const sim::DataPlane& dataPlane,
                        const Intent& intent, const sim::SimulationOptions& scenario) {
  CheckResult r = IntentChecker(network, dataPlane, intent, scenario).run();
  if (r.counterexample && r.counterexample->failed_links.empty())
    r.counterexample->failed_links = scenario.failed_links;
  return r;
}

}  // namespace routefix::verify
