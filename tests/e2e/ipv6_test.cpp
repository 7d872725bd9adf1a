// IPv6 end to end (issue 16) on a small dual-stack snapshot, the FRR lab scenario
// dual-stack-diamond (real FRR agrees on its routes): r1 (AS 65001) reaches r4 (AS 65004)
// over r2 and r3 (both AS 65002), IPv6 carried on IPv4 sessions (MP-BGP) except r3 - r4, an
// IPv6 session; r1 prefers r2 (local-pref 200) and filters 2001:db8:99::/48 from both with an
// `ipv6 prefix-list`. Every intent type with an IPv6 destination, failure scenarios, trace,
// diff, diagnose of the IPv6 error classes, and the messages for bad IPv6 input.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/e2e/run_routefix.h"
#include "tests/e2e/scratch_dir.h"

using nlohmann::json;
using routefix::e2e::runRoutefix;
using routefix::e2e::ScratchDir;

namespace {

const std::string kDiamond = "tests/lab/scenarios/dual-stack-diamond";

json intentNamed(const json& report, const std::string& name) {
  for (const auto& i : report["intents"])
    if (i["name"] == name) return i;
  FAIL("no intent " << name);
  return {};
}

std::vector<std::string> nodesOf(const json& path) {
  std::vector<std::string> out;
  for (const auto& h : path["hops"]) out.push_back(h["node"]);
  return out;
}

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The diamond copied into a scratch folder with `from` replaced by `to` in configs/FILE.
std::filesystem::path brokenDiamond(const ScratchDir& dir, const std::string& file, const std::string& from,
                                    const std::string& to) {
  auto root = dir.copy(kDiamond, "snapshot");
  auto path = root / "configs" / file;
  std::string text = readFile(path);
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  return root;
}

// The 1-based line of `text` in the file (the first one that holds it).
int lineOf(const std::filesystem::path& file, const std::string& text) {
  std::ifstream in(file);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.find(text) != std::string::npos) return n;
  return 0;
}

}  // namespace

TEST_CASE("every intent type with an IPv6 destination holds on the dual-stack diamond") {
  auto r = runRoutefix({"verify", kDiamond, "--format", "json"});
  CAPTURE(r.err);
  CHECK(r.exit_code == 0);
  json j = r.json();
  for (const char* name : {"lan4-reachable", "guest-isolated", "via-r2", "primary-path", "backup-path", "lan1-ecmp",
                           "r1-learns-lan4", "no-guest-route", "lan4-loop-free", "blackhole-free-10"}) {
    CAPTURE(name);
    CHECK(intentNamed(j, name)["status"] == "pass");
  }
  CHECK(j["summary"]["passed"] == 10);
  CHECK(j["summary"]["failed"] == 0);
  // lan4-reachable asks for any single link failure: all four were simulated.
  CHECK(intentNamed(j, "lan4-reachable")["scenarios_checked"].get<int>() >= 4);
}

TEST_CASE("failing IPv6 intents: the counterexample path and the routes along it") {
  auto r = runRoutefix({"verify", kDiamond, "--intents", kDiamond + "/failing.yaml", "--format", "json"});
  CAPTURE(r.err);
  CHECK(r.exit_code == 1);
  json j = r.json();
  json waypoint = intentNamed(j, "lan1-via-r3");
  REQUIRE(waypoint["status"] == "fail");
  const json& c = waypoint["counterexample"];
  CHECK(c["source"] == "r4");
  CHECK(c["address"] == "2001:db8:a1::1");
  // r4 splits the traffic over r2 and r3 (eBGP multipath); the path over r2 misses r3.
  REQUIRE(c["paths"].size() == 2);
  bool viaR2 = false;
  for (const auto& p : c["paths"]) {
    CHECK(p["outcome"] == "delivered");
    if (nodesOf(p) == std::vector<std::string>{"r4", "r2", "r1"}) viaR2 = true;
  }
  CHECK(viaR2);
  CHECK(c["reason"].get<std::string>().find("r4 -> r2 -> r1") != std::string::npos);
  bool r4Route = false;
  for (const auto& route : c["routes"])
    if (route["node"] == "r4" && route["prefix"] == "2001:db8:a1::/64") {
      r4Route = true;
      CHECK(route["protocol"] == "bgp");
      CHECK(route["next_hops"].size() == 2);
    }
  CHECK(r4Route);

  json loopback = intentNamed(j, "loopback4-reachable");
  REQUIRE(loopback["status"] == "fail");
  CHECK(loopback["counterexample"]["address"] == "2001:db8:ff::4");
  CHECK(loopback["counterexample"]["paths"][0]["outcome"] == "no-route");
  CHECK(nodesOf(loopback["counterexample"]["paths"][0]) == std::vector<std::string>{"r1"});
  // Nobody announces r4's IPv6 loopback: the finding is r4's BGP instance.
  CHECK(loopback["counterexample"]["location"]["file"] == "configs/r4.conf");
  CHECK(loopback["counterexample"]["location"]["line"] ==
        lineOf(std::filesystem::path(ROUTEFIX_SOURCE_DIR) / kDiamond / "configs/r4.conf", "router bgp 65004"));
}

