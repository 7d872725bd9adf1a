// A run whose memory estimate exceeds --max-memory (default: the memory available) stops
// with exit 2 and a message before it loads or simulates, and writes nothing (issue 20:
// the kernel's OOM killer gave CI a SIGKILL instead).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/e2e/run_routefix.h"
#include "tests/e2e/scratch_dir.h"

using routefix::e2e::RunResult;
using routefix::e2e::runRoutefix;
using routefix::e2e::ScratchDir;

namespace {

const std::string kSnapshot = "examples/campus-prefix-typo";

void checkRefused(const RunResult& r, const std::string& stage, const std::string& limit) {
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find(stage + " would need about ") != std::string::npos);
  CHECK(r.err.find("allowed by --max-memory " + limit) != std::string::npos);
  CHECK(r.err.find("Give --max-memory ") != std::string::npos);
}

}  // namespace

TEST_CASE("every command that loads a snapshot refuses one that does not fit, before loading it") {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"parse", kSnapshot},
           {"routes", kSnapshot, "--format", "json"},
           {"trace", kSnapshot, "--from", "site-a", "--to", "10.30.0.1"},
           {"draw", kSnapshot, "--from", "site-a", "--to", "10.30.0.1", "--format", "svg"},
           {"verify", kSnapshot, "--format", "json"},
           {"diff", kSnapshot, kSnapshot},
           {"diagnose", kSnapshot},
       }) {
    CAPTURE(args[0]);
    std::vector<std::string> withLimit = args;
    withLimit.insert(withLimit.end(), {"--max-memory", "1M"});
    checkRefused(runRoutefix(withLimit), "loading " + kSnapshot, "1M");
    // The same run with room (or no limit) works as before.
    withLimit.back() = "unlimited";
    CHECK(runRoutefix(withLimit).exit_code != 2);
  }
}

TEST_CASE("repair over its budget writes no --out snapshot") {
  ScratchDir scratch("memory-repair");
  auto out = scratch / "patched";
  auto r = runRoutefix({"repair", kSnapshot, "--out", out.string(), "--max-memory", "1M"});
  checkRefused(r, "loading " + kSnapshot, "1M");
  CHECK_FALSE(std::filesystem::exists(out));
  CHECK(std::filesystem::is_empty(scratch.root()));
}

TEST_CASE("a snapshot that loads within the budget but whose routing would not is stopped before simulating") {
  // 20,000 announced prefixes: a small file to read, but every router may carry them all.
  ScratchDir scratch("memory-wide");
  auto snap = scratch.copy(kSnapshot, "wide");
  std::string externals = "{\"announcements\": [\n";
  for (int i = 0; i < 20000; ++i)
    externals += std::string(i ? ",\n" : "") + "{\"node\": \"core\", \"peer\": \"203.0.113.9\", \"prefix\": \"100." +
                 std::to_string(64 + i / 256) + "." + std::to_string(i % 256) + ".0/24\", \"as_path\": [64999, 15169]}";
  scratch.write("wide/external.json", externals + "\n]}\n");

  auto r = runRoutefix({"routes", snap.string(), "--format", "json", "--max-memory", "64M"});
  checkRefused(r, "simulating the network", "64M");
  CHECK(r.err.find("routing tables of up to ") != std::string::npos);
  auto roomy = runRoutefix({"routes", snap.string(), "--node", "core", "--max-memory", "2G"});
  CHECK(roomy.exit_code == 0);
}

TEST_CASE("--max-memory takes sizes, not anything") {
  for (const char* bad : {"lots", "2X", "nan"}) {
    CAPTURE(bad);
    auto r = runRoutefix({"routes", kSnapshot, "--max-memory", bad});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("--max-memory") != std::string::npos);
  }
  CHECK(runRoutefix({"routes", kSnapshot, "--max-memory", "512M"}).exit_code == 0);
  CHECK(runRoutefix({"routes", kSnapshot, "--max-memory", "1.5GiB"}).exit_code == 0);
}
