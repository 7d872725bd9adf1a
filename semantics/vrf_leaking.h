// Route leaking between the VRFs of one router: which VRF's BGP table takes the routes of
// which other, and through what. Read from the configuration only, for the simulator (sim/
// runs it as a session between the two VRF instances) and whoever else needs it.
//
// The vendors (both leak the exporting VRF's best BGP path, which includes what `network` and
// `redistribute` put there, and never a path the exporting VRF itself imported from another):
// - IOS / IOS-XE, NX-OS, EOS: by route target. A route leaves VRF A with A's export targets;
//   A's `export map` may replace them per route (`set extcommunity rt`; `additive` adds), and a
//   route the map denies keeps A's targets. VRF B imports it when it carries one of B's import
//   targets and B's `import map` (if any) permits it.
// - FRR: `import vrf A` in B's `address-family ipv4 unicast` (bgpd/bgp_mplsvpn.c: VRF-to-VRF
//   leaking runs through the VPN table with automatic targets, so B takes everything A
//   exports), filtered by B's `import vrf route-map`; "default" names the default VRF.
// - Junos: a routing instance leaks into another only with `auto-export` (not modelled).
#pragma once

#include <string>
#include <vector>

#include "model/device.h"

namespace routefix::semantics {

struct VrfLeak {
  std::string from, to;  // VRF names; "" is the default VRF
  // By route target (IOS family); both empty for FRR's `import vrf`.
  std::vector<model::TextCommunity> export_targets;  // "rt 65000:1", as model::parseExtCommunities
  std::vector<model::TextCommunity> import_targets;
  std::string export_map;  // of `from`; "" none
  std::string import_map;  // of `to`; "" none
  bool byRouteTarget() const { return !import_targets.empty(); }
};

// Every ordered pair of the device's VRFs between which routes may leak, in a stable order.
// By route target, the pairs whose targets meet, or whose exporter has an export map (which
// may add the importer's target to some routes).
std::vector<VrfLeak> vrfLeaks(const model::Device& device);

// VPNv4 between two PEs (an iBGP session activated for VPNv4 at both ends): which VRF of
// `importer` takes which VRF's routes of `exporter`, by the same route-target rule as leaking
// on one device (IOS family, EOS; FRR with `export vpn` / `import vpn` and `rt vpn`). The
// copy carries the exporter's path with the exporting PE as next hop (FRR
// vpn_leak_from_vrf_update sets nexthop-self, resolved in the importer's default VRF).
std::vector<VrfLeak> vpnLeaks(const model::Device& exporter, const model::Device& importer);

// Whether a VPN path imported on `receivingPe` can be valid: where the vendor resolves VPN
// next hops over labeled routes only (VendorDefaults::bgp_vpn_import_needs_labels), the PE
// must run a label distribution protocol (Device::label_distribution); labels themselves are
// not modelled.
bool vpnNextHopUsable(const model::Device& receivingPe);

// A route target as written ("65000:1", Junos "target:65000:1") as an extended community
// ("rt 65000:1"); empty when it is not one.
model::TextCommunity routeTargetCommunity(const std::string& written);

}  // namespace routefix::semantics
