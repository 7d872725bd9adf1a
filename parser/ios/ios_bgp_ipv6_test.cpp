// BGP's IPv6 unicast address family in the IOS family (issue 16): activation, per-family
// neighbor settings, IPv6 network and redistribution, `match ipv6 address prefix-list`.
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

TEST_CASE("FRR: address-family ipv6 unicast activates IPv6 and IPv4 neighbors, per-family policy") {
  auto p = parseText(
      "hostname r1\n"                                                   // 1
      "router bgp 65001\n"                                              // 2
      " neighbor 2001:db8:12::2 remote-as 65002\n"                      // 3
      " neighbor 10.0.13.3 remote-as 65003\n"                           // 4
      " neighbor 10.0.14.4 remote-as 65004\n"                           // 5
      " address-family ipv4 unicast\n"                                  // 6
      "  network 10.1.0.0/24\n"                                         // 7
      "  neighbor 10.0.13.3 route-map V4-IN in\n"                       // 8
      " exit-address-family\n"                                          // 9
      " address-family ipv6 unicast\n"                                  // 10
      "  network 2001:db8:1::/48 route-map ORIGIN\n"                    // 11
      "  redistribute connected route-map CONN\n"                       // 12
      "  neighbor 2001:db8:12::2 activate\n"                            // 13
      "  neighbor 2001:db8:12::2 route-map V6-IN in\n"                  // 14
      "  neighbor 2001:db8:12::2 prefix-list V6-OUT out\n"              // 15
      "  neighbor 10.0.13.3 activate\n"                                 // 16
      "  neighbor 10.0.13.3 next-hop-self\n"                            // 17
      "  neighbor 10.0.13.3 route-map V6-OUT out\n"                     // 18
      " exit-address-family\n"                                          // 19
      "route-map V6-IN permit 10\n"                                     // 20
      " match ipv6 address prefix-list LOCAL6\n"                        // 21
      "ipv6 prefix-list LOCAL6 seq 5 permit 2001:db8::/32 le 64\n",     // 22
      model::Vendor::Frr);
  CHECK(p.warnings.empty());
  const auto& bgp = *p.device.bgp;
  REQUIRE(bgp.neighbors.size() == 3);
  const auto& v6 = bgp.neighbors[0];
  CHECK_FALSE(v6.address);
  REQUIRE(v6.ipv6_address);
  CHECK(v6.ipv6_address->str() == "2001:db8:12::2");
  CHECK(v6.activate);  // FRR's `bgp default ipv4-unicast` puts it into IPv4 unicast too
  CHECK(v6.ipv6.activate);
  CHECK(v6.ipv6.import_policies == std::vector<std::string>{"V6-IN"});
  CHECK(v6.ipv6.prefix_list_out == "V6-OUT");
  CHECK(v6.ipv6.statement_spans.at("activate") == span(13, 13));
  CHECK(v6.ipv6.statement_spans.at("prefix-list out") == span(15, 15));
  CHECK(v6.prefix_list_out.empty());  // the IPv4 family's settings are untouched
  CHECK(v6.span == span(3, 15));

  const auto& mp = bgp.neighbors[1];  // an IPv4 session that carries IPv6 (MP-BGP)
  CHECK(mp.address);
  CHECK(mp.ipv6.activate);
  CHECK(mp.ipv6.next_hop_self);
  CHECK_FALSE(mp.next_hop_self);
  CHECK(mp.ipv6.export_policies == std::vector<std::string>{"V6-OUT"});
  CHECK(mp.import_policies == std::vector<std::string>{"V4-IN"});
  CHECK(mp.ipv6.import_policies.empty());

  CHECK_FALSE(bgp.neighbors[2].ipv6.activate);  // IPv6 unicast is off by default

  REQUIRE(bgp.networks.size() == 1);
  CHECK(bgp.networks[0].prefix.str() == "10.1.0.0/24");
  REQUIRE(bgp.ipv6_networks.size() == 1);
  CHECK(bgp.ipv6_networks[0].prefix.str() == "2001:db8:1::/48");
  CHECK(bgp.ipv6_networks[0].route_map == "ORIGIN");
  CHECK(bgp.ipv6_networks[0].span == span(11, 11));
  CHECK(bgp.redistributions.empty());
  REQUIRE(bgp.ipv6_redistributions.size() == 1);
  CHECK(bgp.ipv6_redistributions[0].source == model::RouteSource::Connected);
  CHECK(bgp.ipv6_redistributions[0].route_map == "CONN");
  CHECK(bgp.ipv6_redistributions[0].span == span(12, 12));

  const auto& clause = p.device.route_policies.at("V6-IN").clauses.at(0);
  REQUIRE(clause.matches.size() == 1);
  CHECK(clause.matches[0].kind == model::PolicyMatch::Kind::Ipv6PrefixList);
  CHECK(clause.matches[0].names == std::vector<std::string>{"LOCAL6"});
  CHECK(clause.matches[0].span == span(21, 21));
}

