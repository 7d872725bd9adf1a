// Every intent type, holding and violated, on the bundled examples and small hand-written
// networks; the counterexamples are checked, not just the verdicts.
#include "verify/intent_check.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "parser/parser.h"
#include "verify/forwarding.h"
#include "verify/intent_loader.h"
#include "verify/test_snapshot.h"

using namespace routefix;
using verify::testing::TempSnapshot;

namespace {

struct Checked {
  model::Network network;
  sim::DataPlane dp;

  explicit Checked(const std::filesystem::path& root)
      : network(parser::loadSnapshot(root)), dp(sim::simulate(network)) {}

  verify::CheckResult check(const std::string& yaml) const {
    auto intents = verify::parseIntents("intents:\n" + yaml, "test.yaml", network);
    REQUIRE(intents.size() == 1);
    return verify::checkIntent(network, dp, intents.front(), {});
  }
};

std::vector<std::string> pathNodes(const sim::TracePath& p) {
  std::vector<std::string> n;
  for (const auto& h : p.hops) n.push_back(h.node);
  return n;
}

// r1 -- r2 -- r3 in OSPF; r1 and r3 speak iBGP over loopbacks; r3 originates its LAN into
// BGP only, so r2 (no BGP) has no route for it; r1 and r2 point static routes for
// 10.9.0.0/24 at each other.
void writeBgpFreeCore(const TempSnapshot& s) {
  s.write("configs/r1.cfg", R"(hostname r1
interface Loopback0
 ip address 10.255.0.1 255.255.255.255
interface GigabitEthernet0/1
 ip address 10.0.12.1 255.255.255.252
router ospf 1
 network 10.0.0.0 0.0.255.255 area 0
 network 10.255.0.1 0.0.0.0 area 0
router bgp 65000
 bgp router-id 10.255.0.1
 neighbor 10.255.0.3 remote-as 65000
 neighbor 10.255.0.3 update-source Loopback0
ip route 10.9.0.0 255.255.255.0 10.0.12.2
end
)");
  s.write("configs/r2.cfg", R"(hostname r2
interface Loopback0
 ip address 10.255.0.2 255.255.255.255
interface GigabitEthernet0/1
 ip address 10.0.12.2 255.255.255.252
interface GigabitEthernet0/2
 ip address 10.0.23.2 255.255.255.252
router ospf 1
 network 10.0.0.0 0.0.255.255 area 0
 network 10.255.0.2 0.0.0.0 area 0
ip route 10.9.0.0 255.255.255.0 10.0.12.1
end
)");
  s.write("configs/r3.cfg", R"(hostname r3
interface Loopback0
 ip address 10.255.0.3 255.255.255.255
interface GigabitEthernet0/0
 ip address 10.7.0.1 255.255.255.0
interface GigabitEthernet0/2
 ip address 10.0.23.3 255.255.255.252
router ospf 1
 network 10.0.0.0 0.0.255.255 area 0
 network 10.255.0.3 0.0.0.0 area 0
router bgp 65000
 bgp router-id 10.255.0.3
 network 10.7.0.0 mask 255.255.255.0
 neighbor 10.255.0.1 remote-as 65000
 neighbor 10.255.0.1 update-source Loopback0
 neighbor 10.255.0.1 next-hop-self
end
)");
}

}  // namespace

