// The conflict-clique LP (conflict_clique_lp.h) on a conflict graph the greedy partition
// covers badly (five groups whose conditions exclude their neighbours' on a 5-cycle), and
// on three pairwise compatible groups that exclude each other together.
// Weak duality: any multipliers on valid rows bound every vector (packingDualBound), so a
// solve cut short still bounds. (leader_mip_test checks the LP's bound against brute force
// on random conditions.)
#include <doctest/doctest.h>

#include <numeric>
#include <random>

#include "anycast/conflict_clique_lp.h"
#include "anycast/conflict_cliques.h"
#include "anycast/every_vector_test_helper.h"
#include "anycast/random_condition_test_helper.h"

using namespace routefix::anycast;

TEST_CASE("conflict-clique LP: an odd cycle of conflicts bounds below the partition") {
  // Group i is led by session i, strictly ahead of session i+1 and not behind session i-1:
  // p_i - p_(i+1) <= -1 and p_i - p_(i-1) <= 0, so neighbours on the cycle exclude each
  // other (-1 + 0 < 0) and others share no bound.
  const std::vector<int> caps(5, 3);
  std::vector<LeaderCondition> conditions;
  for (size_t i = 0; i < 5; ++i) {
    std::vector<LeadBound> bounds{{(i + 1) % 5, -1}, {(i + 4) % 5, 0}};
    std::sort(bounds.begin(), bounds.end(), [](const LeadBound& a, const LeadBound& b) { return a.session < b.session; });
    conditions.push_back({LeaderDisjunct{i, bounds}});
  }
  std::vector<const LeaderCondition*> pointers;
  for (const auto& c : conditions) pointers.push_back(&c);
  const std::vector<int64_t> weights(5, 1);
  const auto partition = conflictCliques(pointers, weights);
  REQUIRE(cliqueBound(partition, weights) == 3);  // {0, 1}, {2, 3}, {4}

  int64_t best = 0;
  everyVector(caps, [&](const PrependVector& p) {
    int64_t weight = 0;
    for (const auto& c : conditions) weight += holdsUnder(c, p);
    best = std::max(best, weight);
  });
  CHECK(best == 2);

  const CliqueLpBound lp =
      conflictCliqueLp(pointers, weights, partition, caps.size(), std::chrono::steady_clock::now() + std::chrono::seconds(10), nullptr);
  CHECK(lp.edges == 5);
  CHECK(lp.converged);
  REQUIRE(lp.weight);
  CHECK(*lp.weight == 2);  // the LP's 2.5, rounded down
  CHECK(lp.cliques > 0);
  CHECK(!lp.binding.empty());  // the 5-cycle's edges beyond the partition, each priced at 1/2

  // A deadline already passed: no LP finished, so no bound.
  const CliqueLpBound late = conflictCliqueLp(pointers, weights, partition, caps.size(), std::chrono::steady_clock::now(), nullptr);
  CHECK(!late.weight);
}

TEST_CASE("conflict-clique LP: a cycle of preferences excludes three groups together") {
  // Group i is led by session i strictly ahead of session i+1 (mod 3): any two can hold,
  // all three would need p_0 < p_1 < p_2 < p_0.
  const std::vector<int> caps(3, 3);
  std::vector<LeaderCondition> conditions;
  for (size_t i = 0; i < 3; ++i) conditions.push_back({LeaderDisjunct{i, {{(i + 1) % 3, -1}}}});
  std::vector<const LeaderCondition*> pointers;
  for (const auto& c : conditions) pointers.push_back(&c);
  const std::vector<int64_t> weights{5, 4, 3};
  const auto partition = conflictCliques(pointers, weights);
  REQUIRE(cliqueBound(partition, weights) == 12);  // no two exclude each other

  int64_t best = 0;
  everyVector(caps, [&](const PrependVector& p) {
    int64_t weight = 0;
    for (size_t g = 0; g < 3; ++g) weight += holdsUnder(conditions[g], p) ? weights[g] : 0;
    best = std::max(best, weight);
  });
  CHECK(best == 9);

  const CliqueLpBound lp =
      conflictCliqueLp(pointers, weights, partition, caps.size(), std::chrono::steady_clock::now() + std::chrono::seconds(10), nullptr);
  CHECK(lp.edges == 0);
  CHECK(lp.triples == 1);
  CHECK(lp.converged);
  REQUIRE(lp.weight);
  CHECK(*lp.weight == 9);
}

TEST_CASE("conflict-clique LP: any multipliers on the partition's rows bound every vector") {
  int below_total = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    CAPTURE(seed);
    std::mt19937_64 rng(seed);
    const std::vector<int> caps = randomCaps(rng, 2 + seed % 4);
    const std::vector<LeaderCondition> conditions = randomConditions(rng, caps, 6 + seed % 14);
    std::vector<const LeaderCondition*> pointers;
    std::vector<int64_t> weights;
    for (const auto& c : conditions) {
      pointers.push_back(&c);
      weights.push_back(static_cast<int64_t>(1 + rng() % 1000));
    }
    int64_t best = 0;
    everyVector(caps, [&](const PrependVector& p) {
      int64_t weight = 0;
      for (size_t g = 0; g < conditions.size(); ++g) weight += holdsUnder(conditions[g], p) ? weights[g] : 0;
      best = std::max(best, weight);
    });
    std::vector<PackingRow> rows;
    for (const auto& clique : conflictCliques(pointers, weights)) rows.push_back({clique, 1});
    const int64_t total = std::accumulate(weights.begin(), weights.end(), int64_t{0});
    CHECK(packingDualBound(rows, std::vector<double>(rows.size(), 0.0), weights) == total);
    for (int draw = 0; draw < 20; ++draw) {
      std::vector<double> multipliers;
      // Some negative (clamped to 0), some past any weight (paid in full by the row).
      for (size_t r = 0; r < rows.size(); ++r)
        multipliers.push_back(std::uniform_real_distribution<double>(-200.0, 1200.0)(rng));
      const int64_t bound = packingDualBound(rows, multipliers, weights);
      CHECK(bound >= best);
      below_total += bound < total;
    }
  }
  CHECK(below_total > 0);
}
