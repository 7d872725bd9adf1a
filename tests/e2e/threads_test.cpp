// --threads changes how fast, never what: verify, diff and routes print the same bytes (and
// the same warnings) and exit the same way with 1, 2 and 4 threads on every bundled example,
// with and without link failures, and on the real-device configs of the fidelity corpus.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/e2e/run_routefix.h"
#include "tests/e2e/scratch_dir.h"

using routefix::e2e::RunResult;
using routefix::e2e::runRoutefix;
using routefix::e2e::shellQuote;

namespace {

void checkSameForEveryThreadCount(std::vector<std::string> args) {
  CAPTURE(args);
  args.push_back("--threads");
  args.push_back("1");
  RunResult one = runRoutefix(args);
  CHECK(one.exit_code >= 0);
  CHECK(one.exit_code <= 1);
  for (const char* threads : {"2", "4"}) {
    CAPTURE(threads);
    args.back() = threads;
    RunResult many = runRoutefix(args);
    CHECK(many.exit_code == one.exit_code);
    CHECK(many.out == one.out);
    CHECK(many.err == one.err);  // parse warnings: configs are parsed on the threads too
  }
}

}  // namespace

TEST_CASE("verify: the same report with 1, 2 and 4 threads on every example") {
  auto all = routefix::e2e::bundledExamples();
  REQUIRE(all.size() >= 5);  // without intents.yaml an example gets the hygiene checks
  for (const auto& example : all)
    for (const char* failures : {"0", "1", "2"})
      checkSameForEveryThreadCount({"verify", example, "--failures", failures, "--format", "json"});
}

TEST_CASE("verify and diff: text and the CI formats do not depend on the thread count") {
  for (const auto& example : routefix::e2e::bundledExamples()) {
    checkSameForEveryThreadCount({"verify", example, "--failures", "1"});
    checkSameForEveryThreadCount({"verify", example, "--failures", "1", "--format", "sarif"});
    if (std::filesystem::exists(std::string(ROUTEFIX_SOURCE_DIR) + "/" + example + "/intents.yaml"))
      checkSameForEveryThreadCount(
          {"diff", example, example, "--intents", example + "/intents.yaml", "--format", "json"});
  }
}

TEST_CASE("verify: the same report with 1, 2 and 4 threads on a generated fat-tree (many scenario windows)") {
  routefix::e2e::ScratchDir scratch("threads");
  auto dir = scratch / "fattree";
  std::string gen = std::string(ROUTEFIX_BINARY_DIR) + "/bench/gen_fattree";
  REQUIRE(std::system((shellQuote(gen) + " 4 " + shellQuote(dir.string()) + " >/dev/null 2>&1").c_str()) == 0);
  checkSameForEveryThreadCount({"verify", dir.string(), "--failures", "1", "--format", "json"});
  // Two failures cut an edge router off (k=4: two uplinks each): intents fail in some
  // scenarios of a window and hold in others.
  checkSameForEveryThreadCount({"verify", dir.string(), "--failures", "2", "--format", "json"});
}

TEST_CASE("routes: the same tables with 1, 2 and 4 threads deciding BGP prefixes") {
  for (const auto& example : routefix::e2e::bundledExamples()) {
    checkSameForEveryThreadCount({"routes", example, "--format", "json"});
    checkSameForEveryThreadCount({"routes", example});
  }
  // Generated networks with many BGP prefixes, cut into parts: a fat-tree (eBGP, multipath)
  // and a WAN (OSPF, iBGP with route reflectors, eBGP to external ASes with local-pref).
  routefix::e2e::ScratchDir scratch("threads-routes");
  std::string bench = std::string(ROUTEFIX_BINARY_DIR) + "/bench/";
  auto fattree = scratch / "fattree", wan = scratch / "wan";
  REQUIRE(std::system((shellQuote(bench + "gen_fattree") + " 6 " + shellQuote(fattree.string()) + " >/dev/null 2>&1").c_str()) == 0);
  REQUIRE(std::system((shellQuote(bench + "gen_wan") + " " + shellQuote(wan.string()) +
                       " --routers 30 --rrs 2 --externals 6 --prefixes 5 --seed 3 >/dev/null 2>&1")
                          .c_str()) == 0);
  checkSameForEveryThreadCount({"routes", fattree.string(), "--format", "json"});
  checkSameForEveryThreadCount({"routes", wan.string(), "--format", "json"});
}

TEST_CASE("routes: the same tables and parse warnings with 1, 2 and 4 threads on the fidelity corpus") {
  // Configs written by others (IOS, NX-OS, EOS, FRR, Junos), with the warnings they draw:
  // parsed on several threads, each with its own ANTLR DFA cache.
  namespace fs = std::filesystem;
  size_t snapshots = 0;
  for (const char* corpus : {"tests/fidelity/corpus/labval", "tests/fidelity/corpus/topotests"})
    for (const auto& entry : fs::directory_iterator(std::string(ROUTEFIX_SOURCE_DIR) + "/" + corpus))
      if (fs::is_directory(entry.path() / "configs")) {
        checkSameForEveryThreadCount({"routes", entry.path().string(), "--format", "ndjson"});
        ++snapshots;
      }
  CHECK(snapshots > 100);
}
