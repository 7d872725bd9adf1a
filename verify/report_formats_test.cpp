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

TEST_CASE("Code Quality: fingerprints follow rule and identity, not line or wording; unique per report") {
  verify::SarifResult r;
  r.rule_id = "intent/waypoint";
  r.message = "intent 'via-fw' violated: takes r1 -> r2";
  r.location = {"configs/r1.cfg", 12, 14};
  r.identity = "via-fw";
  verify::SarifResult moved = r;  // the next pipeline: an edit above moved the line, another path
  moved.message = "intent 'via-fw' violated: takes r1 -> r3";
  moved.location.first_line = 40;
  verify::SarifResult other = r;
  other.identity = "via-fw-2";
  verify::SarifResult noLine;
  noLine.rule_id = "diff/reachability-lost";
  noLine.level = "warning";
  noLine.message = "r1 no longer reaches 10.0.0.0/24";
  noLine.identity = "r1 10.0.0.0/24";

  auto issues = verify::codeQualityJson({r, other, noLine, noLine}, "snap");
  REQUIRE(issues.is_array());
  REQUIRE(issues.size() == 4);
  auto again = verify::codeQualityJson({moved}, "snap");
  CHECK(again[0]["fingerprint"] == issues[0]["fingerprint"]);
  CHECK(issues[1]["fingerprint"] != issues[0]["fingerprint"]);
  CHECK(issues[3]["fingerprint"] != issues[2]["fingerprint"]);  // the same finding twice stays unique
  CHECK(issues[0]["fingerprint"].get<std::string>().size() == 32);
  CHECK(issues[0]["check_name"] == "intent/waypoint");
  CHECK(issues[0]["severity"] == "major");
  CHECK(issues[0]["location"]["path"] == "snap/configs/r1.cfg");
  CHECK(issues[0]["location"]["lines"]["begin"] == 12);
  CHECK(issues[2]["severity"] == "minor");
  CHECK(issues[2]["location"]["path"] == "snap");
  CHECK(issues[2]["location"]["lines"]["begin"] == 1);
  CHECK(issues[0]["description"] == r.message);
}
