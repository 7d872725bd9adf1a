// Rounding by boxes (box_rounding.h) on seeded random leader conditions against brute force:
// every group it keeps holds under its vector, and so does every required one; the vector
// is within the caps; the first group in the order is always kept; and it never beats the
// brute-force optimum even when led by the optimum's own groups.
#include <doctest/doctest.h>

#include <numeric>
#include <random>

#include "anycast/box_rounding.h"
#include "anycast/every_vector_test_helper.h"
#include "anycast/random_condition_test_helper.h"

using namespace routefix::anycast;

TEST_CASE("box rounding: kept groups hold, and an optimum's groups are all kept") {
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    CAPTURE(seed);
    std::mt19937_64 rng(seed);
    const std::vector<int> caps = randomCaps(rng, 2 + seed % 4);
    const std::vector<LeaderCondition> conditions = randomConditions(rng, caps, 6 + seed % 12);
    std::vector<const LeaderCondition*> pointers;
    for (const auto& c : conditions) pointers.push_back(&c);
    std::vector<const LeaderCondition*> required;
    if (seed % 4 == 0) required.push_back(pointers[0]);

    // The vector holding the most conditions (required ones first).
    size_t most = 0;
    std::optional<PrependVector> best;
    everyVector(caps, [&](const PrependVector& p) {
      for (const LeaderCondition* r : required)
        if (!holdsUnder(*r, p)) return;
      size_t held = 0;
      for (const auto& c : conditions) held += holdsUnder(c, p);
      if (!best || held > most) best = p, most = held;
    });
    REQUIRE(best);  // a random condition holds alone: its leader unprepended, the rest at their caps

    std::vector<size_t> order(conditions.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::shuffle(order.begin(), order.end(), rng);
    const auto rounded = roundByBoxes(required, pointers, order, caps);
    REQUIRE(rounded);
    const PrependVector& p = rounded->prepends;
    REQUIRE(p.size() == caps.size());
    for (size_t s = 0; s < caps.size(); ++s) CHECK((p[s] >= 0 && p[s] <= caps[s]));
    for (const LeaderCondition* r : required) CHECK(holdsUnder(*r, p));
    for (size_t g : rounded->kept) CHECK(holdsUnder(conditions[g], p));
    if (required.empty()) CHECK((!rounded->kept.empty() && rounded->kept.front() == order.front()));

    // The optimum's groups first, in any order: boxes that meet pairwise meet together, but
    // the box each takes is the widest one, which need not be the optimum's; what is kept
    // holds, and there are never more than the optimum's.
    std::vector<size_t> at_best, rest;
    for (size_t g = 0; g < conditions.size(); ++g) (holdsUnder(conditions[g], *best) ? at_best : rest).push_back(g);
    std::shuffle(at_best.begin(), at_best.end(), rng);
    std::vector<size_t> guided = at_best;
    guided.insert(guided.end(), rest.begin(), rest.end());
    const auto from_best = roundByBoxes(required, pointers, guided, caps);
    REQUIRE(from_best);
    size_t held = 0;
    for (const auto& c : conditions) held += holdsUnder(c, from_best->prepends);
    CHECK(held <= most);
    CHECK(held >= from_best->kept.size());
  }
}
