#include "anycast/catchment_shift.h"

namespace routefix::anycast {

CatchmentShift catchmentShift(const Deployment& deployment, const std::vector<ClientGroup>& clients,
                              const std::vector<ClientOutcome>& before, const std::vector<ClientOutcome>& after) {
  CatchmentShift shift;
  for (const auto& name : deployment.pops) shift.pops.push_back({.pop = name});
  auto spread = [&](const ClientOutcome& o, double weight, double PopShift::*field, double& noRoute) {
    if (o.pops.empty()) noRoute += weight;
    for (size_t p : o.pops) shift.pops[p].*field += weight / static_cast<double>(o.pops.size());
  };
  for (size_t c = 0; c < clients.size(); ++c) {
    const ClientGroup& group = clients[c];
    spread(before[c], group.weight, &PopShift::before, shift.no_route_before);
    spread(after[c], group.weight, &PopShift::after, shift.no_route_after);
    if (!group.target) continue;
    PopShift& target = shift.pops[*group.target];
    target.targeted += group.weight;
    if (atTarget(group, before[c].pops)) target.at_target_before += group.weight;
    if (atTarget(group, after[c].pops)) target.at_target_after += group.weight;
  }
  return shift;
}

}  // namespace routefix::anycast
