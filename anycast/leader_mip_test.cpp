// The compact CBC model of the satisfied objective (leader_mip.h) against brute force over
// every prepend vector, on seeded random leader conditions (repeated conditions, required
// ones, conflict cliques, caps 0..3): every vector's own column vector satisfies every row
// (so the added rows cut off no vector, the conflict-clique LP's among them), CBC alone,
// with and without a start, proves exactly the brute-force optimum of scale * satisfied
// weight - prepends, and the conflict-clique LP's bound lies between the brute-force
// weight and the partition's clique bound.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "anycast/conflict_clique_lp.h"
#include "anycast/conflict_cliques.h"
#include "anycast/every_vector_test_helper.h"
#include "anycast/leader_mip.h"
#include "anycast/random_condition_test_helper.h"

using namespace routefix::anycast;

TEST_CASE("leader MIP: CBC alone proves the brute-force optimum") {
  int proved = 0, infeasible = 0, with_cliques = 0, tighter = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    CAPTURE(seed);
    std::mt19937_64 rng(seed);
    const std::vector<int> caps = randomCaps(rng, 3 + seed % 4);
    std::vector<LeaderCondition> conditions;
    for (size_t g = 0; g < 10 + seed % 15; ++g)
      conditions.push_back(g > 3 && rng() % 5 == 0 ? conditions[rng() % g] : randomCondition(rng, caps));
    std::vector<int64_t> weights;
    for (size_t g = 0; g < conditions.size(); ++g) weights.push_back(static_cast<int64_t>(1 + rng() % 5000));
    std::vector<const LeaderCondition*> pointers;
    std::vector<WeightedCondition> groups;
    for (size_t g = 0; g < conditions.size(); ++g) {
      pointers.push_back(&conditions[g]);
      groups.push_back({&conditions[g], weights[g]});
    }
    std::vector<const LeaderCondition*> required;
    if (seed % 3 == 0) required.push_back(&conditions[1]);
    const auto cliques = conflictCliques(pointers, weights);
    with_cliques += std::any_of(cliques.begin(), cliques.end(), [](const auto& c) { return c.size() > 1; });
    const __int128 scale = std::accumulate(caps.begin(), caps.end(), __int128{1});
    LeaderMip mip(groups, required, cliques, caps, scale);
    const CliqueLpBound lp = conflictCliqueLp(pointers, weights, cliques, caps.size(),
                                              std::chrono::steady_clock::now() + std::chrono::seconds(10), nullptr);
    REQUIRE(lp.weight);
    REQUIRE(lp.converged);
    mip.addPackingRows(lp.binding);
    int64_t best_weight = 0;

    // Brute force: the best scale * weight - prepends over the vectors keeping the required.
    std::optional<int64_t> best;
    std::optional<PrependVector> some_admissible;
    everyVector(caps, [&](const PrependVector& p) {
      if (!std::all_of(required.begin(), required.end(), [&](const LeaderCondition* r) { return holdsUnder(*r, p); }))
        return;
      const std::vector<double> x = mip.columnsOf(p);
      REQUIRE(BooleanMip::rowsHold(mip.rows(), x));
      int64_t weight = 0;
      for (size_t g = 0; g < conditions.size(); ++g) weight += holdsUnder(conditions[g], p) ? weights[g] : 0;
      const int64_t value = static_cast<int64_t>(scale) * weight - std::accumulate(p.begin(), p.end(), 0);
      if (!best || value > *best) best = value;
      best_weight = std::max(best_weight, weight);
      if (!some_admissible || rng() % 7 == 0) some_admissible = p;
    });

    // Required conditions are no rows of the clique LP: it bounds every vector.
    int64_t any_weight = 0;
    everyVector(caps, [&](const PrependVector& p) {
      int64_t weight = 0;
      for (size_t g = 0; g < conditions.size(); ++g) weight += holdsUnder(conditions[g], p) ? weights[g] : 0;
      any_weight = std::max(any_weight, weight);
    });
    CHECK(*lp.weight >= any_weight);
    CHECK(*lp.weight <= cliqueBound(cliques, weights));
    tighter += *lp.weight < cliqueBound(cliques, weights);
    CHECK(best_weight <= any_weight);

    for (bool started : {false, true}) {
      CAPTURE(started);
      MipOptions options;
      if (started && some_admissible) options.start = mip.columnsOf(*some_admissible);
      const MipOutcome out = maximiseWithCbc(mip.columns(), mip.rows(), options);
      if (!best) {
        CHECK(out.status == MipOutcome::Status::Infeasible);
        infeasible += !started;
        continue;
      }
      REQUIRE(out.status == MipOutcome::Status::Optimal);
      REQUIRE(out.solution);
      CHECK(std::llround(out.incumbent) == *best);
      REQUIRE(out.bound);
      CHECK(std::llround(*out.bound) == *best);
      // The solution's prepends alone earn the optimum, and its truths are theirs.
      const PrependVector p = mip.prepends(*out.solution);
      const std::vector<bool> hold = mip.groupsHold(*out.solution);
      int64_t weight = 0;
      for (size_t g = 0; g < conditions.size(); ++g) {
        CHECK(hold[g] == holdsUnder(conditions[g], p));
        weight += hold[g] ? weights[g] : 0;
      }
      CHECK(static_cast<int64_t>(scale) * weight - std::accumulate(p.begin(), p.end(), 0) == *best);
      for (bool r : mip.requiredHold(*out.solution)) CHECK(r);
      proved += !started;
    }
  }
  CHECK(proved >= 20);
  CHECK(with_cliques >= 10);
  MESSAGE("proved " << proved << ", infeasible " << infeasible << ", instances with cliques " << with_cliques
                    << ", clique LP below the partition's bound " << tighter);
}
