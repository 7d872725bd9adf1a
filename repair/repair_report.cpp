#include "repair/repair_report.h"

#include <map>

#include "model/input_error.h"
#include "parser/parser.h"
#include "verify/intent_loader.h"
#include "verify/report_formats.h"

namespace routefix::repair {

RepairJob loadRepairJob(const std::filesystem::path& snapshot, const std::string& intentsFile,
                        const model::SnapshotAccess& access, bool allowNoIntents,
                        const sim::Deadline& deadline, const BeforeSimulating& beforeSimulating) {
  RepairJob job;
  job.network = parser::loadSnapshot(snapshot, access);
  if (!intentsFile.empty()) {
    job.intents = verify::loadIntents(intentsFile, job.network, allowNoIntents);
  } else if (auto file = verify::defaultIntentsFile(snapshot, access)) {
    job.intents = verify::loadIntents(*file, job.network, allowNoIntents);
  } else {
    throw model::InputError("no intents: pass --intents FILE or add intents.yaml to the snapshot",
                            snapshot.string());
  }
  if (beforeSimulating) beforeSimulating(job.network, job.intents);
  job.baseline = sim::simulate(job.network, {.deadline = deadline});
  verify::VerifyOptions check;
  check.deadline = deadline;
  job.before = verify::runVerify(job.network, job.baseline, job.intents, check);
  return job;
}

namespace {

nlohmann::json intentsJson(const std::vector<IntentOutcome>& outcomes) {
  nlohmann::json list = nlohmann::json::array();
  int passed = 0, failed = 0;
  for (const auto& o : outcomes) {
    list.push_back({{"name", o.name}, {"type", o.type}, {"status", o.holds ? "pass" : "fail"}});
    (o.holds ? passed : failed)++;
  }
  return {{"passed", passed}, {"failed", failed}, {"intents", list}};
}

nlohmann::json changeJson(const KnobEdit& e) {
  return {{"node", e.knob.node},
          {"kind", symsim::knobKindName(e.knob.kind)},
          {"file", e.knob.span.file},
          {"line", e.knob.span.first_line},
          {"from", e.knob.original},
          {"to", e.value},
          {"description", e.summary}};
}

}  // namespace

nlohmann::json repairJson(const RepairResult& r) {
  nlohmann::json patches = nlohmann::json::array();
  for (const auto& p : r.patches) patches.push_back({{"file", p.file}, {"diff", p.diff}});
  nlohmann::json changes = nlohmann::json::array();
  for (const auto& c : r.changes) changes.push_back(changeJson(c));
  return {{"status", statusName(r.status)},
          {"changes", r.changes.size()},
          {"change_list", changes},
          {"patches", patches},
          {"verified", r.verified},
          {"partial", r.partial},
          {"timed_out", r.timed_out},
          {"intents_before", intentsJson(r.before)},
          {"intents_after", intentsJson(r.after)},
          {"notes", r.notes},
          {"search", {{"rounds", r.rounds}, {"region_nodes", r.region_nodes}, {"knobs", r.knobs},
                      {"concrete_checks", r.concrete_checks}, {"symbolic_checks", r.symbolic_checks}}}};
}

std::string repairText(const RepairResult& r) {
  std::string out = "status: " + statusName(r.status);
  if (r.status != RepairResult::Status::AlreadySatisfied)
    out += r.verified ? " (verified: every intent re-checked on the patched snapshot)" : " (no verified patch)";
  out += "\n";
  auto count = [](const std::vector<IntentOutcome>& o) {
    int f = 0;
    for (const auto& i : o) f += !i.holds;
    return std::to_string(o.size() - f) + " pass, " + std::to_string(f) + " fail";
  };
  out += "intents before: " + count(r.before) + "\nintents after:  " + count(r.after) + "\n";
  if (!r.changes.empty()) {
    out += "\n" + std::to_string(r.changes.size()) + " change(s):\n";
    for (const auto& c : r.changes) out += "  - " + c.summary + "\n";
  }
  for (const auto& p : r.patches) out += "\n" + p.diff;
  if (!r.notes.empty()) {
    out += "\nnotes:\n";
    for (const auto& n : r.notes) out += "  - " + n + "\n";
  }
  return out;
}

namespace {

nlohmann::json findingJson(const Finding& f) {
  nlohmann::json j = {{"intent", f.intent}, {"node", f.node},     {"file", f.file},
                      {"line", f.line},     {"text", f.text},     {"reason", f.reason},
                      {"kind", f.kind}};
  if (!f.change.empty()) j["change"] = f.change;
  return j;
}

}  // namespace

nlohmann::json diagnoseJson(const std::vector<Finding>& findings, const RepairResult& r) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& f : findings) list.push_back(findingJson(f));
  nlohmann::json changes = nlohmann::json::array();
  for (const auto& c : r.changes) changes.push_back(changeJson(c));
  return {{"findings", list},
          {"minimal_change", {{"status", statusName(r.status)}, {"verified", r.verified},
                              {"changes", changes}}},
          {"intents", intentsJson(r.before)},
          {"notes", r.notes}};
}

std::string diagnoseText(const std::vector<Finding>& findings, const RepairResult& r) {
  if (findings.empty() && r.status == RepairResult::Status::AlreadySatisfied)
    return "every intent holds; nothing to diagnose\n";
  verify::TextTable table;
  table.header = {"intent", "where", "line", "why"};
  for (const auto& f : findings) {
    std::string why = f.reason;
    if (!f.change.empty()) why += "\nfix: " + f.change;
    table.rows.push_back({f.intent, f.file + ":" + std::to_string(f.line), f.text, why});
  }
  std::string out = table.render();
  for (const auto& n : r.notes) out += "note: " + n + "\n";
  return out;
}

nlohmann::json diagnoseSarif(const std::vector<Finding>& findings, const std::string& snapshot) {
  std::vector<verify::SarifRule> rules = {
      {"decision-point", "where the intended traffic was dropped or diverted"},
      {"minimal-change", "a line a minimal verified repair changes"}};
  std::vector<verify::SarifResult> results;
  for (const auto& f : findings) {
    verify::SarifResult s;
    s.rule_id = f.kind;
    s.level = f.kind == "minimal-change" ? "error" : "warning";
    s.message = f.intent + ": " + f.reason + (f.change.empty() ? "" : " (fix: " + f.change + ")");
    s.location = {f.file, f.line, f.line};
    s.properties = {{"intent", f.intent}, {"node", f.node}};
    results.push_back(s);
  }
  return verify::sarifLog("routefix 0.1", rules, results, snapshot);
}

std::string diagnoseJunit(const std::vector<Finding>& findings, const verify::VerifyReport& before) {
  std::vector<verify::JUnitCase> cases;
  for (const auto& i : before.intents) {
    verify::JUnitCase c;
    c.name = i.intent.name;
    c.classname = "routefix.diagnose";
    if (!i.holds) {
      c.failure_message = "intent " + i.intent.name + " fails";
      for (const auto& f : findings)
        if (f.intent == i.intent.name)
          c.failure_text += f.file + ":" + std::to_string(f.line) + ": " + f.text + " -- " + f.reason +
                            (f.change.empty() ? "" : " (fix: " + f.change + ")") + "\n";
    }
    cases.push_back(c);
  }
  return verify::junitXml("routefix diagnose", cases);
}

}  // namespace routefix::repair
