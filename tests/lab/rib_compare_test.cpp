#include "tests/lab/rib_compare.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace routefix::lab;
using nlohmann::json;

namespace {

// FRR 8.4's shapes, trimmed to the fields the comparison reads.
const json kRouteJson = json::parse(R"({
  "10.0.0.1/32": [
    {"protocol": "ospf", "distance": 110, "nexthops": [{"directlyConnected": true, "interfaceName": "lo", "active": true}]},
    {"protocol": "connected", "selected": true, "installed": true,
     "nexthops": [{"directlyConnected": true, "interfaceName": "lo", "active": true, "fib": true}]}],
  "10.0.0.2/32": [
    {"protocol": "ospf", "selected": true, "installed": true, "distance": 110, "metric": 10, "nexthops": [
      {"ip": "172.16.1.2", "interfaceName": "eth0", "active": true, "fib": true},
      {"ip": "172.16.2.2", "interfaceName": "eth1", "active": true, "fib": true}]}],
  "10.9.0.0/16": [
    {"protocol": "ospf", "selected": true, "nexthops": [{"ip": "172.16.1.2", "interfaceName": "eth0", "active": true}]}],
  "198.51.100.0/24": [
    {"protocol": "bgp", "selected": true, "installed": true, "nexthops": [
      {"ip": "10.0.0.11", "active": true, "recursive": true},
      {"ip": "172.16.1.2", "interfaceName": "eth0", "active": true, "fib": true, "resolver": true}]}],
  "203.0.113.0/24": [
    {"protocol": "bgp", "selected": true, "installed": true, "nexthops": [
      {"ip": "192.0.2.2", "interfaceName": "eth2", "active": true, "fib": true}]}],
  "192.168.0.0/16": [
    {"protocol": "static", "selected": true, "installed": true, "nexthops": [
      {"unreachable": true, "blackhole": true, "active": true, "fib": true}]}],
  "10.10.0.0/16": [
    {"protocol": "bgp", "selected": true, "installed": true, "distance": 200, "nexthops": [
      {"unreachable": true, "blackhole": true, "active": true, "fib": true}]}]
})");

const json kBgpJson = json::parse(R"json({"routes": {
  "10.10.0.0/16": [{"valid": true, "bestpath": true, "pathFrom": "external", "peerId": "(unspec)",
                    "nexthops": [{"ip": "::"}]}],
  "198.51.100.0/24": [{"valid": true, "bestpath": true, "selectionReason": "IGP Metric",
                        "pathFrom": "internal", "nexthops": [{"ip": "10.0.0.11"}]}],
  "203.0.113.0/24": [
    {"valid": true, "pathFrom": "external", "nexthops": [{"ip": "192.0.2.6"}]},
    {"valid": true, "bestpath": true, "selectionReason": "Older Path", "pathFrom": "external",
     "nexthops": [{"ip": "192.0.2.2"}]}]
}})json");

const json kOspfRouteJson = json::parse(R"({
  "10.0.0.2/32": {"routeType": "N", "cost": 10},
  "10.9.0.0/16": {"routeType": "N IA", "cost": 20}
})");

json routefixDoc(const json& routes) { return {{"nodes", {{"r1", {{"routes", routes}}}}}}; }

}  // namespace

TEST_CASE("A route leaked from another VRF keeps the protocol of the path it copies, not aggregate") {
  // FRR 8.4, `import vrf B` in VRF A: the copy has no peer, and names the VRF of its next hop.
  json route = json::parse(R"({"10.3.1.0/24": [{"protocol": "bgp", "selected": true, "distance": 20,
    "nexthops": [{"ip": "10.0.13.2", "interfaceName": "eth-r3", "vrf": "B", "active": true}]}]})");
  json bgp = json::parse(R"json({"routes": {"10.3.1.0/24": [{"valid": true, "bestpath": true,
    "pathFrom": "external", "peerId": "(unspec)", "path": "65003", "nhVrfName": "B",
    "nexthops": [{"ip": "10.0.13.2", "used": true}]}]}})json");
  FrrRouterState s = frrRouterState(route, bgp, json::object());
  CHECK(s.rib.at("10.3.1.0/24").protocol == "bgp");
  CHECK(s.rib.at("10.3.1.0/24").next_hops == std::set<LabNextHop>{{"10.0.13.2", "eth-r3", false}});
}

