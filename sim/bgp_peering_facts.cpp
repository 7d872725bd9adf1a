#include "sim/bgp_peering_facts.h"

#include "semantics/bgp_roles.h"
#include "semantics/config_rules.h"
#include "semantics/session_as_path.h"

namespace routefix::sim::detail {

std::optional<model::Prefix> connectedSubnet(const model::Device& device, Ipv4 address) {
  std::optional<model::Prefix> best;
  auto consider = [&](const model::InterfaceAddress& a) {
    model::Prefix subnet = a.subnet();
    if (subnet.contains(address) && (!best || subnet.length > best->length)) best = subnet;
  };
  for (const auto& i : device.interfaces) {
    if (!i.routes()) continue;
    if (i.address) consider(*i.address);
    for (const auto& s : i.secondary) consider(s);
  }
  return best;
}

std::vector<PeeringFacts> peeringFacts(const Topology& topo, const std::vector<BgpPeering>& peerings,
                                       std::vector<PolicyEvaluator>& policies, bool ipv6) {
  std::vector<PeeringFacts> facts;
  facts.reserve(peerings.size());
  for (const auto& peer : peerings) {
    PeeringFacts f;
    // 0.0.0.0: an unnumbered session's link-local end.
    auto policyPeer = [](const model::BgpNeighbor* statement, Ipv4 address) {
      return semantics::sessionPolicyPeer(statement, address.value ? std::optional(address) : std::nullopt);
    };
    f.import_peer = policyPeer(peer.receiver_neighbor, peer.sender_address);
    if (peer.sender != kNone)
      f.export_peer = semantics::exportPolicyPeer(topo.device(peer.sender).defaults,
                                                  policyPeer(peer.sender_neighbor, peer.receiver_address));
    if (peer.leak) {  // no neighbor statements: the leak's own rules apply (sim/vrf_leaks.h)
      facts.push_back(f);
      continue;
    }
    const auto& rn = *peer.receiver_neighbor;
    const auto& receiver = *topo.device(peer.receiver).bgp;
    // What each end wrote in the address family (the IPv4 one: the statement itself).
    auto outbound = [&](const auto& sn) {
      f.out = &policies[peer.sender].resolve(sn.export_policies);
      f.out_permits_all = PolicyEvaluator::permitsUnchanged(*f.out);
      f.out_filtered = !sn.prefix_list_out.empty() || !sn.filter_list_out.empty();
      f.out_blocked = peer.ebgp && semantics::ebgpPolicyBlocks(*topo.device(peer.sender).bgp, &sn,
                                                               semantics::Direction::Out);
      f.next_hop_self = sn.next_hop_self;
      f.next_hop_self_force = sn.next_hop_self && sn.next_hop_self_force;
    };
    auto inbound = [&](const auto& rnAf) {
      f.in = &policies[peer.receiver].resolve(rnAf.import_policies);
      f.in_permits_all = PolicyEvaluator::permitsUnchanged(*f.in);
      f.in_filtered = !rnAf.prefix_list_in.empty() || !rnAf.filter_list_in.empty();
      f.in_blocked = peer.ebgp && semantics::ebgpPolicyBlocks(receiver, &rnAf, semantics::Direction::In);
    };
    if (peer.sender != kNone) {
      const auto& sn = *peer.sender_neighbor;
      if (ipv6) {
        // Settings the model keeps for IPv4 unicast only (default-originate, weight,
        // allowas-in, as-override, remove-private-as, send-community) take their defaults in
        // IPv6 unicast.
        outbound(sn.ipv6);
        bool sendsAll = topo.device(peer.sender).defaults.bgp_send_community;
        f.send_community = f.send_ext_community = f.send_large_community = sendsAll;
      } else {
        outbound(sn);
        f.default_originate = sn.default_originate;
        f.send_community = sn.send_community;
        f.send_ext_community = sn.send_community_extended;
        f.send_large_community = sn.send_community_large;
        f.as_override = semantics::asOverride(sn, peer.ebgp, peer.confed, peer.receiver_as,
                                              topo.device(peer.sender).bgp->asn);
        if (peer.ebgp && !peer.confed) f.remove_private = sn.remove_private_as;
        if (peer.ebgp && !peer.confed && !peer.unnumbered())
          f.shared_subnet = connectedSubnet(topo.device(peer.sender), peer.receiver_address);
        f.add_path = semantics::addPathSent(topo.device(peer.sender), sn, topo.device(peer.receiver), rn);
      }
      // local-as is the session's, whatever the family.
      if (peer.ebgp && !peer.confed) {
        auto prepend = semantics::ebgpExportPrepend(*topo.device(peer.sender).bgp, sn);
        if (prepend.size() > 1) f.export_own_as = prepend[1];
      }
    }
    if (ipv6) {
      inbound(rn.ipv6);
    } else {
      inbound(rn);
      f.weight = rn.weight.value_or(0);
      f.allowas_in = rn.allowas_in.value_or(0);
    }
    f.multihop = rn.ebgp_multihop.has_value();
    f.receiver_asn = receiver.asn;
    if (rn.local_as && *rn.local_as != receiver.asn) f.local_as = rn.local_as;
    if (peer.ebgp && !peer.confed) f.received_prepend = semantics::receivedPathPrepend(receiver, rn);
    f.in_role = semantics::effectiveRole(rn, peer.ebgp && !peer.confed);
    if (peer.sender != kNone) f.out_role = semantics::effectiveRole(*peer.sender_neighbor, peer.ebgp && !peer.confed);
    facts.push_back(f);
  }
  return facts;
}

}  // namespace routefix::sim::detail
