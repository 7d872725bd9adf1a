// `routefix intents mine`: every mined intent holds (checked by the built `verify`), the file
// is deterministic and written safely, and `diff --intents` with mined intents catches
// realistic changes (the pre-change check of README "CI").
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "tests/e2e/run_routefix.h"
#include "tests/e2e/scratch_dir.h"

using routefix::e2e::runRoutefix;
using routefix::e2e::ScratchDir;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A copy of an example in `dir` with one text replacement in one file (the change under review).
fs::path changedCopy(const ScratchDir& dir, const std::string& example, const std::string& file,
                     const std::string& from, const std::string& to) {
  fs::path root = dir / ("new-" + example);
  fs::copy(fs::path(ROUTEFIX_SOURCE_DIR) / "examples" / example, root, fs::copy_options::recursive);
  std::string text = readFile(root / file);
  REQUIRE(text.find(from) != std::string::npos);
  text.replace(text.find(from), from.size(), to);
  std::ofstream(root / file) << text;
  return root;
}

// The intents the change breaks, as `diff --format json` reports them.
std::vector<std::string> broken(const json& diff) {
  std::vector<std::string> names;
  for (const auto& i : diff["intents"])
    if (i["before"] == "pass" && i["after"] == "fail") names.push_back(i["name"]);
  return names;
}

}  // namespace

TEST_CASE("every intent mined on a bundled example holds when verify checks it, failures included") {
  ScratchDir dir("mine");
  for (const char* example : {"branch-single-homed", "campus-prefix-typo", "firewall-bypass"}) {
    INFO("example " << std::string(example));
    fs::path mined = dir / (std::string(example) + ".yaml");
    auto r = runRoutefix({"intents", "mine", std::string("examples/") + example, "--failures", "2", "--out", mined.string()});
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.empty());
    std::string text = readFile(mined);
    CHECK(text.rfind("# Intents mined by `routefix intents mine`", 0) == 0);
    auto v = runRoutefix({"verify", std::string("examples/") + example, "--intents", mined.string(), "--format", "json"});
    CHECK(v.exit_code == 0);
    json j = v.json();
    CHECK(j["summary"]["failed"] == 0);
    CHECK(j["summary"]["passed"].get<int>() > 2);
    // Deterministic: the same run prints the same bytes.
    auto again = runRoutefix({"intents", "mine", std::string("examples/") + example, "--failures", "2"});
    CHECK(again.out == text);
  }
}

TEST_CASE("--kinds restricts what is mined; bad input exits 2 and writes nothing") {
  ScratchDir dir("mine-bad");
  auto only = runRoutefix({"intents", "mine", "examples/firewall-bypass", "--kinds", "waypoint"});
  CHECK(only.exit_code == 0);
  CHECK(only.out.find("type: waypoint") != std::string::npos);
  CHECK(only.out.find("type: reachability") == std::string::npos);

  auto kinds = runRoutefix({"intents", "mine", "examples/firewall-bypass", "--kinds", "reachability,path"});
  CHECK(kinds.exit_code == 2);
  CHECK(kinds.err.find("--kinds") != std::string::npos);

  CHECK(runRoutefix({"intents", "mine", (dir / "no-such-snapshot").string()}).exit_code == 2);
  CHECK(runRoutefix({"intents", "mine"}).exit_code == 2);

  // --out: never over a directory, never into configs/, an existing file only with --force.
  auto folder = runRoutefix({"intents", "mine", "examples/firewall-bypass", "--out", dir.root().string()});
  CHECK(folder.exit_code == 2);
  CHECK(folder.err.find("directory") != std::string::npos);
  fs::path snapshot = dir / "snap";
  fs::copy(fs::path(ROUTEFIX_SOURCE_DIR) / "examples/firewall-bypass", snapshot, fs::copy_options::recursive);
  auto intoConfigs = runRoutefix({"intents", "mine", snapshot.string(), "--out", (snapshot / "configs/x.yaml").string()});
  CHECK(intoConfigs.exit_code == 2);
  CHECK(!fs::exists(snapshot / "configs/x.yaml"));
  fs::path existing = dir / "existing.yaml";
  std::ofstream(existing) << "keep me\n";
  CHECK(runRoutefix({"intents", "mine", snapshot.string(), "--out", existing.string()}).exit_code == 2);
  CHECK(readFile(existing) == "keep me\n");
  CHECK(runRoutefix({"intents", "mine", snapshot.string(), "--out", existing.string(), "--force"}).exit_code == 0);
  CHECK(readFile(existing).find("intents:") != std::string::npos);
  CHECK(runRoutefix({"intents", "mine", snapshot.string(), "--out", (dir / "missing/x.yaml").string()}).exit_code == 2);
  // Into the snapshot itself: the default intents file of later runs.
  CHECK(runRoutefix({"intents", "mine", snapshot.string(), "--out", (snapshot / "intents.yaml").string(), "--force"})
            .exit_code == 0);
  CHECK(runRoutefix({"verify", snapshot.string()}).exit_code == 0);
  // Nothing left behind beside the written files (the staging folder is gone).
  for (const auto& e : fs::directory_iterator(dir.root())) CHECK(e.path().filename().string()[0] != '.');
}

