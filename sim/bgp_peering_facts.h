// What the BGP engine's per-route work reads of a peering's two neighbor statements, copied
// side by side per peering. The statements are large and scattered in memory; reading them for
// every route over every session was the engine's main cost (a cache miss each time).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "semantics/add_path.h"
#include "semantics/session_as_path.h"
#include "sim/bgp_sessions.h"
#include "sim/policy_evaluator.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

struct PeeringFacts {
  const std::vector<const model::RoutePolicy*>* out = nullptr;  // resolved route-map chains
  const std::vector<const model::RoutePolicy*>* in = nullptr;
  bool out_permits_all = true, in_permits_all = true;  // chain accepts all, unchanged: skip it
  bool out_filtered = false, in_filtered = false;      // a prefix-list or filter-list applies
  bool out_blocked = false, in_blocked = false;        // ebgp-requires-policy and none set
  bool default_originate = false, send_community = false, next_hop_self = false;
  bool next_hop_self_force = false;  // next-hop-self on reflected iBGP routes too
  bool send_ext_community = false, send_large_community = false;
  std::optional<semantics::AsOverride> as_override;  // semantics::asOverride
  bool remove_private = false;  // sender's remove-private-as (semantics::withoutPrivateAs)
  // eBGP: after the AS it presents, the sender also prepends this one (its own AS behind a
  // `local-as`; semantics::ebgpExportPrepend); 0 for none.
  uint32_t export_own_as = 0;
  std::optional<uint32_t> received_prepend;  // semantics::receivedPathPrepend
  // eBGP: the sender's connected subnet that holds the receiver's address. A learned next hop
  // on it goes out unchanged (a third-party next hop, RFC 4271 5.1.3; FRR
  // bgp_multiaccess_check_v4).
  std::optional<model::Prefix> shared_subnet;
  bool multihop = false;  // receiver's ebgp-multihop
  uint32_t weight = 0;    // receiver's neighbor weight
  uint32_t receiver_asn = 0;
  std::optional<uint32_t> local_as;  // receiver's local-as when it differs from its AS
  uint32_t allowas_in = 0;
  // RFC 9234 roles the sender (out) and the receiver (in) hold on this session
  // (semantics::effectiveRole): OTC is checked and attached by them.
  model::BgpRole out_role = model::BgpRole::None, in_role = model::BgpRole::None;
  // The peer an import map sees (the sender) and the one an export map sees (the receiver, as
  // semantics::exportPolicyPeer lets the sender's vendor see it).
  semantics::PolicyPeer import_peer, export_peer;
  // The paths besides the best that the session carries (RFC 7911; IPv4 unicast).
  semantics::AddPathSelection add_path;
};

// The device's longest connected subnet (up interfaces of the default VRF, secondary addresses
// included) that holds the address: FRR's lookup in its connected table.
std::optional<model::Prefix> connectedSubnet(const model::Device& device, Ipv4 address);

// `ipv6`: the facts of the IPv6 unicast family, from the statements' BgpNeighborIpv6.
std::vector<PeeringFacts> peeringFacts(const Topology& topo, const std::vector<BgpPeering>& peerings,
                                       std::vector<PolicyEvaluator>& policies, bool ipv6 = false);

}  // namespace routefix::sim::detail
