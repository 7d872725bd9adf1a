#include <doctest/doctest.h>

#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

namespace {

// Every interface of `node` into OSPF area `area` (like `ip ospf area A` on each).
void ospfAll(NetworkBuilder& b, const std::string& node, uint32_t area = 0) {
  auto& d = b.dev(node);
  if (!d.ospf) d.ospf.emplace();
  for (auto& i : d.interfaces)
    if (!i.ospf_area) i.ospf_area = area;
}

// r1 - r2 - r4 and r1 - r3 - r4: a square with a stub /24 behind r4.
NetworkBuilder square() {
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3", "r4"}) b.router(n);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r1", "r3", "10.0.13.0/30");
  b.link("r2", "r4", "10.0.24.0/30");
  b.link("r3", "r4", "10.0.34.0/30");
  b.iface("r4", "lan", "172.16.4.0/24");
  return b;
}

}  // namespace

TEST_CASE("OSPF: equal-cost paths are all kept, costs add up along the path") {
  auto b = square();
  for (auto n : {"r1", "r2", "r3", "r4"}) ospfAll(b, n);
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r1", "172.16.4.0/24");
  REQUIRE(r);
  CHECK(r->protocol == Protocol::Ospf);
  CHECK(r->admin_distance == 110);
  // Two links plus the stub interface, each FRR's cost for an interface without a known
  // link speed: 10 (it assumes 10 Mbit/s, as in the lab's veth pairs).
  CHECK(r->metric == 30);
  CHECK(nextHopNodes(*r) == std::vector<std::string>{"r2", "r3"});
}

TEST_CASE("OSPF routes over the same equal-cost next hops share one list (issue 17)") {
  auto b = square();
  b.iface("r4", "lan2", "172.16.5.0/24");
  for (auto n : {"r1", "r2", "r3", "r4"}) ospfAll(b, n);
  auto dp = simulate(b.build());
  const Route* lan = routeAt(dp, "r1", "172.16.4.0/24");
  const Route* lan2 = routeAt(dp, "r1", "172.16.5.0/24");
  const Route* link = routeAt(dp, "r1", "10.0.24.0/30");  // over r2 alone
  REQUIRE(lan);
  REQUIRE(lan2);
  REQUIRE(link);
  CHECK(nextHopNodes(*lan2) == std::vector<std::string>{"r2", "r3"});
  CHECK(lan->next_hops.sharesWith(lan2->next_hops));
  CHECK(nextHopNodes(*link) == std::vector<std::string>{"r2"});
  CHECK_FALSE(link->next_hops.sharesWith(lan->next_hops));
}

TEST_CASE("OSPF maximum-paths 1 keeps the equal-cost path with the lowest gateway") {
  auto b = square();
  for (auto n : {"r1", "r2", "r3", "r4"}) ospfAll(b, n);
  b.dev("r1").ospf->maximum_paths = 1;
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r1", "172.16.4.0/24");
  REQUIRE(r);
  CHECK(r->metric == 30);
  CHECK(nextHopNodes(*r) == std::vector<std::string>{"r2"});  // 10.0.12.2 < 10.0.13.2
}

TEST_CASE("OSPF: a configured cost breaks the tie") {
  auto b = square();
  for (auto n : {"r1", "r2", "r3", "r4"}) ospfAll(b, n);
  b.dev("r1").findInterface("to-r3");
  for (auto& i : b.dev("r1").interfaces)
    if (i.name == "to-r3") i.ospf_cost = 20;
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r1", "172.16.4.0/24");
  REQUIRE(r);
  CHECK(nextHopNodes(*r) == std::vector<std::string>{"r2"});
  CHECK(r->next_hops[0].ip == Ipv4::parse("10.0.12.2"));
}

TEST_CASE("OSPF: reference bandwidth / interface bandwidth gives the cost") {
  auto b = square();
  for (auto n : {"r1", "r2", "r3", "r4"}) ospfAll(b, n);
  for (auto& i : b.dev("r1").interfaces) i.bandwidth_kbps = 50000;  // 50 Mb/s: cost 2
  auto dp = simulate(b.build());
  CHECK(routeAt(dp, "r1", "172.16.4.0/24")->metric == 22);
}

