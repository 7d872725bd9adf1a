// `routefix diagnose --format html` and `routefix repair --format html`: what fails and why,
// the lines to blame, and the minimal verified patch.
#include "html/failure_article.h"
#include "html/html_page.h"
#include "html/html_text.h"
#include "html/report_pages.h"

namespace routefix::html {

namespace {

std::string subject(std::string_view command, const SnapshotSource& source) {
  return "<h1>routefix " + std::string(command) + "</h1>\n<p class=\"subject\">" + escape(source.snapshot.string()) +
         "</p>\n";
}

size_t failing(const std::vector<repair::IntentOutcome>& outcomes) {
  size_t n = 0;
  for (const auto& o : outcomes) n += !o.holds;
  return n;
}

// The status of the search in one line: "repaired (verified: ...)".
std::string repairStatus(const repair::RepairResult& r) {
  using Status = repair::RepairResult::Status;
  bool ok = r.status != Status::NoRepair && !r.partial;
  std::string out = statusBadge(ok, repair::statusName(r.status) + (r.partial ? " (partial)" : "")) + " ";
  if (r.status == Status::Repaired)
    out += escape(std::to_string(r.changes.size()) + " change" + (r.changes.size() == 1 ? "" : "s") +
                  (r.verified ? ", verified: every intent re-checked on the patched snapshot" : ", not verified"));
  if (r.timed_out) out += escape(" (the search ran out of time)");
  return out;
}

std::string notes(const repair::RepairResult& r) {
  if (r.notes.empty()) return "";
  std::string out = "<ul class=\"notes\">";
  for (const auto& n : r.notes) out += "<li>" + escape(n) + "</li>";
  return out + "</ul>\n";
}

std::string outcomesTable(const verify::VerifyReport& before, const repair::RepairResult& r) {
  Table table{{"intent", "type", "before", "after the patch"}, {}, {}};
  for (size_t i = 0; i < r.before.size(); ++i) {
    const auto& b = r.before[i];
    bool linked = !b.holds && i < before.intents.size() && before.intents[i].counterexample;
    std::string name = linked ? "<a href=\"#" + intentAnchor(i) + "\">" + escape(b.name) + "</a>" : escape(b.name);
    std::string after = i < r.after.size() && !r.patches.empty()
                            ? statusBadge(r.after[i].holds, r.after[i].holds ? "pass" : "FAIL")
                            : "-";
    table.rows.push_back({name, escape(b.type), statusBadge(b.holds, b.holds ? "pass" : "FAIL"), after});
    table.row_classes.push_back(b.holds ? "" : "fail");
  }
  return table.render();
}

std::string patches(const repair::RepairResult& r) {
  std::string out;
  for (const auto& p : r.patches) out += "<h3>" + escape(p.file) + "</h3>\n" + unifiedDiff(p.diff);
  return out;
}

}  // namespace

std::string diagnoseHtml(const model::Network& network, const verify::VerifyReport& before,
                         const std::vector<repair::Finding>& findings, const repair::RepairResult& repair,
                         const SnapshotSource& source) {
  PageContext page(network, ConfigExcerpts(source.snapshot, source.access));
  size_t failed = failing(repair.before);
  bool ok = failed == 0;
  std::string summary = "<p>" + statusBadge(ok, ok ? "PASS" : "FAIL") + " " +
                        escape(std::to_string(failed) + " of " + std::to_string(repair.before.size()) +
                               " intents fail; " + std::to_string(findings.size()) + " finding" +
                               (findings.size() == 1 ? "" : "s") + ".") +
                        "</p>\n<p>Repair search: " + repairStatus(repair) + "</p>\n" + notes(repair);
  std::string body = subject("diagnose", source) + section("summary", "Summary", summary);
  std::string articles = page.failingIntents(before);
  if (!articles.empty()) body += section("failing", "Failing intents", articles);
  if (!findings.empty()) {
    Table table{{"intent", "node", "kind", "finding", "where"}, {}, {}};
    for (const auto& f : findings) {
      std::string finding = escape(f.reason);
      if (!f.change.empty()) finding += "<br><span class=\"note\">minimal change: " + escape(f.change) + "</span>";
      table.rows.push_back({escape(f.intent), escape(f.node), escape(f.kind), finding,
                            page.location({f.file, f.line, f.line})});
    }
    body += section("findings", "Findings", table.render());
  }
  if (!repair.patches.empty()) body += section("patch", "The minimal verified patch", patches(repair));
  return document("routefix diagnose: " + std::to_string(findings.size()) + " findings - " + source.snapshot.string(),
                  body);
}

std::string repairHtml(const model::Network& network, const verify::VerifyReport& before,
                       const repair::RepairResult& repair, const SnapshotSource& source) {
  PageContext page(network, ConfigExcerpts(source.snapshot, source.access));
  std::string summary = "<p>" + repairStatus(repair) + "</p>\n<p>" +
                        escape("Intents failing: " + std::to_string(failing(repair.before)) + " before, " +
                               (repair.patches.empty() ? std::string("-") : std::to_string(failing(repair.after))) +
                               " after the patch.") +
                        "</p>\n" + notes(repair);
  std::string body = subject("repair", source) + section("summary", "Summary", summary);
  if (!repair.before.empty()) body += section("intents", "Intents", outcomesTable(before, repair));
  std::string articles = page.failingIntents(before);
  if (!articles.empty()) body += section("failing", "Failing intents before the repair", articles);
  if (!repair.changes.empty()) {
    Table table{{"change", "where"}, {}, {}};
    for (const auto& c : repair.changes)
      table.rows.push_back({escape(c.summary), page.location({c.written.file, c.written.line, c.written.line})});
    body += section("changes", "Changes", table.render());
  }
  if (!repair.patches.empty()) body += section("patch", "Patch", patches(repair));
  return document("routefix repair: " + repair::statusName(repair.status) + " - " + source.snapshot.string(), body);
}

}  // namespace routefix::html
