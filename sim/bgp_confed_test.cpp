// BGP confederations (RFC 5065): member ASes in confed segments that the path length does not
// count, iBGP attributes between members, the identifier towards the outside.
#include <doctest/doctest.h>

#include <tuple>

#include "sim/bgp_decision.h"
#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;
using routefix::sim::detail::AsPathTable;
using routefix::sim::detail::BgpPath;
using routefix::sim::detail::DecisionOptions;

namespace {

// ext9 (AS 900) - r1 (member 65001) - r2 (member 65002) - ext8 (AS 800); r1 and r2 form
// confederation 100. ext9 announces 10.9.0.0/24; r1 sets local-pref 250 on it.
NetworkBuilder confederation() {
  NetworkBuilder b;
  for (auto n : {"ext8", "ext9", "r1", "r2"}) b.router(n);
  b.link("ext9", "r1", "10.0.91.0/30");
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r2", "ext8", "10.0.28.0/30");
  b.iface("ext9", "lan", "10.9.0.1/24");
  b.bgp("ext9", 900);
  b.bgp("ext8", 800);
  for (auto [n, asn, peer] : {std::tuple{"r1", 65001u, 65002u}, std::tuple{"r2", 65002u, 65001u}}) {
    auto& bgp = b.bgp(n, asn);
    bgp.confederation_id = 100;
    bgp.confederation_peers = {peer};
  }
  b.neighbor("ext9", "10.0.91.2", 100);
  b.neighbor("r1", "10.0.91.1", 900);
  b.neighbor("r1", "10.0.12.2", 65002);
  b.neighbor("r2", "10.0.12.1", 65001);
  b.neighbor("r2", "10.0.28.2", 800);
  b.neighbor("ext8", "10.0.28.1", 100);
  for (auto n : {"ext8", "ext9", "r1", "r2"}) b.dev(n).bgp->ebgp_requires_policy = false;
  b.dev("r1").route_policies["LP"] = RoutePolicy{};
  b.dev("r1").route_policies["LP"].name = "LP";
  PolicyClause c;
  c.seq = 10;
  PolicySet lp;
  lp.kind = PolicySet::Kind::LocalPref;
  lp.value = 250;
  c.sets.push_back(lp);
  b.dev("r1").route_policies["LP"].clauses.push_back(c);
  b.dev("r1").bgp->neighbors[0].import_policies = {"LP"};
  // r2 reaches the ext9 link through r1 (the next hop stays ext9's address inside).
  b.dev("r2").static_routes.push_back(
      StaticRoute{*Prefix::parse("10.0.91.0/30"), Ipv4::parse("10.0.12.1"), "", false, 1, 0, {}});
  b.network("ext9", "10.9.0.0/24");
  return b;
}

}  // namespace

TEST_CASE("confederation: members exchange routes as confed-eBGP, outsiders see the identifier") {
  auto dp = simulate(confederation().build());
  for (const auto& s : dp.sessions) CHECK_MESSAGE(s.established, s.node, " ", s.peer_ip.str(), " ", s.reason);

  const Route* r2 = routeAt(dp, "r2", "10.9.0.0/24");
  REQUIRE(r2);
  CHECK(r2->protocol == Protocol::Bgp);  // shown as eBGP ...
  CHECK(r2->admin_distance == 200);      // ... with the iBGP distance
  CHECK(r2->as_path == std::vector<uint32_t>{65001, 900});  // (65001) 900
  CHECK(r2->local_pref == 250u);                            // kept between members
  REQUIRE(r2->protocol_next_hops.size() == 1);
  CHECK(r2->protocol_next_hops[0].ip == Ipv4::parse("10.0.91.1"));  // next hop unchanged

  const Route* out = routeAt(dp, "ext8", "10.9.0.0/24");
  REQUIRE(out);
  CHECK(out->as_path == std::vector<uint32_t>{100, 900});  // confed segment replaced
  CHECK(out->next_hops[0].ip == Ipv4::parse("10.0.28.1"));
}