TEST_CASE("OSPF: a passive interface advertises its subnet but forms no adjacency") {
  auto b = square();
  for (auto n : {"r1", "r2", "r3", "r4"}) ospfAll(b, n);
  b.dev("r4").ospf->passive_interfaces = {"to-r3", "lan"};
  auto dp = simulate(b.build());
  const Route* lan = routeAt(dp, "r1", "172.16.4.0/24");
  REQUIRE(lan);
  CHECK(nextHopNodes(*lan) == std::vector<std::string>{"r2"});
  // The passive link's subnet is still known, through r3 (its own side) and r4.
  CHECK(routeAt(dp, "r1", "10.0.34.0/30"));
}

TEST_CASE("OSPF: only interfaces in OSPF (network statement or interface area) are advertised") {
  auto b = square();
  for (auto n : {"r1", "r2", "r3"}) ospfAll(b, n);
  auto& r4 = b.dev("r4");
  r4.ospf.emplace();
  // `network 10.0.0.0 0.0.255.255 area 0`: the links, not the 172.16 LAN.
  r4.ospf->networks.push_back(OspfNetwork{WildcardMatch{*Ipv4::parse("10.0.0.0"), 0xffff}, 0, {}});
  auto dp = simulate(b.build());
  CHECK(routeAt(dp, "r1", "10.0.24.0/30"));
  CHECK_FALSE(routeAt(dp, "r1", "172.16.4.0/24"));
}

TEST_CASE("OSPF: inter-area routes through the ABR, and area range summaries") {
  NetworkBuilder b;
  for (auto n : {"core", "abr", "leaf"}) b.router(n);
  b.link("core", "abr", "10.0.0.0/30");
  b.link("abr", "leaf", "10.1.0.0/30");
  b.iface("leaf", "lan1", "172.16.1.0/24");
  b.iface("leaf", "lan2", "172.16.2.0/24");
  b.iface("core", "lan", "192.168.0.0/24");
  ospfAll(b, "core", 0);
  b.dev("abr").ospf.emplace();
  for (auto& i : b.dev("abr").interfaces) i.ospf_area = i.name == "to-core" ? 0 : 1;
  ospfAll(b, "leaf", 1);

  SUBCASE("every area-1 prefix as its own inter-area route") {
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "core", "172.16.1.0/24");
    REQUIRE(r);
    CHECK(r->protocol == Protocol::OspfInterArea);
    CHECK(r->metric == 30);
    CHECK(nextHopNodes(*r) == std::vector<std::string>{"abr"});
    const Route* back = routeAt(dp, "leaf", "192.168.0.0/24");
    REQUIRE(back);
    CHECK(back->protocol == Protocol::OspfInterArea);
    // The ABR itself sees both areas as intra-area.
    CHECK(routeAt(dp, "abr", "172.16.1.0/24")->protocol == Protocol::Ospf);
  }
  SUBCASE("area 1 range 172.16.0.0/16 replaces the components") {
    b.dev("abr").ospf->area_ranges.push_back(OspfAreaRange{1, *Prefix::parse("172.16.0.0/16"), true, std::nullopt, {}});
    auto dp = simulate(b.build());
    CHECK_FALSE(routeAt(dp, "core", "172.16.1.0/24"));
    const Route* sum = routeAt(dp, "core", "172.16.0.0/16");
    REQUIRE(sum);
    CHECK(sum->protocol == Protocol::OspfInterArea);
    // The ABR installs a discard route for its active range (FRR: ospf, metric 0, blackhole),
    // and the summary is not announced back into the area it summarises.
    const Route* discard = routeAt(dp, "abr", "172.16.0.0/16");
    REQUIRE(discard);
    CHECK(discard->protocol == Protocol::Ospf);
    CHECK(discard->metric == 0);
    REQUIRE(discard->next_hops.size() == 1);
    CHECK(discard->next_hops[0].discard);
    CHECK_FALSE(routeAt(dp, "leaf", "172.16.0.0/16"));
  }
  SUBCASE("not-advertise hides the range") {
    b.dev("abr").ospf->area_ranges.push_back(OspfAreaRange{1, *Prefix::parse("172.16.0.0/16"), false, std::nullopt, {}});
    auto dp = simulate(b.build());
    CHECK_FALSE(routeAt(dp, "core", "172.16.1.0/24"));
    CHECK_FALSE(routeAt(dp, "core", "172.16.0.0/16"));
    CHECK(routeAt(dp, "core", "10.1.0.0/30"));  // outside the range: still advertised
  }
}

