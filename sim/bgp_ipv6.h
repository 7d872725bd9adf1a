// BGP IPv6 unicast (issue 16): which sessions carry it, the BGP engine's run for it over the
// IPv6 tables, and the routes it adds to them.
#pragma once

#include <vector>

#include "sim/bgp_address_family.h"
#include "sim/dataplane.h"

namespace routefix::sim::detail {

// The sessions that carry IPv6 unicast: both ends activate their neighbor statements in the
// IPv6 unicast family (BgpNeighborIpv6::activate), over an established IPv4 session (MP-BGP,
// RFC 4760) or over IPv6 addresses: on a link both ends share, or (iBGP between loopbacks,
// ebgp-multihop) each end's address routed in the other's IPv6 table `ribs` (connected,
// static, OSPFv3; by node). Each session gives a peering per direction, with the addresses
// Ipv6Unicast needs for it.
struct Ipv6Peerings {
  std::vector<BgpPeering> peerings;
  std::vector<Ipv6Unicast::PeeringAddresses> addresses;  // per peering
};
// Only default VRFs of devices that route IPv6 take part (VRFs: not yet).
Ipv6Peerings ipv6Peerings(const Topology& topo, const Ipv6Neighbours& neighbours,
                          const std::vector<BgpPeering>& ipv4Peerings, const std::vector<Ipv6Rib>& ribs);

// Adds the BGP IPv6 unicast routes of the default VRFs to `dp.ipv6` (which holds the
// connected and static ones), over `dp`'s topology and IPv4 tables (for the IPv4 sessions
// carrying IPv6). A network whose neighbors activate no IPv6 unicast pays one scan.
void addIpv6BgpRoutes(DataPlane& dp);

}  // namespace routefix::sim::detail
