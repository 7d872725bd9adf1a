// AS-path prepending optimisation: learn each client's sensitivity by polling the exact
// simulator, encode "which session wins" as difference constraints over the prepend counts,
// let Z3 optimise the objective (then the fewest total prepends), confirm the chosen vector
// with the simulator, and feed every disagreement back until prediction = simulation.
//
// Unknown lowest-id tie outcomes are left free for Z3 (the model over-approximates what
// can happen), so when the confirmed prediction matches the simulation, the vector is
// optimal over all vectors within the caps, not just among the polled ones.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "anycast/deployment.h"
#include "anycast/objective.h"
#include "anycast/propagation.h"

namespace routefix::anycast {

struct OptimizeOptions {
  int max_prepend = 3;
  ObjectiveKind objective = ObjectiveKind::Satisfied;
  TieBreak tie_break = TieBreak::LowestId;
  double timeout_seconds = 60;
  std::function<void(const std::string&)> progress;  // optional log lines (stderr in the CLI)
};

enum class OptimizeStatus { Optimal, Timeout, Infeasible };
std::string statusName(OptimizeStatus status);

struct OptimizeResult {
  OptimizeStatus status = OptimizeStatus::Optimal;
  PrependVector prepends;
  std::vector<ClientOutcome> before;  // all-zero prepends, simulated
  std::vector<ClientOutcome> after;   // chosen prepends, simulated
  double objective_before = 0;
  double objective_after = 0;
  std::string message;                // why infeasible / timed out
  // How the answer was found.
  size_t polls = 0;
  size_t refinements = 0;       // re-solves after a prediction mismatch
  size_t sensitive_clients = 0; // client ASes that polling saw with more than one session
  size_t constraint_groups = 0; // distinct client models handed to Z3 in the last round
  bool prediction_matches = false;
};

OptimizeResult optimizePrepends(const AnycastPropagation& propagation, const std::vector<ClientGroup>& clients,
                                const OptimizeOptions& options);

}  // namespace routefix::anycast
