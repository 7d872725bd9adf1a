// OSPF stub areas, totally stubby areas and NSSAs (RFC 2328 3.6 / 12.4.3.1, RFC 3101), and the
// forwarding address of external LSAs (RFC 2328 16.4), as FRR 8.4 computes them (topotests
// ospf_nssa_topo2 and ospf_forwarding_address_self).
#include <doctest/doctest.h>

#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

namespace {

// core (area 0) - abr - leaf (area 1); core has a static route redistributed (E2 20), and the
// leaf one of its own; every link costs 10 (FRR, unknown link speed).
NetworkBuilder twoAreas() {
  NetworkBuilder b;
  for (auto n : {"core", "abr", "leaf"}) b.router(n);
  b.link("core", "abr", "10.0.0.0/30");
  b.link("abr", "leaf", "10.1.0.0/30");
  b.iface("core", "lan", "192.168.0.1/24");
  for (auto n : {"core", "abr", "leaf"}) b.dev(n).ospf.emplace();
  for (auto& i : b.dev("core").interfaces) i.ospf_area = 0;
  for (auto& i : b.dev("abr").interfaces) i.ospf_area = i.name == "to-core" ? 0 : 1;
  for (auto& i : b.dev("leaf").interfaces) i.ospf_area = 1;
  Redistribution red;
  red.source = RouteSource::Static;
  b.dev("core").static_routes.push_back(StaticRoute{*Prefix::parse("198.51.100.0/24"), std::nullopt, "lan", false, 1, 0, {}});
  b.dev("core").ospf->redistributions.push_back(red);
  b.dev("leaf").static_routes.push_back(StaticRoute{*Prefix::parse("203.0.113.0/24"), std::nullopt, "to-abr", false, 1, 0, {}});
  b.dev("leaf").ospf->redistributions.push_back(red);
  return b;
}

void setArea1(NetworkBuilder& b, OspfAreaType type, bool noSummary = false) {
  for (auto n : {"abr", "leaf"}) {
    OspfAreaSettings a;
    a.area = 1;
    a.type = type;
    a.no_summary = noSummary;
    b.dev(n).ospf->areas.push_back(a);
  }
}

}  // namespace

TEST_CASE("OSPF stub area: no externals inside, a default summary from the ABR instead") {
  auto b = twoAreas();
  SUBCASE("a normal area takes the externals and no default") {
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "leaf", "198.51.100.0/24"));
    CHECK_FALSE(routeAt(dp, "leaf", "0.0.0.0/0"));
    CHECK(routeAt(dp, "core", "203.0.113.0/24"));
  }
  SUBCASE("stub") {
    setArea1(b, OspfAreaType::Stub);
    auto dp = simulate(b.build());
    CHECK_FALSE(routeAt(dp, "leaf", "198.51.100.0/24"));
    const Route* def = routeAt(dp, "leaf", "0.0.0.0/0");
    REQUIRE(def);
    CHECK(def->protocol == Protocol::OspfInterArea);
    CHECK(def->metric == 11);  // link 10 + default-cost 1
    CHECK(nextHopNodes(*def) == std::vector<std::string>{"abr"});
    CHECK(routeAt(dp, "leaf", "192.168.0.0/24"));  // summaries still come in
    CHECK_FALSE(routeAt(dp, "core", "203.0.113.0/24"));  // an ASBR in a stub area reaches nobody
    CHECK_FALSE(routeAt(dp, "abr", "0.0.0.0/0"));
  }
  SUBCASE("totally stubby: the default is the only summary; default-cost sets its cost") {
    setArea1(b, OspfAreaType::Stub, true);
    b.dev("abr").ospf->areas.back().default_cost = 5;
    auto dp = simulate(b.build());
    CHECK_FALSE(routeAt(dp, "leaf", "192.168.0.0/24"));
    REQUIRE(routeAt(dp, "leaf", "0.0.0.0/0"));
    CHECK(routeAt(dp, "leaf", "0.0.0.0/0")->metric == 15);
  }
  SUBCASE("both ends must agree on the area's type") {
    OspfAreaSettings a;
    a.area = 1;
    a.type = OspfAreaType::Stub;
    b.dev("leaf").ospf->areas.push_back(a);
    auto dp = simulate(b.build());
    CHECK_FALSE(routeAt(dp, "leaf", "192.168.0.0/24"));
  }
}

