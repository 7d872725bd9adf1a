// The whole `verify` job: simulate, check every intent (under failures where asked), run the
// hygiene checks, and hand back one report the formats in verify_report.h print.
#pragma once

#include <optional>
#include <vector>

#include "model/network.h"
#include "sim/dataplane.h"
#include "verify/failure_scenarios.h"
#include "verify/hygiene.h"
#include "verify/intent.h"

namespace routefix::verify {

struct VerifyOptions {
  uint32_t failures = 0;  // --failures K: applies to every intent (max with the intent's own)
  bool hygiene = false;   // run the hygiene checks even when intents are given
  Progress progress;      // long runs report here (stderr in the CLI)
  sim::Deadline deadline;      // --timeout: past it, runVerify throws TimeLimitExceeded
  unsigned threads = 1;   // --threads: intents and failure scenarios checked in parallel
  cluster::ProcessGroup processes;  // an MPI job's processes share the failure scenarios
};

struct IntentReport {
  Intent intent;
  bool holds = true;
  std::optional<Counterexample> counterexample;
  uint32_t failures = 0;  // the budget it was checked with (failureBudget)
  uint64_t scenarios_checked = 0;
};

struct VerifyReport {
  std::vector<IntentReport> intents;
  std::vector<HygieneFinding> hygiene;
  bool hygiene_run = false;
  ScenarioStats scenarios;
  bool converged = true;
  std::vector<std::string> simulation_warnings;

  bool allHold() const;  // every intent holds and no hygiene finding
};

// Runs the hygiene checks when `intents` is empty or options.hygiene is set.
VerifyReport runVerify(const model::Network& network, const std::vector<Intent>& intents,
                       const VerifyOptions& options);
// Same, on a data plane simulated already (without failures).
VerifyReport runVerify(const model::Network& network, const sim::DataPlane& baseline,
                       const std::vector<Intent>& intents, const VerifyOptions& options);

}  // namespace routefix::verify
