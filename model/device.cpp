#include "model/device.h"

#include <algorithm>
#include <utility>

#include "model/names.h"
#include "model/network.h"

namespace routefix::model {

std::string vendorName(Vendor v) {
  switch (v) {
    case Vendor::Ios: return "ios";
    case Vendor::Frr: return "frr";
    case Vendor::Junos: return "junos";
    case Vendor::Eos: return "eos";
    case Vendor::Nxos: return "nxos";
  }
  return "unknown";
}

VendorDefaults VendorDefaults::forVendor(Vendor v) {
  VendorDefaults d;
  switch (v) {
    case Vendor::Ios:
      // Cisco: BGP routes enter OSPF with metric 1 (other sources 20), eBGP ones only.
      d.ospf_external_metric_bgp = 1;
      d.bgp_redistribute_internal = false;
      d.bgp_add_path = AddPathCapability::Configured;
      break;
    case Vendor::Frr:
      d.bgp_ebgp_requires_policy = true;
      d.bgp_reflection_drops_outbound_sets = true;
      d.bgp_import_next_hop_sticks = true;
      d.bgp_redistributed_next_hop_is_gateway = true;
      d.bgp_vpn_import_needs_labels = true;
      d.bgp_leaked_path_is_own = true;
      d.bgp_default_originate_withholds_zero_address = true;
      d.bgp_blackhole_adds_no_export = true;
      d.bgp_add_path = AddPathCapability::ReceiveAlways;
      d.bgp_export_policy_sees_peer = false;
      d.ospf_connected_redistribution_skips_covered = true;
      d.ospf_nssa_abr_sends_default = true;
      d.ospf_external_forwarding_address = true;
      d.bgp_send_community = true;
      d.bgp_maximum_paths = 64;
      d.bgp_multipath_match = MultipathMatch::AsPathInternalNeighborAsExternal;
      d.ospf_default_originate_metric = 10;
      d.bgp_aggregate_from_all_paths = true;
      d.ospf_unknown_bandwidth_kbps = 10000;
      d.bgp_next_hop_via_default = false;
      d.local_routes = false;
      d.ospf_loopback_cost = 0;
      d.ospf6_loopback_by_bandwidth = true;
      d.ipv6_unicast_routing = true;
      break;
    case Vendor::Junos:
      // Junos: static 5, OSPF internal 10, OSPF external 150, BGP 170 (both kinds).
      d.distance_static = 5;
      d.distance_ospf = 10;
      d.distance_ospf_external = 150;
      // Exported routes keep their own metric (0 for static and direct routes).
      d.ospf_external_metric = 0;
      d.ospf_external_metric_bgp = 0;
      d.distance_ebgp = 170;
      d.distance_ibgp = 170;
      d.distance_bgp_local = 170;
      d.bgp_local_weight = 0;
      d.bgp_network_requires_rib = false;
      d.bgp_import_default = PolicyDefault::Accept;
      d.bgp_export_default = PolicyDefault::JunosBgpExport;
      d.bgp_send_community = true;  // Junos sends communities unless a policy strips them
      d.bgp_vpn_import_needs_labels = true;
      d.bgp_multipath_match = MultipathMatch::NeighborAs;
      d.bgp_advertise_inactive = false;
      d.bgp_remove_private_leading_only = true;
      d.ipv6_unicast_routing = true;
      break;
    case Vendor::Eos:
      // EOS: every BGP route has distance 200 (`distance bgp 200 200 200`); no communities
      // without `send-community`; one path unless `maximum-paths`; a missing route-map
      // permits; aggregates count main-RIB contributors; only active routes are advertised;
      // an OSPF route to its own gateway goes via the interface.
      d.distance_ebgp = 200;
      d.bgp_local_weight = 0;
      d.undefined_route_map_permits = true;
      d.bgp_aggregate_from_main_rib = true;
      d.bgp_advertise_inactive = false;
      d.bgp_multipath_relax = true;
      d.ospf_route_to_gateway_via_interface = true;
      d.bgp_vpn_import_needs_labels = true;
      break;
    case Vendor::Nxos:
      // NX-OS: IOS distances; OSPF's reference bandwidth is 40 Gbit/s; neighbors carry IPv4
      // unicast only with their own address family; ports start shut.
      d.ospf_reference_bandwidth_mbps = 40000;
      d.bgp_default_ipv4_unicast = false;
      d.ethernet_shutdown_by_default = true;
      d.ospf_external_metric_bgp = 1;  // as IOS (not confirmed on a device)
      d.bgp_redistribute_internal = false;
      d.ipv6_unicast_routing = true;  // NX-OS has no `ipv6 unicast-routing`: it always routes
      break;
  }
  return d;
}

bool Interface::isLoopback() const {
  std::string lower = lowercase(name);
  return lower.rfind("loopback", 0) == 0 || lower.rfind("lo0", 0) == 0 || lower == "lo";
}

const BgpNeighbor* BgpProcess::findNeighbor(Ipv4 a) const {
  for (const auto& n : neighbors)
    if (n.address && *n.address == a) return &n;
  return nullptr;
}

const BgpNeighbor* BgpProcess::findUnnumberedNeighbor(std::string_view itf) const {
  for (const auto& n : neighbors)
    if (!n.interface.empty() && equalsIgnoreCase(n.interface, itf)) return &n;
  return nullptr;
}

const Interface* Device::findInterface(std::string_view n) const {
  // Names mostly come from this device's own config: try them as written first (this runs
  // for every hop of every forwarding walk).
  for (const auto& i : interfaces)
    if (i.name == n) return &i;
  for (const auto& i : interfaces)
    if (equalsIgnoreCase(i.name, n)) return &i;
  return nullptr;
}

std::optional<InterfaceAddress> Device::sourceAddress(const Interface& i) const {
  if (i.address || i.unnumbered.empty()) return i.address;
  const Interface* lender = findInterface(i.unnumbered);
  if (!lender || lender == &i) return std::nullopt;
  return lender->address;
}

const Interface* Device::interfaceFor(Ipv4 a) const {
  for (const auto& i : interfaces) {
    if (i.address && i.address->subnet().contains(a)) return &i;
    for (const auto& s : i.secondary)
      if (s.subnet().contains(a)) return &i;
  }
  return nullptr;
}

const Device* Network::findDevice(std::string_view n) const {
  for (const auto& d : devices)
    if (equalsIgnoreCase(d.name, n)) return &d;
  return nullptr;
}

Device* Network::findDevice(std::string_view n) {
  return const_cast<Device*>(std::as_const(*this).findDevice(n));
}

}  // namespace routefix::model
