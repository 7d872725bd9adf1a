// The repair search as `routefix repair` and `routefix diagnose` both run it: the job's
// intents, a time limit, and progress lines on stderr.
#pragma once

#include <iostream>
#include <string>

#include "repair/repair_report.h"

namespace routefix::cli {

inline repair::RepairResult runRepairSearch(const std::string& snapshot, const repair::RepairJob& job,
                                            double timeoutSeconds, const model::SnapshotAccess& access) {
  repair::RepairOptions options;
  options.timeout_seconds = timeoutSeconds;
  options.access = access;
  options.progress = [](const std::string& line) { std::cerr << "routefix: " << line << "\n"; };
  return repair::repairNetwork(snapshot, job.network, job.baseline, job.before, job.intents, options);
}

}  // namespace routefix::cli
