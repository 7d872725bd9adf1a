// Routing rules that read only the configuration, shared by the concrete simulator (sim/)
// and the symbolic encoding (symsim/): what a route-map does with a reference to an
// undefined list or a `call`, community exact-match, OSPF interface cost, the BGP router-id,
// the AS a session presents and accepts, and when FRR's ebgp-requires-policy blocks a session.
// Each rule cites the vendor behaviour it follows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/device.h"

namespace routefix::semantics {

// ---- route-maps ---------------------------------------------------------------------------

enum class ListKind { PrefixList, AccessList, CommunityList, AsPathList, NextHopPrefixList };

// Whether a route-map `match` naming a list nobody defined matches. FRR: never
// (bgpd/bgp_routemap.c route_match_* return RMAP_NOMATCH when the lookup fails). IOS and
// NX-OS: a `match ip address prefix-list` (and IOS `match ip address` ACL) naming an undefined
// list matches every route (Cisco CSCty33210; NX-OS lab-tested in Batfish #6983). Other lists
// and vendors: no match.
bool undefinedListMatches(model::Vendor vendor, ListKind kind);

// What a clause's `call OTHER` does once the clause permitted (FRR lib/routemap.c
// route_map_apply_ext): a call to an undefined route-map is skipped and the clause's result
// stands; a called route-map that denies, or matches nothing (its implicit deny), ends the
// caller with deny; one that permits lets the caller go on (exit, or `on-match`/continue).
bool callDenies(bool calledDefined, bool calledPermitted);

// Whether a community-list entry's communities match a route's. Without `exact-match` the
// route must carry every one of them; with it (FRR community_list_exact_match, IOS
// `exact-match`) nothing else either. An entry holding `internet` matches every route.
// `carries(c)` says whether the route carries c; `others` lists the communities the route may
// carry that are not the entry's (only read for exact-match). `yes` is true in the domain.
template <class Bool, class Carries>
Bool communityEntryMatches(const std::vector<model::Community>& entry, bool exact,
                           const std::vector<model::Community>& others, Carries carries, Bool yes) {
  for (auto c : entry)
    if (c == model::kInternet) return yes;
  Bool all = yes;
  for (auto c : entry) all = all && carries(c);
  if (!exact) return all;
  for (auto c : others) {
    bool listed = false;
    for (auto e : entry) listed = listed || e == c;
    if (!listed) all = all && !carries(c);
  }
  return all;
}

// Who a BGP route-map runs for, as FRR's `match peer` sees it (bgpd/bgp_routemap.c
// route_match_peer on bgp_path_info->peer): an inbound map the peer the route came from, an
// outbound map the peer it goes to (see exportPolicyPeer), a network, redistribute, aggregate
// or default-originate map the router itself (peer_self with its rmap_type). Other maps
// (OSPF, EIGRP, VRF leaks) run for nobody.
struct PolicyPeer {
  bool origination = false;             // a map taking a route into BGP on this router
  std::optional<model::Ipv4> address;   // the session's peer address (none: unnumbered)
  std::string_view interface;           // the session's unnumbered interface, if any
  std::string_view peer_group;          // the peer's peer-group, if any

