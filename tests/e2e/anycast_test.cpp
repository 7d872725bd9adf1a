// End-to-end: routefix anycast simulate|optimize|batch on tests/data/anycast.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "tests/e2e/run_routefix.h"
#include "tests/e2e/scratch_dir.h"

using routefix::e2e::runRoutefix;
using nlohmann::json;

namespace {
const std::string kDir = "tests/data/anycast/";
const std::vector<std::string> kBase = {"--graph", kDir + "small.as-rel.txt", "--origin", "100",
                                        "--pops",  kDir + "pops.yaml"};

std::vector<std::string> command(std::vector<std::string> head, std::vector<std::string> tail) {
  head.insert(head.end(), kBase.begin(), kBase.end());
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

json clientEntry(const json& doc, int asn) {
  for (const auto& c : doc["catchment"])
    if (c["asn"] == asn) return c;
  return json();
}
}  // namespace

TEST_CASE("optimize steers the multihomed client and emits per-PoP snippets") {
  auto r = runRoutefix(command({"anycast", "optimize"}, {"--clients", kDir + "clients.yaml", "--format", "json"}));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  json doc = r.json();
  CHECK(doc["status"] == "optimal");
  CHECK(doc["prepends"] == json::parse(R"([{"pop": "fra", "upstream": 1, "prepend": 1},
                                           {"pop": "nyc", "upstream": 2, "prepend": 0}])"));
  CHECK(clientEntry(doc, 30) == json::parse(R"({"asn": 30, "pops": ["nyc"], "target": "nyc", "weight": 2.0})"));
  // 10 cannot move: AS 1 prefers its customer route (fra) however long it gets.
  CHECK(clientEntry(doc, 10)["pops"] == json::array({"fra"}));
  CHECK(doc["objective"] ==
        json::parse(R"({"name": "satisfied", "before": 0.25, "after": 0.75, "bound": 0.75, "gap": 0.0})"));
  CHECK(doc["search"]["prediction_matches_simulation"] == true);
  std::string frr = doc["snippets"]["fra"]["frr"];
  CHECK(frr.find("route-map ANYCAST-OUT-AS1 permit 10\n match ip address prefix-list ANYCAST-PREFIX\n"
                 " set as-path prepend 100\n") != std::string::npos);
  CHECK(frr.find("neighbor UPSTREAM-AS1 route-map ANYCAST-OUT-AS1 out") != std::string::npos);
  CHECK(std::string(doc["snippets"]["fra"]["junos"]).find("as-path-prepend \"100\";") != std::string::npos);
  CHECK(std::string(doc["snippets"]["fra"]["ios"]).find("set as-path prepend 100\n") != std::string::npos);
  std::string nyc_junos = doc["snippets"]["nyc"]["junos"];
  CHECK(nyc_junos.find("as-path-prepend") == std::string::npos);
  CHECK(nyc_junos.find("neighbor 198.51.100.1") != std::string::npos);
}

TEST_CASE("the catchment shift per PoP: JSON, text and an SVG chart (--chart)") {
  routefix::e2e::ScratchDir dir("anycast-chart");
  std::string chart = (dir / "shift.svg").string();
  auto r = runRoutefix(command({"anycast", "optimize"}, {"--clients", kDir + "clients.yaml", "--format", "json",
                                                         "--chart", chart}));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  // Before: 30 (weight 2) and 10 at fra, 20 at nyc; after fra's prepend 30 moves to nyc. All
  // three want nyc.
  CHECK(r.json()["pop_shift"] == json::parse(R"({"pops": [
      {"pop": "fra", "before": 3.0, "after": 1.0, "targeted": 0.0, "at_target_before": 0.0, "at_target_after": 0.0},
      {"pop": "nyc", "before": 1.0, "after": 3.0, "targeted": 4.0, "at_target_before": 1.0, "at_target_after": 3.0}],
      "no_route": {"before": 0.0, "after": 0.0}})"));
  std::ifstream file(chart);
  std::stringstream svg;
  svg << file.rdbuf();
  CHECK(svg.str().rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
  CHECK(svg.str().find(">fra</text>") != std::string::npos);
  CHECK(svg.str().find(">nyc</text>") != std::string::npos);
  CHECK(svg.str().find("<title>target 4</title>") != std::string::npos);

  // An existing chart is kept unless --force; simulate draws one only from client groups.
  auto again = runRoutefix(command({"anycast", "optimize"}, {"--clients", kDir + "clients.yaml", "--chart", chart}));
  CHECK(again.exit_code == 2);
  CHECK(again.err.find("--chart exists; pass --force") != std::string::npos);
  auto text = runRoutefix(command({"anycast", "optimize"},
                                  {"--clients", kDir + "clients.yaml", "--chart", chart, "--force"}));
  CHECK(text.exit_code == 0);
  CHECK(text.out.find("nyc          1 -> 3   targeted 4: 1 -> 3") != std::string::npos);
  auto noClients = runRoutefix(command({"anycast", "simulate"}, {"--chart", (dir / "other.svg").string()}));
  CHECK(noClients.exit_code == 2);
  CHECK(!std::filesystem::exists(dir / "other.svg"));
}

TEST_CASE("optimize for latency and p90 from a CSV client file") {
  for (const char* objective : {"latency", "p90"}) {
    CAPTURE(objective);
    auto r = runRoutefix(command({"anycast", "optimize"},
                                 {"--clients", kDir + "clients.csv", "--objective", objective, "--format", "json"}));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    json doc = r.json();
    CHECK(doc["objective"]["name"] == objective);
    if (std::string(objective) == "latency") {
      // before: 30 at fra (80 ms, weight 2), 10 at fra (90), 20 at nyc (10) -> 260/4 = 65 ms.
      CHECK(doc["objective"]["before"] == 65.0);
      CHECK(doc["objective"]["after"] == 35.0);  // (2*20 + 90 + 10) / 4
      CHECK(doc["prepends"][0]["prepend"] == 1);
    } else {
      CHECK(doc["objective"]["before"] == 90.0);
      // 10 is stuck at fra (90 ms) and carries the top 25% of the weight: nothing to gain,
      // so the fewest prepends (none) win.
      CHECK(doc["objective"]["after"] == 90.0);
      CHECK(doc["prepends"][0]["prepend"] == 0);
    }
  }
}

// --solver: Z3 alone, CBC alone, or both racing (auto, the default). Each answer says who
// ran, what each reached and bounded, and whose proof it rests on.
TEST_CASE("optimize with each solver: the same optimum, with the solvers' incumbents and bounds") {
  for (const char* solver : {"z3", "cbc", "auto"}) {
    for (const char* objective : {"satisfied", "latency", "p90"}) {
      CAPTURE(solver);
      CAPTURE(objective);
      const std::string clients = kDir + (std::string(objective) == "satisfied" ? "clients.yaml" : "clients.csv");
      auto r = runRoutefix(command({"anycast", "optimize"}, {"--clients", clients, "--objective", objective,
                                                             "--solver", solver, "--format", "json"}));
      INFO(r.err);
      REQUIRE(r.exit_code == 0);
      json doc = r.json();
      CHECK(doc["status"] == "optimal");
      CHECK(doc["solver"] == solver);
      const double after = std::string(objective) == "satisfied" ? 0.75 : std::string(objective) == "latency" ? 35.0 : 90.0;
      CHECK(doc["objective"]["after"] == after);
      CHECK(doc["objective"]["bound"] == after);
      CHECK(doc["objective"]["gap"] == 0.0);
      const json& runs = doc["search"]["solvers"];
      REQUIRE(runs.size() == (std::string(solver) == "auto" ? 2u : 1u));
      if (std::string(solver) != "auto") {
        CHECK(runs[0]["name"] == solver);
        CHECK(runs[0]["status"] == "optimal");
        CHECK(runs[0]["incumbent"] == after);
        CHECK(doc["search"]["proved_by"] == solver);
      } else {
        CHECK((doc["search"]["proved_by"] == "z3" || doc["search"]["proved_by"] == "cbc"));
      }
    }
  }
  auto bad = runRoutefix(command({"anycast", "optimize"}, {"--clients", kDir + "clients.yaml", "--solver", "glpk"}));
  CHECK(bad.exit_code == 2);
}

TEST_CASE("a pinned client that no prepend setting can move: infeasible, exit 1") {
  auto r = runRoutefix(command({"anycast", "optimize"}, {"--clients", kDir + "clients-pinned.yaml", "--format", "json"}));
  CHECK(r.exit_code == 1);
  json doc = r.json();
  CHECK(doc["status"] == "infeasible");
  CHECK(doc["message"].get<std::string>().find("pinned") != std::string::npos);
}

TEST_CASE("simulate with a prepend file, lowest-id and keep-all") {
  auto r = runRoutefix(command({"anycast", "simulate"},
                               {"--clients", kDir + "clients.yaml", "--prepend", kDir + "prepend.json", "--format", "json"}));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  json doc = r.json();
  CHECK(doc["prepends"][0]["prepend"] == 2);
  CHECK(doc["prepends"][1]["prepend"] == 0);
  CHECK(clientEntry(doc, 30)["pops"] == json::array({"nyc"}));
  CHECK(doc["objective"] == json::parse(R"({"name": "satisfied", "before": 0.25, "after": 0.75})"));
  CHECK(std::string(doc["snippets"]["fra"]["frr"]).find("set as-path prepend 100 100\n") != std::string::npos);

  auto all = runRoutefix(command({"anycast", "simulate"}, {"--tie-break", "keep-all", "--format", "json"}));
  REQUIRE(all.exit_code == 0);
  json every = all.json();
  CHECK(clientEntry(every, 30)["pops"] == json::array({"fra", "nyc"}));
  CHECK(clientEntry(every, 10)["pops"] == json::array({"fra"}));
  CHECK(every["pop_summary"]["pops"][0] == json::parse(R"({"name": "fra", "ases": 3})"));  // 1, 10, 30
  CHECK(every["pop_summary"]["unreachable_ases"] == 0);
}

TEST_CASE("bad input: exit 2 naming file and line") {
  auto bad_graph = runRoutefix({"anycast", "simulate", "--graph", kDir + "bad-rel.as-rel.txt", "--origin", "100",
                                "--pops", kDir + "pops.yaml"});
  CHECK(bad_graph.exit_code == 2);
  CHECK(bad_graph.err.find("bad-rel.as-rel.txt:4:") != std::string::npos);
  CHECK(bad_graph.out.empty());

  auto unknown = runRoutefix(command({"anycast", "optimize"}, {"--clients", kDir + "clients-unknown-as.yaml"}));
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("clients-unknown-as.yaml:3: client AS 99999 is not in the AS graph") != std::string::npos);

