// BGP next hops that only another BGP route reaches: FRR resolves them recursively over its
// whole RIB (zebra's next-hop tracking), and so does simulate(), in rounds.
#include <doctest/doctest.h>

#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

TEST_CASE("an iBGP next hop resolves over a BGP route learned from the same peer") {
  // r1 (65001) -eBGP- r2 (65002) -iBGP- r3 (65002), no IGP. r2 passes r1's prefix on with
  // r1's address as next hop (no next-hop-self) and redistributes its connected subnets,
  // so r3 reaches that next hop only through the BGP route to the r1-r2 subnet.
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3"}) b.router(n);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r2", "r3", "10.0.23.0/30");
  b.iface("r1", "lan", "10.1.0.1/24");
  b.bgp("r1", 65001);
  b.bgp("r2", 65002);
  b.bgp("r3", 65002);
  b.ebgp("r1", "r2");
  b.neighbor("r2", "10.0.23.2", 65002);
  b.neighbor("r3", "10.0.23.1", 65002);
  b.network("r1", "10.1.0.0/24");
  b.dev("r2").bgp->redistributions.emplace_back().source = RouteSource::Connected;
  auto dp = simulate(b.build());
  const Route* via = routeAt(dp, "r3", "10.0.12.0/30");
  REQUIRE(via);
  CHECK(via->protocol == Protocol::Ibgp);
  const Route* r = routeAt(dp, "r3", "10.1.0.0/24");
  REQUIRE(r);
  CHECK(r->protocol == Protocol::Ibgp);
  REQUIRE(r->protocol_next_hops.size() == 1);
  CHECK(r->protocol_next_hops[0].ip == Ipv4::parse("10.0.12.1"));
  REQUIRE(r->next_hops.size() == 1);
  CHECK(r->next_hops[0].node == "r2");
  CHECK(r->next_hops[0].ip == Ipv4::parse("10.0.23.1"));
}
