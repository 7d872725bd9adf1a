// Simulation parity: a snapshot with Junos routers (j1 hierarchical, j2 set form) next to
// FRR routers must compute the same routes as the same network with j1 and j2 rendered in
// FRR syntax. Admin distances and OSPF metrics are left out of the comparison: they are
// vendor defaults (Junos OSPF 10 vs 110, BGP 170 vs 20/200, lo0 metric 0) that the
// configurations cannot make equal; every path choice is compared.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>

#include "tests/e2e/route_parity.h"
#include "tests/e2e/run_routefix.h"

using routefix::e2e::runRoutefix;
using nlohmann::json;

namespace {

const std::string kMixed = "tests/data/junos/parity/mixed";
const std::string kFrr = "tests/data/junos/parity/frr";

// node -> prefix -> one line describing the installed route without vendor-only numbers.
routefix::e2e::ComparableRoutes comparableRoutes(const json& routes) {
  routefix::e2e::ComparableRoutes out;
  for (const auto& [node, rib] : routes.at("nodes").items()) {
    for (const auto& r : rib.at("routes")) {
      std::string protocol = r.at("protocol").get<std::string>();
      if (protocol == "local") continue;  // Junos lists its own addresses as /32 local routes
      std::set<std::string> hops;
      for (const auto& h : r.value("next_hops", json::array()))
        hops.insert((h.at("ip").is_string() ? h.at("ip").get<std::string>() : "-") + "@" +
                    h.value("node", std::string("-")) +
                    (h.value("discard", false) ? "/discard" : ""));
      std::string line = protocol + " via";
      for (const auto& h : hops) line += " " + h;
      if (r.contains("as_path")) line += " as_path=" + r.at("as_path").dump();
      if (r.contains("local_pref")) line += " lp=" + r.at("local_pref").dump();
      if (r.contains("communities")) line += " comm=" + r.at("communities").dump();
      out[node][r.at("prefix").get<std::string>()] = line;
    }
  }
  return out;
}

json routesOf(const std::string& snapshot) {
  auto r = runRoutefix({"routes", snapshot, "--format", "json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return r.json();
}

}  // namespace

TEST_CASE("the mixed Junos + FRR snapshot parses without warnings") {
  auto r = runRoutefix({"parse", kMixed, "--format", "json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  auto j = r.json();
  std::map<std::string, std::string> vendors;
  for (const auto& d : j.at("devices")) vendors[d.at("name")] = d.at("vendor");
  CHECK(vendors == std::map<std::string, std::string>{{"f3", "frr"}, {"f4", "frr"}, {"j1", "junos"}, {"j2", "junos"}});
  for (const auto& w : j.at("warnings")) MESSAGE(w.dump());
  CHECK(j.at("warnings").empty());
}

TEST_CASE("Junos routers and their FRR rendering compute the same routes") {
  auto mixed = comparableRoutes(routesOf(kMixed));
  auto frr = comparableRoutes(routesOf(kFrr));
  REQUIRE(mixed.size() == 4);
  routefix::e2e::checkSameRoutes(frr, mixed);
}

TEST_CASE("Junos semantics the parity example exercises") {
  auto j = routesOf(kMixed);
  auto find = [&](const std::string& node, const std::string& prefix) -> json {
    for (const auto& r : j.at("nodes").at(node).at("routes"))
      if (r.at("prefix") == prefix) return r;
    return json();
  };
  // j1's import policy: local-preference 200 for isp-a's customers; j2 prefers it over f3.
  auto google = find("j2", "8.8.8.0/24");
  REQUIRE_FALSE(google.is_null());
  CHECK(google.at("local_pref") == 200);
  CHECK(google.at("next_hops")[0].at("node") == "j1");
  CHECK(find("j1", "8.8.8.0/24").at("admin_distance") == 170);  // Junos BGP preference
  // j2's export policy to f4: the direct LAN route and BGP routes, with Junos sending
  // communities by default.
  auto lan = find("f4", "10.50.0.0/24");
  REQUIRE_FALSE(lan.is_null());
  CHECK(lan.at("as_path") == json::array({65001}));
  CHECK(find("f4", "8.8.8.0/24").at("communities") == json::array({"64500:100"}));
  // The static route j2 exports into OSPF, with the policy's metric.
  auto statics = find("f3", "10.60.0.0/16");
  REQUIRE_FALSE(statics.is_null());
  CHECK(statics.at("protocol") == "ospf-e2");
  CHECK(statics.at("metric") == 20);
  // f4's site enters AS 65001 only through j2's import policy, tagged with its community.
  CHECK(find("j1", "172.16.4.0/24").at("communities") == json::array({"65001:4"}));
}