TEST_CASE("OSPF externals: redistributed statics as E2 (metric kept) or E1 (cost added)") {
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3"}) b.router(n);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r2", "r3", "10.0.23.0/30");
  for (auto n : {"r1", "r2", "r3"}) ospfAll(b, n);
  auto& r3 = b.dev("r3");
  r3.static_routes.push_back(StaticRoute{*Prefix::parse("198.51.100.0/24"), std::nullopt, "", true, 1, 0, {}});
  Redistribution red;
  red.source = RouteSource::Static;

  SUBCASE("E2 by default, metric 20") {
    r3.ospf->redistributions.push_back(red);
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r1", "198.51.100.0/24");
    REQUIRE(r);
    CHECK(r->protocol == Protocol::OspfE2);
    CHECK(r->metric == 20);
    CHECK(nextHopNodes(*r) == std::vector<std::string>{"r2"});
  }
  SUBCASE("E1 adds the path cost") {
    red.metric = 50;
    red.metric_type = 1;
    r3.ospf->redistributions.push_back(red);
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r1", "198.51.100.0/24");
    REQUIRE(r);
    CHECK(r->protocol == Protocol::OspfE1);
    CHECK(r->metric == 70);
  }
  SUBCASE("a route-map filters what is redistributed") {
    red.route_map = "NONE";
    r3.ospf->redistributions.push_back(red);
    RoutePolicy deny;
    deny.name = "NONE";
    PolicyClause c;
    c.action = ClauseAction::Deny;
    deny.clauses.push_back(c);
    r3.route_policies["NONE"] = deny;
    auto dp = simulate(b.build());
    CHECK_FALSE(routeAt(dp, "r1", "198.51.100.0/24"));
  }
}

TEST_CASE("OSPF: E1 is preferred over E2 for the same prefix") {
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3"}) b.router(n);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r1", "r3", "10.0.13.0/30");
  for (auto n : {"r1", "r2", "r3"}) ospfAll(b, n);
  for (auto [node, type] : {std::pair{"r2", 1u}, std::pair{"r3", 2u}}) {
    auto& d = b.dev(node);
    d.static_routes.push_back(StaticRoute{*Prefix::parse("203.0.113.0/24"), std::nullopt, "", true, 1, 0, {}});
    Redistribution red;
    red.source = RouteSource::Static;
    red.metric = type == 1 ? 500 : 1;  // E1 wins even with the far larger metric
    red.metric_type = type;
    d.ospf->redistributions.push_back(red);
  }
  SUBCASE("IOS/FRR distances: 110 for externals too") {
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r1", "203.0.113.0/24");
    REQUIRE(r);
    CHECK(r->protocol == Protocol::OspfE1);
    CHECK(nextHopNodes(*r) == std::vector<std::string>{"r2"});
    CHECK(r->admin_distance == 110);
  }
  SUBCASE("Junos preferences: internal 10, external 150") {
    b.dev("r1").defaults.distance_ospf = 10;
    b.dev("r1").defaults.distance_ospf_external = 150;
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r1", "203.0.113.0/24")->admin_distance == 150);
    CHECK(routeAt(dp, "r1", "10.0.12.0/30")->admin_distance == 0);  // connected stays
    b.dev("r1").ospf->distance = 115;  // a configured distance applies to all
    dp = simulate(b.build());
    CHECK(routeAt(dp, "r1", "203.0.113.0/24")->admin_distance == 115);
  }
}

TEST_CASE("OSPF default-information originate: always, or only with a default route") {
  NetworkBuilder b;
  b.router("edge");
  b.router("inside");
  b.link("edge", "inside", "10.0.0.0/30");
  ospfAll(b, "edge");
  ospfAll(b, "inside");
  b.dev("edge").ospf->default_originate = OspfDefaultOriginate{};
  SUBCASE("without a default route: nothing") {
    auto dp = simulate(b.build());
    CHECK_FALSE(routeAt(dp, "inside", "0.0.0.0/0"));
  }
  SUBCASE("always") {
    b.dev("edge").ospf->default_originate->always = true;
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "inside", "0.0.0.0/0");
    REQUIRE(r);
    CHECK(r->protocol == Protocol::OspfE2);
  }
  SUBCASE("with a static default") {
    b.dev("edge").static_routes.push_back(StaticRoute{*Prefix::parse("0.0.0.0/0"), std::nullopt, "", true, 1, 0, {}});
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "inside", "0.0.0.0/0"));
  }
}

