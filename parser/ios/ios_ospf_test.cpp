// router ospf: the config line -> the model fields it sets.
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

using model::Ipv4;
using model::Prefix;

TEST_CASE("router ospf: router-id, wildcard networks, passive interfaces, span") {
  auto p = parseText(
      "router ospf 10\n"
      " router-id 1.1.1.1\n"
      " log-adjacency-changes\n"
      " passive-interface default\n"
      " no passive-interface GigabitEthernet0/0\n"
      " passive-interface Loopback0\n"
      " network 10.0.0.0 0.0.0.255 area 0\n"
      " network 10.1.0.1 0.0.0.0 area 0.0.0.5\n"
      "!\n");
  REQUIRE(p.device.ospf);
  const auto& o = *p.device.ospf;
  CHECK(o.process_id == 10);
  CHECK(o.router_id == Ipv4::parse("1.1.1.1"));
  CHECK(o.passive_default);
  CHECK(o.non_passive_interfaces == std::vector<std::string>{"GigabitEthernet0/0"});
  CHECK(o.passive_interfaces == std::vector<std::string>{"Loopback0"});
  REQUIRE(o.networks.size() == 2);
  CHECK(o.networks[0].match.matches(*Ipv4::parse("10.0.0.77")));
  CHECK_FALSE(o.networks[0].match.matches(*Ipv4::parse("10.0.1.1")));
  CHECK(o.networks[0].area == 0);
  CHECK(o.networks[0].span == span(7, 7));
  CHECK(o.networks[1].area == 5);
  CHECK(o.networks[1].match.wildcard == 0);
  CHECK(o.span == span(1, 8));
  CHECK(o.reference_bandwidth_mbps == p.device.defaults.ospf_reference_bandwidth_mbps);
  CHECK(p.warnings.empty());
}

TEST_CASE("FRR router ospf: ospf router-id and prefix networks") {
  auto p = parseText(
      "router ospf\n"
      " ospf router-id 2.2.2.2\n"
      " network 10.0.12.0/24 area 0\n"
      " network 192.168.0.0/16 area 1\n"
      "exit\n",
      model::Vendor::Frr);
  const auto& o = *p.device.ospf;
  CHECK(o.process_id == 0);
  CHECK(o.router_id == Ipv4::parse("2.2.2.2"));
  CHECK(o.networks[0].match.matches(*Ipv4::parse("10.0.12.9")));
  CHECK_FALSE(o.networks[0].match.matches(*Ipv4::parse("10.0.13.9")));
  CHECK(o.networks[1].area == 1);
  CHECK(o.span == span(1, 5));
  CHECK(p.warnings.empty());
}

TEST_CASE("OSPF redistribution, default-information, auto-cost, area range, paths, distance") {
  auto p = parseText(
      "router ospf 1\n"
      " redistribute static metric 100 metric-type 1 subnets route-map STAT\n"
      " redistribute bgp 65000 subnets\n"
      " default-information originate always metric 5 metric-type 1 route-map DEF\n"
      " auto-cost reference-bandwidth 10000\n"
      " area 1 range 10.1.0.0 255.255.0.0 not-advertise\n"
      " area 0.0.0.2 range 10.2.0.0/16 cost 40\n"
      " maximum-paths 8\n"
      " distance 115\n");
  const auto& o = *p.device.ospf;
  REQUIRE(o.redistributions.size() == 2);
  CHECK(o.redistributions[0].source == model::RouteSource::Static);
  CHECK(o.redistributions[0].metric == 100u);
  CHECK(o.redistributions[0].metric_type == 1u);
  CHECK(o.redistributions[0].route_map == "STAT");
  CHECK(o.redistributions[0].span == span(2, 2));
  CHECK(o.redistributions[1].source == model::RouteSource::Bgp);
  CHECK_FALSE(o.redistributions[1].metric);
  REQUIRE(o.default_originate);
  CHECK(o.default_originate->always);
  CHECK(o.default_originate->metric == 5u);
  CHECK(o.default_originate->metric_type == 1);
  CHECK(o.default_originate->route_map == "DEF");
  CHECK(o.default_originate->span == span(4, 4));
  CHECK(o.reference_bandwidth_mbps == 10000);
  REQUIRE(o.area_ranges.size() == 2);
  CHECK(o.area_ranges[0].area == 1);
  CHECK(o.area_ranges[0].prefix == *Prefix::parse("10.1.0.0/16"));
  CHECK_FALSE(o.area_ranges[0].advertise);
  CHECK(o.area_ranges[1].area == 2);
  CHECK(o.area_ranges[1].cost == 40u);
  CHECK(o.area_ranges[1].advertise);
  CHECK(o.maximum_paths == 8);
  CHECK(o.distance == 115u);
  CHECK(p.warnings.empty());
}

