// End-to-end: `routefix routes` on small FRR snapshots under tests/data/sim/.
#include <doctest/doctest.h>

#include "tests/e2e/run_routefix.h"
#include "tests/e2e/scratch_dir.h"

using routefix::e2e::runRoutefix;

namespace {

const nlohmann::json* findRoute(const nlohmann::json& out, const std::string& node, const std::string& prefix) {
  for (const auto& r : out["nodes"][node]["routes"])
    if (r["prefix"] == prefix) return &r;
  return nullptr;
}
// The result points into `out`: a temporary would leave it dangling.
const nlohmann::json* findRoute(nlohmann::json&&, const std::string&, const std::string&) = delete;

// An IPv6 route of `node` (a copy; null when there is none).
nlohmann::json findV6(const nlohmann::json& out, const std::string& node, const std::string& prefix) {
  for (const auto& r : out["nodes"][node]["ipv6_routes"])
    if (r["prefix"] == prefix) return r;
  return nlohmann::json();
}

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

TEST_CASE("routes: BGP IPv6 unicast over IPv6 sessions and over IPv4 sessions (MP-BGP), as FRR installs it") {
  // The FRR lab scenarios (tests/lab runs both on real FRR 8.4): see their READMEs.
  auto chain = runRoutefix({"routes", "tests/lab/scenarios/bgp6-ebgp-chain-policy", "--format", "json"});
  REQUIRE_MESSAGE(chain.exit_code == 0, chain.err);
  auto out = chain.json();
  // eBGP over a shared link: forwarded over the peer's link-local address (the interface).
  auto lan = findV6(out, "r3", "2001:db8:a1::/64");
  CHECK(lan["protocol"] == "bgp");
  CHECK(lan["as_path"] == nlohmann::json::array({65002, 65001}));
  CHECK(lan["metric"] == 50);  // r2's export route-map sets the MED on the LAN prefixes
  CHECK(lan["next_hops"] == nlohmann::json::parse(R"([{"interface": "eth-r2", "ip": null, "node": "r2"}])"));
  CHECK(lan["protocol_next_hops"] == nlohmann::json::parse(R"([{"ip": "2001:db8:23::2", "node": "r2"}])"));
  CHECK(findV6(out, "r3", "2001:db8:ff::1/128")["metric"] == 0);
  // r2's IPv6 prefix-list keeps r1's /48 out; the IPv4 clause of FROM-R3 denies no IPv6 route.
  CHECK(findV6(out, "r2", "2001:db8:b1::/48").is_null());
  CHECK(findV6(out, "r3", "2001:db8:b1::/48").is_null());
  CHECK(findV6(out, "r1", "2001:db8:ff::3/128")["as_path"] == nlohmann::json::array({65002, 65003}));
  // No IPv4 BGP route: the sessions are IPv6 ones, activated in IPv6 unicast only.
  for (const auto& r : out["nodes"]["r2"]["routes"]) CHECK(r["protocol"] == "connected");

  auto mp = runRoutefix({"routes", "tests/lab/scenarios/mpbgp-ipv6-over-ipv4", "--format", "json"});
  REQUIRE_MESSAGE(mp.exit_code == 0, mp.err);
  out = mp.json();
  // Over iBGP with next-hop-self: r2's global address on the link, no link-local.
  auto fromR1 = findV6(out, "r3", "2001:db8:a1::/64");
  CHECK(fromR1["protocol"] == "ibgp");
  CHECK(fromR1["next_hops"] == nlohmann::json::parse(R"([{"interface": "eth-r2", "ip": "2001:db8:23::2", "node": "r2"}])"));
  // r4's own route over iBGP on a shared link: link-local, by the interface.
  auto own = findV6(out, "r3", "2001:db8:a4::/64");
  CHECK(own["next_hops"] == nlohmann::json::parse(R"([{"interface": "eth-r4", "ip": null, "node": "r4"}])"));
  CHECK(own["protocol_next_hops"] == nlohmann::json::parse(R"([{"ip": "2001:db8:34::4", "node": "r4"}])"));
  // Reflected by r3 with r2's next hop, which r4 reaches over its static route.
  auto reflected = findV6(out, "r4", "2001:db8:ff::1/128");
  CHECK(reflected["next_hops"] == nlohmann::json::parse(R"([{"interface": "eth-r3", "ip": "2001:db8:34::3", "node": "r3"}])"));
  CHECK(reflected["protocol_next_hops"] == nlohmann::json::parse(R"([{"ip": "2001:db8:23::2", "node": "r2"}])"));
  CHECK(findRoute(out, "r4", "10.1.0.0/24"));  // IPv4 rides the same sessions
}

TEST_CASE("routes: OSPFv3 and IPv6 iBGP between loopbacks with a route reflector, as FRR installs them") {
  // The FRR lab scenario ospf6-ibgp6-route-reflection (see its README); expectations from FRR 8.4.
  auto run = runRoutefix({"routes", "tests/lab/scenarios/ospf6-ibgp6-route-reflection", "--format", "json"});
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  auto out = run.json();
  // OSPFv3: c1's loopback from rr over the broadcast link (10) plus the loopback's own 10.
  auto lo = findV6(out, "rr", "2001:db8:ff::11/128");
  CHECK(lo["protocol"] == "ospf");
  CHECK(lo["metric"] == 20);
  CHECK(lo["next_hops"] == nlohmann::json::parse(R"([{"interface": "eth-c1", "ip": null, "node": "c1"}])"));
  CHECK(findV6(out, "c1", "2001:db8:ff::13/128")["protocol"] == "ospf-ia");  // c3 is in area 1
  CHECK(findV6(out, "c1", "2001:db8:ff::13/128")["metric"] == 27);
  CHECK(findV6(out, "c1", "2001:db8:21::/64")["protocol"] == "ospf-e2");
  // Reflected iBGP over loopback sessions: c1's next-hop-self address, resolved over OSPFv3.
  auto viaC1 = findV6(out, "c2", "2001:db8:100::/48");
  CHECK(viaC1["protocol"] == "ibgp");
  CHECK(viaC1["as_path"] == nlohmann::json::array({65100}));
  CHECK(viaC1["protocol_next_hops"] == nlohmann::json::parse(R"([{"ip": "2001:db8:ff::11", "node": "c1"}])"));
  CHECK(viaC1["next_hops"] == nlohmann::json::parse(R"([{"interface": "eth-rr", "ip": null, "node": "rr"}])"));
  // ext2's own address as next hop (c3 keeps it), reached over the inter-area route to c3's link.
  auto viaExt2 = findV6(out, "c1", "2001:db8:200::/48");
  CHECK(viaExt2["protocol_next_hops"] == nlohmann::json::parse(R"([{"ip": "2001:db8:e2::2", "node": "ext2"}])"));
  // Equal AS paths at rr: the lower IGP metric to the next hop wins (17 to ext2's link, 20 to c1's loopback).
  CHECK(findV6(out, "rr", "2001:db8:300::/48")["protocol_next_hops"] ==
        nlohmann::json::parse(R"([{"ip": "2001:db8:e2::2", "node": "ext2"}])"));
}

TEST_CASE("routes: IPv6 prefix-list typos drop what FRR drops") {
  auto run = runRoutefix({"routes", "tests/lab/scenarios/bgp6-prefix-list-typo", "--format", "json"});
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  auto out = run.json();
  CHECK(findV6(out, "r2", "2001:db8:a1::/48")["protocol"] == "bgp");
  for (const char* dropped : {"2001:db8:a2::/48", "2001:db8:a3::/48", "2001:db8:a4::/56"})
    CHECK_MESSAGE(findV6(out, "r2", dropped).is_null(), dropped);
  // The route-map clause naming the undefined list matches nothing: only r2's own prefix goes on.
  CHECK(findV6(out, "r3", "2001:db8:a1::/48").is_null());
  CHECK(findV6(out, "r3", "2001:db8:b2::/48")["as_path"] == nlohmann::json::array({65002}));
}

TEST_CASE("routes: add-path (RFC 7911) from a route reflector feeds its clients' decision and multipath") {
  // The FRR lab scenario bgp-add-path (tests/lab runs it on real FRR 8.4): see its README.
  auto nextHops = [](const nlohmann::json& out, const std::string& node, const std::string& prefix) {
    std::vector<std::string> hops;
    if (const auto* r = findRoute(out, node, prefix))
      for (const auto& h : (*r)["protocol_next_hops"]) hops.push_back(h["ip"]);
    std::sort(hops.begin(), hops.end());
    return hops;
  };
  using Hops = std::vector<std::string>;
  auto res = runRoutefix({"routes", "tests/lab/scenarios/bgp-add-path", "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  // rr's best is e1's path; all paths to c1 make its ECMP set both exits, the best per AS to
  // c2 lets it take its nearer exit e2 for 198.51.100.0/24 (AS 65100 there, 65200 via e1).
  CHECK(nextHops(out, "rr", "203.0.113.0/24") == Hops{"10.0.0.1", "10.0.0.2"});
  CHECK(nextHops(out, "c1", "203.0.113.0/24") == Hops{"10.0.0.1", "10.0.0.2"});
  CHECK(findRoute(out, "c1", "203.0.113.0/24")->at("next_hops").size() == 2);
  CHECK(nextHops(out, "c1", "198.51.100.0/24") == Hops{"10.0.0.1"});
  CHECK(nextHops(out, "c2", "203.0.113.0/24") == Hops{"10.0.0.1"});
  CHECK(nextHops(out, "c2", "198.51.100.0/24") == Hops{"10.0.0.2"});
  // The parse warnings no longer call it unmodelled.
  CHECK(res.err.find("not modelled: BGP add-path") == std::string::npos);

  // Without add-path the clients see rr's best only.
  routefix::e2e::ScratchDir scratch("add-path");
  auto copy = scratch.copy("tests/lab/scenarios/bgp-add-path", "snap");
  std::ifstream in(copy / "configs/rr.conf");
  std::string line, text;
  while (std::getline(in, line))
    if (line.find("addpath-tx") == std::string::npos) text += line + "\n";
  in.close();
  scratch.write("snap/configs/rr.conf", text);
  auto without = runRoutefix({"routes", copy.string(), "--format", "json"});
  REQUIRE_MESSAGE(without.exit_code == 0, without.err);
  auto plain = without.json();
  CHECK(nextHops(plain, "c1", "203.0.113.0/24") == Hops{"10.0.0.1"});
  CHECK(nextHops(plain, "c2", "198.51.100.0/24") == Hops{"10.0.0.1"});
}