TEST_CASE("OSPF on a broadcast segment with three routers") {
  NetworkBuilder b;
  for (auto n : {"a", "b", "c"}) b.router(n);
  b.iface("a", "eth0", "10.0.0.1/24");
  b.iface("b", "eth0", "10.0.0.2/24");
  b.iface("c", "eth0", "10.0.0.3/24");
  b.iface("c", "lo", "3.3.3.3/32");
  // A switch: pairwise links that union into one segment.
  Network net = b.build();
  net.links.push_back(Link{"a", "eth0", "b", "eth0"});
  net.links.push_back(Link{"b", "eth0", "c", "eth0"});
  for (auto& d : net.devices) {
    d.ospf.emplace();
    for (auto& i : d.interfaces) i.ospf_area = 0;
  }
  auto dp = simulate(net);
  const Route* r = routeAt(dp, "a", "3.3.3.3/32");
  REQUIRE(r);
  CHECK(nextHopNodes(*r) == std::vector<std::string>{"c"});
  CHECK(r->next_hops[0].ip == Ipv4::parse("10.0.0.3"));
  CHECK(r->metric == 10);  // FRR loopback host route: cost 0 on top of the LAN cost
}

TEST_CASE("OSPF advertises every address of a loopback, the second one too") {
  // FRR topotest bgp_aigp: r6 writes `ip address` twice on lo; r4 learns both host routes.
  NetworkBuilder b;
  b.router("r1");
  b.router("r2");
  b.link("r1", "r2", "10.0.12.0/30");
  auto& lo = b.iface("r2", "lo", "10.0.0.2/32");
  lo.secondary.push_back(InterfaceAddress{*Ipv4::parse("10.0.6.6"), 32, {}});
  ospfAll(b, "r1");
  ospfAll(b, "r2");
  auto dp = simulate(b.build());
  CHECK(routeAt(dp, "r1", "10.0.0.2/32"));
  const Route* r = routeAt(dp, "r1", "10.0.6.6/32");
  REQUIRE(r);
  CHECK(nextHopNodes(*r) == std::vector<std::string>{"r2"});
}

TEST_CASE("OSPF cost of an interface without configured cost or bandwidth depends on the vendor") {
  // FRR assumes 10 Mbit/s when the kernel reports no speed (cost 10 with the default
  // reference of 100 Mbit/s); IOS interfaces here are gigabit (cost 1).
  for (auto [vendor, expected] : {std::pair{Vendor::Frr, 20u}, std::pair{Vendor::Ios, 2u}}) {
    NetworkBuilder b;
    b.router("r1", vendor);
    b.router("r2", vendor);
    b.link("r1", "r2", "10.0.12.0/30");
    b.iface("r2", "lan", "172.16.2.0/24");
    ospfAll(b, "r1");
    ospfAll(b, "r2");
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r1", "172.16.2.0/24");
    REQUIRE(r);
    CHECK(r->metric == expected);
  }
}

TEST_CASE("OSPF: an ABR summarises each attached area into each other one, not only via area 0") {
  // leaf1 (area 1) - abr - leaf2 (area 2), abr also in area 0 (RFC 2328 12.4.3).
  NetworkBuilder b;
  for (auto n : {"core", "abr", "leaf1", "leaf2"}) b.router(n);
  b.link("core", "abr", "10.0.0.0/30");
  b.link("abr", "leaf1", "10.1.0.0/30");
  b.link("abr", "leaf2", "10.2.0.0/30");
  b.iface("leaf1", "lan", "172.16.1.0/24");
  ospfAll(b, "core", 0);
  ospfAll(b, "leaf1", 1);
  ospfAll(b, "leaf2", 2);
  b.dev("abr").ospf.emplace();
  for (auto& i : b.dev("abr").interfaces)
    i.ospf_area = i.name == "to-core" ? 0 : i.name == "to-leaf1" ? 1 : 2;
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "leaf2", "172.16.1.0/24");
  REQUIRE(r);
  CHECK(r->protocol == Protocol::OspfInterArea);
  CHECK(nextHopNodes(*r) == std::vector<std::string>{"abr"});
  CHECK(routeAt(dp, "leaf1", "10.2.0.0/30"));
  CHECK(routeAt(dp, "core", "172.16.1.0/24"));
}

