// AS-path prepending optimisation: build the exact route model of every AS from the graph
// (route_model.h: per-session distances in the AS's fixed route class, and the lowest-id
// winner as a function of the tie set), encode it for Z3 (route_encoding.h), let Z3 optimise
// the objective (then the fewest total prepends) in one MaxSAT call, and confirm the chosen
// vector with the simulator. The model has no free or learned parts, so "optimal" means
// optimal over every vector within the caps; a simulation that disagrees with the model is
// an internal error, never silently accepted.
#pragma once

#include <functional>
#include <optional>
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
  // Satisfied under lowest-id: no vector within the caps does better than this (the weight
  // of constant clients at target plus, per conflict clique, its heaviest member).
  std::optional<double> objective_bound;
  std::string message;                // why infeasible / timed out
  // How the answer was found.
  size_t polls = 0;             // simulator runs (baseline, fallback descent, confirmation)
  size_t refinements = 0;       // always 0: the model is exact (kept for the JSON report)
  size_t sensitive_clients = 0; // client ASes with more than one session that can win
  size_t constraint_groups = 0; // soft-constraint groups handed to Z3
  bool prediction_matches = false;
};

OptimizeResult optimizePrepends(const AnycastPropagation& propagation, const std::vector<ClientGroup>& clients,
                                const OptimizeOptions& options);

}  // namespace routefix::anycast
