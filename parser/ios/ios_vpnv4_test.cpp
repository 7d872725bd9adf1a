// VPNv4 between PEs in the IOS family: the VPNv4 address family's neighbor activation (IOS
// `address-family vpnv4`, EOS `address-family vpn-ipv4`, FRR `address-family ipv4 vpn`) and
// FRR's per-VRF VPN switches (`rd vpn export`, `rt vpn`, `export vpn`, `import vpn`), each
// with its line.
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

TEST_CASE("IOS `address-family vpnv4`: neighbor activation, peer-group inheritance, lines") {
  auto p = parseText(
      "router bgp 65000\n"                                     // 1
      " neighbor 10.0.0.2 remote-as 65000\n"                   // 2
      " neighbor 10.0.0.2 update-source Loopback0\n"           // 3
      " neighbor RR peer-group\n"                              // 4
      " neighbor RR remote-as 65000\n"                         // 5
      " neighbor 10.0.0.3 peer-group RR\n"                     // 6
      " neighbor 10.0.0.4 remote-as 65000\n"                   // 7
      " !\n"                                                   // 8
      " address-family ipv4\n"                                 // 9
      "  neighbor 10.0.0.2 activate\n"                         // 10
      " exit-address-family\n"                                 // 11
      " !\n"                                                   // 12
      " address-family vpnv4\n"                                // 13
      "  neighbor 10.0.0.2 activate\n"                         // 14
      "  neighbor 10.0.0.2 send-community extended\n"          // 15
      "  neighbor RR activate\n"                               // 16
      " exit-address-family\n");                               // 17
  CHECK(p.warnings.empty());
  const auto& bgp = *p.device.bgp;
  const auto* pe2 = bgp.findNeighbor(*model::Ipv4::parse("10.0.0.2"));
  REQUIRE(pe2);
  CHECK(pe2->vpnv4);
  CHECK(pe2->statement_spans.at("vpnv4 activate") == span(14, 14));
  CHECK(pe2->statement_spans.at("activate") == span(10, 10));  // IPv4 unicast unchanged
  // IPv4 unicast's send-community is not the VPNv4 family's (IOS adds extended by itself).
  CHECK_FALSE(pe2->send_community_extended);
  const auto* member = bgp.findNeighbor(*model::Ipv4::parse("10.0.0.3"));
  REQUIRE(member);
  CHECK(member->vpnv4);
  CHECK(member->statement_spans.at("vpnv4 activate") == span(16, 16));
  const auto* plain = bgp.findNeighbor(*model::Ipv4::parse("10.0.0.4"));
  REQUIRE(plain);
  CHECK_FALSE(plain->vpnv4);
  CHECK(plain->statement_spans.count("vpnv4 activate") == 0);
}

TEST_CASE("IOS vpnv4: `no neighbor X activate` and an undefined neighbor") {
  auto p = parseText(
      "router bgp 65000\n"                               // 1
      " neighbor 10.0.0.2 remote-as 65000\n"             // 2
      " address-family vpnv4 unicast\n"                  // 3
      "  neighbor 10.0.0.2 activate\n"                   // 4
      "  no neighbor 10.0.0.2 activate\n"                // 5
      "  neighbor 10.0.0.9 activate\n"                   // 6
      " exit-address-family\n");                         // 7
  const auto* pe2 = p.device.bgp->findNeighbor(*model::Ipv4::parse("10.0.0.2"));
  REQUIRE(pe2);
  CHECK_FALSE(pe2->vpnv4);
  CHECK(pe2->statement_spans.at("vpnv4 activate") == span(5, 5));
  CHECK(warningLines(p, "VPNv4") == std::vector<int>{6});
}

TEST_CASE("EOS `address-family vpn-ipv4` activates the neighbor for VPNv4") {
  auto p = parseText(
      "router bgp 65000\n"                               // 1
      "   neighbor 10.0.0.2 remote-as 65000\n"           // 2
      "   address-family vpn-ipv4\n"                     // 3
      "      neighbor 10.0.0.2 activate\n"               // 4
      "   vrf RED\n"                                     // 5
      "      rd 65000:1\n"                               // 6
      "      route-target import vpn-ipv4 65000:1\n"     // 7
      "      route-target export vpn-ipv4 65000:1\n",    // 8
      model::Vendor::Eos);
  const auto* pe2 = p.device.bgp->findNeighbor(*model::Ipv4::parse("10.0.0.2"));
  REQUIRE(pe2);
  CHECK(pe2->vpnv4);
  CHECK(pe2->statement_spans.at("vpnv4 activate") == span(4, 4));
  const auto& red = p.device.vrfs.at("RED");
  REQUIRE(red.import_targets.size() == 1);
  CHECK(red.import_targets[0].span == span(7, 7));
}

