// FRR reads command words abbreviated to any unique prefix (lib/command_match.c).
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

TEST_CASE("FRR: `int X` opens the interface, and its sub-commands may be abbreviated too") {
  auto p = parseText(
      "int r1-eth0\n"
      " ip add 10.0.0.1/24\n"
      " ip os area 0\n"
      "!\n"
      "int lo\n"
      " ip address 1.1.1.1/32\n",
      model::Vendor::Frr);
  CHECK(p.warnings.empty());
  REQUIRE(p.device.interfaces.size() == 2);
  CHECK(p.device.interfaces[0].name == "r1-eth0");
  REQUIRE(p.device.interfaces[0].address);
  CHECK(p.device.interfaces[0].ospf_area == 0u);
  CHECK(p.device.interfaces[1].name == "lo");
  CHECK(p.device.interfaces[0].span == span(1, 3));
}

TEST_CASE("FRR: the same abbreviation reads as the keyword its place allows") {
  // `int` is `interface` at the start of a line and `internal` after `remote-as`;
  // `ext` is `external`; `lo` after update-source is a name, not `log`.
  auto p = parseText(
      "router bgp 1\n"
      " nei 10.0.0.2 rem int\n"
      " neighbor 10.0.0.3 remote-as ext\n"
      " neighbor 10.0.0.2 upd lo\n"
      " red conn\n",
      model::Vendor::Frr);
  CHECK(p.warnings.empty());
  REQUIRE(p.device.bgp);
  const auto& n = p.device.bgp->neighbors;
  REQUIRE(n.size() == 2);
  CHECK(n[0].remote_as_internal);
  CHECK(n[0].update_source == "lo");
  CHECK(n[1].remote_as_external);
  REQUIRE(p.device.bgp->redistributions.size() == 1);
}

TEST_CASE("FRR: a keyword beats a name, and an ambiguous abbreviation is not guessed") {
  auto p = parseText(
      "route-map RM permit 10\n"
      " match ip address pre PL\n"  // prefix-list, not the access list `pre`
      "router bgp 1\n"
      " neighbor 10.0.0.2 remote-as 2\n"
      " neighbor 10.0.0.2 s\n"  // send-community or shutdown: FRR refuses it
      " neighbor 10.0.0.2 desc to r2\n",
      model::Vendor::Frr);
  const auto& clause = p.device.route_policies.at("RM").clauses.at(0);
  REQUIRE(clause.matches.size() == 1);
  CHECK(clause.matches[0].kind == model::PolicyMatch::Kind::PrefixList);
  CHECK(clause.matches[0].names == std::vector<std::string>{"PL"});
  CHECK_FALSE(p.device.bgp->neighbors.at(0).shutdown);
  CHECK(p.device.bgp->neighbors.at(0).description == "to r2");
}

TEST_CASE("IOS configs are read spelled out: `int X` stays unrecognized") {
  auto p = parseText("int Gi0/0\n ip address 10.0.0.1 255.255.255.0\n");
  CHECK(p.device.interfaces.empty());
  CHECK_FALSE(warningLines(p, "unrecognized").empty());
}

}  // namespace routefix::parser::ios::test
