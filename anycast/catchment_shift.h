// Where the client weight goes, per PoP, before and after prepending: what an operator checks
// first in an optimisation's answer (text summary, JSON "pop_shift", `--chart` SVG).
#pragma once

#include <string>
#include <vector>

#include "anycast/deployment.h"
#include "anycast/objective.h"

namespace routefix::anycast {

struct PopShift {
  std::string pop;
  // Client weight in the PoP's catchment. A group whose catchment holds k PoPs (keep-all
  // tie-break) counts 1/k at each, so the weights add up to the clients' total.
  double before = 0, after = 0;
  double targeted = 0;  // weight of the groups whose target is this PoP
  // Weight of those groups at their target (catchment exactly {target}, as the objective).
  double at_target_before = 0, at_target_after = 0;
};

struct CatchmentShift {
  std::vector<PopShift> pops;  // Deployment::pops order
  double no_route_before = 0, no_route_after = 0;
};

CatchmentShift catchmentShift(const Deployment& deployment, const std::vector<ClientGroup>& clients,
                              const std::vector<ClientOutcome>& before, const std::vector<ClientOutcome>& after);

}  // namespace routefix::anycast
