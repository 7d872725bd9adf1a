// --max-memory: every command that simulates checks, before loading each snapshot and
// before simulating, that the run's memory estimate fits its budget (README "Bounds on time
// and memory"), and stops with exit 2 and a message when it does not, so CI gets a reason
// instead of the kernel's SIGKILL.
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <string>

#include "model/input_file.h"
#include "model/memory_budget.h"

namespace routefix::cli {

// --max-memory SIZE ("2G", "512M", "unlimited"); the default is what the machine has
// available (model::systemMemoryBudget).
void addMemoryOption(CLI::App& app, std::string& maxMemory);

class MemoryGuard {
 public:
  explicit MemoryGuard(const std::string& maxMemory);

  // Refuses to load the snapshot when loading it, next to what was loaded before, would not
  // fit; then counts its model as loaded.
  void beforeLoading(const std::filesystem::path& snapshot, const model::SnapshotAccess& access);
  // Refuses to simulate when the models loaded and `simulation` would not fit.
  void beforeSimulating(const model::MemoryEstimate& simulation) const;

 private:
  model::MemoryBudget budget_;
  model::MemoryEstimate loaded_;  // the process and the models of the snapshots loaded
};

}  // namespace routefix::cli
