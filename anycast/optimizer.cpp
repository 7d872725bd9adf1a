#include "anycast/optimizer.h"

#include <z3++.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <thread>

#include "anycast/cbc_race.h"
#include "anycast/client_constraints.h"
#include "anycast/leader_local_search.h"
#include "anycast/prepend_problem.h"
#include "anycast/route_encoding.h"
#include "anycast/route_model.h"
#include "anycast/satisfied_weight_search.h"
#include "model/input_error.h"

namespace routefix::anycast {

std::string statusName(OptimizeStatus status) {
  switch (status) {
    case OptimizeStatus::Optimal: return "optimal";
    case OptimizeStatus::Timeout: return "timeout";
    case OptimizeStatus::Infeasible: return "infeasible";
  }
  return "?";
}

SolverChoice parseSolver(const std::string& text) {
  if (text == "auto") return SolverChoice::Auto;
  if (text == "z3") return SolverChoice::Z3;
  if (text == "cbc") return SolverChoice::Cbc;
  throw model::InputError("unknown solver '" + text + "' (auto, z3 or cbc)");
}

std::string solverName(SolverChoice choice) {
  switch (choice) {
    case SolverChoice::Auto: return "auto";
    case SolverChoice::Z3: return "z3";
    case SolverChoice::Cbc: return "cbc";
  }
  return "?";
}

namespace {

using Clock = std::chrono::steady_clock;

// Interrupts Z3 when the time budget runs out (the solver's own timeout is not honoured
// by every optimisation engine) or when `stop` or `yield` is set (the portfolio's other
// solver proved first, or asks for the one CPU). Once fired it keeps interrupting, so a check started between two
// questions stops too.
class Watchdog {
 public:
  Watchdog(z3::context& ctx, double seconds, const std::atomic<bool>* stop, const std::atomic<bool>* yield = nullptr)
      : thread_([this, &ctx, seconds, stop, yield] {
          const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                   std::chrono::duration<double>(std::max(0.0, seconds)));
          std::unique_lock lock(mutex_);
          while (!done_) {
            if (fired_ || Clock::now() >= deadline || (stop && stop->load()) || (yield && yield->load())) {
              fired_ = true;
              ctx.interrupt();
            }
            cv_.wait_for(lock, std::chrono::milliseconds(10), [this] { return done_; });
          }
        }) {}
  bool fired() const { return fired_; }
  ~Watchdog() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  std::atomic<bool> fired_ = false;
  std::thread thread_;
};

class PrependOptimizer {
 public:
  PrependOptimizer(const AnycastPropagation& propagation, const std::vector<ClientGroup>& clients,
                   const OptimizeOptions& options)
      : prop_(propagation), d_(propagation.deployment()), clients_(clients), options_(options),
        eval_(options.objective, clients), start_(Clock::now()),
        classes_(propagation.deployment(), clients, eval_, options.tie_break) {
    for (size_t s = 0; s < d_.sessions.size(); ++s)
      caps_.push_back(std::max(0, d_.sessionCap(s, options.max_prepend)));
    for (const auto& c : clients) client_as_.push_back(*prop_.graph().find(c.asn));
  }

  OptimizeResult run();

 private:
  void log(const std::string& line) const {
    if (options_.progress) options_.progress(line);
  }
  std::string now() const { return std::to_string(elapsed()).substr(0, 5) + " s"; }
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  double remaining() const { return options_.timeout_seconds - elapsed(); }
  Clock::time_point at(double seconds) const {
    return start_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  }
  bool withinCaps(const PrependVector& p) const {
    if (p.size() != caps_.size()) return false;
    for (size_t s = 0; s < p.size(); ++s)
      if (p[s] > caps_[s]) return false;
    return true;
  }
  bool pinnedHold(const std::vector<ClientOutcome>& outcomes) const {
    for (size_t c = 0; c < clients_.size(); ++c)
      if (clients_[c].pinned && !eval_.atTarget(c, outcomes[c].pops)) return false;
    return true;
  }

