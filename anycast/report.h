// The JSON documents of `routefix anycast simulate|optimize` (spec.md, Anycast).
#pragma once

#include <nlohmann/json.hpp>

#include "anycast/catchment_shift.h"
#include "anycast/optimizer.h"

namespace routefix::anycast {

nlohmann::json prependsJson(const Deployment& deployment, const PrependVector& prepends);
// One entry per client group: asn, pops, weight, and target / pinned when given.
nlohmann::json catchmentJson(const Deployment& deployment, const std::vector<ClientGroup>& clients,
                             const std::vector<ClientOutcome>& outcomes);
// Without client groups: the catchment of every AS that has a route.
nlohmann::json asCatchmentJson(const AsGraph& graph, const Deployment& deployment, const PropagationState& state,
                               TieBreak tie_break);
// Per PoP: how many ASes land there (lowest-id: the winner's PoP; keep-all: every PoP of the set).
nlohmann::json popSummaryJson(const AsGraph& graph, const Deployment& deployment, const PropagationState& state,
                              TieBreak tie_break);
// {"pops": [{"pop", "before", "after", "targeted", "at_target_before", "at_target_after"}],
//  "no_route": {"before", "after"}}: client weight per PoP before and after prepending.
nlohmann::json catchmentShiftJson(const CatchmentShift& shift);
nlohmann::json snippetsJson(const Deployment& deployment, const PrependVector& prepends);

nlohmann::json optimizeJson(const Deployment& deployment, const std::vector<ClientGroup>& clients,
                            const OptimizeOptions& options, const OptimizeResult& result);

}  // namespace routefix::anycast
