// End-to-end: VRF-lite on examples/vrf-lite-tenants (IOS-XE pe1, EOS pe2, two tenants that
// reuse each other's addresses): `routes` per VRF, `--vrf`, and what the misplaced interface
// costs.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "tests/e2e/run_routefix.h"
#include "tests/e2e/scratch_dir.h"

using routefix::e2e::runRoutefix;
using routefix::e2e::ScratchDir;

namespace {

const char* kExample = "examples/vrf-lite-tenants";

const nlohmann::json* findRoute(const nlohmann::json& routes, const std::string& prefix) {
  for (const auto& r : routes)
    if (r["prefix"] == prefix) return &r;
  return nullptr;
}
const nlohmann::json* findRoute(nlohmann::json&&, const std::string&) = delete;

}  // namespace

TEST_CASE("vrf-lite-tenants parses without a warning") {
  auto res = runRoutefix({"parse", kExample, "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  CHECK(res.json()["warnings"].empty());
}

TEST_CASE("routes: each VRF has its own table; the default VRF stays where it was") {
  auto res = runRoutefix({"routes", kExample, "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  const auto& pe1 = out["nodes"]["pe1"];
  // Default VRF: the core only.
  REQUIRE(findRoute(pe1["routes"], "2.2.2.2/32"));
  CHECK((*findRoute(pe1["routes"], "2.2.2.2/32"))["protocol"] == "ospf");
  CHECK_FALSE(findRoute(pe1["routes"], "192.168.1.0/24"));
  CHECK_FALSE(findRoute(pe1["routes"], "10.0.12.0/30"));
  // BLUE: its LAN and pe2's BLUE LAN over the BLUE session; same prefixes as RED's.
  const auto& blue = pe1["vrfs"]["BLUE"]["routes"];
  const auto* lan = findRoute(blue, "192.168.1.0/24");
  REQUIRE(lan);
  CHECK((*lan)["next_hops"][0]["interface"] == "GigabitEthernet0/3");
  const auto* remote = findRoute(blue, "192.168.2.0/24");
  REQUIRE(remote);
  CHECK((*remote)["protocol"] == "bgp");
  CHECK((*remote)["next_hops"][0]["ip"] == "10.0.12.2");
  CHECK((*remote)["next_hops"][0]["interface"] == "GigabitEthernet0/1");
  CHECK((*remote)["next_hops"][0]["node"] == "pe2");
  CHECK((*remote)["as_path"] == nlohmann::json::array({65002}));
  // RED: its own LAN on another port and its static route; pe2's Ethernet2 is not in RED,
  // so the RED session does not come up and pe2's RED LAN is missing.
  const auto& red = pe1["vrfs"]["RED"]["routes"];
  REQUIRE(findRoute(red, "192.168.1.0/24"));
  CHECK((*findRoute(red, "192.168.1.0/24"))["next_hops"][0]["interface"] == "GigabitEthernet0/4");
  REQUIRE(findRoute(red, "172.16.0.0/16"));
  CHECK((*findRoute(red, "172.16.0.0/16"))["protocol"] == "static");
  CHECK_FALSE(findRoute(red, "192.168.2.0/24"));
  CHECK_FALSE(findRoute(blue, "172.16.0.0/16"));
  // pe2: BLUE learned pe1's BLUE LAN; the RED link's subnet sits in its default VRF.
  const auto& pe2 = out["nodes"]["pe2"];
  REQUIRE(findRoute(pe2["vrfs"]["BLUE"]["routes"], "192.168.1.0/24"));
  CHECK_FALSE(findRoute(pe2["vrfs"]["RED"]["routes"], "192.168.1.0/24"));
  REQUIRE(findRoute(pe2["routes"], "10.0.12.0/30"));
  CHECK((*findRoute(pe2["routes"], "10.0.12.0/30"))["next_hops"][0]["interface"] == "Ethernet2");
}

TEST_CASE("routes --vrf: one VRF's tables; text output names node and VRF") {
  auto res = runRoutefix({"routes", kExample, "--vrf", "RED", "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  for (const auto& node : {"pe1", "pe2"}) {
    CHECK_FALSE(out["nodes"][node].contains("routes"));
    CHECK(out["nodes"][node]["vrfs"].size() == 1);
    CHECK(out["nodes"][node]["vrfs"].contains("RED"));
  }
  auto onlyDefault = runRoutefix({"routes", kExample, "--vrf", "default", "--format", "json"});
  REQUIRE(onlyDefault.exit_code == 0);
  CHECK_FALSE(onlyDefault.json()["nodes"]["pe1"].contains("vrfs"));
  CHECK(onlyDefault.json()["nodes"]["pe1"].contains("routes"));

  auto unknown = runRoutefix({"routes", kExample, "--vrf", "GREEN"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("GREEN") != std::string::npos);

  auto text = runRoutefix({"routes", kExample, "--node", "pe1"});
  REQUIRE(text.exit_code == 0);
  CHECK(text.out.find("pe1:\n") != std::string::npos);
  CHECK(text.out.find("pe1 vrf BLUE:\n") != std::string::npos);
  CHECK(text.out.find("pe1 vrf RED:\n") != std::string::npos);
}

TEST_CASE("verify catches the tenant link in pe2's default VRF; putting it in RED fixes both") {
  auto res = runRoutefix({"verify", kExample, "--format", "json"});
  CHECK(res.exit_code == 1);
  for (const auto& i : res.json()["intents"])
    CHECK(i["status"] == (i["name"] == "tenant-links-stay-out-of-the-core" ? "fail" : "pass"));

  ScratchDir scratch("vrf-lite");
  auto snapshot = scratch.copy(kExample, "fixed");
  std::ifstream in(snapshot / "configs/pe2.cfg");
  std::stringstream text;
  text << in.rdbuf();
  std::string config = text.str();
  const std::string misplaced = "   description RED link to pe1\n   no switchport\n";
  auto at = config.find(misplaced);
  REQUIRE(at != std::string::npos);
  config.insert(at + misplaced.size(), "   vrf RED\n");
  std::ofstream(snapshot / "configs/pe2.cfg", std::ios::binary) << config;

  auto fixed = runRoutefix({"verify", snapshot.string(), "--format", "json"});
  CHECK_MESSAGE(fixed.exit_code == 0, fixed.out);
  auto routes = runRoutefix({"routes", snapshot.string(), "--vrf", "RED", "--format", "json"}).json();
  const auto* learned = findRoute(routes["nodes"]["pe1"]["vrfs"]["RED"]["routes"], "192.168.2.0/24");
  REQUIRE(learned);
  CHECK((*learned)["next_hops"][0]["interface"] == "GigabitEthernet0/2");
  CHECK(findRoute(routes["nodes"]["pe2"]["vrfs"]["RED"]["routes"], "172.16.0.0/16"));
}
