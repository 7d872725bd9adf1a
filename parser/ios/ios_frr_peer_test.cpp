// FRR statements about who a route comes from or goes to: `match peer`, `set as-path exclude`,
// `neighbor X passive`, `local-role` (RFC 9234), `addpath-tx-*`. Each was "unrecognized"
// before; lines FRR 8.4 rejects (`match src-peer`, `set as-path exclude all`) stay so.
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

namespace {
const model::BgpNeighbor& neighbor(const model::Device& d, const char* address) {
  const auto* n = d.bgp->findNeighbor(*model::Ipv4::parse(address));
  REQUIRE(n);
  return *n;
}
}  // namespace

// tests/fidelity/corpus/topotests/bgp_match_peer r1, shortened.
TEST_CASE("FRR match peer local|A.B.C.D|WORD; match src-peer (not in 8.4) stays unrecognized") {
  auto p = parseText(
      "router bgp 65001\n"                       // 1
      " neighbor 192.168.1.2 remote-as external\n"  // 2
      "!\n"                                      // 3
      "route-map all permit 5\n"                 // 4
      " match peer local\n"                      // 5
      " set metric 1\n"                          // 6
      "route-map all permit 10\n"                // 7
      " match src-peer 192.168.1.2\n"            // 8
      "route-map all permit 15\n"                // 9
      " match peer r3\n"                         // 10
      "route-map all permit 20\n"                // 11
      " match peer 192.168.1.2\n",               // 12
      model::Vendor::Frr);
  const auto& clauses = p.device.route_policies.at("all").clauses;
  REQUIRE(clauses.size() == 4);
  REQUIRE(clauses[0].matches.size() == 1);
  CHECK(clauses[0].matches[0].kind == model::PolicyMatch::Kind::LocalOrigin);
  CHECK(clauses[1].matches.empty());
  REQUIRE(clauses[2].matches.size() == 1);
  CHECK(clauses[2].matches[0].kind == model::PolicyMatch::Kind::PeerName);
  CHECK(clauses[2].matches[0].names == std::vector<std::string>{"r3"});
  REQUIRE(clauses[3].matches.size() == 1);
  CHECK(clauses[3].matches[0].kind == model::PolicyMatch::Kind::Neighbor);
  CHECK(clauses[3].matches[0].address == *model::Ipv4::parse("192.168.1.2"));
  CHECK(warningLines(p, "unrecognized") == std::vector<int>{8});
}

// tests/fidelity/corpus/topotests/bgp_set_aspath_exclude r1: 8.4 knows the ASN list only.
TEST_CASE("FRR set as-path exclude ASN...; the `all` and as-path-access-list forms stay unrecognized") {
  auto p = parseText(
      "route-map r2 permit 6\n"                                  // 1
      " set as-path exclude as-path-access-list SECOND\n"        // 2
      "route-map r2 permit 10\n"                                 // 3
      " set as-path exclude 65003 65005\n"                       // 4
      "route-map r2 permit 20\n"                                 // 5
      " set as-path exclude all\n",                              // 6
      model::Vendor::Frr);
  const auto& clauses = p.device.route_policies.at("r2").clauses;
  CHECK(clauses[0].sets.empty());
  REQUIRE(clauses[1].sets.size() == 1);
  CHECK(clauses[1].sets[0].kind == model::PolicySet::Kind::AsPathExclude);
  CHECK(clauses[1].sets[0].asns == std::vector<uint32_t>{65003, 65005});
  CHECK(clauses[2].sets.empty());
  CHECK(warningLines(p, "unrecognized") == std::vector<int>{2, 6});
}

