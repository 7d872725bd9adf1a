// A whole FRR 8.4 integrated config, as `show running-config` writes it.
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

using model::Ipv4;
using model::Prefix;

namespace {
const char* kLeaf =
    "frr version 8.4.4\n"                                   // 1
    "frr defaults traditional\n"                            // 2
    "hostname leaf1\n"                                      // 3
    "log syslog informational\n"                            // 4
    "no ipv6 forwarding\n"                                  // 5
    "service integrated-vtysh-config\n"                     // 6
    "!\n"                                                   // 7
    "ip route 10.99.0.0/16 blackhole\n"                     // 8
    "!\n"                                                   // 9
    "interface eth1\n"                                      // 10
    " description to spine1\n"                              // 11
    " ip address 10.1.0.1/31\n"                             // 12
    " ip ospf area 0.0.0.0\n"                               // 13
    " ip ospf network point-to-point\n"                     // 14
    "exit\n"                                                // 15
    "!\n"                                                   // 16
    "interface lo\n"                                        // 17
    " ip address 10.255.1.1/32\n"                           // 18
    " ip ospf passive\n"                                    // 19
    "exit\n"                                                // 20
    "!\n"                                                   // 21
    "router bgp 65101\n"                                    // 22
    " bgp router-id 10.255.1.1\n"                           // 23
    " no bgp network import-check\n"                        // 24
    " neighbor SPINES peer-group\n"                         // 25
    " neighbor SPINES remote-as external\n"                 // 26
    " neighbor SPINES ebgp-multihop 2\n"                    // 27
    " neighbor 10.1.0.0 peer-group SPINES\n"                // 28
    " neighbor 10.1.0.2 peer-group SPINES\n"                // 29
    " neighbor 10.1.0.2 description spine2\n"               // 30
    " !\n"                                                  // 31
    " address-family ipv4 unicast\n"                        // 32
    "  network 10.10.1.0/24\n"                              // 33
    "  aggregate-address 10.10.0.0/16 summary-only\n"       // 34
    "  neighbor SPINES route-map FROM-SPINE in\n"           // 35
    "  neighbor SPINES route-map TO-SPINE out\n"            // 36
    "  neighbor SPINES soft-reconfiguration inbound\n"      // 37
    " exit-address-family\n"                                // 38
    "exit\n"                                                // 39
    "!\n"                                                   // 40
    "router ospf\n"                                         // 41
    " ospf router-id 10.255.1.1\n"                          // 42
    " passive-interface default\n"                          // 43
    "exit\n"                                                // 44
    "!\n"                                                   // 45
    "bgp community-list standard DC seq 5 permit 65100:1\n"  // 46
    "bgp as-path access-list SPINE-ONLY seq 5 permit ^65100$\n"  // 47
    "ip prefix-list LOCAL seq 5 permit 10.10.1.0/24\n"      // 48
    "ip prefix-list LOCAL seq 10 permit 10.255.1.1/32\n"    // 49
    "!\n"                                                   // 50
    "route-map FROM-SPINE permit 10\n"                      // 51
    " match as-path SPINE-ONLY\n"                           // 52
    " set local-preference 120\n"                           // 53
    "exit\n"                                                // 54
    "!\n"                                                   // 55
    "route-map TO-SPINE permit 10\n"                        // 56
    " match ip address prefix-list LOCAL\n"                 // 57
    " set community 65100:1 additive\n"                     // 58
    " on-match next\n"                                      // 59
    "exit\n"                                                // 60
    "!\n"                                                   // 61
    "route-map TO-SPINE deny 20\n"                          // 62
    "exit\n"                                                // 63
    "!\n"                                                   // 64
    "line vty\n"                                            // 65
    "!\n"                                                   // 66
    "end\n";                                                // 67
}  // namespace

