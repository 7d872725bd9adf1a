// `routefix verify --format html`.
#include "html/failure_article.h"
#include "html/html_page.h"
#include "html/html_text.h"
#include "html/report_pages.h"

namespace routefix::html {

namespace {

std::string summary(const verify::VerifyReport& report) {
  size_t failed = 0;
  for (const auto& r : report.intents) failed += r.holds ? 0 : 1;
  bool ok = report.allHold();
  std::string out = "<p>" + statusBadge(ok, ok ? "PASS" : "FAIL") + " ";
  if (!report.intents.empty())
    out += escape(std::to_string(report.intents.size() - failed) + " of " + std::to_string(report.intents.size()) +
                  " intents hold");
  if (report.hygiene_run)
    out += escape((report.intents.empty() ? "" : "; ") + std::to_string(report.hygiene.size()) + " hygiene finding" +
                  (report.hygiene.size() == 1 ? "" : "s"));
  out += ".</p>\n";
  if (report.scenarios.simulated > 0)
    out += "<p class=\"note\">" + escape(std::to_string(report.scenarios.simulated) + " failure scenarios simulated") +
           "</p>\n";
  if (!report.converged) out += "<p>" + statusBadge(false, "not converged") + " BGP did not settle; see the warnings.</p>\n";
  if (!report.simulation_warnings.empty()) {
    out += "<ul class=\"warnings\">";
    for (const auto& w : report.simulation_warnings) out += "<li>" + escape(w) + "</li>";
    out += "</ul>\n";
  }
  return out;
}

std::string intentsTable(const verify::VerifyReport& report) {
  Table table{{"intent", "type", "status", "details"}, {}, {}};
  for (size_t i = 0; i < report.intents.size(); ++i) {
    const auto& r = report.intents[i];
    std::string name = r.holds ? escape(r.intent.name)
                               : "<a href=\"#" + intentAnchor(i) + "\">" + escape(r.intent.name) + "</a>";
    std::string details;
    if (r.counterexample) details = escape(r.counterexample->reason);
    else if (r.failures > 0)
      details = escape("holds under every " + std::to_string(r.failures) + "-link failure (" +
                       std::to_string(r.scenarios_checked) + " scenarios checked)");
    table.rows.push_back({name, escape(verify::intentTypeName(r.intent.type)),
                          statusBadge(r.holds, r.holds ? "pass" : "FAIL"), details});
    table.row_classes.push_back(r.holds ? "" : "fail");
  }
  return table.render();
}

std::string hygieneTable(PageContext& page, const verify::VerifyReport& report) {
  if (report.hygiene.empty()) return "<p>No findings.</p>\n";
  Table table{{"check", "node", "finding", "where"}, {}, {}};
  for (const auto& f : report.hygiene) {
    std::string finding = escape(f.message);
    if (f.counterexample) finding += pathsMarkup(f.counterexample->paths);
    table.rows.push_back({escape(f.rule), escape(f.node), finding, page.location(f.location)});
  }
  return table.render();
}

}  // namespace

std::string verifyHtml(const model::Network& network, const verify::VerifyReport& report, const SnapshotSource& source) {
  PageContext page(network, ConfigExcerpts(source.snapshot, source.access));
  std::string body = "<h1>routefix verify</h1>\n<p class=\"subject\">" + escape(source.snapshot.string()) + "</p>\n";
  body += section("summary", "Summary", summary(report));
  if (!report.intents.empty()) body += section("intents", "Intents", intentsTable(report));
  std::string failing = page.failingIntents(report);
  if (!failing.empty()) body += section("failing", "Failing intents", failing);
  if (report.hygiene_run) body += section("hygiene", "Hygiene findings", hygieneTable(page, report));
  size_t failed = 0;
  for (const auto& r : report.intents) failed += r.holds ? 0 : 1;
  std::string title = "routefix verify: " + (report.allHold() ? std::string("pass")
                                                               : std::to_string(failed) + " failing") +
                      " - " + source.snapshot.string();
  return document(title, body);
}

}  // namespace routefix::html
