// routefix repair SNAPSHOT [--intents FILE] [--out DIR] [--timeout S] [--format text|json|html]
#include <iostream>

#include "cli/command.h"
#include "cli/input_options.h"
#include "cli/memory_guard.h"
#include "cli/repair_search.h"
#include "html/report_pages.h"
#include "repair/patched_snapshot.h"
#include "repair/repair_report.h"

namespace routefix::cli {
namespace {

struct RepairArgs {
  std::string snapshot;
  std::string intents;
  std::string out;
  double timeout = 60;
  std::string format = "text";
  bool force = false;
  model::SnapshotAccess access;
  std::string max_memory;
  bool allow_no_intents = false;
};

int runRepairCommand(const RepairArgs& args) {
  // --out is checked before a search that may run for minutes, and again when written.
  if (!args.out.empty()) repair::checkOutDirectory(args.snapshot, args.out, args.force);
  sim::Deadline deadline = sim::Deadline::in(args.timeout);
  MemoryGuard memory(args.max_memory);
  memory.beforeLoading(args.snapshot, args.access);
  repair::RepairJob job = repair::loadRepairJob(args.snapshot, args.intents, args.access, args.allow_no_intents,
                                                deadline, repairMemoryCheck(memory));
  repair::RepairResult result = runRepairSearch(args.snapshot, job, deadline, args.access);
  std::cerr << "routefix: repair " << repair::statusName(result.status) << " after " << result.rounds
            << " round(s), " << result.seconds << " s, region " << result.region_nodes << " nodes, "
            << result.knobs << " knobs\n";
  bool success = result.status != repair::RepairResult::Status::NoRepair;
  if (!args.out.empty() && success) {
    repair::writeSnapshotAtomically(args.snapshot, args.out, result.patched, args.force);
    std::cerr << "routefix: wrote the patched snapshot to " << args.out << "\n";
  }
  if (args.format == "json") std::cout << repair::repairJson(result).dump(2) << "\n";
  else if (args.format == "html") std::cout << html::repairHtml(job.network, job.before, result, {args.snapshot, args.access});
  else std::cout << repair::repairText(result);
  return success ? kExitOk : kExitViolated;
}

const RegisterCommand kRepair{
    "repair", "minimal configuration patch that makes every intent hold, verified",
    [](CLI::App& app) {
      auto args = std::make_shared<RepairArgs>();
      app.add_option("snapshot", args->snapshot, "snapshot directory")->required();
      app.add_option("--intents", args->intents,
                     "intents file (YAML or JSON); default SNAPSHOT/intents.yaml or intents.json");
      app.add_option("--out", args->out, "write the whole patched snapshot to this directory");
      app.add_flag("--force", args->force,
                   "replace an existing, non-empty --out directory (only one that holds a snapshot)");
      addTimeoutOption(app, args->timeout, "seconds for the whole run, checks included (default 60)");
      addAccessOption(app, args->access);
      addMemoryOption(app, args->max_memory);
      addNoIntentsOption(app, args->allow_no_intents);
      app.add_option("--format", args->format, "text|json|html (one self-contained page)")
          ->check(CLI::IsMember({"text", "json", "html"}));
      return [args] { return runRepairCommand(*args); };
    }};

}  // namespace
}  // namespace routefix::cli
