#include "cli/memory_guard.h"

#include "parser/load_estimate.h"

namespace routefix::cli {

void addMemoryOption(CLI::App& app, std::string& maxMemory) {
  app.add_option("--max-memory", maxMemory,
                 "refuse (exit 2) a run whose memory estimate is larger: SIZE such as 2G or 512M, or "
                 "'unlimited' (default: the memory available, from /proc/meminfo and the cgroup limit)")
      ->check(CLI::Validator(
          [](std::string& text) {
            return model::parseMemoryBudget(text) ? std::string() : "not a size (2G, 512M, unlimited): " + text;
          },
          "SIZE"));
}

MemoryGuard::MemoryGuard(const std::string& maxMemory)
    : budget_(maxMemory.empty() ? model::systemMemoryBudget() : *model::parseMemoryBudget(maxMemory)) {
  loaded_.add("the process", model::kProcessBaseBytes);
}

void MemoryGuard::beforeLoading(const std::filesystem::path& snapshot, const model::SnapshotAccess& access) {
  if (budget_.bytes == 0) return;  // unlimited: not even the measuring read
  parser::ConfigVolume volume = parser::measureConfigs(snapshot, access);
  model::MemoryEstimate loading = loaded_;
  loading.add(parser::loadingMemory(volume));
  model::requireWithinBudget(budget_, loading, "loading " + snapshot.string());
  loaded_.add(parser::modelMemory(volume));
}

void MemoryGuard::beforeSimulating(const model::MemoryEstimate& simulation) const {
  model::MemoryEstimate run = loaded_;
  run.add(simulation);
  model::requireWithinBudget(budget_, run, "simulating the network");
}

}  // namespace routefix::cli
