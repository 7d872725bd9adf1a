// EIGRP: metrics as IOS computes them, internal before external, passive interfaces, and
// redistribution out of EIGRP into OSPF and BGP. Expected metrics are those real IOS-XE
// routers printed in the labval corpus (iosxe_redistribution, iosxe_vrf_route_leaking_wide_eigrp).
#include <doctest/doctest.h>

#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

namespace {

EigrpProcess& eigrp(NetworkBuilder& b, const std::string& node, uint32_t asn, const std::string& cover) {
  auto& d = b.dev(node);
  EigrpProcess p;
  p.asn = asn;
  auto prefix = *Prefix::parse(cover);
  uint32_t wildcard = prefix.length >= 32 ? 0 : 0xffffffffu >> prefix.length;
  p.networks.push_back(WildcardMatch{prefix.address, wildcard});
  d.eigrp.push_back(p);
  return d.eigrp.back();
}

// r1 - r3 over a GigabitEthernet-like link (1 Gbit/s, 10 us); r3 has Loopback0 in EIGRP.
NetworkBuilder pair() {
  NetworkBuilder b;
  for (auto n : {"r1", "r3"}) b.router(n, Vendor::Ios);
  b.link("r1", "r3", "10.13.21.0/30");
  b.iface("r3", "Loopback0", "192.168.123.3/32");
  eigrp(b, "r1", 1, "10.0.0.0/8");
  eigrp(b, "r3", 1, "0.0.0.0/0");
  return b;
}

}  // namespace

TEST_CASE("EIGRP classic metric: 256 * (10^7 / minimum bandwidth + delay), internal at distance 90") {
  auto dp = simulate(pair().build());
  const Route* r = routeAt(dp, "r1", "192.168.123.3/32");
  REQUIRE(r);
  CHECK(r->protocol == Protocol::Eigrp);
  CHECK(r->admin_distance == 90);
  CHECK(r->metric == 130816);  // loopback 5,000 us + link 10 us at 1 Gbit/s (IOS: 130816)
  CHECK(nextHopNodes(*r) == std::vector<std::string>{"r3"});
}

TEST_CASE("EIGRP: a passive interface advertises its subnet but forms no neighbour") {
  auto b = pair();
  b.dev("r3").eigrp[0].passive_interfaces.push_back("to-r1");
  auto dp = simulate(b.build());
  CHECK_FALSE(routeAt(dp, "r1", "192.168.123.3/32"));
}

TEST_CASE("EIGRP external: a redistributed static with its metric, at distance 170") {
  auto b = pair();
  b.dev("r3").static_routes.push_back(StaticRoute{*Prefix::parse("192.168.123.2/32"), std::nullopt, "", true, 1, 0, {}});
  Redistribution red;
  red.source = RouteSource::Static;
  red.eigrp_metric = EigrpMetric{900, 100};
  b.dev("r3").eigrp[0].redistributions.push_back(red);
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r1", "192.168.123.2/32");
  REQUIRE(r);
  CHECK(r->protocol == Protocol::EigrpExternal);
  CHECK(r->admin_distance == 170);
  CHECK(r->metric == 2870272);  // IOS: 256 * (10^7/900 + 100 + 1)
}

TEST_CASE("EIGRP wide metrics (named mode): the RIB shows the 64-bit metric divided by 128") {
  auto b = pair();
  b.dev("r1").eigrp[0].wide_metrics = true;
  auto& r3 = b.dev("r3");
  r3.static_routes.push_back(StaticRoute{*Prefix::parse("192.168.122.0/24"), std::nullopt, "", true, 1, 0, {}});
  Redistribution red;
  red.source = RouteSource::Static;
  red.eigrp_metric = EigrpMetric{1000, 100};
  r3.eigrp[0].redistributions.push_back(red);
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r1", "192.168.122.0/24");
  REQUIRE(r);
  CHECK(r->metric == 5637120);  // IOS-XE named mode, the same redistribution and link
}

