// Route leaking between the VRFs of one router (semantics/vrf_leaking.h) as the BGP engine
// runs it: a one-way peering from the exporting VRF's instance (sim/vrf_instances.h; the
// device itself for its default VRF) to the importing one's, carrying the exporter's best
// path. The vendors agree on what the copy keeps (FRR bgp_mplsvpn.c vpn_leak_to_vrf_update:
// the attributes duplicated, the next hop the exporter's, resolved in the exporting VRF; IOS
// "the imported route points to the next hop of the source route"), that a path a VRF
// imported is never leaked on, and FRR takes the admin distance from how the exporting VRF
// learned it (bgp_distance_apply: eBGP 20, else 200).
#pragma once

#include <vector>

#include "sim/bgp_attributes.h"
#include "sim/bgp_sessions.h"
#include "sim/policy_evaluator.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

// A peering per leak between two VRFs of a device that both run BGP.
void appendLeakPeerings(const Topology& topo, std::vector<BgpPeering>& peerings);

// VPNv4 between PEs (semantics::vpnLeaks): for each established iBGP session both ends
// activated for VPNv4, and each pair of them through one route reflector that reflects
// between them, a peering from each exporting VRF instance of the sending PE to each VRF
// instance of the receiving PE whose import targets it meets. The path arrives as over iBGP:
// attributes kept (weight dropped), the sending PE's session address as next hop, resolved
// in the receiving PE's default VRF (vpn_resolver); iBGP distance. Labels are abstracted;
// reflected paths carry no originator id / cluster list (their tie-breaks are not modelled).
void appendVpnPeerings(const Topology& topo, std::vector<BgpPeering>& peerings);

// What a leak does to the path `subject` (as the exporter holds it): route targets attached
// and the export map (route-target leaks), the importer's targets, then the import map.
// False: the path does not leak.
bool leakSubject(const semantics::VrfLeak& leak, PolicyEvaluator& exporter, PolicyEvaluator& importer,
                 TextCommunityTable& extCommunities, PolicySubject& subject);

}  // namespace routefix::sim::detail
