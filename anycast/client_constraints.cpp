#include "anycast/client_constraints.h"

#include <algorithm>
#include <map>
#include <set>

namespace routefix::anycast {

ClientConstraintBuilder::ClientConstraintBuilder(const Deployment& deployment, const std::vector<ClientGroup>& clients,
                                                 const ObjectiveEvaluator& eval, TieBreak tie_break)
    : d_(deployment), clients_(clients), eval_(eval), tie_break_(tie_break) {}

int64_t ClientConstraintBuilder::outcomeClass(size_t c, size_t pop) const {
  bool at_target = clients_[c].target && *clients_[c].target == pop;
  if (eval_.kind() == ObjectiveKind::Satisfied) return at_target ? 1 : 0;
  return eval_.latencyUs(c, {pop}) * 2 + (clients_[c].pinned && at_target ? 1 : 0);
}

int64_t ClientConstraintBuilder::outcomeClass(size_t c, const ClientOutcome& outcome) const {
  if (outcome.pops.empty()) return -1;
  bool at_target = eval_.atTarget(c, outcome.pops);
  if (eval_.kind() == ObjectiveKind::Satisfied) return at_target ? 1 : 0;
  return eval_.latencyUs(c, outcome.pops) * 2 + (clients_[c].pinned && at_target ? 1 : 0);
}

bool ClientConstraintBuilder::atTarget(int64_t cls) const {
  if (cls < 0) return false;
  return eval_.kind() == ObjectiveKind::Satisfied ? cls == 1 : (cls & 1) == 1;
}

bool ClientConstraintBuilder::matches(const OutcomeTerm& term, int64_t cls) const {
  switch (eval_.kind()) {
    case ObjectiveKind::Satisfied: return cls == 1;
    case ObjectiveKind::Latency: return cls / 2 >= term.level;
    case ObjectiveKind::P90: return cls / 2 == term.level;
  }
  return false;
}

bool ClientConstraintBuilder::holds(size_t c, const OutcomeTerm& term, const ClientOutcome& simulated) const {
  if (eval_.kind() == ObjectiveKind::Satisfied) return eval_.atTarget(c, simulated.pops);
  // Latency terms are "reaches": with keep-all, some PoP of the set has such a latency.
  return std::any_of(simulated.pops.begin(), simulated.pops.end(),
                     [&](size_t pop) { return matches(term, outcomeClass(c, pop)); });
}

ClientConstraints ClientConstraintBuilder::build(RouteEncoding& enc, const std::vector<AsIndex>& client_as) const {
  ClientConstraints out;
  out.constant.assign(clients_.size(), std::nullopt);
  const bool lowest_id = tie_break_ == TieBreak::LowestId;
  const ObjectiveKind objective = eval_.kind();
  std::set<AsIndex> sensitive;
  std::map<std::vector<int64_t>, size_t> by_formulas;

  for (size_t c = 0; c < clients_.size(); ++c) {
    const AsIndex v = client_as[c];
    const std::vector<size_t>& sessions = enc.candidates(v);
    if (sessions.size() > 1) sensitive.insert(v);
    // The PoPs the outcome can involve: lowest-id, those the winner diagram can reach;
    // keep-all, those of every candidate session.
    std::vector<size_t> pops;
    if (lowest_id) {
      pops = enc.winnerPops(v);
    } else {
      for (size_t s : sessions) pops.push_back(d_.sessions[s].pop);
      std::sort(pops.begin(), pops.end());
      pops.erase(std::unique(pops.begin(), pops.end()), pops.end());
    }
    std::vector<int64_t> classes;
    for (size_t q : pops) classes.push_back(outcomeClass(c, q));
    if (classes.empty()) {
      out.constant[c] = -1;  // no route whatever the prepends
      continue;
    }
    if (std::all_of(classes.begin(), classes.end(), [&](int64_t x) { return x == classes.front(); })) {
      out.constant[c] = classes.front();  // moves, if at all, without changing the objective
      continue;
    }
    std::optional<LeaderCondition> leaders;
    if (lowest_id && clients_[c].target && (objective == ObjectiveKind::Satisfied || clients_[c].pinned))
      leaders = enc.leaderCondition(v, *clients_[c].target);
    if (leaders && objective == ObjectiveKind::Satisfied) {
      // The diagram may reach PoPs no vector within the caps makes the winner.
      auto unbounded = [](const LeaderDisjunct& d) { return d.bounds.empty(); };
      if (leaders->empty() || std::any_of(leaders->begin(), leaders->end(), unbounded)) {
        out.constant[c] = leaders->empty() ? 0 : 1;
        continue;
      }
    }

    // reaches(pred): the outcome class satisfies pred. Lowest-id: the winner's PoP has such
    // a class. Keep-all: some best session's PoP has (the catchment's class is the worst
    // of its PoPs, and the predicates below are "at least this level" or "this level").
    auto reaches = [&](auto pred) -> z3::expr {
      if (lowest_id) {
        std::vector<bool> wanted(d_.pops.size(), false);
        for (size_t q : pops) wanted[q] = pred(outcomeClass(c, q));
        return enc.winnerAmong(v, wanted);
      }
      z3::expr_vector terms(enc.context());
      for (size_t s : sessions)
        if (pred(outcomeClass(c, d_.sessions[s].pop))) terms.push_back(enc.best(v, s));
      return terms.empty() ? enc.context().bool_val(false) : z3::mk_or(terms);
    };
    // Only asked of pinned clients and under satisfied, so lowest-id always has `leaders`;
    // keep-all: no PoP of the catchment is off target.
    auto at_target = [&] {
      return leaders ? enc.formula(*leaders) : !reaches([&](int64_t cls) { return !atTarget(cls); });
    };
    if (clients_[c].pinned) {
      out.pinned.emplace_back(c, at_target());
      out.pinned_leaders.push_back(leaders);
    }
    if (!eval_.counts(c)) continue;

    std::vector<OutcomeTerm> terms;
    std::vector<int64_t> levels;
    for (int64_t cls : classes) levels.push_back(cls / 2);
    std::sort(levels.begin(), levels.end());
    levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
    switch (objective) {
      case ObjectiveKind::Satisfied:
        terms.push_back({0, 0, at_target()});
        break;
      case ObjectiveKind::Latency:
        // Weighted latency as MaxSAT: pay `step` for every latency level reached.
        for (size_t l = 1; l < levels.size(); ++l) {
          int64_t level = levels[l];
          terms.push_back({level, level - levels[l - 1], reaches([level](int64_t x) { return x / 2 >= level; })});
        }
        break;
      case ObjectiveKind::P90:
        for (int64_t level : levels)
          terms.push_back({level, 0, reaches([level](int64_t x) { return x / 2 == level; })});
        break;
    }
    std::vector<int64_t> key;
    for (const auto& t : terms) key.insert(key.end(), {t.level, t.step, static_cast<int64_t>(t.formula.id())});
    auto [it, inserted] = by_formulas.emplace(std::move(key), out.groups.size());
    if (inserted) out.groups.push_back({std::move(terms), objective == ObjectiveKind::Satisfied ? leaders : std::nullopt, 0, {}});
    MergedGroup& g = out.groups[it->second];
    g.weight += eval_.weight(c);
    g.clients.push_back(c);
  }
  out.sensitive_ases = sensitive.size();
  return out;
}

}  // namespace routefix::anycast
