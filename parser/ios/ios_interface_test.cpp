// Global and interface statements: the config line -> the model fields it sets.
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

using model::Ipv4;
using model::Prefix;

TEST_CASE("hostname sets the device name and its span") {
  auto p = parseText("!\nhostname edge-1\n");
  CHECK(p.device.name == "edge-1");
  CHECK(p.device.hostname_span == span(2, 2));
  CHECK(p.device.vendor == model::Vendor::Ios);
  CHECK(p.device.files == std::vector<std::string>{"r1.cfg"});
  CHECK(p.warnings.empty());
}

TEST_CASE("a config without hostname leaves the name empty") {
  auto p = parseText("interface lo\n");
  CHECK(p.device.name.empty());
}

TEST_CASE("interface block: address, description, bandwidth, shutdown and its span") {
  auto p = parseText(
      "interface GigabitEthernet0/1\n"
      " description uplink to core  (10G)\n"
      " bandwidth 10000000\n"
      " ip address 10.0.0.1 255.255.255.252\n"
      " shutdown\n"
      "!\n"
      "interface Loopback0\n"
      " ip address 1.1.1.1 255.255.255.255\n");
  REQUIRE(p.device.interfaces.size() == 2);
  const auto& g = p.device.interfaces[0];
  CHECK(g.name == "GigabitEthernet0/1");
  CHECK(g.description == "uplink to core  (10G)");
  CHECK(g.bandwidth_kbps == 10000000);
  REQUIRE(g.address);
  CHECK(g.address->address == *Ipv4::parse("10.0.0.1"));
  CHECK(g.address->length == 30);
  CHECK(g.address->span == span(4, 4));
  CHECK(g.shutdown);
  CHECK(g.span == span(1, 5));
  const auto& lo = p.device.interfaces[1];
  CHECK(lo.isLoopback());
  CHECK(lo.address->length == 32);
  CHECK(lo.span == span(7, 8));
  CHECK(p.warnings.empty());
}

TEST_CASE("ip address in prefix form, secondary, and no shutdown") {
  auto p = parseText(
      "interface eth0\n"
      " ip address 192.168.1.1/24\n"
      " ip address 172.16.0.1 255.255.0.0 secondary\n"
      " no shutdown\n");
  const auto& i = p.device.interfaces.at(0);
  CHECK(i.address->address == *Ipv4::parse("192.168.1.1"));
  CHECK(i.address->subnet() == *Prefix::parse("192.168.1.0/24"));
  REQUIRE(i.secondary.size() == 1);
  CHECK(i.secondary[0].subnet() == *Prefix::parse("172.16.0.0/16"));
  CHECK(i.secondary[0].span == span(3, 3));
  CHECK_FALSE(i.shutdown);
}

TEST_CASE("IOS: a second primary address replaces the first; FRR: it is added") {
  std::string text = "interface eth0\n ip address 10.0.0.1/24\n ip address 10.0.1.1/24\n";
  auto ios = parseText(text);
  CHECK(ios.device.interfaces[0].address->subnet() == *Prefix::parse("10.0.1.0/24"));
  CHECK(ios.device.interfaces[0].secondary.empty());
  auto frr = parseText(text, model::Vendor::Frr);
  CHECK(frr.device.interfaces[0].address->subnet() == *Prefix::parse("10.0.0.0/24"));
  REQUIRE(frr.device.interfaces[0].secondary.size() == 1);
  CHECK(frr.device.interfaces[0].secondary[0].subnet() == *Prefix::parse("10.0.1.0/24"));
}

TEST_CASE("no ip address clears the addresses") {
  auto p = parseText("interface e0\n ip address 10.0.0.1/24\n no ip address\n");
  CHECK_FALSE(p.device.interfaces[0].address);
}

TEST_CASE("a non-contiguous netmask warns on its line") {
  auto p = parseText("interface e0\n ip address 10.0.0.1 255.0.255.0\n");
  CHECK_FALSE(p.device.interfaces[0].address);
  CHECK(warningLines(p, "netmask") == std::vector<int>{2});
}

