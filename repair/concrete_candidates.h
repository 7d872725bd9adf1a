// The changes the concrete search (concrete_search.h) tries for intents the symbolic engine
// cannot encode: the IPv6 and VRF counterparts of the IPv4 knobs. Each is one statement
// rewritten, added or moved, proposed only where the failing intents point: prefix-lists that
// do not permit an IPv6 destination, route-map clauses that deny in the IPv6 family, neighbor
// statements not activated there, a `network` missing for a destination the router holds,
// route targets no VRF matches, interfaces whose VRF disagrees with their neighbours'.
// Whether a change works is never decided here: the simulator decides (candidate_check.h).
#pragma once

#include <vector>

#include "model/network.h"
#include "symsim/knobs.h"
#include "verify/verifier.h"

namespace routefix::repair {

// The candidates for the failing intents of `before`, most likely first: the ones on the
// line the counterexample blames, then on its device, then the rest.
std::vector<symsim::Knob> concreteCandidates(const model::Network& network, const verify::VerifyReport& before);

// Whether the network has VRF interfaces (whose intents symsim cannot judge either).
bool hasVrfInterfaces(const model::Network& network);

}  // namespace routefix::repair