TEST_CASE("FRR VPN: `address-family ipv4 vpn` activation and a VRF instance's rd/rt/export/import vpn") {
  auto p = parseText(
      "router bgp 65000\n"                               // 1
      " neighbor 10.0.0.2 remote-as 65000\n"             // 2
      " neighbor 10.0.0.2 update-source lo\n"            // 3
      " !\n"                                             // 4
      " address-family ipv4 vpn\n"                       // 5
      "  neighbor 10.0.0.2 activate\n"                   // 6
      " exit-address-family\n"                           // 7
      "exit\n"                                           // 8
      "!\n"                                              // 9
      "router bgp 65000 vrf RED\n"                       // 10
      " !\n"                                             // 11
      " address-family ipv4 unicast\n"                   // 12
      "  redistribute connected\n"                       // 13
      "  label vpn export auto\n"                        // 14
      "  rd vpn export 65000:1\n"                        // 15
      "  rt vpn import 65000:1 65000:9\n"                // 16
      "  rt vpn both 65000:2\n"                          // 17
      "  export vpn\n"                                   // 18
      "  import vpn\n"                                   // 19
      " exit-address-family\n"                           // 20
      "exit\n",                                          // 21
      model::Vendor::Frr);
  CHECK(p.warnings.empty());
  const auto* pe2 = p.device.bgp->findNeighbor(*model::Ipv4::parse("10.0.0.2"));
  REQUIRE(pe2);
  CHECK(pe2->vpnv4);
  CHECK(pe2->statement_spans.at("vpnv4 activate") == span(6, 6));
  const auto& red = p.device.vrfs.at("RED");
  CHECK(red.route_distinguisher == "65000:1");
  CHECK(red.route_distinguisher_span == span(15, 15));
  REQUIRE(red.import_targets.size() == 3);
  CHECK(red.import_targets[0].value == "65000:1");
  CHECK(red.import_targets[1].value == "65000:9");
  CHECK(red.import_targets[1].span == span(16, 16));
  CHECK(red.import_targets[2].value == "65000:2");
  REQUIRE(red.export_targets.size() == 1);
  CHECK(red.export_targets[0].span == span(17, 17));
  REQUIRE(red.export_vpn);
  CHECK(*red.export_vpn == span(18, 18));
  REQUIRE(red.import_vpn);
  CHECK(*red.import_vpn == span(19, 19));
  REQUIRE(red.bgp);
  CHECK(red.bgp->redistributions.size() == 1);
}

TEST_CASE("FRR `mpls ldp`: the block is recognised and marks the router as labelling its IGP routes") {
  auto p = parseText(
      "mpls ldp\n"                                       // 1
      " router-id 1.1.1.1\n"                             // 2
      " address-family ipv4\n"                           // 3
      "  discovery transport-address 1.1.1.1\n"          // 4
      "  interface eth1\n"                               // 5
      "  exit\n"                                         // 6
      " exit-address-family\n"                           // 7
      "exit\n"                                           // 8
      "router bgp 65000\n",                              // 9
      model::Vendor::Frr);
  CHECK(p.warnings.empty());
  REQUIRE(p.device.label_distribution);
  CHECK(*p.device.label_distribution == span(1, 1));
  CHECK(p.device.bgp);
  CHECK_FALSE(parseText("router bgp 65000\n", model::Vendor::Frr).device.label_distribution);
}

TEST_CASE("FRR: `rd vpn export` outside a VRF instance is not a VRF's") {
  auto p = parseText(
      "router bgp 65000\n"                               // 1
      " address-family ipv4 unicast\n"                   // 2
      "  rd vpn export 65000:1\n"                        // 3
      " exit-address-family\n",                          // 4
      model::Vendor::Frr);
  CHECK(p.device.vrfs.empty());
  CHECK(warningLines(p) == std::vector<int>{3});
}

}  // namespace routefix::parser::ios::test
