// A vendor-neutral router: interfaces, static routes, OSPF, BGP and its policies.
// Values the config leaves out are filled from VendorDefaults by the parser, so the
// simulator never asks "which vendor is this?" for a default.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/ip.h"
#include "model/ip_address.h"
#include "model/policy.h"
#include "model/source_span.h"

namespace routefix::model {

// Eos (Arista) and Nxos (Cisco NX-OS) are read by the IOS-family parser with their own
// dialect rules; their behaviours differ from IOS in VendorDefaults below.
enum class Vendor { Ios, Frr, Junos, Eos, Nxos };
std::string vendorName(Vendor v);  // "ios", "frr", "junos", "eos", "nxos"

// What two equally good BGP paths must have in common to share a route (`maximum-paths`)
// while `bgp bestpath as-path multipath-relax` (Junos `multipath multiple-as`) is off; with
// it, the equal AS-path length the decision process already demands is enough.
enum class MultipathMatch {
  AsPath,      // IOS, NX-OS, EOS: identical AS paths
  NeighborAs,  // Junos: the same neighbouring AS
  // FRR (bgp_path_info_cmp): iBGP paths identical AS paths, eBGP and confed-eBGP paths the
  // same neighbouring AS.
  AsPathInternalNeighborAsExternal,
};

// How a vendor offers the add-path capability (RFC 7911) on a session (VendorDefaults).
enum class AddPathCapability {
  None,           // add-path is not modelled: no additional paths sent or received
  ReceiveAlways,  // FRR: receive on every session, send where a neighbor has addpath-tx-*
  Configured,     // IOS: `[bgp|neighbor X] additional-paths send|receive` each way
};

// Vendor behaviours that decide routes. Named, so fidelity questions have one place to look.
struct VendorDefaults {
  uint32_t distance_connected = 0;
  uint32_t distance_static = 1;
  uint32_t distance_ebgp = 20;
  uint32_t distance_ospf = 110;
  uint32_t distance_ospf_external = 110;  // E1/E2 routes (Junos: 150)
  uint32_t distance_ibgp = 200;
  uint32_t distance_bgp_local = 200;  // aggregates and other locally originated BGP routes
  uint32_t bgp_local_pref = 100;
  uint32_t bgp_local_weight = 32768;      // weight of routes this router originates
  bool bgp_ebgp_requires_policy = false;  // FRR >= 7.4: true
  bool bgp_network_requires_rib = true;   // IOS `network` needs an exact RIB match
  // What the parser fills in when the config says nothing: FRR sends standard communities
  // and uses ECMP (maximum-paths = its multipath limit, 64) by default; IOS does neither.
  bool bgp_send_community = false;
  uint32_t bgp_maximum_paths = 1;
  bool bgp_multipath_relax = false;   // EOS: `bgp bestpath as-path multipath-relax` is on
  MultipathMatch bgp_multipath_match = MultipathMatch::AsPath;
  // A neighbor is in IPv4 unicast without `activate` (NX-OS: only with its own
  // `address-family ipv4 unicast`).
  bool bgp_default_ipv4_unicast = true;
  // Interfaces the config does not bring up (NX-OS: Ethernet and Vlan interfaces are shut
  // until `no shutdown`; the running config prints `no shutdown` for every one that is up).
  bool ethernet_shutdown_by_default = false;
  uint32_t ospf_default_originate_metric = 1;  // FRR 10, IOS 1
  uint32_t ospf_reference_bandwidth_mbps = 100;
  // The bandwidth OSPF assumes for an interface whose config gives none; 0 = cost 1. FRR falls
  // back to 10 Mbit/s when the kernel reports no link speed (veth, many virtual NICs).
  uint64_t ospf_unknown_bandwidth_kbps = 0;
  uint32_t ospf_external_metric = 20;   // redistributed without `metric`
  uint32_t ospf_external_metric_bgp = 20;  // BGP routes redistributed without `metric` (IOS: 1)
  uint32_t ospf_external_type = 2;
  // An ABR sends a default summary into each NSSA it is attached to (FRR 8.4 ospf_abr.c
  // ospf_abr_announce_stub_defaults treats NSSAs like stub areas); IOS only into a totally
  // stubby NSSA (`no-summary`), else not without `default-information-originate`.
  bool ospf_nssa_abr_sends_default = false;
  // A redistributed route's next hop becomes its type-5 LSA's forwarding address when it lies
  // in the subnet of an OSPF interface (FRR 8.4 ospf_external_lsa_nexthop_get), so routers on
  // that subnet forward straight to it. IOS sets it only on non-passive broadcast interfaces
  // (not modelled there: no forwarding address).
  bool ospf_external_forwarding_address = false;
  PolicyDefault bgp_import_default = PolicyDefault::Deny;  // with a policy applied
  PolicyDefault bgp_export_default = PolicyDefault::Deny;
  // A neighbor, network or redistribution that names a route-map nobody defined: IOS, FRR
  // and NX-OS deny every route; EOS ignores the reference and permits everything.
  bool undefined_route_map_permits = false;
  // Whether the best BGP path is advertised while another protocol's route to the prefix is
  // the active one (a static or IGP route of lower distance). IOS and FRR do (IOS calls it a
  // RIB failure); EOS and Junos advertise only active routes unless `bgp advertise-inactive`
  // / `advertise-inactive`.
  bool bgp_advertise_inactive = true;
  // FRR: a route reflector's outbound route-map filters the iBGP routes it reflects, but its
  // sets are made on a copy and dropped, unless `bgp route-reflector allow-outbound-policy`
  // (bgp_route.c subgroup_announce_check). Others apply them.
  bool bgp_reflection_drops_outbound_sets = false;
  // Whether `redistribute bgp` into an IGP takes iBGP routes too. IOS and NX-OS take only
  // eBGP routes unless `bgp redistribute-internal`; FRR and Junos take every active BGP route.
  bool bgp_redistribute_internal = true;
  // EOS activates an aggregate-address on any more specific route of its main RIB (static,
  // connected, IGP), not only on BGP routes.
  bool bgp_aggregate_from_main_rib = false;
  // FRR builds an aggregate's origin and AS_SET from every valid path of each more specific
  // prefix in its BGP table, not only the best one, and skips its own aggregates
  // (bgp_route.c bgp_aggregate_route). Others: the best paths.
  bool bgp_aggregate_from_all_paths = false;
  // A next hop the import route-map set or kept `unchanged` stays when the route is exported:
  // next-hop-self and eBGP's next hop to self pass it by (FRR 8.4, the version we pin:
  // attr->rmap_change_flags; FRR 10.4 stopped doing it for `unchanged`, PR #21445). Others:
  // the session's rule applies.
  bool bgp_import_next_hop_sticks = false;
  // A route redistributed into BGP carries the IGP next hop of the RIB route it came from,
  // and iBGP peers receive it unchanged (FRR bgp_redistribute_add); others originate it with
  // themselves as the next hop. semantics::redistributedNextHop.
  bool bgp_redistributed_next_hop_is_gateway = false;
  // A route imported from VPNv4 into a VRF is valid only when its next hop resolves over a
  // labeled route (LDP, segment routing): FRR 8.4 (bgp_nht.c: unicast paths imported from
  // the VPN table with labels check bgp_isvalid_labeled_nexthop); EOS and Junos resolve VPN
  // next hops in their tunnel tables (tunnel RIB / inet.3). IOS installs the route either way.
  // semantics::vpnNextHopUsable.
  bool bgp_vpn_import_needs_labels = false;
  // A path leaked from another VRF (FRR `import vrf`) or imported from VPNv4 is the importing
  // instance's own: it counts as eBGP-learned (distance 20, `B`, preferred over iBGP paths)
  // whatever it was before, goes to iBGP peers too, and goes out with this router as next hop
  // (FRR 8.4 bgp_mplsvpn.c leak_update: the importing instance's peer_self and
  // BGP_PATH_ANNC_NH_SELF; lab vrf-import-leak; L3VPN topotests: `B> .. [20/0] via PE`).
  bool bgp_leaked_path_is_own = false;
  // `neighbor X default-originate` also withholds from X every other route whose address is
  // 0.0.0.0 (0.0.0.0/1, 0.0.0.0/8, ...), not only the learned default: FRR 8.4, the version we
  // pin (bgp_route.c subgroup_announce_check tests the address; FRR 9.1, commit 4d74ba929d,
  // tests the length). semantics::withheldByDefaultOriginate.
  bool bgp_default_originate_withholds_zero_address = false;
  // A route received over eBGP with the BLACKHOLE community (RFC 7999) gets NO_EXPORT added
  // after the import route-map, so it stays in the AS (FRR bgp_update). semantics::
  // receivedBlackholeGetsNoExport.
  bool bgp_blackhole_adds_no_export = false;
  // RFC 7911 add-path (semantics::addPathSent). FRR offers to receive additional paths on
  // every session (8.4 bgp_open.c bgp_open_capability; `disable-addpath-rx` is not read) and offers
  // to send them wherever a neighbor has `addpath-tx-*`. IOS negotiates each direction by
  // `[bgp|neighbor X] additional-paths send|receive`, sends only paths that `bgp
  // additional-paths select` made eligible, and `select all` takes the paths with unique next
  // hops (Cisco "BGP Additional Paths"). Others: not modelled, no additional paths.
  AddPathCapability bgp_add_path = AddPathCapability::None;
  // `redistribute connected` into OSPF skips every connected prefix inside the subnet of an
  // OSPF interface, not only that subnet: FRR 8.4 (ospf_zebra.c ospf_distribute_check_connected
  // uses prefix_match; FRR 10.x, commit 57b1005336, prefix_same). semantics::
  // ospfRedistributesConnected.
  bool ospf_connected_redistribution_skips_covered = false;
  // A BGP next hop may resolve over the default route (FRR: not without `ip nht
  // resolve-via-default`).
  bool bgp_next_hop_via_default = true;
  // `remove-private-as` strips only the private ASes at the left of the path, up to the first
  // public AS or the peer's (Junos `remove-private`); the others look at the whole path.
  bool bgp_remove_private_leading_only = false;
  // An export (outbound) policy sees the peer the route goes to (Junos `from neighbor`). FRR
  // 8.4 runs an outbound route-map once per update group, on the group's configuration peer,
  // which has neither the peers' address nor interface (bgp_updgrp.c conf_copy): no `match
  // peer` form matches there (lab scenario bgp-peer-roles). semantics::exportPolicyPeer.
  bool bgp_export_policy_sees_peer = true;
  // The /32 `local` route of each interface address (IOS, EOS, NX-OS); FRR has none.
  bool local_routes = true;
  uint32_t ospf_loopback_cost = 1;  // FRR: 0
  // OSPFv3 prices a loopback like any interface (bandwidth rule) instead of ospf_loopback_cost:
  // FRR ospf6d (ospf6_interface_get_cost has no loopback case: its lo costs 10 where ospfd's
  // costs 0; seen in the lab, scenarios/ospf6-ibgp6-route-reflection).
  bool ospf6_loopback_by_bandwidth = false;
  // An OSPF route to the gateway's own address (the neighbour's loopback across an unnumbered
  // link): EOS installs it via the interface alone; IOS keeps the gateway address.
  bool ospf_route_to_gateway_via_interface = false;
  // Whether the device routes IPv6 without saying so: FRR and Junos do; IOS and EOS only
  // with `ipv6 unicast-routing` (without it they are IPv6 hosts: no IPv6 routing table).
  bool ipv6_unicast_routing = false;

