// Built-in checks that need no intents: what Batfish users assert in CI today.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/network.h"
#include "sim/dataplane.h"
#include "verify/intent_check.h"

namespace routefix::verify {

struct HygieneFinding {
  std::string rule;     // bgp-session-one-sided, bgp-session-down, undefined-reference,
                        // duplicate-router-id, duplicate-route-distinguisher, forwarding-loop,
                        // blackhole
  std::string node;
  std::string message;
  model::SourceSpan location;
  std::optional<Counterexample> counterexample;  // loops and blackholes
};

// Rule ids with a one-line description each, in report order.
struct HygieneRule {
  const char* id;
  const char* description;
};
const std::vector<HygieneRule>& hygieneRules();

std::vector<HygieneFinding> checkHygiene(const model::Network& network, const sim::DataPlane& dataPlane);

}  // namespace routefix::verify
