// From verify's intents to what the symbolic encoding checks: the destination prefix that
// carries the traffic (a `to` address becomes the most specific prefix some router puts into
// routing that contains it) and the constraint kind.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/network.h"
#include "symsim/destination_intent.h"
#include "verify/intent.h"

namespace routefix::repair {

struct Translation {
  std::vector<symsim::DestinationIntent> parts;  // all must hold
  std::string unsupported;  // why the intent has no symbolic form ("" when it has one)
};

// Prefixes the configuration can put into routing: connected subnets, static routes,
// `network` statements, external announcements.
std::vector<model::Prefix> originatedPrefixes(const model::Network& network);

// The prefixes that carry traffic to `to`: the most specific originated prefix containing
// it, else every originated prefix inside it.
std::vector<model::Prefix> carryingPrefixes(const model::Network& network, const model::Prefix& to);

Translation translateIntent(const model::Network& network, const verify::Intent& intent);

}  // namespace routefix::repair
