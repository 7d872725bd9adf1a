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

#include "anycast/sensitivity.h"

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
constexpr size_t kMaxRounds = 500;

std::string text(__int128 v) {
  if (v == 0) return "0";
  bool negative = v < 0;
  std::string digits;
  for (unsigned __int128 u = negative ? -static_cast<unsigned __int128>(v) : v; u; u /= 10)
    digits.insert(digits.begin(), static_cast<char>('0' + u % 10));
  return negative ? "-" + digits : digits;
}

// Clients that share a sensitivity model and objective data are one constraint group.
struct Group {
  size_t model = 0;
  std::vector<size_t> positions;  // into the model's sessions: those that can win in the box
  std::vector<int64_t> classes;   // outcome class of each position (see outcomeClass)
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
    size_t n = d_.sessions.size();
    for (size_t s = 0; s < n; ++s) caps_.push_back(std::max(0, d_.sessionCap(s, options.max_prepend)));
    std::map<AsIndex, size_t> model_index;
    for (const auto& c : clients) {
      AsIndex v = *prop_.graph().find(c.asn);
      auto [it, inserted] = model_index.emplace(v, models_.size());
      if (inserted) {
        models_.emplace_back(n);
        model_as_.push_back(v);
      }
      model_of_client_.push_back(it->second);
    }
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
  // What the objective can tell apart about landing at `pop`: at target or not
  // (satisfied), the latency (latency, p90); pinned clients also keep the target bit.
  int64_t outcomeClass(size_t client, size_t pop) const;
  // The class of a whole catchment (keep-all: the worst PoP of the set).
  int64_t outcomeClass(size_t client, const ClientOutcome& outcome) const;
  void buildGroups();
  // One Z3 round: the optimal vector under the current model, with the predicted winner
  // (a session) of each group under lowest-id. nullopt = infeasible; throws Timeout.
  struct Solution {
    PrependVector prepends;
    std::vector<int64_t> predicted_class;  // per group, lowest-id
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
  std::vector<ClientSensitivity> models_;  // per distinct client AS
  std::vector<AsIndex> model_as_;
  std::vector<size_t> model_of_client_;
  PropagationState state_;

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
  prop_.run(p, true, state_);
  for (size_t m = 0; m < models_.size(); ++m) {
    AsIndex v = model_as_[m];
    if (!state_.hasRoute(v)) continue;
    auto ties = state_.tieSet(v);
    bool several_pops = false;
    for (size_t s : ties) several_pops |= d_.sessions[s].pop != d_.sessions[ties.front()].pop;
    models_[m].observe(p, ties, static_cast<size_t>(state_.session[v]),
                       several_pops && options_.tie_break == TieBreak::LowestId);
  }
  auto outcomes = clientOutcomes(state_, prop_.graph(), d_, clients_, options_.tie_break);
  if (withinCaps(p) && pinnedHold(outcomes)) {
    Candidate c{p, eval_.score(outcomes), std::accumulate(p.begin(), p.end(), 0)};
    if (!best_ || c.score > best_->score || (c.score == best_->score && c.total < best_->total) ||
        (c.score == best_->score && c.total == best_->total && c.prepends < best_->prepends))
      best_ = c;
  }
  return outcomes;
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

void PrependOptimizer::buildGroups() {
  groups_.clear();
  constant_.assign(clients_.size(), std::nullopt);
  std::map<std::string, size_t> by_key;
  const bool lowest_id = options_.tie_break == TieBreak::LowestId;
  for (size_t c = 0; c < clients_.size(); ++c) {
    const ClientSensitivity& model = models_[model_of_client_[c]];
    const auto& sessions = model.sessions();
    const auto& r = model.offsets();
    // Positions that can be among the best somewhere in the box: at 0 against all others
    // at their caps.
    std::vector<size_t> positions;
    std::vector<int64_t> classes;
    for (size_t i = 0; i < sessions.size(); ++i) {
      bool possible = true;
      for (size_t j = 0; j < sessions.size() && possible; ++j)
        if (j != i && r[i] > caps_[sessions[j]] + r[j]) possible = false;
      if (!possible) continue;
      positions.push_back(i);
      classes.push_back(outcomeClass(c, d_.sessions[sessions[i]].pop));
    }
    if (positions.empty()) {
      constant_[c] = -1;  // no route whatever the prepends
      continue;
    }
    if (std::all_of(classes.begin(), classes.end(), [&](int64_t v) { return v == classes.front(); })) {
      constant_[c] = classes.front();  // moves, if at all, without changing the objective
      continue;
    }
    std::ostringstream key;
    key << (clients_[c].pinned ? 'P' : 'F') << (eval_.counts(c) ? 'c' : 'n');
    for (size_t a = 0; a < positions.size(); ++a)
      key << ' ' << sessions[positions[a]] << ':' << r[positions[a]] << '=' << classes[a];
    if (lowest_id)
      for (const auto& [ties, winner] : model.tieWinners()) {
        key << " t";
        for (size_t s : ties) key << s << ',';
        key << '>' << outcomeClass(c, d_.sessions[winner].pop);
      }
    auto [it, inserted] = by_key.emplace(key.str(), groups_.size());
    if (inserted) groups_.push_back(Group{model_of_client_[c], positions, classes, 0, clients_[c].pinned, {}});
    Group& g = groups_[it->second];
    if (eval_.counts(c)) g.weight += eval_.weight(c);
    g.clients.push_back(c);
  }
}

std::optional<PrependOptimizer::Solution> PrependOptimizer::solve(z3::check_result& result) {
  z3::context ctx;
  z3::optimize opt(ctx);
  z3::params params(ctx);
  params.set("timeout", static_cast<unsigned>(std::max(1.0, remaining() * 1000)));
  opt.set(params);

  const size_t n = d_.sessions.size();
  // Prepend counts in order encoding: at_least[s][t-1] <=> p_s >= t. Difference
  // constraints become two-literal clauses, so Z3 can optimise with its SAT core instead
  // of arithmetic.
  std::vector<std::vector<z3::expr>> at_least(n);
  for (size_t s = 0; s < n; ++s)
    for (int t = 1; t <= caps_[s]; ++t) {
      at_least[s].push_back(ctx.bool_const(("p" + std::to_string(s) + ">=" + std::to_string(t)).c_str()));
      if (t > 1) opt.add(z3::implies(at_least[s][t - 1], at_least[s][t - 2]));
    }
  auto geq = [&](size_t s, int t) {
    if (t <= 0) return ctx.bool_val(true);
    if (t > caps_[s]) return ctx.bool_val(false);
    return at_least[s][t - 1];
  };
  // p_i - p_j <= c  <=>  for every t in 0..cap_i: p_i >= t implies p_j >= t - c (t = 0
  // covers negative c: p_j >= -c outright).
  std::map<std::tuple<size_t, size_t, int>, z3::expr> differences;
  auto differenceAtMost = [&](size_t i, size_t j, int c) {
    auto key = std::make_tuple(i, j, c);
    if (auto it = differences.find(key); it != differences.end()) return it->second;
    z3::expr_vector clauses(ctx);
    for (int t = 0; t <= caps_[i]; ++t) clauses.push_back(z3::implies(geq(i, t), geq(j, t - c)));
    z3::expr e = clauses.empty() ? ctx.bool_val(true) : z3::mk_and(clauses);
    differences.emplace(key, e);
    return e;
  };
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

  std::vector<std::vector<std::pair<int64_t, z3::expr>>> chosen(groups_.size());  // lowest-id class flags
  for (size_t gi = 0; gi < groups_.size(); ++gi) {
    const Group& g = groups_[gi];
    const ClientSensitivity& model = models_[g.model];
    const auto& sessions = model.sessions();
    const auto& r = model.offsets();
    const size_t k = g.positions.size();
    std::string tag = "g" + std::to_string(gi) + "_";
    // best[a]: position a is among the equally good routes (difference constraints).
    std::vector<z3::expr> best;
    for (size_t a = 0; a < k; ++a) {
      size_t i = g.positions[a];
      z3::expr_vector conj(ctx);
      for (size_t b = 0; b < k; ++b) {
        size_t j = g.positions[b];
        if (a == b) continue;
        int bound = r[j] - r[i];  // p_i - p_j <= r_j - r_i
        if (bound >= caps_[sessions[i]]) continue;
        conj.push_back(differenceAtMost(sessions[i], sessions[j], bound));
      }
      best.push_back(conj.empty() ? ctx.bool_val(true) : z3::mk_and(conj));
    }
    std::vector<int64_t> values(g.classes);
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());

    // reaches(pred): the outcome class satisfies pred. Lowest-id: one class flag is
    // chosen, among the classes of the best positions, and known tie outcomes fix it.
    // Keep-all: every best position counts, the catchment's class is the worst of them.
    std::function<z3::expr(const std::function<bool(int64_t)>&)> reaches;
    if (lowest_id) {
      z3::expr_vector flags(ctx);
      for (int64_t v : values) {
        z3::expr flag = ctx.bool_const((tag + std::to_string(v)).c_str());
        flags.push_back(flag);
        z3::expr_vector support(ctx);
        for (size_t a = 0; a < k; ++a)
          if (g.classes[a] == v) support.push_back(best[a]);
        opt.add(z3::implies(flag, z3::mk_or(support)));
        chosen[gi].emplace_back(v, flag);
      }
      std::vector<int> ones(values.size(), 1);
      opt.add(z3::pbeq(flags, ones.data(), 1));
      for (const auto& [ties, winner] : model.tieWinners()) {
        std::vector<size_t> members;
        for (size_t s : ties) {
          auto it = std::find_if(g.positions.begin(), g.positions.end(),
                                 [&](size_t pos) { return sessions[pos] == s; });
          if (it == g.positions.end()) break;
          members.push_back(static_cast<size_t>(it - g.positions.begin()));
        }
        if (members.size() != ties.size()) continue;  // cannot happen within the caps
        int64_t winner_class = outcomeClass(g.clients.front(), d_.sessions[winner].pop);
        bool decides = false;
        for (size_t a : members) decides |= g.classes[a] != winner_class;
        if (!decides) continue;
        z3::expr_vector exact(ctx);
        for (size_t a = 0; a < k; ++a)
          exact.push_back(std::find(members.begin(), members.end(), a) != members.end() ? best[a] : !best[a]);
        size_t flag = static_cast<size_t>(std::lower_bound(values.begin(), values.end(), winner_class) - values.begin());
        opt.add(z3::implies(z3::mk_and(exact), flags[static_cast<int>(flag)]));
      }
      reaches = [&, gi](const std::function<bool(int64_t)>& pred) {
        z3::expr_vector terms(ctx);
        for (const auto& [v, flag] : chosen[gi])
          if (pred(v)) terms.push_back(flag);
        return terms.empty() ? ctx.bool_val(false) : z3::mk_or(terms);
      };
    } else {
      // The worst class of the set satisfies pred iff no best position fails it... for
      // "at least level" predicates: some best position reaches the level.
      reaches = [&, k](const std::function<bool(int64_t)>& pred) {
        z3::expr_vector terms(ctx);
        for (size_t a = 0; a < k; ++a)
          if (pred(g.classes[a])) terms.push_back(best[a]);
        return terms.empty() ? ctx.bool_val(false) : z3::mk_or(terms);
      };
    }
    auto isTarget = [&](int64_t v) { return objective == ObjectiveKind::Satisfied ? v == 1 : (v & 1) == 1; };
    // At target: lowest-id, the chosen class is a target class; keep-all, no best
    // position is off target.
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
        z3::expr ok = ctx.bool_const((tag + "ok").c_str());
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

  if (objective == ObjectiveKind::P90) {
    z3::expr_vector domain(ctx);
    for (int64_t v : p90_values) domain.push_back(*threshold == ctx.int_val(v));
    if (domain.empty()) domain.push_back(*threshold == 0);
    opt.add(z3::mk_or(domain));
    opt.add(covered * 10 >= ctx.int_val(text(p90_total * 9).c_str()));
    opt.minimize(*threshold);
  }
  if (objective == ObjectiveKind::P90) {
    z3::expr total = ctx.int_val(0);
    for (const auto& steps : at_least)
      for (const auto& step : steps) total = total + z3::ite(step, ctx.int_val(1), ctx.int_val(0));
    opt.minimize(total);
  } else {
    for (const auto& steps : at_least)
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
  if (result == z3::unsat) return std::nullopt;
  Solution sol;
  z3::model model(ctx);
  try {
    // Interrupted: the MaxSAT engine's incumbent, if it has one, is still worth simulating.
    model = opt.get_model();
  } catch (const z3::exception&) {
    return sol;
  }
  for (size_t s = 0; s < n; ++s) {
    int count = 0;
    for (const auto& step : at_least[s]) count += model.eval(step, true).is_true();
    sol.prepends.push_back(count);
  }
  for (size_t gi = 0; gi < groups_.size(); ++gi) {
    int64_t cls = -1;
    for (const auto& [v, flag] : chosen[gi])
      if (model.eval(flag, true).is_true()) cls = v;
    sol.predicted_class.push_back(cls);
  }
  return sol;
}

size_t PrependOptimizer::countMismatches(const Solution& sol, const std::vector<ClientOutcome>& simulated) const {
  size_t mismatches = 0;
  for (size_t gi = 0; gi < groups_.size(); ++gi) {
    const Group& g = groups_[gi];
    const ClientSensitivity& model = models_[g.model];
    std::vector<size_t> predicted_ties;
    for (size_t pos : model.predictTies(sol.prepends)) predicted_ties.push_back(model.sessions()[pos]);
    for (size_t c : g.clients) {
      const auto& sim = simulated[c];
      if (options_.tie_break == TieBreak::KeepAll) {
        if (sim.sessions != predicted_ties) ++mismatches;
      } else if (outcomeClass(c, sim) != sol.predicted_class[gi]) {
        ++mismatches;
      }
    }
  }
  for (size_t c = 0; c < clients_.size(); ++c)
    if (constant_[c] && *constant_[c] != outcomeClass(c, simulated[c]))
      throw std::logic_error("anycast optimiser: a client predicted insensitive moved");
  return mismatches;
}

OptimizeResult PrependOptimizer::run() {
  OptimizeResult result;
  const size_t n = d_.sessions.size();
  const int poll_range = *std::max_element(caps_.begin(), caps_.end());

  // 1. Sensitivity polling.
  std::vector<PrependVector> plan = pollPlan(n, poll_range);
  std::set<PrependVector> done;
  bool polling_complete = true;
  for (const auto& p : plan) {
    if (result.polls > 0 && remaining() <= 0) {
      polling_complete = false;
      break;
    }
    if (!done.insert(p).second) continue;
    auto outcomes = simulate(p);
    if (result.polls++ == 0) {
      result.before = outcomes;
      result.objective_before = eval_.value(outcomes);
    }
  }
  // Offsets are only exact once the whole plan ran; a cut-short poll leaves them open.
  if (polling_complete) {
    for (auto& m : models_) m.finish();
    for (const auto& m : models_) result.sensitive_clients += m.sessions().size() > 1;
  }
  log("anycast: polled " + std::to_string(result.polls) + " prepend vectors in " +
      std::to_string(elapsed()).substr(0, 5) + " s; " +
      (polling_complete ? std::to_string(result.sensitive_clients) + " of " + std::to_string(models_.size()) +
                              " client ASes can move"
                        : "cut short by the time limit"));

  // 2. Solve, confirm, refine.
  auto finishWith = [&](OptimizeStatus status, PrependVector p, std::string message) {
    result.status = status;
    result.message = std::move(message);
    result.prepends = std::move(p);
    prop_.run(result.prepends, true, state_);
    result.after = clientOutcomes(state_, prop_.graph(), d_, clients_, options_.tie_break);
    result.objective_after = eval_.value(result.after);
    return result;
  };
  auto fallback = [&](const std::string& why) {
    if (best_) return finishWith(OptimizeStatus::Timeout, best_->prepends, why + "; best simulated vector");
    return finishWith(OptimizeStatus::Timeout, PrependVector(n, 0), why);
  };

  if (!polling_complete) return fallback("time limit reached while polling");
  for (size_t round = 0; round < kMaxRounds; ++round) {
    if (remaining() <= 0) return fallback("time limit reached");
    buildGroups();
    result.constraint_groups = groups_.size();
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
    log("anycast: round " + std::to_string(round + 1) + ": " + std::to_string(groups_.size()) +
        " constraint groups, " + std::to_string(mismatches) + " mispredicted client groups");
    if (mismatches == 0) {
      result.prediction_matches = true;
      return finishWith(OptimizeStatus::Optimal, solution->prepends, "");
    }
    ++result.refinements;
  }
  return fallback("refinement did not converge");
}

}  // namespace

OptimizeResult optimizePrepends(const AnycastPropagation& propagation, const std::vector<ClientGroup>& clients,
                                const OptimizeOptions& options) {
  checkAgainstGraph(propagation.graph(), propagation.deployment(), clients);
  PrependOptimizer optimizer(propagation, clients, options);
  return optimizer.run();
}

}  // namespace routefix::anycast