TEST_CASE("EIGRP routes redistributed into OSPF (E2, metric 20) and BGP (MED = EIGRP metric)") {
  auto b = pair();
  b.router("r0", Vendor::Ios);
  b.link("r0", "r1", "172.16.1.0/30");
  b.ospfTowards("r0", "r1");
  b.ospfTowards("r1", "r0");
  Redistribution intoOspf;
  intoOspf.source = RouteSource::Eigrp;
  intoOspf.process = 1;
  b.dev("r1").ospf->redistributions.push_back(intoOspf);
  b.router("r4", Vendor::Ios);
  b.link("r1", "r4", "172.16.4.0/30");
  b.bgp("r1", 65001);
  b.bgp("r4", 65004);
  b.ebgp("r1", "r4");
  Redistribution intoBgp = intoOspf;
  b.dev("r1").bgp->redistributions.push_back(intoBgp);
  auto dp = simulate(b.build());
  const Route* o = routeAt(dp, "r0", "192.168.123.3/32");
  REQUIRE(o);
  CHECK(o->protocol == Protocol::OspfE2);
  CHECK(o->metric == 20);
  const Route* g = routeAt(dp, "r4", "192.168.123.3/32");
  REQUIRE(g);
  CHECK(g->protocol == Protocol::Bgp);
  CHECK(g->metric == 130816);
}

namespace {

// r3 advertises two loopbacks; PL3 permits only the first (192.168.123.3/32).
NetworkBuilder pairWithTwoLoopbacks() {
  auto b = pair();
  b.iface("r3", "Loopback1", "192.168.123.4/32");
  for (auto node : {"r1", "r3"}) {
    PrefixList pl;
    pl.name = "PL3";
    pl.entries.push_back(PrefixListEntry{5, Action::Permit, *Prefix::parse("192.168.123.3/32"), {}, {}, {}});
    b.dev(node).prefix_lists["PL3"] = pl;
  }
  return b;
}

EigrpDistributeList distributeList(bool inbound, bool prefixList, const std::string& name,
                                   const std::string& iface = "") {
  EigrpDistributeList l;
  l.inbound = inbound;
  l.prefix_list = prefixList;
  l.name = name;
  l.interface = iface;
  return l;
}

}  // namespace

// IOS-XE in the labval corpus (iosxe_eigrp_neighbor): `distribute-list route-map M out` whose
// deny clause matches the router's own loopback keeps it out of the neighbour's table, and the
// neighbour's `in` list keeps the other's loopback out of its own.
TEST_CASE("EIGRP distribute-list route-map out: the denied prefix is not advertised; the router keeps it") {
  auto b = pairWithTwoLoopbacks();
  RoutePolicy rm;
  rm.name = "BLOCK3";
  PolicyClause deny;
  deny.seq = 10;
  deny.action = ClauseAction::Deny;
  PolicyMatch m;
  m.kind = PolicyMatch::Kind::PrefixList;
  m.names = {"PL3"};
  deny.matches.push_back(m);
  PolicyClause permit;
  permit.seq = 20;
  rm.clauses = {deny, permit};
  b.dev("r3").route_policies["BLOCK3"] = rm;
  b.dev("r3").eigrp[0].distribute_lists.push_back(distributeList(false, false, "BLOCK3"));
  auto dp = simulate(b.build());
  CHECK_FALSE(routeAt(dp, "r1", "192.168.123.3/32"));
  CHECK(routeAt(dp, "r1", "192.168.123.4/32"));
  CHECK(routeAt(dp, "r3", "192.168.123.3/32"));  // its own connected route
}

TEST_CASE("EIGRP distribute-list prefix in: only on the interface it names, or on all without one") {
  SUBCASE("on the receiving interface") {
    auto b = pairWithTwoLoopbacks();
    b.dev("r1").eigrp[0].distribute_lists.push_back(distributeList(true, true, "PL3", "to-r3"));
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r1", "192.168.123.3/32"));
    CHECK_FALSE(routeAt(dp, "r1", "192.168.123.4/32"));
  }
  SUBCASE("without an interface") {
    auto b = pairWithTwoLoopbacks();
    b.dev("r1").eigrp[0].distribute_lists.push_back(distributeList(true, true, "PL3"));
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r1", "192.168.123.3/32"));
    CHECK_FALSE(routeAt(dp, "r1", "192.168.123.4/32"));
  }
  SUBCASE("naming another interface: not applied") {
    auto b = pairWithTwoLoopbacks();
    b.dev("r1").eigrp[0].distribute_lists.push_back(distributeList(true, true, "PL3", "Loopback9"));
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r1", "192.168.123.4/32"));
  }
}
