// routefix diagnose SNAPSHOT [--intents FILE] [--timeout S] [--format text|json|sarif|junit|html]
#include <iostream>

#include "cli/command.h"
#include "cli/input_options.h"
#include "cli/memory_guard.h"
#include "cli/repair_search.h"
#include "html/report_pages.h"
#include "repair/diagnosis.h"
#include "repair/repair_report.h"

namespace routefix::cli {
namespace {

struct DiagnoseArgs {
  std::string snapshot;
  std::string intents;
  double timeout = 60;
  std::string format = "text";
  model::SnapshotAccess access;
  std::string max_memory;
  bool allow_no_intents = false;
};

int runDiagnoseCommand(const DiagnoseArgs& args) {
  sim::Deadline deadline = sim::Deadline::in(args.timeout);
  MemoryGuard memory(args.max_memory);
  memory.beforeLoading(args.snapshot, args.access);
  repair::RepairJob job = repair::loadRepairJob(args.snapshot, args.intents, args.access, args.allow_no_intents,
                                                deadline, repairMemoryCheck(memory));
  repair::RepairResult result = runRepairSearch(args.snapshot, job, deadline, args.access);
  auto findings = repair::diagnose(args.snapshot, job.network, job.before, result);
  if (args.format == "json") std::cout << repair::diagnoseJson(findings, result).dump(2) << "\n";
  else if (args.format == "sarif") std::cout << repair::diagnoseSarif(findings, args.snapshot).dump(2) << "\n";
  else if (args.format == "junit") std::cout << repair::diagnoseJunit(findings, job.before);
  else if (args.format == "html")
    std::cout << html::diagnoseHtml(job.network, job.before, findings, result, {args.snapshot, args.access});
  else std::cout << repair::diagnoseText(findings, result);
  return result.status == repair::RepairResult::Status::AlreadySatisfied ? kExitOk : kExitViolated;
}

const RegisterCommand kDiagnose{
    "diagnose", "config lines to blame for violated intents, from a minimal verified repair",
    [](CLI::App& app) {
      auto args = std::make_shared<DiagnoseArgs>();
      app.add_option("snapshot", args->snapshot, "snapshot directory")->required();
      app.add_option("--intents", args->intents,
                     "intents file (YAML or JSON); default SNAPSHOT/intents.yaml or intents.json");
      addTimeoutOption(app, args->timeout, "seconds for the whole run, checks included (default 60)");
      addAccessOption(app, args->access);
      addMemoryOption(app, args->max_memory);
      addNoIntentsOption(app, args->allow_no_intents);
      app.add_option("--format", args->format, "text|json|sarif|junit|html (one self-contained page)")
          ->check(CLI::IsMember({"text", "json", "sarif", "junit", "html"}));
      return [args] { return runDiagnoseCommand(*args); };
    }};

}  // namespace
}  // namespace routefix::cli
