// IOS / IOS-XE VRFs: definitions with their route distinguisher and route targets, interface
// membership, static routes and the BGP address family of a VRF, each with its lines.
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

using model::Ipv4;
using model::Prefix;

TEST_CASE("IOS-XE `vrf definition`, IOS `ip vrf`: rd, route-target import/export/both, membership") {
  auto p = parseText(
      "vrf definition RED\n"                          // 1
      " rd 65000:1\n"                                 // 2
      " !\n"                                          // 3
      " address-family ipv4\n"                        // 4
      "  route-target export 65000:1\n"               // 5
      "  route-target import 65000:2\n"               // 6
      " exit-address-family\n"                        // 7
      " address-family ipv6\n"                        // 8
      "  route-target both 65000:6\n"                 // 9
      " exit-address-family\n"                        // 10
      "!\n"                                           // 11
      "ip vrf BLUE\n"                                 // 12
      " rd 65000:3\n"                                 // 13
      " route-target both 65000:3\n"                  // 14
      " import map ONLY\n"                            // 15
      "!\n"                                           // 16
      "interface GigabitEthernet1\n"                  // 17
      " vrf forwarding RED\n"                         // 18
      " ip address 10.0.0.1 255.255.255.252\n"        // 19
      "interface GigabitEthernet2\n"                  // 20
      " ip vrf forwarding BLUE\n"                     // 21
      " ip address 10.0.0.1 255.255.255.252\n"        // 22
      "interface GigabitEthernet3\n"                  // 23
      " ip address 10.1.0.1 255.255.255.252\n");      // 24
  const auto& red = p.device.vrfs.at("RED");
  CHECK(red.span == span(1, 10));
  CHECK(red.route_distinguisher == "65000:1");
  CHECK(red.route_distinguisher_span == span(2, 2));
  REQUIRE(red.export_targets.size() == 1);
  CHECK(red.export_targets[0].value == "65000:1");
  CHECK(red.export_targets[0].span == span(5, 5));
  REQUIRE(red.import_targets.size() == 1);  // the IPv6 family's target is not an IPv4 one
  CHECK(red.import_targets[0].value == "65000:2");
  const auto& blue = p.device.vrfs.at("BLUE");
  CHECK(blue.span == span(12, 15));
  REQUIRE(blue.import_targets.size() == 1);
  REQUIRE(blue.export_targets.size() == 1);
  CHECK(blue.import_targets[0].span == span(14, 14));
  // The import map filters what the VRF takes from others (semantics/vrf_leaking.h).
  CHECK(p.warnings.empty());
  REQUIRE(blue.import_map);
  CHECK(blue.import_map->name == "ONLY");
  CHECK(blue.import_map->span == span(15, 15));
  CHECK_FALSE(blue.export_map);
  CHECK(p.device.findInterface("GigabitEthernet1")->vrf == "RED");
  CHECK(p.device.findInterface("GigabitEthernet2")->vrf == "BLUE");
  CHECK(p.device.findInterface("GigabitEthernet3")->vrf.empty());
}

