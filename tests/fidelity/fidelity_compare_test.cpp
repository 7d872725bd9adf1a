#include "tests/fidelity/fidelity_compare.h"

#include <doctest/doctest.h>

using nlohmann::json;
using namespace routefix::fidelity;

namespace {

json route(const std::string& prefix, const std::string& protocol, json hops) {
  return {{"prefix", prefix}, {"protocol", protocol}, {"next_hops", std::move(hops)}};
}

json viaIp(const std::string& ip, const std::string& iface = "eth0") {
  return json::array({{{"ip", ip}, {"interface", iface}, {"node", "r2"}}});
}

}  // namespace

TEST_CASE("a route matches on protocol and next-hop set; connected routes by interface") {
  json device = json::array({route("10.0.0.0/24", "connected",
                                   json::array({{{"ip", nullptr}, {"interface", "Ethernet1"}}})),
                             route("2.2.2.2/32", "bgp", viaIp("10.0.0.1"))});
  json ours = json::array({route("10.0.0.0/24", "connected",
                                 json::array({{{"ip", nullptr}, {"interface", "ethernet1"}}})),
                           route("2.2.2.2/32", "bgp", viaIp("10.0.0.1", "Ethernet1"))});
  auto s = scoreHost("r1", device, ours, {});
  CHECK(s.expected == 2);
  CHECK(s.matched == 2);
  CHECK(s.extra == 0);
  CHECK(s.mismatches.empty());
}

TEST_CASE("missing, extra and differing routes are mismatches; local routes are left out, EIGRP scored") {
  json device = json::array({route("2.2.2.2/32", "bgp", viaIp("10.0.0.1")),
                             route("3.3.3.3/32", "ospf", viaIp("10.0.0.1")),
                             route("10.0.0.1/32", "local", viaIp("10.0.0.1")),
                             route("9.9.9.0/24", "eigrp-ex", viaIp("10.0.0.1"))});
  json ours = json::array({route("2.2.2.2/32", "bgp", viaIp("10.0.0.9")),
                           route("4.4.4.4/32", "static", viaIp("10.0.0.1")),
                           route("10.0.0.2/32", "local", viaIp("10.0.0.1"))});
  auto s = scoreHost("r1", device, ours, {});
  CHECK(s.expected == 3);
  CHECK(s.matched == 0);
  CHECK(s.extra == 1);
  REQUIRE(s.mismatches.size() == 4);
  CHECK(s.mismatches[0].verdict == Verdict::Mismatch);  // 2.2.2.2/32: next hop differs
  CHECK(s.mismatches[0].detail.find("10.0.0.9") != std::string::npos);
  CHECK(s.mismatches[1].verdict == Verdict::Missing);   // 3.3.3.3/32
  CHECK(s.mismatches[2].verdict == Verdict::Extra);     // 4.4.4.4/32
  CHECK(s.mismatches[3].verdict == Verdict::Missing);   // 9.9.9.0/24 (eigrp-ex)
}

TEST_CASE("an IOS device prints the BGP next hop: our protocol next hops may match it") {
  json device = json::array({route("8.8.8.0/24", "ibgp", viaIp("2.2.2.2"))});
  json ours = route("8.8.8.0/24", "ibgp", viaIp("10.0.12.2"));
  ours["protocol_next_hops"] = json::array({{{"ip", "2.2.2.2"}}});
  CHECK(scoreHost("r1", device, json::array({ours}), {}).matched == 1);
  ours.erase("protocol_next_hops");
  CHECK(scoreHost("r1", device, json::array({ours}), {}).matched == 0);
}

TEST_CASE("ECMP sets compare whole; discard and interface next hops") {
  json two = json::array({viaIp("10.0.0.1")[0], viaIp("10.0.1.1")[0]});
  json device = json::array({route("5.5.5.0/24", "ospf", two),
                             route("6.0.0.0/8", "static", json::array({{{"ip", nullptr}, {"interface", "Null0"}, {"discard", true}}})),
                             route("7.7.7.7/32", "bgp", json::array({{{"ip", nullptr}, {"interface", "swp1"}, {"link_local", "fe80::1"}}}))});
  json ours = json::array({route("5.5.5.0/24", "ospf", viaIp("10.0.0.1")),
                           route("6.0.0.0/8", "static", json::array({{{"ip", nullptr}, {"interface", ""}, {"discard", true}}})),
                           route("7.7.7.7/32", "bgp", json::array({{{"ip", nullptr}, {"interface", "swp1"}}}))});
  auto s = scoreHost("r1", device, ours, {});
  CHECK(s.matched == 2);
  REQUIRE(s.mismatches.size() == 1);
  CHECK(s.mismatches[0].prefix == "5.5.5.0/24");
}

TEST_CASE("coarse protocols: an FRR host's ospf and bgp stand for the refined kinds") {
  json device = json::array({route("3.3.3.3/32", "ospf", viaIp("10.0.0.1")),
                             route("4.4.4.0/24", "bgp", viaIp("10.0.0.1"))});
  json ours = json::array({route("3.3.3.3/32", "ospf-ia", viaIp("10.0.0.1")),
                           route("4.4.4.0/24", "ibgp", viaIp("10.0.0.1"))});
  CHECK(scoreHost("r1", device, ours, {}).matched == 0);
  CHECK(scoreHost("r1", device, ours, HostRules{true}).matched == 2);
}

TEST_CASE("a BGP route chosen by arrival order accepts any tied path's next hops") {
  json device = route("172.16.0.0/24", "bgp", viaIp("10.0.0.1"));
  device["tied_paths"] = json::array({{{"next_hops", json::array({{{"ip", "10.0.0.5"}}})}}});
  CHECK(scoreHost("r1", json::array({device}), json::array({route("172.16.0.0/24", "bgp", viaIp("10.0.0.5"))}), {}).matched == 1);
}

TEST_CASE("nodes are found case-insensitively; an absent node makes every route missing") {
  json doc = {{"nodes", {{"R1", {{"routes", json::array({route("1.1.1.1/32", "connected", json::array({{{"interface", "lo"}}}))})}}}}}};
  CHECK(findNode(doc, "r1").size() == 1);
  CHECK(findNode(doc, "r9").is_null());
  auto s = scoreHost("r9", json::array({route("1.1.1.1/32", "connected", json::array())}), nullptr, {});
  CHECK(s.expected == 1);
  CHECK(s.mismatches.size() == 1);
}

TEST_CASE("an IPv6 link-local next hop (BGP unnumbered) compares as its interface") {
  json device = json::array({route("10.0.0.1/32", "bgp", viaIp("fe80::a8b3:faff:fe2b:433c", "r2-eth0"))});
  json ours = json::array({route("10.0.0.1/32", "bgp",
                                 json::array({{{"ip", nullptr}, {"interface", "r2-eth0"}, {"node", "r1"}}}))});
  CHECK(scoreHost("r2", device, ours, {}).matched == 1);
  json elsewhere = json::array({route("10.0.0.1/32", "bgp",
                                      json::array({{{"ip", nullptr}, {"interface", "r2-eth1"}, {"node", "r1"}}}))});
  CHECK(scoreHost("r2", device, elsewhere, {}).matched == 0);
}
