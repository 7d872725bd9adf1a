#include "verify/diff.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "verify/forwarding.h"
#include "verify/report_formats.h"
#include "verify/verify_report.h"

namespace routefix::verify {

namespace {

template <class Route>
bool sameRoute(const Route& a, const Route& b) {
  return a.protocol == b.protocol && a.next_hops == b.next_hops && a.admin_distance == b.admin_distance &&
         a.metric == b.metric && a.as_path == b.as_path && a.local_pref == b.local_pref &&
         a.communities == b.communities && a.weight == b.weight && a.origin == b.origin;
}

std::set<std::string> nodeNames(const model::Network& n) {
  std::set<std::string> s;
  for (const auto& d : n.devices) s.insert(d.name);
  return s;
}

// The changes between one node's two tables of a family (Rib: NodeRib or Ipv6Rib).
template <class Change, class Rib>
void addRouteChanges(const std::string& node, const Rib* o, const Rib* n, std::vector<Change>& out) {
  using Route = typename decltype(Change::before)::value_type;
  std::map<decltype(Change::prefix), const Route*> before, after;
  if (o)
    for (const auto& r : o->routes()) before[r.prefix] = &r;
  if (n)
    for (const auto& r : n->routes()) after[r.prefix] = &r;
  for (const auto& [p, r] : before) {
    auto it = after.find(p);
    if (it == after.end()) out.push_back({node, p, "removed", *r, std::nullopt});
    else if (!sameRoute(*r, *it->second)) out.push_back({node, p, "changed", *r, *it->second});
  }
  for (const auto& [p, r] : after)
    if (!before.count(p)) out.push_back({node, p, "added", std::nullopt, *r});
}

// Whether every representative address is delivered from `source`; else the failing trace.
std::optional<Counterexample> unreachable(const model::Network& net, const sim::DataPlane& dp,
                                          const std::string& source, const std::vector<model::IpAddress>& addresses) {
  for (auto a : addresses) {
    sim::Trace t = sim::trace(net, dp, source, a);
    for (const auto& p : t.paths) {
      if (reachesDestination(p)) continue;
      Counterexample c;
      c.source = source;
      c.address = a;
      c.paths = t.paths;
      c.reason = "traffic from " + source + " to " + a.str() + " ends " + sim::outcomeName(p.outcome) +
                 " at " + p.at;
      return c;
    }
    if (t.paths.empty()) {
      Counterexample c;
      c.source = source;
      c.address = a;
      c.reason = "no forwarding path from " + source + " to " + a.str();
      return c;
    }
  }
  return std::nullopt;
}

std::string statusOf(const VerifyReport* report, const std::string& name) {
  if (!report) return "absent";
  for (const auto& r : report->intents)
    if (r.intent.name == name) return r.holds ? "pass" : "fail";
  return "absent";
}

}  // namespace

bool DiffReport::regressed() const {
  for (const auto& i : intents)
    if (i.before == "pass" && i.after == "fail") return true;
  return false;
}

DiffReport diffSnapshots(const model::Network& oldNet, const sim::DataPlane& oldDp,
                         const model::Network& newNet, const sim::DataPlane& newDp,
                         const VerifyReport* oldVerify, const VerifyReport* newVerify) {
  DiffReport diff;
  auto oldNodes = nodeNames(oldNet), newNodes = nodeNames(newNet);
  for (const auto& n : newNodes)
    if (!oldNodes.count(n)) diff.nodes_added.push_back(n);
  for (const auto& n : oldNodes)
    if (!newNodes.count(n)) diff.nodes_removed.push_back(n);

  std::set<std::string> all = oldNodes;
  all.insert(newNodes.begin(), newNodes.end());
  for (const auto& node : all) {
    addRouteChanges(node, oldDp.table(node), newDp.table(node), diff.routes);
    addRouteChanges(node, oldDp.ipv6Table(node), newDp.ipv6Table(node), diff.ipv6_routes);
  }
  // Deterministic order: by node, then prefix.
  auto byNodeAndPrefix = [](const auto& a, const auto& b) { return std::tie(a.node, a.prefix) < std::tie(b.node, b.prefix); };
  std::stable_sort(diff.routes.begin(), diff.routes.end(), byNodeAndPrefix);
  std::stable_sort(diff.ipv6_routes.begin(), diff.ipv6_routes.end(), byNodeAndPrefix);

  std::set<model::IpPrefix> destinations;
  for (const auto* dp : {&oldDp, &newDp}) {
    for (const auto& p : trafficDestinations(*dp)) destinations.insert(model::IpPrefix::fromV4(p));
    destinations.merge(ipv6TrafficDestinations(*dp));
  }
  for (const auto& d : destinations) {
    auto oldReps = representativeAddresses(oldNet, oldDp, d);
    auto newReps = representativeAddresses(newNet, newDp, d);
    std::set<model::IpAddress> reps(oldReps.begin(), oldReps.end());
    reps.insert(newReps.begin(), newReps.end());
    std::vector<model::IpAddress> addresses(reps.begin(), reps.end());
    for (const auto& source : all) {
      if (!oldNodes.count(source) || !newNodes.count(source)) continue;
      bool before = !unreachable(oldNet, oldDp, source, addresses);
      auto lost = unreachable(newNet, newDp, source, addresses);
      bool after = !lost;
      if (before == after) continue;
      diff.reachability.push_back({source, d, after, after ? std::nullopt : lost});
    }
  }

  std::set<std::string> names;
  std::map<std::string, std::string> types;
  for (const auto* rep : {oldVerify, newVerify})
    if (rep)
      for (const auto& r : rep->intents) {
        names.insert(r.intent.name);
        types[r.intent.name] = intentTypeName(r.intent.type);
      }
  for (const auto& name : names) {
    IntentChange c{name, types[name], statusOf(oldVerify, name), statusOf(newVerify, name), std::nullopt, {}};
    if (newVerify)
      for (const auto& r : newVerify->intents)
        if (r.intent.name == name && !r.holds) {
          c.counterexample = r.counterexample;
          c.through = r.intent.through;
        }
    diff.intents.push_back(std::move(c));
  }
  return diff;
}

nlohmann::json diffJson(const DiffReport& diff) {
  nlohmann::json routes = nlohmann::json::array();
  auto addChange = [&](const auto& r) {
    nlohmann::json j = {{"node", r.node}, {"prefix", r.prefix.str()}, {"change", r.kind}};
    if (r.before) j["before"] = routeJson(*r.before);
    if (r.after) j["after"] = routeJson(*r.after);
    routes.push_back(j);
  };
  for (const auto& r : diff.routes) addChange(r);
  for (const auto& r : diff.ipv6_routes) addChange(r);
  nlohmann::json reach = nlohmann::json::array();
  for (const auto& r : diff.reachability) {
    nlohmann::json j = {{"source", r.source},
                        {"destination", r.destination.str()},
                        {"change", r.reachable_after ? "gained" : "lost"}};
    if (r.why) j["counterexample"] = counterexampleJson(*r.why);
    reach.push_back(j);
  }
  nlohmann::json intents = nlohmann::json::array();
  int changed = 0;
  for (const auto& i : diff.intents) {
    nlohmann::json j = {{"name", i.name}, {"type", i.type}, {"before", i.before}, {"after", i.after},
                        {"changed", i.before != i.after}};
    changed += i.before != i.after;
    if (i.counterexample) j["counterexample"] = counterexampleJson(*i.counterexample);
    intents.push_back(j);
  }
  size_t lost = 0;
  for (const auto& r : diff.reachability) lost += !r.reachable_after;
  return {{"routes", routes},
          {"reachability", reach},
          {"intents", intents},
          {"nodes_added", diff.nodes_added},
          {"nodes_removed", diff.nodes_removed},
          {"summary",
           {{"routes_changed", diff.routes.size() + diff.ipv6_routes.size()},
            {"reachability_lost", lost},
            {"reachability_gained", diff.reachability.size() - lost},
            {"intents_changed", changed},
            {"regressed", diff.regressed()}}}};
}

namespace {

template <class Route>
std::string summaryOf(const Route& r) {
  std::string s = sim::protocolName(r.protocol);
  for (const auto& nh : r.next_hops)
    s += nh.discard ? " discard" : " via " + (nh.node.empty() ? (nh.ip ? nh.ip->str() : nh.interface) : nh.node);
  if (r.local_pref) s += " lp " + std::to_string(*r.local_pref);
  if (!r.as_path.empty()) {
    s += " as-path";
    for (auto a : r.as_path) s += " " + std::to_string(a);
  }
  return s;
}

}  // namespace

std::string routeSummary(const sim::Route& r) { return summaryOf(r); }
std::string routeSummary(const sim::Ipv6Route& r) { return summaryOf(r); }

std::string diffText(const DiffReport& diff) {
  std::string out;
  auto routeText = [](const auto& r) { return r ? routeSummary(*r) : std::string("-"); };
  if (!diff.intents.empty()) {
    TextTable t{{"INTENT", "TYPE", "BEFORE", "AFTER"}, {}};
    for (const auto& i : diff.intents)
      t.rows.push_back({i.name, i.type, i.before, i.after + (i.before != i.after ? "  <- changed" : "")});
    out += t.render() + "\n";
  }
  if (diff.reachability.empty()) {
    out += "reachability: unchanged\n";
  } else {
    TextTable t{{"SOURCE", "DESTINATION", "CHANGE", "WHY"}, {}};
    for (const auto& r : diff.reachability)
      t.rows.push_back({r.source, r.destination.str(), r.reachable_after ? "gained" : "LOST", r.why ? r.why->reason : ""});
    out += t.render();
  }
  out += "\n";
  if (diff.routes.empty() && diff.ipv6_routes.empty()) {
    out += "routes: unchanged\n";
  } else {
    TextTable t{{"NODE", "PREFIX", "CHANGE", "BEFORE", "AFTER"}, {}};
    for (const auto& r : diff.routes)
      t.rows.push_back({r.node, r.prefix.str(), r.kind, routeText(r.before), routeText(r.after)});
    for (const auto& r : diff.ipv6_routes)
      t.rows.push_back({r.node, r.prefix.str(), r.kind, routeText(r.before), routeText(r.after)});
    out += t.render();
  }
  for (const auto& n : diff.nodes_added) out += "node added: " + n + "\n";
  for (const auto& n : diff.nodes_removed) out += "node removed: " + n + "\n";
  return out;
}

namespace {

const std::vector<SarifRule> kDiffRules = {
    {"diff/intent-regressed", "an intent that held before the change fails after it"},
    {"diff/reachability-lost", "a source can no longer reach a destination"}};

// What the change broke, for SARIF and Code Quality alike.
std::vector<SarifResult> diffResults(const DiffReport& diff) {
  const auto& rules = kDiffRules;
  std::vector<SarifResult> results;
  for (const auto& i : diff.intents) {
    if (!(i.before == "pass" && i.after == "fail")) continue;
    SarifResult r;
    r.rule_id = rules[0].id;
    r.message = "intent '" + i.name + "' held before and fails now" +
                (i.counterexample ? ": " + i.counterexample->reason : "");
    if (i.counterexample) r.location = i.counterexample->location;
    r.properties = {{"intent", i.name}};
    r.identity = i.name;
    results.push_back(std::move(r));
  }
  for (const auto& c : diff.reachability) {
    if (c.reachable_after) continue;
    SarifResult r;
    r.rule_id = rules[1].id;
    r.level = "warning";
    r.message = c.source + " no longer reaches " + c.destination.str() + (c.why ? ": " + c.why->reason : "");
    r.properties = {{"source", c.source}, {"destination", c.destination.str()}};
    r.identity = c.source + " " + c.destination.str();
    results.push_back(std::move(r));
  }
  return results;
}

}  // namespace

nlohmann::json diffSarif(const DiffReport& diff, const std::string& newSnapshot) {
  return sarifLog("0.1", kDiffRules, diffResults(diff), newSnapshot);
}

nlohmann::json diffCodeQuality(const DiffReport& diff, const std::string& newSnapshot) {
  return codeQualityJson(diffResults(diff), newSnapshot);
}

std::string diffJunit(const DiffReport& diff) {
  std::vector<JUnitCase> cases;
  for (const auto& i : diff.intents) {
    JUnitCase c{i.name, "routefix.diff.intent." + i.type, std::nullopt, ""};
    if (i.after == "fail") {
      c.failure_message = std::string(i.before == "pass" ? "newly failing" : "failing before and after") +
                          (i.counterexample ? ": " + i.counterexample->reason : "");
      if (i.counterexample) c.failure_text = counterexampleText(*i.counterexample);
    }
    cases.push_back(std::move(c));
  }
  return junitXml("routefix diff", cases);
}

}  // namespace routefix::verify