TEST_CASE("FRR leaf: the whole config lands in the model without warnings") {
  auto p = parseText(kLeaf, model::Vendor::Frr, "leaf1/frr.conf");
  const auto& d = p.device;
  CHECK(p.warnings.empty());
  CHECK(d.name == "leaf1");
  CHECK(d.vendor == model::Vendor::Frr);
  CHECK(d.defaults.bgp_ebgp_requires_policy);
  CHECK_FALSE(d.defaults.bgp_network_requires_rib);  // no bgp network import-check

  REQUIRE(d.static_routes.size() == 1);
  CHECK(d.static_routes[0].null_route);

  REQUIRE(d.interfaces.size() == 2);
  CHECK(d.interfaces[0].description == "to spine1");
  CHECK(d.interfaces[0].ospf_area == 0u);
  CHECK(d.interfaces[0].ospf_point_to_point);
  CHECK(d.interfaces[0].span == span(10, 15, "leaf1/frr.conf"));
  CHECK(d.interfaces[1].isLoopback());
  CHECK(d.interfaces[1].ospf_passive == true);

  REQUIRE(d.bgp);
  const auto& b = *d.bgp;
  CHECK(b.ebgp_requires_policy);
  CHECK(b.span == span(22, 39, "leaf1/frr.conf"));
  REQUIRE(b.neighbors.size() == 2);
  for (const auto& n : b.neighbors) {
    CHECK(n.peer_group == "SPINES");
    CHECK(n.remote_as_external);
    CHECK(n.ebgp_multihop == 2u);
    CHECK(n.import_policies == std::vector<std::string>{"FROM-SPINE"});
    CHECK(n.export_policies == std::vector<std::string>{"TO-SPINE"});
    CHECK(n.statement_spans.at("route-map in") == span(35, 35, "leaf1/frr.conf"));
    CHECK(n.activate);
  }
  CHECK(b.neighbors[1].description == "spine2");
  CHECK(b.networks.size() == 1);
  CHECK(b.aggregates.at(0).summary_only);

  REQUIRE(d.ospf);
  CHECK(d.ospf->router_id == Ipv4::parse("10.255.1.1"));
  CHECK(d.ospf->passive_default);
  CHECK(d.ospf->span == span(41, 44, "leaf1/frr.conf"));

  CHECK(d.community_lists.count("DC"));
  CHECK(d.as_path_lists.at("SPINE-ONLY").entries[0].regex == "^65100$");
  CHECK(d.prefix_lists.at("LOCAL").entries.size() == 2);
  const auto& out = d.route_policies.at("TO-SPINE");
  REQUIRE(out.clauses.size() == 2);
  CHECK(out.clauses[0].continue_to == 0u);
  CHECK(out.clauses[0].span == span(56, 60, "leaf1/frr.conf"));
  CHECK(out.clauses[1].action == model::ClauseAction::Deny);
  CHECK(out.span == span(56, 63, "leaf1/frr.conf"));
}

TEST_CASE("FRR staticd.conf style static routes with interface and distance") {
  auto p = parseText("ip route 0.0.0.0/0 10.1.0.0 eth1 250\nip route 10.0.0.0/8 reject\n", model::Vendor::Frr);
  REQUIRE(p.device.static_routes.size() == 2);
  CHECK(p.device.static_routes[0].interface == "eth1");
  CHECK(p.device.static_routes[0].distance == 250);
  CHECK(p.device.static_routes[1].null_route);
}

TEST_CASE("FRR default distance for static routes comes from the vendor defaults") {
  auto p = parseText("ip route 10.0.0.0/8 10.1.1.1\n", model::Vendor::Frr);
  CHECK(p.device.static_routes[0].distance == p.device.defaults.distance_static);
}

TEST_CASE("FRR: a neighbor activated only through its peer-group") {
  auto p = parseText(
      "router bgp 1\n"
      " no bgp default ipv4-unicast\n"
      " neighbor G peer-group\n"
      " neighbor G remote-as 2\n"
      " neighbor 10.0.0.1 peer-group G\n"
      " address-family ipv4 unicast\n"
      "  neighbor G activate\n"
      " exit-address-family\n",
      model::Vendor::Frr);
  const auto& n = p.device.bgp->neighbors.at(0);
  CHECK(n.activate);
  CHECK(n.statement_spans.at("activate") == span(7, 7));
}