// tests/fidelity/corpus/topotests/bgp_roles_capability r1 and bgp_tcp_mss_passive r1.
TEST_CASE("FRR neighbor passive, local-role [strict-mode] (also through a peer-group), addpath-tx") {
  auto p = parseText(
      "router bgp 64501\n"                                        // 1
      "  neighbor 192.168.2.2 remote-as external\n"               // 2
      "  neighbor 192.168.2.2 local-role provider\n"              // 3
      "  neighbor 192.168.5.2 remote-as external\n"               // 4
      "  neighbor 192.168.5.2 local-role rs-client strict-mode\n"  // 5
      "  neighbor 192.168.5.2 passive\n"                          // 6
      "  neighbor PG peer-group\n"                                // 7
      "  neighbor PG remote-as external\n"                        // 8
      "  neighbor PG local-role customer\n"                       // 9
      "  neighbor 192.168.6.2 peer-group PG\n"                    // 10
      "  address-family ipv4 unicast\n"                           // 11
      "   neighbor 192.168.2.2 addpath-tx-all-paths\n"            // 12
      "   neighbor PG addpath-tx-bestpath-per-AS\n"               // 13
      "  exit-address-family\n"                                   // 14
      "  address-family ipv6 unicast\n"                           // 15
      "   neighbor 192.168.2.2 addpath-tx-all-paths\n"            // 16
      "  exit-address-family\n",                                  // 17
      model::Vendor::Frr);
  const auto& d = p.device;
  CHECK(neighbor(d, "192.168.2.2").local_role == model::BgpRole::Provider);
  CHECK_FALSE(neighbor(d, "192.168.2.2").role_strict);
  CHECK_FALSE(neighbor(d, "192.168.2.2").passive);
  CHECK(neighbor(d, "192.168.2.2").add_path.tx_all);
  CHECK_FALSE(neighbor(d, "192.168.2.2").add_path.tx_best_per_as);
  CHECK(neighbor(d, "192.168.6.2").add_path.tx_best_per_as);  // from its peer-group
  CHECK(neighbor(d, "192.168.5.2").local_role == model::BgpRole::RsClient);
  CHECK(neighbor(d, "192.168.5.2").role_strict);
  CHECK(neighbor(d, "192.168.5.2").passive);
  CHECK(neighbor(d, "192.168.6.2").local_role == model::BgpRole::Customer);
  CHECK(neighbor(d, "192.168.6.2").statement_spans.at("local-role") == span(9, 9));
  CHECK(warningLines(p, "unrecognized").empty());
  // IPv4 unicast add-path is modelled; IPv6's is not (the family's own warning).
  CHECK(warningLines(p, "not modelled: BGP add-path").empty());
  CHECK(warningLines(p, "address-family ipv6 is not modelled") == std::vector<int>{16});
}

TEST_CASE("IOS add-path: the address family's send/receive/select, the neighbors' capability and choices") {
  // labval ios_add_path: each was "unrecognized", then "not modelled".
  auto p = parseText(
      "router bgp 2\n"                                            // 1
      " neighbor 10.2.0.2 remote-as 2\n"                          // 2
      " neighbor 10.2.0.3 remote-as 2\n"                          // 3
      " neighbor 10.2.0.4 remote-as 2\n"                          // 4
      " address-family ipv4\n"                                    // 5
      "  bgp additional-paths select all best 3 group-best\n"     // 6
      "  bgp additional-paths send receive\n"                     // 7
      "  bgp additional-paths install\n"                          // 8
      "  bgp additional-paths select backup\n"                    // 9
      "  neighbor 10.2.0.2 activate\n"                            // 10
      "  neighbor 10.2.0.2 additional-paths send receive\n"       // 11
      "  neighbor 10.2.0.2 advertise additional-paths all\n"      // 12
      "  neighbor 10.2.0.3 additional-paths receive\n"            // 13
      "  neighbor 10.2.0.3 advertise additional-paths best 2 group-best\n"  // 14
      "  neighbor 10.2.0.4 additional-paths disable\n"            // 15
      " exit-address-family\n",                                   // 16
      model::Vendor::Ios);
  const auto& d = p.device;
  const auto& af = d.bgp->add_path;
  CHECK(af.select_all);
  CHECK(af.select_group_best);
  CHECK(af.select_best == 3);
  CHECK(af.send);
  CHECK(af.receive);
  const auto& a2 = neighbor(d, "10.2.0.2").add_path;
  CHECK(a2.tx_all);
  CHECK(a2.send == true);
  CHECK(a2.receive == true);
  CHECK(neighbor(d, "10.2.0.2").statement_spans.at("addpath-tx") == span(12, 12));
  const auto& a3 = neighbor(d, "10.2.0.3").add_path;
  CHECK_FALSE(a3.tx_all);
  CHECK(a3.tx_best == 2);
  CHECK(a3.tx_best_per_as);
  CHECK_FALSE(a3.send.has_value());  // the address family's
  CHECK(a3.receive == true);
  const auto& a4 = neighbor(d, "10.2.0.4").add_path;
  CHECK(a4.send == false);
  CHECK(a4.receive == false);
  CHECK(warningLines(p, "unrecognized").empty());
  // Backup paths in the FIB are not modelled.
  CHECK(warningLines(p, "not modelled: BGP add-path") == std::vector<int>{8, 9});
}

TEST_CASE("IOS has none of these FRR statements") {
  auto p = parseText(
      "router bgp 65001\n"                                 // 1
      " neighbor 10.0.0.2 remote-as 65002\n"               // 2
      " neighbor 10.0.0.2 local-role provider\n"           // 3
      " neighbor 10.0.0.2 passive\n"                       // 4
      "route-map M permit 10\n"                            // 5
      " match peer local\n"                                // 6
      " set as-path exclude 65003\n");                     // 7
  CHECK(warningLines(p, "unrecognized") == std::vector<int>{3, 4, 6, 7});
}

}  // namespace routefix::parser::ios::test
