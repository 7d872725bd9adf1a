// `redistribute bgp` into OSPF: the IGP is computed again from BGP's outcome, with each
// vendor's rule for iBGP routes and the metric they enter with.
#include <doctest/doctest.h>

#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

namespace {

// r0 runs OSPF only; r1 (AS 65001) runs OSPF towards r0, eBGP to r2 (AS 65002, originates
// 10.2.0.0/24) and iBGP to r3 (originates 10.3.0.0/24), and redistributes BGP into OSPF.
NetworkBuilder asbr(Vendor vendor) {
  NetworkBuilder b;
  for (auto n : {"r0", "r1", "r2", "r3"}) b.router(n, vendor);
  b.link("r0", "r1", "10.0.1.0/30");
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r1", "r3", "10.0.13.0/30");
  b.iface("r2", "lan", "10.2.0.1/24");
  b.iface("r3", "lan", "10.3.0.1/24");
  b.ospfTowards("r0", "r1");
  b.ospfTowards("r1", "r0");
  b.bgp("r1", 65001);
  b.bgp("r2", 65002);
  b.bgp("r3", 65001);
  b.ebgp("r1", "r2");
  b.ebgp("r1", "r3");  // same AS: iBGP over the link, permit-all policies
  b.network("r2", "10.2.0.0/24");
  b.network("r3", "10.3.0.0/24");
  Redistribution red;
  red.source = RouteSource::Bgp;
  b.dev("r1").ospf->redistributions.push_back(red);
  return b;
}

}  // namespace

TEST_CASE("BGP into OSPF: IOS takes eBGP routes only, with metric 1, unless redistribute-internal") {
  auto b = asbr(Vendor::Ios);
  SUBCASE("default") {
    auto dp = simulate(b.build());
    const Route* e = routeAt(dp, "r0", "10.2.0.0/24");
    REQUIRE(e);
    CHECK(e->protocol == Protocol::OspfE2);
    CHECK(e->metric == 1);
    CHECK(nextHopNodes(*e) == std::vector<std::string>{"r1"});
    CHECK_FALSE(routeAt(dp, "r0", "10.3.0.0/24"));
    CHECK(dp.converged);
  }
  SUBCASE("bgp redistribute-internal") {
    b.dev("r1").bgp->redistribute_internal = true;
    auto dp = simulate(b.build());
    const Route* i = routeAt(dp, "r0", "10.3.0.0/24");
    REQUIRE(i);
    CHECK(i->protocol == Protocol::OspfE2);
  }
}

TEST_CASE("BGP into OSPF: FRR takes iBGP routes too, with metric 20") {
  auto dp = simulate(asbr(Vendor::Frr).build());
  for (auto prefix : {"10.2.0.0/24", "10.3.0.0/24"}) {
    const Route* r = routeAt(dp, "r0", prefix);
    REQUIRE(r);
    CHECK(r->protocol == Protocol::OspfE2);
    CHECK(r->metric == 20);
  }
}

TEST_CASE("BGP into OSPF: a failure scenario recomputes both (the ASBR loses its eBGP route)") {
  auto network = asbr(Vendor::Ios).build();
  FailureSimulator failures(network);
  REQUIRE(routeAt(failures.baseline(), "r0", "10.2.0.0/24"));
  SimulationOptions scenario;
  scenario.failed_links.insert(network.links[1]);  // r1 - r2
  auto dp = failures.simulate(scenario);
  CHECK_FALSE(routeAt(dp, "r0", "10.2.0.0/24"));
}