TEST_CASE("IOS `ip route vrf X` and `address-family ipv4 vrf X` under router bgp") {
  auto p = parseText(
      "vrf definition RED\n"                                  // 1
      " address-family ipv4\n"                                // 2
      " exit-address-family\n"                                // 3
      "ip route vrf RED 10.50.0.0 255.255.0.0 10.0.0.2\n"     // 4
      "ip route 10.60.0.0 255.255.0.0 10.1.0.2\n"             // 5
      "router bgp 65000\n"                                    // 6
      " bgp router-id 1.1.1.1\n"                              // 7
      " no bgp default ipv4-unicast\n"                        // 8
      " neighbor 10.1.0.2 remote-as 65001\n"                  // 9
      " !\n"                                                  // 10
      " address-family ipv4\n"                                // 11
      "  neighbor 10.1.0.2 activate\n"                        // 12
      " exit-address-family\n"                                // 13
      " !\n"                                                  // 14
      " address-family ipv4 vrf RED\n"                        // 15
      "  network 10.50.0.0 mask 255.255.0.0\n"                // 16
      "  redistribute connected\n"                            // 17
      "  neighbor 10.0.0.2 remote-as 65002\n"                 // 18
      "  neighbor 10.0.0.2 activate\n"                        // 19
      " exit-address-family\n"                                // 20
      " address-family vpnv4\n"                               // 21
      "  neighbor 10.1.0.2 activate\n"                        // 22
      " exit-address-family\n");                              // 23
  CHECK(p.warnings.empty());
  REQUIRE(p.device.static_routes.size() == 1);
  CHECK(p.device.static_routes[0].prefix == *Prefix::parse("10.60.0.0/16"));
  const auto& red = p.device.vrfs.at("RED");
  REQUIRE(red.static_routes.size() == 1);
  CHECK(red.static_routes[0].prefix == *Prefix::parse("10.50.0.0/16"));
  CHECK(red.static_routes[0].span == span(4, 4));
  REQUIRE(p.device.bgp);
  CHECK(p.device.bgp->neighbors.size() == 1);
  CHECK(p.device.bgp->networks.empty());
  REQUIRE(red.bgp);
  CHECK(red.bgp->asn == 65000);
  CHECK(red.bgp->router_id == Ipv4::parse("1.1.1.1"));
  CHECK(red.bgp->span == span(15, 20));  // to its exit-address-family
  REQUIRE(red.bgp->networks.size() == 1);
  CHECK(red.bgp->networks[0].span == span(16, 16));
  CHECK(red.bgp->redistributions.size() == 1);
  REQUIRE(red.bgp->neighbors.size() == 1);
  const auto& n = red.bgp->neighbors[0];
  CHECK(n.remote_as == 65002u);
  CHECK(n.activate);
  CHECK(n.span == span(18, 19));
}

TEST_CASE("IOS `router ospf N vrf X` is the VRF's OSPF process") {
  auto p = parseText(
      "router ospf 1\n"
      " network 10.1.0.0 0.0.255.255 area 0\n"
      "router ospf 2 vrf RED\n"
      " network 10.0.0.0 0.0.255.255 area 0\n");
  CHECK(p.warnings.empty());
  REQUIRE(p.device.ospf);
  CHECK(p.device.ospf->networks.size() == 1);
  const auto& red = p.device.vrfs.at("RED");
  REQUIRE(red.ospf);
  CHECK(red.ospf->process_id == 2);
  REQUIRE(red.ospf->networks.size() == 1);
  CHECK(red.ospf->networks[0].span == span(4, 4));
  CHECK(red.ospf->span == span(3, 4));
}

TEST_CASE("IOS: an interface in an undefined VRF stays in the default VRF, with a warning") {
  auto p = parseText(
      "vrf definition RED\n"                          // 1
      " rd 65000:1\n"                                 // 2
      "!\n"                                           // 3
      "interface GigabitEthernet1\n"                  // 4
      " vrf forwarding BLUE\n"                        // 5
      " ip address 10.0.0.1 255.255.255.252\n"        // 6
      "interface GigabitEthernet2\n"                  // 7
      " vrf forwarding RED\n"                         // 8
      " ip address 10.0.0.5 255.255.255.252\n");      // 9
  CHECK(p.device.findInterface("GigabitEthernet1")->vrf.empty());
  CHECK(p.device.findInterface("GigabitEthernet2")->vrf == "RED");
  CHECK(p.device.vrfs.count("BLUE") == 0);
  CHECK(warningLines(p, "not defined") == std::vector<int>{5});
  // FRR creates the VRF an interface names.
  auto frr = parseText("interface eth1 vrf BLUE\n ip address 10.0.0.1/30\n", model::Vendor::Frr);
  CHECK(frr.device.findInterface("eth1")->vrf == "BLUE");
  CHECK(frr.warnings.empty());
}

}  // namespace routefix::parser::ios::test
