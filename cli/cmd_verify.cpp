// routefix verify SNAPSHOT [--intents FILE] [--failures K] [--timeout S] [--threads N] [--hygiene] [--format ...]
#include <iostream>

#include "cli/command.h"
#include "cli/input_options.h"
#include "cli/memory_guard.h"
#include "cluster/process_group.h"
#include "html/report_pages.h"
#include "parser/parser.h"
#include "sim/memory_estimate.h"
#include "verify/failure_scenarios.h"
#include "verify/intent_loader.h"
#include "verify/verifier.h"
#include "verify/verify_report.h"

namespace routefix::cli {
namespace {

struct VerifyArgs {
  std::string snapshot;
  std::string intents;
  uint32_t failures = 0;
  double timeout = 0;  // seconds; 0: no limit
  bool hygiene = false;
  std::string format = "text";
  model::SnapshotAccess access;
  std::string max_memory;
  bool allow_no_intents = false;
  unsigned threads = 1;
};

int runVerifyCommand(const VerifyArgs& args) {
  sim::Deadline deadline = deadlineIn(args.timeout);
  MemoryGuard memory(args.max_memory);
  memory.beforeLoading(args.snapshot, args.access);
  model::Network network = parser::loadSnapshot(args.snapshot, args.access, args.threads);
  std::vector<verify::Intent> intents;
  if (!args.intents.empty()) {
    intents = verify::loadIntents(args.intents, network, args.allow_no_intents);
  } else if (auto file = verify::defaultIntentsFile(args.snapshot, args.access)) {
    intents = verify::loadIntents(*file, network, args.allow_no_intents);
  }
  verify::VerifyOptions options;
  options.failures = args.failures;
  options.hygiene = args.hygiene;
  options.deadline = deadline;
  options.threads = args.threads;
  options.processes = cluster::ProcessGroup::current();
  options.progress = [](const std::string& line) { std::cerr << "routefix: " << line << "\n"; };
  memory.beforeSimulating(sim::estimateSimulationMemory(
      network, {.failure_scenarios = verify::anyFailureScenarios(network, intents, args.failures)}));
  verify::VerifyReport report = verify::runVerify(network, intents, options);

  if (args.format == "json") std::cout << verify::verifyJson(report).dump(2) << "\n";
  else if (args.format == "sarif") std::cout << verify::verifySarif(report, args.snapshot).dump(2) << "\n";
  else if (args.format == "codequality") std::cout << verify::verifyCodeQuality(report, args.snapshot).dump(2) << "\n";
  else if (args.format == "junit") std::cout << verify::verifyJunit(report);
  else if (args.format == "html") std::cout << html::verifyHtml(network, report, {args.snapshot, args.access});
  else std::cout << verify::verifyText(report);
  return report.allHold() ? kExitOk : kExitViolated;
}

const RegisterCommand kVerify{
    "verify", "check intents (and hygiene) on the simulated network", SharesWork::AcrossProcesses, [](CLI::App& app) {
      auto args = std::make_shared<VerifyArgs>();
      app.add_option("snapshot", args->snapshot, "snapshot directory")->required();
      app.add_option("--intents", args->intents,
                     "intents file (YAML or JSON); default SNAPSHOT/intents.yaml or intents.json");
      app.add_option("--failures", args->failures,
                     "every intent must hold under any K simultaneous link failures (at most every link)");
      addTimeoutOption(app, args->timeout, "seconds for the whole check (default: no limit)");
      addThreadsOption(app, args->threads);
      addAccessOption(app, args->access);
      addMemoryOption(app, args->max_memory);
      addNoIntentsOption(app, args->allow_no_intents);
      app.add_flag("--hygiene", args->hygiene,
                   "also run the built-in hygiene checks (always run when there are no intents)");
      app.add_option("--format", args->format,
                     "text|json|sarif|junit|codequality (GitLab Code Quality)|html (one self-contained page)")
          ->check(CLI::IsMember({"text", "json", "sarif", "junit", "codequality", "html"}));
      return [args] { return runVerifyCommand(*args); };
    }};

}  // namespace
}  // namespace routefix::cli
