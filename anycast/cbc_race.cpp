#include "anycast/cbc_race.h"

#include "anycast/box_rounding.h"
#include "cluster/parallel_for.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

namespace routefix::anycast {

namespace {

// The start shifted down to keep a session unprepended when the problem requires one.
PrependVector shifted(const PrependProblem& problem, PrependVector p) {
  const int lowest = *std::min_element(p.begin(), p.end());
  if (problem.leader_conditions)
    for (int& k : p) k -= lowest;
  return p;
}

}  // namespace

CbcRace::CbcRace(const PrependProblem& problem, const std::vector<std::vector<z3::expr>>& steps,
                 const ClientConstraints& constraints, const std::vector<int>& caps,
                 const std::optional<PrependVector>& start) {
  if (!problem.leader_conditions) {
    translate(problem, steps, constraints, start);
    return;
  }
  std::vector<WeightedCondition> groups;
  for (const MergedGroup& g : constraints.groups) {
    groups.push_back({&*g.leaders, g.weight});
    conditions_.push_back(&*g.leaders);
    weights_.push_back(g.weight);
  }
  partition_ = problem.cliques;
  caps_ = caps;
  scale_ = problem.scale;
  for (const auto& leaders : constraints.pinned_leaders) required_.push_back(&*leaders);
  leader_.emplace(groups, required_, problem.cliques, caps, problem.scale);
  local_.emplace(groups, required_, caps);
  objective_ = leader_->columns().objective;
  constant_ = leader_->softWeightOffset();
  if (start && !start->empty()) {
    start_ = leader_->columnsOf(shifted(problem, *start));
    // CBC takes the start's objective as a cutoff, so it must be a solution.
    if (!BooleanMip::rowsHold(leader_->rows(), *start_)) start_.reset();
    else rounded_ = LeaderLocalSearch::Best{shifted(problem, *start), local_->score(shifted(problem, *start))};
  }
}

void CbcRace::translate(const PrependProblem& problem, const std::vector<std::vector<z3::expr>>& steps,
                        const ClientConstraints& constraints, const std::optional<PrependVector>& start) {
  for (const z3::expr& h : problem.hard) mip_.require(h);
  std::vector<BooleanMip::Literal> soft;
  for (const SoftTerm& t : problem.soft) soft.push_back(mip_.literal(t.formula));
  for (const auto& session : steps) {
    step_columns_.emplace_back();
    for (const z3::expr& step : session) step_columns_.back().push_back(mip_.literal(step).column);
  }
  for (const MergedGroup& g : constraints.groups) {
    term_literals_.emplace_back();
    for (const OutcomeTerm& t : g.terms) term_literals_.back().push_back(mip_.literal(t.formula));
  }
  for (const auto& entry : constraints.pinned) pinned_literals_.push_back(mip_.literal(entry.second));
  // Every column exists now: the objective, w * x or w * (1 - x).
  objective_.assign(mip_.columns(), 0);
  for (size_t i = 0; i < soft.size(); ++i) {
    const double w = static_cast<double>(problem.soft[i].weight);
    const BooleanMip::Literal& l = soft[i];
    if (l.column < 0) {
      constant_ += l.value ? w : 0;
    } else if (l.negated) {
      constant_ += w;
      objective_[l.column] -= w;
    } else {
      objective_[l.column] += w;
    }
  }
  if (start && !start->empty()) {
    const PrependVector p = shifted(problem, *start);
    std::unordered_map<unsigned, bool> given;
    for (size_t s = 0; s < steps.size(); ++s)
      for (size_t t = 0; t < steps[s].size(); ++t) given.emplace(steps[s][t].id(), p[s] >= static_cast<int>(t) + 1);
    start_ = mip_.complete([&](const z3::expr& c) -> std::optional<bool> {
      auto it = given.find(c.id());
      if (it == given.end()) return std::nullopt;
      return it->second;
    });
    // CBC takes the start's objective as a cutoff, so it must be a solution.
    if (start_ && !mip_.satisfiedBy(*start_)) start_.reset();
  }
}

void CbcRace::launch(double seconds, double delay, std::function<void()> proved, std::function<void()> yield) {
  options_.seconds = seconds - delay;
  options_.stop = &stop_;
  options_.start = start_;
  thread_ = std::thread([this, delay, proved = std::move(proved), yield = std::move(yield)]() mutable {
    const auto started = std::chrono::steady_clock::now();
    while (std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() < delay)
      if (stop_) return;
      else std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (leader_) {
      const double seconds = options_.seconds;
      const auto lp_deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                             std::chrono::duration<double>(delay + kCliqueLpShare * seconds));
      const auto rounding_budget = std::chrono::duration<double>(kRoundingShare * kCliqueLpShare * seconds);
      std::chrono::steady_clock::duration rounding{};
      const std::optional<LeaderLocalSearch::Best> start = rounded_;
      using Duration = std::chrono::steady_clock::duration;
      // After each LP solve: Z3 yields the CPU when the LP's gap is still wide late on
      // (kYieldAfter), and the solution is rounded while the rounding budget lasts.
      auto solved = [&](const std::vector<double>& y, int64_t bound) {
        const auto now = std::chrono::steady_clock::now();
        const double since = std::chrono::duration<double>(now - started).count() - delay;
        const bool wide = rounded_ && static_cast<double>(bound) >
                                          (1 + kYieldGap) * static_cast<double>(rounded_->score.weight);
        if (yield && since >= kYieldAfter * seconds && wide && cluster::availableCpus() == 1) {
          yield();
          yield = nullptr;
        }
        if (rounding >= rounding_budget) return;
        round(y, std::min(lp_deadline, now + std::chrono::duration_cast<Duration>(rounding_budget - rounding)));
        rounding += std::chrono::steady_clock::now() - now;
      };
      clique_lp_ = conflictCliqueLp(conditions_, weights_, partition_, caps_.size(), lp_deadline, &stop_, solved);
      if (stop_) return;  // Z3 proved meanwhile
      leader_->addPackingRows(clique_lp_->binding);
      // A better rounded vector is CBC's start (its cutoff) and its answer if it finds none better.
      if (rounded_ && rounded_->score.violated == 0 && (!start || start->score < rounded_->score)) {
        std::vector<double> columns = leader_->columnsOf(rounded_->prepends);
        if (BooleanMip::rowsHold(leader_->rows(), columns)) options_.start = std::move(columns);
      }
      const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() - delay;
      options_.seconds = std::max(0.0, seconds - spent);
    }
    outcome_ = leader_ ? maximiseWithCbc(leader_->columns(), leader_->rows(), options_)
                       : maximiseWithCbc(mip_, objective_, options_);
    seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (outcome_.status != MipOutcome::Status::Stopped && proved) proved();
  });
}