  static VendorDefaults forVendor(Vendor v);
};

struct InterfaceAddress {
  Ipv4 address;
  uint8_t length = 0;
  SourceSpan span;

  Prefix subnet() const { return Prefix(address, length); }
};

// An IPv6 address of an interface (`ipv6 address 2001:db8::1/64`, IOS `ipv6 address
// fe80::1 link-local`, IOS `ipv6 address 2001:db8::/64 eui-64`).
struct Ipv6InterfaceAddress {
  IpAddress address;  // for eui-64: the subnet's first address (the MAC decides the rest)
  uint8_t length = 64;
  bool link_local = false;  // fe80::/10: scoped to the link, never a route
  bool eui64 = false;       // the host part is the interface's EUI-64: only the subnet is known
  SourceSpan span;

  IpPrefix subnet() const { return IpPrefix(address, length); }
};

struct Interface {
  std::string name;  // as written ("GigabitEthernet0/1", "eth0", "ge-0/0/0.0")
  std::optional<InterfaceAddress> address;
  std::vector<InterfaceAddress> secondary;
  std::vector<Ipv6InterfaceAddress> ipv6_addresses;  // in config order
  // Non-empty: the interface is unnumbered and borrows this interface's address (IOS
  // `ip unnumbered Loopback0`); it has no subnet of its own (see Device::sourceAddress).
  std::string unnumbered;
  bool shutdown = false;
  // Non-empty: the interface is in this named VRF (IOS `[ip] vrf forwarding X`, EOS `vrf X`,
  // NX-OS `vrf member X`, FRR `interface I vrf X`, Junos `routing-instances X interface I`):
  // it routes in that VRF (Device::vrfs) and stays out of the default VRF.
  std::string vrf;
  std::string description;
  uint64_t bandwidth_kbps = 0;  // 0 = unknown; OSPF cost falls back to the vendor default
  std::optional<uint64_t> delay_tens_usec;  // IOS `delay N`; else the interface type's default
  // IOS `tunnel source X`: an interface, by name or by one of its addresses. The tunnel's line
  // protocol stays down while that interface is shut, unaddressed or missing; the parser,
  // which sees the whole device, records it in tunnel_source_down.
  std::string tunnel_source;
  bool tunnel_source_down = false;

