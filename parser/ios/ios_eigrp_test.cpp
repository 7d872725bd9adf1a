// router eigrp, classic and named mode: the config lines -> the model fields they set.
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

using model::Ipv4;

TEST_CASE("router eigrp N: networks (wildcard and classful), passive interfaces, redistribution") {
  auto p = parseText(
      "interface GigabitEthernet1\n"
      " ip address 10.13.21.1 255.255.255.0\n"
      " delay 100\n"
      "!\n"
      "router eigrp 1\n"
      " network 10.13.21.0 0.0.0.255\n"
      " network 192.168.122.0\n"
      " passive-interface default\n"
      " no passive-interface GigabitEthernet1\n"
      " redistribute static metric 900 100 255 1 1500 route-map RM\n"
      " redistribute eigrp 103 metric 1000000 10 255 1 1500\n"
      " default-metric 1000 100 255 1 1500\n"
      " maximum-paths 2\n"
      " eigrp router-id 1.1.1.1\n"
      " no auto-summary\n"
      "!\n");
  CHECK(p.warnings.empty());
  REQUIRE(p.device.eigrp.size() == 1);
  const auto& e = p.device.eigrp[0];
  CHECK(e.asn == 1);
  CHECK_FALSE(e.wide_metrics);
  REQUIRE(e.networks.size() == 2);
  CHECK(e.networks[0].matches(*Ipv4::parse("10.13.21.9")));
  CHECK(e.networks[1].matches(*Ipv4::parse("192.168.122.200")));  // class C: /24
  CHECK_FALSE(e.networks[1].matches(*Ipv4::parse("192.168.123.1")));
  CHECK(e.passive_default);
  CHECK(e.non_passive_interfaces == std::vector<std::string>{"GigabitEthernet1"});
  REQUIRE(e.redistributions.size() == 2);
  CHECK(e.redistributions[0].source == model::RouteSource::Static);
  CHECK(e.redistributions[0].eigrp_metric == model::EigrpMetric{900, 100});
  CHECK(e.redistributions[0].route_map == "RM");
  CHECK(e.redistributions[1].source == model::RouteSource::Eigrp);
  CHECK(e.redistributions[1].process == 103);
  CHECK(e.default_metric == model::EigrpMetric{1000, 100});
  CHECK(e.maximum_paths == 2);
  CHECK(p.device.interfaces[0].delay_tens_usec == 100u);
}

TEST_CASE("router eigrp NAME: the address family is the process, with wide metrics") {
  auto p = parseText(
      "router eigrp dcborder\n"
      " !\n"
      " address-family ipv4 unicast autonomous-system 103\n"
      "  !\n"
      "  af-interface Loopback0\n"
      "   passive-interface\n"
      "  exit-af-interface\n"
      "  !\n"
      "  topology base\n"
      "   redistribute eigrp 102 metric 1000000 10 255 1 1500\n"
      "  exit-af-topology\n"
      "  network 33.33.33.0 0.0.0.255\n"
      " exit-address-family\n"
      " !\n"
      " address-family ipv4 vrf blue autonomous-system 7\n"
      "  network 10.0.0.0 0.0.0.255\n"
      " exit-address-family\n"
      "!\n");
  REQUIRE(p.device.eigrp.size() == 1);
  const auto& e = p.device.eigrp[0];
  CHECK(e.asn == 103);
  CHECK(e.wide_metrics);
  CHECK(e.passive_interfaces == std::vector<std::string>{"Loopback0"});
  REQUIRE(e.redistributions.size() == 1);
  CHECK(e.redistributions[0].process == 102);
  REQUIRE(e.networks.size() == 1);
  // The VRF's family is a process of the VRF, with the lines that configure it.
  CHECK(p.warnings.empty());
  const auto& blue = p.device.vrfs.at("blue").eigrp;
  REQUIRE(blue.size() == 1);
  CHECK(blue[0].asn == 7);
  CHECK(blue[0].wide_metrics);
  CHECK(blue[0].span == span(15, 17));
  REQUIRE(blue[0].networks.size() == 1);
  CHECK(blue[0].networks[0].matches(*Ipv4::parse("10.0.0.9")));
}

TEST_CASE("router eigrp N: a VRF's address family is the VRF's process; the classic one goes on") {
  auto p = parseText(
      "router eigrp 1\n"                                                  // 1
      " address-family ipv4 vrf d1_ce autonomous-system 1\n"              // 2
      "  redistribute bgp 65003 metric 1000 100 255 1 1500\n"             // 3
      "  network 10.13.11.0 0.0.0.3\n"                                    // 4
      "  passive-interface Loopback1231\n"                                // 5
      " exit-address-family\n"                                            // 6
      " network 10.9.9.0 0.0.0.255\n"                                     // 7
      "!\n");
  CHECK(p.warnings.empty());
  REQUIRE(p.device.eigrp.size() == 1);
  CHECK(p.device.eigrp[0].networks.size() == 1);  // line 7: the classic process's
  const auto& vrf = p.device.vrfs.at("d1_ce").eigrp;
  REQUIRE(vrf.size() == 1);
  CHECK(vrf[0].asn == 1);
  CHECK_FALSE(vrf[0].wide_metrics);
  REQUIRE(vrf[0].redistributions.size() == 1);
  CHECK(vrf[0].redistributions[0].source == model::RouteSource::Bgp);
  CHECK(vrf[0].redistributions[0].eigrp_metric == model::EigrpMetric{1000, 100});
  CHECK(vrf[0].passive_interfaces == std::vector<std::string>{"Loopback1231"});
  CHECK(vrf[0].networks.size() == 1);
}

TEST_CASE("router eigrp: metric with one value, and unmodelled eigrp settings, are warned") {
  auto p = parseText(
      "router eigrp 1\n"
      " redistribute connected metric 10\n"
      " eigrp stub connected\n");
  CHECK(warningLines(p) == std::vector<int>{2, 3});
  CHECK(p.device.eigrp.at(0).redistributions.empty());
}

TEST_CASE("router eigrp: distribute-list route-map / prefix, in / out, with or without an interface") {
  auto p = parseText(
      "router eigrp 1\n"
      " distribute-list route-map block_in in\n"
      " distribute-list prefix PL out GigabitEthernet1\n"
      " distribute-list 10 in\n"
      "ip prefix-list PL seq 5 permit 10.0.0.0/8\n"
      "route-map block_in permit 10\n");
  CHECK(warningLines(p) == std::vector<int>{4});  // the access-list form is not modelled
  const auto& lists = p.device.eigrp.at(0).distribute_lists;
  REQUIRE(lists.size() == 2);
  CHECK(lists[0].inbound);
  CHECK_FALSE(lists[0].prefix_list);
  CHECK(lists[0].name == "block_in");
  CHECK(lists[0].interface.empty());
  CHECK_FALSE(lists[1].inbound);
  CHECK(lists[1].prefix_list);
  CHECK(lists[1].name == "PL");
  CHECK(lists[1].interface == "GigabitEthernet1");
}

}  // namespace routefix::parser::ios::test
