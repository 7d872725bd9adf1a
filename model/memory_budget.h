// How much memory a run may take, and the check that refuses a run whose estimate does not
// fit before it allocates (issue 20: a 2,000-router WAN peaks at 14 GiB; the kernel's OOM
// killer gives CI a SIGKILL and no message). The estimates come from the stages that know
// their data (parser::estimateLoadMemory, sim::estimateSimulationMemory).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace routefix::model {

// The process before it reads anything: code, libraries, allocator arenas (`routes` on a
// bundled example peaks at 16 MiB).
inline constexpr uint64_t kProcessBaseBytes = uint64_t{32} << 20;

struct MemoryBudget {
  uint64_t bytes = 0;  // 0: no limit
  std::string source;  // where the limit comes from, for the message: "--max-memory 2G", ...
};

// What a run is expected to need at its peak, by part, so the message can say why.
struct MemoryEstimate {
  struct Part {
    std::string what;  // "2,040 routing tables of about 18,000,000 routes"
    uint64_t bytes = 0;
  };
  std::vector<Part> parts;

  uint64_t total() const;
  void add(std::string what, uint64_t bytes) { parts.push_back({std::move(what), bytes}); }
  void add(const MemoryEstimate& other) { parts.insert(parts.end(), other.parts.begin(), other.parts.end()); }
};

// "2G", "512M", "1.5GiB", "64k", "1000000" (bytes): binary units (K = 1024), as free(1) and
// cgroups count. "unlimited" (or "none", "0") is no limit. nullopt when not a size.
std::optional<MemoryBudget> parseMemoryBudget(std::string_view text);

// The default limit: what the machine can give without swapping or the OOM killer: the
// smaller of MemAvailable (/proc/meminfo) and the headroom of this process's memory cgroup
// and its ancestors (v2 memory.max, v1 memory.limit_in_bytes, less the usage that is not
// reclaimable page cache). The roots are parameters for tests.
MemoryBudget systemMemoryBudget(const std::filesystem::path& procRoot = "/proc",
                                const std::filesystem::path& cgroupRoot = "/sys/fs/cgroup");

// "1.5 GiB", "300 MiB", "12 KiB", "512 B".
std::string formatBytes(uint64_t bytes);

// Throws model::InputError (exit 2) naming the estimate, its parts, the limit and how to
// override it when `estimate` exceeds `budget`; `stage` says what would have run.
void requireWithinBudget(const MemoryBudget& budget, const MemoryEstimate& estimate, const std::string& stage);

}  // namespace routefix::model
