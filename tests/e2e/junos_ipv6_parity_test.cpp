// IPv6 parity between Junos and FRR (issue 16): two FRR lab scenarios whose routes real FRR
// 8.4 confirmed (the lab test pins routefix's result on them) with one or two routers written
// again by hand in Junos syntax must give the same IPv6 routes at every router: prefixes,
// protocols, next hops (address and node), protocol next hops, AS paths and MEDs.
//   bgp6-ebgp-chain-policy: r1 (set form) and r2 (hierarchical) in Junos. FRR `network` and
//     `redistribute connected route-map` become export policies of direct and static routes;
//     the `ipv6 prefix-list`s become IPv6 route-filters and prefix-lists; r2's import clause
//     on an IPv4 prefix-list becomes a prefix-list-filter on an IPv4 list, which no IPv6 route
//     meets, as in FRR.
//   dual-stack-statics: r3 in Junos (`rib inet6.0` static routes, one resolved over another).
//   ospf6-ibgp6-route-reflection: c3 in Junos (`protocols ospf3` in area 1 behind the ABR rr,
//     iBGP IPv6 between loopbacks, eBGP to ext2): OSPFv3 intra/inter-area/E2 routes and the
//     BGP routes resolved over them.
// Interface names differ (ge-0/0/0.0 for eth-r2), and so do the route preferences the
// configurations cannot make equal (Juniper defaults: static 5, BGP 170 for eBGP and iBGP;
// FRR: static 1, eBGP 20): they are checked apart, at the Junos routers only. Last, Junos's
// family-blind `then next-hop self` on IPv6 routes sent over iBGP (ibgp-next-hop-self).
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "tests/e2e/route_parity.h"
#include "tests/e2e/run_routefix.h"

using routefix::e2e::runRoutefix;
using nlohmann::json;