TEST_CASE("reachability and route intents on the campus prefix-list typo") {
  Checked c(std::filesystem::path(ROUTEFIX_SOURCE_DIR) / "examples/campus-prefix-typo");
  CHECK(c.check("  - {type: reachability, from: [site-a, site-b], to: 10.30.0.0/24}\n").holds);

  auto r = c.check("  - {type: reachability, from: [dc, site-a, site-b], to: 10.20.1.0/24}\n");
  REQUIRE_FALSE(r.holds);
  const auto& cex = *r.counterexample;
  CHECK(cex.source == "dc");
  CHECK(cex.failing_sources == std::vector<std::string>{"dc", "site-a"});
  REQUIRE(cex.paths.size() == 1);
  CHECK(cex.paths[0].outcome == sim::TraceOutcome::NoRoute);
  CHECK(cex.paths[0].at == "dc");
  CHECK(cex.reason.find("no route") != std::string::npos);
  // The typo'd prefix-list line on the core is the place to look.
  CHECK(cex.location.file == "configs/core.conf");
  CHECK(cex.location.first_line == 39);

  auto route = c.check("  - {type: route, node: core, prefix: 10.20.1.0/24, protocol: bgp, next_hop_node: site-b}\n");
  REQUIRE_FALSE(route.holds);
  CHECK(route.counterexample->reason == "core has no route for 10.20.1.0/24");
  CHECK(route.counterexample->location.first_line == 39);
  CHECK(c.check("  - {type: route, node: core, prefix: 10.10.1.0/24, protocol: bgp, next_hop_node: site-a}\n").holds);
  CHECK(c.check("  - {type: route, node: core, prefix: 10.20.1.0/24, present: false}\n").holds);
  auto absent = c.check("  - {type: route, node: core, prefix: 10.10.1.0/24, present: false}\n");
  REQUIRE_FALSE(absent.holds);
  CHECK(absent.counterexample->routes.at(0).node == "core");
  CHECK(c.check("  - {type: route, node: core, prefix: 10.10.1.0/24, protocol: ospf}\n").holds == false);
}

TEST_CASE("isolation holds where traffic cannot get through and fails where it can") {
  Checked c(std::filesystem::path(ROUTEFIX_SOURCE_DIR) / "examples/campus-prefix-typo");
  CHECK(c.check("  - {type: isolation, from: [site-a], to: 10.20.1.0/24}\n").holds);
  auto r = c.check("  - {type: isolation, from: [site-a], to: 10.30.0.0/24}\n");
  REQUIRE_FALSE(r.holds);
  CHECK(r.counterexample->paths.at(0).outcome == sim::TraceOutcome::Delivered);
  CHECK(pathNodes(r.counterexample->paths.at(0)) == std::vector<std::string>{"site-a", "core", "dc"});
}

TEST_CASE("waypoint, path and route on the firewall bypass; preference holds once fixed") {
  TempSnapshot broken("firewall-bypass");
  Checked c(broken.root());
  auto w = c.check("  - {type: waypoint, from: [campus], to: 10.50.0.0/24, through: [fw1]}\n");
  REQUIRE_FALSE(w.holds);
  CHECK(pathNodes(w.counterexample->paths.at(0)) == std::vector<std::string>{"campus", "dc-gw"});
  // The local-preference that wins over the firewall's route.
  CHECK(w.counterexample->location.file == "configs/campus.cfg");
  CHECK(w.counterexample->location.first_line == 29);
  CHECK(w.counterexample->routes.at(0).route.local_pref == 250u);
  CHECK(c.check("  - {type: waypoint, from: [dc-gw], to: 10.60.0.0/24, through: [fw1]}\n").holds);

  CHECK(c.check("  - {type: path, from: campus, to: 10.50.0.0/24, path: [campus, dc-gw]}\n").holds);
  auto p = c.check("  - {type: path, from: campus, to: 10.50.0.0/24, path: [campus, fw1, dc-gw]}\n");
  REQUIRE_FALSE(p.holds);
  CHECK(p.counterexample->reason.find("expected campus -> fw1 -> dc-gw") != std::string::npos);

  const char* preference =
      "  - {type: preference, from: campus, to: 10.50.0.0/24, paths: [[campus, fw1, dc-gw], [campus, dc-gw]]}\n";
  CHECK_FALSE(c.check(preference).holds);

  TempSnapshot fixed("firewall-bypass", {{"configs/campus.cfg", "set local-preference 250", "set local-preference 50"}});
  Checked f(fixed.root());
  CHECK(f.check("  - {type: waypoint, from: [campus], to: 10.50.0.0/24, through: [fw1]}\n").holds);
  CHECK(f.check(preference).holds);
  // A wrong second choice is found in the scenario where the first path is down.
  auto wrong = c.check(
      "  - {type: preference, from: campus, to: 10.50.0.0/24, paths: [[campus, dc-gw], [campus, fw1]]}\n");
  REQUIRE_FALSE(wrong.holds);
  REQUIRE(wrong.counterexample->failed_links.size() == 1);
  const auto& down = *wrong.counterexample->failed_links.begin();
  CHECK(((down.a == "campus" && down.b == "dc-gw") || (down.a == "dc-gw" && down.b == "campus")));
  CHECK(pathNodes(wrong.counterexample->paths.at(0)) == std::vector<std::string>{"campus", "fw1", "dc-gw"});
  CHECK(wrong.counterexample->reason.find("earlier preferred path") != std::string::npos);
}

