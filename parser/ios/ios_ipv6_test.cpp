// IPv6 statements of the IOS family: interface addresses, static routes, `ipv6
// unicast-routing` and `ipv6 prefix-list` (issue 16).
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

using model::IpAddress;
using model::IpPrefix;

namespace {
IpPrefix v6(const char* text) { return *IpPrefix::parse(text); }
}  // namespace

TEST_CASE("FRR: interface IPv6 addresses and static routes with next hop, interface, distance") {
  auto p = parseText(
      "hostname r1\n"                                        // 1
      "interface eth0\n"                                     // 2
      " ip address 10.0.0.1/24\n"                            // 3
      " ipv6 address 2001:DB8:0:1::1/64\n"                   // 4
      " ipv6 address 2001:db8:0:2::1/64\n"                   // 5
      " ipv6 address fe80::1/64\n"                           // 6
      "exit\n"                                               // 7
      "ipv6 route 2001:db8:100::/48 2001:db8:0:1::2\n"       // 8
      "ipv6 route 2001:db8:200::/48 2001:db8:0:1::2 250\n"   // 9
      "ipv6 route ::/0 eth0\n"                               // 10
      "ipv6 route 2001:db8:300::/48 fe80::2 eth0\n"          // 11
      "ipv6 route 2001:db8:dead::/48 blackhole\n"            // 12
      "ipv6 route 2001:db8:400::1/48 2001:db8:0:1::2 tag 7\n",  // 13
      model::Vendor::Frr);
  CHECK(p.warnings.empty());
  const auto& d = p.device;
  CHECK(d.ipv6_unicast_routing);  // FRR routes IPv6 without being told
  REQUIRE(d.interfaces.size() == 1);
  const auto& addrs = d.interfaces[0].ipv6_addresses;
  REQUIRE(addrs.size() == 3);
  CHECK(addrs[0].address.str() == "2001:db8:0:1::1");
  CHECK(addrs[0].subnet().str() == "2001:db8:0:1::/64");
  CHECK(addrs[0].span == span(4, 4));
  CHECK_FALSE(addrs[0].link_local);
  CHECK(addrs[2].link_local);
  CHECK(d.interfaces[0].address->address.str() == "10.0.0.1");  // IPv4 untouched

  const auto& routes = d.ipv6_static_routes;
  REQUIRE(routes.size() == 6);
  CHECK(routes[0].prefix == v6("2001:db8:100::/48"));
  CHECK(routes[0].next_hop->str() == "2001:db8:0:1::2");
  CHECK(routes[0].distance == 1);
  CHECK(routes[0].span == span(8, 8));
  CHECK(routes[1].distance == 250);
  CHECK(routes[2].prefix.str() == "::/0");
  CHECK_FALSE(routes[2].next_hop);
  CHECK(routes[2].interface == "eth0");
  CHECK(routes[3].next_hop->isLinkLocal());
  CHECK(routes[3].interface == "eth0");
  CHECK(routes[4].null_route);
  CHECK(routes[5].prefix.str() == "2001:db8:400::/48");  // host bits cleared
  CHECK(routes[5].tag == 7);
  CHECK(d.static_routes.empty());
}

TEST_CASE("IOS: ipv6 unicast-routing, link-local, eui-64 and interface-first static routes") {
  auto p = parseText(
      "hostname r1\n"                                                        // 1
      "ipv6 unicast-routing\n"                                               // 2
      "interface GigabitEthernet0/0\n"                                       // 3
      " ipv6 address FE80::1 link-local\n"                                   // 4
      " ipv6 address 2001:DB8:1::1/64\n"                                     // 5
      " ipv6 address 2001:DB8:2::/64 eui-64\n"                               // 6
      " ipv6 enable\n"                                                       // 7
      " ipv6 nd ra suppress\n"                                               // 8
      "interface GigabitEthernet0/1\n"                                       // 9
      " ipv6 address 2001:DB8:3::1/64\n"                                     // 10
      " no ipv6 address\n"                                                   // 11
      "ipv6 route 2001:DB8:9::/48 GigabitEthernet0/0 FE80::2\n"              // 12
      "ipv6 route 2001:DB8:8::/48 Null0\n"                                   // 13
      "ipv6 route vrf RED 2001:DB8:7::/48 2001:DB8:1::2 200\n"               // 14
      "ipv6 route 2001:DB8:6::/48 FE80::2\n");                               // 15
  const auto& d = p.device;
  CHECK(d.ipv6_unicast_routing);
  CHECK(d.ipv6_unicast_routing_span == span(2, 2));
  const auto& g0 = d.interfaces[0];
  REQUIRE(g0.ipv6_addresses.size() == 3);
  CHECK(g0.ipv6_addresses[0].link_local);
  CHECK(g0.ipv6_addresses[0].address.str() == "fe80::1");
  CHECK(g0.ipv6_addresses[2].eui64);
  CHECK(g0.ipv6_addresses[2].subnet().str() == "2001:db8:2::/64");
  CHECK(d.interfaces[1].ipv6_addresses.empty());
  // eui-64 is modelled as a subnet only; a link-local next hop needs its interface.
  CHECK(warningLines(p, "eui-64") == std::vector<int>{6});
  CHECK(warningLines(p, "link-local next hop") == std::vector<int>{15});
  CHECK(p.warnings.size() == 2);

  REQUIRE(d.ipv6_static_routes.size() == 2);
  CHECK(d.ipv6_static_routes[0].interface == "GigabitEthernet0/0");
  CHECK(d.ipv6_static_routes[0].next_hop->str() == "fe80::2");
  CHECK(d.ipv6_static_routes[1].null_route);
  REQUIRE(d.vrfs.count("RED"));
  REQUIRE(d.vrfs.at("RED").ipv6_static_routes.size() == 1);
  CHECK(d.vrfs.at("RED").ipv6_static_routes[0].distance == 200);
}

