// The well-known communities that keep a route off a session (RFC 1997, RFC 5065), written
// once for both engines as a template over the value domain (as semantics/decision.h): sim's
// export calls it with bools, symsim's with Z3 terms.
#pragma once

#include "model/policy.h"

namespace routefix::semantics {

// Whether a route stays off a session because of the well-known communities it carries:
// NO_ADVERTISE off every session, NO_EXPORT off eBGP sessions outside the confederation (it
// stays inside one), NO_EXPORT_SUBCONFED (local-AS) off every eBGP session, confed-eBGP
// included. `carries(community)` tells whether the route carries it; a concrete caller's is
// called only as far as the answer needs (FRR bgp_route.c bgp_community_filter).
template <class Carries>
auto withheldByWellKnownCommunity(const Carries& carries, bool ebgp, bool confed) {
  auto withheld = carries(model::kNoAdvertise);
  if (ebgp && !confed) withheld = withheld || carries(model::kNoExport);
  if (ebgp) withheld = withheld || carries(model::kLocalAs);
  return withheld;
}

}  // namespace routefix::semantics