TEST_CASE("OSPF NSSA: type-7 inside, translated to type-5 by the ABR, ABR default per vendor") {
  auto b = twoAreas();
  setArea1(b, OspfAreaType::Nssa);
  SUBCASE("FRR") {
    auto dp = simulate(b.build());
    // The leaf's own external goes out as type 7 and the ABR sends it on as type 5.
    const Route* abrSees = routeAt(dp, "abr", "203.0.113.0/24");
    REQUIRE(abrSees);
    CHECK(abrSees->protocol == Protocol::OspfE2);
    CHECK(abrSees->next_hops[0].ip == Ipv4::parse("10.1.0.2"));  // the forwarding address
    const Route* coreSees = routeAt(dp, "core", "203.0.113.0/24");
    REQUIRE(coreSees);
    CHECK(coreSees->protocol == Protocol::OspfE2);
    CHECK(nextHopNodes(*coreSees) == std::vector<std::string>{"abr"});
    // No type 5 into the NSSA; FRR's ABR sends a default summary into it (ospf_nssa_topo2).
    CHECK_FALSE(routeAt(dp, "leaf", "198.51.100.0/24"));
    const Route* def = routeAt(dp, "leaf", "0.0.0.0/0");
    REQUIRE(def);
    CHECK(def->protocol == Protocol::OspfInterArea);
    CHECK(def->metric == 11);
  }
  SUBCASE("IOS sends the default only into a totally stubby NSSA") {
    for (auto n : {"core", "abr", "leaf"}) b.dev(n).defaults = VendorDefaults::forVendor(Vendor::Ios);
    auto dp = simulate(b.build());
    CHECK_FALSE(routeAt(dp, "leaf", "0.0.0.0/0"));
    CHECK(routeAt(dp, "core", "203.0.113.0/24"));
    for (auto n : {"abr", "leaf"}) b.dev(n).ospf->areas.back().no_summary = true;
    auto totally = simulate(b.build());
    CHECK(routeAt(totally, "leaf", "0.0.0.0/0"));
    CHECK_FALSE(routeAt(totally, "leaf", "192.168.0.0/24"));
  }
  SUBCASE("an ABR that is an ASBR sends its own externals into the NSSA as type 7") {
    b.dev("abr").static_routes.push_back(StaticRoute{*Prefix::parse("100.64.0.0/24"), std::nullopt, "to-core", false, 1, 0, {}});
    b.dev("abr").ospf->redistributions = b.dev("core").ospf->redistributions;
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "leaf", "100.64.0.0/24");
    REQUIRE(r);
    CHECK(r->protocol == Protocol::OspfE2);
    CHECK(nextHopNodes(*r) == std::vector<std::string>{"abr"});
  }
}

TEST_CASE("OSPF forwarding address: FRR routes to the redistributed route's next hop") {
  // topotest ospf_forwarding_address_self: r1 and r2 redistribute a static route via
  // 172.16.0.10 / .11 on the LAN they share with r3; r3 forwards to 172.16.0.10 itself.
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3"}) {
    b.router(n);
    b.dev(n).ospf.emplace();
  }
  b.iface("r1", "eth0", "172.16.0.1/24");
  b.iface("r2", "eth0", "172.16.0.2/24");
  b.iface("r3", "eth0", "172.16.0.3/24");
  b.addLink(Link{"r1", "eth0", "r2", "eth0"});
  b.addLink(Link{"r1", "eth0", "r3", "eth0"});
  Redistribution red;
  red.source = RouteSource::Static;
  for (auto n : {"r1", "r2"}) {
    for (auto hop : {"172.16.0.10", "172.16.0.11"})
      b.dev(n).static_routes.push_back(StaticRoute{*Prefix::parse("172.16.10.0/24"), Ipv4::parse(hop), "", false, 1, 0, {}});
    b.dev(n).ospf->redistributions.push_back(red);
  }
  for (auto n : {"r1", "r2", "r3"})
    for (auto& i : b.dev(n).interfaces) i.ospf_area = 0;
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r3", "172.16.10.0/24");
  REQUIRE(r);
  CHECK(r->protocol == Protocol::OspfE2);
  REQUIRE(r->next_hops.size() == 1);
  CHECK(r->next_hops[0].ip == Ipv4::parse("172.16.0.10"));
  CHECK(r->next_hops[0].interface == "eth0");
}

TEST_CASE("OSPF forwarding address: a recursive static's gateway, not its resolved next hop") {
  // Lab static-redistribution: r1's 10.62.0.0/24 via r3's loopback resolves over r2; the
  // gateway is on no OSPF subnet of r1, so no forwarding address and r2 forwards to r1.
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3"}) {
    b.router(n);
    b.dev(n).ospf.emplace();
  }
  b.link("r1", "r2", "10.9.0.0/30");
  b.link("r2", "r3", "10.9.0.4/30");
  b.iface("r3", "lo", "10.0.0.3/32");
  for (auto n : {"r1", "r2", "r3"})
    for (auto& i : b.dev(n).interfaces) i.ospf_area = 0;
  b.dev("r1").static_routes.push_back(StaticRoute{*Prefix::parse("10.62.0.0/24"), Ipv4::parse("10.0.0.3"), "", false, 1, 0, {}});
  Redistribution red;
  red.source = RouteSource::Static;
  b.dev("r1").ospf->redistributions.push_back(red);
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r2", "10.62.0.0/24");
  REQUIRE(r);
  REQUIRE(r->next_hops.size() == 1);
  CHECK(r->next_hops[0].ip == Ipv4::parse("10.9.0.1"));
}