TEST_CASE("FRR routes are read as selected routes with refined protocols and resolved next hops") {
  FrrRouterState s = frrRouterState(kRouteJson, kBgpJson, kOspfRouteJson);
  CHECK(s.rib.size() == 7);
  CHECK(s.rib.at("10.10.0.0/16").protocol == "aggregate");
  CHECK(s.rib.at("10.10.0.0/16").next_hops == std::set<LabNextHop>{{"", "", true}});
  CHECK(s.rib.at("10.0.0.1/32").protocol == "connected");
  CHECK(s.rib.at("10.0.0.1/32").next_hops == std::set<LabNextHop>{{"", "lo", false}});
  CHECK(s.rib.at("10.0.0.2/32").next_hops.size() == 2);
  CHECK(s.rib.at("10.9.0.0/16").protocol == "ospf-ia");
  const LabRoute& ibgp = s.rib.at("198.51.100.0/24");
  CHECK(ibgp.protocol == "ibgp");
  CHECK(ibgp.via == std::set<std::string>{"10.0.0.11"});
  CHECK(ibgp.next_hops == std::set<LabNextHop>{{"172.16.1.2", "eth0", false}});
  CHECK(s.rib.at("203.0.113.0/24").protocol == "bgp");
  CHECK(s.rib.at("192.168.0.0/16").next_hops == std::set<LabNextHop>{{"", "", true}});
  REQUIRE(s.older_path_candidates.count("203.0.113.0/24") == 1);
  CHECK(s.older_path_candidates.at("203.0.113.0/24").size() == 2);
}

TEST_CASE("an unnumbered (IPv6 link-local) next hop is read as its interface") {
  const json routes = json::parse(R"({"10.0.0.2/32": [
    {"protocol": "bgp", "selected": true, "installed": true, "distance": 20, "nexthops": [
      {"ip": "fe80::30da:87ff:fe0f:4054", "afi": "ipv6", "interfaceName": "eth-s1", "active": true, "fib": true},
      {"ip": "fe80::b0e1:85ff:fea6:1611", "afi": "ipv6", "interfaceName": "eth-s2", "active": true, "fib": true}]}]})");
  FrrRouterState s = frrRouterState(routes, json::object(), json::object());
  CHECK(s.rib.at("10.0.0.2/32").next_hops ==
        std::set<LabNextHop>{{"", "eth-s1", false}, {"", "eth-s2", false}});
}

TEST_CASE("IPv6 routes join the table; link-local subnets are left out, link-local next hops kept") {
  FrrRouterState s = frrRouterState(json::object(), json::object(), json::object());
  addFrrIpv6Routes(s, json::parse(R"({
    "fe80::/64": [{"protocol": "connected", "selected": true, "nexthops": [
      {"directlyConnected": true, "interfaceName": "eth0", "active": true}]}],
    "2001:db8:12::/64": [{"protocol": "connected", "selected": true, "distance": 0, "nexthops": [
      {"directlyConnected": true, "interfaceName": "eth0", "active": true}]}],
    "2001:db8:200::/48": [{"protocol": "static", "selected": true, "distance": 1, "nexthops": [
      {"ip": "fe80::2", "afi": "ipv6", "interfaceName": "eth0", "active": true}]}],
    "2001:db8:100::/48": [
      {"protocol": "static", "distance": 200, "nexthops": [{"ip": "2001:db8:12::2", "interfaceName": "eth0"}]},
      {"protocol": "static", "selected": true, "distance": 1, "nexthops": [
        {"ip": "2001:db8:ff::2", "afi": "ipv6", "recursive": true, "active": true},
        {"ip": "2001:db8:12::2", "afi": "ipv6", "interfaceName": "eth0", "resolver": true, "active": true}]}]})"));
  CHECK_FALSE(s.rib.count("fe80::/64"));
  CHECK(s.rib.at("2001:db8:200::/48").next_hops == std::set<LabNextHop>{{"fe80::2", "eth0", false}});
  CHECK(s.rib.at("2001:db8:100::/48").distance == 1);
  CHECK(s.rib.at("2001:db8:100::/48").via == std::set<std::string>{"2001:db8:ff::2"});

  json doc = json::parse(R"({"nodes": {"r1": {"ipv6_routes": [
    {"prefix": "2001:db8:12::/64", "protocol": "connected", "admin_distance": 0, "next_hops": [{"ip": null, "interface": "eth0"}]},
    {"prefix": "2001:db8:12::1/128", "protocol": "local", "next_hops": [{"interface": "eth0"}]},
    {"prefix": "2001:db8:200::/48", "protocol": "static", "admin_distance": 1, "next_hops": [{"ip": "fe80::2", "interface": "eth0"}]},
    {"prefix": "2001:db8:100::/48", "protocol": "static", "admin_distance": 1, "next_hops": [{"ip": "2001:db8:12::2", "interface": "eth0"}]}],
    "routes": []}}})");
  ComparisonReport rep = compareRibs({{"r1", s}}, parseRoutefixRoutes(doc), {});
  CHECK(rep.total() == 3);
  CHECK(rep.matched() == 3);
}