TEST_CASE("FRR VRFs: `interface X vrf V`, the `vrf V` block's static routes, `router bgp N vrf V`") {
  auto p = parseText(
      "frr version 8.4\n"                              // 1
      "vrf RED\n"                                      // 2
      " ip route 10.99.0.0/16 10.9.0.2\n"              // 3
      "exit-vrf\n"                                     // 4
      "!\n"                                            // 5
      "interface eth9 vrf RED\n"                       // 6
      " ip address 10.9.0.1/24\n"                      // 7
      "!\n"                                            // 8
      "router bgp 65001\n"                             // 9
      " neighbor 10.0.0.2 remote-as 65002\n"           // 10
      "!\n"                                            // 11
      "router bgp 65101 vrf RED\n"                     // 12
      " neighbor 10.9.0.2 remote-as external\n"        // 13
      " address-family ipv4 unicast\n"                 // 14
      "  redistribute connected\n"                     // 15
      " exit-address-family\n"                         // 16
      "exit\n"                                         // 17
      "ip route 10.98.0.0/16 10.0.0.2\n",              // 18
      model::Vendor::Frr);
  CHECK(p.warnings.empty());
  CHECK(p.device.findInterface("eth9")->vrf == "RED");
  CHECK_FALSE(p.device.findInterface("eth9")->routes());
  const auto& red = p.device.vrfs.at("RED");
  CHECK(red.span == span(2, 3));
  REQUIRE(red.static_routes.size() == 1);
  CHECK(red.static_routes[0].span == span(3, 3));
  REQUIRE(p.device.static_routes.size() == 1);
  CHECK(p.device.static_routes[0].span == span(18, 18));
  REQUIRE(red.bgp);
  CHECK(red.bgp->asn == 65101);  // FRR: an instance of its own, not the default's settings
  CHECK(red.bgp->ebgp_requires_policy);
  REQUIRE(red.bgp->neighbors.size() == 1);
  CHECK(red.bgp->neighbors[0].remote_as_external);
  CHECK(red.bgp->redistributions.size() == 1);
  CHECK(red.bgp->span == span(12, 17));
  REQUIRE(p.device.bgp);
  CHECK(p.device.bgp->neighbors.size() == 1);
  CHECK(p.device.bgp->redistributions.empty());
}

}  // namespace routefix::parser::ios::test