namespace {

struct Pair {
  std::string frr;    // the lab scenario, FRR everywhere
  std::string mixed;  // the same network with some routers in Junos
  std::set<std::string> junos;
  std::set<std::string> copied;  // FRR configs the mixed snapshot takes unchanged
};

const Pair kBgp{"tests/lab/scenarios/bgp6-ebgp-chain-policy", "tests/data/junos/ipv6/bgp6-chain-mixed",
                {"r1", "r2"}, {"r3"}};
const Pair kStatics{"tests/lab/scenarios/dual-stack-statics", "tests/data/junos/ipv6/statics-mixed",
                    {"r3"}, {"r1", "r2"}};
const Pair kOspf6{"tests/lab/scenarios/ospf6-ibgp6-route-reflection", "tests/data/junos/ipv6/ospf6-rr-mixed",
                  {"c3"}, {"c1", "c2", "ext1", "ext2", "rr"}};

json routesOf(const std::string& snapshot) {
  auto r = runRoutefix({"routes", snapshot, "--format", "json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return r.json();
}

std::string hopText(const json& h) {
  return (h.at("ip").is_string() ? h.at("ip").get<std::string>() : "-") + "@" + h.value("node", std::string("-")) +
         (h.value("discard", false) ? "/discard" : "");
}

// node -> prefix -> the IPv6 route without interface names and preferences.
routefix::e2e::ComparableRoutes comparableIpv6Routes(const json& routes) {
  routefix::e2e::ComparableRoutes out;
  for (const auto& [node, rib] : routes.at("nodes").items()) {
    for (const auto& r : rib.value("ipv6_routes", json::array())) {
      std::string protocol = r.at("protocol").get<std::string>();
      if (protocol == "local") continue;  // Junos lists its own addresses as /128 local routes
      std::set<std::string> hops, protocolHops;
      for (const auto& h : r.at("next_hops")) hops.insert(hopText(h));
      for (const auto& h : r.value("protocol_next_hops", json::array())) protocolHops.insert(hopText(h));
      std::string line = protocol + " via";
      for (const auto& h : hops) line += " " + h;
      if (!protocolHops.empty()) line += " learned-via";
      for (const auto& h : protocolHops) line += " " + h;
      line += " as_path=" + r.at("as_path").dump() + " med=" + r.at("metric").dump();
      out[node][r.at("prefix").get<std::string>()] = line;
    }
  }
  return out;
}

std::string readFile(const std::string& rel) {
  std::ifstream in(std::string(ROUTEFIX_SOURCE_DIR) + "/" + rel);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void checkParses(const Pair& p) {
  auto r = runRoutefix({"parse", p.mixed, "--format", "json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  auto j = r.json();
  for (const auto& d : j.at("devices")) {
    std::string name = d.at("name");
    CHECK(d.at("vendor") == (p.junos.count(name) ? "junos" : "frr"));
  }
  for (const auto& w : j.at("warnings")) MESSAGE(w.dump());
  CHECK(j.at("warnings").empty());
  for (const auto& name : p.copied) {
    INFO(name << ".conf is the lab scenario's, unchanged");
    CHECK(readFile(p.mixed + "/configs/" + name + ".conf") == readFile(p.frr + "/configs/" + name + ".conf"));
  }
}

void checkSameRoutes(const Pair& p) {
  auto frr = comparableIpv6Routes(routesOf(p.frr));
  auto mixed = comparableIpv6Routes(routesOf(p.mixed));
  REQUIRE(frr.size() == p.junos.size() + p.copied.size());
  REQUIRE(mixed.size() == frr.size());
  routefix::e2e::checkSameRoutes(frr, mixed);
}

}  // namespace

TEST_CASE("the mixed IPv6 snapshots parse without warnings, their FRR routers unchanged") {
  checkParses(kBgp);
  checkParses(kStatics);
  checkParses(kOspf6);
}

TEST_CASE("BGP IPv6 with Junos r1 and r2: the routes of the all-FRR lab scenario") { checkSameRoutes(kBgp); }

TEST_CASE("IPv6 static routes with a Junos r3: the routes of the all-FRR lab scenario") { checkSameRoutes(kStatics); }

TEST_CASE("OSPFv3 and iBGP IPv6 with a Junos c3: the routes of the all-FRR lab scenario") {
  checkSameRoutes(kOspf6);
  // c3's OSPFv3 routes carry Junos preferences (10 internal, 150 external).
  auto j = routesOf(kOspf6.mixed);
  int ospf = 0;
  for (const auto& r : j.at("nodes").at("c3").at("ipv6_routes")) {
    std::string protocol = r.at("protocol");
    if (protocol.rfind("ospf", 0) != 0) continue;
    ++ospf;
    CHECK(r.at("admin_distance") == (protocol == "ospf-e2" ? 150 : 10));
  }
  CHECK(ospf > 0);
}

TEST_CASE("the Junos routers' IPv6 routes carry Junos preferences") {
  auto j = routesOf(kBgp.mixed);
  int bgp = 0;
  for (const auto& node : {"r1", "r2"})
    for (const auto& r : j.at("nodes").at(node).at("ipv6_routes")) {
      if (r.at("protocol") == "bgp") {
        ++bgp;
        CHECK(r.at("admin_distance") == 170);
      }
      if (r.at("protocol") == "static") CHECK(r.at("admin_distance") == 5);
    }
  CHECK(bgp == 7);  // r1: three learned routes; r2: four
  // r3 (FRR) learns r2's LAN routes with r2's export-policy MED, as from FRR's route-map.
  for (const auto& r : j.at("nodes").at("r3").at("ipv6_routes"))
    if (r.at("prefix") == "2001:db8:a1::/64") CHECK(r.at("metric") == 50);
  auto s = routesOf(kStatics.mixed);
  for (const auto& r : s.at("nodes").at("r3").at("ipv6_routes"))
    if (r.at("prefix") == "::/0") CHECK(r.at("admin_distance") == 5);
}

TEST_CASE("Junos `then next-hop self` rewrites the next hop of IPv6 routes sent over iBGP") {
  // f0 (FRR, AS 65000) - j2 - j1 (Junos, AS 65001, iBGP over the j1-j2 link). Without the
  // export policy j1 would get f0's address on the f0-j2 link as next hop, which it cannot
  // resolve (no route to it): the route would not be installed.
  auto j = routesOf("tests/data/junos/ipv6/ibgp-next-hop-self");
  json route;
  for (const auto& r : j.at("nodes").at("j1").at("ipv6_routes"))
    if (r.at("prefix") == "2001:db8:f0::/48") route = r;
  REQUIRE_FALSE(route.is_null());
  CHECK(route.at("protocol") == "ibgp");
  CHECK(route.at("as_path") == json::array({65000}));
  CHECK(route.at("protocol_next_hops") == json::parse(R"([{"ip": "2001:db8:b::2", "node": "j2"}])"));
  CHECK(route.at("next_hops").at(0).at("node") == "j2");
}