TEST_CASE("IPv6 BGP routes: refined by show bgp ipv6 unicast json, link-local next hops by interface") {
  // Shaped as FRR 8.4 writes them (lab scenario mpbgp-ipv6-over-ipv4, r3): an iBGP route whose
  // sender added its link-local address (installed over it), and one with the global only.
  FrrRouterState s = frrRouterState(json::object(), json::object(), json::object());
  addFrrIpv6Routes(s, json::parse(R"({
    "2001:db8:a4::/64": [{"protocol": "bgp", "selected": true, "distance": 200, "metric": 0, "nexthops": [
      {"fib": true, "ip": "fe80::b853:97ff:fe67:a4a8", "afi": "ipv6", "interfaceName": "eth-r4", "active": true}]}],
    "2001:db8:a1::/64": [{"protocol": "bgp", "selected": true, "distance": 200, "metric": 0, "nexthops": [
      {"fib": true, "ip": "2001:db8:23::2", "afi": "ipv6", "interfaceName": "eth-r2", "active": true}]}]})"),
                   json::parse(R"({"routes": {
    "2001:db8:a4::/64": [{"valid": true, "bestpath": true, "pathFrom": "internal", "peerId": "10.34.0.4",
      "path": "", "nexthops": [{"ip": "2001:db8:34::4", "afi": "ipv6", "scope": "global"},
                               {"ip": "fe80::b853:97ff:fe67:a4a8", "afi": "ipv6", "scope": "link-local", "used": true}]}],
    "2001:db8:a1::/64": [{"valid": true, "bestpath": true, "pathFrom": "internal", "peerId": "10.23.0.2",
      "path": "65001", "nexthops": [{"ip": "2001:db8:23::2", "afi": "ipv6", "scope": "global", "used": true}]}]}})"));
  const LabRoute& viaLinkLocal = s.rib.at("2001:db8:a4::/64");
  CHECK(viaLinkLocal.protocol == "ibgp");
  CHECK(viaLinkLocal.next_hops == std::set<LabNextHop>{{"", "eth-r4", false}});
  CHECK(viaLinkLocal.bgp_next_hops == std::set<std::string>{"2001:db8:34::4"});
  CHECK(viaLinkLocal.as_path == std::vector<int64_t>{});
  CHECK(s.rib.at("2001:db8:a1::/64").next_hops == std::set<LabNextHop>{{"2001:db8:23::2", "eth-r2", false}});
  CHECK(s.rib.at("2001:db8:a1::/64").as_path == std::vector<int64_t>{65001});

  json doc = json::parse(R"({"nodes": {"r3": {"routes": [], "ipv6_routes": [
    {"prefix": "2001:db8:a4::/64", "protocol": "ibgp", "admin_distance": 200, "as_path": [],
     "next_hops": [{"ip": null, "interface": "eth-r4", "node": "r4"}],
     "protocol_next_hops": [{"ip": "2001:db8:34::4", "node": "r4"}]},
    {"prefix": "2001:db8:a1::/64", "protocol": "ibgp", "admin_distance": 200, "as_path": [65001],
     "next_hops": [{"ip": "2001:db8:23::2", "interface": "eth-r2", "node": "r2"}],
     "protocol_next_hops": [{"ip": "2001:db8:23::3", "node": "r2"}]}]}}})");
  ComparisonReport rep = compareRibs({{"r3", s}}, parseRoutefixRoutes(doc), {});
  CHECK(rep.total() == 2);
  CHECK(rep.matched() == 1);  // a planted other BGP next hop on 2001:db8:a1::/64 is a mismatch
}

