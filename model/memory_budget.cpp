#include "model/memory_budget.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>

#include "model/input_error.h"

namespace routefix::model {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t kKiB = 1024;

// A cgroup limit at or above this is "max" written as a number (v1 writes 2^63 rounded to
// pages).
constexpr uint64_t kNoCgroupLimit = uint64_t{1} << 60;

std::optional<uint64_t> readNumber(const fs::path& file) {
  std::ifstream in(file);
  uint64_t value = 0;
  if (in >> value) return value;
  return std::nullopt;
}

// The value of `key` in a "key value" file (memory.stat) or a "Key: value kB" one (meminfo).
std::optional<uint64_t> readField(const fs::path& file, std::string_view key) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.starts_with(key) || line.size() == key.size()) continue;
    std::string rest = line.substr(key.size());
    if (rest[0] != ' ' && rest[0] != ':') continue;
    std::istringstream fields(rest.substr(rest[0] == ':' ? 1 : 0));
    uint64_t value = 0;
    std::string unit;
    if (!(fields >> value)) return std::nullopt;
    fields >> unit;
    return unit == "kB" ? value * kKiB : value;
  }
  return std::nullopt;
}

// The cgroup path of this process for the v2 hierarchy ("0::/a/b") or the v1 memory
// controller ("4:memory:/a/b"), relative to the hierarchy's root.
std::optional<std::string> ownCgroup(const fs::path& procRoot, bool v2) {
  std::ifstream in(procRoot / "self" / "cgroup");
  std::string line;
  while (std::getline(in, line)) {
    size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    std::string controllers = line.substr(first + 1, second - first - 1);
    bool match = v2 ? line.substr(0, first) == "0" && controllers.empty()
                    : ("," + controllers + ",").find(",memory,") != std::string::npos;
    if (match) return line.substr(second + 1);
  }
  return std::nullopt;
}

// The groups whose limits apply to this process: its own and every ancestor below `root`.
// Inside a cgroup namespace (a container) /proc/self/cgroup names a path the mount does not
// show; the mount's root is then this process's group.
std::vector<fs::path> groupsUpFrom(const fs::path& root, const std::optional<std::string>& own) {
  std::vector<fs::path> groups;
  std::error_code ec;
  if (own && own->size() > 1) {
    fs::path dir = root / fs::path(*own).relative_path();
    if (fs::is_directory(dir, ec))
      for (; dir != root && dir.has_relative_path(); dir = dir.parent_path()) groups.push_back(dir);
  }
  groups.push_back(root);
  return groups;
}

struct CgroupFiles {
  const char* limit;
  const char* usage;
  const char* inactive_file;  // in memory.stat
};

// The smallest headroom among the groups: limit minus usage, where page cache the kernel can
// drop (inactive file pages) does not count as used.
std::optional<uint64_t> cgroupHeadroom(const std::vector<fs::path>& groups, const CgroupFiles& names) {
  std::optional<uint64_t> smallest;
  for (const auto& dir : groups) {
    auto limit = readNumber(dir / names.limit);  // v2 "max" is not a number: no limit
    if (!limit || *limit >= kNoCgroupLimit) continue;
    uint64_t used = readNumber(dir / names.usage).value_or(0);
    uint64_t reclaimable = readField(dir / "memory.stat", names.inactive_file).value_or(0);
    used -= std::min(used, reclaimable);
    uint64_t headroom = *limit > used ? *limit - used : 0;
    if (!smallest || headroom < *smallest) smallest = headroom;
  }
  return smallest;
}

}  // namespace

uint64_t MemoryEstimate::total() const {
  uint64_t sum = 0;
  for (const auto& p : parts) sum += p.bytes;
  return sum;
}

std::optional<MemoryBudget> parseMemoryBudget(std::string_view text) {
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "unlimited" || lower == "none" || lower == "0") return MemoryBudget{0, "--max-memory " + lower};
  size_t used = 0;
  double number = 0;
  try {
    number = std::stod(lower, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  std::string unit = lower.substr(used);
  if (unit.ends_with("ib")) unit.resize(unit.size() - 2);
  else if (unit.size() > 1 && unit.ends_with("b")) unit.resize(unit.size() - 1);
  static const std::string kUnits = "bkmgt";
  size_t power = unit.empty() ? 0 : kUnits.find(unit);
  if (unit.size() > 1 || power == std::string::npos) return std::nullopt;
  double bytes = number * std::pow(1024.0, static_cast<double>(power));
  if (!std::isfinite(bytes) || bytes < 1 || bytes > 1e18) return std::nullopt;
  return MemoryBudget{static_cast<uint64_t>(bytes), "--max-memory " + std::string(text)};
}

MemoryBudget systemMemoryBudget(const fs::path& procRoot, const fs::path& cgroupRoot) {
  MemoryBudget budget;
  if (auto available = readField(procRoot / "meminfo", "MemAvailable"))
    budget = {*available, "MemAvailable in /proc/meminfo"};
  auto consider = [&](std::optional<uint64_t> headroom, const std::string& source) {
    if (headroom && (budget.bytes == 0 || *headroom < budget.bytes)) budget = {*headroom, source};
  };
  consider(cgroupHeadroom(groupsUpFrom(cgroupRoot, ownCgroup(procRoot, true)),
                          {"memory.max", "memory.current", "inactive_file"}),
           "the memory cgroup's memory.max less its usage");
  consider(cgroupHeadroom(groupsUpFrom(cgroupRoot / "memory", ownCgroup(procRoot, false)),
                          {"memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file"}),
           "the memory cgroup's memory.limit_in_bytes less its usage");
  return budget;
}

std::string formatBytes(uint64_t bytes) {
  static const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(kUnits)) {
    value /= 1024;
    ++unit;
  }
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(unit == 0 || value >= 100 ? 0 : 1);
  out << value << " " << kUnits[unit];
  return out.str();
}

void requireWithinBudget(const MemoryBudget& budget, const MemoryEstimate& estimate, const std::string& stage) {
  uint64_t total = estimate.total();
  if (budget.bytes == 0 || total <= budget.bytes) return;
  std::string parts;
  for (const auto& p : estimate.parts)
    if (p.bytes > 0) parts += (parts.empty() ? "" : "; ") + p.what + ": " + formatBytes(p.bytes);
  // A size above the estimate with room to spare, in the flag's own syntax.
  uint64_t suggestion = (total + total / 4) / (kKiB * kKiB * kKiB) + 1;
  throw InputError(stage + " would need about " + formatBytes(total) + " of memory (estimate: " + parts +
                   "), more than the " + formatBytes(budget.bytes) + " allowed by " + budget.source +
                   "; nothing was run. Give --max-memory " + std::to_string(suggestion) +
                   "G (or --max-memory unlimited) to run it anyway");
}

}  // namespace routefix::model
