// `routefix verify` end to end on the bundled examples: verdicts, counterexamples, exit codes,
// and the CI formats (SARIF 2.1.0 structure, JUnit).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <utility>

#include "tests/e2e/run_routefix.h"

using routefix::e2e::runRoutefix;
using nlohmann::json;

namespace {

json intentNamed(const json& report, const std::string& name) {
  for (const auto& i : report["intents"])
    if (i["name"] == name) return i;
  FAIL("no intent " << name);
  return {};
}

// A throwaway snapshot directory with the given files.
struct Scratch {
  std::filesystem::path root;
  explicit Scratch(std::initializer_list<std::pair<std::string, std::string>> files) {
    root = std::filesystem::temp_directory_path() / ("routefix-e2e-verify-" + std::to_string(::getpid()) +
                                                     "-" + std::to_string(counter()++));
    for (const auto& [path, text] : files) {
      std::filesystem::create_directories((root / path).parent_path());
      std::ofstream(root / path) << text;
    }
  }
  ~Scratch() { std::filesystem::remove_all(root); }
  static int& counter() {
    static int c = 0;
    return c;
  }
};

}  // namespace

TEST_CASE("campus prefix-list typo: site-b is unreachable, blamed on the prefix-list line") {
  auto r = runRoutefix({"verify", "examples/campus-prefix-typo", "--format", "json"});
  CHECK(r.exit_code == 1);
  json j = r.json();
  CHECK(intentNamed(j, "users-reach-datacenter")["status"] == "pass");
  CHECK(intentNamed(j, "datacenter-reaches-site-a")["status"] == "pass");
  CHECK(intentNamed(j, "no-loops")["status"] == "pass");
  json bad = intentNamed(j, "datacenter-reaches-site-b");
  CHECK(bad["status"] == "fail");
  CHECK(bad["counterexample"]["paths"][0]["outcome"] == "no-route");
  CHECK(bad["counterexample"]["paths"][0]["at"] == "dc");
  CHECK(bad["counterexample"]["location"]["file"] == "configs/core.conf");
  CHECK(bad["counterexample"]["location"]["line"] == 39);
  CHECK(intentNamed(j, "core-learns-site-b")["status"] == "fail");
  CHECK(j["summary"]["passed"] == 3);
  CHECK(j["summary"]["failed"] == 3);

  auto text = runRoutefix({"verify", "examples/campus-prefix-typo"});
  CHECK(text.exit_code == 1);
  CHECK(text.out.find("datacenter-reaches-site-b") != std::string::npos);
  CHECK(text.out.find("FAIL") != std::string::npos);
  CHECK(text.out.find("see configs/core.conf:39") != std::string::npos);
}

TEST_CASE("single-homed branch: the failure scenario is the counterexample") {
  auto r = runRoutefix({"verify", "examples/branch-single-homed", "--format", "json"});
  CHECK(r.exit_code == 1);
  json j = r.json();
  CHECK(intentNamed(j, "hq-reaches-branch")["status"] == "pass");
  json bad = intentNamed(j, "hq-reaches-branch-despite-a-link-failure");
  CHECK(bad["status"] == "fail");
  REQUIRE(bad["failures"].size() == 1);
  std::set<std::string> ends = {bad["failures"][0]["a"], bad["failures"][0]["b"]};
  CHECK(ends == std::set<std::string>{"branch", "core1"});
  CHECK(j["scenarios"]["simulated"].get<int>() < j["scenarios"]["possible"].get<int>());
  CHECK(intentNamed(j, "branch-uses-both-carriers")["status"] == "fail");

  // --failures raises every intent's budget: the plain reachability intent fails too.
  auto all = runRoutefix({"verify", "examples/branch-single-homed", "--failures", "1", "--format", "json"});
  CHECK(intentNamed(all.json(), "hq-reaches-branch")["status"] == "fail");
}

TEST_CASE("SARIF output has the 2.1.0 required structure and points at the local-pref line") {
  auto r = runRoutefix({"verify", "examples/firewall-bypass", "--format", "sarif"});
  CHECK(r.exit_code == 1);
  json s = r.json();
  CHECK(s["version"] == "2.1.0");
  CHECK(s["$schema"].get<std::string>().find("sarif") != std::string::npos);
  REQUIRE(s["runs"].is_array());
  REQUIRE(s["runs"].size() == 1);
  const json& run = s["runs"][0];
  REQUIRE(run["tool"]["driver"]["name"].is_string());
  const json& rules = run["tool"]["driver"]["rules"];
  REQUIRE(run["results"].is_array());
  REQUIRE_FALSE(run["results"].empty());
  bool sawLocalPref = false;
  for (const auto& res : run["results"]) {
    // result: message.text is required; ruleId/ruleIndex consistent; locations well formed.
    REQUIRE(res["message"]["text"].is_string());
    std::string level = res["level"];
    CHECK((level == "error" || level == "warning" || level == "note" || level == "none"));
    REQUIRE(res["ruleIndex"].is_number_integer());
    CHECK(rules[res["ruleIndex"].get<size_t>()]["id"] == res["ruleId"]);
    REQUIRE(res["locations"].size() >= 1);
    const json& loc = res["locations"][0]["physicalLocation"];
    REQUIRE(loc["artifactLocation"]["uri"].is_string());
    CHECK(loc["region"]["startLine"].get<int>() >= 1);
    if (loc["artifactLocation"]["uri"] == "examples/firewall-bypass/configs/campus.cfg" &&
        loc["region"]["startLine"] == 29)
      sawLocalPref = true;
  }
  CHECK(sawLocalPref);
}