TEST_CASE("OSPFv3 routes: typed by show ipv6 ospf6 route json, link-local next hops by interface, costs compared") {
  // Shaped as FRR 8.4 writes them (lab scenario ospf6-ibgp6-route-reflection, c1): ospf6d says
  // "IA" for intra-area and "IE" for inter-area.
  FrrRouterState s = frrRouterState(json::object(), json::object(), json::object());
  addFrrIpv6Routes(s, json::parse(R"({
    "2001:db8:ff::1/128": [{"protocol": "ospf6", "selected": true, "distance": 110, "metric": 20, "nexthops": [
      {"fib": true, "ip": "fe80::10c4:f1ff:fe83:4cbf", "afi": "ipv6", "interfaceName": "eth-rr", "active": true}]}],
    "2001:db8:ff::13/128": [{"protocol": "ospf6", "selected": true, "distance": 110, "metric": 27, "nexthops": [
      {"fib": true, "ip": "fe80::10c4:f1ff:fe83:4cbf", "afi": "ipv6", "interfaceName": "eth-rr", "active": true}]}],
    "2001:db8:21::/64": [{"protocol": "ospf6", "selected": true, "distance": 110, "metric": 20, "nexthops": [
      {"fib": true, "ip": "fe80::10c4:f1ff:fe83:4cbf", "afi": "ipv6", "interfaceName": "eth-rr", "active": true}]}]})"),
                   json::object(), json::parse(R"({"routes": {
    "2001:db8:ff::1/128": {"isBestRoute": true, "destinationType": "N", "pathType": "IA"},
    "2001:db8:ff::13/128": {"isBestRoute": true, "destinationType": "N", "pathType": "IE"},
    "2001:db8:21::/64": {"isBestRoute": true, "destinationType": "N", "pathType": "E2"}}})"));
  CHECK(s.rib.at("2001:db8:ff::1/128").protocol == "ospf");
  CHECK(s.rib.at("2001:db8:ff::13/128").protocol == "ospf-ia");
  CHECK(s.rib.at("2001:db8:21::/64").protocol == "ospf-e2");
  CHECK(s.rib.at("2001:db8:ff::1/128").next_hops == std::set<LabNextHop>{{"", "eth-rr", false}});

  json doc = json::parse(R"({"nodes": {"c1": {"routes": [], "ipv6_routes": [
    {"prefix": "2001:db8:ff::1/128", "protocol": "ospf", "admin_distance": 110, "metric": 10,
     "next_hops": [{"ip": null, "interface": "eth-rr", "node": "rr"}]},
    {"prefix": "2001:db8:ff::13/128", "protocol": "ospf-ia", "admin_distance": 110, "metric": 27,
     "next_hops": [{"ip": null, "interface": "eth-rr", "node": "rr"}]},
    {"prefix": "2001:db8:21::/64", "protocol": "ospf-e2", "admin_distance": 110, "metric": 20,
     "next_hops": [{"ip": null, "interface": "eth-rr", "node": "rr"}]}]}}})");
  ComparisonReport rep = compareRibs({{"c1", s}}, parseRoutefixRoutes(doc), {});
  CHECK(rep.total() == 3);
  CHECK(rep.matched() == 2);  // the loopback's planted cost 10 (FRR: 20) is a mismatch
}

