// BGP sessions as the configuration describes them, including half-configured ones (one side
// missing its `neighbor`, or a remote-as that does not match the peer's AS): those are the
// candidates a repair may complete. Derived from the model alone, so the symbolic encoding
// does not need the concrete simulator.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/network.h"

namespace routefix::symsim {

// One end of a session: the device, the index of its neighbor statement (none when that
// side is missing), and the address the other side must use to reach it.
struct SessionSide {
  std::string node;
  std::optional<size_t> neighbor;  // index into node's BgpProcess::neighbors
  model::Ipv4 address;             // this side's address as the peer addresses it (0: unnumbered)
  std::string interface;           // unnumbered: this side's interface the session runs over
  bool remote_as_ok = false;       // the statement exists and names the peer's AS
  bool shutdown = false;
  bool activated = true;
};

// One peering: two routers may have several (one per link, say), each its own session.
struct BgpSession {
  SessionSide a;  // a.node < b.node
  SessionSide b;
  bool ebgp = true;    // the two ends present different ASes
  bool confed = false;  // ... member ASes of one confederation (semantics::confederationSession)
  // Why two matching statements still make no session (semantics::sessionRefusal: both
  // passive, BGP roles); empty when they do.
  std::string refused;
  // Both sides configured, remote-as right, not shut down, activated, not refused.
  bool configured() const {
    return a.neighbor && b.neighbor && a.remote_as_ok && b.remote_as_ok && !a.shutdown &&
           !b.shutdown && a.activated && b.activated && refused.empty();
  }
  const SessionSide& side(std::string_view node) const { return a.node == node ? a : b; }
  const SessionSide& other(std::string_view node) const { return a.node == node ? b : a; }
  // Over an interface (RFC 5549), between the ends' link-local addresses: no IPv4 address.
  bool unnumbered() const { return !a.interface.empty(); }
  // eBGP outside a confederation: the routes cross an AS boundary proper.
  bool external() const { return ebgp && !confed; }
  // The address of `node`'s end as its peer's policies see it (none: unnumbered).
  std::optional<model::Ipv4> policyAddress(std::string_view node) const {
    if (unnumbered()) return std::nullopt;
    return side(node).address;
  }
  // Names the peering among the two routers' sessions: "a|b|a's end|b's end", the ends by
  // address, or by interface when unnumbered.
  std::string key() const;
  // What keeps it down, for findings ("no neighbor statement on r2 for 10.0.12.1").
  std::string problem() const;
};

// Where each interface address lives: address -> device name.
std::map<uint32_t, std::string> addressOwners(const model::Network& network);

// Every peering the neighbor statements describe, and the iBGP sessions absentIbgpSessions
// adds. A numbered statement is answered by the peer's statement for the address it opens
// the session from (semantics::sessionSourceAddress, the egress interface being the one on
// the peer's subnet); statements between two routers that no address pairs are paired in
// order, and the rest are sessions with a missing side. An unnumbered statement is answered
// across its link (semantics::unnumberedPeer; the links are Network::links); one nothing
// answers is left out (a repair cannot write the missing end). Sorted by (a, b, key).
std::vector<BgpSession> discoverSessions(const model::Network& network);

// iBGP sessions with no statement on either side that the AS's design calls for, so a repair
// can add one whose both ends were deleted: in an AS with route reflectors, a router with no
// iBGP session at all gets one to each reflector, and reflectors get one to each other; in an AS
// without reflectors (a full mesh, when at least half of its pairs are written) every pair
// missing from the mesh. Each end is addressed where the device's iBGP peers reach it (else its
// router-id loopback). `sessions`: those the statements describe.
std::vector<BgpSession> absentIbgpSessions(const model::Network& network, const std::vector<BgpSession>& sessions);

}  // namespace routefix::symsim
