// What simulating a network will take in memory, computed from the parsed model before any
// routing table exists, so a run that cannot fit is refused instead of killed by the kernel
// (model::requireWithinBudget). The estimate is an upper bound of the work (every BGP
// speaker learns every BGP prefix, every OSPF router every OSPF prefix) times costs measured
// on generated WANs (README "Bounds on time and memory"): meant to be over, not under.
#pragma once

#include <cstdint>

#include "model/memory_budget.h"
#include "model/network.h"

namespace routefix::sim {

// The amount of routing state a simulation of the network can produce at most.
struct RoutingVolume {
  uint64_t devices = 0;
  uint64_t igp_prefixes = 0;  // distinct prefixes OSPF can carry
  uint64_t bgp_prefixes = 0;  // distinct prefixes BGP can carry (originated or announced)
  uint64_t bgp_sessions = 0;  // neighbor statements: each side receives what the other sends
  uint64_t routes = 0;        // installed routes, summed over the devices
  uint64_t largest_rib = 0;   // routes of the device with the most
  uint64_t adj_in_paths = 0;  // paths received over all sessions (kept for failure scenarios)
  uint64_t as_path_hops = 0;  // AS numbers in the paths the externals announce
};

RoutingVolume routingVolume(const model::Network& network);

struct SimulationShape {
  // Networks simulated and alive together: diff holds two; repair and diagnose the baseline
  // and one candidate.
  uint32_t networks = 1;
  // Some check runs link-failure scenarios: the converged state (every session's received
  // paths) is kept to start them from, and a scenario's tables are alive next to the baseline's.
  bool failure_scenarios = false;
  // The routes of one device are built as a JSON tree before printing (routes --format json).
  bool routes_json = false;
};

model::MemoryEstimate estimateSimulationMemory(const model::Network& network, const SimulationShape& shape);

}  // namespace routefix::sim
