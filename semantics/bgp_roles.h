// BGP roles and the Only-to-Customer attribute (RFC 9234) as FRR 8.4 implements them: which
// role pairs may peer (bgpd/bgp_open.c bgp_role_violation) and where a route may leak
// (bgpd/bgp_route.c bgp_otc_filter on receipt, bgp_otc_egress on sending). Engines: sim
// (bgp_sessions.cpp refuses the session, bgp_engine.cpp applies OTC); symsim refuses the
// session (session_graph.cpp) and does not track OTC (sim_equivalence_gaps.txt).
#pragma once

#include <cstdint>
#include <string>

#include "model/device.h"

namespace routefix::semantics {

// The role a statement announces on a session: FRR refuses `local-role` for a peer that is
// not eBGP (peer_role_set: BGP_ERR_INVALID_INTERNAL_ROLE), so an iBGP or confed-eBGP session
// has none.
model::BgpRole effectiveRole(const model::BgpNeighbor& neighbor, bool ebgp);

// Why the roles of two statements refuse the session (empty: they do not). Each end checks
// what the other announces: both announce a role and the pair is not provider-customer,
// customer-provider, peer-peer, rs-server-rs-client or rs-client-rs-server (a Role Mismatch
// notification); or it is in strict-mode and the other announces none.
std::string roleRefusal(const model::BgpNeighbor& a, const model::BgpNeighbor& b, bool ebgp);

// OTC on receipt over a session where this router's role is `role` from a peer of AS
// `peerAs`; `otc` is the route's OTC AS (0: none). A route with OTC from a customer or
// rs-client (role provider / rs-server) is a leak and refused, and so is one from a peer
// whose OTC is not the peer's AS. One without OTC from a provider, peer or rs-server
// (role customer / peer / rs-client) gets OTC = the peer's AS. Returns whether it is accepted.
bool otcAccepts(model::BgpRole role, uint32_t peerAs, uint32_t& otc);

// OTC on sending over a session where this router's role is `role`: a route with OTC goes
// to no provider, peer or rs-server (role customer / peer / rs-client); one without OTC
// sent to a customer, peer or rs-client (role provider / peer / rs-server) gets OTC =
// `ownAs` (the router's AS, not a local-as). Returns whether it is sent.
bool otcSends(model::BgpRole role, uint32_t ownAs, uint32_t& otc);

}  // namespace routefix::semantics
