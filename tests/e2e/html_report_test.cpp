// `--format html` end to end: the built routefix writes one self-contained page for a bundled
// example with failing intents (tests/browser/html_report_browser.py renders it in Chromium).
#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "tests/e2e/run_routefix.h"
#include "tests/e2e/scratch_dir.h"

using routefix::e2e::runRoutefix;

namespace {

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

// Nothing the page would fetch: no script, no stylesheet or image link, no remote URL (the
// SVG namespace names are identifiers, not fetched).
void checkSelfContained(const std::string& page) {
  CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(page.find("<script") == std::string::npos);
  CHECK(page.find("<link") == std::string::npos);
  CHECK(page.find("<img") == std::string::npos);
  CHECK(page.find("<?xml") == std::string::npos);
  std::string withoutNamespaces = std::regex_replace(page, std::regex("xmlns(:xlink)?=\"[^\"]*\""), "");
  CHECK(withoutNamespaces.find("http://") == std::string::npos);
  CHECK(withoutNamespaces.find("https://") == std::string::npos);
  CHECK(page.find("</html>") != std::string::npos);
}

}  // namespace

TEST_CASE("verify --format html: the failing waypoint with its picture, path and blamed config lines") {
  auto r = runRoutefix({"verify", "examples/firewall-bypass", "--format", "html"});
  CHECK(r.exit_code == 1);
  checkSelfContained(r.out);
  CHECK(r.out.find("<span class=\"badge bad\">FAIL</span>") != std::string::npos);
  size_t articles = count(r.out, "<article class=\"intent\"");
  CHECK(articles >= 1);
  CHECK(count(r.out, "<svg") == articles);
  CHECK(r.out.find("id=\"intent-1\"") != std::string::npos);
  CHECK(r.out.find("campus-to-dc-through-firewall") != std::string::npos);
  // The counterexample's edges are highlighted in the picture, the waypoint marked.
  CHECK(r.out.find("class=\"edge hop\"") != std::string::npos);
  CHECK(r.out.find("class=\"node onpath waypoint\"") == std::string::npos);  // fw1 is bypassed
  CHECK(r.out.find("waypoint\"") != std::string::npos);
  CHECK(r.out.find("<ol class=\"hops\"><li>campus") != std::string::npos);
  // file:line, linked, with the config lines.
  CHECK(r.out.find("<a class=\"where\" href=\"#src-1\">configs/") != std::string::npos);
  CHECK(r.out.find("<span class=\"blamed\">") != std::string::npos);
}

TEST_CASE("verify --format html when every intent holds: exit 0, a pass badge, no pictures") {
  routefix::e2e::ScratchDir dir("html");
  std::ofstream(dir / "holds.yaml") << "intents:\n  - type: reachability\n    from: [campus]\n    to: 10.50.0.0/24\n";
  auto r = runRoutefix({"verify", "examples/firewall-bypass", "--intents", (dir / "holds.yaml").string(), "--format",
                        "html"});
  CHECK(r.exit_code == 0);
  checkSelfContained(r.out);
  CHECK(r.out.find("<span class=\"badge ok\">PASS</span>") != std::string::npos);
  CHECK(r.out.find("<svg") == std::string::npos);
  CHECK(r.out.find("<article") == std::string::npos);
}

TEST_CASE("diff --format html: the intents the change breaks, drawn on the new network, and the route changes") {
  routefix::e2e::ScratchDir dir("html-diff");
  auto good = dir.copy("examples/firewall-bypass", "good");
  {
    std::ifstream in(good / "configs/campus.cfg");
    std::stringstream text;
    text << in.rdbuf();
    std::string config = text.str();
    config.replace(config.find("set local-preference 250"), 24, "set local-preference 50");
    std::ofstream(good / "configs/campus.cfg") << config;
  }
  auto r = runRoutefix({"diff", good.string(), "examples/firewall-bypass", "--format", "html"});
  CHECK(r.exit_code == 1);
  checkSelfContained(r.out);
  CHECK(r.out.find("<h1>routefix diff</h1>") != std::string::npos);
  CHECK(r.out.find("<span class=\"badge bad\">FAIL</span>") != std::string::npos);
  CHECK(r.out.find("campus-to-dc-through-firewall (waypoint): pass -&gt; fail") != std::string::npos);
  CHECK(count(r.out, "<svg") == count(r.out, "<article class=\"intent\""));
  CHECK(r.out.find("class=\"edge hop\"") != std::string::npos);
  CHECK(r.out.find("<section id=\"routes\">") != std::string::npos);
  CHECK(r.out.find("set local-preference 250") != std::string::npos);  // the blamed line, from NEW
}

TEST_CASE("diagnose and repair --format html: findings with their lines, and the verified patch as a diff") {
  auto d = runRoutefix({"diagnose", "examples/campus-prefix-typo", "--format", "html"});
  CHECK(d.exit_code == 1);
  checkSelfContained(d.out);
  CHECK(d.out.find("<h1>routefix diagnose</h1>") != std::string::npos);
  CHECK(d.out.find("<section id=\"findings\">") != std::string::npos);
  CHECK(d.out.find("<a class=\"where\" href=\"#src-") != std::string::npos);
  CHECK(d.out.find("<span class=\"blamed\">") != std::string::npos);
  CHECK(d.out.find("class=\"node stopped\"") != std::string::npos);
  CHECK(d.out.find("<pre class=\"diff\">") != std::string::npos);

  auto r = runRoutefix({"repair", "examples/campus-prefix-typo", "--format", "html"});
  CHECK(r.exit_code == 0);
  checkSelfContained(r.out);
  CHECK(r.out.find("<span class=\"badge ok\">repaired</span>") != std::string::npos);
  CHECK(r.out.find("<section id=\"changes\">") != std::string::npos);
  CHECK(r.out.find("<span class=\"del\">-") != std::string::npos);
  CHECK(r.out.find("<span class=\"add\">+") != std::string::npos);
  CHECK(count(r.out, "<svg") >= 1);
}
