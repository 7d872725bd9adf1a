// The seeded choice the snapshot generators share (gen_wan, gen_as_wan).
#pragma once

#include <cstdint>
#include <random>

namespace routefix::bench {

// Uniform in [0, n) from the raw generator: std::uniform_int_distribution is not the same on
// every standard library, and a generated snapshot must be.
inline int pick(std::mt19937& rng, int n) { return static_cast<int>(rng() % static_cast<uint32_t>(n)); }

}  // namespace routefix::bench