TEST_CASE("verify --failures 1 simulates IPv6 routing again in each failure scenario") {
  auto r = runRoutefix({"verify", kDiamond, "--failures", "1", "--format", "json"});
  CAPTURE(r.err);
  CHECK(r.exit_code == 1);
  json j = r.json();
  // Rerouted, not stranded: with r1 - r2 down r1 reaches r4's LAN over r3.
  CHECK(intentNamed(j, "lan4-reachable")["status"] == "pass");
  CHECK(intentNamed(j, "guest-isolated")["status"] == "pass");
  json waypoint = intentNamed(j, "via-r2");
  REQUIRE(waypoint["status"] == "fail");
  const json& c = waypoint["counterexample"];
  REQUIRE(c["failed_links"].size() == 1);
  REQUIRE(c["paths"].size() == 1);
  CHECK(nodesOf(c["paths"][0]) == std::vector<std::string>{"r1", "r3", "r4"});
  CHECK(c["paths"][0]["outcome"] == "delivered");
  // With a link of the diamond down r4 has one path left to r1's LAN (the baseline's tables
  // would still count two).
  json ecmp = intentNamed(j, "lan1-ecmp");
  CHECK(ecmp["status"] == "fail");
  CHECK(ecmp["counterexample"]["failed_links"].size() == 1);
  CHECK(intentNamed(j, "r1-learns-lan4")["status"] == "fail");
  CHECK(intentNamed(j, "primary-path")["status"] == "fail");
}

TEST_CASE("trace of an IPv6 address follows the IPv6 tables") {
  auto r = runRoutefix({"trace", kDiamond, "--from", "r1", "--to", "2001:db8:a4::9", "--format", "json"});
  CAPTURE(r.err);
  REQUIRE(r.exit_code == 0);
  json j = r.json();
  CHECK(j["from"] == "r1");
  CHECK(j["to"] == "2001:db8:a4::9");
  REQUIRE(j["paths"].size() == 1);
  CHECK(nodesOf(j["paths"][0]) == std::vector<std::string>{"r1", "r2", "r4"});
  CHECK(j["paths"][0]["hops"][0]["interface"] == "eth-r2");
  CHECK(j["paths"][0]["outcome"] == "delivered");
  CHECK(j["paths"][0]["at"] == "r4");

  // ECMP: r4 to r1's LAN, one path each way, the IPv6 session to r3 included.
  auto back = runRoutefix({"trace", kDiamond, "--from", "r4", "--to", "2001:db8:a1::5", "--format", "json"});
  REQUIRE(back.exit_code == 0);
  CHECK(back.json()["paths"].size() == 2);
  // r1 filters the guest prefix: no route.
  auto guest = runRoutefix({"trace", kDiamond, "--from", "r1", "--to", "2001:db8:99::1", "--format", "json"});
  REQUIRE(guest.exit_code == 0);
  CHECK(guest.json()["paths"][0]["outcome"] == "no-route");
  // The IPv4 trace is what it was.
  auto v4 = runRoutefix({"trace", kDiamond, "--from", "r1", "--to", "10.4.0.9", "--format", "json"});
  REQUIRE(v4.exit_code == 0);
  CHECK(nodesOf(v4.json()["paths"][0]) == std::vector<std::string>{"r1", "r2", "r4"});
  // Text form names the address.
  auto text = runRoutefix({"trace", kDiamond, "--from", "r1", "--to", "2001:db8:a4::9"});
  CHECK(text.out.find("2001:db8:a4::9") != std::string::npos);
}

TEST_CASE("draw takes an IPv6 address") {
  auto r = runRoutefix({"draw", kDiamond, "--from", "r1", "--to", "2001:db8:a4::9", "--format", "json"});
  CAPTURE(r.err);
  REQUIRE(r.exit_code == 0);
  json j = r.json();
  CHECK(j.dump().find("2001:db8:a4::9") != std::string::npos);
  auto byIntent = runRoutefix({"draw", kDiamond, "--intent", "via-r2", "--format", "text"});
  CHECK(byIntent.exit_code == 0);
  CHECK(byIntent.out.find("r2") != std::string::npos);
}

