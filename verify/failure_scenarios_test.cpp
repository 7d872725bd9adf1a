// k-failure checking against brute force: every set of up to k failed links simulated and
// checked, compared with the pruned search.
#include "verify/failure_scenarios.h"

#include <doctest/doctest.h>

#include "parser/parser.h"
#include "verify/intent_loader.h"
#include "verify/test_snapshot.h"

using namespace routefix;
using verify::testing::TempSnapshot;

namespace {

// Holds iff the intent holds in every scenario of up to k failed links.
bool bruteForce(const model::Network& net, const verify::Intent& intent, uint32_t k) {
  std::vector<std::set<model::Link>> sets = {{}};
  for (uint32_t size = 1; size <= k; ++size) {
    std::vector<std::set<model::Link>> next;
    for (const auto& s : sets) {
      if (s.size() != size - 1) continue;
      for (const auto& l : net.links)
        if (s.empty() || *s.rbegin() < l) {
          auto grown = s;
          grown.insert(l);
          next.push_back(grown);
        }
    }
    sets.insert(sets.end(), next.begin(), next.end());
  }
  for (const auto& failed : sets) {
    sim::SimulationOptions o;
    o.failed_links = failed;
    if (!verify::checkIntent(net, sim::simulate(net, o), intent, o).holds) return false;
  }
  return true;
}

void compareWithBruteForce(const std::filesystem::path& root, const std::string& yaml, uint32_t k,
                           verify::ScenarioStats& stats) {
  model::Network net = parser::loadSnapshot(root);
  auto intents = verify::parseIntents(yaml, "test.yaml", net);
  sim::DataPlane baseline = sim::simulate(net);
  auto verdicts = verify::checkUnderFailures(net, baseline, intents, k, stats);
  for (size_t i = 0; i < intents.size(); ++i) {
    INFO("intent " << intents[i].name);
    bool expected = bruteForce(net, intents[i], k);
    CHECK(verdicts[i].result.holds == expected);
    if (verdicts[i].result.holds) continue;
    // The reported scenario really breaks the intent.
    sim::SimulationOptions o;
    o.failed_links = verdicts[i].result.counterexample->failed_links;
    CHECK(o.failed_links.size() <= k);
    CHECK_FALSE(verify::checkIntent(net, sim::simulate(net, o), intents[i], o).holds);
  }
}

const char* kBranchIntents = R"(intents:
  - {name: hq-branch, type: reachability, from: [hq, core1, core2], to: 10.40.0.0/24}
  - {name: branch-hq, type: reachability, from: [branch], to: 10.1.0.0/24}
  - {name: core-loopbacks, type: reachability, from: [core1], to: 10.255.0.2/32}
  - {name: hq-core2-path, type: path, from: hq, to: 10.255.0.2/32, path: [hq, core2]}
  - {name: no-loops, type: loop-free, to: 10.40.0.0/24}
)";

}  // namespace

TEST_CASE("single-homed branch: pruned k=1 and k=2 agree with brute force, with the failing link") {
  TempSnapshot s("branch-single-homed");
  verify::ScenarioStats stats;
  compareWithBruteForce(s.root(), kBranchIntents, 1, stats);
  CHECK(stats.possible == 5);  // five links
  CHECK(stats.simulated < stats.possible);
  verify::ScenarioStats two;
  compareWithBruteForce(s.root(), kBranchIntents, 2, two);

  model::Network net = parser::loadSnapshot(s.root());
  auto intents = verify::parseIntents(kBranchIntents, "test.yaml", net);
  verify::ScenarioStats ignored;
  auto verdicts = verify::checkUnderFailures(net, sim::simulate(net), intents, 1, ignored);
  REQUIRE_FALSE(verdicts[0].result.holds);
  const auto& failed = verdicts[0].result.counterexample->failed_links;
  REQUIRE(failed.size() == 1);
  std::set<std::string> ends = {failed.begin()->a, failed.begin()->b};
  CHECK(ends == std::set<std::string>{"branch", "core1"});
}

TEST_CASE("dual-homed branch (fixed): holds under any single failure, pruned and brute force agree") {
  TempSnapshot s("branch-single-homed", {{"configs/branch.cfg", " network 10.0.1.0 0.0.0.3 area 0\n",
                                          " network 10.0.1.0 0.0.0.3 area 0\n network 10.0.2.0 0.0.0.3 area 0\n"}});
  verify::ScenarioStats stats;
  compareWithBruteForce(s.root(), kBranchIntents, 1, stats);
  compareWithBruteForce(s.root(), kBranchIntents, 2, stats);
}

TEST_CASE("eBGP triangle with a firewall: failures agree with brute force") {
  TempSnapshot s("firewall-bypass");
  verify::ScenarioStats stats;
  compareWithBruteForce(s.root(), R"(intents:
  - {name: reach, type: reachability, from: [campus], to: 10.50.0.0/24}
  - {name: back, type: reachability, from: [dc-gw], to: 10.60.0.0/24}
  - {name: waypoint, type: waypoint, from: [dc-gw], to: 10.60.0.0/24, through: [fw1]}
  - {name: route, type: route, node: fw1, prefix: 10.60.0.0/24, next_hop_node: campus}
)",
                        2, stats);
}

TEST_CASE("relevant links: the routes towards the destination, and all links with no destination") {
  TempSnapshot s("branch-single-homed");
  model::Network net = parser::loadSnapshot(s.root());
  sim::DataPlane dp = sim::simulate(net);
  // Everyone reaches the branch LAN over core1's uplink: core1 directly, hq and core2 via core1.
  std::set<std::set<std::string>> pairs;
  for (const auto& l : verify::relevantLinks(net, dp, {*model::Prefix::parse("10.40.0.0/24")}, {}))
    pairs.insert({l.a, l.b});
  CHECK(pairs == std::set<std::set<std::string>>{{"branch", "core1"}, {"core1", "core2"}, {"core1", "hq"}});
  CHECK(verify::relevantLinks(net, dp, {}, {}).size() == net.links.size());
}

TEST_CASE("every link that carries a BGP session is relevant") {
  TempSnapshot s("campus-prefix-typo");
  model::Network net = parser::loadSnapshot(s.root());
  sim::DataPlane dp = sim::simulate(net);
  // eBGP over each direct link: every link carries a session, so every link matters.
  CHECK(verify::relevantLinks(net, dp, {*model::Prefix::parse("10.30.0.0/24")}, {}).size() == net.links.size());
}
