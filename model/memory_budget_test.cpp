#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "model/input_error.h"
#include "model/memory_budget.h"

using namespace routefix::model;
namespace fs = std::filesystem;

namespace {

constexpr uint64_t kGiB = uint64_t{1} << 30;

// A fake /proc and /sys/fs/cgroup under the temp directory, removed at the end.
struct FakeSystem {
  fs::path root = fs::temp_directory_path() / ("routefix-memory-" + std::to_string(::getpid()));
  FakeSystem() { fs::remove_all(root); }
  ~FakeSystem() { fs::remove_all(root); }
  void write(const std::string& relative, const std::string& text) const {
    fs::create_directories((root / relative).parent_path());
    std::ofstream(root / relative) << text;
  }
  MemoryBudget budget() const { return systemMemoryBudget(root / "proc", root / "cgroup"); }
};

}  // namespace

TEST_CASE("--max-memory sizes: binary units, unlimited, junk refused") {
  CHECK(parseMemoryBudget("2G")->bytes == 2 * kGiB);
  CHECK(parseMemoryBudget("512M")->bytes == 512ull << 20);
  CHECK(parseMemoryBudget("1.5GiB")->bytes == 3 * kGiB / 2);
  CHECK(parseMemoryBudget("64k")->bytes == 64 * 1024);
  CHECK(parseMemoryBudget("1000")->bytes == 1000);
  CHECK(parseMemoryBudget("1000B")->bytes == 1000);
  CHECK(parseMemoryBudget("2G")->source == "--max-memory 2G");
  CHECK(parseMemoryBudget("unlimited")->bytes == 0);
  CHECK(parseMemoryBudget("0")->bytes == 0);
  for (const char* bad : {"", "G", "2X", "-1G", "2GG", "nan", "inf", "1e30G", "0.1"}) {
    CAPTURE(bad);
    CHECK_FALSE(parseMemoryBudget(bad));
  }
}

TEST_CASE("the default budget: MemAvailable, or a smaller cgroup headroom (v2, v1, ancestors)") {
  FakeSystem sys;
  sys.write("proc/meminfo", "MemTotal:       24683748 kB\nMemAvailable:    8388608 kB\n");

  SUBCASE("no cgroup limit: MemAvailable") {
    sys.write("proc/self/cgroup", "0::/\n");
    sys.write("cgroup/memory.max", "max\n");
    CHECK(sys.budget().bytes == 8 * kGiB);
    CHECK(sys.budget().source == "MemAvailable in /proc/meminfo");
  }
  SUBCASE("v2: memory.max less the usage that is not inactive page cache, the smallest up the tree") {
    sys.write("proc/self/cgroup", "0::/ci/job\n");
    sys.write("cgroup/ci/memory.max", std::to_string(6 * kGiB) + "\n");
    sys.write("cgroup/ci/memory.current", std::to_string(1 * kGiB) + "\n");
    sys.write("cgroup/ci/job/memory.max", std::to_string(4 * kGiB) + "\n");
    sys.write("cgroup/ci/job/memory.current", std::to_string(2 * kGiB) + "\n");
    sys.write("cgroup/ci/job/memory.stat", "anon 1\ninactive_file " + std::to_string(kGiB) + "\n");
    CHECK(sys.budget().bytes == 3 * kGiB);  // job: 4 - (2 - 1); ci: 6 - 1
    CHECK(sys.budget().source.find("memory.max") != std::string::npos);
  }
  SUBCASE("v1 inside a cgroup namespace: the mount's root is the process's group") {
    sys.write("proc/self/cgroup", "4:memory:/process_api/abc\n0::/\n");
    sys.write("cgroup/memory/memory.limit_in_bytes", std::to_string(2 * kGiB) + "\n");
    sys.write("cgroup/memory/memory.usage_in_bytes", std::to_string(kGiB / 2) + "\n");
    sys.write("cgroup/memory/memory.stat", "total_inactive_file 0\n");
    CHECK(sys.budget().bytes == 3 * kGiB / 2);
    CHECK(sys.budget().source.find("memory.limit_in_bytes") != std::string::npos);
  }
  SUBCASE("v1 without a limit writes a huge number") {
    sys.write("proc/self/cgroup", "4:memory:/\n");
    sys.write("cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
    CHECK(sys.budget().bytes == 8 * kGiB);
  }
  SUBCASE("nothing readable: no limit") {
    fs::remove(sys.root / "proc/meminfo");
    CHECK(sys.budget().bytes == 0);
  }
}

TEST_CASE("a run over its budget is an input error naming the estimate, its parts, the limit and the way out") {
  MemoryEstimate estimate;
  estimate.add("the process", 48ull << 20);
  estimate.add("2,040 routing tables of up to 18,000,000 routes", 14 * kGiB);
  CHECK(estimate.total() == 14 * kGiB + (48ull << 20));
  CHECK_NOTHROW(requireWithinBudget(*parseMemoryBudget("16G"), estimate, "simulating the network"));
  CHECK_NOTHROW(requireWithinBudget(*parseMemoryBudget("unlimited"), estimate, "simulating the network"));
  try {
    requireWithinBudget(*parseMemoryBudget("2G"), estimate, "simulating the network");
    FAIL("no error");
  } catch (const InputError& e) {
    std::string message = e.what();
    CHECK(message.find("simulating the network would need about 14.0 GiB") == 0);
    CHECK(message.find("2,040 routing tables of up to 18,000,000 routes: 14.0 GiB") != std::string::npos);
    CHECK(message.find("more than the 2.0 GiB allowed by --max-memory 2G") != std::string::npos);
    CHECK(message.find("--max-memory 18G") != std::string::npos);
  }
}

TEST_CASE("byte counts read as people write them") {
  CHECK(formatBytes(512) == "512 B");
  CHECK(formatBytes(1536) == "1.5 KiB");
  CHECK(formatBytes(300ull << 20) == "300 MiB");
  CHECK(formatBytes(14 * kGiB) == "14.0 GiB");
}