TEST_CASE("identical RIBs match; each kind of difference is named") {
  FrrRibs frr{{"r1", frrRouterState(kRouteJson, kBgpJson, kOspfRouteJson)}};
  json same = json::parse(R"([
    {"prefix": "10.0.0.1/32", "protocol": "connected", "next_hops": [{"interface": "lo"}]},
    {"prefix": "10.0.0.1/32", "protocol": "local", "next_hops": [{"interface": "lo"}]},
    {"prefix": "10.0.0.2/32", "protocol": "ospf", "admin_distance": 110, "metric": 10, "next_hops": [
      {"ip": "172.16.2.2", "interface": "eth1", "node": "r3"}, {"ip": "172.16.1.2", "interface": "eth0"}]},
    {"prefix": "10.9.0.0/16", "protocol": "ospf-ia", "next_hops": [{"ip": "172.16.1.2", "interface": "eth0"}]},
    {"prefix": "198.51.100.0/24", "protocol": "ibgp", "next_hops": [{"ip": "10.0.0.11", "interface": "eth0"}]},
    {"prefix": "203.0.113.0/24", "protocol": "bgp", "next_hops": [{"ip": "192.0.2.2", "interface": "eth2"}]},
    {"prefix": "192.168.0.0/16", "protocol": "static", "next_hops": [{"interface": "Null0", "discard": true}]},
    {"prefix": "10.10.0.0/16", "protocol": "aggregate", "next_hops": [{"discard": true}]}
  ])");
  SUBCASE("all equal (local routes ignored, recursive next hop accepted)") {
    RoutefixRibs rf = parseRoutefixRoutes(routefixDoc(same));
    ComparisonReport rep = compareRibs(frr, rf, {});
    CHECK(rep.total() == 7);
    CHECK(rep.matched() == 7);
    CHECK(rep.unexplainedMismatches() == 0);
  }
  SUBCASE("wrong protocol, lost ECMP branch, missing and extra routes") {
    json changed = same;
    changed[3]["protocol"] = "ospf";                 // IA reported as intra-area
    changed[2]["next_hops"].erase(1);                // one ECMP next hop lost
    changed.erase(6);                                // static blackhole missing
    changed.push_back({{"prefix", "10.77.0.0/24"}, {"protocol", "bgp"}, {"next_hops", json::array()}});
    RoutefixRibs rf = parseRoutefixRoutes(routefixDoc(changed));
    ComparisonReport rep = compareRibs(frr, rf, {});
    CHECK(rep.total() == 8);
    CHECK(rep.matched() == 4);
    CHECK(rep.unexplainedMismatches() == 4);
    std::string text = formatReport(rep);
    CHECK(text.find("MISMATCH r1 10.9.0.0/16: protocol: FRR ospf-ia") != std::string::npos);
    CHECK(text.find("MISMATCH r1 10.0.0.2/32: next hops") != std::string::npos);
    CHECK(text.find("MISSING r1 192.168.0.0/16") != std::string::npos);
    CHECK(text.find("EXTRA r1 10.77.0.0/24") != std::string::npos);
    SUBCASE("a documented limitation is reported but not counted") {
      auto known = parseKnownMismatches(json::parse(
          R"({"known": [{"router": "*", "prefix": "192.168.0.0/16", "reason": "test"}]})"));
      ComparisonReport withKnown = compareRibs(frr, rf, known);
      CHECK(withKnown.unexplainedMismatches() == 3);
      CHECK(formatReport(withKnown).find("KNOWN r1 192.168.0.0/16: known limitation (test)") !=
            std::string::npos);
    }
  }
  SUBCASE("a different OSPF cost or administrative distance is a mismatch") {
    json costly = same;
    costly[2]["metric"] = 11;
    costly[2]["admin_distance"] = 115;
    ComparisonReport rep = compareRibs(frr, parseRoutefixRoutes(routefixDoc(costly)), {});
    CHECK(rep.unexplainedMismatches() == 1);
    CHECK(formatReport(rep).find("MISMATCH r1 10.0.0.2/32: distance 110 vs 115, metric 10 vs 11") !=
          std::string::npos);
  }
  SUBCASE("Older Path: another tied path is accepted, an untied one is not") {
    json tie = same;
    tie[5]["next_hops"] = json::parse(R"([{"ip": "192.0.2.6", "interface": "eth3"}])");
    ComparisonReport rep = compareRibs(frr, parseRoutefixRoutes(routefixDoc(tie)), {});
    CHECK(rep.matched() == 7);
    CHECK(formatReport(rep).find("OLDER-PATH-TIE r1 203.0.113.0/24") != std::string::npos);
    tie[5]["next_hops"] = json::parse(R"([{"ip": "192.0.2.10", "interface": "eth4"}])");
    CHECK(compareRibs(frr, parseRoutefixRoutes(routefixDoc(tie)), {}).unexplainedMismatches() == 1);
  }
}

