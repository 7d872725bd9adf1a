// End-to-end: `routefix repair` on one small broken snapshot per error class (IOS and FRR,
// tests/data/repair, written by generate.py): the repair is found, verified, no larger than
// the injected change, makes every intent hold, and its --out snapshot verifies clean.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "run_routefix.h"

namespace fs = std::filesystem;
using routefix::e2e::runRoutefix;

namespace {

const char* kCases[] = {"missing-session",  "wrong-deny",   "prefix-list-typo", "localpref-waypoint",
                        "missing-network",  "ospf-cost",    "missing-rr-client", "missing-static",
                        "two-errors"};

nlohmann::json expectation(const std::string& snapshot) {
  std::ifstream in(fs::path(ROUTEFIX_SOURCE_DIR) / snapshot / "expect.json");
  return nlohmann::json::parse(in);
}

void checkRepair(const std::string& snapshot) {
  CAPTURE(snapshot);
  auto expect = expectation(snapshot);
  auto before = runRoutefix({"verify", snapshot, "--format", "json"});
  REQUIRE(before.exit_code == 1);  // the injected error breaks an intent

  auto r = runRoutefix({"repair", snapshot, "--format", "json"});
  CAPTURE(r.err);
  REQUIRE(r.exit_code == 0);
  auto j = r.json();
  CHECK(j["status"] == "repaired");
  CHECK(j["verified"] == true);
  CHECK(j["changes"].get<int>() >= 1);
  CHECK(j["changes"].get<int>() <= expect["max_changes"].get<int>());
  CHECK(j["intents_before"]["failed"].get<int>() >= 1);
  CHECK(j["intents_after"]["failed"] == 0);
  REQUIRE(!j["patches"].empty());
  bool touchesInjectedFile = false;
  for (const auto& p : j["patches"]) {
    CHECK(p["diff"].get<std::string>().rfind("--- a/" + p["file"].get<std::string>(), 0) == 0);
    if (p["file"] == expect["file"]) touchesInjectedFile = true;
  }
  CHECK(touchesInjectedFile);

  // --out: the whole patched snapshot, which verify then finds clean.
  fs::path out = fs::temp_directory_path() / ("routefix-repair-out-" + std::to_string(::getpid()));
  fs::remove_all(out);
  auto written = runRoutefix({"repair", snapshot, "--out", out.string(), "--format", "json"});
  REQUIRE(written.exit_code == 0);
  CHECK(fs::exists(out / "intents.yaml"));
  auto after = runRoutefix({"verify", out.string(), "--format", "json"});
  CHECK(after.exit_code == 0);
  // Written again over an existing DIR: refused without --force; with it, replaced, nothing
  // left beside it.
  CHECK(runRoutefix({"repair", snapshot, "--out", out.string(), "--format", "json"}).exit_code == 2);
  auto again = runRoutefix({"repair", snapshot, "--out", out.string(), "--format", "json", "--force"});
  CHECK(again.exit_code == 0);
  size_t siblings = 0;
  for (const auto& e : fs::directory_iterator(out.parent_path()))
    if (e.path().filename().string().find(out.filename().string()) != std::string::npos) ++siblings;
  CHECK(siblings == 1);
  fs::remove_all(out);
}

}  // namespace

TEST_CASE("repair fixes each error class, IOS dialect") {
  for (const char* c : kCases) checkRepair(std::string("tests/data/repair/") + c + "-ios");
}

TEST_CASE("repair fixes each error class, FRR dialect") {
  for (const char* c : kCases) checkRepair(std::string("tests/data/repair/") + c + "-frr");
}

TEST_CASE("repair drops one `passive` of a session both ends wait on (FRR)") {
  checkRepair("tests/data/repair/passive-session-frr");
  auto r = runRoutefix({"repair", "tests/data/repair/passive-session-frr", "--format", "json"});
  REQUIRE(r.exit_code == 0);
  REQUIRE(r.json()["patches"].size() == 1);
  CHECK(r.json()["patches"][0]["diff"].get<std::string>().find("\n- neighbor 10.0.0.6 passive\n") != std::string::npos);
}

