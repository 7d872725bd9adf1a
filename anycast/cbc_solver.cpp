#include "anycast/cbc_solver.h"

#include <coin/CbcEventHandler.hpp>
#include <coin/CbcModel.hpp>
#include <coin/CbcSolver.hpp>
#include <coin/CoinPackedMatrix.hpp>
#include <coin/OsiClpSolverInterface.hpp>

#include <string>

namespace routefix::anycast {

namespace {

// Stops the search when another thread asks (the portfolio's other solver won) and reports
// improving solutions. CBC clones the handler into its working copy of the model.
class StopHandler : public CbcEventHandler {
 public:
  StopHandler(const MipOptions& options) : options_(options) {}
  StopHandler(const StopHandler& other) = default;
  CbcEventHandler* clone() const override { return new StopHandler(*this); }

  CbcAction event(CbcEvent which) override {
    if ((which == solution || which == heuristicSolution) && options_.improved && model_)
      // CBC minimises the negated objective.
      options_.improved(-model_->getObjValue(), -model_->getBestPossibleObjValue());
    if (options_.stop && options_.stop->load()) return stop;
    return noAction;
  }

 private:
  const MipOptions& options_;
};

}  // namespace

MipOutcome maximiseWithCbc(const BooleanMip& mip, const std::vector<double>& objective, const MipOptions& options) {
  const int n = static_cast<int>(mip.columns());
  CoinPackedMatrix matrix(false, 0, 0);
  matrix.setDimensions(0, n);
  std::vector<double> row_lower, row_upper;
  for (const auto& row : mip.rows()) {
    CoinPackedVector v;
    for (const auto& [column, a] : row.entries) v.insert(column, a);
    matrix.appendRow(v);
    row_lower.push_back(row.lower);
    row_upper.push_back(row.upper);
  }
  std::vector<double> lower(n, 0), upper(n, 1), cost(n);
  for (int j = 0; j < n; ++j) cost[j] = -objective[j];
  OsiClpSolverInterface solver;
  solver.messageHandler()->setLogLevel(0);
  solver.loadProblem(matrix, lower.data(), upper.data(), cost.data(), row_lower.data(), row_upper.data());
  for (int j = 0; j < n; ++j) solver.setInteger(j);
  if (options.start)
    for (int j = 0; j < n; ++j) solver.setColName(j, "x" + std::to_string(j));

  CbcModel model(solver);
  CbcSolverUsefulData data;
  CbcMain0(model, data);
  model.setLogLevel(0);
  StopHandler handler(options);
  model.passInEventHandler(&handler);
  if (options.start) {
    // By name: CbcMain1 maps the start through its preprocessing.
    std::vector<std::pair<std::string, double>> start;
    for (int j = 0; j < n; ++j) start.emplace_back("x" + std::to_string(j), (*options.start)[j]);
    model.setMIPStart(start);
  }
  const std::string seconds = std::to_string(std::max(0.1, options.seconds));
  // -allow 0.5: the objective is integral, so a gap below 1 closes the search; -log 0
  // keeps CBC off stdout (the JSON goes there).
  const char* argv[] = {"routefix", "-log", "0", "-sec", seconds.c_str(), "-allow", "0.5", "-threads", "0",
                        "-solve", "-quit"};
  CbcMain1(static_cast<int>(std::size(argv)), argv, model, [](CbcModel*, int) { return 0; }, data);

  MipOutcome out;
  out.bound = -model.getBestPossibleObjValue();
  if (model.isProvenInfeasible()) {
    out.status = MipOutcome::Status::Infeasible;
    return out;
  }
  if (model.bestSolution()) {
    out.solution.emplace(model.bestSolution(), model.bestSolution() + n);
    out.incumbent = -model.getObjValue();
  }
  out.status = model.isProvenOptimal() && out.solution ? MipOutcome::Status::Optimal : MipOutcome::Status::Stopped;
  if (out.status == MipOutcome::Status::Optimal) out.bound = out.incumbent;
  return out;
}

}  // namespace routefix::anycast
