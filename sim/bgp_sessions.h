// Which BGP sessions come up: both ends must name each other's address, agree on AS numbers
// (remote-as / local-as / external / internal), be activated and not shut down, and reach
// each other (eBGP single-hop: a shared subnet; iBGP and ebgp-multihop: forwarding over the
// IGP routes, from the update-source address).
#pragma once

#include <memory>
#include <vector>

#include "semantics/vrf_leaking.h"
#include "sim/dataplane.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

// One direction of an established session: routes flow from sender to receiver.
struct BgpPeering {
  uint32_t sender = kNone;  // kNone: a peer outside the snapshot (external.json)
  uint32_t receiver = kNone;
  const model::BgpNeighbor* sender_neighbor = nullptr;  // sender's statement for the receiver
  const model::BgpNeighbor* receiver_neighbor = nullptr;
  bool ebgp = true;
  // Between two member ASes of one confederation (RFC 5065): ebgp is set (the AS numbers
  // differ, the member AS is prepended, in a confed segment), but local-pref, MED and the
  // next hop travel as over iBGP.
  bool confed = false;
  Ipv4 sender_address;    // the sender's end (what the receiver configured as neighbor)
  Ipv4 receiver_address;  // the receiver's end
  // Unnumbered: the receiver's interface the session runs over (both addresses are then
  // 0.0.0.0, standing for the ends' IPv6 link-local addresses); "" otherwise.
  std::string receiver_interface;
  uint32_t sender_as = 0;  // AS the sender presents on this session (local-as applied)
  uint32_t receiver_as = 0;
  Ipv4 sender_router_id;
  bool receiver_is_client = false;  // the sender reflects to the receiver as its RR client
  bool sender_is_client = false;    // the receiver treats the sender as its RR client
  // Both ends activated IPv4 unicast. False: the session is up for VPNv4 only and carries no
  // IPv4 routes (establishSessions keeps it only to derive the VPN peerings).
  bool ipv4_unicast = true;
  // Not a session: routes leaking from one VRF instance of a router to another
  // (sim/vrf_leaks.h); no neighbor statements then.
  std::shared_ptr<const semantics::VrfLeak> leak;
  // A leak between two PEs over their VPNv4 session (sim/vrf_leaks.h): the receiving PE's
  // default VRF, where the next hop (sender_address, the exporting PE's end of the session)
  // resolves; kNone for a leak inside one router.
  uint32_t vpn_resolver = kNone;

  bool unnumbered() const { return !receiver_interface.empty(); }
};

struct BgpSessionSetup {
  std::vector<BgpPeering> peerings;
  std::vector<BgpSessionStatus> statuses;  // one per neighbor statement, sorted
};

BgpSessionSetup establishSessions(const Topology& topo, const std::vector<NodeRib>& igpRibs);

// One direction of a session between two neighbor statements: the ASes each end presents
// (eBGP, confed-eBGP), router id, reflection per the statements' `route-reflector-client`.
// Addresses and the interface are the caller's.
BgpPeering directedPeering(const Topology& topo, uint32_t sender, uint32_t receiver,
                           const model::BgpNeighbor& sn, const model::BgpNeighbor& rn, uint32_t senderAs,
                           uint32_t receiverAs);

// Can a packet from `from` to `address` be forwarded with these RIBs to node `target`?
bool forwardsTo(const Topology& topo, const std::vector<NodeRib>& ribs, uint32_t from,
                Ipv4 address, uint32_t target);

}  // namespace routefix::sim::detail