  // OSPF settings made on the interface itself.
  std::optional<uint32_t> ospf_cost;
  std::optional<uint32_t> ospf_area;  // `ip ospf N area A`, FRR `ip ospf area A`, Junos
  bool ospf_point_to_point = false;
  std::optional<bool> ospf_passive;  // set on the interface (Junos); IOS uses the process
  SourceSpan ospf_cost_span;
  // OSPFv3 settings made on the interface (FRR `ipv6 ospf6 ...`, IOS `ipv6 ospf ...`).
  struct Ospf6Settings {
    std::optional<uint32_t> area;  // FRR `ipv6 ospf6 area A` / `interface X area A`, IOS `ipv6 ospf N area A`
    std::optional<uint32_t> cost;
    bool point_to_point = false;
    std::optional<bool> passive;
    SourceSpan area_span, cost_span;
  } ospf6;

  std::string acl_in;  // `ip access-group X in`
  std::string acl_out;
  SourceSpan span;  // the whole interface block

  bool isLoopback() const;
  // Up and in the default VRF: the interfaces the default-VRF control plane uses.
  bool routes() const { return !shutdown && !tunnel_source_down && vrf.empty(); }
};

struct StaticRoute {
  Prefix prefix;
  std::optional<Ipv4> next_hop;
  std::string interface;  // exit interface, if given
  bool null_route = false;  // Null0 / discard / blackhole / reject
  uint32_t distance = 1;
  uint32_t tag = 0;
  SourceSpan span;
};

// `ipv6 route P NH|IFACE [distance]`: StaticRoute's IPv6 twin (the IPv4 one keeps the
// uint32 Prefix the IPv4 stages key on).
struct Ipv6StaticRoute {
  IpPrefix prefix;
  std::optional<IpAddress> next_hop;
  std::string interface;    // exit interface, if given (needed with a link-local next hop)
  bool null_route = false;  // Null0 / blackhole / reject
  uint32_t distance = 1;
  uint32_t tag = 0;
  SourceSpan span;
};

// The EIGRP vector metric parts routing uses (K1 = K3 = 1, the default: bandwidth and delay;
// reliability, load and MTU do not enter the metric).
struct EigrpMetric {
  uint64_t bandwidth_kbps = 0;
  uint64_t delay_tens_usec = 0;  // IOS `delay` and `redistribute ... metric` unit: 10 us
  auto operator<=>(const EigrpMetric&) const = default;
};

// `redistribute X [N] [metric M] [metric-type T] [route-map R]` in OSPF, BGP or EIGRP.
struct Redistribution {
  RouteSource source = RouteSource::Connected;
  std::optional<uint32_t> metric;
  std::optional<uint32_t> metric_type;  // OSPF: 1 or 2
  std::string route_map;
  SourceSpan span;
  uint32_t process = 0;  // `redistribute eigrp N`: the EIGRP AS number (0: not given)
  std::optional<EigrpMetric> eigrp_metric;  // into EIGRP: `metric BW DELAY REL LOAD MTU`
};

// A route the router puts into its own RIB while at least one more specific route is active
// (Junos `routing-options aggregate route`). It forwards to discard; protocols pick it up
// as RouteSource::Aggregate through their export policies.
struct AggregateRoute {
  Prefix prefix;
  uint32_t distance = 130;  // Junos aggregate preference
  std::vector<Community> communities;
  SourceSpan span;
};

struct OspfNetwork {
  WildcardMatch match;  // `network 10.0.0.0 0.0.0.255 area 0` (FRR: a prefix, as a wildcard)
  uint32_t area = 0;
  SourceSpan span;
};

struct OspfAreaRange {
  uint32_t area = 0;
  Prefix prefix;
  bool advertise = true;
  std::optional<uint32_t> cost;
  SourceSpan span;
};

// What an area lets in from outside it (RFC 2328 3.6, RFC 3101): a stub area takes no AS
// external LSAs (its ABRs send a default summary instead); an NSSA takes none either, but its
// own ASBRs originate type-7 LSAs that its ABR translates into type-5 for the rest of the AS.
enum class OspfAreaType { Normal, Stub, Nssa };

// `area X stub [no-summary]`, `area X nssa [no-summary]`, `area X default-cost N`.
struct OspfAreaSettings {
  uint32_t area = 0;
  OspfAreaType type = OspfAreaType::Normal;
  bool no_summary = false;  // totally stubby: the ABR's default is the only summary sent in
  uint32_t default_cost = 1;  // cost of the ABR's default summary (RFC 2328 StubDefaultCost)
  SourceSpan span;
};

struct OspfDefaultOriginate {
  bool always = false;
  std::optional<uint32_t> metric;
  uint32_t metric_type = 2;
  std::string route_map;
  SourceSpan span;
};

struct OspfProcess {
  uint32_t process_id = 0;
  std::optional<Ipv4> router_id;
  std::vector<OspfNetwork> networks;
  bool passive_default = false;
  std::vector<std::string> passive_interfaces;      // `passive-interface X`
  std::vector<std::string> non_passive_interfaces;  // `no passive-interface X`
  std::vector<Redistribution> redistributions;
  // Junos `protocols ospf export P1 P2`: a policy chain over the router's active non-OSPF
  // routes; a route the chain accepts becomes an external (metric / metric type from the
  // policy's sets, else VendorDefaults); a route no term decides is rejected. The parser
  // also adds one Redistribution (without route_map) per source protocol the chain can
  // accept, so a route is exported iff its redistribution exists and the chain accepts it.
  std::vector<std::string> export_policies;
  std::optional<OspfDefaultOriginate> default_originate;
  uint32_t reference_bandwidth_mbps = 100;  // from VendorDefaults unless configured
  std::vector<OspfAreaRange> area_ranges;
  std::vector<OspfAreaSettings> areas;  // only areas the config says something about
  uint32_t maximum_paths = 0;  // 0 = vendor default (unbounded ECMP in practice)
  std::optional<uint32_t> distance;
  SourceSpan span;
};

// IOS `distribute-list route-map RM|prefix PL in|out [INTERFACE]` under an EIGRP process:
// filters the routes in its updates. `out` filters what the router advertises (its own
// routes included, not its own table), `in` what it accepts from neighbours; without an
// interface it applies on every interface, and a route must pass every list that applies.
struct EigrpDistributeList {
  bool inbound = true;
  bool prefix_list = false;  // `prefix PL`; else `route-map RM`
  std::string name;
  std::string interface;  // "" = every interface
  SourceSpan span;
};

// An EIGRP process: IOS `router eigrp N`, or a named `router eigrp NAME` with `address-family
// ipv4 unicast autonomous-system N` (wide metrics). Routers of the same AS number become
// neighbours over the non-passive interfaces its network statements cover.
struct EigrpProcess {
  uint32_t asn = 0;
  bool wide_metrics = false;  // named mode: 64-bit metric, the RIB shows it divided by 128
  std::vector<WildcardMatch> networks;
  bool passive_default = false;
  std::vector<std::string> passive_interfaces;      // `passive-interface X` / af-interface
  std::vector<std::string> non_passive_interfaces;  // `no passive-interface X`
  std::vector<Redistribution> redistributions;
  std::optional<EigrpMetric> default_metric;  // `default-metric BW DELAY REL LOAD MTU`
  std::vector<EigrpDistributeList> distribute_lists;
  uint32_t maximum_paths = 4;
  uint32_t distance_internal = 90;
  uint32_t distance_external = 170;
  SourceSpan span;
};

// A neighbor's IPv6 unicast address family (issue 16): FRR `address-family ipv6 unicast`,
// IOS `address-family ipv6`. Whether the session carries IPv6 routes (MP-BGP, RFC 4760: over
// an IPv6 session or an IPv4 one) and the settings written inside that address family, which
// apply to IPv6 routes only (the IPv4 ones are BgpNeighbor's own).
struct BgpNeighborIpv6 {
  // IOS, FRR and EOS activate no neighbor here by default (`bgp default ipv6-unicast` is off
  // unless written), whatever the family of its address.
  bool activate = false;
  std::vector<std::string> import_policies;  // `route-map X in`
  std::vector<std::string> export_policies;  // `route-map X out`
  std::string prefix_list_in;                // an `ipv6 prefix-list`
  std::string prefix_list_out;
  std::string filter_list_in;                // AS-path access-list
  std::string filter_list_out;
  bool next_hop_self = false;
  bool next_hop_self_force = false;
  bool route_reflector_client = false;
  // Line of each statement, keyed as BgpNeighbor::statement_spans.
  std::map<std::string, SourceSpan> statement_spans;
};

// RFC 9234 BGP role of this router on a session (FRR `neighbor X local-role R`): which pairs
// may peer and where routes may leak (semantics/bgp_roles.h).
enum class BgpRole { None, Provider, Customer, Peer, RsServer, RsClient };

// FRR `neighbor X advertise-map A exist-map|non-exist-map C` (conditional advertisement):
// the routes A permits go to the peer only while C permits some path of the router's BGP
// table (exist-map), or only while it permits none (non-exist-map); semantics in
// semantics/conditional_advertisement.h.
struct BgpConditionalAdvertisement {
  std::string advertise_map;
  std::string condition_map;
  bool exist = true;  // exist-map; false: non-exist-map
};

// RFC 7911 add-path on one neighbor statement (IPv4 unicast).
struct BgpNeighborAddPath {
  bool tx_all = false;          // FRR `addpath-tx-all-paths`, IOS `advertise additional-paths all`
  bool tx_best_per_as = false;  // FRR `addpath-tx-bestpath-per-AS`, IOS `... group-best`
  uint32_t tx_best = 0;         // IOS `advertise additional-paths best N`; 0: not written
  // IOS `neighbor X additional-paths send|receive|disable`: the capability on this session in
  // place of the address family's `bgp additional-paths send|receive` (unset: that one's).
  std::optional<bool> send, receive;
  bool transmits() const { return tx_all || tx_best_per_as || tx_best > 1; }
  bool operator==(const BgpNeighborAddPath&) const = default;
};

struct BgpNeighbor {
  std::string id;  // as written: the peer address (or the interface, for FRR unnumbered)
  std::optional<Ipv4> address;
  std::optional<IpAddress> ipv6_address;  // the peer address when it is an IPv6 one
  // Unnumbered (FRR `neighbor swp1 interface`, EOS `neighbor interface Ethernet1`): the
  // session runs over this interface's IPv6 link-local address with whoever sits across
  // the link, and learned routes forward out of the interface (RFC 5549). No `address`.
  std::string interface;
  std::optional<uint32_t> remote_as;  // nullopt = `remote-as` missing (session cannot form)
  bool remote_as_external = false;    // FRR `remote-as external`
  bool remote_as_internal = false;    // FRR `remote-as internal`
  std::string peer_group;             // settings below already include the group's
  std::string description;
  std::string update_source;  // interface name or address
  bool next_hop_self = false;
  bool next_hop_self_force = false;  // FRR `force` / IOS `all`: also on reflected iBGP routes
  bool route_reflector_client = false;
  bool send_community = false;
  bool send_community_extended = false;
  bool send_community_large = false;
  std::optional<uint32_t> ebgp_multihop;  // TTL
  bool shutdown = false;
  bool activate = true;  // in the IPv4 unicast address family
  // Activated in the VPNv4 unicast address family (IOS `address-family vpnv4`, EOS
  // `address-family vpn-ipv4`, FRR `address-family ipv4 vpn`): the session carries VRF routes
  // between PEs by route target (semantics/vrf_leaking.h). Its line: statement "vpnv4 activate".
  bool vpnv4 = false;
  BgpNeighborIpv6 ipv6;  // the IPv6 unicast address family
  bool default_originate = false;
  std::string default_originate_route_map;
  std::optional<uint32_t> allowas_in;  // count of own ASN allowed
  std::optional<uint32_t> weight;
  // `local-as N`: the session presents AS N instead of the router's. Sent paths carry N and
  // then the router's AS (semantics::ebgpExportPrepend); received paths get N prepended.
  std::optional<uint32_t> local_as;
  bool local_as_no_prepend = false;  // `no-prepend`: received paths are left as they came
  bool local_as_replace_as = false;  // `replace-as`: sent paths carry N alone
  // `remove-private-as [all] [replace-as]` (FRR `remove-private-AS`, Junos `remove-private`):
  // private ASes leave the paths sent to this eBGP peer (semantics::withoutPrivateAs).
  bool remove_private_as = false;
  bool remove_private_as_all = false;      // also from paths that hold public ASes
  bool remove_private_as_replace = false;  // replaced by the router's AS instead of dropped
  // Sent to an eBGP peer, the peer's AS in the path is replaced by this router's (FRR, IOS
  // `as-override`).
  bool as_override = false;
  // FRR `neighbor X passive`: this end waits for the peer to connect and never connects
  // itself; two passive ends never meet (semantics::sessionRefusal).
  bool passive = false;
  // FRR `neighbor X local-role R [strict-mode]` (RFC 9234): the role this router announces in
  // its OPEN. strict-mode refuses a peer that announces none.
  BgpRole local_role = BgpRole::None;
  bool role_strict = false;
  // RFC 7911 add-path in IPv4 unicast: which paths the peer gets besides the best, and the
  // capability this end offers (semantics::addPathSent decides what a session carries).
  BgpNeighborAddPath add_path;
  // IPv4 unicast conditional advertisement (statement "advertise-map").
  std::optional<BgpConditionalAdvertisement> conditional_advertisement;
  // Policy chains (IOS has at most one route-map; Junos may chain several).
  std::vector<std::string> import_policies;
  std::vector<std::string> export_policies;
  std::string prefix_list_in;
  std::string prefix_list_out;
  std::string filter_list_in;  // AS-path access-list
  std::string filter_list_out;
  // Not written: a peer `bgp listen range` accepts (semantics/dynamic_neighbors.h); its
  // settings are the range's peer group's, `span` is the listen range line.
  bool dynamic = false;
  SourceSpan span;  // first to last line that configures this neighbor
  // Line of each statement, keyed by its keyword ("remote-as", "route-map in",
  // "next-hop-self", ...), so repair can rewrite exactly that line.
  std::map<std::string, SourceSpan> statement_spans;
};

struct BgpNetwork {
  Prefix prefix;
  std::string route_map;
  SourceSpan span;
};

// `network P` in the IPv6 unicast address family.
struct BgpIpv6Network {
  IpPrefix prefix;
  std::string route_map;
  SourceSpan span;
};

struct BgpAggregate {
  Prefix prefix;
  bool summary_only = false;
  bool as_set = false;
  std::string route_map;
  SourceSpan span;
};

// A route target as written (`65000:1`, Junos `target:65000:1`): routes leak between VRFs
// by it (semantics/vrf_leaking.h).
struct RouteTarget {
  std::string value;
  SourceSpan span;
};

// A name a statement refers to (a VRF, a route-map), with the statement's line.
struct NameReference {
  std::string name;
  SourceSpan span;
};

// `bgp listen range PREFIX peer-group G [remote-as N]` (FRR, EOS): connections from any
// address in the range are accepted as neighbors configured like G.
struct BgpListenRange {
  Prefix range;
  BgpNeighbor group;  // the peer group's settings as a member would inherit them
  SourceSpan span;
};

// IOS `bgp additional-paths select|send|receive` in an address family (IPv4 unicast): the
// capability every neighbor offers unless its own statement says otherwise, and the paths
// eligible to be advertised as additional ones (a neighbor's `advertise additional-paths`
// sends those of its choices that are selected here).
struct BgpAddPathProcess {
  bool send = false, receive = false;
  bool select_all = false, select_group_best = false;
  uint32_t select_best = 0;  // `select best N`; 0: not written
};

struct BgpProcess {
  uint32_t asn = 0;
  std::optional<Ipv4> router_id;
  std::vector<BgpNeighbor> neighbors;
  std::vector<BgpListenRange> listen_ranges;
  uint32_t listen_limit = 100;  // `bgp listen limit`: dynamic neighbors at most (FRR default)
  std::vector<BgpNetwork> networks;
  std::vector<Redistribution> redistributions;
  std::vector<BgpAggregate> aggregates;
  uint32_t maximum_paths_ebgp = 1;
  uint32_t maximum_paths_ibgp = 1;
  bool compare_router_id = false;  // bgp bestpath compare-routerid
  bool always_compare_med = false;
  bool deterministic_med = false;
  bool med_missing_as_worst = false;
  bool as_path_ignore = false;
  bool as_path_multipath_relax = false;
  std::optional<Ipv4> cluster_id;
  // RFC 5065 confederation: `asn` is this router's member AS; outside the confederation it is
  // `confederation_id`; sessions to a member AS in `confederation_peers` are confed-eBGP.
  std::optional<uint32_t> confederation_id;
  std::vector<uint32_t> confederation_peers;
  bool ebgp_requires_policy = false;  // from VendorDefaults unless configured
  bool advertise_inactive = true;     // from VendorDefaults unless configured
  bool redistribute_internal = true;  // from VendorDefaults unless configured
  bool default_ipv4_unicast = true;   // FRR/IOS `no bgp default ipv4-unicast` -> false
  bool default_ipv6_unicast = false;  // `bgp default ipv6-unicast` -> true
  bool rr_allow_outbound_policy = false;  // FRR `bgp route-reflector allow-outbound-policy`
  BgpAddPathProcess add_path;             // IOS `bgp additional-paths ...`
  // The IPv6 unicast address family's originations (connected and static only).
  std::vector<BgpIpv6Network> ipv6_networks;
  std::vector<Redistribution> ipv6_redistributions;
  std::optional<uint32_t> distance_ebgp;
  std::optional<uint32_t> distance_ibgp;
  std::optional<uint32_t> distance_local;
  PolicyDefault import_default = PolicyDefault::Deny;
  PolicyDefault export_default = PolicyDefault::Deny;
  // FRR `import vrf NAME` / `import vrf route-map RM` (address-family ipv4 unicast): this
  // instance's VRF takes the BGP routes of those VRFs ("default": the default VRF's),
  // through the route-map.
  std::vector<NameReference> vrf_imports;
  std::optional<NameReference> vrf_import_map;
  SourceSpan span;