TEST_CASE("repair writes Junos syntax: hierarchical (term action) and set form (local-preference)") {
  for (const char* c : {"wrong-deny", "localpref-waypoint"}) checkRepair(std::string("tests/data/repair/") + c + "-junos");
  auto r = runRoutefix({"repair", "tests/data/repair/wrong-deny-junos", "--format", "json"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.json()["patches"][0]["diff"].get<std::string>().find("+            then accept;\n") != std::string::npos);
}

// The error classes whose repair adds Junos statements, each on a Junos router of a mixed
// Junos/FRR snapshot: the diff must put the statement in its block, in the file's own form.
TEST_CASE("repair adds Junos statements in the right block, hierarchical and set form") {
  struct Case {
    const char* snapshot;
    std::vector<std::string> added;  // lines the diff must add, exactly
  };
  const Case cases[] = {
      {"prefix-list-typo", {"+        10.3.0.0/24;"}},
      // Into the group whose other neighbor writes its own peer-as, as that neighbor is written.
      {"missing-session", {"+            neighbor 10.0.0.6 {", "+                peer-as 65003;", "+            }"}},
      {"missing-network",
       {"+set policy-options policy-statement EXPORT term originate-10.3.0.0-24 from protocol direct",
        "+set policy-options policy-statement EXPORT term originate-10.3.0.0-24 then accept"}},
      // The 100 came from a group; the interface's own metric overrides it.
      {"ospf-cost", {"+            interface ge-0/0/0.0 {", "+                metric 9;"}},
      {"missing-rr-client", {"+set protocols bgp group IBGP neighbor 10.0.0.5 cluster 10.255.0.3"}},
  };
  for (const auto& c : cases) {
    std::string snapshot = std::string("tests/data/repair/") + c.snapshot + "-junos";
    checkRepair(snapshot);
    auto r = runRoutefix({"repair", snapshot, "--format", "json"});
    REQUIRE(r.exit_code == 0);
    auto j = r.json();
    std::string diff;
    for (const auto& p : j["patches"]) diff += p["diff"].get<std::string>();
    CAPTURE(diff);
    for (const auto& line : c.added) CHECK(diff.find("\n" + line + "\n") != std::string::npos);
  }
  // A new term goes first in the export policy, before the `term rest then reject` it would
  // otherwise never get past.
  auto r = runRoutefix({"repair", "tests/data/repair/missing-network-junos", "--format", "json"});
  std::string diff = r.json()["patches"][0]["diff"].get<std::string>();
  CHECK(diff.find("term originate-10.3.0.0-24") < diff.find("term rest then reject"));
}

TEST_CASE("repair of a snapshot whose intents hold: already-satisfied, no patch, exit 0") {
  auto r = runRoutefix({"repair", "tests/data/repair/wrong-deny-ios", "--intents",
                        "tests/data/repair/satisfied-intents.yaml", "--format", "json"});
  REQUIRE(r.exit_code == 0);
  auto j = r.json();
  CHECK(j["status"] == "already-satisfied");
  CHECK(j["changes"] == 0);
  CHECK(j["patches"].empty());
}

TEST_CASE("repair without intents is a usage error") {
  auto r = runRoutefix({"repair", "tests/data/repair/no-such-snapshot"});
  CHECK(r.exit_code == 2);
}

TEST_CASE("the example snapshots are repaired") {
  for (const char* ex : {"examples/campus-prefix-typo", "examples/branch-single-homed"}) {
    CAPTURE(ex);
    if (!fs::exists(fs::path(ROUTEFIX_SOURCE_DIR) / ex)) continue;
    auto r = runRoutefix({"repair", ex, "--format", "json"});
    CAPTURE(r.err);
    REQUIRE(r.exit_code == 0);
    auto j = r.json();
    CHECK(j["status"] == "repaired");
    CHECK(j["verified"] == true);
    CHECK(j["changes"] == 1);
    CHECK(j["intents_after"]["failed"] == 0);
  }
}

TEST_CASE("repair: a changed FRR `ip ospf cost` among interfaces at their default cost (issue 14)") {
  // ospf-cost-frr with every `ip ospf cost 10` removed: the other interfaces cost FRR's
  // default (10 Mbit/s -> 10). symsim once guessed 1 for an eth interface, so no cost for
  // hq's eth0 (at least 1) could beat the path through core2 and repair found nothing.
  fs::path dir = fs::temp_directory_path() / ("routefix-ospf-default-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::copy(fs::path(ROUTEFIX_SOURCE_DIR) / "tests/data/repair/ospf-cost-frr", dir, fs::copy_options::recursive);
  for (const auto& e : fs::directory_iterator(dir / "configs")) {
    std::ifstream in(e.path());
    std::string text, line;
    while (std::getline(in, line))
      if (line != " ip ospf cost 10") text += line + "\n";
    in.close();
    std::ofstream(e.path()) << text;
  }
  checkRepair(dir.string());
  // The exact fix, and the first candidate already: hq's eth0 (line 8) from 100 to a cost
  // below 10, so hq-core1-branch (c + 10) beats hq-core2-branch (10 + 10); at 10 they tie
  // and the traffic splits.
  auto r = runRoutefix({"repair", dir.string(), "--format", "json"});
  REQUIRE(r.exit_code == 0);
  auto j = r.json();
  REQUIRE(j["change_list"].size() == 1);
  const auto& change = j["change_list"][0];
  CHECK(change["kind"] == "ospf-cost");
  CHECK(change["node"] == "hq");
  CHECK(change["file"].get<std::string>().find("hq") != std::string::npos);
  CHECK(change["line"] == 8);
  CHECK(change["from"] == 100);
  CHECK(change["to"].get<int>() >= 1);
  CHECK(change["to"].get<int>() <= 9);
  CHECK(j["search"]["rounds"] == 1);
  fs::remove_all(dir);
}

TEST_CASE("repair on an add-path network: symsim does not encode add-path, so no patch goes out unverified") {
  // lab scenario bgp-add-path: c1 forwards over both exits only because rr sends it all paths;
  // symsim's rr sends its best (e1's) alone, so its c1 keeps the one path the intent wants.
  fs::path snap = fs::temp_directory_path() / ("routefix-e2e-add-path-" + std::to_string(::getpid()));
  fs::remove_all(snap);
  fs::copy(fs::path(ROUTEFIX_SOURCE_DIR) / "tests/lab/scenarios/bgp-add-path", snap, fs::copy_options::recursive);
  std::ofstream(snap / "intents.yaml") << "intents:\n"
                                          "  - {name: c1-exits-at-e1, type: path, from: c1, to: 203.0.113.1, path: [c1, e1, x]}\n";
  auto verify = runRoutefix({"verify", snap.string(), "--format", "json"});
  CHECK(verify.exit_code == 1);  // the simulator follows add-path: c1 also forwards over e2
  auto repair = runRoutefix({"repair", snap.string(), "--format", "json"});
  REQUIRE_MESSAGE(repair.exit_code <= 1, repair.err);
  auto out = repair.json();
  CHECK(out["status"] != "already-satisfied");
  if (out["status"] == "repaired") CHECK(out["verified"] == true);
  fs::remove_all(snap);
}
