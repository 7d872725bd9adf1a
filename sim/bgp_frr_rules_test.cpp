// BGP rules found on FRR's own topotests (tests/fidelity/corpus/topotests), each pinned on a
// small network.
#include <doctest/doctest.h>

#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

TEST_CASE("eBGP on a shared subnet: a learned next hop on it goes out unchanged") {
  // topotest bgp_ebgp_common_subnet_nexthop_unchanged: r1 and r2 peer with r3 only, all three
  // on 192.168.1.0/24; r2 forwards straight to r1.
  NetworkBuilder b;
  b.router("r1");
  b.router("r2");
  b.router("r3");
  b.iface("r1", "eth0", "192.168.1.1/24");
  b.iface("r2", "eth0", "192.168.1.103/24");
  b.iface("r3", "eth0", "192.168.1.101/24");
  b.iface("r1", "lo", "172.16.1.1/32");
  b.addLink(Link{"r1", "eth0", "r3", "eth0"});
  b.addLink(Link{"r3", "eth0", "r2", "eth0"});
  b.bgp("r1", 65001);
  b.bgp("r2", 65103);
  b.bgp("r3", 65000);
  for (auto [node, peer, as] : {std::tuple{"r1", "192.168.1.101", 65000u}, {"r2", "192.168.1.101", 65000u},
                                {"r3", "192.168.1.1", 65001u}, {"r3", "192.168.1.103", 65103u}}) {
    auto& n = b.neighbor(node, peer, as);
    n.import_policies = n.export_policies = {"ALL"};
  }
  for (auto n : {"r1", "r2", "r3"}) b.permitAll(n);
  b.network("r1", "172.16.1.1/32");
  SUBCASE("third-party next hop") {
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r2", "172.16.1.1/32");
    REQUIRE(r);
    REQUIRE(r->next_hops.size() == 1);
    CHECK(r->next_hops[0].ip == Ipv4::parse("192.168.1.1"));
    CHECK(r->next_hops[0].node == "r1");
    CHECK(r->as_path == std::vector<uint32_t>{65000, 65001});
  }
  SUBCASE("next-hop-self keeps the sender's address") {
    b.dev("r3").bgp->neighbors[1].next_hop_self = true;
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r2", "172.16.1.1/32");
    REQUIRE(r);
    CHECK(r->next_hops[0].ip == Ipv4::parse("192.168.1.101"));
  }
}
