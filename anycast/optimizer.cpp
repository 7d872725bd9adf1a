#include "anycast/optimizer.h"

#include <z3++.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <tuple>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "anycast/client_constraints.h"
#include "anycast/conflict_cliques.h"
#include "anycast/leader_local_search.h"
#include "anycast/satisfied_weight_search.h"
#include "anycast/route_encoding.h"
#include "anycast/route_model.h"

namespace routefix::anycast {

std::string statusName(OptimizeStatus status) {
  switch (status) {
    case OptimizeStatus::Optimal: return "optimal";
    case OptimizeStatus::Timeout: return "timeout";
    case OptimizeStatus::Infeasible: return "infeasible";
  }
  return "?";
}

namespace {

using Clock = std::chrono::steady_clock;

std::string text(__int128 v) {
  if (v == 0) return "0";
  bool negative = v < 0;
  std::string digits;
  for (unsigned __int128 u = negative ? -static_cast<unsigned __int128>(v) : v; u; u /= 10)
    digits.insert(digits.begin(), static_cast<char>('0' + u % 10));
  return negative ? "-" + digits : digits;
}

// Interrupts Z3 when the time budget runs out (the solver's own timeout is not honoured
// by every optimisation engine).
class Watchdog {
 public:
  Watchdog(z3::context& ctx, double seconds)
      : thread_([this, &ctx, seconds] {
          std::unique_lock lock(mutex_);
          if (!cv_.wait_for(lock, std::chrono::duration<double>(std::max(0.0, seconds)), [this] { return done_; }))
          {
            fired_ = true;
            ctx.interrupt();
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
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  double remaining() const { return options_.timeout_seconds - elapsed(); }
  bool withinCaps(const PrependVector& p) const {
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
  // fallback for when Z3 runs out of time, which otherwise has nothing better than zero.
  void climb(double deadline);
  bool leaderConditions() const {
    return options_.objective == ObjectiveKind::Satisfied && options_.tie_break == TieBreak::LowestId;
  }
  // The optimal vector under the exact model, with the truth Z3 gives each group's terms
  // and each pinned client's "at target". nullopt = infeasible.
  struct Solution {
    PrependVector prepends;
    std::vector<std::vector<bool>> predicted;  // per group, per term
    std::vector<bool> pinned_predicted;        // per pinned entry
  };
  std::optional<Solution> solve(z3::check_result& result);
  size_t countMismatches(const Solution& solution, const std::vector<ClientOutcome>& simulated) const;
  // The satisfied goal (conflict_cliques.h). Under lowest-id the best weight is proven
  // first (satisfied_weight_search.h) and becomes a hard bound, which leaves Z3 optimize
  // only the fewest prepends; otherwise the cliques' layered soft constraints. `reserve`:
  // seconds to keep for what follows Z3.
  enum class GoalState { Ready, OutOfTime, Infeasible };
  GoalState addSatisfiedGoal(z3::optimize& opt, const RouteEncoding& enc, __int128 scale, double reserve);
  void addLayeredGoal(z3::optimize& opt, const std::vector<std::vector<size_t>>& cliques,
                      const std::vector<int64_t>& weights, __int128 scale) const;
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

  // Best simulated vector within the caps that keeps pinned clients (timeout fallback).
  struct Candidate {
    PrependVector prepends;
    __int128 score = 0;
    int total = 0;
  };
  std::optional<Candidate> best_;
  std::optional<__int128> bound_;  // see OptimizeResult::objective_bound
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

PrependOptimizer::GoalState PrependOptimizer::addSatisfiedGoal(z3::optimize& opt, const RouteEncoding& enc,
                                                               __int128 scale, double reserve) {
  const auto& groups = constraints_->groups;
  std::vector<const LeaderCondition*> conditions;
  std::vector<int64_t> weights;
  for (const MergedGroup& g : groups) {
    conditions.push_back(g.leaders ? &*g.leaders : nullptr);
    weights.push_back(g.weight);
  }
  const auto cliques = conflictCliques(conditions, weights);
  __int128 bound = 0;
  for (size_t c = 0; c < clients_.size(); ++c)
    if (constraints_->constant[c] && classes_.atTarget(*constraints_->constant[c]) && eval_.counts(c))
      bound += eval_.weight(c);
  bound_ = bound + cliqueBound(cliques, weights);
  log("anycast: " + std::to_string(groups.size()) + " groups in " + std::to_string(cliques.size()) +
      " cliques of mutually exclusive targets");

  z3::context& ctx = opt.ctx();
  std::vector<z3::expr> formulas;
  for (const MergedGroup& g : groups) formulas.push_back(g.terms.front().formula);
  z3::expr_vector at_most_one(ctx);
  for (const auto& clique : cliques) {
    if (clique.size() < 2) continue;
    z3::expr_vector members(ctx);
    for (size_t gi : clique) members.push_back(formulas[gi]);
    at_most_one.push_back(z3::atmost(members, 1));
    opt.add(at_most_one.back());
  }

  std::vector<const LeaderCondition*> required;
  for (const auto& leaders : constraints_->pinned_leaders) required.push_back(leaders ? &*leaders : nullptr);
  auto missing = [](const LeaderCondition* c) { return !c; };
  if (!leaderConditions() || std::any_of(conditions.begin(), conditions.end(), missing) ||
      std::any_of(required.begin(), required.end(), missing)) {
    addLayeredGoal(opt, cliques, weights, scale);
    return GoalState::Ready;
  }

  z3::expr_vector hard(ctx);
  for (const auto& clause : enc.definitions()) hard.push_back(clause);
  for (const auto& entry : constraints_->pinned) hard.push_back(entry.second);
  for (const auto& constraint : at_most_one) hard.push_back(constraint);
  // Leader conditions bound differences of prepends only, so lowering every count by one
  // keeps every group where it is: some session may as well be unprepended. Without this
  // symmetry the proof also visits each vector's shifted copies (10,000 ASes / 20
  // sessions: the proof takes 2-5 s instead of 5-10 s).
  z3::expr_vector unprepended(ctx);
  for (const auto& steps : enc.steps()) unprepended.push_back(steps.empty() ? ctx.bool_val(true) : !steps.front());
  hard.push_back(z3::mk_or(unprepended));

  std::vector<WeightedCondition> weighted;
  for (size_t gi = 0; gi < groups.size(); ++gi) weighted.push_back({conditions[gi], weights[gi]});
  LeaderLocalSearch local(std::move(weighted), required, caps_);
  SatisfiedWeightSearch search(ctx, hard, formulas, weights, enc.steps(), local);
  auto at = [&](double seconds) { return start_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds)); };
  auto incumbent = local.search(PrependVector(caps_.size(), 0),
                                at(elapsed() + std::min(0.1 * options_.timeout_seconds, 0.1 * remaining())), 1);
  simulate(incumbent.prepends);
  log("anycast: local search on the leader conditions reached weight " + std::to_string(incumbent.score.weight) +
      " by " + std::to_string(elapsed()).substr(0, 5) + " s");
  if (!search.supported()) {
    addLayeredGoal(opt, cliques, weights, scale);
    return GoalState::Ready;
  }
  // The proof may take most of the time left; the fewest prepends need the rest (~2 s on
  // 10,000 ASes / 20 sessions).
  const double left = remaining() - reserve;
  const double deadline = elapsed() + left - std::max(1.0, 0.1 * left);
  WeightSearchResult found;
  {
    Watchdog watchdog(ctx, deadline - elapsed());
    found = search.run(std::move(incumbent), at(deadline), [&](const PrependVector& p) { simulate(p); });
  }
  switch (found.outcome) {
    case WeightSearchResult::Outcome::Infeasible: return GoalState::Infeasible;
    case WeightSearchResult::Outcome::Unknown:
      log("anycast: no proof that no vector beats weight " +
          (found.best ? std::to_string(found.best->score.weight) : std::string("-")) + " by " +
          std::to_string(elapsed()).substr(0, 5) + " s");
      return GoalState::OutOfTime;
    case WeightSearchResult::Outcome::Proven: break;
  }
  log("anycast: Z3 proved weight " + std::to_string(found.best->score.weight) + " the best at " +
      std::to_string(elapsed()).substr(0, 5) + " s");
  opt.add(search.atLeast(found.best->score.weight));
  return GoalState::Ready;
}

void PrependOptimizer::addLayeredGoal(z3::optimize& opt, const std::vector<std::vector<size_t>>& cliques,
                                      const std::vector<int64_t>& weights, __int128 scale) const {
  for (const auto& clique : cliques) {
    const auto layers = layeredWeights(clique, weights);
    z3::expr some_of_first = constraints_->groups[clique.front()].terms.front().formula;  // one of members 0..j holds
    for (size_t j = 0; j < clique.size(); ++j) {
      if (j > 0) some_of_first = some_of_first || constraints_->groups[clique[j]].terms.front().formula;
      if (layers[j] > 0) opt.add_soft(some_of_first, text(layers[j] * scale).c_str());
    }
  }
}

std::optional<PrependOptimizer::Solution> PrependOptimizer::solve(z3::check_result& result) {
  constraints_.reset();  // its formulas belong to the context replaced below
  ctx_ = std::make_unique<z3::context>();
  z3::context& ctx = *ctx_;
  z3::optimize opt(ctx);
  z3::params params(ctx);
  const double encoding_started = elapsed();
  // Branch and bound (wmax), not core-guided maxres: the variables are few (the prepend
  // steps) but the optimum leaves much of the weight unsatisfied, so maxres needs a core
  // per unsatisfied group while wmax prunes by the weight already lost (10,000 ASes / 8
  // sessions: optimal in 1.7 s instead of no answer in 30 s).
  params.set("maxsat_engine", ctx.str_symbol("wmax"));

  RouteEncoding enc(ctx, prop_.graph(), d_, *model_, caps_);
  constraints_ = classes_.build(enc, client_as_);
  for (const auto& clause : enc.definitions()) opt.add(clause);

  const auto objective = options_.objective;
  // Satisfied and latency are one MaxSAT objective: the goal weighted by `scale` (more
  // than the largest possible prepend total) plus one unit per prepend. Z3's lexicographic
  // mode would keep the first objective's soft assignment instead of only its value.
  const __int128 scale = std::accumulate(caps_.begin(), caps_.end(), __int128{1});

  // P90: the threshold, and the weight it must cover.
  std::optional<z3::expr> threshold;
  z3::expr covered = ctx.int_val(0);
  __int128 p90_total = 0;
  std::set<int64_t> p90_values;
  if (objective == ObjectiveKind::P90) threshold = ctx.int_const("p90");

  // Constant clients.
  for (size_t c = 0; c < clients_.size(); ++c) {
    if (!constraints_->constant[c]) continue;
    int64_t cls = *constraints_->constant[c];
    if (clients_[c].pinned && !classes_.atTarget(cls)) return std::nullopt;
    if (objective == ObjectiveKind::P90 && eval_.counts(c) && cls >= 0) {
      int64_t lat = cls / 2;
      p90_values.insert(lat);
      p90_total += eval_.weight(c);
      covered = covered + z3::ite(ctx.int_val(lat) <= *threshold, ctx.int_val(eval_.weight(c)), ctx.int_val(0));
    }
  }
  for (const auto& [client, at_target] : constraints_->pinned) opt.add(at_target);

  if (objective == ObjectiveKind::Satisfied) {
    switch (addSatisfiedGoal(opt, enc, scale, 0.5 + 0.5 * (elapsed() - encoding_started))) {
      case GoalState::Ready: break;
      case GoalState::Infeasible: return std::nullopt;
      case GoalState::OutOfTime: result = z3::unknown; return Solution{};
    }
  }
  for (size_t gi = 0; gi < constraints_->groups.size(); ++gi) {
    const MergedGroup& g = constraints_->groups[gi];
    if (g.weight == 0) continue;
    switch (objective) {
      case ObjectiveKind::Satisfied: break;
      case ObjectiveKind::Latency:
        for (const OutcomeTerm& t : g.terms)
          opt.add_soft(!t.formula, text(static_cast<__int128>(g.weight) * t.step * scale).c_str());
        break;
      case ObjectiveKind::P90: {
        z3::expr ok = ctx.bool_const(("g" + std::to_string(gi) + "_ok").c_str());
        for (const OutcomeTerm& t : g.terms) {
          p90_values.insert(t.level);
          opt.add(z3::implies(ok && t.formula, ctx.int_val(t.level) <= *threshold));
        }
        covered = covered + z3::ite(ok, ctx.int_val(g.weight), ctx.int_val(0));
        p90_total += g.weight;
        break;
      }
    }
  }
  log("anycast: encoded " + std::to_string(clients_.size()) + " client groups as " +
      std::to_string(constraintGroups()) + " constraint groups over " + std::to_string(enc.encodedAses()) +
      " ASes in " + std::to_string(elapsed()).substr(0, 5) + " s");

  if (objective == ObjectiveKind::P90) {
    z3::expr_vector domain(ctx);
    for (int64_t v : p90_values) domain.push_back(*threshold == ctx.int_val(v));
    if (domain.empty()) domain.push_back(*threshold == 0);
    opt.add(z3::mk_or(domain));
    opt.add(covered * 10 >= ctx.int_val(text(p90_total * 9).c_str()));
    opt.minimize(*threshold);
    z3::expr total = ctx.int_val(0);
    for (const auto& steps : enc.steps())
      for (const auto& step : steps) total = total + z3::ite(step, ctx.int_val(1), ctx.int_val(0));
    opt.minimize(total);
  } else {
    for (const auto& steps : enc.steps())
      for (const auto& step : steps) opt.add_soft(!step, 1);
  }

  // Z3 stops early enough to leave time for reading its model, confirming it with the
  // simulator and tearing the context down (which costs a fraction of building it), so
  // that the whole run stays within the time limit.
  const double reserve = 0.5 + 0.5 * (elapsed() - encoding_started);
  const double budget = remaining() - reserve;
  if (budget <= 0) {
    result = z3::unknown;
    log("anycast: no time left for Z3 after encoding");
    return Solution{};
  }
  params.set("timeout", static_cast<unsigned>(std::max(1.0, budget * 1000)));
  opt.set(params);
  {
    Watchdog watchdog(ctx, budget);
    try {
      result = opt.check();
    } catch (const z3::exception& e) {
      if (!watchdog.fired()) throw std::runtime_error(std::string("Z3: ") + e.msg());
      result = z3::unknown;
    }
  }
  log("anycast: Z3 " + std::string(result == z3::sat ? "optimum" : result == z3::unsat ? "infeasible" : "gave up") +
      " at " + std::to_string(elapsed()).substr(0, 5) + " s");
  if (result == z3::unsat) return std::nullopt;
  Solution sol;
  z3::model model(ctx);
  try {
    // Interrupted: the MaxSAT engine's incumbent, if it has one, is still worth simulating.
    model = opt.get_model();
  } catch (const z3::exception&) {
    return sol;
  }
  log("anycast: model read at " + std::to_string(elapsed()).substr(0, 5) + " s");
  for (const auto& steps : enc.steps()) {
    int count = 0;
    for (const auto& step : steps) count += model.eval(step, true).is_true();
    sol.prepends.push_back(count);
  }
  if (result != z3::sat) return sol;  // an incumbent only: nothing to confirm
  for (const MergedGroup& g : constraints_->groups) {
    std::vector<bool> truth;
    for (const OutcomeTerm& t : g.terms) truth.push_back(model.eval(t.formula, true).is_true());
    sol.predicted.push_back(std::move(truth));
  }
  for (const auto& [client, at_target] : constraints_->pinned)
    sol.pinned_predicted.push_back(model.eval(at_target, true).is_true());
  return sol;
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
  log("anycast: route model (" + std::to_string(n) + " per-session distances) in " +
      std::to_string(elapsed()).substr(0, 5) + " s");

  auto finishWith = [&](OptimizeStatus status, PrependVector p, std::string message) {
    result.status = status;
    result.message = std::move(message);
    result.prepends = std::move(p);
    prop_.run(result.prepends, true, state_);
    result.after = clientOutcomes(state_, prop_.graph(), d_, clients_, options_.tie_break);
    result.objective_after = eval_.value(result.after);
    // A proven optimum is its own bound; otherwise the clique bound (never below what was reached).
    if (status == OptimizeStatus::Optimal && leaderConditions()) result.objective_bound = result.objective_after;
    else if (bound_ && status == OptimizeStatus::Timeout)
      result.objective_bound = std::max(result.objective_after, eval_.satisfiedValue(*bound_));
    result.polls = simulations_;
    result.sensitive_clients = constraints_ ? constraints_->sensitive_ases : 0;
    result.constraint_groups = constraintGroups();
    return result;
  };
  auto fallback = [&](const std::string& why) {
    if (best_) return finishWith(OptimizeStatus::Timeout, best_->prepends, why + "; best simulated vector");
    return finishWith(OptimizeStatus::Timeout, PrependVector(n, 0), why);
  };

  if (!leaderConditions()) climb(elapsed() + options_.timeout_seconds * 0.1);
  if (remaining() <= 0) return fallback("time limit reached before solving");
  z3::check_result check = z3::unknown;
  auto solution = solve(check);
  if (!solution)
    return finishWith(OptimizeStatus::Infeasible, PrependVector(n, 0),
                      "no prepend vector within the caps puts every pinned client group at its target");
  if (check == z3::unknown) {
    if (solution->prepends.size() == n && withinCaps(solution->prepends)) simulate(solution->prepends);
    return fallback("Z3 did not prove an optimum within the time limit");
  }
  auto simulated = simulate(solution->prepends);
  size_t mismatches = countMismatches(*solution, simulated);
  if (mismatches != 0)
    throw std::logic_error("anycast optimiser: the route model mispredicted " + std::to_string(mismatches) +
                           " client groups");
  result.prediction_matches = true;
  return finishWith(OptimizeStatus::Optimal, solution->prepends, "");
}

}  // namespace

OptimizeResult optimizePrepends(const AnycastPropagation& propagation, const std::vector<ClientGroup>& clients,
                                const OptimizeOptions& options) {
  checkAgainstGraph(propagation.graph(), propagation.deployment(), clients);
  PrependOptimizer optimizer(propagation, clients, options);
  return optimizer.run();
}

}  // namespace routefix::anycast
