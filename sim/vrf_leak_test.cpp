// Route leaking between the VRFs of one router (semantics/vrf_leaking.h, sim/vrf_leaks.h).
#include <doctest/doctest.h>

#include "sim/dataplane.h"
#include "sim/sim_test_network.h"

namespace routefix::sim::testing {

namespace {

// A VRF on pe with one LAN, its connected routes in BGP, and these route targets.
void tenant(NetworkBuilder& b, const std::string& vrf, const std::string& lan, std::vector<std::string> exports,
            std::vector<std::string> imports) {
  b.iface("pe", "lan-" + vrf, lan).vrf = vrf;
  auto& v = b.dev("pe").vrfs[vrf];
  v.name = vrf;
  for (const auto& t : exports) v.export_targets.push_back({t, {}});
  for (const auto& t : imports) v.import_targets.push_back({t, {}});
  auto& p = v.bgp.emplace();
  p.asn = 65000;
  p.redistributions.emplace_back().source = model::RouteSource::Connected;
}

// pe (IOS): SHARED exports 65000:100 and imports 65000:1 and 65000:2; CUST1 and CUST2 export
// those and import 65000:100; OTHER imports nothing anyone exports. ce (AS 65100) peers with
// pe in SHARED and announces its loopback.
Network sharedServices() {
  NetworkBuilder b;
  b.router("pe", Vendor::Ios);
  b.router("ce", Vendor::Ios);
  tenant(b, "SHARED", "10.100.0.1/24", {"65000:100"}, {"65000:1", "65000:2"});
  tenant(b, "CUST1", "10.1.0.1/24", {"65000:1"}, {"65000:100"});
  tenant(b, "CUST2", "10.2.0.1/24", {"65000:2"}, {"65000:100"});
  tenant(b, "OTHER", "10.9.0.1/24", {"65000:9"}, {"65000:99"});
  b.iface("pe", "Gi9", "192.0.2.1/30").vrf = "SHARED";
  b.iface("ce", "Gi0", "192.0.2.2/30");
  b.addLink({"ce", "Gi0", "pe", "Gi9"});
  auto& shared = *b.dev("pe").vrfs["SHARED"].bgp;
  BgpNeighbor n;
  n.id = "192.0.2.2";
  n.address = Ipv4::parse("192.0.2.2");
  n.remote_as = 65100;
  shared.neighbors.push_back(n);
  b.bgp("ce", 65100);
  b.neighbor("ce", "192.0.2.1", 65000);
  b.iface("ce", "lo0", "172.16.0.1/32");
  b.network("ce", "172.16.0.1/32");
  return b.build();
}

}  // namespace

TEST_CASE("route targets leak a VRF's BGP routes into the VRFs that import them, once") {
  auto net = sharedServices();
  auto dp = simulate(net);
  // CUST1's LAN (redistributed connected) in SHARED, forwarding out of CUST1's interface.
  const Route* cust1 = vrfRoute(dp, "pe", "SHARED", "10.1.0.0/24");
  REQUIRE(cust1);
  CHECK(cust1->protocol == Protocol::Ibgp);
  CHECK(cust1->admin_distance == 200);  // originated by the exporting VRF (FRR bgp_distance_apply)
  REQUIRE(cust1->next_hops.size() == 1);
  CHECK(cust1->next_hops[0].interface == "lan-CUST1");
  CHECK(vrfRoute(dp, "pe", "SHARED", "10.2.0.0/24"));
  // SHARED's own LAN and what ce announces in SHARED reach both customers, with the eBGP
  // path's distance and next hop.
  CHECK(vrfRoute(dp, "pe", "CUST1", "10.100.0.0/24"));
  const Route* ceLoop = vrfRoute(dp, "pe", "CUST2", "172.16.0.1/32");
  REQUIRE(ceLoop);
  CHECK(ceLoop->protocol == Protocol::Bgp);
  CHECK(ceLoop->admin_distance == 20);
  REQUIRE(ceLoop->next_hops.size() == 1);
  CHECK(ceLoop->next_hops[0].ip == Ipv4::parse("192.0.2.2"));
  CHECK(ceLoop->next_hops[0].node == "ce");
  // A leaked route is not leaked on: CUST1 does not get CUST2's LAN through SHARED.
  CHECK_FALSE(vrfRoute(dp, "pe", "CUST1", "10.2.0.0/24"));
  CHECK_FALSE(vrfRoute(dp, "pe", "CUST2", "10.1.0.0/24"));
  // No target in common: nothing in or out; the default VRF stays apart.
  CHECK_FALSE(vrfRoute(dp, "pe", "OTHER", "10.100.0.0/24"));
  CHECK_FALSE(vrfRoute(dp, "pe", "SHARED", "10.9.0.0/24"));
  CHECK_FALSE(routeAt(dp, "pe", "10.1.0.0/24"));
  // SHARED advertises what it imported to its eBGP peer, as its own AS's.
  const Route* atCe = routeAt(dp, "ce", "10.1.0.0/24");
  REQUIRE(atCe);
  CHECK(atCe->as_path.size() == 1);
  CHECK(atCe->as_path[0] == 65000u);
  // A leak is no session: the only statuses are the two ends of pe-ce.
  CHECK(dp.sessions.size() == 2);
}

TEST_CASE("the failure simulator leaks like simulate(), and a leak follows a failed link") {
  auto net = sharedServices();
  FailureSimulator failures(net);
  CHECK(vrfRoute(failures.baseline(), "pe", "CUST1", "172.16.0.1/32"));
  SimulationOptions scenario;
  scenario.failed_links.insert({"ce", "Gi0", "pe", "Gi9"});
  auto down = failures.simulate(scenario);
  CHECK_FALSE(vrfRoute(down, "pe", "CUST1", "172.16.0.1/32"));
  CHECK(vrfRoute(down, "pe", "CUST1", "10.100.0.0/24"));
  auto direct = simulate(net, scenario);
  CHECK_FALSE(vrfRoute(direct, "pe", "CUST1", "172.16.0.1/32"));
  CHECK(vrfRoute(direct, "pe", "CUST1", "10.100.0.0/24"));
}

TEST_CASE("FRR `import vrf`: the importing instance takes the other's routes, by name") {
  NetworkBuilder b;
  b.router("r1", Vendor::Frr);
  b.iface("r1", "eth1", "10.1.0.1/24").vrf = "A";
  b.iface("r1", "eth2", "10.2.0.1/24").vrf = "B";
  for (const auto* vrf : {"A", "B"}) {
    auto& v = b.dev("r1").vrfs[vrf];
    v.name = vrf;
    auto& p = v.bgp.emplace();
    p.asn = 65000;
    p.redistributions.emplace_back().source = model::RouteSource::Connected;
  }
  b.dev("r1").vrfs["B"].bgp->vrf_imports.push_back({"A", {}});
  auto dp = simulate(b.build());
  const Route* fromA = vrfRoute(dp, "r1", "B", "10.1.0.0/24");
  REQUIRE(fromA);
  CHECK(fromA->next_hops[0].interface == "eth1");
  // The copy is the importing instance's own path: eBGP's distance and code, though A
  // originated it (FRR 8.4 leak_update; lab vrf-import-leak).
  CHECK(fromA->protocol == Protocol::Bgp);
  CHECK(fromA->admin_distance == 20);
  CHECK_FALSE(vrfRoute(dp, "r1", "A", "10.2.0.0/24"));  // one way only
}

}  // namespace routefix::sim::testing
