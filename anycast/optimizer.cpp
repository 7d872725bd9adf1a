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
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

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

// Client groups at the same AS with the same objective data are one soft constraint
// with their summed weight.
struct Group {
  AsIndex as = 0;
  std::vector<size_t> pops;       // lowest-id: the PoPs v's winner can be at
  std::vector<size_t> positions;  // keep-all: the sessions that can be among v's best
  std::vector<int64_t> classes;   // outcome class of each PoP / position (see outcomeClass)
  int64_t weight = 0;             // summed over counting clients
  bool pinned = false;
  std::vector<size_t> clients;
};

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
        eval_(options.objective, clients), start_(Clock::now()) {
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
  // What the objective can tell apart about landing at `pop`: at target or not
  // (satisfied), the latency (latency, p90); pinned clients also keep the target bit.
  int64_t outcomeClass(size_t client, size_t pop) const;
  // The class of a whole catchment (keep-all: the worst PoP of the set).
  int64_t outcomeClass(size_t client, const ClientOutcome& outcome) const;
  void buildGroups(RouteEncoding& enc);
  // The optimal vector under the exact model, with the predicted outcome of each group:
  // lowest-id, the winner's PoP; keep-all, the tie set. nullopt = infeasible.
  struct Solution {
    PrependVector prepends;
    std::vector<std::vector<size_t>> predicted;  // per group
  };
  std::optional<Solution> solve(z3::check_result& result);
  size_t countMismatches(const Solution& solution, const std::vector<ClientOutcome>& simulated) const;

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
  size_t sensitive_ = 0;

  std::vector<Group> groups_;
  std::vector<std::optional<int64_t>> constant_;  // per client: its outcome class, if fixed

  // Best simulated vector within the caps that keeps pinned clients (timeout fallback).
  struct Candidate {
    PrependVector prepends;
    __int128 score = 0;
    int total = 0;
  };
  std::optional<Candidate> best_;
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

int64_t PrependOptimizer::outcomeClass(size_t c, size_t pop) const {
  bool at_target = clients_[c].target && *clients_[c].target == pop;
  if (options_.objective == ObjectiveKind::Satisfied) return at_target ? 1 : 0;
  return eval_.latencyUs(c, {pop}) * 2 + (clients_[c].pinned && at_target ? 1 : 0);
}

int64_t PrependOptimizer::outcomeClass(size_t c, const ClientOutcome& outcome) const {
  if (outcome.pops.empty()) return -1;
  if (options_.objective == ObjectiveKind::Satisfied) return eval_.atTarget(c, outcome.pops) ? 1 : 0;
  bool at_target = eval_.atTarget(c, outcome.pops);
  return eval_.latencyUs(c, outcome.pops) * 2 + (clients_[c].pinned && at_target ? 1 : 0);
}

void PrependOptimizer::buildGroups(RouteEncoding& enc) {
  groups_.clear();
  constant_.assign(clients_.size(), std::nullopt);
  sensitive_ = 0;
  std::map<std::tuple<AsIndex, bool, bool, std::vector<int64_t>>, size_t> by_key;
  std::set<AsIndex> sensitive_ases;
  const bool lowest_id = options_.tie_break == TieBreak::LowestId;
  for (size_t c = 0; c < clients_.size(); ++c) {
    AsIndex v = client_as_[c];
    const auto& sessions = enc.candidates(v);
    if (sessions.size() > 1) sensitive_ases.insert(v);
    std::vector<size_t> pops, positions;
    std::vector<int64_t> classes;
    if (lowest_id) {
      for (size_t s : sessions) pops.push_back(d_.sessions[s].pop);
      std::sort(pops.begin(), pops.end());
      pops.erase(std::unique(pops.begin(), pops.end()), pops.end());
      for (size_t q : pops) classes.push_back(outcomeClass(c, q));
    } else {
      positions = sessions;
      for (size_t s : sessions) classes.push_back(outcomeClass(c, d_.sessions[s].pop));
    }
    if (classes.empty()) {
      constant_[c] = -1;  // no route whatever the prepends
      continue;
    }
    if (std::all_of(classes.begin(), classes.end(), [&](int64_t x) { return x == classes.front(); })) {
      constant_[c] = classes.front();  // moves, if at all, without changing the objective
      continue;
    }
    auto key = std::make_tuple(v, clients_[c].pinned, eval_.counts(c), classes);
    auto [it, inserted] = by_key.emplace(key, groups_.size());
    if (inserted) groups_.push_back(Group{v, pops, positions, classes, 0, clients_[c].pinned, {}});
    Group& g = groups_[it->second];
    if (eval_.counts(c)) g.weight += eval_.weight(c);
    g.clients.push_back(c);
  }
  sensitive_ = sensitive_ases.size();
}

std::optional<PrependOptimizer::Solution> PrependOptimizer::solve(z3::check_result& result) {
  z3::context ctx;
  z3::optimize opt(ctx);
  z3::params params(ctx);
  params.set("timeout", static_cast<unsigned>(std::max(1.0, remaining() * 1000)));
  opt.set(params);

  RouteEncoding enc(ctx, prop_.graph(), d_, *model_, caps_);
  for (const auto& clause : enc.chainClauses()) opt.add(clause);
  buildGroups(enc);
  const bool lowest_id = options_.tie_break == TieBreak::LowestId;
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
    if (!constant_[c]) continue;
    int64_t cls = *constant_[c];
    bool at_target = objective == ObjectiveKind::Satisfied ? cls == 1 : cls >= 0 && (cls & 1);
    if (clients_[c].pinned && !at_target) return std::nullopt;
    if (objective == ObjectiveKind::P90 && eval_.counts(c) && cls >= 0) {
      int64_t lat = cls / 2;
      p90_values.insert(lat);
      p90_total += eval_.weight(c);
      covered = covered + z3::ite(ctx.int_val(lat) <= *threshold, ctx.int_val(eval_.weight(c)), ctx.int_val(0));
    }
  }

  for (size_t gi = 0; gi < groups_.size(); ++gi) {
    const Group& g = groups_[gi];
    std::vector<int64_t> values(g.classes);
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    // reaches(pred): the outcome class satisfies pred. Lowest-id: the winner's PoP has such
    // a class. Keep-all: the catchment's class is the worst of its PoPs, and for the
    // "at least this level" predicates used below that is: some best session reaches it.
    std::function<z3::expr(const std::function<bool(int64_t)>&)> reaches;
    if (lowest_id) {
      const auto& winner = enc.winnerPop(g.as);
      reaches = [&, gi](const std::function<bool(int64_t)>& pred) {
        const Group& grp = groups_[gi];
        z3::expr_vector terms(ctx);
        for (size_t a = 0; a < grp.pops.size(); ++a)
          if (pred(grp.classes[a])) terms.push_back(winner[grp.pops[a]]);
        return terms.empty() ? ctx.bool_val(false) : z3::mk_or(terms);
      };
    } else {
      reaches = [&, gi](const std::function<bool(int64_t)>& pred) {
        const Group& grp = groups_[gi];
        z3::expr_vector terms(ctx);
        for (size_t a = 0; a < grp.positions.size(); ++a)
          if (pred(grp.classes[a])) terms.push_back(enc.best(grp.as, grp.positions[a]));
        return terms.empty() ? ctx.bool_val(false) : z3::mk_or(terms);
      };
    }
    auto isTarget = [&](int64_t v) { return objective == ObjectiveKind::Satisfied ? v == 1 : (v & 1) == 1; };
    // At target: lowest-id, the winner's PoP is the target; keep-all, no best session is
    // off target.
    z3::expr at_target = lowest_id ? reaches(isTarget) : !reaches([&](int64_t v) { return !isTarget(v); });
    if (g.pinned) opt.add(at_target);
    if (g.weight == 0) continue;

    switch (objective) {
      case ObjectiveKind::Satisfied:
        opt.add_soft(at_target, text(g.weight * scale).c_str());
        break;
      case ObjectiveKind::Latency: {
        // Weighted latency as MaxSAT: pay w * step for every latency level reached.
        std::vector<int64_t> levels;
        for (int64_t v : values) levels.push_back(v / 2);
        levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
        for (size_t l = 1; l < levels.size(); ++l) {
          int64_t level = levels[l];
          __int128 cost = static_cast<__int128>(g.weight) * (levels[l] - levels[l - 1]) * scale;
          opt.add_soft(!reaches([level](int64_t v) { return v / 2 >= level; }), text(cost).c_str());
        }
        break;
      }
      case ObjectiveKind::P90: {
        z3::expr ok = ctx.bool_const(("g" + std::to_string(gi) + "_ok").c_str());
        for (int64_t v : values) {
          p90_values.insert(v / 2);
          int64_t level = v / 2;
          opt.add(z3::implies(ok && reaches([level](int64_t x) { return x / 2 == level; }),
                              ctx.int_val(level) <= *threshold));
        }
        covered = covered + z3::ite(ok, ctx.int_val(g.weight), ctx.int_val(0));
        p90_total += g.weight;
        break;
      }
    }
  }
  log("anycast: encoded " + std::to_string(groups_.size()) + " constraint groups over " +
      std::to_string(enc.encodedAses()) + " ASes in " + std::to_string(elapsed()).substr(0, 5) + " s");

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

  {
    Watchdog watchdog(ctx, remaining());
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
  for (const Group& g : groups_) {
    std::vector<size_t> predicted;
    if (lowest_id) {
      for (size_t q : g.pops)
        if (model.eval(enc.winnerPop(g.as)[q], true).is_true()) predicted.push_back(q);
    } else {
      for (size_t s : g.positions)
        if (model.eval(enc.best(g.as, s), true).is_true()) predicted.push_back(s);
    }
    sol.predicted.push_back(std::move(predicted));
  }
  return sol;
}

// The model is exact, so every disagreement with the simulator is a bug in it.
size_t PrependOptimizer::countMismatches(const Solution& sol, const std::vector<ClientOutcome>& simulated) const {
  size_t mismatches = 0;
  for (size_t gi = 0; gi < groups_.size(); ++gi)
    for (size_t c : groups_[gi].clients) {
      const auto& expected = options_.tie_break == TieBreak::KeepAll ? simulated[c].sessions : simulated[c].pops;
      mismatches += expected != sol.predicted[gi];
    }
  for (size_t c = 0; c < clients_.size(); ++c)
    if (constant_[c] && *constant_[c] != outcomeClass(c, simulated[c])) ++mismatches;
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
    result.polls = simulations_;
    result.sensitive_clients = sensitive_;
    result.constraint_groups = groups_.size();
    return result;
  };
  auto fallback = [&](const std::string& why) {
    if (best_) return finishWith(OptimizeStatus::Timeout, best_->prepends, why + "; best simulated vector");
    return finishWith(OptimizeStatus::Timeout, PrependVector(n, 0), why);
  };

  climb(elapsed() + options_.timeout_seconds * 0.1);
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