  std::vector<ClientOutcome> simulate(const PrependVector& p);
  // Coordinate descent with the simulator until `deadline` (seconds since start): only a
  // fallback for when no solver proves in time, which otherwise has nothing better than zero.
  void climb(double deadline);
  bool leaderConditions() const {
    return options_.objective == ObjectiveKind::Satisfied && options_.tie_break == TieBreak::LowestId;
  }
  // A solver's answer: a proven optimum with the truth it predicts for each group's terms
  // and each pinned entry, infeasible, or unknown with its best vector so far (if any).
  struct Solution {
    PrependVector prepends;
    std::vector<std::vector<bool>> predicted;  // per group, per term
    std::vector<bool> pinned_predicted;        // per pinned entry
  };
  struct Answer {
    enum class Kind { Proven, Infeasible, Unknown } kind = Kind::Unknown;
    Solution solution;  // Unknown: prepends of the incumbent, possibly empty
  };
  Answer solve();
  // Z3 on the problem: proof from below for satisfied under lowest-id
  // (satisfied_weight_search.h), otherwise one MaxSAT call. Stops when `stop` is set, the
  // weight search also when `yield` is.
  Answer solveWithZ3(RouteEncoding& enc, const LeaderLocalSearch* local,
                     const std::optional<LeaderLocalSearch::Best>& incumbent, double reserve,
                     const std::atomic<bool>* stop, const std::atomic<bool>* yield);
  Answer maxsatWithZ3(z3::optimize& opt, RouteEncoding& enc, double budget, const std::atomic<bool>* stop);
  Solution readModel(const z3::model& model, const RouteEncoding& enc) const;
  void report(const std::string& name, const std::string& status, const PrependVector& incumbent,
              std::optional<__int128> bound, double seconds);
  size_t countMismatches(const Solution& solution, const std::vector<ClientOutcome>& simulated) const;
  size_t constraintGroups() const {
    return constraints_ ? constraints_->groups.size() + constraints_->pinned.size() : 0;
  }

  const AnycastPropagation& prop_;
  const Deployment& d_;
  const std::vector<ClientGroup>& clients_;
  OptimizeOptions options_;
  ObjectiveEvaluator eval_;
  Clock::time_point start_;
  std::vector<int> caps_;
  std::vector<AsIndex> client_as_;
  std::optional<RouteModel> model_;
  PropagationState state_;
  size_t simulations_ = 0;

  ClientConstraintBuilder classes_;
  // The Z3 context outlives solve(), so the constraints' formulas stay readable.
  std::unique_ptr<z3::context> ctx_;
  std::optional<ClientConstraints> constraints_;
  std::optional<PrependProblem> problem_;

