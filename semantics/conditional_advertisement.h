// BGP conditional advertisement as FRR 8.4 implements it (bgpd/bgp_conditional_adv.c and
// subgroup_announce_check in bgp_route.c): `neighbor X advertise-map A exist-map|non-exist-map
// C`. A periodic scan (`bgp conditional-advertisement timer`, 60 s by default) runs C over
// every path of the router's BGP table of that address family: all paths of every prefix,
// best or not, valid next hop or not, learned (after the inbound policy, which drops the paths
// it denies) or originated (network, redistribute, aggregate). A default-originate route is
// not in the table and so never counts. C run on a learned path sees its sender as the peer.
// From the verdict the scan derives the peer's update type, then sends or withdraws the best
// paths A permits (conditionalExport). What this gives is where the scans settle; bgpd 8.4 can
// stop short of it when a condition's route is withdrawn just as a scan runs (see
// tests/lab/scenarios/bgp-conditional-advertisement/README.md). Engines: sim (sim/conditional_advertisement.h runs the
// scan as an outer fixpoint around the per-prefix BGP runs); symsim does not encode it
// (sim_equivalence_gaps.txt).
#pragma once

#include "model/device.h"

namespace routefix::semantics {

enum class ConditionalUpdate { Advertise, Withdraw };

// Until its first scan a peer is in Advertise (peer_advertise_map_filter_update).
inline constexpr ConditionalUpdate kInitialConditionalUpdate = ConditionalUpdate::Advertise;

// The scan's verdict: `present` says whether C permitted some path of the table. exist-map
// advertises while it did, non-exist-map while it did not.
ConditionalUpdate conditionalUpdate(const model::BgpConditionalAdvertisement& c, bool present);

// Whether the statement acts at all: the scan skips a peer whose advertise-map or condition
// map is not a defined route-map (filter->advmap.amap / cmap unset), and the peer stays in
// Advertise, which is sending as without the statement.
bool conditionalAdvertisementActive(const model::Device& device, const model::BgpConditionalAdvertisement& c);

// What becomes of a best path sent to the peer, once every check before the outbound
// route-map has let it through (split horizon, communities, prefix-list and filter-list out,
// remove-private-as, as-override), by whether A permits it:
// - A denies it: AsUsual (the outbound route-map decides).
// - Advertise: ByAdvertiseMap. The scan sends the path with the attributes A's sets left
//   (run on the path's own attributes, with its sender as peer) and calls
//   subgroup_announce_check with them, which skips the outbound route-map: the route goes
//   even where that map would deny it. Every later best-path change is announced through the
//   route-map first and the next scan sends it again the map's way, so that is what stays.
// - Withdraw: Withheld (subgroup_announce_check refuses it; the scan withdraws it), except a
//   default route the peer gets by default-originate, which that feature sends on its own.
enum class ConditionalExport { AsUsual, ByAdvertiseMap, Withheld };
ConditionalExport conditionalExport(ConditionalUpdate update, bool advertiseMapPermits);

}  // namespace routefix::semantics
