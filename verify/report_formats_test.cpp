#include "verify/report_formats.h"

#include <doctest/doctest.h>

using namespace routefix;

TEST_CASE("text tables pad columns and keep multi-line cells in their column") {
  verify::TextTable t{{"A", "B"}, {{"x", "one\ntwo"}, {"longer", "z"}}};
  CHECK(t.render() ==
        "A       B\n"
        "------  ---\n"
        "x       one\n"
        "        two\n"
        "longer  z\n");
}

TEST_CASE("SARIF log has the 2.1.0 required structure and resolves URIs under the snapshot") {
  std::vector<verify::SarifRule> rules = {{"intent/reachability", "unreachable"}};
  verify::SarifResult r;
  r.rule_id = "intent/reachability";
  r.message = "site-a cannot reach 10.20.1.0/24";
  r.location = {"configs/core.conf", 42, 42};
  r.related = {{"intents.yaml", 3, 3}};
  auto log = verify::sarifLog("0.1", rules, {r}, "examples/campus");
  CHECK(log["version"] == "2.1.0");
  REQUIRE(log["runs"].size() == 1);
  CHECK(log["runs"][0]["tool"]["driver"]["name"] == "routefix");
  const auto& res = log["runs"][0]["results"][0];
  CHECK(res["message"]["text"] == "site-a cannot reach 10.20.1.0/24");
  CHECK(res["ruleIndex"] == 0);
  const auto& loc = res["locations"][0]["physicalLocation"];
  CHECK(loc["artifactLocation"]["uri"] == "examples/campus/configs/core.conf");
  CHECK(loc["region"]["startLine"] == 42);
  CHECK(res["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "intents.yaml");
}

TEST_CASE("JUnit XML counts failures and escapes text") {
  std::string xml = verify::junitXml("suite", {{"ok", "c", std::nullopt, ""},
                                               {"bad <one>", "c", std::string("a & b"), "x\"y"}});
  CHECK(xml.find("tests=\"2\" failures=\"1\"") != std::string::npos);
  CHECK(xml.find("<testcase name=\"ok\" classname=\"c\" time=\"0\"/>") != std::string::npos);
  CHECK(xml.find("name=\"bad &lt;one&gt;\"") != std::string::npos);
  CHECK(xml.find("<failure message=\"a &amp; b\" type=\"violated\">x&quot;y</failure>") != std::string::npos);
  CHECK(verify::xmlEscape(std::string("a\x01") + "b") == "a b");
}
