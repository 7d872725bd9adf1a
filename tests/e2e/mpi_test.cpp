// `mpirun -np 2 routefix verify` (issue 17): the two processes share the failure scenarios and
// rank 0 prints exactly what one process prints; the commands that do not share work run on
// rank 0 alone. Built only when CMake found MPI (ROUTEFIX_MPIEXEC is its mpirun).
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

// Run as root in CI; one core may host both ranks; no process binding on a shared machine;
// a job that hangs (ranks out of step) is killed and fails the test.
const std::string kTwoRanks = shellQuote(ROUTEFIX_MPIEXEC) +
                              " --allow-run-as-root --oversubscribe --bind-to none --timeout 300 -np 2";

RunResult onTwoRanks(const std::vector<std::string>& args) {
  // runRoutefix puts its `environment` argument in front of the binary: here, the launcher.
  return runRoutefix(args, kTwoRanks);
}

void checkSameAsOneProcess(const std::vector<std::string>& args) {
  CAPTURE(args);
  RunResult one = runRoutefix(args);
  RunResult two = onTwoRanks(args);
  CAPTURE(two.err);
  CHECK(two.exit_code == one.exit_code);
  CHECK(two.out == one.out);
}

}  // namespace

TEST_CASE("mpirun -np 2 verify: the report of one process, on every example and failure count") {
  auto all = routefix::e2e::bundledExamples();
  REQUIRE(all.size() >= 5);
  for (const auto& example : all)
    for (const char* failures : {"1", "2"})
      checkSameAsOneProcess({"verify", example, "--failures", failures, "--format", "json", "--threads", "1"});
}

TEST_CASE("mpirun -np 2 verify: a fat-tree whose intents fail in some scenarios of a window") {
  routefix::e2e::ScratchDir scratch("mpi");
  auto dir = scratch / "fattree";
  std::string gen = std::string(ROUTEFIX_BINARY_DIR) + "/bench/gen_fattree";
  REQUIRE(std::system((shellQuote(gen) + " 4 " + shellQuote(dir.string()) + " >/dev/null 2>&1").c_str()) == 0);
  checkSameAsOneProcess({"verify", dir.string(), "--failures", "2", "--format", "json", "--threads", "1"});
  checkSameAsOneProcess({"verify", dir.string(), "--failures", "2", "--threads", "2"});
}

namespace {
// The document without the solvers' times, the one thing two runs may differ in.
nlohmann::json withoutSeconds(nlohmann::json doc) {
  if (doc.is_object()) doc.erase("seconds");
  if (doc.is_structured())
    for (auto& v : doc) v = withoutSeconds(v);
  return doc;
}
}  // namespace

TEST_CASE("mpirun -np 2 anycast batch: the jobs are split, the document is one process's") {
  std::vector<std::string> args = {"anycast", "batch", "tests/data/anycast/jobs.yaml", "--format", "json"};
  RunResult one = runRoutefix(args);
  RunResult two = onTwoRanks(args);
  CAPTURE(two.err);
  CHECK(two.exit_code == one.exit_code);
  REQUIRE(one.json()["jobs"].size() == 4);
  CHECK(withoutSeconds(two.json()) == withoutSeconds(one.json()));
}

TEST_CASE("mpirun -np 2: other commands run once, on rank 0; bad input is still exit code 2") {
  checkSameAsOneProcess({"routes", "examples/campus-prefix-typo", "--format", "json"});
  RunResult bad = onTwoRanks({"verify", "examples/no-such-snapshot"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("no-such-snapshot") != std::string::npos);
}