TEST_CASE("pre-change check: intents mined before a change catch what the change breaks") {
  ScratchDir dir("mine-diff");
  struct Change {
    std::string example, file, from, to, why;
  };
  const Change changes[] = {
      {"branch-single-homed", "configs/hq.cfg", " ip address 10.0.4.2 255.255.255.252\n ip ospf cost 10",
       " ip address 10.0.4.2 255.255.255.252\n ip ospf cost 100", "an OSPF cost raised: hq loses its second path"},
      {"firewall-bypass", "configs/campus.cfg", " neighbor 10.0.10.2 remote-as 65200\n", "",
       "a BGP neighbor removed: dc-gw's traffic to campus no longer crosses fw1"},
      {"campus-prefix-typo", "configs/core.conf", "ip prefix-list SITE-A seq 5 permit 10.10.0.0/16 le 24\n",
       "ip prefix-list SITE-A seq 5 permit 10.11.0.0/16 le 24\n", "a prefix-list entry lost: site-a's LAN is filtered"},
  };
  for (const auto& c : changes) {
    INFO(c.why);
    fs::path mined = dir / (c.example + ".yaml");
    REQUIRE(runRoutefix({"intents", "mine", "examples/" + c.example, "--failures", "1", "--out", mined.string()})
                .exit_code == 0);
    fs::path changed = changedCopy(dir, c.example, c.file, c.from, c.to);
    auto r = runRoutefix({"diff", "examples/" + c.example, changed.string(), "--intents", mined.string(), "--format", "json"});
    CHECK(r.exit_code == 1);
    auto names = broken(r.json());
    CHECK(!names.empty());
    // Unchanged, nothing breaks.
    auto same = runRoutefix({"diff", "examples/" + c.example, "examples/" + c.example, "--intents", mined.string()});
    CHECK(same.exit_code == 0);
  }
}

TEST_CASE("diff and verify --format codequality: GitLab Code Quality issues with stable fingerprints") {
  ScratchDir dir("mine-cq");
  fs::path mined = dir / "mined.yaml";
  REQUIRE(runRoutefix({"intents", "mine", "examples/firewall-bypass", "--out", mined.string()}).exit_code == 0);
  fs::path changed = changedCopy(dir, "firewall-bypass", "configs/campus.cfg", " neighbor 10.0.10.2 remote-as 65200\n", "");
  auto r = runRoutefix({"diff", "examples/firewall-bypass", changed.string(), "--intents", mined.string(), "--format",
                        "codequality"});
  CHECK(r.exit_code == 1);
  json issues = r.json();
  REQUIRE(issues.is_array());
  REQUIRE(!issues.empty());
  std::set<std::string> fingerprints;
  for (const auto& i : issues) {
    CHECK(i["description"].is_string());
    CHECK(i["location"]["path"].is_string());
    CHECK(i["location"]["lines"]["begin"].get<int>() >= 1);
    fingerprints.insert(i["fingerprint"].get<std::string>());
  }
  CHECK(fingerprints.size() == issues.size());
  auto again = runRoutefix({"diff", "examples/firewall-bypass", changed.string(), "--intents", mined.string(),
                            "--format", "codequality"});
  CHECK(again.out == r.out);

  auto v = runRoutefix({"verify", "examples/branch-single-homed", "--format", "codequality"});
  CHECK(v.exit_code == 1);
  CHECK(v.json().size() >= 1);
  CHECK(runRoutefix({"verify", "examples/firewall-bypass", "--intents", mined.string(), "--format", "codequality"})
            .out == "[]\n");
}
