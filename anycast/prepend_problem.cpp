#include "anycast/prepend_problem.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <string>

#include "anycast/conflict_cliques.h"

namespace routefix::anycast {

std::string decimalText(__int128 v) {
  if (v == 0) return "0";
  bool negative = v < 0;
  std::string digits;
  for (unsigned __int128 u = negative ? -static_cast<unsigned __int128>(v) : v; u; u /= 10)
    digits.insert(digits.begin(), static_cast<char>('0' + u % 10));
  return negative ? "-" + digits : digits;
}

namespace {

// Floor division for a positive divisor.
__int128 floorDiv(__int128 a, __int128 b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

}  // namespace

__int128 PrependProblem::scoreBound(__int128 soft_weight) const { return base + floorDiv(soft_weight, scale); }

__int128 PrependProblem::softWeightBound() const {
  __int128 total = 0;
  std::vector<bool> in_clique(soft.size(), false);
  for (const auto& clique : cliques) {
    __int128 heaviest = 0;
    for (size_t i : clique) {
      in_clique[i] = true;
      heaviest = std::max(heaviest, soft[i].weight);
    }
    total += heaviest;
  }
  for (size_t i = 0; i < soft.size(); ++i)
    if (!in_clique[i] && soft[i].weight > 0) total += soft[i].weight;
  return total;
}

std::optional<PrependProblem> buildPrependProblem(RouteEncoding& enc, const ClientConstraints& constraints,
                                                  const ClientConstraintBuilder& classes,
                                                  const ObjectiveEvaluator& eval,
                                                  const std::vector<ClientGroup>& clients,
                                                  const std::vector<int>& caps, bool lowest_id) {
  z3::context& ctx = enc.context();
  PrependProblem problem(ctx);
  problem.scale = std::accumulate(caps.begin(), caps.end(), __int128{1});
  const ObjectiveKind objective = eval.kind();

  // Constant clients: a pinned one off its target makes the problem infeasible; the others
  // are part of the score whatever the vector.
  std::vector<std::pair<int64_t, int64_t>> constant_latency;  // (latency, weight)
  for (size_t c = 0; c < clients.size(); ++c) {
    if (!constraints.constant[c]) continue;
    const int64_t cls = *constraints.constant[c];
    if (clients[c].pinned && !classes.atTarget(cls)) return std::nullopt;
    if (!eval.counts(c)) continue;
    if (objective == ObjectiveKind::Satisfied && classes.atTarget(cls)) problem.base += eval.weight(c);
    if (objective != ObjectiveKind::Satisfied && cls >= 0) constant_latency.emplace_back(cls / 2, eval.weight(c));
  }
  for (const auto& [client, at_target] : constraints.pinned) problem.hard.push_back(at_target);
  const auto& groups = constraints.groups;

  switch (objective) {
    case ObjectiveKind::Satisfied: {
      std::vector<const LeaderCondition*> conditions;
      std::vector<int64_t> weights;
      for (const MergedGroup& g : groups) {
        conditions.push_back(g.leaders ? &*g.leaders : nullptr);
        weights.push_back(g.weight);
        problem.soft.push_back({g.terms.front().formula, static_cast<__int128>(g.weight) * problem.scale});
      }
      problem.cliques = conflictCliques(conditions, weights);
      for (const auto& clique : problem.cliques) {
        if (clique.size() < 2) continue;
        z3::expr_vector members(ctx);
        for (size_t gi : clique) members.push_back(problem.soft[gi].formula);
        problem.hard.push_back(z3::atmost(members, 1));
      }
      auto missing = [](const auto& leaders) { return !leaders; };
      problem.leader_conditions =
          lowest_id && std::none_of(groups.begin(), groups.end(), [](const MergedGroup& g) { return !g.leaders; }) &&
          std::none_of(constraints.pinned_leaders.begin(), constraints.pinned_leaders.end(), missing);
      if (problem.leader_conditions) {
        // Leader conditions bound differences of prepends only, so lowering every count by
        // one keeps every group where it is: some session may as well be unprepended.
        // Without this symmetry a proof also visits each vector's shifted copies.
        z3::expr_vector unprepended(ctx);
        for (const auto& steps : enc.steps()) unprepended.push_back(steps.empty() ? ctx.bool_val(true) : !steps.front());
        problem.hard.push_back(z3::mk_or(unprepended));
      }
      break;
    }
    case ObjectiveKind::Latency: {
      __int128 worst = 0;
      for (const auto& [latency, weight] : constant_latency) worst += static_cast<__int128>(latency) * weight;
      for (const MergedGroup& g : groups) {
        if (g.weight == 0) continue;
        worst += static_cast<__int128>(g.weight) * g.terms.back().level;  // terms ascend by level
        for (const OutcomeTerm& t : g.terms)
          problem.soft.push_back({!t.formula, static_cast<__int128>(g.weight) * t.step * problem.scale});
      }
      problem.base = -worst;
      break;
    }
    case ObjectiveKind::P90: {
      std::set<int64_t> levels;
      for (const auto& entry : constant_latency) levels.insert(entry.first);
      for (const MergedGroup& g : groups)
        for (const OutcomeTerm& t : g.terms) levels.insert(t.level);
      const std::vector<int64_t> values(levels.begin(), levels.end());
      // reach[i] <=> threshold >= values[i]; values[0] is always reached.
      std::vector<z3::expr> reach;
      for (size_t i = 0; i < values.size(); ++i) {
        reach.push_back(i == 0 ? ctx.bool_val(true) : ctx.bool_const(("p90>=" + std::to_string(values[i])).c_str()));
        if (i >= 2) problem.hard.push_back(z3::implies(reach[i], reach[i - 1]));
        if (i >= 1) problem.soft.push_back({!reach[i], (values[i] - values[i - 1]) * problem.scale});
      }
      auto within = [&](int64_t level) {
        return reach[static_cast<size_t>(std::lower_bound(values.begin(), values.end(), level) - values.begin())];
      };
      z3::expr covered = ctx.int_val(0);
      __int128 total = 0;
      for (const auto& [latency, weight] : constant_latency) {
        covered = covered + z3::ite(within(latency), ctx.int_val(weight), ctx.int_val(0));
        total += weight;
      }
      for (size_t gi = 0; gi < groups.size(); ++gi) {
        const MergedGroup& g = groups[gi];
        if (g.weight == 0) continue;
        // ok: the group's latency is within the threshold.
        z3::expr ok = ctx.bool_const(("g" + std::to_string(gi) + "_ok").c_str());
        for (const OutcomeTerm& t : g.terms) problem.hard.push_back(z3::implies(ok && t.formula, within(t.level)));
        covered = covered + z3::ite(ok, ctx.int_val(g.weight), ctx.int_val(0));
        total += g.weight;
      }
      if (total > 0) problem.hard.push_back(covered * 10 >= ctx.int_val(decimalText(total * 9).c_str()));
      problem.base = values.empty() ? 0 : -values.back();
      break;
    }
  }
  // Fewest prepends second: every unused step is worth one unit.
  for (const auto& steps : enc.steps())
    for (const auto& step : steps) problem.soft.push_back({!step, 1});
  for (const auto& clause : enc.definitions()) problem.hard.push_back(clause);
  return problem;
}

}  // namespace routefix::anycast
