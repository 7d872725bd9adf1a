// The repair search as `routefix repair` and `routefix diagnose` both run it: the job's
// intents, the command's deadline (--timeout from its start), and progress lines on stderr.
#pragma once

#include <iostream>
#include <string>

#include "cli/memory_guard.h"
#include "repair/repair_report.h"
#include "sim/memory_estimate.h"
#include "verify/failure_scenarios.h"

namespace routefix::cli {

// The memory check between loading the job and its first simulation: the baseline and one
// candidate are simulated and alive together.
inline repair::BeforeSimulating repairMemoryCheck(const MemoryGuard& memory) {
  return [&memory](const model::Network& network, const std::vector<verify::Intent>& intents) {
    memory.beforeSimulating(sim::estimateSimulationMemory(
        network, {.networks = 2, .failure_scenarios = verify::anyFailureScenarios(network, intents, 0)}));
  };
}

inline repair::RepairResult runRepairSearch(const std::string& snapshot, const repair::RepairJob& job,
                                            const sim::Deadline& deadline, const model::SnapshotAccess& access) {
  repair::RepairOptions options;
  options.deadline = deadline;
  options.access = access;
  options.progress = [](const std::string& line) { std::cerr << "routefix: " << line << "\n"; };
  options.keep_solver_until_exit = true;  // the command exits after this one search
  return repair::repairNetwork(snapshot, job.network, job.baseline, job.before, job.intents, options);
}

}  // namespace routefix::cli