TEST_CASE("OSPF over a point-to-point link with /32 addresses (unnumbered, as FRR forms it)") {
  NetworkBuilder b;
  b.router("r1");
  b.router("r2");
  b.iface("r1", "lo", "10.0.0.1/32");
  b.iface("r2", "lo", "10.0.0.2/32");
  b.iface("r1", "swp1", "10.0.0.1/32").ospf_point_to_point = true;
  b.iface("r2", "swp1", "10.0.0.2/32").ospf_point_to_point = true;
  b.iface("r2", "lan", "10.2.0.1/24");
  b.addLink({"r1", "swp1", "r2", "swp1"});
  ospfAll(b, "r1");
  ospfAll(b, "r2");
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r1", "10.2.0.0/24");
  REQUIRE(r);
  REQUIRE(r->next_hops.size() == 1);
  CHECK(r->next_hops[0].ip == Ipv4::parse("10.0.0.2"));
  CHECK(r->next_hops[0].interface == "swp1");
  CHECK(r->next_hops[0].node == "r2");
  CHECK(routeAt(dp, "r2", "10.0.0.1/32"));
}

namespace {

// r1 and r2 joined by Ethernet1 borrowing each one's Loopback0 (IOS `ip unnumbered`, EOS
// `ip address unnumbered`), OSPF point-to-point over it; r2 has a LAN.
NetworkBuilder unnumberedPair(Vendor vendor) {
  NetworkBuilder b;
  b.router("r1", vendor);
  b.router("r2", vendor);
  b.iface("r1", "Loopback0", "10.0.0.1/32");
  b.iface("r2", "Loopback0", "10.0.0.2/32");
  for (auto n : {"r1", "r2"}) {
    auto& e = b.iface(n, "Ethernet1", "0.0.0.0/0");
    e.address.reset();
    e.unnumbered = "Loopback0";
    e.ospf_point_to_point = true;
  }
  b.iface("r2", "lan", "10.2.0.1/24");
  b.addLink({"r1", "Ethernet1", "r2", "Ethernet1"});
  ospfAll(b, "r1");
  ospfAll(b, "r2");
  return b;
}

}  // namespace

TEST_CASE("OSPF over unnumbered interfaces: the adjacency forms, the link has no subnet of its own") {
  auto dp = simulate(unnumberedPair(Vendor::Ios).build());
  const Route* lan = routeAt(dp, "r1", "10.2.0.0/24");
  REQUIRE(lan);
  REQUIRE(lan->next_hops.size() == 1);
  // IOS: via the neighbour's borrowed address, out of the unnumbered interface.
  CHECK(lan->next_hops[0].ip == Ipv4::parse("10.0.0.2"));
  CHECK(lan->next_hops[0].interface == "Ethernet1");
  CHECK(lan->next_hops[0].node == "r2");
  CHECK(routeAt(dp, "r2", "10.0.0.1/32"));
  // The lender's /32 is the only route for the borrowed address; no connected route appears.
  CHECK(routeAt(dp, "r1", "10.0.0.1/32")->protocol == Protocol::Connected);
  auto t = trace(unnumberedPair(Vendor::Ios).build(), dp, "r1", *Ipv4::parse("10.2.0.9"));
  REQUIRE(t.paths.size() == 1);
  CHECK(t.paths[0].outcome == TraceOutcome::Delivered);
  CHECK(t.paths[0].hops.back().node == "r2");
}

TEST_CASE("OSPF over unnumbered interfaces: EOS routes to the neighbour's own address via the "
          "interface alone, and forwards") {
  auto net = unnumberedPair(Vendor::Eos).build();
  auto dp = simulate(net);
  const Route* lan = routeAt(dp, "r1", "10.2.0.0/24");
  REQUIRE(lan);
  REQUIRE(lan->next_hops.size() == 1);
  CHECK(lan->next_hops[0].ip == Ipv4::parse("10.0.0.2"));
  const Route* loopback = routeAt(dp, "r1", "10.0.0.2/32");
  REQUIRE(loopback);
  REQUIRE(loopback->next_hops.size() == 1);
  CHECK_FALSE(loopback->next_hops[0].ip.has_value());
  CHECK(loopback->next_hops[0].interface == "Ethernet1");
  CHECK(loopback->next_hops[0].node == "r2");
  auto t = trace(net, dp, "r1", *Ipv4::parse("10.0.0.2"));
  REQUIRE(t.paths.size() == 1);
  CHECK(t.paths[0].outcome == TraceOutcome::Delivered);
  CHECK(t.paths[0].hops.back().node == "r2");
}