namespace routefix::parser::ios::test {

// FRR topotests bgp_ecomm_list_match / bgp_large_comm_list_match / bgp_as_override /
// bgp_set_local_preference_add_subtract: lines that were unrecognized before.
TEST_CASE("FRR extended and large communities, as-override, local-preference +N/-N") {
  auto p = parseText(
      "router bgp 65002\n"                                                   // 1
      " neighbor 192.168.1.3 remote-as external\n"                           // 2
      " address-family ipv4 unicast\n"                                       // 3
      "  neighbor 192.168.1.3 as-override\n"                                 // 4
      " exit-address-family\n"                                               // 5
      "bgp extcommunity-list 1 seq 5 permit rt 65001:1 rt 65001:2\n"          // 6
      "bgp extcommunity-list expanded EX permit ^rt 65001:1\n"                // 7
      "bgp large-community-list 2 seq 10 permit 65001:12:1\n"                 // 8
      "route-map R permit 10\n"                                              // 9
      " match extcommunity 1\n"                                              // 10
      " match large-community 2 exact-match\n"                               // 11
      " set extcommunity rt 65001:10 65001:12\n"                             // 12
      " set large-community 65001:1:1 65001:02:1 additive\n"                 // 13
      " set local-preference +50\n"                                          // 14
      "route-map R permit 20\n"                                              // 15
      " match extcommunity EX\n"                                             // 16
      " set local-preference -10\n"                                          // 17
      " set large-community none\n",                                         // 18
      model::Vendor::Frr);
  CHECK(warningLines(p, "unrecognized").empty());
  const auto& d = p.device;
  REQUIRE(d.bgp);
  CHECK(d.bgp->neighbors[0].as_override);
  CHECK(d.bgp->neighbors[0].send_community_extended);  // FRR sends every kind by default
  CHECK(d.bgp->neighbors[0].send_community_large);
  const auto& ext = d.ext_community_lists.at("1");
  CHECK_FALSE(ext.expanded);
  REQUIRE(ext.entries.size() == 1);
  CHECK(ext.entries[0].values == std::vector<std::string>{"rt 65001:1", "rt 65001:2"});
  CHECK(d.ext_community_lists.at("EX").expanded);
  CHECK(d.large_community_lists.at("2").entries[0].values == std::vector<std::string>{"65001:12:1"});
  CHECK(d.community_lists.empty());
  const auto& c = d.route_policies.at("R").clauses;
  REQUIRE(c.size() == 2);
  REQUIRE(c[0].matches.size() == 2);
  CHECK(c[0].matches[0].kind == model::PolicyMatch::Kind::ExtCommunityList);
  CHECK(c[0].matches[1].kind == model::PolicyMatch::Kind::LargeCommunityList);
  CHECK(c[0].matches[1].exact);
  REQUIRE(c[0].sets.size() == 3);
  CHECK(c[0].sets[0].kind == model::PolicySet::Kind::ExtCommunity);
  CHECK(c[0].sets[0].additive);  // FRR adds extended communities
  CHECK(c[0].sets[0].text_communities == std::vector<std::string>{"rt 65001:10", "rt 65001:12"});
  CHECK(c[0].sets[1].kind == model::PolicySet::Kind::LargeCommunity);
  CHECK(c[0].sets[1].additive);
  CHECK(c[0].sets[1].text_communities == std::vector<std::string>{"65001:1:1", "65001:2:1"});
  CHECK(c[0].sets[2].kind == model::PolicySet::Kind::LocalPref);
  CHECK(c[0].sets[2].delta == 1);
  CHECK(c[0].sets[2].value == 50);
  REQUIRE(c[1].sets.size() == 2);
  CHECK(c[1].sets[0].delta == -1);
  CHECK(c[1].sets[1].text_communities.empty());
  CHECK_FALSE(c[1].sets[1].additive);
}

TEST_CASE("FRR conditional advertisement: advertise-map with exist-map or non-exist-map, peer-groups inherit it") {
  auto p = parseText(
      "router bgp 65000\n"
      " bgp conditional-advertisement timer 5\n"
      " neighbor G peer-group\n"
      " neighbor G remote-as external\n"
      " neighbor 192.168.1.1 remote-as 65001\n"
      " neighbor 192.168.2.1 peer-group G\n"
      " neighbor 192.168.3.1 remote-as 65003\n"
      " address-family ipv4 unicast\n"
      "  neighbor 192.168.1.1 advertise-map ADV exist-map COND\n"
      "  neighbor G advertise-map ADV2 non-exist-map COND2\n"
      "  neighbor 192.168.3.1 advertise-map ADV exist-map COND\n"
      "  no neighbor 192.168.3.1 advertise-map ADV exist-map COND\n"
      " exit-address-family\n",
      model::Vendor::Frr);
  CHECK(p.warnings.empty());
  REQUIRE(p.device.bgp);
  const auto& n = p.device.bgp->neighbors;
  REQUIRE(n.size() == 3);
  REQUIRE(n[0].conditional_advertisement);
  CHECK(n[0].conditional_advertisement->advertise_map == "ADV");
  CHECK(n[0].conditional_advertisement->condition_map == "COND");
  CHECK(n[0].conditional_advertisement->exist);
  REQUIRE(n[1].conditional_advertisement);
  CHECK(n[1].conditional_advertisement->advertise_map == "ADV2");
  CHECK_FALSE(n[1].conditional_advertisement->exist);
  CHECK(n[1].statement_spans.at("advertise-map").first_line == 10);
  CHECK_FALSE(n[2].conditional_advertisement);
}

TEST_CASE("conditional advertisement stays a warning outside FRR's IPv4 unicast") {
  auto ios = parseText(
      "router bgp 65000\n"
      " neighbor 192.168.1.1 remote-as 65001\n"
      " neighbor 192.168.1.1 advertise-map ADV exist-map COND\n",
      model::Vendor::Ios);
  CHECK(ios.warnings.size() == 1);
  CHECK_FALSE(ios.device.bgp->neighbors[0].conditional_advertisement);
}

}  // namespace routefix::parser::ios::test