void CbcRace::round(const std::vector<double>& y, std::chrono::steady_clock::time_point deadline) {
  // The LP's order (largest y first, then heaviest), then the same with y perturbed: the
  // rounded weight swings widely between nearby orders (20,000 ASes / 30 sessions: 1.38 M to
  // 2.75 M from one LP round to the next), and rounding costs ~1 ms where a climb costs ~0.3 s.
  std::vector<size_t> order(y.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::vector<double> key = y;
  std::optional<RoundedVector> best;
  std::optional<LeaderLocalSearch::Score> best_score;
  for (int attempt = 0; attempt <= kNoisyRoundings && std::chrono::steady_clock::now() < deadline; ++attempt) {
    if (attempt > 0)
      for (size_t g = 0; g < key.size(); ++g) key[g] = y[g] + std::uniform_real_distribution<double>(0, kNoise)(rng_);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return key[a] != key[b] ? key[a] > key[b] : weights_[a] > weights_[b]; });
    std::optional<RoundedVector> rounded = roundByBoxes(required_, conditions_, order, caps_);
    if (!rounded) return;  // the required conditions alone do not fit: no order helps
    const LeaderLocalSearch::Score score = local_->score(rounded->prepends);
    if (!best_score || *best_score < score) best = std::move(rounded), best_score = score;
  }
  if (!best) return;
  LeaderLocalSearch::Best found = local_->climbFrom(best->prepends, deadline);
  // Conditions bound differences only: shifted down, the vector keeps its weight with fewer prepends.
  const int lowest = *std::min_element(found.prepends.begin(), found.prepends.end());
  for (int& k : found.prepends) k -= lowest;
  found.score = local_->score(found.prepends);
  if (!rounded_ || rounded_->score < found.score) rounded_ = std::move(found);
}

void CbcRace::stop() {
  stop_ = true;
  join();
}

void CbcRace::join() {
  if (thread_.joinable()) thread_.join();
}

PrependVector CbcRace::prepends() const {
  if (leader_) return leader_->prepends(*outcome_.solution);
  PrependVector p;
  for (const auto& columns : step_columns_) {
    int count = 0;
    for (int column : columns) count += column >= 0 && (*outcome_.solution)[column] > 0.5;
    p.push_back(count);
  }
  return p;
}

std::vector<std::vector<bool>> CbcRace::predictedTerms() const {
  std::vector<std::vector<bool>> out;
  if (leader_) {
    // Satisfied: one term per group, "at target".
    for (bool at_target : leader_->groupsHold(*outcome_.solution)) out.push_back({at_target});
    return out;
  }
  for (const auto& terms : term_literals_) {
    out.emplace_back();
    for (const auto& l : terms) out.back().push_back(holds(l));
  }
  return out;
}

std::vector<bool> CbcRace::predictedPinned() const {
  if (leader_) return leader_->requiredHold(*outcome_.solution);
  std::vector<bool> out;
  for (const auto& l : pinned_literals_) out.push_back(holds(l));
  return out;
}

std::optional<__int128> CbcRace::softWeightBound() const {
  std::optional<__int128> bound;
  if (outcome_.bound) {
    // The LP bound in floating point: round up past its tolerance, so a bound stays a bound.
    const double weight = *outcome_.bound + constant_;
    bound = static_cast<__int128>(std::floor(weight + 1e-6 * std::max(1.0, std::fabs(weight))));
  }
  // The clique LP bounds the group weight; every prepend step unused is the most the rest adds.
  if (clique_lp_ && clique_lp_->weight) {
    const __int128 from_cliques = scale_ * *clique_lp_->weight + static_cast<__int128>(constant_);
    bound = std::min(bound.value_or(from_cliques), from_cliques);
  }
  return bound;
}

}  // namespace routefix::anycast