TEST_CASE("BGP routes compare the chosen paths' BGP next hops and AS path") {
  const json routes = json::parse(R"({
    "10.20.0.0/16": [{"protocol": "bgp", "selected": true, "installed": true, "distance": 200, "nexthops": [
      {"ip": "10.0.0.11", "active": true, "recursive": true},
      {"ip": "172.16.1.2", "interfaceName": "eth0", "active": true, "fib": true, "resolver": true}]}],
    "10.30.0.0/24": [{"protocol": "bgp", "selected": true, "installed": true, "distance": 20, "nexthops": [
      {"ip": "fe80::30da:87ff:fe0f:4054", "afi": "ipv6", "interfaceName": "eth-s1", "active": true, "fib": true}]}]
  })");
  const json bgp = json::parse(R"json({"routes": {
    "10.20.0.0/16": [
      {"valid": true, "multipath": true, "pathFrom": "internal", "path": "(65001) 65020 {65030,65031}",
       "nexthops": [{"ip": "10.0.0.12", "afi": "ipv4", "used": true}]},
      {"valid": true, "pathFrom": "internal", "path": "65040", "nexthops": [{"ip": "10.0.0.13", "afi": "ipv4"}]},
      {"valid": true, "bestpath": true, "multipath": true, "selectionReason": "Router ID",
       "pathFrom": "internal", "path": "(65001) 65020 {65030,65031}",
       "nexthops": [{"ip": "10.0.0.11", "afi": "ipv4", "used": true}]}],
    "10.30.0.0/24": [{"valid": true, "bestpath": true, "pathFrom": "external", "path": "65030",
       "nexthops": [{"ip": "fe80::30da:87ff:fe0f:4054", "afi": "ipv6", "scope": "link-local", "used": true}]}]
  }})json");
  FrrRibs frr{{"r1", frrRouterState(routes, bgp, json::object())}};
  const LabRoute& ibgp = frr.at("r1").rib.at("10.20.0.0/16");
  CHECK(ibgp.bgp_next_hops == std::set<std::string>{"10.0.0.11", "10.0.0.12"});
  CHECK(ibgp.as_path == std::vector<int64_t>{65001, 65020, 65030, 65031});
  CHECK(frr.at("r1").rib.at("10.30.0.0/24").bgp_next_hops == std::set<std::string>{""});

  json same = json::parse(R"([
    {"prefix": "10.20.0.0/16", "protocol": "ibgp", "admin_distance": 200, "as_path": [65001, 65020, 65030, 65031],
     "next_hops": [{"ip": "172.16.1.2", "interface": "eth0"}],
     "protocol_next_hops": [{"ip": "10.0.0.11", "node": "r11"}, {"ip": "10.0.0.12", "node": "r12"}]},
    {"prefix": "10.30.0.0/24", "protocol": "bgp", "admin_distance": 20, "as_path": [65030],
     "next_hops": [{"ip": null, "interface": "eth-s1", "node": "s1"}]}
  ])");
  SUBCASE("the same paths match") {
    ComparisonReport rep = compareRibs(frr, parseRoutefixRoutes(routefixDoc(same)), {});
    CHECK(rep.matched() == 2);
    CHECK(rep.unexplainedMismatches() == 0);
  }
  SUBCASE("the same forwarding over another BGP next hop is a mismatch") {
    json other = same;
    other[0]["protocol_next_hops"] = json::parse(R"([{"ip": "10.0.0.13", "node": "r13"}])");
    RoutefixRibs rf = parseRoutefixRoutes(routefixDoc(other));  // the report points into it
    ComparisonReport rep = compareRibs(frr, rf, {});
    CHECK(rep.unexplainedMismatches() == 1);
    CHECK(formatReport(rep).find("MISMATCH r1 10.20.0.0/16: BGP next hop {10.0.0.11, 10.0.0.12} vs {10.0.0.13}") !=
          std::string::npos);
    CHECK(reportToJson(rep)["routes"][0]["routefix"]["bgp_next_hops"] == json::array({"10.0.0.13"}));
  }
  SUBCASE("another AS path is a mismatch; a side that gives none is not compared") {
    json other = same;
    other[1]["as_path"] = json::array({65031});
    RoutefixRibs rf = parseRoutefixRoutes(routefixDoc(other));
    ComparisonReport rep = compareRibs(frr, rf, {});
    CHECK(rep.unexplainedMismatches() == 1);
    CHECK(formatReport(rep).find("MISMATCH r1 10.30.0.0/24: AS path [65030] vs [65031]") != std::string::npos);
    other[1].erase("as_path");
    CHECK(compareRibs(frr, parseRoutefixRoutes(routefixDoc(other)), {}).unexplainedMismatches() == 0);
  }
}

