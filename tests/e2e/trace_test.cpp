// End-to-end: `routefix trace` on small FRR snapshots under tests/data/sim/.
#include <doctest/doctest.h>

#include "tests/e2e/run_routefix.h"

using routefix::e2e::runRoutefix;

TEST_CASE("trace: both ECMP paths, each delivered at the owner") {
  auto res = runRoutefix({"trace", "tests/data/sim/ospf-ecmp", "--from", "r1", "--to", "172.16.4.1",
                          "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  CHECK(out["from"] == "r1");
  CHECK(out["to"] == "172.16.4.1");
  REQUIRE(out["paths"].size() == 2);
  std::vector<std::string> middles;
  for (const auto& p : out["paths"]) {
    CHECK(p["outcome"] == "delivered");
    CHECK(p["at"] == "r4");
    REQUIRE(p["hops"].size() == 3);
    CHECK(p["hops"][0]["node"] == "r1");
    CHECK(p["hops"][2]["node"] == "r4");
    CHECK(p["hops"][2]["interface"] == "");
    middles.push_back(p["hops"][1]["node"]);
  }
  CHECK(middles == std::vector<std::string>{"r2", "r3"});
}

TEST_CASE("trace: no route ends where the route is missing") {
  // r4 has a BGP session but learned nothing (ebgp-requires-policy on r3's side).
  auto res = runRoutefix({"trace", "tests/data/sim/ebgp-chain", "--from", "r4", "--to", "10.1.0.9",
                          "--format", "json"});
  REQUIRE_MESSAGE(res.exit_code == 0, res.err);
  auto out = res.json();
  REQUIRE(out["paths"].size() == 1);
  CHECK(out["paths"][0]["outcome"] == "no-route");
  CHECK(out["paths"][0]["at"] == "r4");

  auto via = runRoutefix({"trace", "tests/data/sim/ebgp-chain", "--from", "r3", "--to", "10.1.0.9"});
  REQUIRE(via.exit_code == 0);
  CHECK(via.out.find("delivered at r1") != std::string::npos);
}

TEST_CASE("trace: bad usage exits 2") {
  auto badNode = runRoutefix({"trace", "tests/data/sim/ospf-ecmp", "--from", "r9", "--to", "10.0.0.1"});
  CHECK(badNode.exit_code == 2);
  CHECK(badNode.err.find("r9") != std::string::npos);
  auto badAddress = runRoutefix({"trace", "tests/data/sim/ospf-ecmp", "--from", "r1", "--to", "10.0.0"});
  CHECK(badAddress.exit_code == 2);
}
