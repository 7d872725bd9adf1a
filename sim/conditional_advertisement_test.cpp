// Conditional advertisement (FRR `neighbor X advertise-map A exist-map|non-exist-map C`),
// semantics/conditional_advertisement.h: the scan over the router's table, the two update
// types, the advertise-map's sets replacing the outbound route-map, and a flapping pair.
#include <doctest/doctest.h>

#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

namespace {

void prefixList(NetworkBuilder& b, const std::string& node, const std::string& name, const std::string& prefix) {
  PrefixList l;
  l.name = name;
  PrefixListEntry e;
  e.seq = 5;
  e.prefix = *Prefix::parse(prefix);
  l.entries.push_back(e);
  b.dev(node).prefix_lists[name] = l;
}

// A route-map of one permit clause matching prefix-list `list`, with `sets`.
void matching(NetworkBuilder& b, const std::string& node, const std::string& map, const std::string& list,
              std::vector<PolicySet> sets = {}) {
  RoutePolicy p;
  p.name = map;
  PolicyClause c;
  c.seq = 10;
  PolicyMatch m;
  m.kind = PolicyMatch::Kind::PrefixList;
  m.names = {list};
  c.matches = {m};
  c.sets = std::move(sets);
  p.clauses.push_back(c);
  b.dev(node).route_policies[map] = p;
}

BgpNeighbor& statement(NetworkBuilder& b, const std::string& node, const std::string& peer) {
  auto* n = const_cast<BgpNeighbor*>(
      b.dev(node).bgp->findNeighbor(b.dev(peer).findInterface("to-" + node)->address->address));
  REQUIRE(n);
  return *n;
}

PolicySet community(uint32_t value) {
  PolicySet s;
  s.kind = PolicySet::Kind::Community;
  s.communities = {Community{value}};
  return s;
}

// r3 (65003) - r2 (65002) - r1 (65001). r2 originates 10.2.1.0/24 and 10.2.2.0/24 and sends
// to r1 under `advertise-map ADV (10.2.1.0/24, set community 65002:1) exist-map|non-exist-map
// COND (10.3.0.0/24)`; r3 originates 10.3.0.0/24 when `condition` holds.
NetworkBuilder conditional(bool exist, bool condition, const std::string& outMap) {
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3"}) b.router(n);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r2", "r3", "10.0.23.0/30");
  b.iface("r2", "lan1", "10.2.1.1/24");
  b.iface("r2", "lan2", "10.2.2.1/24");
  b.iface("r3", "lan", "10.3.0.1/24");
  b.bgp("r1", 65001);
  b.bgp("r2", 65002);
  b.bgp("r3", 65003);
  b.ebgp("r1", "r2");
  b.ebgp("r2", "r3");
  b.network("r2", "10.2.1.0/24");
  b.network("r2", "10.2.2.0/24");
  if (condition) b.network("r3", "10.3.0.0/24");
  prefixList(b, "r2", "ADV", "10.2.1.0/24");
  prefixList(b, "r2", "COND", "10.3.0.0/24");
  matching(b, "r2", "ADV", "ADV", {community((65002u << 16) | 1)});
  matching(b, "r2", "COND", "COND");
  RoutePolicy deny;
  deny.name = "DENY";
  PolicyClause c;
  c.seq = 10;
  c.action = ClauseAction::Deny;
  deny.clauses.push_back(c);
  b.dev("r2").route_policies["DENY"] = deny;
  auto& n = statement(b, "r2", "r1");
  n.export_policies = {outMap};
  n.conditional_advertisement = BgpConditionalAdvertisement{"ADV", "COND", exist};
  return b;
}

}  // namespace

TEST_CASE("exist-map met: the advertise-map's routes go with its sets, past an outbound map that denies all") {
  // topotest bgp_conditional_advertisement_static_route: `route-map deny-all out` beside the
  // advertise-map; r1 gets the advertise-map's route with its community, and nothing else.
  auto dp = simulate(conditional(true, true, "DENY").build());
  const Route* r = routeAt(dp, "r1", "10.2.1.0/24");
  REQUIRE(r);
  CHECK(std::vector<Community>(r->communities.begin(), r->communities.end()) ==
        std::vector<Community>{Community{(65002u << 16) | 1}});
  CHECK_FALSE(routeAt(dp, "r1", "10.2.2.0/24"));
  CHECK(routeAt(dp, "r1", "10.3.0.0/24") == nullptr);
}

