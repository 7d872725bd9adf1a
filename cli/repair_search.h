// The repair search as `routefix repair` and `routefix diagnose` both run it: the job's
// intents, the command's deadline (--timeout from its start), and progress lines on stderr.
#pragma once

#include <iostream>
#include <string>

#include "repair/repair_report.h"

namespace routefix::cli {

inline repair::RepairResult runRepairSearch(const std::string& snapshot, const repair::RepairJob& job,
                                            const verify::Deadline& deadline, const model::SnapshotAccess& access) {
  repair::RepairOptions options;
  options.deadline = deadline;
  options.access = access;
  options.progress = [](const std::string& line) { std::cerr << "routefix: " << line << "\n"; };
  return repair::repairNetwork(snapshot, job.network, job.baseline, job.before, job.intents, options);
}

}  // namespace routefix::cli