TEST_CASE("IOS and EOS route IPv6 only when told; `no ipv6 unicast-routing` turns it off") {
  CHECK_FALSE(parseText("hostname r1\n").device.ipv6_unicast_routing);
  CHECK_FALSE(parseText("hostname r1\n", model::Vendor::Eos).device.ipv6_unicast_routing);
  CHECK(parseText("hostname r1\n", model::Vendor::Nxos).device.ipv6_unicast_routing);
  CHECK_FALSE(parseText("ipv6 unicast-routing\nno ipv6 unicast-routing\n").device.ipv6_unicast_routing);
}

TEST_CASE("ipv6 prefix-list: sequence numbers, ge/le up to 128, any, and a namespace of its own") {
  auto p = parseText(
      "hostname r1\n"                                                   // 1
      "ipv6 prefix-list V6 seq 10 permit 2001:db8::/32 le 64\n"         // 2
      "ipv6 prefix-list V6 deny 2001:db8:bad::/48 ge 56 le 128\n"       // 3
      "ipv6 prefix-list V6 seq 5 permit ::/0\n"                         // 4
      "ipv6 prefix-list V6 description customer routes\n"              // 5
      "ipv6 prefix-list ALL permit any\n"                               // 6
      "ipv6 prefix-list BAD permit 2001:db8::/32 le 129\n"              // 7
      "ipv6 prefix-list BAD2 permit 2001:db8::/32 ge 16\n"              // 8
      "ip prefix-list V6 permit 10.0.0.0/8\n",                          // 9
      model::Vendor::Frr);
  const auto& lists = p.device.ipv6_prefix_lists;
  REQUIRE(lists.count("V6"));
  const auto& v6list = lists.at("V6");
  REQUIRE(v6list.entries.size() == 3);
  CHECK(v6list.entries[0].seq == 5);
  CHECK(v6list.entries[1].seq == 10);
  CHECK(v6list.entries[2].seq == 15);
  CHECK(v6list.entries[2].action == model::Action::Deny);
  CHECK(v6list.span == span(2, 5));
  CHECK(v6list.permits(v6("::/0")));
  CHECK(v6list.permits(v6("2001:db8:1::/48")));
  CHECK_FALSE(v6list.permits(v6("2001:db8:1::/96")));
  CHECK_FALSE(v6list.permits(v6("2001:db9::/32")));
  CHECK(lists.at("ALL").permits(v6("2001:db8::1/128")));
  CHECK_FALSE(lists.at("ALL").permits(*IpPrefix::parse("10.0.0.0/8")));
  CHECK(warningLines(p) == std::vector<int>{7, 8});  // le over 128, ge below the length
  CHECK(p.device.prefix_lists.at("V6").entries.size() == 1);  // the IPv4 list of the same name
}

TEST_CASE("IPv6 text lexes as one token: names, communities and MAC-like words are unaffected") {
  auto p = parseText(
      "hostname r1\n"
      "route-map RM permit 10\n"
      " set community 65000:1 65000:2\n"
      "router bgp 65000\n"
      " neighbor 2001:db8::2 remote-as 65001\n"
      " neighbor 2001:db8::2 description v6 peer\n",
      model::Vendor::Frr);
  CHECK(warningLines(p, "unrecognized").empty());
  REQUIRE(p.device.bgp);
  CHECK(p.device.route_policies.at("RM").clauses.at(0).sets.size() == 1);
}

}  // namespace routefix::parser::ios::test
