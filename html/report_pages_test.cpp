// The report pages through libxml2's HTML parser: structure (one article and one picture per
// failing intent, the counterexample's edges marked in the SVG, quoted config lines) and
// hostile input (names, intents and config lines that carry markup stay text).
#include "html/report_pages.h"

#include <doctest/doctest.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include <functional>

#include "html/config_excerpt.h"
#include "parser/parser.h"
#include "verify/intent_loader.h"
#include "verify/test_snapshot.h"

using namespace routefix;

namespace {

std::string attribute(xmlNode* node, const char* name) {
  xmlChar* v = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
  std::string s = v ? reinterpret_cast<const char*>(v) : "";
  xmlFree(v);
  return s;
}

std::string nameOf(xmlNode* node) { return reinterpret_cast<const char*>(node->name); }

// Every element of the parsed page, depth first.
void forEachElement(xmlNode* node, const std::function<void(xmlNode*)>& visit) {
  for (; node; node = node->next) {
    if (node->type != XML_ELEMENT_NODE) continue;
    visit(node);
    forEachElement(node->children, visit);
  }
}

struct ParsedPage {
  explicit ParsedPage(const std::string& html)
      : doc(htmlReadMemory(html.data(), static_cast<int>(html.size()), "page.html", "UTF-8",
                           HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING)) {}
  ~ParsedPage() { xmlFreeDoc(doc); }
  // Elements whose name is `name` and whose class list holds `cls` ("" for any).
  std::vector<xmlNode*> find(const std::string& name, const std::string& cls = "") const {
    std::vector<xmlNode*> out;
    forEachElement(xmlDocGetRootElement(doc), [&](xmlNode* n) {
      if (nameOf(n) != name) return;
      std::string c = " " + attribute(n, "class") + " ";
      if (cls.empty() || c.find(" " + cls + " ") != std::string::npos) out.push_back(n);
    });
    return out;
  }
  xmlDoc* doc;
};

std::string verifyPage(const std::filesystem::path& root) {
  model::Network net = parser::loadSnapshot(root);
  auto intents = verify::loadIntents(root / "intents.yaml", net);
  auto report = verify::runVerify(net, intents, {});
  return html::verifyHtml(net, report, {root, {}});
}

}  // namespace

TEST_CASE("verify page: the failing waypoint with its picture, highlighted path and the blamed config lines") {
  auto root = std::filesystem::path(ROUTEFIX_SOURCE_DIR) / "examples/firewall-bypass";
  std::string page = verifyPage(root);
  ParsedPage parsed(page);
  REQUIRE(parsed.doc != nullptr);
  CHECK(parsed.find("script").empty());
  auto articles = parsed.find("article", "intent");
  REQUIRE(!articles.empty());
  CHECK(attribute(articles.front(), "id").rfind("intent-", 0) == 0);
  // One picture per failing intent, each with its own id prefix.
  auto svgs = parsed.find("svg");
  CHECK(svgs.size() == articles.size());
  auto graphs = parsed.find("g", "graph");
  REQUIRE(graphs.size() == articles.size());
  CHECK(attribute(graphs.front(), "id") == "pic1");
  // The counterexample's edge campus -> dc-gw is drawn as a hop; fw1 is the waypoint.
  CHECK(!parsed.find("g", "hop").empty());
  CHECK(!parsed.find("g", "waypoint").empty());
  CHECK(!parsed.find("ol", "hops").empty());
  // Linked to file:line, with the config lines quoted and the blamed one marked.
  auto links = parsed.find("a", "where");
  REQUIRE(!links.empty());
  CHECK(attribute(links.front(), "href").rfind("#src-", 0) == 0);
  CHECK(!parsed.find("span", "blamed").empty());
  CHECK(page.find("FAIL") != std::string::npos);
  CHECK(page.find("<a href=\"#intent-") != std::string::npos);
}

TEST_CASE("verify page of hostile input: markup in hostnames, intent names and config lines stays text") {
  verify::testing::TempSnapshot snap("firewall-bypass", {{"intents.yaml", "campus-to-dc-through-firewall",
                                                          "\"camp<img src=x onerror=alert(1)>\""}});
  // A device whose hostname is markup is drawn in every picture.
  snap.write("configs/evil.cfg", "hostname ev<script>alert(1)</script>il\n! <img src=x onerror=alert(2)>\n");
  std::string page = verifyPage(snap.root());
  ParsedPage parsed(page);
  REQUIRE(parsed.doc != nullptr);
  CHECK(parsed.find("script").empty());
  CHECK(parsed.find("img").empty());
  CHECK(page.find("<script") == std::string::npos);
  CHECK(page.find("<img") == std::string::npos);
  CHECK(page.find("camp&lt;img src=x onerror=alert(1)&gt;") != std::string::npos);
  CHECK(page.find("ev&lt;script&gt;alert(1)&lt;/script&gt;il") != std::string::npos);  // Graphviz's escaping
  CHECK(!parsed.find("article", "intent").empty());
}

TEST_CASE("quoted config lines: numbered, the span marked, markup escaped, nothing outside the snapshot") {
  verify::testing::TempSnapshot snap("");
  snap.write("configs/r1.cfg", "one\ntwo\n<script>three</script>\nfour\nfive\nsix\n");
  html::ConfigExcerpts excerpts(snap.root(), {});
  std::string e = excerpts.excerpt({"configs/r1.cfg", 3, 3});
  CHECK(e.find("<span class=\"blamed\"><span class=\"no\">3</span>  &lt;script&gt;three&lt;/script&gt;</span>") !=
        std::string::npos);
  CHECK(e.find(">1</span>  one") != std::string::npos);
  CHECK(e.find(">5</span>  five") != std::string::npos);
  CHECK(e.find("six") == std::string::npos);
  CHECK(excerpts.excerpt({"configs/missing.cfg", 1, 1}).empty());
  CHECK(excerpts.excerpt({"configs/r1.cfg", 0, 0}).empty());
  CHECK(excerpts.excerpt({"configs/r1.cfg", 99, 99}).empty());
  std::filesystem::create_symlink("/etc/passwd", snap.root() / "configs/link.cfg");
  CHECK(excerpts.excerpt({"configs/link.cfg", 1, 1}).empty());
}

TEST_CASE("verify page when everything holds: a pass badge, no failing section, no picture") {
  verify::testing::TempSnapshot snap("firewall-bypass");
  snap.write("intents.yaml", "intents:\n  - type: reachability\n    from: [campus]\n    to: 10.50.0.0/24\n");
  std::string page = verifyPage(snap.root());
  ParsedPage parsed(page);
  CHECK(parsed.find("article").empty());
  CHECK(parsed.find("svg").empty());
  CHECK(page.find("<span class=\"badge ok\">PASS</span>") != std::string::npos);
}