TEST_CASE("interface OSPF settings: cost, area (IOS and FRR), point-to-point, passive") {
  auto p = parseText(
      "interface e0\n"
      " ip ospf cost 25\n"
      " ip ospf 1 area 0.0.0.1\n"
      " ip ospf network point-to-point\n"
      "interface e1\n"
      " ip ospf area 2\n"
      " ip ospf passive\n"
      " ip ospf network broadcast\n");
  const auto& e0 = p.device.interfaces[0];
  CHECK(e0.ospf_cost == 25u);
  CHECK(e0.ospf_cost_span == span(2, 2));
  CHECK(e0.ospf_area == 1u);
  CHECK(e0.ospf_point_to_point);
  const auto& e1 = p.device.interfaces[1];
  CHECK(e1.ospf_area == 2u);
  CHECK(e1.ospf_passive == true);
  CHECK_FALSE(e1.ospf_point_to_point);
  CHECK(p.warnings.empty());
}

TEST_CASE("ip access-group in and out") {
  auto p = parseText("interface e0\n ip access-group 101 in\n ip access-group BLOCK out\n");
  CHECK(p.device.interfaces[0].acl_in == "101");
  CHECK(p.device.interfaces[0].acl_out == "BLOCK");
}

TEST_CASE("ignored interface sub-commands extend the block silently") {
  auto p = parseText("interface e0\n duplex auto\n speed 100\n no ip redirects\n ipv6 address ::1/128\n");
  CHECK(p.warnings.empty());
  CHECK(p.device.interfaces[0].span == span(1, 5));
}

TEST_CASE("unknown interface sub-command warns with its own line and stays in the block") {
  auto p = parseText("interface e0\n frobnicate 3\n ip address 10.0.0.1/24\n");
  CHECK(warningLines(p, "unrecognized syntax") == std::vector<int>{2});
  CHECK(p.warnings[0].text == "frobnicate 3");
  CHECK(p.warnings[0].file == "r1.cfg");
  CHECK(p.device.interfaces[0].address);
  CHECK(p.device.interfaces[0].span == span(1, 3));
}

TEST_CASE("static routes: next hop, interface, Null0, distance, tag, FRR blackhole") {
  auto p = parseText(
      "ip route 0.0.0.0 0.0.0.0 10.0.0.2\n"
      "ip route 10.1.0.0 255.255.0.0 Null0 250\n"
      "ip route 10.2.0.0 255.255.0.0 GigabitEthernet0/1 10.0.0.6 tag 77\n"
      "ip route 10.3.0.0/16 blackhole\n"
      "ip route 10.4.0.0/16 10.0.0.9 eth1 20\n");
  const auto& r = p.device.static_routes;
  REQUIRE(r.size() == 5);
  CHECK(r[0].prefix == *Prefix::parse("0.0.0.0/0"));
  CHECK(r[0].next_hop == Ipv4::parse("10.0.0.2"));
  CHECK(r[0].distance == 1);
  CHECK(r[0].span == span(1, 1));
  CHECK(r[1].null_route);
  CHECK(r[1].interface == "Null0");
  CHECK(r[1].distance == 250);
  CHECK(r[2].interface == "GigabitEthernet0/1");
  CHECK(r[2].next_hop == Ipv4::parse("10.0.0.6"));
  CHECK(r[2].tag == 77);
  CHECK(r[3].null_route);
  CHECK(r[3].prefix == *Prefix::parse("10.3.0.0/16"));
  CHECK(r[4].interface == "eth1");
  CHECK(r[4].distance == 20);
  CHECK(r[4].span == span(5, 5));
  CHECK(p.warnings.empty());
}

TEST_CASE("a static route with an out-of-range distance warns and is dropped") {
  auto p = parseText("ip route 10.0.0.0 255.0.0.0 10.1.1.1 300\n");
  CHECK(p.device.static_routes.empty());
  CHECK(warningLines(p, "out of range") == std::vector<int>{1});
}

}  // namespace routefix::parser::ios::test