  auto bad_prepend = runRoutefix(command({"anycast", "simulate"}, {"--prepend", kDir + "clients.yaml"}));
  CHECK(bad_prepend.exit_code == 2);
  CHECK(bad_prepend.err.find("clients.yaml") != std::string::npos);

  auto no_sub = runRoutefix({"anycast"});
  CHECK(no_sub.exit_code == 2);
}

TEST_CASE("batch: one document, a failing job does not lose the others") {
  auto r = runRoutefix({"anycast", "batch", kDir + "jobs.yaml", "--format", "json"});
  CHECK(r.exit_code == 1);
  json doc = r.json();
  REQUIRE(doc["jobs"].size() == 4);
  CHECK(doc["jobs"][0]["name"] == "steer-to-nyc");
  CHECK(doc["jobs"][0]["status"] == "optimal");
  CHECK(doc["jobs"][0]["result"]["prepends"][0]["prepend"] == 1);
  CHECK(doc["jobs"][0]["result"]["objective"]["after"] == 0.75);
  CHECK(doc["jobs"][1]["status"] == "infeasible");
  CHECK(doc["jobs"][2]["status"] == "error");
  CHECK(doc["jobs"][2]["error"].get<std::string>().find("no-such-pops.yaml: cannot read file") != std::string::npos);
  CHECK(doc["jobs"][3]["status"] == "optimal");
  CHECK(doc["jobs"][3]["result"]["tie_break"] == "keep-all");
  CHECK(doc["jobs"][3]["result"]["objective"]["after"] == 20.0);
  CHECK(doc["summary"] == json::parse(R"({"jobs": 4, "optimal": 2, "timeout": 0, "infeasible": 1, "error": 1})"));
  CHECK(r.err.find("[3/4] missing-pops") != std::string::npos);
}

namespace {
// A solver's time is the one thing a run may change.
json withoutSolverTimes(json doc) {
  for (auto& job : doc["jobs"])
    if (job.contains("result"))
      for (auto& run : job["result"]["search"]["solvers"]) run.erase("seconds");
  return doc;
}
}  // namespace

TEST_CASE("batch --threads: the same document on 1 and 3 threads") {
  auto one = runRoutefix({"anycast", "batch", kDir + "jobs.yaml", "--format", "json", "--threads", "1"});
  auto three = runRoutefix({"anycast", "batch", kDir + "jobs.yaml", "--format", "json", "--threads", "3"});
  CHECK(three.exit_code == one.exit_code);
  json a = withoutSolverTimes(one.json()), b = withoutSolverTimes(three.json());
  REQUIRE(a["jobs"].size() == 4);
  REQUIRE(a["jobs"][0]["result"]["search"]["solvers"].size() > 0);
  CHECK(a == b);
}
