// OSPFv3 in the IOS family (issue 16): FRR `router ospf6` with `ipv6 ospf6 ...` interface
// settings or `interface X area A` inside the process, IOS `ipv6 router ospf N` with
// `ipv6 ospf N area A` / `ipv6 ospf cost`.
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

TEST_CASE("FRR: router ospf6, ipv6 ospf6 area/cost/network/passive, interface X area A") {
  auto p = parseText(
      "hostname r1\n"                                  // 1
      "interface eth0\n"                               // 2
      " ipv6 address 2001:db8:1::1/64\n"               // 3
      " ipv6 ospf6 area 0.0.0.1\n"                     // 4
      " ipv6 ospf6 cost 25\n"                          // 5
      " ipv6 ospf6 network point-to-point\n"           // 6
      " ipv6 ospf6 hello-interval 1\n"                 // 7
      " ipv6 ospf6 dead-interval 5\n"                  // 8
      "!\n"                                            // 9
      "interface eth1\n"                               // 10
      " ipv6 ospf6 passive\n"                          // 11
      " ipv6 ospf6 bogus 1\n"                          // 12
      "!\n"                                            // 13
      "router ospf6\n"                                 // 14
      " ospf6 router-id 10.0.0.1\n"                    // 15
      " interface eth1 area 0\n"                       // 16
      " redistribute connected route-map LANS\n"       // 17
      " area 1 stub\n"                                 // 18
      " area 1 range 2001:db8::/32\n"                  // 19
      " network 10.0.0.0/8 area 0\n"                   // 20
      " auto-cost reference-bandwidth 1000\n"          // 21
      "!\n"                                            // 22
      "router ospf\n"                                  // 23
      " ospf router-id 10.9.9.9\n",                    // 24
      model::Vendor::Frr);
  const auto& d = p.device;
  REQUIRE(d.ospf6);
  CHECK(d.ospf6->router_id == model::Ipv4::parse("10.0.0.1"));
  REQUIRE(d.ospf6->redistributions.size() == 1);
  CHECK(d.ospf6->redistributions[0].route_map == "LANS");
  REQUIRE(d.ospf6->areas.size() == 1);
  CHECK(d.ospf6->areas[0].type == model::OspfAreaType::Stub);
  CHECK(d.ospf6->reference_bandwidth_mbps == 1000);
  CHECK(d.ospf6->networks.empty());
  CHECK(d.ospf6->span == span(14, 21));
  // OSPFv2's process keeps its own settings.
  REQUIRE(d.ospf);
  CHECK(d.ospf->router_id == model::Ipv4::parse("10.9.9.9"));
  CHECK(d.ospf->redistributions.empty());
  REQUIRE(d.interfaces.size() == 2);
  const auto& eth0 = d.interfaces[0].ospf6;
  CHECK(eth0.area == 1u);
  CHECK(eth0.cost == 25u);
  CHECK(eth0.cost_span == span(5, 5));
  CHECK(eth0.point_to_point);
  CHECK(!eth0.passive);
  CHECK(!d.interfaces[0].ospf_area);  // not OSPFv2's
  const auto& eth1 = d.interfaces[1].ospf6;
  CHECK(eth1.area == 0u);
  CHECK(eth1.area_span == span(16, 16));
  CHECK(eth1.passive == true);
  // The unknown OSPFv3 line, the IPv6 range and the network statement are warned about.
  CHECK(warningLines(p) == std::vector<int>{12, 19, 20});
}

TEST_CASE("IOS: ipv6 router ospf N, ipv6 ospf N area A, ipv6 ospf cost") {
  auto p = parseText(
      "hostname r1\n"                                  // 1
      "ipv6 unicast-routing\n"                         // 2
      "interface GigabitEthernet0/0\n"                 // 3
      " ipv6 address 2001:db8:1::1/64\n"               // 4
      " ipv6 ospf 1 area 0\n"                          // 5
      " ipv6 ospf cost 40\n"                           // 6
      " ipv6 ospf hello-interval 1\n"                  // 7
      "!\n"                                            // 8
      "ipv6 router ospf 1\n"                           // 9
      " router-id 1.1.1.1\n"                           // 10
      " passive-interface GigabitEthernet0/0\n"        // 11
      " redistribute static metric 50 metric-type 1\n"  // 12
      "!\n");
  CHECK(p.warnings.empty());
  const auto& d = p.device;
  REQUIRE(d.ospf6);
  CHECK(!d.ospf);
  CHECK(d.ospf6->process_id == 1u);
  CHECK(d.ospf6->router_id == model::Ipv4::parse("1.1.1.1"));
  CHECK(d.ospf6->passive_interfaces == std::vector<std::string>{"GigabitEthernet0/0"});
  REQUIRE(d.ospf6->redistributions.size() == 1);
  CHECK(d.ospf6->redistributions[0].metric == 50u);
  CHECK(d.ospf6->redistributions[0].metric_type == 1u);
  REQUIRE(d.interfaces.size() == 1);
  CHECK(d.interfaces[0].ospf6.area == 0u);
  CHECK(d.interfaces[0].ospf6.cost == 40u);
}

TEST_CASE("IOS: ipv6 ospf N area A alone creates the OSPFv3 process") {
  auto p = parseText(
      "hostname r1\n"
      "ipv6 unicast-routing\n"
      "interface Loopback0\n"
      " ipv6 address 2001:db8:ff::1/128\n"
      " ipv6 ospf 7 area 0\n");
  CHECK(p.warnings.empty());
  REQUIRE(p.device.ospf6);
  CHECK(p.device.ospf6->process_id == 7u);
  CHECK(p.device.interfaces[0].ospf6.area == 0u);
}

TEST_CASE("other IPv6 routing processes stay ignored blocks; unknown OSPFv3 lines warn") {
  auto p = parseText(
      "hostname r1\n"                     // 1
      "ipv6 router rip RIPNG\n"           // 2
      " redistribute connected\n"         // 3
      "interface Gi0/0\n"                 // 4
      " ipv6 ospf 1 area 0\n"             // 5
      " ipv6 ospf demand-circuit\n"       // 6
      " ipv6 nd ra suppress\n");          // 7
  CHECK(warningLines(p) == std::vector<int>{6});
}

}  // namespace routefix::parser::ios::test
