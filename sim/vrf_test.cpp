// VRF-lite: each named VRF of a router routes on its own, beside the default VRF.
#include <doctest/doctest.h>

#include "sim/dataplane.h"
#include "sim/sim_test_network.h"

namespace routefix::sim::testing {

namespace {

const BgpSessionStatus* session(const DataPlane& dp, const std::string& node, const std::string& vrf,
                                const std::string& peerIp) {
  for (const auto& s : dp.sessions)
    if (s.node == node && s.vrf == vrf && s.peer_ip.str() == peerIp) return &s;
  return nullptr;
}

BgpProcess& vrfBgp(NetworkBuilder& b, const std::string& node, const std::string& vrf, uint32_t asn) {
  auto& d = b.dev(node);
  auto& p = d.vrfs[vrf].bgp.emplace();
  d.vrfs[vrf].name = vrf;
  p.asn = asn;
  p.maximum_paths_ebgp = p.maximum_paths_ibgp = 1;
  return p;
}

BgpNeighbor& vrfNeighbor(BgpProcess& p, const std::string& ip, uint32_t remoteAs) {
  BgpNeighbor n;
  n.id = ip;
  n.address = Ipv4::parse(ip);
  n.remote_as = remoteAs;
  p.neighbors.push_back(n);
  return p.neighbors.back();
}

}  // namespace

TEST_CASE("overlapping addresses in two VRFs of one router do not mix") {
  NetworkBuilder b;
  b.router("r1", Vendor::Ios);
  b.iface("r1", "Gi1", "10.0.0.1/24").vrf = "A";
  b.iface("r1", "Gi2", "10.0.0.1/24").vrf = "B";
  b.iface("r1", "Gi3", "10.0.9.1/24");
  StaticRoute s;
  s.prefix = *Prefix::parse("10.50.0.0/16");
  s.next_hop = Ipv4::parse("10.0.0.2");
  b.dev("r1").vrfs["A"].static_routes.push_back(s);
  auto dp = simulate(b.build());

  const Route* a = vrfRoute(dp, "r1", "A", "10.0.0.0/24");
  const Route* bRoute = vrfRoute(dp, "r1", "B", "10.0.0.0/24");
  REQUIRE(a);
  REQUIRE(bRoute);
  CHECK(a->next_hops[0].interface == "Gi1");
  CHECK(bRoute->next_hops[0].interface == "Gi2");
  // The static route resolves over A's subnet, and stays in A.
  const Route* st = vrfRoute(dp, "r1", "A", "10.50.0.0/16");
  REQUIRE(st);
  CHECK(st->next_hops[0].interface == "Gi1");
  CHECK_FALSE(vrfRoute(dp, "r1", "B", "10.50.0.0/16"));
  // The default VRF has its own interface only.
  CHECK(routeAt(dp, "r1", "10.0.9.0/24"));
  CHECK_FALSE(routeAt(dp, "r1", "10.0.0.0/24"));
  CHECK_FALSE(routeAt(dp, "r1", "10.50.0.0/16"));
  CHECK_FALSE(vrfRoute(dp, "r1", "A", "10.0.9.0/24"));
}

TEST_CASE("a BGP session in a VRF comes up only with a peer in the same VRF") {
  NetworkBuilder b;
  b.router("r1", Vendor::Ios);
  b.router("r2", Vendor::Ios);
  // Link 1: A on both ends. Link 2: B on r1, the default VRF on r2.
  b.iface("r1", "Gi1", "10.0.1.1/30").vrf = "A";
  b.iface("r2", "Gi1", "10.0.1.2/30").vrf = "A";
  b.iface("r1", "Gi2", "10.0.2.1/30").vrf = "B";
  b.iface("r2", "Gi2", "10.0.2.2/30");
  b.iface("r2", "Lan", "192.168.2.1/24").vrf = "A";
  b.addLink({"r1", "Gi1", "r2", "Gi1"});
  b.addLink({"r1", "Gi2", "r2", "Gi2"});
  vrfNeighbor(vrfBgp(b, "r1", "A", 65001), "10.0.1.2", 65002);
  auto& r2a = vrfBgp(b, "r2", "A", 65002);
  vrfNeighbor(r2a, "10.0.1.1", 65001);
  r2a.networks.push_back(BgpNetwork{*Prefix::parse("192.168.2.0/24"), "", {}});
  // r1's default VRF peers with r2's default VRF over link 2, where r1's end is in B.
  b.bgp("r1", 65001);
  b.neighbor("r1", "10.0.2.2", 65002);
  b.bgp("r2", 65002);
  b.neighbor("r2", "10.0.2.1", 65001);
  b.network("r2", "10.0.2.0/30");
  auto dp = simulate(b.build());

  const auto* inA = session(dp, "r1", "A", "10.0.1.2");
  REQUIRE(inA);
  CHECK_MESSAGE(inA->established, inA->reason);
  CHECK(inA->peer_node == "r2");
  CHECK(inA->peer_vrf == "A");
  const auto* crossed = session(dp, "r1", "", "10.0.2.2");
  REQUIRE(crossed);
  CHECK_FALSE(crossed->established);
  const Route* learned = vrfRoute(dp, "r1", "A", "192.168.2.0/24");
  REQUIRE(learned);
  CHECK(learned->protocol == Protocol::Bgp);
  REQUIRE(learned->next_hops.size() == 1);
  CHECK(learned->next_hops[0].interface == "Gi1");
  CHECK(learned->next_hops[0].node == "r2");  // the device, not its VRF instance
  CHECK_FALSE(routeAt(dp, "r1", "192.168.2.0/24"));
  CHECK_FALSE(routeAt(dp, "r1", "10.0.2.0/30"));  // r2 announces it, but no session carries it

  SUBCASE("the failure simulator agrees, and a failed VRF link takes the VRF's route") {
    auto net = b.build();
    FailureSimulator failures(net);
    CHECK(vrfRoute(failures.baseline(), "r1", "A", "192.168.2.0/24"));
    SimulationOptions scenario;
    scenario.failed_links.insert({"r1", "Gi1", "r2", "Gi1"});
    auto down = failures.simulate(scenario);
    CHECK_FALSE(vrfRoute(down, "r1", "A", "192.168.2.0/24"));
    auto direct = simulate(net, scenario);
    CHECK_FALSE(vrfRoute(direct, "r1", "A", "192.168.2.0/24"));
    CHECK(vrfRoute(direct, "r1", "A", "10.0.1.0/30"));  // the interface stays up
  }
}

}  // namespace routefix::sim::testing
