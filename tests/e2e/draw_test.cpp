// `routefix draw`: DOT and SVG pictures with a trace or an intent's counterexample.
#include <doctest/doctest.h>

#include <sstream>

#include "tests/e2e/run_routefix.h"

using routefix::e2e::runRoutefix;

TEST_CASE("the failing waypoint intent is drawn: bypass edge highlighted, firewall marked") {
  auto r = runRoutefix({"draw", "examples/firewall-bypass", "--intent", "campus-to-dc-through-firewall",
                        "--format", "dot"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.rfind("graph routefix {", 0) == 0);
  CHECK(r.out.find("subgraph cluster_") != std::string::npos);
  CHECK(r.out.find("label=\"AS 65200\"") != std::string::npos);
  CHECK(r.out.find("FAILS") != std::string::npos);
  // The direct campus--dc-gw link carries the traffic; the firewall has a double border.
  bool highlighted = false;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    bool direct = (line.find("\"campus\" -- \"dc-gw\"") != std::string::npos ||
                   line.find("\"dc-gw\" -- \"campus\"") != std::string::npos);
    if (direct && line.find("penwidth=3") != std::string::npos) highlighted = true;
    if (line.find("\"fw1\" [label") != std::string::npos) CHECK(line.find("peripheries=2") != std::string::npos);
  }
  CHECK(highlighted);
}

TEST_CASE("a trace is drawn as SVG by Graphviz, with where traffic stops") {
  auto r = runRoutefix({"draw", "examples/campus-prefix-typo", "--from", "site-a", "--to", "10.20.1.5",
                        "--format", "svg"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("<svg") != std::string::npos);
  CHECK(r.out.find("stops: no&#45;route") != std::string::npos);
}

TEST_CASE("draw rejects unknown intents and nodes with exit 2") {
  CHECK(runRoutefix({"draw", "examples/firewall-bypass", "--intent", "nope"}).exit_code == 2);
  CHECK(runRoutefix({"draw", "examples/firewall-bypass", "--from", "nope", "--to", "10.0.0.1"}).exit_code == 2);
}

TEST_CASE("draw --format json and text: nodes, links, the highlighted paths and waypoints") {
  auto r = runRoutefix({"draw", "examples/firewall-bypass", "--intent", "campus-to-dc-through-firewall",
                        "--format", "json"});
  CHECK(r.exit_code == 0);
  auto j = r.json();
  CHECK(j["title"].get<std::string>().find("FAILS") != std::string::npos);
  CHECK(!j["nodes"].empty());
  CHECK(j["nodes"][0].contains("group"));
  CHECK(!j["links"].empty());
  CHECK(j["links"][0]["down"] == false);
  REQUIRE(!j["paths"].empty());
  CHECK(j["paths"][0]["hops"][0]["node"] == "campus");
  CHECK(j["waypoints"] == nlohmann::json::array({"fw1"}));
  auto t = runRoutefix({"draw", "examples/campus-prefix-typo", "--from", "site-a", "--to", "10.20.1.5",
                        "--format", "text"});
  CHECK(t.exit_code == 0);
  CHECK(t.out.rfind("trace site-a -> 10.20.1.5\n", 0) == 0);
  CHECK(t.out.find("links:\n") != std::string::npos);
  CHECK(t.out.find("=> no-route") != std::string::npos);
}
