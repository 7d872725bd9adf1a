#include "anycast/optimizer.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
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
  int64_t weight = 0;             // summed over counting clients
  bool pinned = false;
  std::vector<size_t> clients;
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
  void buildGroups();
  // One Z3 round: the optimal vector under the current model, with the predicted winner
  // (a session) of each group under lowest-id. nullopt = infeasible; throws Timeout.
  struct Solution {
    PrependVector prepends;
    std::vector<size_t> predicted_winner;  // per group
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
  std::vector<std::optional<ClientOutcome>> constant_;  // per client, if no group decides it

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
    models_[m].observe(p, state_.tieSet(v), static_cast<size_t>(state_.session[v]));
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

void PrependOptimizer::buildGroups() {
  groups_.clear();
  constant_.assign(clients_.size(), std::nullopt);
  std::map<std::string, size_t> by_key;
  for (size_t c = 0; c < clients_.size(); ++c) {
    const ClientSensitivity& model = models_[model_of_client_[c]];
    const auto& sessions = model.sessions();
    const auto& r = model.offsets();
    // Positions that can be among the best somewhere in the box: at 0 against all others
    // at their caps.
    std::vector<size_t> positions;
    for (size_t i = 0; i < sessions.size(); ++i) {
      bool possible = true;
      for (size_t j = 0; j < sessions.size() && possible; ++j)
        if (j != i && r[i] > caps_[sessions[j]] + r[j]) possible = false;
      if (possible) positions.push_back(i);
    }
    std::set<size_t> pops;
    for (size_t i : positions) pops.insert(d_.sessions[sessions[i]].pop);
    if (pops.size() <= 1) {
      // The PoP never changes; under lowest-id the session might, but nobody can tell.
      std::vector<size_t> s;
      if (!positions.empty()) s.push_back(sessions[positions.front()]);
      constant_[c] = outcomeFromSessions(s, d_);
      continue;
    }
    std::ostringstream key;
    key << (clients_[c].pinned ? 'P' : 'F');
    for (size_t i : positions) key << ' ' << sessions[i] << ':' << r[i];
    if (options_.tie_break == TieBreak::LowestId)
      for (const auto& [ties, winner] : model.tieWinners()) {
        key << " t";
        for (size_t s : ties) key << s << ',';
        key << '>' << winner;
      }
    if (options_.objective == ObjectiveKind::Satisfied)
      key << " @" << (clients_[c].target ? static_cast<long>(*clients_[c].target) : -1L);
    else
      for (size_t i : positions) key << " l" << eval_.latencyUs(c, {d_.sessions[sessions[i]].pop});
    key << (eval_.counts(c) ? " c" : " n");
    auto [it, inserted] = by_key.emplace(key.str(), groups_.size());
    if (inserted) groups_.push_back(Group{model_of_client_[c], positions, 0, clients_[c].pinned, {}});
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
  std::vector<z3::expr> p;
  for (size_t s = 0; s < n; ++s) {
    p.push_back(ctx.int_const(("p" + std::to_string(s)).c_str()));
    opt.add(p[s] >= 0 && p[s] <= caps_[s]);
  }
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
    const auto& pops = constant_[c]->pops;
    if (clients_[c].pinned && !eval_.atTarget(c, pops)) return std::nullopt;
    if (objective == ObjectiveKind::P90 && eval_.counts(c) && !pops.empty()) {
      int64_t lat = eval_.latencyUs(c, pops);
      p90_values.insert(lat);
      p90_total += eval_.weight(c);
      covered = covered + z3::ite(ctx.int_val(lat) <= *threshold, ctx.int_val(eval_.weight(c)), ctx.int_val(0));
    }
  }

  std::vector<std::vector<z3::expr>> chosen(groups_.size());  // lowest-id winner flags per position
  for (size_t gi = 0; gi < groups_.size(); ++gi) {
    const Group& g = groups_[gi];
    const ClientSensitivity& model = models_[g.model];
    const auto& sessions = model.sessions();
    const auto& r = model.offsets();
    const size_t k = g.positions.size();
    const size_t rep = g.clients.front();
    std::string tag = "g" + std::to_string(gi) + "_";
    // best[i]: position i is among the equally good routes (difference constraints).
    std::vector<z3::expr> best;
    for (size_t a = 0; a < k; ++a) {
      size_t i = g.positions[a];
      z3::expr_vector conj(ctx);
      for (size_t b = 0; b < k; ++b) {
        size_t j = g.positions[b];
        if (a == b) continue;
        int bound = r[j] - r[i];  // p_i - p_j <= r_j - r_i
        if (bound >= caps_[sessions[i]]) continue;
        conj.push_back(p[sessions[i]] - p[sessions[j]] <= bound);
      }
      best.push_back(conj.empty() ? ctx.bool_val(true) : z3::mk_and(conj));
    }
    auto popAt = [&](size_t a) { return d_.sessions[sessions[g.positions[a]]].pop; };
    auto latAt = [&](size_t a) { return eval_.latencyUs(rep, {popAt(a)}); };

    // Which positions the client may land on: lowest-id one winner, keep-all all best.
    std::vector<z3::expr> at;  // lowest-id: winner flag; keep-all: best flag
    if (lowest_id) {
      z3::expr_vector flags(ctx);
      for (size_t a = 0; a < k; ++a) {
        at.push_back(ctx.bool_const((tag + std::to_string(a)).c_str()));
        flags.push_back(at[a]);
        opt.add(z3::implies(at[a], best[a]));
      }
      std::vector<int> ones(k, 1);
      opt.add(z3::pbeq(flags, ones.data(), 1));
      // Known tie outcomes: this exact tie set -> this winner.
      for (const auto& [ties, winner] : model.tieWinners()) {
        z3::expr_vector exact(ctx);
        std::optional<size_t> winner_pos;
        bool inside = true;
        for (size_t s : ties) {
          auto it = std::find_if(g.positions.begin(), g.positions.end(),
                                 [&](size_t pos) { return sessions[pos] == s; });
          if (it == g.positions.end()) inside = false;
        }
        if (!inside) continue;
        for (size_t a = 0; a < k; ++a) {
          size_t s = sessions[g.positions[a]];
          bool member = std::binary_search(ties.begin(), ties.end(), s);
          exact.push_back(member ? best[a] : !best[a]);
          if (s == winner) winner_pos = a;
        }
        if (winner_pos) opt.add(z3::implies(z3::mk_and(exact), at[*winner_pos]));
      }
      chosen[gi] = at;
    } else {
      at = best;
    }

    std::optional<size_t> target = clients_[rep].target;
    auto satisfiedExpr = [&]() {
      z3::expr_vector terms(ctx);
      for (size_t a = 0; a < k; ++a) {
        bool on_target = target && popAt(a) == *target;
        if (lowest_id && on_target) terms.push_back(at[a]);
        if (!lowest_id && !on_target) terms.push_back(!at[a]);
      }
      if (lowest_id) return terms.empty() ? ctx.bool_val(false) : z3::mk_or(terms);
      bool any_on_target = false;
      for (size_t a = 0; a < k; ++a) any_on_target |= target && popAt(a) == *target;
      return any_on_target ? z3::mk_and(terms) : ctx.bool_val(false);
    };
    if (g.pinned) opt.add(satisfiedExpr());
    if (g.weight == 0) continue;

    switch (objective) {
      case ObjectiveKind::Satisfied:
        opt.add_soft(satisfiedExpr(), text(g.weight * scale).c_str());
        break;
      case ObjectiveKind::Latency: {
        // Weighted latency as MaxSAT: pay w * (step) for every latency level reached.
        std::vector<int64_t> levels;
        for (size_t a = 0; a < k; ++a) levels.push_back(latAt(a));
        std::sort(levels.begin(), levels.end());
        levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
        for (size_t l = 1; l < levels.size(); ++l) {
          z3::expr_vector reach(ctx);
          for (size_t a = 0; a < k; ++a)
            if (latAt(a) >= levels[l]) reach.push_back(at[a]);
          __int128 cost = static_cast<__int128>(g.weight) * (levels[l] - levels[l - 1]) * scale;
          opt.add_soft(!z3::mk_or(reach), text(cost).c_str());
        }
        break;
      }
      case ObjectiveKind::P90: {
        z3::expr ok = ctx.bool_const((tag + "ok").c_str());
        for (size_t a = 0; a < k; ++a) {
          p90_values.insert(latAt(a));
          opt.add(z3::implies(ok && at[a], ctx.int_val(latAt(a)) <= *threshold));
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
    for (const auto& x : p) total = total + x;
    opt.minimize(total);
  } else {
    for (size_t s = 0; s < n; ++s)
      for (int k = 1; k <= caps_[s]; ++k) opt.add_soft(p[s] < k, 1);
  }

  result = opt.check();
  if (result == z3::unsat) return std::nullopt;
  if (result == z3::unknown) return Solution{};
  z3::model model = opt.get_model();
  Solution sol;
  for (size_t s = 0; s < n; ++s) sol.prepends.push_back(model.eval(p[s], true).get_numeral_int());
  for (size_t gi = 0; gi < groups_.size(); ++gi) {
    size_t winner = SIZE_MAX;
    for (size_t a = 0; a < chosen[gi].size(); ++a)
      if (model.eval(chosen[gi][a], true).is_true())
        winner = models_[groups_[gi].model].sessions()[groups_[gi].positions[a]];
    sol.predicted_winner.push_back(winner);
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
      } else if (sim.sessions.size() != 1 || sim.sessions[0] != sol.predicted_winner[gi]) {
        ++mismatches;
      }
    }
  }
  for (size_t c = 0; c < clients_.size(); ++c)
    if (constant_[c] && constant_[c]->pops != simulated[c].pops)
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
  for (const auto& p : plan) {
    if (!done.insert(p).second) continue;
    auto outcomes = simulate(p);
    if (result.polls++ == 0) {
      result.before = outcomes;
      result.objective_before = eval_.value(outcomes);
    }
  }
  for (auto& m : models_) m.finish();
  for (const auto& m : models_) result.sensitive_clients += m.sessions().size() > 1;
  log("anycast: polled " + std::to_string(result.polls) + " prepend vectors in " +
      std::to_string(elapsed()).substr(0, 5) + " s; " + std::to_string(result.sensitive_clients) + " of " +
      std::to_string(models_.size()) + " client ASes can move");

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

  for (size_t round = 0; round < kMaxRounds; ++round) {
    if (remaining() <= 0) return fallback("time limit reached");
    buildGroups();
    result.constraint_groups = groups_.size();
    z3::check_result check = z3::unknown;
    auto solution = solve(check);
    if (!solution)
      return finishWith(OptimizeStatus::Infeasible, PrependVector(n, 0),
                        "no prepend vector within the caps puts every pinned client group at its target");
    if (check == z3::unknown) return fallback("Z3 gave up within the time limit");
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
  PrependOptimizer optimizer(propagation, clients, options);
  return optimizer.run();
}

}  // namespace routefix::anycast
