// COIN-OR CBC (LP-based branch and cut) on an integer program: maximise sum objective[j] * x_j
// over integer columns within their bounds (0-1 for a BooleanMip, the prepend counts of
// leader_mip.h). Run through CbcMain1, CBC's own driver, so the model gets CBC's
// default preprocessing, cut generators (probing, Gomory, knapsack, clique, MIR, flow
// cover) and heuristics, not a hand-picked subset. The objective is integral (prepend_problem.h
// scales every weight to an integer), so an absolute gap below 1 is a proof.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

#include "anycast/boolean_mip.h"

namespace routefix::anycast {

struct MipOutcome {
  enum class Status { Optimal, Infeasible, Stopped } status = Status::Stopped;
  std::optional<std::vector<double>> solution;  // best integer solution, one value per column
  double incumbent = 0;                         // its objective (meaningful with a solution)
  std::optional<double> bound;                  // no solution exceeds this (proven), if known
};

struct MipOptions {
  double seconds = 60;
  const std::atomic<bool>* stop = nullptr;      // set by another thread: return at the next node
  std::optional<std::vector<double>> start;     // a feasible column vector to start from
  // Told of every improving integer solution's objective and the bound at that time.
  std::function<void(double incumbent, double bound)> improved;
};

// The columns of an integer program: bounds and objective coefficient per column; every
// column is integer.
struct MipColumns {
  std::vector<double> lower, upper, objective;
};

MipOutcome maximiseWithCbc(const MipColumns& columns, const std::vector<BooleanMip::Row>& rows,
                           const MipOptions& options);
// Every column of `mip` 0-1.
MipOutcome maximiseWithCbc(const BooleanMip& mip, const std::vector<double>& objective, const MipOptions& options);

}  // namespace routefix::anycast