TEST_CASE("malformed or impossible IPv6 input is exit 2 with a message") {
  auto badTrace = runRoutefix({"trace", kDiamond, "--from", "r1", "--to", "2001:db8::zz"});
  CHECK(badTrace.exit_code == 2);
  CHECK(badTrace.err.find("2001:db8::zz") != std::string::npos);
  auto badDraw = runRoutefix({"draw", kDiamond, "--from", "r1", "--to", "2001:db8:::1"});
  CHECK(badDraw.exit_code == 2);

  ScratchDir dir("ipv6-input");
  for (const auto& [to, message] : std::vector<std::pair<std::string, std::string>>{
           {"2001:db8::/129", "malformed prefix '2001:db8::/129'"},
           {"2001:db8:a4::1/64", "has host bits set (did you mean 2001:db8:a4::/64?)"},
           {"fe80::1%eth0", "malformed prefix"}}) {
    CAPTURE(to);
    dir.write("intents.yaml", "intents:\n  - type: reachability\n    from: [r1]\n    to: \"" + to + "\"\n");
    auto r = runRoutefix({"verify", kDiamond, "--intents", (dir / "intents.yaml").string()});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(message) != std::string::npos);
    CHECK(r.err.find("intents.yaml") != std::string::npos);
  }
}

TEST_CASE("diff: a lost IPv6 network statement shows as IPv6 route changes, lost reachability and a regressed intent") {
  ScratchDir dir("ipv6-diff");
  auto broken = brokenDiamond(dir, "r4.conf", "  network 2001:db8:a4::/64\n", "");
  auto r = runRoutefix({"diff", kDiamond, broken.string(), "--intents", kDiamond + "/intents.yaml", "--format", "json"});
  CAPTURE(r.err);
  CHECK(r.exit_code == 1);
  json j = r.json();
  bool removed = false;
  for (const auto& c : j["routes"])
    if (c["node"] == "r1" && c["prefix"] == "2001:db8:a4::/64" && c["change"] == "removed") removed = true;
  CHECK(removed);
  bool lost = false;
  for (const auto& c : j["reachability"])
    if (c["source"] == "r1" && c["destination"] == "2001:db8:a4::/64" && c["change"] == "lost") lost = true;
  CHECK(lost);
  bool regressed = false;
  for (const auto& i : j["intents"])
    if (i["name"] == "lan4-reachable" && i["before"] == "pass" && i["after"] == "fail") regressed = true;
  CHECK(regressed);
}

// The IPv6 error classes of issue 16 item 5: diagnose names the line that stopped the route
// and the one the minimal verified repair changes.
TEST_CASE("diagnose of the IPv6 error classes") {
  struct Case {
    std::string name, file, from, to;  // the injected error
    std::string blamedFile, blamedLine;  // the line diagnose must name
  };
  const std::vector<Case> cases = {
      {"prefix-list entry", "r1.conf", "seq 5 deny 2001:db8:99::/48 le 64", "seq 5 deny 2001:db8:a4::/48 le 64",
       "configs/r1.conf", "ipv6 prefix-list FROM-CORE seq 5 deny 2001:db8:a4::/48 le 64"},
      {"missing activate", "r4.conf", "  neighbor 10.24.0.2 activate\n", "", "configs/r4.conf",
       "neighbor 10.24.0.2 remote-as 65002"},
      {"missing network", "r4.conf", "  network 2001:db8:a4::/64\n", "", "configs/r4.conf", "router bgp 65004"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.name);
    ScratchDir dir("ipv6-repair");
    auto broken = brokenDiamond(dir, c.file, c.from, c.to);
    // An intent each error breaks: r2 must learn r4's LAN (the activate case leaves r1 its
    // path over r3), and r1 must reach it.
    dir.write("intents.yaml",
              "intents:\n"
              "  - {name: r2-learns-lan4, type: route, node: r2, prefix: \"2001:db8:a4::/64\"}\n"
              "  - {name: r1-reaches-lan4, type: reachability, from: [r1], to: \"2001:db8:a4::/64\"}\n");
    std::string intents = (dir / "intents.yaml").string();
    auto d = runRoutefix({"diagnose", broken.string(), "--intents", intents, "--format", "json"});
    CAPTURE(d.err);
    REQUIRE(d.exit_code == 1);
    bool hit = false, minimal = false;
    json findings = d.json()["findings"];
    for (const auto& f : findings) {
      std::string text = f["text"];
      if (f["file"] == c.blamedFile && text.find(c.blamedLine) != std::string::npos) hit = true;
      if (f["kind"] == "minimal-change" && f["file"] == c.blamedFile) minimal = true;
    }
    CAPTURE(d.out);
    CHECK(hit);
    CHECK(minimal);  // the line the verified repair changes (repair: repair_ipv6_vrf_test.cpp)
  }
}
