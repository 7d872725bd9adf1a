#include "anycast/satisfied_weight_search.h"

#include <climits>
#include <numeric>
#include <stdexcept>

namespace routefix::anycast {

SatisfiedWeightSearch::SatisfiedWeightSearch(z3::context& ctx, const z3::expr_vector& hard,
                                             std::vector<z3::expr> groups, std::vector<int64_t> weights,
                                             const std::vector<std::vector<z3::expr>>& steps,
                                             const LeaderLocalSearch& local)
    : ctx_(ctx), hard_(hard), groups_(ctx), steps_(steps), local_(local) {
  for (const z3::expr& g : groups) groups_.push_back(g);
  int64_t divisor = 0, total = 0;
  for (int64_t w : weights) divisor = std::gcd(divisor, w);
  divisor_ = std::max<int64_t>(1, divisor);
  for (int64_t w : weights) total += w / divisor_;
  supported_ = total < INT_MAX && !weights.empty();
  if (supported_)
    for (int64_t w : weights) coefficients_.push_back(static_cast<int>(w / divisor_));
}

z3::expr SatisfiedWeightSearch::atLeast(int64_t weight) const {
  // The weight at target is a multiple of the divisor, so rounding the bound up is exact.
  const int64_t units = weight <= 0 ? 0 : (weight + divisor_ - 1) / divisor_;
  return z3::pbge(groups_, coefficients_.data(), static_cast<int>(units));
}

WeightSearchResult SatisfiedWeightSearch::run(LeaderLocalSearch::Best incumbent,
                                              std::chrono::steady_clock::time_point deadline,
                                              const std::function<void(const PrependVector&)>& found) const {
  WeightSearchResult result;
  if (incumbent.score.violated == 0) result.best = incumbent;
  // An optimize context, with the prepend steps as soft constraints (so a better vector
  // also comes with few prepends): with soft constraints Z3 hands the Boolean problem to its
  // MaxSAT engine on the SAT core with native cardinality and PB reasoning. A plain solver,
  // or optimize without soft constraints, goes through the SMT core and found no answer in
  // 20 s where this proves in 2-5 s (10,000 ASes / 20 sessions).
  z3::optimize solver(ctx_);
  for (const z3::expr& h : hard_) solver.add(h);
  for (const auto& steps : steps_)
    for (const auto& step : steps) solver.add_soft(!step, 1);
  for (;;) {
    const auto left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) return result;
    z3::params params(ctx_);
    params.set("maxsat_engine", ctx_.str_symbol("wmax"));
    params.set("timeout", static_cast<unsigned>(std::max(1.0, left * 1000)));
    solver.set(params);
    solver.push();
    solver.add(atLeast(result.best ? result.best->score.weight + 1 : 0));
    z3::check_result answer = z3::unknown;
    try {
      answer = solver.check();
    } catch (const z3::exception&) {
      answer = z3::unknown;  // interrupted by the caller's watchdog
    }
    if (answer == z3::unknown) return result;
    if (answer == z3::unsat) {
      result.outcome = result.best ? WeightSearchResult::Outcome::Proven : WeightSearchResult::Outcome::Infeasible;
      return result;
    }
    z3::model model = solver.get_model();
    PrependVector p;
    for (const auto& steps : steps_) {
      int count = 0;
      for (const auto& step : steps) count += model.eval(step, true).is_true();
      p.push_back(count);
    }
    solver.pop();
    // The model satisfies the pinned groups, and the climb never trades one away.
    auto better = local_.climbFrom(p, std::min(deadline, std::chrono::steady_clock::now() + std::chrono::seconds(1)));
    if (better.score.violated != 0 || (result.best && better.score.weight <= result.best->score.weight))
      throw std::logic_error("anycast optimiser: Z3's vector does not improve on the leader conditions' best");
    found(better.prepends);
    result.best = std::move(better);
  }
}

}  // namespace routefix::anycast
