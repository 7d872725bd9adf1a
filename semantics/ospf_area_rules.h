// What OSPF area types (stub, totally stubby, NSSA; RFC 2328 3.6, RFC 3101) let into an area
// and what an ABR sends there. Configuration-only rules; the symbolic OSPF encoding is
// single-area (symsim/ospf_encoding.h) and does not read them.
#pragma once

#include <optional>

#include "model/device.h"

namespace routefix::semantics {

// The device's settings for an area (Normal, default-cost 1 when the config says nothing).
model::OspfAreaSettings ospfAreaSettings(const model::OspfProcess& ospf, uint32_t area);

// AS-external (type-5) LSAs flood into normal areas only; stub areas and NSSAs never see them.
bool ospfAreaTakesExternals(model::OspfAreaType type);

// Two routers form an adjacency only when they agree on the area's type (the E and N bits
// of their hellos, RFC 2328 10.5, RFC 3101 3.1).
bool ospfAreaTypesAgree(model::OspfAreaType a, model::OspfAreaType b);

// The cost of the default summary an ABR sends into the area (RFC 2328 12.4.3.1: into stub
// areas; VendorDefaults::ospf_nssa_abr_sends_default for NSSAs), or none.
std::optional<uint32_t> ospfAbrDefaultSummaryCost(const model::VendorDefaults& vendor,
                                                  const model::OspfAreaSettings& area);

// Whether an ABR sends its other summaries (type 3) into the area: not into a totally stubby
// area or NSSA (`no-summary`), whose only summary is the default. Router summaries (type 4)
// go only into areas that take externals.
bool ospfAbrSendsSummaries(const model::OspfAreaSettings& area);

}  // namespace routefix::semantics
