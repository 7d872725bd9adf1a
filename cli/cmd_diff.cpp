// routefix diff OLD NEW [--intents FILE] [--timeout S] [--format ...]: what a change changes.
#include <iostream>

#include "cli/command.h"
#include "cli/input_options.h"
#include "cli/memory_guard.h"
#include "html/report_pages.h"
#include "parser/parser.h"
#include "sim/memory_estimate.h"
#include "verify/failure_scenarios.h"
#include "verify/diff.h"
#include "verify/intent_loader.h"
#include "verify/verifier.h"

namespace routefix::cli {
namespace {

struct DiffArgs {
  std::string old_snapshot;
  std::string new_snapshot;
  std::string intents;
  double timeout = 0;  // seconds; 0: no limit
  std::string format = "text";
  model::SnapshotAccess access;
  std::string max_memory;
  bool allow_no_intents = false;
  unsigned threads = 1;
};

int runDiffCommand(const DiffArgs& args) {
  sim::Deadline deadline = deadlineIn(args.timeout);
  MemoryGuard memory(args.max_memory);
  memory.beforeLoading(args.old_snapshot, args.access);
  model::Network oldNet = parser::loadSnapshot(args.old_snapshot, args.access, args.threads);
  memory.beforeLoading(args.new_snapshot, args.access);
  model::Network newNet = parser::loadSnapshot(args.new_snapshot, args.access, args.threads);

  // The same intents judge both sides: --intents, else the NEW snapshot's default file.
  std::optional<std::filesystem::path> intentsFile;
  if (!args.intents.empty()) intentsFile = std::filesystem::path(args.intents);
  else intentsFile = verify::defaultIntentsFile(args.new_snapshot, args.access);
  std::vector<verify::Intent> oldIntents, newIntents;
  if (intentsFile) {
    oldIntents = verify::loadIntents(*intentsFile, oldNet, args.allow_no_intents);
    newIntents = verify::loadIntents(*intentsFile, newNet, args.allow_no_intents);
  }
  // Both simulations are alive together.
  model::MemoryEstimate simulations =
      sim::estimateSimulationMemory(oldNet, {.failure_scenarios = verify::anyFailureScenarios(oldNet, oldIntents, 0)});
  simulations.add(
      sim::estimateSimulationMemory(newNet, {.failure_scenarios = verify::anyFailureScenarios(newNet, newIntents, 0)}));
  memory.beforeSimulating(simulations);

  auto progress = [](const std::string& line) { std::cerr << "routefix: " << line << "\n"; };
  progress("simulating the old snapshot");
  sim::DataPlane oldDp = sim::simulate(oldNet, {.deadline = deadline});
  progress("simulating the new snapshot");
  sim::DataPlane newDp = sim::simulate(newNet, {.deadline = deadline});
  std::optional<verify::VerifyReport> oldReport, newReport;
  if (intentsFile) {
    verify::VerifyOptions options;
    options.progress = progress;
    options.deadline = deadline;
    options.threads = args.threads;
    oldReport = verify::runVerify(oldNet, oldDp, oldIntents, options);
    newReport = verify::runVerify(newNet, newDp, newIntents, options);
  }
  progress("comparing routes and reachability");
  verify::DiffReport diff = verify::diffSnapshots(oldNet, oldDp, newNet, newDp,
                                                  oldReport ? &*oldReport : nullptr,
                                                  newReport ? &*newReport : nullptr);
  if (args.format == "json") std::cout << verify::diffJson(diff).dump(2) << "\n";
  else if (args.format == "sarif") std::cout << verify::diffSarif(diff, args.new_snapshot).dump(2) << "\n";
  else if (args.format == "codequality") std::cout << verify::diffCodeQuality(diff, args.new_snapshot).dump(2) << "\n";
  else if (args.format == "junit") std::cout << verify::diffJunit(diff);
  else if (args.format == "html") std::cout << html::diffHtml(newNet, diff, args.old_snapshot, {args.new_snapshot, args.access});
  else std::cout << verify::diffText(diff);
  bool violated = newReport && !std::all_of(newReport->intents.begin(), newReport->intents.end(),
                                            [](const verify::IntentReport& r) { return r.holds; });
  return violated ? kExitViolated : kExitOk;
}

const RegisterCommand kDiff{
    "diff", "what a change changes: routes, reachability, intent status", [](CLI::App& app) {
      auto args = std::make_shared<DiffArgs>();
      app.add_option("old", args->old_snapshot, "snapshot before the change")->required();
      app.add_option("new", args->new_snapshot, "snapshot after the change")->required();
      app.add_option("--intents", args->intents,
                     "intents judged on both sides; default NEW/intents.yaml or intents.json");
      addTimeoutOption(app, args->timeout, "seconds for both checks together (default: no limit)");
      addThreadsOption(app, args->threads);
      addAccessOption(app, args->access);
      addMemoryOption(app, args->max_memory);
      addNoIntentsOption(app, args->allow_no_intents);
      app.add_option("--format", args->format,
                     "text|json|sarif|junit|codequality (GitLab Code Quality)|html (one self-contained page)")
          ->check(CLI::IsMember({"text", "json", "sarif", "junit", "codequality", "html"}));
      return [args] { return runDiffCommand(*args); };
    }};

}  // namespace
}  // namespace routefix::cli