TEST_CASE("IOS: address-family ipv6, peer-group settings inherited, bgp default ipv6-unicast") {
  auto p = parseText(
      "hostname r1\n"                                        // 1
      "router bgp 65001\n"                                   // 2
      " bgp default ipv6-unicast\n"                          // 3
      " neighbor RR peer-group\n"                            // 4
      " neighbor RR remote-as 65001\n"                       // 5
      " neighbor 2001:db8::2 peer-group RR\n"                // 6
      " neighbor 2001:db8::3 remote-as 65001\n"              // 7
      " address-family ipv6\n"                               // 8
      "  neighbor RR route-reflector-client\n"               // 9
      "  neighbor RR route-map TO-CLIENTS out\n"             // 10
      "  no neighbor 2001:db8::3 activate\n"                 // 11
      " exit-address-family\n");                             // 12
  CHECK(p.warnings.empty());
  const auto& bgp = *p.device.bgp;
  CHECK(bgp.default_ipv6_unicast);
  const model::BgpNeighbor* member = nullptr;
  const model::BgpNeighbor* other = nullptr;
  for (const auto& n : bgp.neighbors) (n.id == "2001:db8::2" ? member : other) = &n;
  REQUIRE(member);
  REQUIRE(other);
  CHECK(member->ipv6.activate);  // by `bgp default ipv6-unicast`
  CHECK(member->ipv6.route_reflector_client);
  CHECK(member->ipv6.export_policies == std::vector<std::string>{"TO-CLIENTS"});
  CHECK(member->ipv6.statement_spans.at("route-map out") == span(10, 10));
  CHECK_FALSE(member->route_reflector_client);
  CHECK_FALSE(other->ipv6.activate);  // `no ... activate` wins over the default
}

TEST_CASE("address-family ipv6: statements it does not model are warnings naming their line") {
  auto p = parseText(
      "hostname r1\n"                                        // 1
      "router bgp 65001\n"                                   // 2
      " neighbor 2001:db8::2 remote-as 65002\n"              // 3
      " address-family ipv6 unicast\n"                       // 4
      "  neighbor 2001:db8::2 activate\n"                    // 5
      "  neighbor 2001:db8::2 allowas-in 2\n"                // 6
      "  maximum-paths 4\n"                                  // 7
      "  network 10.9.0.0/24\n"                              // 8
      "  redistribute ospf6\n"                               // 9
      "  neighbor 2001:db8::9 activate\n"                    // 10
      "  neighbor 2001:db8::2 soft-reconfiguration inbound\n"  // 11
      "  aggregate-address 2001:db8::/32\n"                  // 12
      " exit-address-family\n"                               // 13
      " address-family ipv6 multicast\n"                     // 14
      "  network 2001:db8:5::/48\n"                          // 15
      " exit-address-family\n"                               // 16
      " network 2001:db8:7::/48\n",                          // 17
      model::Vendor::Frr);
  // soft-reconfiguration is ignored as in IPv4; IPv6 multicast stays outside the model.
  CHECK(warningLines(p) == std::vector<int>{6, 7, 8, 9, 10, 12, 17});
  const auto& bgp = *p.device.bgp;
  CHECK(bgp.maximum_paths_ebgp == 64);  // FRR's default: the IPv6 family's maximum-paths is not IPv4's
  CHECK(bgp.networks.empty());
  CHECK(bgp.ipv6_networks.empty());
  CHECK(bgp.redistributions.empty());
  CHECK(bgp.ipv6_redistributions.empty());
  REQUIRE(bgp.neighbors.size() == 1);
  CHECK(bgp.neighbors[0].ipv6.activate);
  CHECK_FALSE(bgp.neighbors[0].allowas_in);
}

TEST_CASE("EOS: address-family ipv6 closes by indentation") {
  auto p = parseText(
      "hostname r1\n"                                        // 1
      "router bgp 65001\n"                                   // 2
      "   neighbor 2001:db8::2 remote-as 65002\n"            // 3
      "   neighbor 10.0.0.2 remote-as 65002\n"               // 4
      "   address-family ipv6\n"                             // 5
      "      neighbor 2001:db8::2 activate\n"                // 6
      "      network 2001:db8:1::/48\n"                      // 7
      "   network 10.1.0.0/24\n",                            // 8
      model::Vendor::Eos);
  CHECK(p.warnings.empty());
  const auto& bgp = *p.device.bgp;
  CHECK(bgp.neighbors[0].ipv6.activate);
  CHECK_FALSE(bgp.neighbors[1].ipv6.activate);
  REQUIRE(bgp.ipv6_networks.size() == 1);
  REQUIRE(bgp.networks.size() == 1);
  CHECK(bgp.networks[0].span == span(8, 8));
}

}  // namespace routefix::parser::ios::test
