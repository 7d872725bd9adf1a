// End-to-end: `routefix routes` on small FRR snapshots under tests/data/sim/.
#include <doctest/doctest.h>

#include "tests/e2e/run_routefix.h"

using routefix::e2e::runRoutefix;

namespace {

const nlohmann::json* findRoute(const nlohmann::json& out, const std::string& node, const std::string& prefix) {
  for (const auto& r : out["nodes"][node]["routes"])
    if (r["prefix"] == prefix) return &r;
  return nullptr;
}
// The result points into `out`: a temporary would leave it dangling.
const nlohmann::json* findRoute(nlohmann::json&&, const std::string&, const std::string&) = delete;

}  // namespace

TEST_CASE("routes: eBGP chain with import local-pref, JSON per spec") {
  auto res = runRoutefix({"routes", "tests/data/sim/ebgp-chain", "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  REQUIRE(out["nodes"].contains("r3"));
  const auto* r = findRoute(out, "r3", "10.1.0.0/24");
  REQUIRE(r);
  CHECK((*r)["protocol"] == "bgp");
  CHECK((*r)["admin_distance"] == 20);
  CHECK((*r)["as_path"] == nlohmann::json::array({65002, 65001}));
  CHECK((*r)["local_pref"] == 150);
  REQUIRE((*r)["next_hops"].size() == 1);
  CHECK((*r)["next_hops"][0]["ip"] == "10.0.23.1");
  CHECK((*r)["next_hops"][0]["interface"] == "eth0");
  CHECK((*r)["next_hops"][0]["node"] == "r2");
  CHECK((*r)["communities"].is_array());
  // r1 keeps its own LAN as connected; FRR lists no /32 local routes.
  const auto* own = findRoute(out, "r1", "10.1.0.0/24");
  REQUIRE(own);
  CHECK((*own)["protocol"] == "connected");
  CHECK(findRoute(out, "r1", "10.1.0.1/32") == nullptr);
  // ebgp-requires-policy: r3 -> r4 has no route-map, so r4 learns nothing over BGP.
  CHECK(findRoute(out, "r4", "10.1.0.0/24") == nullptr);
}

TEST_CASE("routes: a next hop a route-map keeps passes next-hop-self and eBGP's next hop to self") {
  // The FRR lab scenario (tests/lab runs it on real FRR): see its README.
  auto res = runRoutefix({"routes", "tests/lab/scenarios/nexthop-policy", "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  auto bgpNextHop = [&](const std::string& node, const std::string& prefix) -> std::string {
    const auto* r = findRoute(out, node, prefix);
    if (!r || !r->contains("protocol_next_hops")) return "";
    return (*r)["protocol_next_hops"][0]["ip"];
  };
  CHECK(bgpNextHop("r3", "172.16.1.1/32") == "192.168.1.1");  // r2's import: unchanged
  CHECK(bgpNextHop("r3", "172.16.1.2/32") == "10.0.0.2");     // next-hop-self
  CHECK(bgpNextHop("r4", "172.16.1.2/32") == "10.0.0.2");     // r3's export: unchanged
  const auto* viaR3 = findRoute(out, "r4", "172.16.1.1/32");
  REQUIRE(viaR3);
  CHECK((*viaR3)["next_hops"][0]["ip"] == "10.0.34.3");
}

TEST_CASE("routes: --node, --protocol and --prefix filter") {
  auto res = runRoutefix({"routes", "tests/data/sim/ebgp-chain", "--node", "R3", "--protocol", "bgp",
                          "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  CHECK(out["nodes"].size() == 1);
  for (const auto& r : out["nodes"]["r3"]["routes"]) CHECK(r["protocol"] == "bgp");
  CHECK(out["nodes"]["r3"]["routes"].size() == 1);

  auto byPrefix = runRoutefix({"routes", "tests/data/sim/ebgp-chain", "--prefix", "10.0.12.0/30",
                               "--format", "json"});
  REQUIRE(byPrefix.exit_code == 0);
  auto p = byPrefix.json();
  REQUIRE(p["nodes"]["r1"]["routes"].size() == 1);
  CHECK(p["nodes"]["r1"]["routes"][0]["protocol"] == "connected");
  // Nobody announces the r1-r2 link into BGP, so r3 has no route for it.
  CHECK(p["nodes"]["r3"]["routes"].empty());
}

TEST_CASE("routes: OSPF ECMP next hops listed together") {
  auto res = runRoutefix({"routes", "tests/data/sim/ospf-ecmp", "--node", "r1", "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  const auto out = res.json();  // findRoute points into it
  const auto* r = findRoute(out, "r1", "172.16.4.0/24");
  REQUIRE(r);
  CHECK((*r)["protocol"] == "ospf");
  CHECK((*r)["admin_distance"] == 110);
  REQUIRE((*r)["next_hops"].size() == 2);
  CHECK((*r)["next_hops"][0]["node"] == "r2");
  CHECK((*r)["next_hops"][1]["node"] == "r3");
}

TEST_CASE("routes: text output names protocol, prefix and next hop") {
  auto res = runRoutefix({"routes", "tests/data/sim/ebgp-chain", "--node", "r3"});
  REQUIRE(res.exit_code == 0);
  CHECK(res.out.find("10.1.0.0/24") != std::string::npos);
  CHECK(res.out.find("via 10.0.23.1 (r2)") != std::string::npos);
}

TEST_CASE("routes: output is byte-identical across runs") {
  auto a = runRoutefix({"routes", "tests/data/sim/ospf-ecmp", "--format", "json"});
  auto b = runRoutefix({"routes", "tests/data/sim/ospf-ecmp", "--format", "json"});
  REQUIRE(a.exit_code == 0);
  CHECK(a.out == b.out);
}

TEST_CASE("routes: bad usage exits 2 with a message") {
  auto unknown = runRoutefix({"routes", "tests/data/sim/ebgp-chain", "--node", "nosuch"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("nosuch") != std::string::npos);
  CHECK(unknown.out.empty());
  auto badPrefix = runRoutefix({"routes", "tests/data/sim/ebgp-chain", "--prefix", "10.1.0.0/40"});
  CHECK(badPrefix.exit_code == 2);
  auto badProtocol = runRoutefix({"routes", "tests/data/sim/ebgp-chain", "--protocol", "rip"});
  CHECK(badProtocol.exit_code == 2);
  auto missing = runRoutefix({"routes", "tests/data/sim/does-not-exist"});
  CHECK(missing.exit_code == 2);
}
