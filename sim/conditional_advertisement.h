// Conditional advertisement (semantics/conditional_advertisement.h) in the concrete
// simulator. It makes one prefix's advertisement depend on which paths other prefixes left in
// a router's table, while the engine decides prefix by prefix: so it is an outer fixpoint.
// A run decides every prefix with the update types in force and scans each condition map
// over the paths each prefix left at its router; when the types the scan derives differ, the
// run is done again with them, until they agree (FRR's periodic scan settles there too) or a
// set of types comes back, where FRR's scan would flap between them for ever: that is
// reported as a warning, with the last run's routes.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "model/network.h"
#include "semantics/conditional_advertisement.h"
#include "sim/bgp_engine.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

// A neighbor statement whose conditional advertisement acts (both route-maps defined).
struct ConditionalSession {
  uint32_t node = 0;
  const model::BgpNeighbor* neighbor = nullptr;
  const model::BgpConditionalAdvertisement* config = nullptr;
};

// What one run reads (the update types in force) and what its scan finds (per session,
// whether the condition map permitted some path of the node's table; the run sets these).
struct ConditionalScan {
  std::vector<ConditionalSession> sessions;
  std::vector<semantics::ConditionalUpdate> updates;
  std::vector<char> present;
};

// The IPv4 unicast conditional advertisements of the topology's nodes, in the initial state.
ConditionalScan conditionalSessions(const Topology& topo);

// Whether any router of the network (or of its VRFs) configures one.
bool hasConditionalAdvertisement(const model::Network& network);

// Runs `run` until the scan agrees with the update types in force (see above), at most a
// bounded number of times. `run` reads scan.updates and fills scan.present.
BgpOutcome settleConditionalAdvertisement(const Topology& topo, ConditionalScan& scan,
                                          const std::function<BgpOutcome()>& run);

}  // namespace routefix::sim::detail
