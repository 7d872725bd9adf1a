// Which BGP sessions come up: both ends must name each other's address, agree on AS numbers
// (remote-as / local-as / external / internal), be activated and not shut down, and reach
// each other (eBGP single-hop: a shared subnet; iBGP and ebgp-multihop: forwarding over the
// IGP routes, from the update-source address).
#pragma once

#include <vector>

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
  Ipv4 sender_address;    // the sender's end (what the receiver configured as neighbor)
  Ipv4 receiver_address;  // the receiver's end
  uint32_t sender_as = 0;  // AS the sender presents on this session (local-as applied)
  uint32_t receiver_as = 0;
  Ipv4 sender_router_id;
  bool receiver_is_client = false;  // the sender reflects to the receiver as its RR client
  bool sender_is_client = false;    // the receiver treats the sender as its RR client
};

struct BgpSessionSetup {
  std::vector<BgpPeering> peerings;
  std::vector<BgpSessionStatus> statuses;  // one per neighbor statement, sorted
};

BgpSessionSetup establishSessions(const Topology& topo, const std::vector<NodeRib>& igpRibs);

// Can a packet from `from` to `address` be forwarded with these RIBs to node `target`?
bool forwardsTo(const Topology& topo, const std::vector<NodeRib>& ribs, uint32_t from,
                Ipv4 address, uint32_t target);

}  // namespace routefix::sim::detail
