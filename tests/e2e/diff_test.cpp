// `routefix diff OLD NEW`: what a one-line change changes.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/e2e/run_routefix.h"

using routefix::e2e::runRoutefix;
using nlohmann::json;

namespace {

// A copy of an example with one text replacement in one file.
struct EditedCopy {
  std::filesystem::path root;
  EditedCopy(const std::string& example, const std::string& file, const std::string& from, const std::string& to) {
    root = std::filesystem::temp_directory_path() / ("routefix-e2e-diff-" + std::to_string(::getpid()) + "-" + example);
    std::filesystem::remove_all(root);
    std::filesystem::copy(std::filesystem::path(ROUTEFIX_SOURCE_DIR) / "examples" / example, root,
                          std::filesystem::copy_options::recursive);
    std::ifstream in(root / file);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    REQUIRE(text.find(from) != std::string::npos);
    text.replace(text.find(from), from.size(), to);
    std::ofstream(root / file) << text;
  }
  ~EditedCopy() { std::filesystem::remove_all(root); }
};

}  // namespace

TEST_CASE("fixing the prefix-list typo: site-b becomes reachable, intents move to pass") {
  EditedCopy fixed("campus-prefix-typo", "configs/core.conf", "permit 10.2.0.0/16 le 24", "permit 10.20.0.0/16 le 24");
  auto r = runRoutefix({"diff", "examples/campus-prefix-typo", fixed.root.string(), "--format", "json"});
  CHECK(r.exit_code == 0);  // every intent holds in NEW
  json j = r.json();
  bool coreGained = false;
  for (const auto& c : j["routes"])
    if (c["node"] == "core" && c["prefix"] == "10.20.1.0/24") {
      CHECK(c["change"] == "added");
      CHECK(c["after"]["protocol"] == "bgp");
      coreGained = true;
    }
  CHECK(coreGained);
  bool dcGained = false;
  for (const auto& c : j["reachability"]) {
    CHECK(c["change"] == "gained");
    if (c["source"] == "dc" && c["destination"] == "10.20.1.0/24") dcGained = true;
  }
  CHECK(dcGained);
  for (const auto& i : j["intents"])
    if (i["name"] == "datacenter-reaches-site-b") {
      CHECK(i["before"] == "fail");
      CHECK(i["after"] == "pass");
      CHECK(i["changed"] == true);
    }
  CHECK(j["summary"]["regressed"] == false);
}

TEST_CASE("the local-pref change as a merge request: a regression, with routes and formats") {
  EditedCopy good("firewall-bypass", "configs/campus.cfg", "set local-preference 250", "set local-preference 50");
  auto r = runRoutefix({"diff", good.root.string(), "examples/firewall-bypass", "--format", "json"});
  CHECK(r.exit_code == 1);
  json j = r.json();
  CHECK(j["summary"]["regressed"] == true);
  bool changed = false;
  for (const auto& c : j["routes"])
    if (c["node"] == "campus" && c["prefix"] == "10.50.0.0/24") {
      CHECK(c["change"] == "changed");
      CHECK(c["before"]["local_pref"] == 200);
      CHECK(c["after"]["local_pref"] == 250);
      changed = true;
    }
  CHECK(changed);
  CHECK(j["reachability"].empty());  // still reachable, just the wrong way

  auto text = runRoutefix({"diff", good.root.string(), "examples/firewall-bypass"});
  CHECK(text.out.find("campus-to-dc-through-firewall") != std::string::npos);
  CHECK(text.out.find("<- changed") != std::string::npos);

  json sarif = runRoutefix({"diff", good.root.string(), "examples/firewall-bypass", "--format", "sarif"}).json();
  CHECK(sarif["version"] == "2.1.0");
  CHECK_FALSE(sarif["runs"][0]["results"].empty());
  CHECK(sarif["runs"][0]["results"][0]["ruleId"] == "diff/intent-regressed");

  auto junit = runRoutefix({"diff", good.root.string(), "examples/firewall-bypass", "--format", "junit"});
  CHECK(junit.out.find("newly failing") != std::string::npos);
}

TEST_CASE("a snapshot against itself: nothing changes") {
  auto r = runRoutefix({"diff", "examples/branch-single-homed", "examples/branch-single-homed", "--format", "json"});
  json j = r.json();
  CHECK(j["routes"].empty());
  CHECK(j["reachability"].empty());
  for (const auto& i : j["intents"]) CHECK(i["changed"] == false);
}