TEST_CASE("JUnit output: one testcase per intent, failures counted") {
  auto r = runRoutefix({"verify", "examples/firewall-bypass", "--format", "junit"});
  CHECK(r.exit_code == 1);
  CHECK(r.out.rfind("<?xml", 0) == 0);
  CHECK(r.out.find("<testsuite name=\"routefix verify\" tests=\"5\" failures=\"3\"") != std::string::npos);
  CHECK(r.out.find("<testcase name=\"campus-reaches-dc\" classname=\"routefix.intent.reachability\" time=\"0\"/>") !=
        std::string::npos);
  CHECK(r.out.find("<testcase name=\"campus-to-dc-through-firewall\"") != std::string::npos);
}

TEST_CASE("bad input exits 2 with file and line") {
  Scratch s({{"intents.yaml", "intents:\n  - type: reachability\n    from: [campus, nowhere]\n    to: 10.50.0.0/24\n"}});
  auto r = runRoutefix({"verify", "examples/firewall-bypass", "--intents", (s.root / "intents.yaml").string()});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("intents.yaml:3") != std::string::npos);
  CHECK(r.err.find("unknown node 'nowhere'") != std::string::npos);
  CHECK(r.out.empty());

  Scratch p({{"intents.json", "{\"intents\": [{\"type\": \"isolation\", \"from\": \"campus\",\n \"to\": \"10.50.0.0/99\"}]}"}});
  auto bad = runRoutefix({"verify", "examples/firewall-bypass", "--intents", (p.root / "intents.json").string()});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("intents.json:2") != std::string::npos);
  CHECK(bad.err.find("field 'to'") != std::string::npos);

  CHECK(runRoutefix({"verify", "examples/does-not-exist"}).exit_code == 2);
}

TEST_CASE("all intents holding exits 0") {
  Scratch s({{"intents.yaml", "intents:\n  - {type: reachability, from: '*', to: 10.50.0.0/24}\n"
                              "  - {type: loop-free}\n  - {type: blackhole-free}\n"}});
  auto r = runRoutefix({"verify", "examples/firewall-bypass", "--intents", (s.root / "intents.yaml").string(),
                        "--format", "json"});
  CHECK(r.exit_code == 0);
  CHECK(r.json()["summary"]["failed"] == 0);
}

TEST_CASE("hygiene: a session with no source address is down, not one-sided with 'no neighbor 0.0.0.0'") {
  Scratch s({{"configs/r1.cfg", R"(hostname r1
interface GigabitEthernet0/1
 ip address 10.0.0.1 255.255.255.252
router bgp 65001
 neighbor 10.9.9.9 remote-as 65002
end
)"},
             {"configs/r2.cfg", R"(hostname r2
interface Loopback0
 ip address 10.9.9.9 255.255.255.255
interface GigabitEthernet0/1
 ip address 10.0.0.2 255.255.255.252
router bgp 65002
end
)"}});
  auto r = runRoutefix({"verify", s.root.string(), "--format", "json"});
  json j = r.json();
  bool down = false;
  for (const auto& f : j["hygiene"]) {
    CHECK(f["rule"] != "bgp-session-one-sided");
    CHECK(f["message"].get<std::string>().find("0.0.0.0") == std::string::npos);
    if (f["rule"] == "bgp-session-down") {
      down = true;
      CHECK(f["message"].get<std::string>().find("no source address towards 10.9.9.9") != std::string::npos);
    }
  }
  CHECK(down);
}

TEST_CASE("hygiene without intents: one-sided session, duplicate router-id, undefined reference") {
  Scratch s({{"configs/r1.cfg", R"(hostname r1
interface GigabitEthernet0/1
 ip address 10.0.0.1 255.255.255.252
router bgp 65001
 bgp router-id 1.1.1.1
 neighbor 10.0.0.2 remote-as 65002
 neighbor 10.0.0.2 route-map MISSING-MAP in
end
)"},
             {"configs/r2.cfg", R"(hostname r2
interface GigabitEthernet0/1
 ip address 10.0.0.2 255.255.255.252
router bgp 65002
 bgp router-id 1.1.1.1
end
)"}});
  auto r = runRoutefix({"verify", s.root.string(), "--format", "json"});
  CHECK(r.exit_code == 1);
  json j = r.json();
  std::set<std::string> rules;
  for (const auto& f : j["hygiene"]) rules.insert(f["rule"]);
  CHECK(rules.count("bgp-session-one-sided"));
  CHECK(rules.count("duplicate-router-id"));
  CHECK(rules.count("undefined-reference"));
  for (const auto& f : j["hygiene"])
    if (f["rule"] == "bgp-session-one-sided") {
      CHECK(f["node"] == "r1");
      CHECK(f["file"] == "configs/r1.cfg");
    }
}