  // Best simulated vector within the caps that keeps pinned clients (timeout fallback).
  struct Candidate {
    PrependVector prepends;
    __int128 score = 0;
    int total = 0;
  };
  std::optional<Candidate> best_;
  std::optional<__int128> bound_;  // on the score; see OptimizeResult::objective_bound
  std::vector<SolverRun> runs_;
  std::string proved_by_;
};

std::vector<ClientOutcome> PrependOptimizer::simulate(const PrependVector& p) {
  ++simulations_;
  prop_.run(p, true, state_);
  auto outcomes = clientOutcomes(state_, prop_.graph(), d_, clients_, options_.tie_break);
  if (withinCaps(p) && pinnedHold(outcomes)) {
    Candidate c{p, eval_.score(outcomes), std::accumulate(p.begin(), p.end(), 0)};
    if (!best_ || c.score > best_->score || (c.score == best_->score && c.total < best_->total) ||
        (c.score == best_->score && c.total == best_->total && c.prepends < best_->prepends))
      best_ = c;
  }
  return outcomes;
}

void PrependOptimizer::climb(double deadline) {
  PrependVector p(caps_.size(), 0);
  for (bool improved = true; improved && elapsed() < deadline;) {
    improved = false;
    for (size_t s = 0; s < caps_.size() && elapsed() < deadline; ++s)
      for (int t = 0; t <= caps_[s] && elapsed() < deadline; ++t) {
        if (t == p[s]) continue;
        PrependVector q = p;
        q[s] = t;
        simulate(q);  // keeps the best vector in best_
        if (best_ && best_->prepends == q) {
          p = q;
          improved = true;
        }
      }
  }
}

PrependOptimizer::Solution PrependOptimizer::readModel(const z3::model& model, const RouteEncoding& enc) const {
  Solution sol;
  for (const auto& steps : enc.steps()) {
    int count = 0;
    for (const auto& step : steps) count += model.eval(step, true).is_true();
    sol.prepends.push_back(count);
  }
  for (const MergedGroup& g : constraints_->groups) {
    std::vector<bool> truth;
    for (const OutcomeTerm& t : g.terms) truth.push_back(model.eval(t.formula, true).is_true());
    sol.predicted.push_back(std::move(truth));
  }
  for (const auto& [client, at_target] : constraints_->pinned)
    sol.pinned_predicted.push_back(model.eval(at_target, true).is_true());
  return sol;
}

PrependOptimizer::Answer PrependOptimizer::maxsatWithZ3(z3::optimize& opt, RouteEncoding& enc, double budget,
                                                        const std::atomic<bool>* stop) {
  Answer answer;
  if (budget <= 0) {
    log("anycast: no time left for Z3");
    return answer;
  }
  z3::params params(opt.ctx());
  // Branch and bound (wmax), not core-guided maxres: the variables are few (the prepend
  // steps) but the optimum leaves much of the weight unsatisfied, so maxres needs a core
  // per unsatisfied group while wmax prunes by the weight already lost (10,000 ASes / 8
  // sessions: optimal in 1.7 s instead of no answer in 30 s).
  params.set("maxsat_engine", opt.ctx().str_symbol("wmax"));
  params.set("timeout", static_cast<unsigned>(std::max(1.0, budget * 1000)));
  opt.set(params);
  z3::check_result result = z3::unknown;
  {
    Watchdog watchdog(opt.ctx(), budget, stop);
    try {
      result = opt.check();
    } catch (const z3::exception& e) {
      if (!watchdog.fired()) throw std::runtime_error(std::string("Z3: ") + e.msg());
    }
  }
  log("anycast: Z3 " + std::string(result == z3::sat ? "optimum" : result == z3::unsat ? "infeasible" : "gave up") +
      " at " + now());
  if (result == z3::unsat) answer.kind = Answer::Kind::Infeasible;
  if (result == z3::unsat) return answer;
  try {
    // Interrupted: the MaxSAT engine's incumbent, if it has one, is still worth simulating.
    answer.solution = readModel(opt.get_model(), enc);
  } catch (const z3::exception&) {
    return answer;
  }
  if (result == z3::sat) answer.kind = Answer::Kind::Proven;
  return answer;
}

PrependOptimizer::Answer PrependOptimizer::solveWithZ3(RouteEncoding& enc, const LeaderLocalSearch* local,
                                                       const std::optional<LeaderLocalSearch::Best>& incumbent,
                                                       double reserve, const std::atomic<bool>* stop,
                                                       const std::atomic<bool>* yield) {
  z3::context& ctx = *ctx_;
  z3::optimize opt(ctx);
  for (const z3::expr& h : problem_->hard) opt.add(h);
  const auto& groups = constraints_->groups;
  std::optional<SatisfiedWeightSearch> search;
  if (local) {
    std::vector<z3::expr> formulas;
    std::vector<int64_t> weights;
    for (size_t gi = 0; gi < groups.size(); ++gi) {
      formulas.push_back(problem_->soft[gi].formula);
      weights.push_back(groups[gi].weight);
    }
    search.emplace(ctx, problem_->hard, formulas, weights, enc.steps(), *local);
  }
  if (search && search->supported()) {
    // The weight is proven first and becomes a hard bound, which leaves the MaxSAT call
    // only the fewest prepends. The proof may take most of the time left; the fewest
    // prepends need the rest (~2 s on 10,000 ASes / 20 sessions).
    const double left = remaining() - reserve;
    const double deadline = elapsed() + left - std::max(1.0, 0.1 * left);
    WeightSearchResult found;
    {
      // Only the weight search yields: once the weight is proven, the fewest prepends are close.
      Watchdog watchdog(ctx, deadline - elapsed(), stop, yield);
      found = search->run(*incumbent, at(deadline), [&](const PrependVector& p) { simulate(p); });
    }
    Answer answer;
    switch (found.outcome) {
      case WeightSearchResult::Outcome::Infeasible: answer.kind = Answer::Kind::Infeasible; return answer;
      case WeightSearchResult::Outcome::Unknown:
        log("anycast: Z3: no proof that no vector beats weight " +
            (found.best ? std::to_string(found.best->score.weight) : std::string("-")) + " by " + now());
        if (found.best) answer.solution.prepends = found.best->prepends;
        return answer;
      case WeightSearchResult::Outcome::Proven: break;
    }
    log("anycast: Z3 proved weight " + std::to_string(found.best->score.weight) + " the best at " + now());
    opt.add(search->atLeast(found.best->score.weight));
    for (const auto& steps : enc.steps())
      for (const auto& step : steps) opt.add_soft(!step, 1);
    answer = maxsatWithZ3(opt, enc, remaining() - reserve, stop);
    if (answer.kind == Answer::Kind::Unknown && answer.solution.prepends.empty())
      answer.solution.prepends = found.best->prepends;
    return answer;
  }
  // One MaxSAT call. A conflict clique's members become "one of its j heaviest members
  // holds" with weight w_j - w_(j+1) (conflict_cliques.h): for every vector the same
  // weight, but Z3 need not discover with one core per group that at most one holds.
  std::vector<bool> layered(problem_->soft.size(), false);
  for (const auto& clique : problem_->cliques) {
    if (clique.size() < 2) continue;
    z3::expr some_of_first = problem_->soft[clique.front()].formula;
    for (size_t j = 0; j < clique.size(); ++j) {
      layered[clique[j]] = true;
      if (j > 0) some_of_first = some_of_first || problem_->soft[clique[j]].formula;
      const __int128 w = problem_->soft[clique[j]].weight -
                         (j + 1 < clique.size() ? problem_->soft[clique[j + 1]].weight : 0);
      if (w > 0) opt.add_soft(some_of_first, decimalText(w).c_str());
    }
  }
  for (size_t i = 0; i < problem_->soft.size(); ++i)
    if (!layered[i] && problem_->soft[i].weight > 0)
      opt.add_soft(problem_->soft[i].formula, decimalText(problem_->soft[i].weight).c_str());
  return maxsatWithZ3(opt, enc, remaining() - reserve, stop);
}

void PrependOptimizer::report(const std::string& name, const std::string& status, const PrependVector& incumbent,
                              std::optional<__int128> bound, double seconds) {
  SolverRun run{name, status, std::nullopt, std::nullopt, seconds};
  std::vector<ClientOutcome> outcomes;
  if (withinCaps(incumbent)) {
    outcomes = simulate(incumbent);
    run.incumbent = eval_.value(outcomes);
  } else {
    prop_.run(PrependVector(caps_.size(), 0), true, state_);
    outcomes = clientOutcomes(state_, prop_.graph(), d_, clients_, options_.tie_break);
  }
  if (bound) run.bound = eval_.valueOfScore(*bound, outcomes);
  if (status == "optimal") run.bound = run.incumbent;
  runs_.push_back(std::move(run));
}

PrependOptimizer::Answer PrependOptimizer::solve() {
  problem_.reset();
  constraints_.reset();  // its formulas belong to the context replaced below
  ctx_ = std::make_unique<z3::context>();
  const double encoding_started = elapsed();
  RouteEncoding enc(*ctx_, prop_.graph(), d_, *model_, caps_);
  constraints_ = classes_.build(enc, client_as_);
  problem_ = buildPrependProblem(enc, *constraints_, classes_, eval_, clients_, caps_,
                                 options_.tie_break == TieBreak::LowestId);
  if (!problem_) return {Answer::Kind::Infeasible, {}};
  bound_ = problem_->scoreBound(problem_->softWeightBound());
  log("anycast: encoded " + std::to_string(clients_.size()) + " client groups as " +
      std::to_string(constraintGroups()) + " constraint groups over " + std::to_string(enc.encodedAses()) +
      " ASes (" + std::to_string(problem_->cliques.size()) + " cliques) in " + now());
  // Time kept for reading the answer, confirming it with the simulator and tearing the
  // context down (a fraction of building it), so the whole run stays within the limit.
  const double reserve = 0.5 + 0.5 * (elapsed() - encoding_started);

  // A quick incumbent on the leader conditions: Z3's starting point and CBC's warm start.
  std::optional<LeaderLocalSearch> local;
  std::optional<LeaderLocalSearch::Best> incumbent;
  if (problem_->leader_conditions) {
    std::vector<WeightedCondition> weighted;
    for (const MergedGroup& g : constraints_->groups) weighted.push_back({&*g.leaders, g.weight});
    std::vector<const LeaderCondition*> required;
    for (const auto& leaders : constraints_->pinned_leaders) required.push_back(&*leaders);
    local.emplace(std::move(weighted), std::move(required), caps_);
    incumbent = local->search(PrependVector(caps_.size(), 0),
                              at(elapsed() + std::min(0.1 * options_.timeout_seconds, 0.1 * remaining())), 1);
    simulate(incumbent->prepends);
    log("anycast: local search on the leader conditions reached weight " + std::to_string(incumbent->score.weight) +
        " by " + now());
  }

  // The portfolio: CBC in a thread of its own, Z3 on this one; the first proof wins.
  std::atomic<int> winner = 0;  // 1 Z3, 2 CBC
  std::atomic<bool> cbc_proved = false;
  std::atomic<bool> z3_yields = false;  // the one CPU to CBC's clique LP (CbcRace::kYieldAfter)
  const auto race_started = Clock::now();
  std::unique_ptr<CbcRace> cbc;
  if (options_.solver != SolverChoice::Z3) {
    std::optional<PrependVector> start;
    if (incumbent && incumbent->score.violated == 0) start = incumbent->prepends;
    else if (best_) start = best_->prepends;
    cbc = std::make_unique<CbcRace>(*problem_, enc.steps(), *constraints_, caps_, start);
    log("anycast: CBC model " + std::string(cbc->compact() ? "(leader conditions) " : "(0-1 translation) ") +
        std::to_string(cbc->columns()) + " columns, " + std::to_string(cbc->rows()) + " rows" +
        (cbc->warmStarted() ? ", warm start" : "") + " at " + now());
    // CBC stops a tenth earlier than Z3: freeing its model (740,000 rows on 75,000 ASes /
    // 50 sessions) and joining it must fit in the limit too (auto took 31 s of 30).
    // In auto, Z3 gets the first second alone: most small jobs are proven by then, and
    // starting CBC for each of them cost a batch of 1,000 jobs (1,000 ASes / 8 sessions)
    // 207 s instead of 77 s.
    const double budget = remaining() - reserve;
    const double delay = options_.solver == SolverChoice::Auto ? std::min(1.0, 0.1 * budget) : 0.0;
    cbc->launch(budget - std::max(0.5, 0.1 * budget), delay, [&] {
      int none = 0;
      if (winner.compare_exchange_strong(none, 2)) cbc_proved = true;
    }, [&] { z3_yields = true; });
  }
  Answer z3;
  double z3_seconds = 0;
  if (options_.solver != SolverChoice::Cbc) {
    z3 = solveWithZ3(enc, local ? &*local : nullptr, incumbent, reserve, &cbc_proved, &z3_yields);
    if (z3_yields) log("anycast: Z3 stopped at " + now() + " for the clique LP (one CPU, its gap above " +
                       std::to_string(static_cast<int>(100 * CbcRace::kYieldGap)) + " %)");
    z3_seconds = std::chrono::duration<double>(Clock::now() - race_started).count();
    int none = 0;
    if (z3.kind != Answer::Kind::Unknown) winner.compare_exchange_strong(none, 1);
  }
  if (cbc && winner == 1) cbc->stop();
  else if (cbc) cbc->join();

  auto lost = [&](int me) { return winner != 0 && winner != me ? "stopped" : "timeout"; };
  if (options_.solver != SolverChoice::Cbc) {
    const char* status = z3.kind == Answer::Kind::Proven       ? "optimal"
                         : z3.kind == Answer::Kind::Infeasible ? "infeasible"
                         : z3_yields                           ? "stopped"
                                                               : lost(1);
    report("z3", status, z3.solution.prepends, std::nullopt, z3_seconds);
  }
  Answer from_cbc;
  if (cbc) {
    const MipOutcome& mip = cbc->outcome();
    std::optional<__int128> mip_bound;
    if (auto weight = cbc->softWeightBound(); weight && mip.status != MipOutcome::Status::Infeasible) {
      mip_bound = problem_->scoreBound(*weight);
      bound_ = std::min(*bound_, *mip_bound);
    }
    if (mip.solution) {
      from_cbc.solution.prepends = cbc->prepends();
      if (mip.status == MipOutcome::Status::Optimal) {
        from_cbc.kind = Answer::Kind::Proven;
        from_cbc.solution.predicted = cbc->predictedTerms();
        from_cbc.solution.pinned_predicted = cbc->predictedPinned();
      }
    }
    if (mip.status == MipOutcome::Status::Infeasible) from_cbc.kind = Answer::Kind::Infeasible;
    const char* status = mip.status == MipOutcome::Status::Optimal      ? "optimal"
                         : mip.status == MipOutcome::Status::Infeasible ? "infeasible" : lost(2);
    report("cbc", status, from_cbc.solution.prepends, mip_bound, cbc->seconds());
    if (const auto& lp = cbc->cliqueLp())
      log("anycast: conflict-clique LP: " + std::to_string(lp->edges) + " conflicts, " +
          std::to_string(lp->cliques) + " cliques and " + std::to_string(lp->triples) + " triples (" + std::to_string(lp->binding.size()) + " rows priced) in " +
          std::to_string(lp->rounds) + " rounds" +
          (lp->converged ? "" : " (stopped)") + ", group weight <= " +
          (lp->weight ? std::to_string(*lp->weight) : std::string("-")) +
          (cbc->roundedWeight() ? ", best rounded or start weight " + std::to_string(*cbc->roundedWeight()) : ""));
    log("anycast: CBC " + std::string(status) + " after " + std::to_string(cbc->seconds()).substr(0, 5) + " s");
  }
  if (winner == 2) proved_by_ = "cbc";
  if (winner == 1) proved_by_ = "z3";
  return winner == 2 ? from_cbc : z3;
}

// The model is exact, so every disagreement with the simulator is a bug in it.
size_t PrependOptimizer::countMismatches(const Solution& sol, const std::vector<ClientOutcome>& simulated) const {
  size_t mismatches = 0;
  for (size_t gi = 0; gi < constraints_->groups.size(); ++gi) {
    const MergedGroup& g = constraints_->groups[gi];
    for (size_t c : g.clients)
      for (size_t t = 0; t < g.terms.size(); ++t)
        mismatches += classes_.holds(c, g.terms[t], simulated[c]) != sol.predicted[gi][t];
  }
  for (size_t k = 0; k < constraints_->pinned.size(); ++k) {
    size_t c = constraints_->pinned[k].first;
    mismatches += eval_.atTarget(c, simulated[c].pops) != sol.pinned_predicted[k];
  }
  for (size_t c = 0; c < clients_.size(); ++c)
    if (constraints_->constant[c] && *constraints_->constant[c] != classes_.outcomeClass(c, simulated[c])) ++mismatches;
  return mismatches;
}

OptimizeResult PrependOptimizer::run() {
  OptimizeResult result;
  const size_t n = d_.sessions.size();
  result.before = simulate(PrependVector(n, 0));
  result.objective_before = eval_.value(result.before);
  model_.emplace(prop_);
  log("anycast: route model (" + std::to_string(n) + " per-session distances) in " + now());

  auto finishWith = [&](OptimizeStatus status, PrependVector p, std::string message) {
    result.status = status;
    result.message = std::move(message);
    result.prepends = std::move(p);
    prop_.run(result.prepends, true, state_);
    result.after = clientOutcomes(state_, prop_.graph(), d_, clients_, options_.tie_break);
    result.objective_after = eval_.value(result.after);
    // A proven optimum is its own bound; otherwise the best bound known, never below what
    // was reached.
    if (status == OptimizeStatus::Optimal) {
      result.objective_bound = result.objective_after;
    } else if (bound_ && status == OptimizeStatus::Timeout) {
      result.objective_bound = eval_.valueOfScore(std::max(*bound_, eval_.score(result.after)), result.after);
    }
    if (result.objective_bound) {
      const double difference = std::fabs(*result.objective_bound - result.objective_after);
      if (difference == 0) result.gap = 0.0;
      else if (result.objective_after != 0) result.gap = difference / std::fabs(result.objective_after);
    }
    result.polls = simulations_;
    result.sensitive_clients = constraints_ ? constraints_->sensitive_ases : 0;
    result.constraint_groups = constraintGroups();
    result.solvers = runs_;
    result.proved_by = proved_by_;
    return result;
  };
  auto fallback = [&](const std::string& why) {
    if (best_) return finishWith(OptimizeStatus::Timeout, best_->prepends, why + "; best simulated vector");
    return finishWith(OptimizeStatus::Timeout, PrependVector(n, 0), why);
  };

  if (!leaderConditions()) climb(elapsed() + options_.timeout_seconds * 0.1);
  if (remaining() <= 0) return fallback("time limit reached before solving");
  Answer answer = solve();
  if (answer.kind == Answer::Kind::Infeasible)
    return finishWith(OptimizeStatus::Infeasible, PrependVector(n, 0),
                      "no prepend vector within the caps puts every pinned client group at its target");
  if (answer.kind == Answer::Kind::Unknown) return fallback("no solver proved an optimum within the time limit");
  auto simulated = simulate(answer.solution.prepends);
  size_t mismatches = countMismatches(answer.solution, simulated);
  if (mismatches != 0)
    throw std::logic_error("anycast optimiser: the route model (" + proved_by_ + ") mispredicted " +
                           std::to_string(mismatches) + " client groups");
  result.prediction_matches = true;
  return finishWith(OptimizeStatus::Optimal, answer.solution.prepends, "");
}

}  // namespace

OptimizeResult optimizePrepends(const AnycastPropagation& propagation, const std::vector<ClientGroup>& clients,
                                const OptimizeOptions& options) {
  checkAgainstGraph(propagation.graph(), propagation.deployment(), clients);
  PrependOptimizer optimizer(propagation, clients, options);
  return optimizer.run();
}

}  // namespace routefix::anycast
