// Routes that carry the same AS path, community set or next-hop set share one list (issue 17,
// item 3): a WAN's tens of millions of routes repeat a few thousand of each. Sharing must not
// show: the values stay what each route carries. (OSPF's next-hop sets: ospf_test.cpp.)
#include <doctest/doctest.h>

#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

TEST_CASE("BGP routes with the same AS path and communities share the lists") {
  auto b = ebgpChain();
  b.iface("r1", "lan2", "10.2.0.1/24");
  b.network("r1", "10.2.0.0/24");
  PolicySet tag;
  tag.kind = PolicySet::Kind::Community;
  tag.communities = {*parseCommunity("65001:42"), *parseCommunity("65001:7")};
  b.permitAll("r1", "TAG", {tag});
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
  CHECK(*one->received_from == "r2");
  CHECK(one->received_from.sharesWith(two->received_from));
  // r2 heard them with a shorter path: equal lists only, never the same one.
  const Route* atR2 = routeAt(dp, "r2", "10.1.0.0/24");
  REQUIRE(atR2);
  CHECK(atR2->as_path == std::vector<uint32_t>{65001});
  CHECK_FALSE(atR2->as_path.sharesWith(one->as_path));
}

TEST_CASE("a route is a handful of pointers and numbers") {
  // Each shared part is one pointer; the 2,000-router WAN holds 18 million routes, where
  // each byte of a Route is 18 MB.
  CHECK(sizeof(Route) <= 88);
}

TEST_CASE("a shared value copies before it is written and reads as a default when empty") {
  SharedValue<std::string> none;
  CHECK(none->empty());
  SharedValue<std::string> a = std::string("r1");
  SharedValue<std::string> b = a;
  CHECK(a.sharesWith(b));
  b.mutate() += "-x";
  CHECK(*a == "r1");
  CHECK(*b == "r1-x");
  CHECK_FALSE(a.sharesWith(b));
  SharedList<int> list{1, 2, 3};
  SharedList<int> copy = list;
  std::vector<int> out{0};
  std::move(copy).appendTo(out);  // shared: copied
  CHECK(out == std::vector<int>{0, 1, 2, 3});
  CHECK(list == SharedList<int>{1, 2, 3});
  CHECK(copy.empty());
  std::move(list).appendTo(out);  // its own: moved
  CHECK(out == std::vector<int>{0, 1, 2, 3, 1, 2, 3});
  CHECK(list.empty());
}