TEST_CASE("routefix output without nodes is rejected") {
  CHECK_THROWS_AS(parseRoutefixRoutes(json::parse(R"({"routes": []})")), std::runtime_error);
}

TEST_CASE("VRF tables: routefix's nodes.X.vrfs.V and the dump's <router>/vrf-<V>/ compare as 'X vrf V'") {
  json doc = json::parse(R"({"nodes": {"pe1": {
    "routes": [{"prefix": "10.0.0.1/32", "protocol": "connected", "next_hops": [{"interface": "lo"}]}],
    "vrfs": {"RED": {"routes": [
      {"prefix": "192.168.1.0/30", "protocol": "connected", "next_hops": [{"interface": "eth-ce"}]}]}}}}})");
  auto sim = parseRoutefixRoutes(doc);
  REQUIRE(sim.count("pe1 vrf RED"));
  CHECK(sim["pe1 vrf RED"].count("192.168.1.0/30"));
  CHECK_FALSE(sim["pe1"].count("192.168.1.0/30"));
  CHECK(vrfTableName("pe1", "RED") == "pe1 vrf RED");

  auto dir = std::filesystem::temp_directory_path() / ("rib-compare-vrf-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "pe1" / "vrf-RED");
  std::ofstream(dir / "pe1" / "route.json") << R"({"10.0.0.1/32": [{"protocol": "connected", "selected": true,
    "nexthops": [{"directlyConnected": true, "interfaceName": "lo", "active": true}]}]})";
  std::ofstream(dir / "pe1" / "vrf-RED" / "route.json") << R"({"192.168.1.0/30": [{"protocol": "connected",
    "selected": true, "vrfName": "RED", "nexthops": [{"directlyConnected": true, "interfaceName": "eth-ce", "active": true}]}]})";
  auto frr = loadFrrDump(dir);
  std::filesystem::remove_all(dir);
  REQUIRE(frr.count("pe1 vrf RED"));
  auto report = compareRibs(frr, sim, {});
  CHECK(report.total() == 2);
  CHECK(report.unexplainedMismatches() == 0);
  // A VRF route only one side has is a mismatch of that VRF's table.
  doc["nodes"]["pe1"]["vrfs"]["RED"]["routes"].push_back(
      {{"prefix", "203.0.113.2/32"}, {"protocol", "ibgp"}, {"next_hops", json::array()}});
  auto extra = parseRoutefixRoutes(doc);
  auto withExtra = compareRibs(frr, extra, {});
  REQUIRE(withExtra.unexplainedMismatches() == 1);
}