  static PolicyPeer self() {  // an origination map's
    PolicyPeer p;
    p.origination = true;
    return p;
  }
};

// Whether a route-map match on the peer holds: Neighbor (FRR `match peer A.B.C.D`, Junos
// `from neighbor`) on the session's address; LocalOrigin (`match peer local`) for origination
// maps only; PeerName (`match peer WORD`) as FRR 8.4 has it: only a peer that is both
// unnumbered and in a peer-group can match, by its interface or its group's name (the
// `!peer->conf_if || !peer->group` test). Other kinds: false.
bool peerMatches(const model::PolicyMatch& match, const PolicyPeer& peer);

// The peer of a session as this router's policies for it see it: its address (none:
// unnumbered), the interface and peer-group of the router's statement for it.
PolicyPeer sessionPolicyPeer(const model::BgpNeighbor* statement, std::optional<model::Ipv4> address);

// Who an export policy towards `receiver` runs for: the receiver, or nobody where the
// sender's VendorDefaults::bgp_export_policy_sees_peer does not hold (FRR 8.4: its update
// group's configuration peer, which no `match peer` matches).
PolicyPeer exportPolicyPeer(const model::VendorDefaults& sender, const PolicyPeer& receiver);

// ---- OSPF -----------------------------------------------------------------------------------

// The cost an interface advertises (FRR ospfd ospf_if_get_output_cost, IOS `ip ospf cost`):
// a configured cost wins; otherwise a loopback costs the vendor's loopback cost (FRR 0) and
// others reference bandwidth / bandwidth rounded, clamped to [1, 65535]. An interface
// without a configured bandwidth has the vendor's default (FRR: 10 Mbit/s when the kernel
// reports none, so an FRR eth0 costs 10); none known: cost 1.
uint32_t ospfInterfaceCost(const model::Device& device, const model::Interface& itf);
// OSPFv3's: the same rule over `ipv6 ospf6 cost` and the OSPFv3 process's reference bandwidth
// (FRR ospf6d ospf6_interface_get_cost computes it as ospfd does), except that FRR's ospf6d
// gives a loopback no cost of its own (VendorDefaults::ospf6_loopback_by_bandwidth).
uint32_t ospf6InterfaceCost(const model::Device& device, const model::Interface& itf);

// The area an up interface runs OSPF in: its own `ip ospf area` (Junos: the interface under
// an area), else the first `network` statement matching the address it sends from, which for
// an unnumbered interface is the lender's (IOS: "network" enables an unnumbered interface
// whose borrowed address it covers). None: the interface is not in OSPF.
std::optional<uint32_t> ospfArea(const model::Device& device, const model::Interface& itf);
// OSPFv3's area of an up interface: only what the interface says (FRR `ipv6 ospf6 area`, or
// `interface X area A` under router ospf6; IOS `ipv6 ospf N area A`), with an OSPFv3 process.
std::optional<uint32_t> ospf6Area(const model::Device& device, const model::Interface& itf);

// Whether the interface is passive: set on the interface (Junos), else listed under
// `passive-interface X`, else not listed under `no passive-interface X` while
// `passive-interface default` holds.
bool ospfPassive(const model::Device& device, const model::Interface& itf);
bool ospf6Passive(const model::Device& device, const model::Interface& itf);  // the same, OSPFv3's

// Whether two OSPF interfaces on one link can become neighbours: hellos must come from the
// receiving interface's subnet, except on point-to-point links, where FRR and IOS skip the
// mask check, so unnumbered and /32 links form adjacencies.
bool ospfHellosAccepted(const model::Interface& a, const model::Interface& b);

// ---- BGP next hops -------------------------------------------------------------------------

// What a route-map did to a BGP route's next hop. An export route-map's `unchanged` keeps the
// learned next hop: next-hop-self and eBGP's next hop to self pass it by, also off the shared
// subnet (FRR bgp_route.c subgroup_announce_check, bgp_updgrp_packet.c RMAP_NH_UNCHANGED; IOS
// `set ip next-hop unchanged`). Where VendorDefaults::bgp_import_next_hop_sticks holds, the
// import route-map's decision does the same at the router's exports (never across a session).
// The rule: semantics/bgp_next_hop.h; sim == symsim compares the next hops.
enum class NextHopByPolicy : uint8_t { None = 0, Changed = 1, Unchanged = 2 };

// The OSPF router-id: `router-id` under the OSPF process, else the system router-id (FRR
// zebra's `ip router-id`), else the highest loopback address, else the highest interface address
// (IOS; FRR's ospfd takes zebra's router-id, chosen the same way). Never the BGP router-id.
model::Ipv4 ospfRouterId(const model::Device& device);
model::Ipv4 ospf6RouterId(const model::Device& device);  // the same rule, OSPFv3's process

// Whether `redistribute connected` into OSPF takes the connected prefix: not, where the
// device's VendorDefaults::ospf_connected_redistribution_skips_covered holds (FRR 8.4), when an
// OSPF interface's subnet covers it (10.0.0.128/30 under an OSPF 10.0.0.0/24). Engine: sim
// computeOspf(); symsim's OSPF has no externals.
bool ospfRedistributesConnected(const model::Device& device, const model::Prefix& prefix);

// Several network-LSAs for one IP network (the same subnet on separate broadcast segments, each
// with its DR): the intra-area route is the cheapest one's alone, never their union, and among
// equally cheap ones the LSA with the highest Link State ID (the DR's interface address) wins
// (RFC 2328 16.1 (2d); FRR 8.4 ospf_route.c ospf_intra_add_transit). Stub links of the same
// prefix are merged in afterwards at equal cost (16.1 second stage). Engine: sim computeOspf();
// symsim's OSPF models adjacencies, not network-LSAs.
bool transitNetworkReplaces(uint64_t cost, model::Ipv4 lsid, uint64_t currentCost, model::Ipv4 currentLsid);

// ---- BGP sessions -------------------------------------------------------------------------

// Whether the sets of an outbound route-map reach the iBGP routes a router reflects to iBGP
// peers (VendorDefaults::bgp_reflection_drops_outbound_sets; FRR `bgp route-reflector
// allow-outbound-policy`). The route-map filters them either way. Engines: sim export(),
// symsim BgpEncoding::exported().
bool outboundSetsReachReflectedRoutes(const model::VendorDefaults& defaults, const model::BgpProcess& bgp);

// The BGP router-id: `bgp router-id` (Junos: routing-options router-id), else the system
// router-id (FRR zebra's `ip router-id`), else the highest loopback address, else the highest
// interface address (IOS; FRR takes zebra's router-id, chosen the same way). Neither vendor
// borrows the OSPF router-id for BGP.
model::Ipv4 bgpRouterId(const model::Device& device);

// The AS a router presents on a session: the neighbor's `local-as`; else, to a peer outside
// its confederation (RFC 5065), the confederation identifier; else its own (member) AS.
uint32_t presentedAs(const model::BgpProcess& bgp, const model::BgpNeighbor& neighbor);

// Whether `asn` is the router's own (member) AS or one of its `bgp confederation peers`.
bool inConfederation(const model::BgpProcess& bgp, uint32_t asn);

// Whether a session between two routers presenting `aAs` and `bAs` on it is confed-eBGP
// (RFC 5065): the ASes differ, both routers are in a confederation and each one's AS is a
// member AS of the other's. Its routes keep local-pref, MED and next hop as over iBGP, and the
// sender's member AS goes into a confed segment that the path length does not count.
// Engines: sim directedPeering, symsim discoverSessions.
bool confederationSession(const model::BgpProcess& a, uint32_t aAs, const model::BgpProcess& b, uint32_t bAs);

// Whether a neighbor statement (on a router presenting `ownAs`) accepts a peer presenting
// `peerAs`: `remote-as N`, or FRR `remote-as external|internal`.
bool remoteAsAccepts(const model::BgpNeighbor& neighbor, uint32_t ownAs, uint32_t peerAs);

// Whether a neighbor statement has a remote-as at all: `remote-as N`, or FRR
// `remote-as external|internal`. Without one the session cannot form.
bool declaresRemoteAs(const model::BgpNeighbor& neighbor);

// Whether a neighbor statement declares an eBGP peer, read off the statement alone (a peer
// outside the snapshot, a statement whose session did not form, the statement a router
// would copy for a new session): FRR `remote-as external` yes, `remote-as internal` no,
// `remote-as N` when N is not the AS the router presents on it. No remote-as: eBGP (FRR
// and IOS refuse such a statement; it only matters for reporting).
bool declaresEbgp(const model::BgpProcess& bgp, const model::BgpNeighbor& neighbor);

// The statement a new session of this kind would be configured like: the router's first
// addressed neighbor with a remote-as that declares the same kind (declaresEbgp). Repair
// copies its lines for a missing neighbor; symsim gives such a session its policies.
const model::BgpNeighbor* sessionTemplate(const model::BgpProcess& bgp, bool ebgp);

// Why two neighbor statements that agree on addresses and ASes still make no session, or empty
// when they do: both ends `passive` (neither opens the TCP connection; FRR bgp_start skips
// the connect for PEER_FLAG_PASSIVE), or their RFC 9234 roles refuse each other
// (semantics::roleRefusal). `ebgp`: an eBGP session outside any confederation.
std::string sessionRefusal(const model::BgpNeighbor& a, const model::BgpNeighbor& b, bool ebgp);

// `aggregate-address A summary-only`: the router sends none of the more specific routes A
// covers (FRR bgp_aggregate_route suppresses them; IOS the same).
bool suppressedBySummary(const model::BgpProcess& bgp, const model::Prefix& prefix);

// `neighbor X default-originate`: the router sends X its own default route (outside the
// outbound policy) and none of the routes it has for 0.0.0.0/0. Where
// VendorDefaults::bgp_default_originate_withholds_zero_address holds (FRR 8.4) every prefix
// whose address is 0.0.0.0 is withheld from X as well. Engines: sim exportPath(), symsim
// exported().
bool withheldByDefaultOriginate(const model::VendorDefaults& defaults, const model::Prefix& prefix);

// RFC 7999: a route received with BLACKHOLE (65535:666) over an eBGP session (not confed-eBGP)
// gets NO_EXPORT added once the import route-map has run, where the receiver's
// VendorDefaults::bgp_blackhole_adds_no_export holds (FRR 8.4 bgp_route.c bgp_update,
// peer->sort == BGP_PEER_EBGP; after bgp_input_modifier). Engines: sim importPath(); symsim
// tracks both communities only where policies name them (its candidates in bgp_encoding.cpp).
bool receivedBlackholeGetsNoExport(const model::VendorDefaults& receiver, bool ebgpNotConfed);

// FRR >= 7.4 `bgp ebgp-requires-policy`: an eBGP neighbor without any inbound (outbound)
// filter - route-map, prefix-list or filter-list (bgp_inbound_policy_exists) - takes
// (sends) nothing.
enum class Direction { In, Out };
bool ebgpPolicyBlocks(const model::BgpProcess& bgp, const model::BgpNeighbor* neighbor, Direction d);
// The same for a neighbor's IPv6 unicast address family (FRR applies the rule per family).
bool ebgpPolicyBlocks(const model::BgpProcess& bgp, const model::BgpNeighborIpv6* neighbor, Direction d);

}  // namespace routefix::semantics
