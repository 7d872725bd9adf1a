#include "semantics/config_rules.h"

#include "model/names.h"
#include "semantics/bgp_roles.h"

#include <algorithm>
#include <cmath>

namespace routefix::semantics {

bool undefinedListMatches(model::Vendor vendor, ListKind kind) {
  switch (vendor) {
    case model::Vendor::Ios:
      return kind == ListKind::PrefixList || kind == ListKind::AccessList;
    case model::Vendor::Nxos:
      return kind == ListKind::PrefixList;
    case model::Vendor::Frr:
    case model::Vendor::Junos:
    case model::Vendor::Eos:
      return false;
  }
  return false;
}

bool peerMatches(const model::PolicyMatch& match, const PolicyPeer& peer) {
  using K = model::PolicyMatch::Kind;
  switch (match.kind) {
    case K::Neighbor: return peer.address && *peer.address == match.address;
    case K::LocalOrigin: return peer.origination;
    case K::PeerName:
      if (peer.interface.empty() || peer.peer_group.empty()) return false;
      return std::any_of(match.names.begin(), match.names.end(), [&](const std::string& name) {
        return name == peer.interface || name == peer.peer_group;
      });
    default: return false;
  }
}

PolicyPeer sessionPolicyPeer(const model::BgpNeighbor* statement, std::optional<model::Ipv4> address) {
  PolicyPeer peer;
  peer.address = address;
  if (statement) {
    peer.interface = statement->interface;
    peer.peer_group = statement->peer_group;
  }
  return peer;
}

PolicyPeer exportPolicyPeer(const model::VendorDefaults& sender, const PolicyPeer& receiver) {
  return sender.bgp_export_policy_sees_peer ? receiver : PolicyPeer{};
}

bool callDenies(bool calledDefined, bool calledPermitted) { return calledDefined && !calledPermitted; }

namespace {

uint32_t interfaceCost(const model::Device& device, const std::optional<model::OspfProcess>& process,
                       const model::Interface& itf, std::optional<uint32_t> configured, bool loopbackByBandwidth) {
  if (configured) return *configured;
  if (itf.isLoopback() && !loopbackByBandwidth) return device.defaults.ospf_loopback_cost;
  uint64_t bandwidth = itf.bandwidth_kbps ? itf.bandwidth_kbps : device.defaults.ospf_unknown_bandwidth_kbps;
  if (bandwidth == 0) return 1;
  uint64_t ref = static_cast<uint64_t>(process ? process->reference_bandwidth_mbps
                                               : device.defaults.ospf_reference_bandwidth_mbps) *
                 1000;
  double cost = std::floor(static_cast<double>(ref) / static_cast<double>(bandwidth) + 0.5);
  return static_cast<uint32_t>(std::clamp(cost, 1.0, 65535.0));
}

bool passive(const std::optional<model::OspfProcess>& process, const model::Interface& itf,
             std::optional<bool> onInterface) {
  if (onInterface) return *onInterface;
  if (!process) return false;
  const auto& p = *process;
  auto listed = [&](const std::vector<std::string>& names) {
    return std::any_of(names.begin(), names.end(),
                       [&](const std::string& n) { return model::equalsIgnoreCase(n, itf.name); });
  };
  if (listed(p.passive_interfaces)) return true;
  if (listed(p.non_passive_interfaces)) return false;
  return p.passive_default;
}

}  // namespace

uint32_t ospfInterfaceCost(const model::Device& device, const model::Interface& itf) {
  return interfaceCost(device, device.ospf, itf, itf.ospf_cost, false);
}

uint32_t ospf6InterfaceCost(const model::Device& device, const model::Interface& itf) {
  return interfaceCost(device, device.ospf6, itf, itf.ospf6.cost, device.defaults.ospf6_loopback_by_bandwidth);
}

std::optional<uint32_t> ospfArea(const model::Device& device, const model::Interface& itf) {
  auto source = device.sourceAddress(itf);
  if (!device.ospf || !itf.routes() || !source) return std::nullopt;
  if (itf.ospf_area) return itf.ospf_area;
  for (const auto& n : device.ospf->networks)
    if (n.match.matches(source->address)) return n.area;
  return std::nullopt;
}

std::optional<uint32_t> ospf6Area(const model::Device& device, const model::Interface& itf) {
  if (!device.ospf6 || !itf.routes()) return std::nullopt;
  return itf.ospf6.area;
}

bool ospfPassive(const model::Device& device, const model::Interface& itf) {
  return passive(device.ospf, itf, itf.ospf_passive);
}

bool ospf6Passive(const model::Device& device, const model::Interface& itf) {
  return passive(device.ospf6, itf, itf.ospf6.passive);
}

bool ospfHellosAccepted(const model::Interface& a, const model::Interface& b) {
  if (a.ospf_point_to_point && b.ospf_point_to_point) return true;
  return a.address && b.address && a.address->subnet() == b.address->subnet();
}

namespace {

// A router-id the process does not configure: the system's (FRR zebra's `ip router-id`), else
// the highest loopback address, else the highest interface address.
model::Ipv4 systemRouterId(const model::Device& device) {
  if (device.router_id) return *device.router_id;
  model::Ipv4 loopback{0}, any{0};
  for (const auto& itf : device.interfaces) {
    if (!itf.routes() || !itf.address) continue;
    any = std::max(any, itf.address->address);
    if (itf.isLoopback()) loopback = std::max(loopback, itf.address->address);
  }
  return loopback.value ? loopback : any;
}

}  // namespace

bool outboundSetsReachReflectedRoutes(const model::VendorDefaults& defaults, const model::BgpProcess& bgp) {
  return !defaults.bgp_reflection_drops_outbound_sets || bgp.rr_allow_outbound_policy;
}

model::Ipv4 bgpRouterId(const model::Device& device) {
  if (device.bgp && device.bgp->router_id) return *device.bgp->router_id;
  return systemRouterId(device);
}

model::Ipv4 ospfRouterId(const model::Device& device) {
  if (device.ospf && device.ospf->router_id) return *device.ospf->router_id;
  return systemRouterId(device);
}

model::Ipv4 ospf6RouterId(const model::Device& device) {
  if (device.ospf6 && device.ospf6->router_id) return *device.ospf6->router_id;
  return systemRouterId(device);
}

bool ospfRedistributesConnected(const model::Device& device, const model::Prefix& prefix) {
  if (!device.defaults.ospf_connected_redistribution_skips_covered) return true;
  return std::none_of(device.interfaces.begin(), device.interfaces.end(), [&](const model::Interface& itf) {
    return itf.address && ospfArea(device, itf) && itf.address->subnet().contains(prefix);
  });
}

bool transitNetworkReplaces(uint64_t cost, model::Ipv4 lsid, uint64_t currentCost, model::Ipv4 currentLsid) {
  return cost < currentCost || (cost == currentCost && lsid.value > currentLsid.value);
}

uint32_t presentedAs(const model::BgpProcess& bgp, const model::BgpNeighbor& neighbor) {
  if (neighbor.local_as) return *neighbor.local_as;
  if (bgp.confederation_id && neighbor.remote_as && !inConfederation(bgp, *neighbor.remote_as))
    return *bgp.confederation_id;
  return bgp.asn;
}

bool inConfederation(const model::BgpProcess& bgp, uint32_t asn) {
  return asn == bgp.asn || std::find(bgp.confederation_peers.begin(), bgp.confederation_peers.end(),
                                     asn) != bgp.confederation_peers.end();
}

bool confederationSession(const model::BgpProcess& a, uint32_t aAs, const model::BgpProcess& b, uint32_t bAs) {
  return aAs != bAs && a.confederation_id && b.confederation_id && inConfederation(a, bAs) && inConfederation(b, aAs);
}

bool remoteAsAccepts(const model::BgpNeighbor& n, uint32_t ownAs, uint32_t peerAs) {
  if (n.remote_as_external) return peerAs != ownAs;
  if (n.remote_as_internal) return peerAs == ownAs;
  return n.remote_as && *n.remote_as == peerAs;
}

bool declaresRemoteAs(const model::BgpNeighbor& n) {
  return n.remote_as || n.remote_as_external || n.remote_as_internal;
}

bool declaresEbgp(const model::BgpProcess& bgp, const model::BgpNeighbor& n) {
  if (n.remote_as_external) return true;
  if (n.remote_as_internal) return false;
  return !n.remote_as || *n.remote_as != presentedAs(bgp, n);
}

const model::BgpNeighbor* sessionTemplate(const model::BgpProcess& bgp, bool ebgp) {
  for (const auto& n : bgp.neighbors)
    if (n.address && declaresRemoteAs(n) && declaresEbgp(bgp, n) == ebgp) return &n;
  return nullptr;
}

bool suppressedBySummary(const model::BgpProcess& bgp, const model::Prefix& prefix) {
  return std::any_of(bgp.aggregates.begin(), bgp.aggregates.end(), [&](const model::BgpAggregate& a) {
    return a.summary_only && a.prefix.length < prefix.length && a.prefix.contains(prefix);
  });
}

bool withheldByDefaultOriginate(const model::VendorDefaults& defaults, const model::Prefix& prefix) {
  return prefix.length == 0 || (defaults.bgp_default_originate_withholds_zero_address && prefix.address.value == 0);
}

bool receivedBlackholeGetsNoExport(const model::VendorDefaults& receiver, bool ebgpNotConfed) {
  return ebgpNotConfed && receiver.bgp_blackhole_adds_no_export;
}

namespace {
// Over one address family's settings: the IPv4 ones are the neighbor's own, the IPv6 ones its
// BgpNeighborIpv6 (the same field names).
template <class Settings>
bool ebgpPolicyBlocksFamily(const model::BgpProcess& bgp, const Settings* n, Direction d) {
  if (!bgp.ebgp_requires_policy) return false;
  if (!n) return true;
  if (d == Direction::In)
    return n->import_policies.empty() && n->prefix_list_in.empty() && n->filter_list_in.empty();
  return n->export_policies.empty() && n->prefix_list_out.empty() && n->filter_list_out.empty();
}
}  // namespace

bool ebgpPolicyBlocks(const model::BgpProcess& bgp, const model::BgpNeighbor* n, Direction d) {
  return ebgpPolicyBlocksFamily(bgp, n, d);
}

bool ebgpPolicyBlocks(const model::BgpProcess& bgp, const model::BgpNeighborIpv6* n, Direction d) {
  return ebgpPolicyBlocksFamily(bgp, n, d);
}

std::string sessionRefusal(const model::BgpNeighbor& a, const model::BgpNeighbor& b, bool ebgp) {
  if (a.passive && b.passive) return "both ends are passive";
  return roleRefusal(a, b, ebgp);
}

}  // namespace routefix::semantics