TEST_CASE("default-information originate without options uses the vendor metric type") {
  auto p = parseText("router ospf 1\n default-information originate\n");
  CHECK_FALSE(p.device.ospf->default_originate->always);
  CHECK(p.device.ospf->default_originate->metric_type == p.device.defaults.ospf_external_type);
}

TEST_CASE("unmodelled OSPF statements warn inside the block; known noise does not") {
  auto p = parseText(
      "router ospf 1\n"
      " area 1 virtual-link 10.0.0.1\n"
      " area 0 authentication message-digest\n"
      " redistribute rip\n"
      " timers throttle spf 10 100 5000\n"
      " network 10.0.0.0 0.0.0.255 area 0\n");
  CHECK(warningLines(p) == std::vector<int>{2, 4});
  CHECK(p.device.ospf->networks.size() == 1);
}

TEST_CASE("OSPF area types: stub, totally stubby, NSSA, default-cost") {
  auto p = parseText(
      "router ospf 1\n"
      " area 1 stub\n"
      " area 2 stub no-summary\n"
      " area 0.0.0.3 nssa no-summary\n"
      " area 4 nssa translate-always\n"
      " area 1 default-cost 7\n"
      " area 0 stub\n");
  const auto& areas = p.device.ospf->areas;
  REQUIRE(areas.size() == 4);
  CHECK(areas[0].area == 1);
  CHECK(areas[0].type == model::OspfAreaType::Stub);
  CHECK_FALSE(areas[0].no_summary);
  CHECK(areas[0].default_cost == 7);
  CHECK(areas[0].span.first_line == 2);
  CHECK(areas[0].span.last_line == 6);
  CHECK(areas[1].no_summary);
  CHECK(areas[2].area == 3);
  CHECK(areas[2].type == model::OspfAreaType::Nssa);
  CHECK(areas[2].no_summary);
  CHECK(areas[3].type == model::OspfAreaType::Nssa);
  CHECK(areas[3].default_cost == 1);
  // The NSSA option is not modelled; the backbone cannot be a stub area.
  CHECK(warningLines(p) == std::vector<int>{5, 7});
}

TEST_CASE("FRR ip ospf area A ADDR: the interface's only address puts the interface in the area") {
  auto p = parseText(
      "frr version 8.4\n"
      "interface eth0\n"
      " ip address 172.16.0.1/24\n"
      " ip ospf area 0.0.0.0 172.16.0.1\n"
      "interface eth1\n"
      " ip address 172.16.1.1/24\n"
      " ip ospf area 0.0.0.1 172.16.9.9\n"
      "router ospf\n",
      model::Vendor::Frr);
  const auto* eth0 = p.device.findInterface("eth0");
  const auto* eth1 = p.device.findInterface("eth1");
  REQUIRE(eth0);
  REQUIRE(eth1);
  CHECK(eth0->ospf_area == 0u);
  CHECK_FALSE(eth1->ospf_area);
  CHECK(warningLines(p) == std::vector<int>{7});
}

TEST_CASE("a second OSPF process is reported and its block ignored") {
  auto p = parseText(
      "router ospf 1\n network 10.0.0.0 0.0.0.255 area 0\n"
      "router ospf 2\n network 10.9.0.0 0.0.0.255 area 0\n");
  CHECK(warningLines(p, "second OSPF process") == std::vector<int>{3});
  CHECK(p.device.ospf->networks.size() == 1);
}

}  // namespace routefix::parser::ios::test
