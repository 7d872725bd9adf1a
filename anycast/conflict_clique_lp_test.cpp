// The conflict-clique LP (conflict_clique_lp.h) on a conflict graph the greedy partition
// covers badly (five groups whose conditions exclude their neighbours' on a 5-cycle), and
// on three pairwise compatible groups that exclude each other together.
// (leader_mip_test checks its bound against brute force on random conditions.)
#include <doctest/doctest.h>

#include "anycast/conflict_clique_lp.h"
#include "anycast/conflict_cliques.h"
#include "anycast/every_vector_test_helper.h"

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
  CHECK(!lp.cliques.empty());

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
