#include "anycast/leader_local_search.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <tuple>

namespace routefix::anycast {

LeaderLocalSearch::LeaderLocalSearch(std::vector<WeightedCondition> groups,
                                     std::vector<const LeaderCondition*> required, std::vector<int> caps)
    : groups_(std::move(groups)), required_(std::move(required)), caps_(std::move(caps)) {}

bool LeaderLocalSearch::Score::operator<(const Score& o) const {
  return std::tuple(o.violated, weight, o.total) < std::tuple(violated, o.weight, total);
}

LeaderLocalSearch::Score LeaderLocalSearch::score(const PrependVector& p) const {
  Score s;
  for (const WeightedCondition& g : groups_)
    if (holdsUnder(*g.condition, p)) s.weight += g.weight;
  for (const LeaderCondition* r : required_) s.violated += !holdsUnder(*r, p);
  s.total = std::accumulate(p.begin(), p.end(), 0);
  return s;
}

LeaderLocalSearch::Best LeaderLocalSearch::climbFrom(PrependVector p,
                                                     std::chrono::steady_clock::time_point deadline) const {
  Best best{p, score(p)};
  for (bool improved = true; improved;) {
    improved = false;
    for (size_t s = 0; s < p.size(); ++s)
      for (int k = 0; k <= caps_[s]; ++k) {
        if (std::chrono::steady_clock::now() >= deadline) return best;
        if (k == best.prepends[s]) continue;
        PrependVector q = best.prepends;
        q[s] = k;
        Score sc = score(q);
        if (best.score < sc) {
          best = {std::move(q), sc};
          improved = true;
        }
      }
  }
  return best;
}

LeaderLocalSearch::Best LeaderLocalSearch::search(const PrependVector& start,
                                                  std::chrono::steady_clock::time_point deadline,
                                                  uint64_t seed) const {
  Best best = climbFrom(start, deadline);
  if (auto zero = climbFrom(PrependVector(caps_.size(), 0), deadline); best.score < zero.score) best = zero;
  // Iterated local search: perturb the best vector in a few random sessions and climb again,
  // until the deadline or until many perturbations in a row found nothing better (on small
  // instances the search has long converged and the time is Z3's).
  std::mt19937_64 rng(seed);
  const size_t kicks = std::max<size_t>(2, caps_.size() / 8);
  size_t starts = 0;
  for (int fruitless = 0; fruitless < kFruitlessRestarts && std::chrono::steady_clock::now() < deadline;) {
    // Every fourth start is a fresh random vector: kicks alone stay near one basin.
    PrependVector p = best.prepends;
    const bool restart = ++starts % 4 == 0;
    for (size_t k = 0; k < (restart ? p.size() : kicks); ++k) {
      const size_t s = restart ? k : rng() % p.size();
      p[s] = std::uniform_int_distribution<int>(0, std::max(0, caps_[s]))(rng);
    }
    auto found = climbFrom(std::move(p), deadline);
    if (best.score < found.score) {
      best = std::move(found);
      fruitless = 0;
    } else {
      ++fruitless;
    }
  }
  return best;
}

}  // namespace routefix::anycast