TEST_CASE("multipath counts equal-cost paths that arrive") {
  TempSnapshot broken("branch-single-homed");
  Checked c(broken.root());
  auto m = c.check("  - {type: multipath, from: [hq], to: 10.40.0.0/24, min_paths: 2}\n");
  REQUIRE_FALSE(m.holds);
  CHECK(m.counterexample->reason.find("only 1 forwarding path") != std::string::npos);
  CHECK(c.check("  - {type: multipath, from: [hq], to: 10.40.0.0/24, min_paths: 1}\n").holds);

  TempSnapshot fixed("branch-single-homed", {{"configs/branch.cfg", " network 10.0.1.0 0.0.0.3 area 0\n",
                                              " network 10.0.1.0 0.0.0.3 area 0\n network 10.0.2.0 0.0.0.3 area 0\n"}});
  Checked f(fixed.root());
  CHECK(f.check("  - {type: multipath, from: [hq], to: 10.40.0.0/24, min_paths: 2}\n").holds);
}

TEST_CASE("loop-free and blackhole-free find the static loop and the BGP-free core") {
  TempSnapshot s("");
  writeBgpFreeCore(s);
  Checked c(s.root());
  auto loop = c.check("  - {type: loop-free}\n");
  REQUIRE_FALSE(loop.holds);
  CHECK(loop.counterexample->paths.at(0).outcome == sim::TraceOutcome::Loop);
  CHECK(verify::IntentType::LoopFree == verify::IntentType::LoopFree);
  CHECK(model::Prefix::parse("10.9.0.0/24")->contains(loop.counterexample->address->v4()));
  CHECK(c.check("  - {type: loop-free, to: 10.7.0.0/24}\n").holds);
  CHECK(c.check("  - {type: isolation, from: [r1], to: 10.9.0.0/24}\n").holds);

  auto hole = c.check("  - {type: blackhole-free}\n");
  REQUIRE_FALSE(hole.holds);
  const auto& p = hole.counterexample->paths.at(0);
  CHECK(pathNodes(p) == std::vector<std::string>{"r1", "r2"});
  CHECK(p.outcome == sim::TraceOutcome::NoRoute);
  CHECK(p.at == "r2");
  CHECK(c.check("  - {type: blackhole-free, to: 10.255.0.3/32}\n").holds);
}

TEST_CASE("representative addresses: every address forwards like its representative") {
  TempSnapshot s("");
  writeBgpFreeCore(s);
  Checked c(s.root());
  auto dest = *model::Prefix::parse("10.7.0.0/24");
  auto reps = verify::representativeAddresses(c.network, c.dp, dest);
  REQUIRE_FALSE(reps.empty());
  CHECK(std::find(reps.begin(), reps.end(), *model::Ipv4::parse("10.7.0.1")) != reps.end());
  auto signature = [&](const std::string& node, model::Ipv4 a) {
    std::string sig;
    for (const auto& p : sim::trace(c.network, c.dp, node, a).paths) {
      for (const auto& n : pathNodes(p)) sig += n + ",";
      sig += sim::outcomeName(p.outcome) + ";";
    }
    return sig;
  };
  for (uint32_t host = 0; host < 256; ++host) {
    model::Ipv4 a{dest.address.value + host};
    auto rep = std::upper_bound(reps.begin(), reps.end(), a);
    model::Ipv4 r = rep == reps.begin() ? reps.front() : *std::prev(rep);
    for (const char* node : {"r1", "r2", "r3"}) CHECK(signature(node, a) == signature(node, r));
  }
}
