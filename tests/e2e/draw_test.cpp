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
