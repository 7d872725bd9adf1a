#include "anycast/report.h"

#include "anycast/snippets.h"

#include <cmath>

namespace routefix::anycast {

using nlohmann::json;

json prependsJson(const Deployment& d, const PrependVector& p) {
  json out = json::array();
  for (size_t s = 0; s < d.sessions.size(); ++s)
    out.push_back({{"pop", d.pops[d.sessions[s].pop]}, {"upstream", d.sessions[s].upstream}, {"prepend", p[s]}});
  return out;
}

namespace {
json popNames(const Deployment& d, const std::vector<size_t>& pops) {
  json names = json::array();
  for (size_t p : pops) names.push_back(d.pops[p]);
  return names;
}

std::vector<size_t> popsOf(const PropagationState& st, AsIndex v, const Deployment& d, TieBreak tie_break) {
  std::vector<size_t> sessions;
  if (!st.hasRoute(v)) return {};
  if (tie_break == TieBreak::KeepAll)
    sessions = st.tieSet(v);
  else
    sessions.push_back(static_cast<size_t>(st.session[v]));
  return outcomeFromSessions(std::move(sessions), d).pops;
}
}  // namespace

json catchmentJson(const Deployment& d, const std::vector<ClientGroup>& clients,
                   const std::vector<ClientOutcome>& outcomes) {
  json out = json::array();
  for (size_t c = 0; c < clients.size(); ++c) {
    json item = {{"asn", clients[c].asn}, {"pops", popNames(d, outcomes[c].pops)}, {"weight", clients[c].weight}};
    if (clients[c].target) item["target"] = d.pops[*clients[c].target];
    if (clients[c].pinned) item["pinned"] = true;
    out.push_back(std::move(item));
  }
  return out;
}

json catchmentShiftJson(const CatchmentShift& shift) {
  json pops = json::array();
  for (const auto& p : shift.pops)
    pops.push_back({{"pop", p.pop},
                    {"before", p.before},
                    {"after", p.after},
                    {"targeted", p.targeted},
                    {"at_target_before", p.at_target_before},
                    {"at_target_after", p.at_target_after}});
  return {{"pops", std::move(pops)}, {"no_route", {{"before", shift.no_route_before}, {"after", shift.no_route_after}}}};
}

json asCatchmentJson(const AsGraph& g, const Deployment& d, const PropagationState& st, TieBreak tie_break) {
  json out = json::array();
  for (AsIndex v = 0; v < g.size(); ++v)
    if (st.hasRoute(v)) out.push_back({{"asn", g.asn(v)}, {"pops", popNames(d, popsOf(st, v, d, tie_break))}});
  return out;
}

json popSummaryJson(const AsGraph& g, const Deployment& d, const PropagationState& st, TieBreak tie_break) {
  std::vector<size_t> count(d.pops.size(), 0);
  size_t unreachable = 0;
  for (AsIndex v = 0; v < g.size(); ++v) {
    auto pops = popsOf(st, v, d, tie_break);
    if (pops.empty() && g.asn(v) != d.origin) ++unreachable;
    for (size_t p : pops) ++count[p];
  }
  json pops = json::array();
  for (size_t p = 0; p < d.pops.size(); ++p) pops.push_back({{"name", d.pops[p]}, {"ases", count[p]}});
  return {{"pops", pops}, {"unreachable_ases", unreachable}};
}

json snippetsJson(const Deployment& d, const PrependVector& p) {
  json out = json::object();
  for (const auto& [pop, s] : configSnippets(d, p)) out[pop] = {{"frr", s.frr}, {"ios", s.ios}, {"junos", s.junos}};
  return out;
}

json optimizeJson(const Deployment& d, const std::vector<ClientGroup>& clients, const OptimizeOptions& options,
                  const OptimizeResult& r) {
  json doc = {
      {"status", statusName(r.status)},
      {"prepends", prependsJson(d, r.prepends)},
      {"catchment", catchmentJson(d, clients, r.after)},
      {"pop_shift", catchmentShiftJson(catchmentShift(d, clients, r.before, r.after))},
      {"objective",
       {{"name", objectiveName(options.objective)}, {"before", r.objective_before}, {"after", r.objective_after}}},
      {"snippets", snippetsJson(d, r.prepends)},
      {"tie_break", tieBreakName(options.tie_break)},
      {"search",
       {{"polls", r.polls},
        {"refinements", r.refinements},
        {"sensitive_client_ases", r.sensitive_clients},
        {"constraint_groups", r.constraint_groups},
        {"prediction_matches_simulation", r.prediction_matches}}},
  };
  if (r.objective_bound) doc["objective"]["bound"] = *r.objective_bound;
  if (r.objective_bound) doc["objective"]["gap"] = r.gap ? json(*r.gap) : json(nullptr);
  doc["solver"] = solverName(options.solver);
  json runs = json::array();
  for (const SolverRun& run : r.solvers) {
    json entry = {{"name", run.name}, {"status", run.status}, {"seconds", std::round(run.seconds * 1000) / 1000}};
    entry["incumbent"] = run.incumbent ? json(*run.incumbent) : json(nullptr);
    entry["bound"] = run.bound ? json(*run.bound) : json(nullptr);
    runs.push_back(std::move(entry));
  }
  doc["search"]["solvers"] = runs;
  doc["search"]["proved_by"] = r.proved_by.empty() ? json(nullptr) : json(r.proved_by);
  if (!r.message.empty()) doc["message"] = r.message;
  return doc;
}

}  // namespace routefix::anycast
