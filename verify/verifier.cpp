#include "verify/verifier.h"

namespace routefix::verify {

bool VerifyReport::allHold() const {
  for (const auto& i : intents)
    if (!i.holds) return false;
  return hygiene.empty();
}

VerifyReport runVerify(const model::Network& network, const std::vector<Intent>& intents,
                       const VerifyOptions& options) {
  if (options.progress) options.progress("simulating " + std::to_string(network.devices.size()) + " devices");
  sim::DataPlane baseline = sim::simulate(network, {.deadline = options.deadline});
  return runVerify(network, baseline, intents, options);
}

VerifyReport runVerify(const model::Network& network, const sim::DataPlane& baseline,
                       const std::vector<Intent>& intents, const VerifyOptions& options) {
  VerifyReport report;
  report.converged = baseline.converged;
  report.simulation_warnings = baseline.warnings;
  if (options.progress && !intents.empty())
    options.progress("checking " + std::to_string(intents.size()) + " intent(s)");
  auto verdicts = checkUnderFailures(network, baseline, intents, options.failures, report.scenarios,
                                     options.progress, options.deadline, options.threads, options.processes);
  for (size_t i = 0; i < intents.size(); ++i) {
    IntentReport r;
    r.intent = intents[i];
    r.holds = verdicts[i].result.holds;
    r.counterexample = std::move(verdicts[i].result.counterexample);
    r.failures = failureBudget(network, intents[i], options.failures);
    r.scenarios_checked = verdicts[i].scenarios_checked;
    report.intents.push_back(std::move(r));
  }
  if (intents.empty() || options.hygiene) {
    report.hygiene_run = true;
    report.hygiene = checkHygiene(network, baseline);
  }
  return report;
}

}  // namespace routefix::verify
