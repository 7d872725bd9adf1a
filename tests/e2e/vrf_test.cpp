// End-to-end: VRF-lite on examples/vrf-lite-tenants (IOS-XE pe1, EOS pe2, two tenants that
// reuse each other's addresses): `routes` per VRF, `--vrf`, and what the misplaced interface
// costs.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
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
  // Named: a range over a member of the temporary res.json() would dangle (C++20).
  const auto json = res.json();
  REQUIRE(json["intents"].size() > 1);
  for (const auto& i : json["intents"])
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

TEST_CASE("trace --vrf: forwarding reads the VRF's table, hops name the VRF they forwarded in") {
  auto blue = runRoutefix({"trace", kExample, "--from", "pe1", "--to", "192.168.2.1", "--vrf", "BLUE",
                           "--format", "json"});
  REQUIRE_MESSAGE(blue.exit_code == 0, blue.err);
  const auto out = blue.json();
  REQUIRE(out["paths"].size() == 1);
  const auto& path = out["paths"][0];
  CHECK(path["outcome"] == "delivered");
  CHECK(path["at"] == "pe2");
  REQUIRE(path["hops"].size() == 2);
  CHECK(path["hops"][0]["node"] == "pe1");
  CHECK(path["hops"][0]["vrf"] == "BLUE");
  CHECK(path["hops"][1]["node"] == "pe2");
  CHECK(path["hops"][1]["vrf"] == "BLUE");

  // The default table has no tenant routes; RED's link is the broken one.
  const auto plain = runRoutefix({"trace", kExample, "--from", "pe1", "--to", "192.168.2.1", "--format", "json"}).json();
  CHECK(plain["paths"][0]["outcome"] == "no-route");
  CHECK_FALSE(plain["paths"][0]["hops"][0].contains("vrf"));
  const auto red = runRoutefix({"trace", kExample, "--from", "pe1", "--to", "192.168.2.1", "--vrf", "RED",
                                "--format", "json"}).json();
  CHECK(red["paths"][0]["outcome"] == "no-route");
  CHECK(red["paths"][0]["hops"][0]["vrf"] == "RED");

  auto text = runRoutefix({"trace", kExample, "--from", "pe1", "--to", "192.168.2.1", "--vrf", "BLUE"});
  CHECK(text.out.find("pe1 vrf BLUE [") != std::string::npos);
  auto unknown = runRoutefix({"trace", kExample, "--from", "pe1", "--to", "192.168.2.1", "--vrf", "GREEN"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("no VRF named 'GREEN'") != std::string::npos);
}

TEST_CASE("intents with vrf: flows start in the sources' VRF, route intents read the VRF's table") {
  ScratchDir scratch("vrf-intents");
  std::ofstream(scratch / "intents.yaml") << R"(intents:
  - name: blue-sites
    type: reachability
    from: [pe1]
    vrf: BLUE
    to: 192.168.2.0/24
  - name: red-sites
    type: reachability
    from: [pe1]
    vrf: RED
    to: 192.168.2.0/24
  - name: red-has-no-blue-lan
    type: route
    node: pe2
    vrf: RED
    prefix: 192.168.1.0/24
    present: false
  - name: every-blue-router-reaches-pe2
    type: reachability
    from: "*"
    vrf: BLUE
    to: 192.168.2.1
)";
  auto res = runRoutefix({"verify", kExample, "--intents", (scratch / "intents.yaml").string(), "--format", "json"});
  CHECK(res.exit_code == 1);
  const auto out = res.json();  // kept: a loop over a temporary's member would dangle
  std::map<std::string, std::string> status;
  for (const auto& i : out["intents"]) status[i["name"].get<std::string>()] = i["status"].get<std::string>();
  CHECK(status["blue-sites"] == "pass");
  CHECK(status["red-sites"] == "fail");
  CHECK(status["red-has-no-blue-lan"] == "pass");
  CHECK(status["every-blue-router-reaches-pe2"] == "pass");
  // Blame reads RED's table and RED's sessions: pe1's RED session, whose peer address sits in
  // pe2's default VRF (before: pe1's hostname line, from the default table).
  for (const auto& i : out["intents"])
    if (i["name"] == "red-sites") {
      CHECK(i["counterexample"]["location"]["file"] == "configs/pe1.cfg");
      CHECK(i["counterexample"]["location"]["line"] == 66);
    }

  std::ofstream(scratch / "bad.yaml") << "intents:\n  - type: reachability\n    from: [pe1]\n    vrf: GREEN\n    to: 192.168.2.0/24\n";
  auto bad = runRoutefix({"verify", kExample, "--intents", (scratch / "bad.yaml").string()});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("source 'pe1' has no VRF 'GREEN'") != std::string::npos);
}

TEST_CASE("hygiene: two VRFs of different names with one route distinguisher") {
  ScratchDir scratch("vrf-rd");
  auto snapshot = scratch.copy(kExample, "snap");
  std::filesystem::remove(snapshot / "intents.yaml");  // without intents verify runs the hygiene checks
  const auto clean = runRoutefix({"verify", snapshot.string(), "--format", "json"}).json();
  REQUIRE(clean.contains("hygiene"));
  for (const auto& f : clean["hygiene"]) CHECK(f["rule"] != "duplicate-route-distinguisher");

  std::ifstream in(snapshot / "configs/pe1.cfg");
  std::stringstream text;
  text << in.rdbuf();
  std::string config = text.str();
  auto at = config.find(" rd 65001:2\n");
  REQUIRE(at != std::string::npos);
  config.replace(at, 11, " rd 65001:1");
  std::ofstream(snapshot / "configs/pe1.cfg", std::ios::binary) << config;

  const auto out = runRoutefix({"verify", snapshot.string(), "--format", "json"}).json();
  std::map<std::string, nlohmann::json> byVrfLine;
  for (const auto& f : out["hygiene"])
    if (f["rule"] == "duplicate-route-distinguisher") byVrfLine[std::to_string(f["line"].get<int>())] = f;
  REQUIRE(byVrfLine.size() == 2);  // BLUE's rd line and RED's
  CHECK(byVrfLine.count("9"));
  REQUIRE(byVrfLine.count("16"));
  CHECK(byVrfLine["16"]["node"] == "pe1");
  CHECK(byVrfLine["16"]["file"] == "configs/pe1.cfg");
  CHECK(byVrfLine["16"]["message"] == "VRF RED has route distinguisher 65001:1, as pe1 VRF BLUE has");
}
