// IPv6 in Junos configurations (issue 16): `family inet6` addresses, `rib inet6.0` static
// routes, BGP neighbors with IPv6 addresses and `family inet6 unicast`, and policy prefix
// conditions of both families, read into the model fields the IOS family fills.
#include <doctest/doctest.h>

#include <algorithm>

#include "parser/parser.h"

using namespace routefix;
using namespace routefix::parser;

namespace {

DeviceParse parse(const std::string& text) { return parseJunos({{"configs/r1.conf", text}}); }

bool hasWarning(const DeviceParse& r, int line, const std::string& part) {
  return std::any_of(r.warnings.begin(), r.warnings.end(), [&](const model::ParseWarning& w) {
    return w.line == line && w.message.find(part) != std::string::npos;
  });
}

std::string warningsText(const DeviceParse& r) {
  std::string out;
  for (const auto& w : r.warnings) out += std::to_string(w.line) + ": " + w.message + "\n";
  return out;
}

model::IpPrefix v6(const char* text) { return *model::IpPrefix::parse(text); }

const model::BgpNeighbor& neighborWithId(const model::Device& d, const std::string& id) {
  REQUIRE(d.bgp);
  auto it = std::find_if(d.bgp->neighbors.begin(), d.bgp->neighbors.end(),
                         [&](const model::BgpNeighbor& n) { return n.id == id; });
  REQUIRE_MESSAGE(it != d.bgp->neighbors.end(), id);
  return *it;
}

// The first clause of `policy` that a route with `prefix` passes the prefix conditions of
// (prefix lists of the route's family; a list of the other family never matches), or -1.
int firstPrefixClause(const model::Device& d, const std::string& policy, const model::IpPrefix& prefix) {
  const auto& clauses = d.route_policies.at(policy).clauses;
  for (size_t i = 0; i < clauses.size(); ++i) {
    bool all = true;
    for (const auto& m : clauses[i].matches) {
      auto permits = [&](const std::string& n) {
        if (m.kind == model::PolicyMatch::Kind::Ipv6PrefixList) {
          auto it = d.ipv6_prefix_lists.find(n);
          return prefix.family() == model::IpFamily::V6 && it != d.ipv6_prefix_lists.end() &&
                 it->second.permits(prefix);
        }
        auto it = d.prefix_lists.find(n);
        return prefix.family() == model::IpFamily::V4 && it != d.prefix_lists.end() &&
               it->second.permits(prefix.v4());
      };
      if (m.kind != model::PolicyMatch::Kind::PrefixList && m.kind != model::PolicyMatch::Kind::Ipv6PrefixList)
        continue;
      all = all && std::any_of(m.names.begin(), m.names.end(), permits);
    }
    if (all) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

TEST_CASE("Junos family inet6 addresses: several, link-local, eui-64 as its subnet with a warning") {
  auto r = parse(
      "set system host-name r1\n"                                                    // 1
      "set interfaces ge-0/0/0 unit 0 family inet address 10.0.0.1/30\n"             // 2
      "set interfaces ge-0/0/0 unit 0 family inet6 address 2001:DB8:12::1/64\n"      // 3
      "set interfaces ge-0/0/0 unit 0 family inet6 address 2001:db8:13::1/64\n"      // 4
      "set interfaces ge-0/0/0 unit 0 family inet6 address fe80::1/64\n"             // 5
      "set interfaces ge-0/0/1 unit 0 family inet6 address 2001:db8:99::/64 eui-64\n"  // 6
      "set interfaces ge-0/0/2 unit 0 family inet6\n"                                // 7
      "set interfaces lo0 unit 0 family inet6 address 2001:db8:ff::1/128\n"          // 8
      "set interfaces ge-0/0/0 unit 0 family inet6 address 10.1.1.1/24\n"            // 9
      "set interfaces ge-0/0/0 unit 0 family inet6 mtu 9000\n"                       // 10
      "set interfaces ge-0/0/0 unit 0 family inet6 nd6-max-transmit 3\n");           // 11
  INFO(warningsText(r));
  const auto& d = r.device;
  CHECK(d.ipv6_unicast_routing);  // Junos routes IPv6 without being told
  const auto* ge0 = d.findInterface("ge-0/0/0.0");
  REQUIRE(ge0);
  REQUIRE(ge0->ipv6_addresses.size() == 3);
  CHECK(ge0->ipv6_addresses[0].address.str() == "2001:db8:12::1");
  CHECK(ge0->ipv6_addresses[0].subnet().str() == "2001:db8:12::/64");
  CHECK(ge0->ipv6_addresses[0].span == model::SourceSpan{"configs/r1.conf", 3, 3});
  CHECK_FALSE(ge0->ipv6_addresses[0].link_local);
  CHECK(ge0->ipv6_addresses[2].link_local);
  CHECK(ge0->address->address.str() == "10.0.0.1");  // IPv4 untouched
  const auto* ge1 = d.findInterface("ge-0/0/1.0");
  REQUIRE(ge1);
  REQUIRE(ge1->ipv6_addresses.size() == 1);
  CHECK(ge1->ipv6_addresses[0].eui64);
  CHECK(ge1->ipv6_addresses[0].subnet().str() == "2001:db8:99::/64");
  CHECK(hasWarning(r, 6, "eui-64"));
  REQUIRE(d.findInterface("ge-0/0/2.0"));
  CHECK(d.findInterface("ge-0/0/2.0")->ipv6_addresses.empty());
  CHECK(d.findInterface("lo0.0")->ipv6_addresses.at(0).length == 128);
  CHECK(hasWarning(r, 9, "invalid IPv6 address 10.1.1.1/24"));
  CHECK_FALSE(hasWarning(r, 10, ""));  // the MTU does not route
  // An inet6 statement the table does not know is a warning at its line, never silence.
  CHECK(hasWarning(r, 11, "unrecognized syntax"));
}

TEST_CASE("Junos rib inet6.0 static routes: next-hop, discard, reject, qualified-next-hop, preference") {
  auto r = parse(
      "routing-options {\n"                                                  // 1
      "    rib inet6.0 {\n"                                                  // 2
      "        static {\n"                                                   // 3
      "            route 2001:db8:100::/48 next-hop 2001:db8:12::2;\n"        // 4
      "            route ::/0 {\n"                                           // 5
      "                next-hop 2001:db8:12::2;\n"                            // 6
      "                preference 250;\n"                                     // 7
      "            }\n"                                                      // 8
      "            route 2001:db8:dead::/48 discard;\n"                       // 9
      "            route 2001:db8:beef::/48 reject;\n"                        // 10
      "            route 2001:db8:300::/48 {\n"                               // 11
      "                qualified-next-hop fe80::2 {\n"                        // 12
      "                    interface ge-0/0/0.0;\n"                           // 13
      "                    preference 7;\n"                                   // 14
      "                }\n"                                                  // 15
      "            }\n"                                                      // 16
      "            route 2001:db8:400::/48 next-hop fe80::9;\n"               // 17
      "            route 2001:db8:500::/48 next-hop ge-0/0/1;\n"              // 18
      "            route 2001:db8:600::/48 next-hop 10.0.0.1;\n"              // 19
      "        }\n"                                                          // 20
      "    }\n"                                                              // 21
      "    static route 10.9.0.0/16 next-hop 10.0.0.2;\n"                    // 22
      "}\n");                                                                // 23
  INFO(warningsText(r));
  const auto& d = r.device;
  REQUIRE(d.static_routes.size() == 1);  // inet.0's own
  CHECK(d.static_routes[0].prefix.str() == "10.9.0.0/16");
  const auto& routes = d.ipv6_static_routes;
  REQUIRE(routes.size() == 6);
  CHECK(routes[0].prefix == v6("2001:db8:100::/48"));
  CHECK(routes[0].next_hop->str() == "2001:db8:12::2");
  CHECK(routes[0].distance == 5);  // Junos static preference
  CHECK(routes[0].span.first_line == 4);
  CHECK(routes[1].prefix.str() == "::/0");
  CHECK(routes[1].distance == 250);
  CHECK(routes[2].null_route);
  CHECK(routes[3].null_route);
  CHECK(routes[4].next_hop->str() == "fe80::2");
  CHECK(routes[4].interface == "ge-0/0/0.0");
  CHECK(routes[4].distance == 7);
  CHECK(routes[5].interface == "ge-0/0/1.0");
  CHECK_FALSE(routes[5].next_hop);
  // A link-local next hop needs its interface; an IPv4 one is not an IPv6 next hop.
  CHECK(hasWarning(r, 17, "link-local next-hop fe80::9 without an interface"));
  CHECK(hasWarning(r, 19, "is not an IPv6 address"));
}

TEST_CASE("Junos BGP: IPv6 neighbors, family inet6 unicast at group and neighbor level, shared policies") {
  auto r = parse(
      "set routing-options autonomous-system 65002\n"                                        // 1
      "set protocols bgp group v6 type external\n"                                           // 2
      "set protocols bgp group v6 import FROM-PEER\n"                                        // 3
      "set protocols bgp group v6 export TO-PEER\n"                                          // 4
      "set protocols bgp group v6 family inet6 unicast\n"                                    // 5
      "set protocols bgp group v6 neighbor 2001:db8:12::1 peer-as 65001\n"                   // 6
      "set protocols bgp group v6 neighbor 2001:db8:23::3 peer-as 65003\n"                   // 7
      "set protocols bgp group v4 type external\n"                                           // 8
      "set protocols bgp group v4 export TO-PEER\n"                                          // 9
      "set protocols bgp group v4 neighbor 10.0.0.1 peer-as 65001\n"                         // 10
      "set protocols bgp group v4 neighbor 10.0.0.5 peer-as 65005\n"                         // 11
      "set protocols bgp group v4 neighbor 10.0.0.5 family inet unicast\n"                   // 12
      "set protocols bgp group v4 neighbor 10.0.0.5 family inet6 unicast\n"                  // 13
      "set protocols bgp group bare type external\n"                                         // 14
      "set protocols bgp group bare neighbor 2001:db8:77::7 peer-as 65007\n"                 // 15
      "set protocols bgp group bare neighbor fe80::7 peer-as 65007\n"                        // 16
      "set policy-options policy-statement FROM-PEER then accept\n"                          // 17
      "set policy-options policy-statement TO-PEER from protocol direct\n"                   // 18
      "set policy-options policy-statement TO-PEER then accept\n");                          // 19
  INFO(warningsText(r));
  const auto& d = r.device;
  const auto& a = neighborWithId(d, "2001:db8:12::1");
  CHECK_FALSE(a.address);
  REQUIRE(a.ipv6_address);
  CHECK(a.ipv6_address->str() == "2001:db8:12::1");
  CHECK(a.remote_as == 65001u);
  CHECK(a.ipv6.activate);
  CHECK_FALSE(a.activate);  // `family inet6` alone turns inet unicast off
  CHECK(a.ipv6.import_policies == std::vector<std::string>{"FROM-PEER"});
  CHECK(a.ipv6.export_policies == std::vector<std::string>{"TO-PEER"});
  CHECK(a.ipv6.statement_spans.at("activate").first_line == 5);
  CHECK(neighborWithId(d, "2001:db8:23::3").ipv6.activate);
  // Without any family statement, an IPv4 session carries inet unicast only.
  const auto& plain = neighborWithId(d, "10.0.0.1");
  CHECK(plain.activate);
  CHECK_FALSE(plain.ipv6.activate);
  // Both families at the neighbor level: MP-BGP over the IPv4 session.
  const auto& both = neighborWithId(d, "10.0.0.5");
  CHECK(both.activate);
  CHECK(both.ipv6.activate);
  CHECK(both.ipv6.export_policies == std::vector<std::string>{"TO-PEER"});
  // An IPv6 neighbor without `family inet6 unicast` carries no IPv6 routes, with a warning.
  CHECK_FALSE(neighborWithId(d, "2001:db8:77::7").ipv6.activate);
  CHECK(hasWarning(r, 15, "no `family inet6 unicast`"));
  CHECK(hasWarning(r, 16, "link-local"));
  // The export policy's direct routes enter the IPv6 family too.
  REQUIRE(d.bgp);
  REQUIRE(d.bgp->ipv6_redistributions.size() == 1);
  CHECK(d.bgp->ipv6_redistributions[0].source == model::RouteSource::Connected);
}

TEST_CASE("Junos policies: route-filters and prefix-lists of both families match their own family only") {
  auto r = parse(
      "set policy-options prefix-list MIXED 10.1.0.0/16\n"                                         // 1
      "set policy-options prefix-list MIXED 2001:db8:a1::/48\n"                                    // 2
      "set policy-options prefix-list ONLY6 2001:db8:ff::/64\n"                                    // 3
      "set policy-options policy-statement P term lists from prefix-list MIXED\n"                  // 4
      "set policy-options policy-statement P term lists then accept\n"                             // 5
      "set policy-options policy-statement P term six from route-filter 2001:db8:a0::/44 upto /64\n"  // 6
      "set policy-options policy-statement P term six from route-filter 10.0.0.0/8 orlonger\n"     // 7
      "set policy-options policy-statement P term six then metric 50\n"                            // 8
      "set policy-options policy-statement P term six then accept\n"                               // 9
      "set policy-options policy-statement P term loopbacks from prefix-list-filter ONLY6 orlonger\n"  // 10
      "set policy-options policy-statement P term loopbacks then accept\n"                         // 11
      "set policy-options policy-statement P term fam from family inet6\n"                         // 12
      "set policy-options policy-statement P term fam then reject\n"                               // 13
      "set policy-options policy-statement P term vpn from family inet-vpn\n"                      // 14
      "set policy-options policy-statement P term vpn then accept\n"                               // 15
      "set policy-options policy-statement P term nh from next-hop 2001:db8::1\n"                  // 16
      "set policy-options policy-statement P term nh then next-hop 2001:db8::2\n"                  // 17
      "set protocols bgp group g type external\n"                                                  // 18
      "set protocols bgp group g export P\n"                                                       // 19
      "set protocols bgp group g neighbor 10.0.0.1 peer-as 65001\n"                                // 20
      "set routing-options autonomous-system 65000\n"                                              // 21
      "set policy-options policy-statement Q term v4 from family inet\n"                          // 22
      "set policy-options policy-statement Q term v4 then reject\n");                             // 23
  INFO(warningsText(r));
  const auto& d = r.device;
  // A prefix-list with entries of both families is one list of each family in the model.
  REQUIRE(d.prefix_lists.count("MIXED"));
  REQUIRE(d.ipv6_prefix_lists.count("MIXED"));
  CHECK(d.prefix_lists.at("MIXED").entries.size() == 1);
  CHECK(d.ipv6_prefix_lists.at("MIXED").entries.size() == 1);
  CHECK_FALSE(d.prefix_lists.count("ONLY6"));
  // Routes of each family meet the conditions of their own family.
  CHECK(firstPrefixClause(d, "P", v6("10.1.0.0/16")) == 0);
  CHECK(firstPrefixClause(d, "P", v6("2001:db8:a1::/48")) == 1);
  auto six4 = firstPrefixClause(d, "P", v6("10.9.0.0/16"));
  auto six6 = firstPrefixClause(d, "P", v6("2001:db8:a3::/64"));
  REQUIRE(six4 >= 0);
  REQUIRE(six6 >= 0);
  const auto& clauses = d.route_policies.at("P").clauses;
  CHECK(clauses[static_cast<size_t>(six4)].name == "six");
  CHECK(clauses[static_cast<size_t>(six6)].name == "six");
  CHECK(clauses[static_cast<size_t>(six6)].action == model::ClauseAction::Permit);
  CHECK(clauses[static_cast<size_t>(six6)].sets.size() == 1);
  CHECK(firstPrefixClause(d, "P", v6("2001:db8:a3::/80")) != six6);  // longer than upto /64
  // prefix-list-filter widens the IPv6 entries for IPv6 routes.
  auto loop = firstPrefixClause(d, "P", v6("2001:db8:ff::1/128"));
  REQUIRE(loop >= 0);
  CHECK(clauses[static_cast<size_t>(loop)].name == "loopbacks");
  // `from family inet6`: every IPv6 route, no IPv4 one.
  auto fam = firstPrefixClause(d, "P", v6("2001:db8:77::/48"));
  REQUIRE(fam >= 0);
  CHECK(clauses[static_cast<size_t>(fam)].name == "fam");
  CHECK(clauses[static_cast<size_t>(fam)].action == model::ClauseAction::Deny);
  auto v4other = firstPrefixClause(d, "P", v6("192.168.0.0/24"));
  CHECK((v4other < 0 || clauses[static_cast<size_t>(v4other)].name != "fam"));
  // `from family inet`: IPv4 routes only (it was ignored while Junos IPv6 was not read).
  CHECK(firstPrefixClause(d, "Q", v6("10.0.0.0/8")) == 0);
  CHECK(firstPrefixClause(d, "Q", v6("2001:db8::/32")) == -1);
  // A family the model has no routes of: the term never matches, with a warning.
  CHECK(std::none_of(clauses.begin(), clauses.end(), [](const model::PolicyClause& c) { return c.name == "vpn"; }));
  CHECK(hasWarning(r, 14, "family inet-vpn"));
  CHECK(hasWarning(r, 16, "IPv6 next hop"));
  CHECK(hasWarning(r, 17, "IPv6 next hop"));
}

TEST_CASE("Junos OSPFv3 (protocols ospf3) is the model's OSPFv3 process; what it lacks warns") {
  auto r = parse(
      "set interfaces ge-0/0/0 unit 0 family inet6 address 2001:db8:12::1/64\n"
      "set interfaces ge-0/0/1 unit 0 family inet6 address 2001:db8:13::1/64\n"
      "set interfaces lo0 unit 0 family inet6 address 2001:db8::1/128\n"
      "set routing-options router-id 1.1.1.1\n"
      "set protocols ospf3 area 0 interface ge-0/0/0.0 metric 7\n"
      "set protocols ospf3 area 0.0.0.1 interface ge-0/0/1.0 passive\n"
      "set protocols ospf3 area 0 interface lo0.0\n"
      "set protocols ospf3 area 0 interface ge-9/9/9.0\n"
      "set protocols ospf3 area 0.0.0.1 stub\n"
      "set protocols ospf3 reference-bandwidth 10g\n"
      "set routing-options rib inet6.0 aggregate route 2001:db8::/32\n");
  INFO(warningsText(r));
  const auto& d = r.device;
  REQUIRE(d.ospf6);
  CHECK_FALSE(d.ospf);  // OSPFv2 is not configured
  CHECK(d.ospf6->router_id == model::Ipv4::parse("1.1.1.1"));
  CHECK(d.ospf6->reference_bandwidth_mbps == 10000);
  const auto* ge0 = d.findInterface("ge-0/0/0.0");
  const auto* ge1 = d.findInterface("ge-0/0/1.0");
  const auto* lo = d.findInterface("lo0.0");
  REQUIRE(ge0);
  REQUIRE(ge1);
  REQUIRE(lo);
  CHECK(ge0->ospf6.area == 0u);
  CHECK(ge0->ospf6.cost == 7u);
  CHECK(ge0->ospf6.cost_span.first_line == 5);
  CHECK_FALSE(ge0->ospf_area);  // nothing leaks into the OSPFv2 settings
  CHECK(ge1->ospf6.area == 1u);
  CHECK(ge1->ospf6.passive == true);
  CHECK(lo->ospf6.cost == 0u);  // Junos advertises lo0 with metric 0
  CHECK(hasWarning(r, 8, "OSPFv3 interface ge-9/9/9.0 is not configured"));
  CHECK(hasWarning(r, 9, "not modelled: OSPFv3 stub"));
  CHECK(hasWarning(r, 11, "IPv6 aggregate routes"));
  CHECK(r.warnings.size() == 3);
}
