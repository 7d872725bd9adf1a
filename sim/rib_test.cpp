#include <doctest/doctest.h>

#include "sim/rib.h"
#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

TEST_CASE("connected routes; local /32 routes for IOS but not for FRR 8.4") {
  NetworkBuilder b;
  b.router("frr1", Vendor::Frr);
  b.router("ios1", Vendor::Ios);
  b.link("frr1", "ios1", "10.0.0.0/30");
  b.iface("frr1", "lo", "1.1.1.1/32");
  auto& down = b.iface("ios1", "Gi0/9", "10.9.9.1/24");
  down.shutdown = true;
  auto dp = simulate(b.build());

  const Route* c = routeAt(dp, "frr1", "10.0.0.0/30");
  REQUIRE(c);
  CHECK(c->protocol == Protocol::Connected);
  CHECK(c->admin_distance == 0);
  CHECK(c->next_hops.front().interface == "to-ios1");
  CHECK(routeAt(dp, "frr1", "1.1.1.1/32"));
  CHECK_FALSE(routeAt(dp, "frr1", "10.0.0.1/32"));
  const Route* local = routeAt(dp, "ios1", "10.0.0.2/32");
  REQUIRE(local);
  CHECK(local->protocol == Protocol::Local);
  CHECK_FALSE(routeAt(dp, "ios1", "10.9.9.0/24"));  // shut down
}

TEST_CASE("static routes: next hop on a subnet, recursion, interface, Null0, distance") {
  NetworkBuilder b;
  b.router("r1");
  b.router("r2");
  b.link("r1", "r2", "10.0.0.0/30");
  auto& r1 = b.dev("r1");
  r1.static_routes.push_back(StaticRoute{*Prefix::parse("192.0.2.0/24"), Ipv4::parse("10.0.0.2"), "", false, 1, 0, {}});
  // Recursive: 198.51.100.0/24 via 192.0.2.1, which the static above covers.
  r1.static_routes.push_back(StaticRoute{*Prefix::parse("198.51.100.0/24"), Ipv4::parse("192.0.2.1"), "", false, 1, 0, {}});
  r1.static_routes.push_back(StaticRoute{*Prefix::parse("203.0.113.0/24"), std::nullopt, "to-r2", false, 1, 0, {}});
  r1.static_routes.push_back(StaticRoute{*Prefix::parse("10.99.0.0/16"), std::nullopt, "", true, 1, 0, {}});
  // Unresolvable next hop: not installed.
  r1.static_routes.push_back(StaticRoute{*Prefix::parse("10.77.0.0/16"), Ipv4::parse("172.16.0.1"), "", false, 1, 0, {}});
  // A static with a worse distance than the connected route loses.
  r1.static_routes.push_back(StaticRoute{*Prefix::parse("10.0.0.0/30"), std::nullopt, "", true, 5, 0, {}});
  auto dp = simulate(b.build());

  const Route* direct = routeAt(dp, "r1", "192.0.2.0/24");
  REQUIRE(direct);
  CHECK(direct->protocol == Protocol::Static);
  CHECK(direct->admin_distance == 1);
  REQUIRE(direct->next_hops.size() == 1);
  CHECK(direct->next_hops[0].ip == Ipv4::parse("10.0.0.2"));
  CHECK(direct->next_hops[0].node == "r2");

  const Route* recursive = routeAt(dp, "r1", "198.51.100.0/24");
  REQUIRE(recursive);
  REQUIRE(recursive->next_hops.size() == 1);
  CHECK(recursive->next_hops[0].ip == Ipv4::parse("10.0.0.2"));  // resolved to the real gateway
  CHECK(recursive->next_hops[0].interface == "to-r2");
  REQUIRE(recursive->protocol_next_hops.size() == 1);  // as configured, for IOS' view
  CHECK(recursive->protocol_next_hops[0].ip == Ipv4::parse("192.0.2.1"));
  CHECK(direct->protocol_next_hops.empty());

  const Route* viaInterface = routeAt(dp, "r1", "203.0.113.0/24");
  REQUIRE(viaInterface);
  CHECK_FALSE(viaInterface->next_hops[0].ip.has_value());

  const Route* null = routeAt(dp, "r1", "10.99.0.0/16");
  REQUIRE(null);
  CHECK(null->next_hops[0].discard);

  CHECK_FALSE(routeAt(dp, "r1", "10.77.0.0/16"));
  CHECK(routeAt(dp, "r1", "10.0.0.0/30")->protocol == Protocol::Connected);
}

