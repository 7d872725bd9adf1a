#include "verify/verify_report.h"

#include "verify/report_formats.h"

namespace routefix::verify {

namespace {

std::string arrow(const sim::TracePath& p) {
  std::string s;
  for (const auto& h : p.hops) s += (s.empty() ? "" : " -> ") + h.node;
  return s;
}

std::string where(const model::SourceSpan& s) {
  if (s.file.empty()) return "";
  return s.file + (s.first_line > 0 ? ":" + std::to_string(s.first_line) : "");
}

std::string statusName(bool holds) { return holds ? "pass" : "fail"; }

}  // namespace

nlohmann::json linkJson(const model::Link& l) {
  return {{"a", l.a}, {"a_interface", l.a_interface}, {"b", l.b}, {"b_interface", l.b_interface}};
}

nlohmann::json tracePathJson(const sim::TracePath& p) {
  nlohmann::json hops = nlohmann::json::array();
  for (const auto& h : p.hops) hops.push_back({{"node", h.node}, {"interface", h.interface}});
  return {{"hops", hops}, {"outcome", sim::outcomeName(p.outcome)}, {"at", p.at}};
}

namespace {

// Route: sim::Route or sim::Ipv6Route, whose fields read alike.
template <class Route>
nlohmann::json anyRouteJson(const Route& r) {
  nlohmann::json nhs = nlohmann::json::array();
  for (const auto& nh : r.next_hops) {
    nlohmann::json j = {{"interface", nh.interface}, {"node", nh.node}};
    j["ip"] = nh.ip ? nlohmann::json(nh.ip->str()) : nlohmann::json(nullptr);
    if (nh.discard) j["discard"] = true;
    nhs.push_back(j);
  }
  nlohmann::json j = {{"prefix", r.prefix.str()},           {"protocol", sim::protocolName(r.protocol)},
                      {"next_hops", nhs},                   {"admin_distance", r.admin_distance},
                      {"metric", r.metric}};
  if (!r.as_path.empty() || r.local_pref) {
    j["as_path"] = r.as_path;
    if (r.local_pref) j["local_pref"] = *r.local_pref;
    nlohmann::json comms = nlohmann::json::array();
    for (auto c : r.communities) comms.push_back(model::communityStr(c));
    j["communities"] = comms;
  }
  if (!r.received_from->empty()) j["received_from"] = *r.received_from;
  return j;
}

// One line of text per route.
template <class Route>
std::string routeLine(const std::string& node, const Route& r) {
  std::string s = "\nroute at " + node + ": " + r.prefix.str() + " " + sim::protocolName(r.protocol);
  for (const auto& nh : r.next_hops)
    s += nh.discard ? " via discard" : " via " + (nh.node.empty() ? (nh.ip ? nh.ip->str() : nh.interface) : nh.node);
  if (r.local_pref) s += " local-pref " + std::to_string(*r.local_pref);
  return s;
}

}  // namespace

nlohmann::json routeJson(const sim::Route& r) { return anyRouteJson(r); }
nlohmann::json routeJson(const sim::Ipv6Route& r) { return anyRouteJson(r); }

nlohmann::json counterexampleJson(const Counterexample& c) {
  nlohmann::json j = {{"reason", c.reason}};
  if (!c.source.empty()) j["source"] = c.source;
  if (c.address) j["address"] = c.address->str();
  if (!c.paths.empty()) {
    j["paths"] = nlohmann::json::array();
    for (const auto& p : c.paths) j["paths"].push_back(tracePathJson(p));
  }
  j["routes"] = nlohmann::json::array();
  for (const auto& r : c.routes) {
    auto rj = routeJson(r.route);
    rj["node"] = r.node;
    j["routes"].push_back(rj);
  }
  for (const auto& r : c.ipv6_routes) {
    auto rj = routeJson(r.route);
    rj["node"] = r.node;
    j["routes"].push_back(rj);
  }
  j["failed_links"] = nlohmann::json::array();
  for (const auto& l : c.failed_links) j["failed_links"].push_back(linkJson(l));
  if (!c.failing_sources.empty()) j["failing_sources"] = c.failing_sources;
  if (!c.location.file.empty())
    j["location"] = {{"file", c.location.file}, {"line", c.location.first_line}};
  return j;
}

std::string counterexampleText(const Counterexample& c) {
  std::string s = c.reason;
  if (!c.failed_links.empty()) {
    s += "\nwith link(s) down:";
    for (const auto& l : c.failed_links) s += " " + l.a + "[" + l.a_interface + "]--" + l.b + "[" + l.b_interface + "]";
  }
  for (const auto& p : c.paths)
    s += "\npath: " + arrow(p) + "  (" + sim::outcomeName(p.outcome) + (p.at.empty() ? "" : " at " + p.at) + ")";
  for (const auto& r : c.routes) s += routeLine(r.node, r.route);
  for (const auto& r : c.ipv6_routes) s += routeLine(r.node, r.route);
  if (c.failing_sources.size() > 1) {
    s += "\nfailing sources:";
    for (const auto& f : c.failing_sources) s += " " + f;
  }
  if (!c.location.file.empty()) s += "\nsee " + where(c.location);
  return s;
}

nlohmann::json verifyJson(const VerifyReport& report) {
  nlohmann::json intents = nlohmann::json::array();
  int passed = 0, failed = 0;
  for (const auto& r : report.intents) {
    (r.holds ? passed : failed)++;
    nlohmann::json j = {{"name", r.intent.name},
                        {"type", intentTypeName(r.intent.type)},
                        {"status", statusName(r.holds)},
                        {"failures_budget", r.failures},
                        {"scenarios_checked", r.scenarios_checked},
                        {"failures", nlohmann::json::array()}};
    if (r.counterexample) {
      j["counterexample"] = counterexampleJson(*r.counterexample);
      for (const auto& l : r.counterexample->failed_links) j["failures"].push_back(linkJson(l));
    }
    if (!r.intent.file.empty()) j["defined_at"] = {{"file", r.intent.file}, {"line", r.intent.line}};
    intents.push_back(j);
  }
  nlohmann::json out = {{"intents", intents},
                        {"summary", {{"passed", passed}, {"failed", failed}}},
                        {"scenarios",
                         {{"simulated", report.scenarios.simulated},
                          {"possible", report.scenarios.possible},
                          {"pruned", report.scenarios.possible - std::min(report.scenarios.possible,
                                                                          report.scenarios.simulated)}}},
                        {"converged", report.converged}};
  if (report.hygiene_run) {
    out["hygiene"] = nlohmann::json::array();
    for (const auto& f : report.hygiene) {
      nlohmann::json j = {{"rule", f.rule}, {"node", f.node}, {"message", f.message}};
      if (!f.location.file.empty()) {
        j["file"] = f.location.file;
        j["line"] = f.location.first_line;
      }
      if (f.counterexample) j["counterexample"] = counterexampleJson(*f.counterexample);
      out["hygiene"].push_back(j);
    }
    out["summary"]["hygiene_findings"] = report.hygiene.size();
  }
  if (!report.simulation_warnings.empty()) out["simulation_warnings"] = report.simulation_warnings;
  return out;
}

std::string verifyText(const VerifyReport& report) {
  std::string out;
  int failed = 0;
  if (!report.intents.empty()) {
    TextTable table{{"INTENT", "TYPE", "STATUS", "DETAILS"}, {}};
    for (const auto& r : report.intents) {
      std::string details;
      if (r.counterexample) details = counterexampleText(*r.counterexample);
      else if (r.failures > 0)
        details = "holds under every " + std::to_string(r.failures) + "-link failure (" +
                  std::to_string(r.scenarios_checked) + " scenario(s) checked)";
      if (!r.holds) ++failed;
      table.rows.push_back({r.intent.name, intentTypeName(r.intent.type), r.holds ? "pass" : "FAIL", details});
    }
    out += table.render();
  }
  if (report.hygiene_run) {
    if (!out.empty()) out += "\n";
    if (report.hygiene.empty()) {
      out += "hygiene: no findings\n";
    } else {
      TextTable table{{"CHECK", "NODE", "WHERE", "FINDING"}, {}};
      for (const auto& f : report.hygiene) table.rows.push_back({f.rule, f.node, where(f.location), f.message});
      out += table.render();
    }
  }
  out += "\n" + std::to_string(report.intents.size() - failed) + " passed, " + std::to_string(failed) +
         " failed";
  if (report.hygiene_run) out += ", " + std::to_string(report.hygiene.size()) + " hygiene finding(s)";
  if (report.scenarios.simulated > 0)
    out += "; " + std::to_string(report.scenarios.simulated) + " failure scenario(s) simulated of " +
           std::to_string(report.scenarios.possible) + " possible";
  out += "\n";
  if (!report.converged) out += "warning: the simulation did not converge\n";
  return out;
}

namespace {

std::vector<SarifRule> verifyRules() {
  std::vector<SarifRule> rules;
  for (const char* t : {"reachability", "isolation", "waypoint", "path", "preference", "multipath",
                        "route", "loop-free", "blackhole-free"})
    rules.push_back({std::string("intent/") + t, std::string("a ") + t + " intent is violated"});
  for (const auto& h : hygieneRules()) rules.push_back({std::string("hygiene/") + h.id, h.description});
  return rules;
}

// Each violated intent and hygiene finding, for SARIF and Code Quality alike.
std::vector<SarifResult> verifyResults(const VerifyReport& report) {
  std::vector<SarifResult> results;
  for (const auto& r : report.intents) {
    if (r.holds) continue;
    SarifResult res;
    res.rule_id = "intent/" + intentTypeName(r.intent.type);
    res.message = "intent '" + r.intent.name + "' violated: " + r.counterexample->reason;
    res.location = r.counterexample->location;
    model::SourceSpan definedAt{r.intent.file, r.intent.line, r.intent.line};
    // Without a config line, the intent itself is the place to look.
    if (res.location.file.empty()) res.location = definedAt;
    else if (!r.intent.file.empty()) res.related.push_back(definedAt);
    res.properties = {{"intent", r.intent.name}, {"counterexample", counterexampleJson(*r.counterexample)}};
    res.identity = r.intent.name;
    results.push_back(std::move(res));
  }
  for (const auto& f : report.hygiene) {
    SarifResult res;
    res.rule_id = "hygiene/" + f.rule;
    res.message = f.message;
    res.location = f.location;
    res.properties = {{"node", f.node}};
    res.identity = f.node + "\n" + f.message;
    results.push_back(std::move(res));
  }
  return results;
}

}  // namespace

nlohmann::json verifySarif(const VerifyReport& report, const std::string& snapshot) {
  return sarifLog("0.1", verifyRules(), verifyResults(report), snapshot);
}

nlohmann::json verifyCodeQuality(const VerifyReport& report, const std::string& snapshot) {
  return codeQualityJson(verifyResults(report), snapshot);
}

std::string verifyJunit(const VerifyReport& report) {
  std::vector<JUnitCase> cases;
  for (const auto& r : report.intents) {
    JUnitCase c{r.intent.name, "routefix.intent." + intentTypeName(r.intent.type), std::nullopt, ""};
    if (!r.holds) {
      c.failure_message = r.counterexample->reason;
      c.failure_text = counterexampleText(*r.counterexample);
    }
    cases.push_back(std::move(c));
  }
  if (report.hygiene_run) {
    for (const auto& h : hygieneRules()) {
      JUnitCase c{h.id, "routefix.hygiene", std::nullopt, ""};
      for (const auto& f : report.hygiene) {
        if (f.rule != h.id) continue;
        if (!c.failure_message) c.failure_message = f.message;
        c.failure_text += f.message + (f.location.file.empty() ? "" : " (" + where(f.location) + ")") + "\n";
      }
      cases.push_back(std::move(c));
    }
  }
  return junitXml("routefix verify", cases);
}

}  // namespace routefix::verify