TEST_CASE("exist-map not met: the advertise-map's routes are withheld, the others go as usual") {
  auto dp = simulate(conditional(true, false, "ALL").build());
  CHECK_FALSE(routeAt(dp, "r1", "10.2.1.0/24"));
  CHECK(routeAt(dp, "r1", "10.2.2.0/24"));
}

TEST_CASE("non-exist-map: withheld while the condition's route is in the table, sent once it is not") {
  auto present = simulate(conditional(false, true, "ALL").build());
  CHECK_FALSE(routeAt(present, "r1", "10.2.1.0/24"));
  CHECK(routeAt(present, "r1", "10.2.2.0/24"));
  CHECK(routeAt(present, "r1", "10.3.0.0/24"));
  auto absent = simulate(conditional(false, false, "ALL").build());
  CHECK(routeAt(absent, "r1", "10.2.1.0/24"));
}

TEST_CASE("the condition counts the router's own originations") {
  // COND matches 10.2.2.0/24, which r2 originates itself: exist-map met.
  auto b = conditional(true, false, "DENY");
  prefixList(b, "r2", "COND", "10.2.2.0/24");
  CHECK(routeAt(simulate(b.build()), "r1", "10.2.1.0/24"));
}

TEST_CASE("an undefined advertise-map or condition map leaves the session as without the statement") {
  auto b = conditional(true, false, "ALL");
  statement(b, "r2", "r1").conditional_advertisement->condition_map = "NOWHERE";
  auto dp = simulate(b.build());
  CHECK(routeAt(dp, "r1", "10.2.1.0/24"));
  CHECK(routeAt(dp, "r1", "10.2.2.0/24"));
}

TEST_CASE("a condition on a route another condition withholds settles in later rounds") {
  // r2 withholds 10.2.1.0/24 from r1 (non-exist-map, r3's route present); r1 sends its
  // 10.1.0.0/24 to r2 only while it has 10.2.1.0/24 (exist-map). Both start in Advertise:
  // round 1 gives r1 the route, round 2 takes it away, round 3 withdraws r1's.
  auto b = conditional(false, true, "ALL");
  b.iface("r1", "lan", "10.1.0.1/24");
  b.network("r1", "10.1.0.0/24");
  prefixList(b, "r1", "ADV", "10.1.0.0/24");
  prefixList(b, "r1", "COND", "10.2.1.0/24");
  matching(b, "r1", "ADV", "ADV");
  matching(b, "r1", "COND", "COND");
  statement(b, "r1", "r2").conditional_advertisement = BgpConditionalAdvertisement{"ADV", "COND", true};
  auto dp = simulate(b.build());
  CHECK_FALSE(routeAt(dp, "r1", "10.2.1.0/24"));
  CHECK_FALSE(routeAt(dp, "r2", "10.1.0.0/24"));
  CHECK(routeAt(dp, "r3", "10.2.2.0/24"));
  CHECK(dp.warnings.empty());
}

TEST_CASE("two conditions that undo each other are reported as flapping") {
  // r2 sends 10.2.1.0/24 to r1 while 10.1.0.0/24 is absent (non-exist-map); r1 sends
  // 10.1.0.0/24 to r2 while 10.2.1.0/24 is present (exist-map): FRR's scans flip for ever.
  auto b = conditional(false, false, "ALL");
  prefixList(b, "r2", "COND", "10.1.0.0/24");
  b.iface("r1", "lan", "10.1.0.1/24");
  b.network("r1", "10.1.0.0/24");
  prefixList(b, "r1", "ADV", "10.1.0.0/24");
  prefixList(b, "r1", "COND", "10.2.1.0/24");
  matching(b, "r1", "ADV", "ADV");
  matching(b, "r1", "COND", "COND");
  statement(b, "r1", "r2").conditional_advertisement = BgpConditionalAdvertisement{"ADV", "COND", true};
  auto dp = simulate(b.build());
  bool reported = false;
  for (const auto& w : dp.warnings) reported = reported || w.find("does not settle") != std::string::npos;
  CHECK(reported);
}