TEST_CASE("FRR does not resolve a static next hop through the default route, IOS does") {
  for (auto vendor : {Vendor::Frr, Vendor::Ios}) {
    NetworkBuilder b;
    b.router("r1", vendor);
    b.router("r2", vendor);
    b.link("r1", "r2", "10.0.0.0/30");
    auto& r1 = b.dev("r1");
    r1.static_routes.push_back(StaticRoute{*Prefix::parse("0.0.0.0/0"), Ipv4::parse("10.0.0.2"), "", false, 1, 0, {}});
    r1.static_routes.push_back(StaticRoute{*Prefix::parse("172.16.0.0/16"), Ipv4::parse("192.0.2.1"), "", false, 1, 0, {}});
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r1", "0.0.0.0/0"));
    CHECK((routeAt(dp, "r1", "172.16.0.0/16") != nullptr) == (vendor == Vendor::Ios));
  }
}

TEST_CASE("longest match prefers the most specific route") {
  NetworkBuilder b;
  b.router("r1");
  b.router("r2");
  b.link("r1", "r2", "10.0.0.0/30");
  auto& r1 = b.dev("r1");
  r1.static_routes.push_back(StaticRoute{*Prefix::parse("10.8.0.0/16"), std::nullopt, "", true, 1, 0, {}});
  r1.static_routes.push_back(StaticRoute{*Prefix::parse("10.8.1.0/24"), Ipv4::parse("10.0.0.2"), "", false, 1, 0, {}});
  auto dp = simulate(b.build());
  const auto& rib = dp.ribs.at("r1");
  CHECK(rib.longestMatch(*Ipv4::parse("10.8.1.7"))->prefix == *Prefix::parse("10.8.1.0/24"));
  CHECK(rib.longestMatch(*Ipv4::parse("10.8.2.7"))->prefix == *Prefix::parse("10.8.0.0/16"));
  CHECK(rib.longestMatch(*Ipv4::parse("11.0.0.1")) == nullptr);
}

TEST_CASE("selectInstalled: lowest distance per prefix, ties by listed order starting at `first`") {
  using routefix::sim::detail::selectInstalled;
  auto route = [](const char* prefix, uint32_t distance, Protocol protocol, uint32_t metric) {
    Route r;
    r.prefix = *Prefix::parse(prefix);
    r.admin_distance = distance;
    r.protocol = protocol;
    r.metric = metric;  // tells equal candidates apart
    return r;
  };
  // Shuffled, with losers between the winners: the permutation in place has cycles.
  std::vector<Route> candidates{
      route("10.3.0.0/16", 20, Protocol::Bgp, 1),       route("10.1.0.0/16", 200, Protocol::Ibgp, 2),
      route("10.2.0.0/16", 20, Protocol::Aggregate, 3), route("10.1.0.0/16", 110, Protocol::Ospf, 4),
      route("10.0.0.0/16", 0, Protocol::Connected, 5),  route("10.2.0.0/16", 20, Protocol::Aggregate, 6),
      route("10.3.0.0/16", 1, Protocol::Static, 7)};
  auto metrics = [](const NodeRib& rib) {
    std::vector<uint32_t> out;
    for (const auto& r : rib.routes()) out.push_back(r.metric);
    return out;
  };
  CHECK(metrics(selectInstalled(candidates)) == std::vector<uint32_t>{5, 4, 3, 7});
  // Listed from index 4 on first: of the two equal aggregates, the one at 5 now comes first.
  CHECK(metrics(selectInstalled(candidates, 4)) == std::vector<uint32_t>{5, 4, 6, 7});
}

TEST_CASE("static routes for one prefix at one distance are ECMP; a higher distance floats") {
  NetworkBuilder b;
  b.router("r1", Vendor::Ios);
  b.router("r2", Vendor::Ios);
  b.router("r3", Vendor::Ios);
  b.link("r1", "r2", "10.0.0.0/30");
  b.link("r1", "r3", "10.0.0.4/30");
  auto& r1 = b.dev("r1");
  auto route = [](const char* prefix, const char* nextHop, uint32_t distance) {
    return StaticRoute{*Prefix::parse(prefix), Ipv4::parse(nextHop), "", false, distance, 0, {}};
  };
  r1.static_routes.push_back(route("192.0.2.0/24", "10.0.0.2", 1));
  r1.static_routes.push_back(route("192.0.2.0/24", "10.0.0.6", 1));
  r1.static_routes.push_back(route("198.51.100.0/24", "10.0.0.2", 1));
  r1.static_routes.push_back(route("198.51.100.0/24", "10.0.0.6", 250));  // floating
  auto dp = simulate(b.build());
  const Route* ecmp = routeAt(dp, "r1", "192.0.2.0/24");
  REQUIRE(ecmp);
  CHECK(nextHopNodes(*ecmp) == std::vector<std::string>{"r2", "r3"});
  const Route* floating = routeAt(dp, "r1", "198.51.100.0/24");
  REQUIRE(floating);
  CHECK(nextHopNodes(*floating) == std::vector<std::string>{"r2"});
}