  const BgpNeighbor* findNeighbor(Ipv4 address) const;
  const BgpNeighbor* findUnnumberedNeighbor(std::string_view interface) const;
};


// A named VRF (IOS `vrf definition X` / `ip vrf X`, NX-OS `vrf context X`, EOS `vrf instance
// X`, FRR `vrf X`, Junos `routing-instances X`): a routing table of its own over the
// interfaces whose Interface::vrf names it, with its own static routes and protocol
// instances. The default VRF is the Device itself.
struct Vrf {
  std::string name;
  std::string route_distinguisher;
  SourceSpan route_distinguisher_span;
  std::vector<RouteTarget> import_targets;
  std::vector<RouteTarget> export_targets;
  std::optional<NameReference> import_map;  // IOS `import map RM`: filters what comes in
  std::optional<NameReference> export_map;  // IOS `export map RM`: sets route targets per route
  // FRR `export vpn` / `import vpn` in the VRF instance's ipv4 unicast family: its routes go
  // to / come from the VPN table (with `rt vpn` targets, `rd vpn export`). IOS and EOS VRFs
  // need no such switch: their route targets alone decide.
  std::optional<SourceSpan> export_vpn;
  std::optional<SourceSpan> import_vpn;
  std::vector<StaticRoute> static_routes;
  std::vector<Ipv6StaticRoute> ipv6_static_routes;
  std::optional<OspfProcess> ospf;
  std::vector<EigrpProcess> eigrp;  // IOS `router eigrp` -> `address-family ipv4 vrf X ...`
  std::optional<BgpProcess> bgp;  // IOS `address-family ipv4 vrf X`, FRR `router bgp N vrf X`, ...
  SourceSpan span;                // the definition block (or first statement naming the VRF)
};

struct Device {
  std::string name;  // hostname as configured (case preserved)
  Vendor vendor = Vendor::Ios;
  std::vector<std::string> files;  // relative to the snapshot root
  SourceSpan hostname_span;
  VendorDefaults defaults;

