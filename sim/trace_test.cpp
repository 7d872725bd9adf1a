#include <doctest/doctest.h>

#include "model/input_error.h"
#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

namespace {

// r1 -> {r2, r3} -> r4 by OSPF ECMP; r4 owns 172.16.4.1.
NetworkBuilder diamond() {
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3", "r4"}) b.router(n);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r1", "r3", "10.0.13.0/30");
  b.link("r2", "r4", "10.0.24.0/30");
  b.link("r3", "r4", "10.0.34.0/30");
  b.iface("r4", "lan", "172.16.4.1/24");
  return b;
}

void ospfEverywhere(NetworkBuilder& b) {
  for (auto n : {"r1", "r2", "r3", "r4"}) {
    auto& d = b.dev(n);
    d.ospf.emplace();
    for (auto& i : d.interfaces) i.ospf_area = 0;
  }
}

std::vector<std::string> nodesOf(const TracePath& p) {
  std::vector<std::string> out;
  for (const auto& h : p.hops) out.push_back(h.node);
  return out;
}

}  // namespace

TEST_CASE("trace lists every ECMP path to the owner of the address") {
  auto b = diamond();
  ospfEverywhere(b);
  auto net = b.build();
  auto dp = simulate(net);
  auto t = trace(net, dp, "R1", *Ipv4::parse("172.16.4.1"));  // node names are case-insensitive
  CHECK(t.from == "r1");
  REQUIRE(t.paths.size() == 2);
  CHECK(nodesOf(t.paths[0]) == std::vector<std::string>{"r1", "r2", "r4"});
  CHECK(nodesOf(t.paths[1]) == std::vector<std::string>{"r1", "r3", "r4"});
  for (const auto& p : t.paths) {
    CHECK(p.outcome == TraceOutcome::Delivered);
    CHECK(p.at == "r4");
    CHECK(p.hops.front().interface.rfind("to-", 0) == 0);
    CHECK(p.hops.back().interface == "");
  }
  // A host on r4's LAN that no device owns is delivered by r4.
  auto host = trace(net, dp, "r1", *Ipv4::parse("172.16.4.77"));
  REQUIRE(host.paths.size() == 2);
  CHECK(host.paths[0].outcome == TraceOutcome::Delivered);
  CHECK(host.paths[0].at == "r4");
}

TEST_CASE("trace outcomes: no route, null route, loop") {
  auto b = diamond();
  b.dev("r1").static_routes.push_back(StaticRoute{*Prefix::parse("192.0.2.0/24"), std::nullopt, "", true, 1, 0, {}});
  // r1 and r2 point at each other for 198.51.100.0/24.
  b.dev("r1").static_routes.push_back(StaticRoute{*Prefix::parse("198.51.100.0/24"), Ipv4::parse("10.0.12.2"), "", false, 1, 0, {}});
  b.dev("r2").static_routes.push_back(StaticRoute{*Prefix::parse("198.51.100.0/24"), Ipv4::parse("10.0.12.1"), "", false, 1, 0, {}});
  auto net = b.build();
  auto dp = simulate(net);

  auto none = trace(net, dp, "r1", *Ipv4::parse("172.16.4.1"));  // no IGP: r1 knows no route
  REQUIRE(none.paths.size() == 1);
  CHECK(none.paths[0].outcome == TraceOutcome::NoRoute);
  CHECK(none.paths[0].at == "r1");

  auto null = trace(net, dp, "r1", *Ipv4::parse("192.0.2.9"));
  REQUIRE(null.paths.size() == 1);
  CHECK(null.paths[0].outcome == TraceOutcome::NullRoute);

  auto loop = trace(net, dp, "r1", *Ipv4::parse("198.51.100.1"));
  REQUIRE(loop.paths.size() == 1);
  CHECK(loop.paths[0].outcome == TraceOutcome::Loop);
  CHECK(nodesOf(loop.paths[0]) == std::vector<std::string>{"r1", "r2", "r1"});
}

TEST_CASE("trace: a null route that anchors a BGP announcement delivers there (spec: owner = originated)") {
  auto b = diamond();
  b.dev("r1").static_routes.push_back(StaticRoute{*Prefix::parse("192.0.2.0/24"), std::nullopt, "", true, 1, 0, {}});
  b.dev("r1").static_routes.push_back(StaticRoute{*Prefix::parse("203.0.113.0/24"), std::nullopt, "", true, 1, 0, {}});
  b.bgp("r1", 65001).networks.push_back(BgpNetwork{*Prefix::parse("192.0.2.0/24"), "", {}});
  auto net = b.build();
  auto dp = simulate(net);
  auto announced = trace(net, dp, "r1", *Ipv4::parse("192.0.2.9"));
  REQUIRE(announced.paths.size() == 1);
  CHECK(announced.paths[0].outcome == TraceOutcome::Delivered);
  CHECK(announced.paths[0].at == "r1");
  // A discard route nobody announces still drops.
  auto dropped = trace(net, dp, "r1", *Ipv4::parse("203.0.113.9"));
  REQUIRE(dropped.paths.size() == 1);
  CHECK(dropped.paths[0].outcome == TraceOutcome::NullRoute);
}

TEST_CASE("trace: an inbound ACL drops the packet") {
  auto b = diamond();
  ospfEverywhere(b);
  AccessList acl;
  acl.name = "BLOCK";
  AccessListEntry deny;
  deny.action = Action::Deny;
  deny.destination = WildcardMatch{*Ipv4::parse("172.16.4.0"), 0xff};
  acl.entries.push_back(deny);
  AccessListEntry permit;
  acl.entries.push_back(permit);
  b.dev("r4").access_lists["BLOCK"] = acl;
  for (auto& i : b.dev("r4").interfaces)
    if (i.name == "to-r2") i.acl_in = "BLOCK";
  auto net = b.build();
  auto dp = simulate(net);
  auto t = trace(net, dp, "r1", *Ipv4::parse("172.16.4.1"));
  REQUIRE(t.paths.size() == 2);
  CHECK(t.paths[0].outcome == TraceOutcome::Filtered);
  CHECK(t.paths[0].at == "r4");
  CHECK(t.paths[1].outcome == TraceOutcome::Delivered);
}

TEST_CASE("trace from an unknown node is an input error") {
  auto net = diamond().build();
  auto dp = simulate(net);
  CHECK_THROWS_AS(trace(net, dp, "nosuch", *Ipv4::parse("10.0.0.1")), routefix::model::InputError);
}
