// POPS / CLIENTS / prepend documents: operator constraints and file:line errors.
#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include "anycast/deployment.h"
#include "anycast/snippets.h"
#include "model/input_error.h"

using namespace routefix::anycast;

namespace {
const std::string kData = std::string(ROUTEFIX_SOURCE_DIR) + "/tests/data/anycast/";

Deployment pops(const std::string& yaml) { return parseDeployment(YAML::Load(yaml), "pops.yaml", 100); }

std::string popsError(const std::string& yaml) {
  try {
    pops(yaml);
  } catch (const routefix::model::InputError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("sessions, caps and neighbours") {
  Deployment d = pops(R"(
pops:
  - name: fra
    max_prepend: 2
    upstreams: [1, {asn: 2, no_prepend: true}]
  - name: nyc
    upstreams: [{asn: 1, max_prepend: 1, neighbor: 192.0.2.1}, 3]
)");
  REQUIRE(d.sessions.size() == 4);
  CHECK(d.pops == std::vector<std::string>{"fra", "nyc"});
  CHECK(d.sessionCap(0, 3) == 2);
  CHECK(d.sessionCap(1, 3) == 0);
  CHECK(d.sessionCap(2, 3) == 1);
  CHECK(d.sessionCap(3, 3) == 3);
  CHECK(d.sessionCap(0, 1) == 1);
  CHECK(d.sessions[2].neighbor == "192.0.2.1");
  CHECK(d.sessions[3].neighbor == "UPSTREAM-AS3");
  CHECK(d.sessions[3].source.line == 7);
}

TEST_CASE("POPS errors name the line") {
  CHECK(popsError("pops:\n  - name: fra\n    upstreams: [1, x]\n") ==
        "pops.yaml:3: upstream must be an integer, got 'x'");
  CHECK(popsError("pops:\n  - name: fra\n    upstreams: [1, 1]\n") == "pops.yaml:3: upstream 1 listed twice for PoP 'fra'");
  CHECK(popsError("pops:\n  - name: fra\n    upstreams: [100]\n") == "pops.yaml:3: upstream 100 is the origin AS itself");
  CHECK(popsError("pops:\n  - name: fra\n") == "pops.yaml:2: missing 'upstreams'");
  CHECK(popsError("pops: []\n") == "pops.yaml:1: 'pops' must be a non-empty list");
  CHECK(popsError("pops:\n  - {name: a, upstreams: [1], max_prepend: 99}\n") == "pops.yaml:2: max_prepend must be 0..64");
}

TEST_CASE("clients from YAML and CSV agree; errors name the line") {
  Deployment d = loadDeployment(kData + "pops.yaml", 100);
  auto yaml = loadClients(kData + "clients.yaml", d);
  auto csv = loadClients(kData + "clients.csv", d);
  REQUIRE(yaml.size() == 3);
  REQUIRE(csv.size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    CHECK(yaml[i].asn == csv[i].asn);
    CHECK(yaml[i].weight == csv[i].weight);
    CHECK(yaml[i].target == csv[i].target);
    CHECK(yaml[i].latency_ms == csv[i].latency_ms);
  }
  CHECK(csv[2].source.line == 4);
  CHECK_THROWS_WITH(parseClients(YAML::Load("clients:\n  - {asn: 5, target: ams}\n"), "c.yaml", d),
                    "c.yaml:2: unknown PoP 'ams'");
  CHECK_THROWS_WITH(parseClients(YAML::Load("- {asn: 5, pinned: true}\n"), "c.yaml", d),
                    "c.yaml:1: a pinned client group needs a target");
  CHECK_THROWS_WITH(parseClients(YAML::Load("- {asn: 5, weight: -1}\n"), "c.yaml", d),
                    "c.yaml:1: weight must not be negative");
}

TEST_CASE("prepend documents; snippets") {
  Deployment d = loadDeployment(kData + "pops.yaml", 100);
  CHECK(loadPrepends(kData + "prepend.json", d) == PrependVector{2, 0});
  auto snippets = configSnippets(d, {2, 0});
  CHECK(snippets["fra"].frr.find(" set as-path prepend 100 100\n") != std::string::npos);
  CHECK(snippets["fra"].junos.find("as-path-prepend \"100 100\";") != std::string::npos);
  CHECK(snippets["fra"].junos.find("group UPSTREAM-AS1 {") != std::string::npos);
  CHECK(snippets["nyc"].ios.find("neighbor 198.51.100.1 route-map ANYCAST-OUT-AS2 out") != std::string::npos);
  CHECK(snippets["nyc"].frr.find("set as-path prepend") == std::string::npos);
}
