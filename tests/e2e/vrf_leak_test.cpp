// End-to-end: route leaking between the VRFs of one router on examples/vrf-route-leaking
// (IOS-XE route targets with an import map and an export map; FRR `import vrf` with a
// route-map).
#include <doctest/doctest.h>

#include "tests/e2e/run_routefix.h"

using routefix::e2e::runRoutefix;

namespace {

const char* kExample = "examples/vrf-route-leaking";

bool has(const nlohmann::json& routes, const std::string& prefix) {
  for (const auto& r : routes)
    if (r["prefix"] == prefix) return true;
  return false;
}

}  // namespace

TEST_CASE("vrf-route-leaking parses without a warning: the leaking statements are modelled") {
  auto res = runRoutefix({"parse", kExample, "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  CHECK(res.json()["warnings"].empty());
}

TEST_CASE("IOS-XE: route targets leak, the import map filters, the export map re-targets") {
  auto res = runRoutefix({"routes", kExample, "--node", "pe1", "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  const auto& vrfs = out["nodes"]["pe1"]["vrfs"];
  const auto& shared = vrfs["SHARED"]["routes"];
  CHECK(has(shared, "10.1.0.0/24"));
  CHECK(has(shared, "10.2.0.0/24"));
  CHECK_FALSE(has(shared, "10.2.99.0/24"));  // the export map gave it a target nobody imports
  const auto& cust1 = vrfs["CUST1"]["routes"];
  CHECK(has(cust1, "10.100.53.0/24"));
  CHECK_FALSE(has(cust1, "10.100.80.0/24"));  // the import map lets DNS in only
  CHECK_FALSE(has(cust1, "10.2.0.0/24"));     // not leaked on through SHARED
  const auto& cust2 = vrfs["CUST2"]["routes"];
  CHECK(has(cust2, "10.100.53.0/24"));
  CHECK(has(cust2, "10.100.80.0/24"));
  for (const auto& r : cust2)
    if (r["prefix"] == "10.100.80.0/24") {
      CHECK(r["next_hops"][0]["interface"] == "Loopback101");  // forwarded in SHARED
      CHECK(r["protocol"] == "ibgp");
    }
}

TEST_CASE("FRR: `import vrf` takes the other VRF's routes through `import vrf route-map`") {
  auto res = runRoutefix({"routes", kExample, "--node", "r2", "--vrf", "RED", "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  const auto& red = out["nodes"]["r2"]["vrfs"]["RED"]["routes"];
  CHECK(has(red, "10.30.0.0/24"));
  CHECK(has(red, "10.20.80.0/24"));
  CHECK_FALSE(has(red, "10.20.54.0/24"));
  auto blue = runRoutefix({"routes", kExample, "--node", "r2", "--vrf", "BLUE", "--format", "json"});
  REQUIRE(blue.exit_code == 0);
  CHECK_FALSE(has(blue.json()["nodes"]["r2"]["vrfs"]["BLUE"]["routes"], "10.30.0.0/24"));
}
