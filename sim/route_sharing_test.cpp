// Routes that carry the same AS path, community set or next-hop set share one list (issue 17,
// item 3): a WAN's tens of millions of routes repeat a few thousand of each. Sharing must not
// show: the values stay what each route carries.
#include <doctest/doctest.h>

#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

TEST_CASE("BGP routes with the same AS path and communities share the lists") {
  auto b = ebgpChain();
  b.iface("r1", "lan2", "10.2.0.1/24");
  b.network("r1", "10.2.0.0/24");
  RoutePolicy tag;
  tag.name = "TAG";
  PolicyClause c;
  c.seq = 10;
  PolicySet s;
  s.kind = PolicySet::Kind::Community;
  s.communities = {*parseCommunity("65001:42"), *parseCommunity("65001:7")};
  c.sets.push_back(s);
  tag.clauses.push_back(c);
  b.dev("r1").route_policies["TAG"] = tag;
  b.dev("r1").bgp->neighbors[0].export_policies = {"TAG"};
  auto dp = simulate(b.build());
  const Route* one = routeAt(dp, "r3", "10.1.0.0/24");
  const Route* two = routeAt(dp, "r3", "10.2.0.0/24");
  REQUIRE(one);
  REQUIRE(two);
  CHECK(one->as_path == std::vector<uint32_t>{65002, 65001});
  CHECK(one->communities == std::vector<Community>{*parseCommunity("65001:7"), *parseCommunity("65001:42")});
  CHECK(one->as_path.sharesWith(two->as_path));
  CHECK(one->communities.sharesWith(two->communities));
  CHECK(one->next_hops.sharesWith(two->next_hops));
  CHECK(one->protocol_next_hops.sharesWith(two->protocol_next_hops));
  // r2 heard them with a shorter path: equal lists only, never the same one.
  const Route* atR2 = routeAt(dp, "r2", "10.1.0.0/24");
  REQUIRE(atR2);
  CHECK(atR2->as_path == std::vector<uint32_t>{65001});
  CHECK_FALSE(atR2->as_path.sharesWith(one->as_path));
}

TEST_CASE("OSPF routes over the same equal-cost next hops share one list") {
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3", "r4"}) b.router(n);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r1", "r3", "10.0.13.0/30");
  b.link("r2", "r4", "10.0.24.0/30");
  b.link("r3", "r4", "10.0.34.0/30");
  b.iface("r4", "lan", "172.16.4.1/24");
  b.iface("r4", "lan2", "172.16.5.1/24");
  for (auto n : {"r1", "r2", "r3", "r4"}) {
    auto& d = b.dev(n);
    d.ospf.emplace();
    for (auto& i : d.interfaces) i.ospf_area = 0;
  }
  auto dp = simulate(b.build());
  const Route* lan = routeAt(dp, "r1", "172.16.4.0/24");
  const Route* lan2 = routeAt(dp, "r1", "172.16.5.0/24");
  const Route* link = routeAt(dp, "r1", "10.0.24.0/30");  // over r2 alone
  REQUIRE(lan);
  REQUIRE(lan2);
  REQUIRE(link);
  CHECK(nextHopNodes(*lan) == std::vector<std::string>{"r2", "r3"});
  CHECK(lan->next_hops.sharesWith(lan2->next_hops));
  CHECK(nextHopNodes(*link) == std::vector<std::string>{"r2"});
  CHECK_FALSE(link->next_hops.sharesWith(lan->next_hops));
}