  std::vector<Interface> interfaces;  // in config order
  // The system router-id the routing processes fall back on (FRR zebra's `ip router-id`);
  // unset: chosen from the addresses (semantics::bgpRouterId).
  std::optional<Ipv4> router_id;
  SourceSpan router_id_span;
  std::vector<StaticRoute> static_routes;
  std::vector<Ipv6StaticRoute> ipv6_static_routes;
  // IOS/EOS `ipv6 unicast-routing` (default from VendorDefaults); false: no IPv6 routes.
  bool ipv6_unicast_routing = false;
  SourceSpan ipv6_unicast_routing_span;
  std::vector<AggregateRoute> aggregate_routes;
  std::optional<OspfProcess> ospf;
  // OSPFv3 (FRR `router ospf6`, IOS `ipv6 router ospf N`): the same process settings as
  // OSPFv2's, for the IPv6 routing table; interfaces join it by Interface::ospf6. Its
  // `networks` and `area_ranges` stay empty (OSPFv3 has no network statements; IPv6 area
  // ranges are not modelled yet).
  std::optional<OspfProcess> ospf6;
  std::vector<EigrpProcess> eigrp;
  std::optional<BgpProcess> bgp;
  std::map<std::string, Vrf> vrfs;  // named VRFs, by name (case as written)
  // A label distribution protocol that labels the IGP routes (FRR `mpls ldp`): what makes a
  // VPN next hop labeled where the vendor needs it (VendorDefaults::bgp_vpn_import_needs_labels).
  std::optional<SourceSpan> label_distribution;

  std::map<std::string, PrefixList> prefix_lists;
  std::map<std::string, IpPrefixList> ipv6_prefix_lists;  // a namespace of their own
  std::map<std::string, CommunityList> community_lists;
  std::map<std::string, CommunityList> ext_community_lists;    // FRR `bgp extcommunity-list`
  std::map<std::string, CommunityList> large_community_lists;  // `bgp large-community-list`
  std::map<std::string, AsPathList> as_path_lists;
  std::map<std::string, AccessList> access_lists;
  std::map<std::string, RoutePolicy> route_policies;

  const Interface* findInterface(std::string_view name) const;  // case-insensitive
  // The address the interface's packets come from: its own primary, or the primary of the
  // interface an unnumbered one borrows from (none when that one is missing or has none).
  std::optional<InterfaceAddress> sourceAddress(const Interface& i) const;
  // The interface whose subnet (primary or secondary) contains the address.
  const Interface* interfaceFor(Ipv4 address) const;
};

}  // namespace routefix::model