TEST_CASE("confederation: a member rejects a path that left the confederation and came back") {
  auto b = confederation();
  // r2 announces 10.2.0.0/24; it leaves as [100] to ext8, which passes it to ext9. ext9
  // prefers it from ext8 and offers it to r1 as [900 800 100], where r1's local-pref 250
  // would make it win, were the identifier 100 not a loop.
  b.iface("r2", "lan", "10.2.0.1/24");
  b.network("r2", "10.2.0.0/24");
  b.link("ext8", "ext9", "10.0.89.0/30");
  b.neighbor("ext8", "10.0.89.2", 900);
  auto& toExt8 = b.neighbor("ext9", "10.0.89.1", 800);
  toExt8.import_policies = {"LP"};
  b.dev("ext9").route_policies["LP"] = b.dev("r1").route_policies["LP"];
  auto dp = simulate(b.build());
  const Route* viaExt = routeAt(dp, "ext9", "10.2.0.0/24");
  REQUIRE(viaExt);
  CHECK(viaExt->as_path == std::vector<uint32_t>{800, 100});
  const Route* r1 = routeAt(dp, "r1", "10.2.0.0/24");
  REQUIRE(r1);
  CHECK(r1->as_path == std::vector<uint32_t>{65002});
}

TEST_CASE("AS paths: confed segments do not count in the length and are stripped on exit") {
  AsPathTable t;
  uint32_t p = t.fromSequence({900});
  uint32_t inside = t.prependConfed(t.prependConfed(p, 65001), 65002);
  CHECK(t.length(inside) == 1);
  CHECK(t.asns(inside) == std::vector<uint32_t>{65002, 65001, 900});
  CHECK(t.firstAs(inside) == 900);  // MED's neighbor AS skips the confed segment
  CHECK(t.count(inside, 65001) == 1);
  CHECK(t.withoutConfed(inside) == p);
  CHECK(t.prependConfed(p, 65001) != t.prepend(p, 65001));
}

TEST_CASE("decision: confed-eBGP beats iBGP after the IGP cost, and is no multipath member with it") {
  AsPathTable t;
  DecisionOptions o;
  o.maximum_paths_ibgp = 4;
  BgpPath confed, ibgp;
  confed.as_path = ibgp.as_path = t.fromSequence({900});
  confed.confed = true;
  confed.peer_router_id = 9;  // would lose on router id
  ibgp.peer_router_id = 1;
  confed.session = 1;
  ibgp.session = 2;
  auto step = routefix::sim::detail::comparePaths(confed, ibgp, t, o);
  CHECK(step.order < 0);
  CHECK_FALSE(step.multipath_equal);
  ibgp.igp_cost = 0;
  confed.igp_cost = 5;  // the IGP cost comes first
  CHECK(routefix::sim::detail::comparePaths(confed, ibgp, t, o).order > 0);
}

TEST_CASE("multipath (FRR): confed-eBGP paths need the same neighbour AS unless relaxed") {
  AsPathTable t;
  DecisionOptions o;
  o.multipath_match = routefix::model::MultipathMatch::AsPathInternalNeighborAsExternal;
  BgpPath a, b;
  a.confed = b.confed = true;
  a.as_path = t.prependConfed(t.fromSequence({900}), 65501);
  b.as_path = t.prependConfed(t.fromSequence({800}), 65507);
  a.session = 1;
  b.session = 2;
  CHECK_FALSE(routefix::sim::detail::comparePaths(a, b, t, o).multipath_equal);
  b.as_path = t.prependConfed(t.fromSequence({800}), 65501);
  CHECK(routefix::sim::detail::comparePaths(a, b, t, o).multipath_equal);
  b.as_path = t.prependConfed(t.fromSequence({800}), 65507);
  o.multipath_relax = true;
  CHECK(routefix::sim::detail::comparePaths(a, b, t, o).multipath_equal);
}