TEST_CASE("OSPF: an unnumbered interface without point-to-point forms no adjacency (no shared subnet)") {
  auto b = unnumberedPair(Vendor::Ios);
  for (auto n : {"r1", "r2"})
    for (auto& i : b.dev(n).interfaces) i.ospf_point_to_point = false;
  auto dp = simulate(b.build());
  CHECK_FALSE(routeAt(dp, "r1", "10.2.0.0/24"));
}

TEST_CASE("OSPF: one subnet on two transit segments takes the network-LSA with the higher Link State ID") {
  // topotest ospf_prune_next_hop: 10.1.3.0/24 is the r3-r7 segment (DR r7, LSID 10.1.3.7), the
  // r4-r8 segment (DR r8, LSID 10.1.3.8) and a stub on r5, all 20 away from r2. FRR keeps the
  // r4-r8 network-LSA alone (ospf_intra_add_transit) and merges r5's stub link at equal cost.
  NetworkBuilder b;
  for (auto n : {"r2", "r3", "r4", "r5", "r7", "r8"}) b.router(n);
  b.iface("r2", "lan", "10.1.2.2/24");
  for (auto [n, lan, far] : {std::tuple{"r3", "10.1.2.3/24", "10.1.3.3/24"}, {"r4", "10.1.2.4/24", "10.1.3.4/24"},
                             {"r5", "10.1.2.5/24", "10.1.3.5/24"}}) {
    b.iface(n, "lan", lan);
    b.iface(n, "far", far);
    b.addLink(Link{"r2", "lan", n, "lan"});
  }
  b.iface("r7", "far", "10.1.3.7/24");
  b.iface("r8", "far", "10.1.3.8/24");
  b.addLink(Link{"r3", "far", "r7", "far"});
  b.addLink(Link{"r4", "far", "r8", "far"});
  for (auto n : {"r2", "r3", "r4", "r5", "r7", "r8"}) ospfAll(b, n);
  SUBCASE("the higher LSID wins among equal transit networks; the stub merges") {
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r2", "10.1.3.0/24");
    REQUIRE(r);
    CHECK(r->metric == 20);
    CHECK(nextHopNodes(*r) == std::vector<std::string>{"r4", "r5"});
  }
  SUBCASE("the DR is the highest router-id: r4 elected on its segment gives it LSID 10.1.3.4") {
    b.dev("r4").ospf->router_id = *Ipv4::parse("10.255.0.4");
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r2", "10.1.3.0/24");
    REQUIRE(r);
    CHECK(nextHopNodes(*r) == std::vector<std::string>{"r3", "r5"});
  }
}

TEST_CASE("OSPF redistribute connected: FRR 8.4 skips a prefix inside an OSPF interface's subnet") {
  // topotest ospf_connected_overlapping_prefix: r1's 10.0.0.128/30 (not in OSPF) lies inside its
  // OSPF 10.0.0.0/24; FRR 8.4's r2 gets no external for it (ospf_distribute_check_connected).
  for (Vendor vendor : {Vendor::Frr, Vendor::Ios}) {
    CAPTURE(static_cast<int>(vendor));
    NetworkBuilder b;
    b.router("r1", vendor);
    b.router("r2", vendor);
    b.iface("r1", "eth0", "10.0.0.1/24").ospf_area = 0;
    b.iface("r2", "eth0", "10.0.0.2/24").ospf_area = 0;
    b.iface("r1", "eth1", "10.0.0.129/30");
    b.iface("r1", "eth2", "10.9.0.1/24");
    b.addLink(Link{"r1", "eth0", "r2", "eth0"});
    for (auto n : {"r1", "r2"}) b.dev(n).ospf.emplace();
    b.dev("r1").ospf->redistributions.emplace_back().source = RouteSource::Connected;
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r2", "10.9.0.0/24"));
    CHECK((routeAt(dp, "r2", "10.0.0.128/30") == nullptr) == (vendor == Vendor::Frr));
  }
}
