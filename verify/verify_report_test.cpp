// The verify report through a real XML parser (JUnit) and the SARIF structure, on an example.
#include "verify/verify_report.h"

#include <doctest/doctest.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "parser/parser.h"
#include "verify/intent_loader.h"

using namespace routefix;

namespace {

verify::VerifyReport campusReport(bool hygiene) {
  auto root = std::filesystem::path(ROUTEFIX_SOURCE_DIR) / "examples/campus-prefix-typo";
  model::Network net = parser::loadSnapshot(root);
  auto intents = verify::loadIntents(root / "intents.yaml", net);
  verify::VerifyOptions options;
  options.hygiene = hygiene;
  return verify::runVerify(net, intents, options);
}

std::string attribute(xmlNode* node, const char* name) {
  xmlChar* v = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
  std::string s = v ? reinterpret_cast<const char*>(v) : "";
  xmlFree(v);
  return s;
}

}  // namespace

TEST_CASE("JUnit XML parses with libxml2: one testcase per intent, failures carry the reason") {
  auto report = campusReport(false);
  std::string xml = verify::verifyJunit(report);
  xmlDoc* doc = xmlReadMemory(xml.data(), static_cast<int>(xml.size()), "junit.xml", nullptr, XML_PARSE_NONET);
  REQUIRE(doc != nullptr);
  xmlNode* root = xmlDocGetRootElement(doc);
  CHECK(std::string(reinterpret_cast<const char*>(root->name)) == "testsuites");
  int cases = 0, failures = 0;
  for (xmlNode* suite = root->children; suite; suite = suite->next) {
    if (suite->type != XML_ELEMENT_NODE) continue;
    CHECK(attribute(suite, "tests") == std::to_string(report.intents.size()));
    for (xmlNode* tc = suite->children; tc; tc = tc->next) {
      if (tc->type != XML_ELEMENT_NODE) continue;
      ++cases;
      CHECK_FALSE(attribute(tc, "name").empty());
      for (xmlNode* f = tc->children; f; f = f->next)
        if (f->type == XML_ELEMENT_NODE && std::string(reinterpret_cast<const char*>(f->name)) == "failure") {
          ++failures;
          CHECK(attribute(f, "message").find("10.20.1") != std::string::npos);
        }
    }
  }
  CHECK(cases == 6);
  CHECK(failures == 3);
  xmlFreeDoc(doc);
  xmlCleanupParser();
}

TEST_CASE("verify JSON follows the spec shape; hygiene appears when asked") {
  auto report = campusReport(true);
  auto j = verify::verifyJson(report);
  CHECK(j["summary"]["passed"] == 3);
  CHECK(j["summary"]["failed"] == 3);
  for (const auto& i : j["intents"]) {
    CHECK(i.contains("name"));
    CHECK(i.contains("type"));
    CHECK((i["status"] == "pass" || i["status"] == "fail"));
    CHECK(i["failures"].is_array());
    CHECK(i.contains("counterexample") == (i["status"] == "fail"));
  }
  CHECK(j["hygiene"].is_array());
  auto sarif = verify::verifySarif(report, "examples/campus-prefix-typo");
  CHECK(sarif["runs"][0]["results"].size() == 3 + report.hygiene.size());
  CHECK(sarif["runs"][0]["results"][0]["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .get<std::string>()
            .find("intents.yaml") != std::string::npos);
}
