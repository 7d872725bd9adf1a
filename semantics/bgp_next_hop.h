// The next hop a BGP router puts on a route it sends, written once for both engines (a
// template over the value domain, as semantics/decision.h): sim's export transform calls it
// with plain integers and bools, symsim's with Z3 terms (symsim/z3_domain.h).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "model/device.h"
#include "model/ip.h"
#include "semantics/decision.h"

namespace routefix::semantics {

// What the session and the sender's neighbor statement say (configuration only).
struct NextHopSession {
  bool ebgp = false;           // eBGP outside a confederation
  bool next_hop_self = false;  // `next-hop-self`
  bool force = false;          // FRR `next-hop-self force`, IOS `next-hop-self all`
  bool unnumbered = false;     // over an interface (RFC 5549): the next hop is link-local
  std::optional<model::Prefix> shared_subnet;  // the sender's connected subnet with the receiver
};

// The next hop a route redistributed into BGP carries in the sender's own table, from the
// next hops of the RIB route it came from (a recursive static's configured ones; `none` for
// an interface-only or discard next hop). FRR copies the first next hop zebra sends for the
// route, which keeps a route's next hops sorted with interface-only and blackhole ones
// before gateways and gateways by address (bgp_zebra.c zebra_read_route takes nexthops[0];
// bgp_route.c bgp_redistribute_add copies its gateway, 0.0.0.0 for the other kinds;
// lib/nexthop.c nexthop_cmp). Sent on to an iBGP peer, it stays (exportedNextHop), so the
// peer forwards straight to the IGP's next hop, and a peer whose own address it is drops the
// route (topotest bgp_aigp). `network` routes start from 0.0.0.0 (bgp_static_update: the
// router itself). Other vendors: 0, the router itself (not confirmed for IOS, whose
// documentation says nothing of it; NX-OS shows 0.0.0.0).
inline uint32_t redistributedNextHop(const model::VendorDefaults& d,
                                     const std::vector<std::optional<model::Ipv4>>& gateways) {
  if (!d.bgp_redistributed_next_hop_is_gateway || gateways.empty()) return 0;
  if (std::find(gateways.begin(), gateways.end(), std::nullopt) != gateways.end()) return 0;
  return std::min_element(gateways.begin(), gateways.end())->value().value;
}

// What the route brings. `hop` 0 is a route the sender originated with no next hop of its own
// (network, aggregate, a redistributed connected route) or one learned with a link-local
// next hop: neither means anything to the receiver.
template <class Int, class Bool>
struct NextHopRoute {
  Int hop;
  Bool reflected;           // an iBGP route passed on to another iBGP peer
  Bool import_unchanged;    // the sender's import route-map said `unchanged` (NextHopByPolicy)
  Bool import_by_policy;    // ... decided the next hop at all
};

// What the sender's export route-map did: `set ip next-hop ADDRESS` (set_address, address),
// `peer-address`, `unchanged`.
template <class Int, class Bool>
struct NextHopExportSet {
  Bool set_address;
  Int address;
  Bool peer_address;
  Bool unchanged;
};

// FRR bgp_route.c subgroup_announce_check and bgp_updgrp_packet.c (next hop rewriting), IOS
// alike. eBGP: the sender's own address, except a learned next hop on the subnet the sender
// shares with the receiver (third-party next hop, RFC 4271 5.1.3; not under next-hop-self)
// and one a route-map kept `unchanged`. iBGP: the next hop stays, except that a local route
// gets the sender's address, next-hop-self rewrites (a reflected route only when forced) and a
// next hop a route-map decided is left alone; over an unnumbered session FRR always writes its
// own. The export route-map's address or peer-address wins over all of it.
template <class Int, class Bool>
Int exportedNextHop(const NextHopSession& s, const NextHopRoute<Int, Bool>& route,
                    const NextHopExportSet<Int, Bool>& set, const Int& self) {
  using D = Domain<Int>;
  const Int& hop = route.hop;
  Int zero = D::constant(hop, 0);
  Int unset = self;
  if (s.ebgp) {
    Bool keep = hop != zero && (set.unchanged || route.import_unchanged);
    if (s.shared_subnet && !s.next_hop_self) {
      Int low = D::constant(hop, s.shared_subnet->address.value);
      Int high = D::constant(hop, s.shared_subnet->lastAddress().value);
      keep = keep || (hop != zero && hop >= low && hop <= high);
    }
    unset = D::ite(keep, hop, self);
  } else {
    Bool byPolicy = set.unchanged || route.import_by_policy;
    Bool toSelf = hop == zero || (!byPolicy && (s.force || (s.next_hop_self && !route.reflected)));
    unset = s.unnumbered ? self : D::ite(toSelf, self, hop);
  }
  return D::ite(set.peer_address, self, D::ite(set.set_address, set.address, unset));
}

}  // namespace routefix::semantics
