// Connected and static IPv6 routes (sim/ipv6_rib.h).
#include <doctest/doctest.h>

#include "sim/sim_test_network.h"

namespace routefix::sim::testing {

namespace {

IpPrefix v6(const char* text) { return *IpPrefix::parse(text); }
IpAddress addr(const char* text) { return *IpAddress::parse(text); }

Ipv6StaticRoute staticRoute(const char* prefix, const char* nextHop, uint32_t distance = 1, std::string itf = "") {
  Ipv6StaticRoute s;
  s.prefix = v6(prefix);
  if (nextHop) s.next_hop = addr(nextHop);
  s.interface = std::move(itf);
  s.distance = distance;
  return s;
}

// r1 eth0 2001:db8:12::1/64 --- r2 eth0 2001:db8:12::2/64, both with IPv4 too.
NetworkBuilder dualStackPair(Vendor vendor = Vendor::Frr) {
  NetworkBuilder b;
  for (const char* name : {"r1", "r2"}) {
    b.router(name, vendor).ipv6_unicast_routing = true;
  }
  b.link("r1", "r2", "10.0.12.0/30");
  b.addV6("r1", "to-r2", "2001:db8:12::1/64");
  b.addV6("r1", "to-r2", "fe80::1/64");
  b.addV6("r2", "to-r1", "2001:db8:12::2/64");
  b.addV6("r2", "to-r1", "fe80::2/64");
  b.addV6("r2", "lo", "2001:db8:ff::2/128");
  return b;
}

}  // namespace

TEST_CASE("IPv6 connected routes: global subnets of up interfaces, no link-local, IPv4 untouched") {
  auto b = dualStackPair();
  DataPlane before = simulate(b.build());
  const Ipv6Rib& r1 = before.ipv6.ribs.at("r1");
  REQUIRE(r1.routes().size() == 1);
  CHECK(r1.routes()[0].prefix == v6("2001:db8:12::/64"));
  CHECK(r1.routes()[0].protocol == Protocol::Connected);
  CHECK(r1.routes()[0].next_hops.at(0).interface == "to-r2");
  CHECK(before.ipv6.ribs.at("r2").routes().size() == 2);
  // The IPv4 tables are those of the network without any IPv6.
  NetworkBuilder plain;
  plain.router("r1");
  plain.router("r2");
  plain.link("r1", "r2", "10.0.12.0/30");
  DataPlane v4only = simulate(plain.build());
  CHECK(v4only.ipv6.ribs.empty());
  CHECK(before.ribs.at("r1").routes().size() == v4only.ribs.at("r1").routes().size());
}

TEST_CASE("IPv6 local /128 routes on IOS-style vendors; no routing without ipv6 unicast-routing") {
  auto b = dualStackPair(Vendor::Ios);
  b.dev("r2").ipv6_unicast_routing = false;
  DataPlane dp = simulate(b.build());
  const Ipv6Rib& r1 = dp.ipv6.ribs.at("r1");
  REQUIRE(r1.routes().size() == 2);
  CHECK(r1.routes()[1].prefix == v6("2001:db8:12::1/128"));
  CHECK(r1.routes()[1].protocol == Protocol::Local);
  CHECK_FALSE(dp.ipv6.ribs.count("r2"));
}

TEST_CASE("IPv6 statics: connected next hop, recursive next hop, distance, link-local with interface") {
  auto b = dualStackPair();
  auto& r1 = b.dev("r1");
  r1.ipv6_static_routes.push_back(staticRoute("2001:db8:ff::2/128", "2001:db8:12::2"));
  r1.ipv6_static_routes.push_back(staticRoute("2001:db8:100::/48", "2001:db8:ff::2"));  // over the static above
  r1.ipv6_static_routes.push_back(staticRoute("2001:db8:100::/48", "2001:db8:12::2", 200));  // floating backup
  r1.ipv6_static_routes.push_back(staticRoute("2001:db8:200::/48", "fe80::2", 1, "to-r2"));
  r1.ipv6_static_routes.push_back(staticRoute("2001:db8:300::/48", "2001:db8:99::1"));  // unresolvable
  Ipv6StaticRoute discard = staticRoute("2001:db8:dead::/48", nullptr);
  discard.null_route = true;
  r1.ipv6_static_routes.push_back(discard);
  DataPlane dp = simulate(b.build());
  const Ipv6Rib& rib = dp.ipv6.ribs.at("r1");
  const Ipv6Route* host = rib.exact(v6("2001:db8:ff::2/128"));
  REQUIRE(host);
  CHECK(host->next_hops == std::vector<Ipv6NextHop>{{addr("2001:db8:12::2"), "to-r2", "r2", false}});
  CHECK(host->protocol_next_hops.empty());
  const Ipv6Route* recursive = rib.exact(v6("2001:db8:100::/48"));
  REQUIRE(recursive);
  CHECK(recursive->admin_distance == 1);
  CHECK(recursive->next_hops == host->next_hops);
  CHECK(recursive->protocol_next_hops == std::vector<Ipv6NextHop>{{addr("2001:db8:ff::2"), "", "r2", false}});
  const Ipv6Route* linkLocal = rib.exact(v6("2001:db8:200::/48"));
  REQUIRE(linkLocal);
  CHECK(linkLocal->next_hops == std::vector<Ipv6NextHop>{{addr("fe80::2"), "to-r2", "r2", false}});
  CHECK_FALSE(rib.exact(v6("2001:db8:300::/48")));
  CHECK(rib.exact(v6("2001:db8:dead::/48"))->next_hops.at(0).discard);
  CHECK(rib.longestMatch(addr("2001:db8:100:5::1")) == recursive);
  CHECK(rib.longestMatch(addr("2001:db8:12::77"))->protocol == Protocol::Connected);
  CHECK_FALSE(rib.longestMatch(addr("2001:db9::1")));

  // Without the route it resolves over, the /48 falls back to the distance-200 static.
  r1.ipv6_static_routes.erase(r1.ipv6_static_routes.begin());
  DataPlane backup = simulate(b.build());
  CHECK(backup.ipv6.ribs.at("r1").exact(v6("2001:db8:100::/48"))->admin_distance == 200);
}

TEST_CASE("IPv6 statics of a named VRF use that VRF's interfaces; failures keep the IPv6 tables") {
  auto b = dualStackPair();
  auto& r1 = b.dev("r1");
  r1.vrfs["RED"].name = "RED";
  b.addV6("r1", "red0", "2001:db8:aa::1/64");
  const_cast<Interface*>(r1.findInterface("red0"))->vrf = "RED";
  r1.vrfs["RED"].ipv6_static_routes.push_back(staticRoute("::/0", "2001:db8:aa::2"));
  r1.vrfs["RED"].ipv6_static_routes.push_back(staticRoute("2001:db8:bb::/48", "2001:db8:12::2"));  // not in RED
  DataPlane dp = simulate(b.build());
  const Ipv6Rib& red = dp.ipv6.vrf_ribs.at("r1").at("RED");
  CHECK(red.routes().size() == 2);
  CHECK(red.exact(v6("::/0")));
  CHECK_FALSE(dp.ipv6.ribs.at("r1").exact(v6("2001:db8:aa::/64")));
  Network net = b.build();
  FailureSimulator failures(net);
  SimulationOptions scenario;
  scenario.failed_links = {net.links.at(0)};
  DataPlane failed = failures.simulate(scenario);
  CHECK(failed.ipv6.vrf_ribs.at("r1").at("RED").routes() == red.routes());
}

}  // namespace routefix::sim::testing
