// AS-path prepending optimisation: build the exact route model of every AS from the graph
// (route_model.h: per-session distances in the AS's fixed route class, and the lowest-id
// winner as a function of the tie set), encode it once (route_encoding.h,
// prepend_problem.h), let Z3 and/or CBC optimise the objective (then the fewest total
// prepends), and confirm the chosen vector with the simulator. The model has no free or learned parts, so "optimal" means
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

// Which solver proves the optimum: Z3 (MaxSAT / pseudo-Boolean questions), CBC (a MIP over
// the prepends for satisfied under lowest-id, else the same formulas as a 0-1 program;
// cbc_race.h), or both in parallel threads, the first proof winning (auto).
enum class SolverChoice { Auto, Z3, Cbc };
SolverChoice parseSolver(const std::string& text);  // throws InputError
std::string solverName(SolverChoice choice);

struct OptimizeOptions {
  int max_prepend = 3;
  ObjectiveKind objective = ObjectiveKind::Satisfied;
  TieBreak tie_break = TieBreak::LowestId;
  double timeout_seconds = 60;
  SolverChoice solver = SolverChoice::Auto;
  std::function<void(const std::string&)> progress;  // optional log lines (stderr in the CLI)
};

enum class OptimizeStatus { Optimal, Timeout, Infeasible };
std::string statusName(OptimizeStatus status);

// What one solver of the portfolio reached.
struct SolverRun {
  std::string name;                  // "z3" | "cbc"
  std::string status;                // optimal | infeasible | timeout | stopped (the other proved first)
  std::optional<double> incumbent;   // objective value of its best vector, simulated
  std::optional<double> bound;       // what it proved no vector beats
  double seconds = 0;
};

struct OptimizeResult {
  OptimizeStatus status = OptimizeStatus::Optimal;
  PrependVector prepends;
  std::vector<ClientOutcome> before;  // all-zero prepends, simulated
  std::vector<ClientOutcome> after;   // chosen prepends, simulated
  double objective_before = 0;
  double objective_after = 0;
  // No vector within the caps does better than this (in the objective's own direction):
  // the best of the conflict-clique bound, CBC's LP bound and a proof; equal to
  // objective_after when optimal.
  std::optional<double> objective_bound;
  // |bound - after| / |after|; nullopt when after is 0 and the bound is not.
  std::optional<double> gap;
  std::vector<SolverRun> solvers;    // one entry per solver that ran
  std::string proved_by;             // the solver whose proof the answer rests on, if any
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
