// End-to-end: VPNv4 between two IOS-XE PEs on examples/vpnv4-two-pes (route targets carry
// VRF routes over an iBGP session activated for VPNv4 only; BLUE's import target on pe2 is
// mistyped).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tests/e2e/run_routefix.h"

using routefix::e2e::runRoutefix;

namespace {

const char* kExample = "examples/vpnv4-two-pes";

const nlohmann::json* route(const nlohmann::json& routes, const std::string& prefix) {
  for (const auto& r : routes)
    if (r["prefix"] == prefix) return &r;
  return nullptr;
}

}  // namespace

TEST_CASE("vpnv4-two-pes parses without a warning: the VPNv4 statements are modelled") {
  auto res = runRoutefix({"parse", kExample, "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  CHECK(res.json()["warnings"].empty());
}

TEST_CASE("RED: a CE's route crosses the VPN as iBGP with the remote PE as next hop, to the other CE") {
  auto res = runRoutefix({"routes", kExample, "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  const auto& red = out["nodes"]["pe2"]["vrfs"]["RED"]["routes"];
  const auto* siteA = route(red, "172.16.1.1/32");
  REQUIRE(siteA);
  CHECK((*siteA)["protocol"] == "ibgp");
  CHECK((*siteA)["admin_distance"] == 200);
  CHECK((*siteA)["protocol_next_hops"][0]["ip"] == "1.1.1.1");
  CHECK((*siteA)["next_hops"][0]["node"] == "p");
  CHECK((*siteA)["next_hops"][0]["interface"] == "GigabitEthernet1");
  CHECK((*siteA)["as_path"] == nlohmann::json::array({65101}));
  // Both sites use 192.168.1.0/30 towards their CE: each PE keeps its own.
  const auto* link = route(red, "192.168.1.0/30");
  REQUIRE(link);
  CHECK((*link)["protocol"] == "connected");
  const auto* atCe = route(out["nodes"]["ce-b"]["routes"], "172.16.1.1/32");
  REQUIRE(atCe);
  CHECK((*atCe)["as_path"] == nlohmann::json::array({65000, 65101}));
  // No customer route in the core or the PEs' default tables; the PEs' IPv4 unicast session
  // is not activated, so their loopbacks stay OSPF routes.
  CHECK_FALSE(route(out["nodes"]["p"]["routes"], "172.16.1.1/32"));
  CHECK_FALSE(route(out["nodes"]["pe2"]["routes"], "172.16.1.1/32"));
  const auto* loopback = route(out["nodes"]["pe2"]["routes"], "1.1.1.1/32");
  REQUIRE(loopback);
  CHECK((*loopback)["protocol"] == "ospf");
}

TEST_CASE("BLUE: the mistyped import target keeps site A's LAN out of pe2, not the other way") {
  auto res = runRoutefix({"routes", kExample, "--vrf", "BLUE", "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  CHECK(route(out["nodes"]["pe1"]["vrfs"]["BLUE"]["routes"], "10.2.0.0/24"));
  CHECK_FALSE(route(out["nodes"]["pe2"]["vrfs"]["BLUE"]["routes"], "10.1.0.0/24"));
}

TEST_CASE("trace: a packet crosses the VPN, label-switched through the core into the exporting VRF") {
  auto res = runRoutefix({"trace", kExample, "--from", "ce-b", "--to", "172.16.1.1", "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  REQUIRE(out["paths"].size() == 1);
  const auto& path = out["paths"][0];
  CHECK(path["outcome"] == "delivered");
  std::vector<std::string> hops;
  for (const auto& h : path["hops"])
    hops.push_back(h["node"].get<std::string>() + (h.value("vrf", "").empty() ? "" : "/" + h["vrf"].get<std::string>()));
  CHECK(hops == std::vector<std::string>{"ce-b", "pe2/RED", "pe2", "p", "pe1", "pe1/RED", "ce-a"});
  // Without a route in the VRF there is no tunnel: BLUE on pe2 lacks site A's LAN.
  auto blue = runRoutefix({"trace", kExample, "--from", "pe2", "--vrf", "BLUE", "--to", "10.1.0.5", "--format", "json"});
  REQUIRE_MESSAGE(blue.exit_code == 0, blue.err);
  CHECK(blue.json()["paths"][0]["outcome"] == "no-route");
}

TEST_CASE("verify: four intents hold (one of them reachability across the VPN), blue-site-a-at-pe2 fails") {
  auto res = runRoutefix({"verify", kExample, "--format", "json"});
  CHECK(res.exit_code == 1);
  auto out = res.json();
  CHECK(out["summary"]["passed"] == 4);
  CHECK(out["summary"]["failed"] == 1);
  for (const auto& i : out["intents"])
    CHECK((i["status"] == "fail") == (i["name"] == "blue-site-a-at-pe2"));
}
