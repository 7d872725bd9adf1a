// `routefix diff --format html`: what a change breaks, drawn on the NEW network.
#include "html/failure_article.h"
#include "html/html_page.h"
#include "html/html_text.h"
#include "html/report_pages.h"

namespace routefix::html {

namespace {

// A page of a change to a large network can list hundreds of thousands of route changes;
// past this many rows a table says how many it left out (`--format json` has them all).
constexpr size_t kMaxRows = 1000;

std::string leftOut(size_t total) {
  if (total <= kMaxRows) return "";
  return "<p class=\"note\">" + std::to_string(total - kMaxRows) +
         " more not shown (routefix diff --format json lists them all).</p>\n";
}

std::string summary(const verify::DiffReport& diff) {
  size_t broke = 0, fixed = 0, lost = 0, gained = 0;
  for (const auto& i : diff.intents) {
    broke += i.before == "pass" && i.after == "fail";
    fixed += i.before == "fail" && i.after == "pass";
  }
  for (const auto& r : diff.reachability) (r.reachable_after ? gained : lost)++;
  bool ok = !diff.regressed();
  std::string out = "<p>" + statusBadge(ok, ok ? "PASS" : "FAIL") + " ";
  out += escape(std::to_string(broke) + " intent" + (broke == 1 ? "" : "s") + " broken by the change, " +
                std::to_string(fixed) + " fixed; reachability: " + std::to_string(lost) + " pair" +
                (lost == 1 ? "" : "s") + " lost, " + std::to_string(gained) + " gained; " +
                std::to_string(diff.routes.size()) + " route change" + (diff.routes.size() == 1 ? "" : "s") + ".");
  out += "</p>\n";
  for (const auto& n : diff.nodes_added) out += "<p>Node added: " + escape(n) + "</p>\n";
  for (const auto& n : diff.nodes_removed) out += "<p>Node removed: " + escape(n) + "</p>\n";
  return out;
}

std::string intentsTable(const verify::DiffReport& diff) {
  Table table{{"intent", "type", "before", "after"}, {}, {}};
  for (size_t i = 0; i < diff.intents.size(); ++i) {
    const auto& c = diff.intents[i];
    bool fails = c.after == "fail";
    std::string name = fails && c.counterexample
                           ? "<a href=\"#" + intentAnchor(i) + "\">" + escape(c.name) + "</a>"
                           : escape(c.name);
    std::string after = c.after == "pass" || c.after == "fail" ? statusBadge(!fails, c.after) : escape(c.after);
    table.rows.push_back({name, escape(c.type), escape(c.before), after});
    table.row_classes.push_back(c.before != c.after && fails ? "fail" : "");
  }
  return table.render();
}

std::string reachabilityTable(PageContext& page, const verify::DiffReport& diff) {
  Table table{{"source", "destination", "change", "why"}, {}, {}};
  for (size_t i = 0; i < diff.reachability.size() && i < kMaxRows; ++i) {
    const auto& r = diff.reachability[i];
    std::string why;
    if (r.why) why = escape(r.why->reason) + pathsMarkup(r.why->paths) + page.location(r.why->location);
    table.rows.push_back({escape(r.source), escape(r.destination.str()),
                          statusBadge(r.reachable_after, r.reachable_after ? "gained" : "LOST"), why});
    table.row_classes.push_back(r.reachable_after ? "" : "fail");
  }
  return table.render() + leftOut(diff.reachability.size());
}

std::string routesTable(const verify::DiffReport& diff) {
  auto route = [](const std::optional<sim::Route>& r) { return r ? escape(verify::routeSummary(*r)) : "-"; };
  Table table{{"node", "prefix", "change", "before", "after"}, {}, {}};
  for (size_t i = 0; i < diff.routes.size() && i < kMaxRows; ++i) {
    const auto& r = diff.routes[i];
    table.rows.push_back({escape(r.node), escape(r.prefix.str()), escape(r.kind), route(r.before), route(r.after)});
  }
  return table.render() + leftOut(diff.routes.size());
}

}  // namespace

std::string diffHtml(const model::Network& newNetwork, const verify::DiffReport& diff, const std::string& oldSnapshot,
                     const SnapshotSource& newSource) {
  PageContext page(newNetwork, ConfigExcerpts(newSource.snapshot, newSource.access));
  std::string body = "<h1>routefix diff</h1>\n<p class=\"subject\">" +
                     escape(oldSnapshot + " -> " + newSource.snapshot.string()) + "</p>\n";
  body += section("summary", "Summary", summary(diff));
  if (!diff.intents.empty()) body += section("intents", "Intents", intentsTable(diff));
  std::string failing;
  for (size_t i = 0; i < diff.intents.size(); ++i) {
    const auto& c = diff.intents[i];
    if (c.after != "fail" || !c.counterexample) continue;
    std::string heading = c.name + " (" + c.type + "): " + c.before + " -> fail";
    failing += page.failureArticle(intentAnchor(i), heading, *c.counterexample, c.through);
  }
  if (!failing.empty()) body += section("failing", "Failing after the change", failing);
  if (!diff.reachability.empty()) body += section("reachability", "Reachability changes", reachabilityTable(page, diff));
  if (!diff.routes.empty()) body += section("routes", "Route changes", routesTable(diff));
  std::string title = std::string("routefix diff: ") + (diff.regressed() ? "intents broken" : "no intent broken") +
                      " - " + newSource.snapshot.string();
  return document(title, body);
}

}  // namespace routefix::html
