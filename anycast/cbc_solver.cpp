#include "anycast/cbc_solver.h"

#include "anycast/clp_stop.h"

#include <coin/CbcEventHandler.hpp>
#include <coin/CbcModel.hpp>
#include <coin/CbcSolver.hpp>
#include <coin/CoinPackedMatrix.hpp>
#include <coin/OsiClpSolverInterface.hpp>

#include <chrono>
#include <mutex>
#include <string>

namespace routefix::anycast {

namespace {

using Clock = std::chrono::steady_clock;

// Between branch-and-cut nodes; also reports improving solutions. CBC clones the handler
// into its working copy of the model.
class NodeStop : public CbcEventHandler {
 public:
  NodeStop(const MipOptions& options, StopWhen when) : options_(options), when_(when) {}
  NodeStop(const NodeStop& other) = default;
  CbcEventHandler* clone() const override { return new NodeStop(*this); }

  CbcAction event(CbcEvent which) override {
    if ((which == solution || which == heuristicSolution) && options_.improved && model_)
      // CBC minimises the negated objective.
      options_.improved(-model_->getObjValue(), -model_->getBestPossibleObjValue());
    return when_.now() ? stop : noAction;
  }

 private:
  const MipOptions& options_;
  StopWhen when_;
};

}  // namespace

MipOutcome maximiseWithCbc(const BooleanMip& mip, const std::vector<double>& objective, const MipOptions& options) {
  const MipColumns columns{std::vector<double>(mip.columns(), 0), std::vector<double>(mip.columns(), 1), objective};
  return maximiseWithCbc(columns, mip.rows(), options);
}

MipOutcome maximiseWithCbc(const MipColumns& columns, const std::vector<BooleanMip::Row>& rows,
                           const MipOptions& options) {
  const int n = static_cast<int>(columns.objective.size());
  const std::vector<double>& objective = columns.objective;
  // From triplets in one go: appending rows one by one copies the matrix each time.
  std::vector<int> row_index, column_index;
  std::vector<double> elements, row_lower, row_upper;
  for (const auto& row : rows) {
    for (const auto& [column, a] : row.entries) {
      row_index.push_back(static_cast<int>(row_lower.size()));
      column_index.push_back(column);
      elements.push_back(a);
    }
    row_lower.push_back(row.lower);
    row_upper.push_back(row.upper);
  }
  CoinPackedMatrix matrix(false, row_index.data(), column_index.data(), elements.data(),
                          static_cast<CoinBigIndex>(elements.size()));
  matrix.setDimensions(static_cast<int>(row_lower.size()), n);
  std::vector<double> cost(n);
  for (int j = 0; j < n; ++j) cost[j] = -objective[j];
  const StopWhen when{options.stop, Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                     std::chrono::duration<double>(options.seconds))};
  // One CBC solve at a time in the process: CbcMain's parameter tables and parts of Clp are
  // global. `anycast batch --threads` runs several jobs at once; a job that waits here for
  // another's CBC gives up as when its time is up, with its start vector.
  std::optional<double> start_value;
  if (options.start) {
    start_value = 0;
    for (int j = 0; j < n; ++j) *start_value += objective[j] * (*options.start)[j];
  }
  static std::timed_mutex oneAtATime;
  std::unique_lock cbc(oneAtATime, std::defer_lock);
  while (!cbc.try_lock_for(std::chrono::milliseconds(10))) {
    if (!when.now()) continue;
    MipOutcome out;
    if (start_value) {
      out.solution = options.start;
      out.incumbent = *start_value;
    }
    return out;
  }
  OsiClpSolverInterface solver;
  solver.messageHandler()->setLogLevel(0);
  IterationStop iteration_stop(when);
  solver.getModelPtr()->passInEventHandler(&iteration_stop);
  solver.loadProblem(matrix, columns.lower.data(), columns.upper.data(), cost.data(), row_lower.data(), row_upper.data());
  for (int j = 0; j < n; ++j) solver.setInteger(j);
  // The LP relaxation's optimum bounds every integer solution. CBC's own root (preprocessing,
  // then rounds of cuts) did not finish in 45 s on 20,000 ASes / 30 sessions where this LP
  // takes 3 s, and a stopped root bounds nothing.
  std::optional<double> lp_bound;
  solver.initialSolve();
  if (!when.now() && solver.isProvenOptimal()) lp_bound = -solver.getObjValue();

  CbcModel model(solver);
  CbcSolverUsefulData data;
  CbcMain0(model, data);
  model.setLogLevel(0);
  NodeStop handler(options, when);
  model.passInEventHandler(&handler);
  const std::string seconds = std::to_string(std::max(0.1, options.seconds));
  // -allow 0.5: the objective is integral, so a gap below 1 closes the search; -log 0
  // keeps CBC off stdout (the JSON goes there).
  std::vector<const char*> argv = {"routefix", "-log", "0", "-sec", seconds.c_str(), "-allow", "0.5", "-threads", "0"};
  // The start's objective as a cutoff (CBC minimises the negated objective): nodes that
  // cannot beat it are pruned from the first node on. CBC's own MIP start (setMIPStart)
  // re-solved the start for 37 s on 20,000 ASes / 30 sessions before the search began.
  std::string cutoff;
  if (start_value) {
    cutoff = std::to_string(-*start_value + 0.5);
    argv.insert(argv.end(), {"-cutoff", cutoff.c_str()});
  }
  argv.insert(argv.end(), {"-solve", "-quit"});
  CbcMain1(static_cast<int>(argv.size()), argv.data(), model, [](CbcModel*, int) { return 0; }, data);

  MipOutcome out;
  // Stopped in the middle of an LP, CBC may take the interrupted relaxation for an
  // infeasible one: once asked to stop, nothing it says counts as a proof.
  const bool interrupted = when.now();
  if (interrupted) {
    if (start_value) {
      out.solution = options.start;
      out.incumbent = *start_value;
    }
    if (model.bestSolution() && (!start_value || -model.getObjValue() > out.incumbent)) {
      out.solution.emplace(model.bestSolution(), model.bestSolution() + n);
      out.incumbent = -model.getObjValue();
    }
    // The bound only from a finished LP: an interrupted one bounds nothing.
    if (model.getNodeCount() > 0) out.bound = -model.getBestPossibleObjValue();
    if (lp_bound) out.bound = std::min(out.bound.value_or(*lp_bound), *lp_bound);
    if (out.bound) out.bound = std::max(*out.bound, out.incumbent);
    return out;
  }
  out.bound = -model.getBestPossibleObjValue();
  if (model.isProvenInfeasible() && start_value) {
    // Nothing beats the start by the cutoff: the start is optimal.
    out.status = MipOutcome::Status::Optimal;
    out.solution = options.start;
    out.incumbent = *start_value;
    out.bound = *start_value;
    return out;
  }
  if (model.isProvenInfeasible()) {
    out.status = MipOutcome::Status::Infeasible;
    return out;
  }
  if (!model.bestSolution() && start_value) {
    out.solution = options.start;  // stopped before finding anything better than the start
    out.incumbent = *start_value;
    out.bound = std::max(*out.bound, out.incumbent);
  } else if (model.bestSolution()) {
    out.solution.emplace(model.bestSolution(), model.bestSolution() + n);
    out.incumbent = -model.getObjValue();
  }
  out.status = model.isProvenOptimal() && out.solution ? MipOutcome::Status::Optimal : MipOutcome::Status::Stopped;
  if (out.status == MipOutcome::Status::Optimal) out.bound = out.incumbent;
  return out;
}

}  // namespace routefix::anycast
