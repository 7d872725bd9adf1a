// Points a failing check at the config line most likely responsible, from model provenance.
// This is the quick, local answer verify puts into SARIF; `diagnose` does the thorough one.
#pragma once

#include <string>
#include <string_view>

#include "model/network.h"
#include "sim/dataplane.h"

namespace routefix::verify {

// Traffic to `address` stopped at `node` for lack of a route. Follows BGP sessions outward
// from `node` to the nearest device that has a route for the address and blames the policy
// line that kept it from crossing that session (import of the receiver, else export of the
// sender, else the neighbor statement). Falls back to the device's hostname line. `vrf`: the
// table `node` lacks the route in ("" the default VRF).
model::SourceSpan blameMissingRoute(const model::Network& network, const sim::DataPlane& dataPlane,
                                    const std::string& node, model::Ipv4 address, const std::string& vrf = "");

// The line that made `node` prefer the route it uses: for a BGP route, the import-policy
// clause (its set line when it sets local-pref/weight/MED) on the session it came from; for
// others, the statement that originated the route.
model::SourceSpan blameRouteChoice(const model::Network& network, const std::string& node,
                                   const sim::Route& route, const std::string& vrf = "");

// The line to blame for how a trace path ended (ACL entry, null route, missing route, ...).
model::SourceSpan blamePathEnd(const model::Network& network, const sim::DataPlane& dataPlane,
                               const sim::TracePath& path, model::Ipv4 address);

// The same for a destination of either family (issue 16). IPv6: the sessions searched are
// the ones that can carry IPv6 unicast (IPv4 sessions, neighbor statements for IPv6
// addresses), and a statement not activated in the family is the line blamed; IPv6 ACLs are
// not modelled, so no IPv6 path is blamed on an ACL.
model::SourceSpan blameMissingRoute(const model::Network& network, const sim::DataPlane& dataPlane,
                                    const std::string& node, const model::IpAddress& address,
                                    const std::string& vrf = "");
model::SourceSpan blameRouteChoice(const model::Network& network, const std::string& node,
                                   const sim::Ipv6Route& route, const std::string& vrf = "");
model::SourceSpan blamePathEnd(const model::Network& network, const sim::DataPlane& dataPlane,
                               const sim::TracePath& path, const model::IpAddress& address);

// The device's BGP instance in VRF `vrf` ("" the default VRF's): the one a session of that
// VRF and its table's BGP routes belong to. nullptr: none.
const model::BgpProcess* bgpInstance(const model::Device& device, std::string_view vrf);

// A line of the device's config to fall back to: the hostname, else line 1 of its first file.
model::SourceSpan deviceSpan(const model::Network& network, const std::string& node);

}  // namespace routefix::verify
