// Parser for the Cisco IOS family (IOS / IOS-XE and the FRRouting dialect).
//
// The grammar recognises single lines (statements). Which block a line belongs to is decided
// by the tree walker, the way the IOS CLI itself does it: each statement group below is valid
// in certain modes (interface, router bgp, route-map ...), and a global statement ends the
// current block. Every line that no statement matches falls into `unrecognized`, so a bad
// line never disturbs its neighbours and never goes unreported: the walker either finds it
// in the explicit list of recognised-and-ignored statements (parser/ios/ignored_statements.cpp)
// or warns "unrecognized syntax" with its file and line.
parser grammar IosParser;

options { tokenVocab = IosLexer; }

config : line* EOF ;

// Statements are tried first; `unrecognized` wins only when no statement matches the line.
line : (statement | unrecognized)? NEWLINE ;

unrecognized : ~NEWLINE+ ;

statement
  : global_stmt
  | interface_stmt
  | description_stmt
  | router_stmt
  | bgp_stmt
  | ospf_stmt
  | eigrp_stmt
  | route_map_stmt
  | prefix_list_block_stmt
  | acl_entry_stmt
  | vrf_stmt
  | mode_exit_stmt
  ;

// ---- global configuration mode ---------------------------------------------------------
global_stmt
  : HOSTNAME name                                                    # Hostname
  | INTERFACE name (VRF name)?                                        # InterfaceHeader
  | IP ROUTE (VRF name)? route_dest route_target static_option*      # IpRoute
  | ROUTER BGP NUMBER (VRF name)?                                     # RouterBgp
  | ROUTER OSPF NUMBER? (VRF name)?                                   # RouterOspf
  | ROUTER OSPF6 (VRF name)?                                          # RouterOspf6
  | IPV6 ROUTER OSPF NUMBER (VRF name)?                               # Ipv6RouterOspf
  | ROUTER EIGRP name                                                 # RouterEigrp
  | IP PREFIX_LIST name (SEQ NUMBER)? action prefix_list_match        # PrefixListEntry
  | IP PREFIX_LIST name DESCRIPTION ~NEWLINE*                         # PrefixListDescription
  | IP PREFIX_LIST name                                               # PrefixListHeader
  | (IP | BGP) COMMUNITY_LIST (STANDARD | EXPANDED) name (SEQ NUMBER)? action rest # CommunityListTyped
  | (IP | BGP) COMMUNITY_LIST name (SEQ NUMBER)? action rest          # CommunityListUntyped
  | BGP (EXTCOMMUNITY_LIST | LARGE_COMMUNITY_LIST) (STANDARD | EXPANDED)? name (SEQ NUMBER)? action rest # TextCommunityList
  | (IP | BGP) AS_PATH ACCESS_LIST name (SEQ NUMBER)? action rest     # AsPathListEntry
  | ACCESS_LIST name (SEQ NUMBER)? action acl_body                    # AccessListEntry
  | ACCESS_LIST name REMARK ~NEWLINE*                                 # AccessListRemark
  | IP ACCESS_LIST (STANDARD | EXTENDED) name                         # IpAccessListHeader
  | ROUTE_MAP name action? NUMBER?                                    # RouteMapHeader
  | BANNER BANNER_TYPE? (BANNER_BODY | BANNER_KEYWORD)? ~NEWLINE*     # Banner
  | FRR DEFAULTS name                                                 # FrrDefaults
  | IP ROUTER_ID IP_ADDRESS                                           # SystemRouterId
  | NO? IPV6 UNICAST_ROUTING                                          # Ipv6UnicastRouting
  | IPV6 ROUTE (VRF name)? IPV6_PREFIX ipv6_route_target static_option* # Ipv6Route
  | IPV6 PREFIX_LIST name (SEQ NUMBER)? action ipv6_prefix_list_match # Ipv6PrefixListEntry
  | IPV6 PREFIX_LIST name DESCRIPTION ~NEWLINE*                       # Ipv6PrefixListDescription
  ;

route_dest : IP_PREFIX | IP_ADDRESS IP_ADDRESS ;

route_target
  : IP_ADDRESS WORD?        // next hop, optionally pinned to an interface (FRR)
  | WORD IP_ADDRESS?        // exit interface (Null0 included), optionally with a next hop
  | BLACKHOLE
  | REJECT
  ;

ipv6_route_target
  : IPV6_ADDRESS WORD?      // next hop, optionally pinned to an interface (FRR; IOS link-local)
  | WORD IPV6_ADDRESS?      // exit interface (Null0 included), optionally with a next hop (IOS)
  | BLACKHOLE
  | REJECT
  ;

static_option : NUMBER | TAG NUMBER | NAME name | PERMANENT ;

action : PERMIT | DENY ;

prefix_list_match : (IP_PREFIX | ANY) (GE NUMBER | LE NUMBER | EQ NUMBER)* ;

ipv6_prefix_list_match : (IPV6_PREFIX | ANY) (GE NUMBER | LE NUMBER | EQ NUMBER)* ;

// EOS block form: `ip prefix-list NAME` then `seq N permit P [eq|ge|le N]` lines.
prefix_list_block_stmt : SEQ NUMBER action prefix_list_match ;

// Raw rest of a line (regexes, community values): the walker reads the source text.
rest : ~NEWLINE+ ;

// ---- access-list entries (numbered/FRR one-liners and `ip access-list` blocks) -----------
acl_body
  : acl_address LOG?                                                           # StandardAclBody
  | acl_protocol acl_address acl_port? acl_address acl_port? acl_option*        # ExtendedAclBody
  ;

acl_address : ANY | HOST IP_ADDRESS | IP_ADDRESS IP_ADDRESS? | IP_PREFIX EXACT_MATCH? ;

acl_protocol : IP | OSPF | EIGRP | NUMBER | WORD ;

acl_port : (EQ | NEQ | GT | LT) acl_port_value | RANGE acl_port_value acl_port_value ;

acl_port_value : NUMBER | WORD | BGP ;

acl_option : LOG | LOG_INPUT | ESTABLISHED | WORD | NUMBER ;

acl_entry_stmt
  : (NUMBER | SEQ NUMBER)? action acl_body                            # AclBlockEntry
  | REMARK ~NEWLINE*                                                  # AclBlockRemark
  ;

// ---- interface mode ----------------------------------------------------------------------
interface_stmt
  : IP ADDRESS (IP_ADDRESS IP_ADDRESS | IP_PREFIX) SECONDARY?         # IfIpAddress
  | NO IP ADDRESS ~NEWLINE*                                           # IfNoIpAddress
  | IP ADDRESS? UNNUMBERED name                                       # IfIpUnnumbered
  | NO? SHUTDOWN                                                      # IfShutdown
  | BANDWIDTH NUMBER                                                  # IfBandwidth
  | IP OSPF COST NUMBER                                               # IfOspfCost
  | IP OSPF NUMBER AREA area_id                                       # IfOspfProcessArea
  | IP OSPF AREA area_id IP_ADDRESS?                                  # IfOspfArea
  | IP OSPF NETWORK (POINT_TO_POINT | WORD)                           # IfOspfNetwork
  | NO? IP OSPF PASSIVE IP_ADDRESS?                                   # IfOspfPassive
  | IPV6 OSPF6 AREA area_id                                           # IfOspf6Area
  | IPV6 OSPF NUMBER AREA area_id                                     # IfIpv6OspfProcessArea
  | IPV6 (OSPF | OSPF6) COST NUMBER                                   # IfOspf6Cost
  | IPV6 (OSPF | OSPF6) NETWORK (POINT_TO_POINT | WORD)               # IfOspf6Network
  | NO? IPV6 OSPF6 PASSIVE                                            # IfOspf6Passive
  | IP ACCESS_GROUP name (IN | OUT)                                   # IfAccessGroup
  | TUNNEL SOURCE name                                                # IfTunnelSource
  | DELAY NUMBER                                                      # IfDelay
  | IPV6 ADDRESS IPV6_PREFIX EUI_64?                                  # IfIpv6Address
  | IPV6 ADDRESS IPV6_ADDRESS LINK_LOCAL                              # IfIpv6LinkLocal
  | NO IPV6 ADDRESS (IPV6_PREFIX | IPV6_ADDRESS LINK_LOCAL)?          # IfNoIpv6Address
  ;

// Valid in interface and route-map mode.
description_stmt : DESCRIPTION ~NEWLINE* ;

// Interface mode: IOS `[ip] vrf forwarding X`, EOS `vrf X`, NX-OS `vrf member X`. Router bgp
// (EOS, NX-OS): `vrf X` opens the VRF's BGP block.
vrf_stmt : IP? VRF (FORWARDING | MEMBER)? name ;

area_id : NUMBER | IP_ADDRESS ;

// ---- shared by router bgp and router ospf ------------------------------------------------
router_stmt
  : REDISTRIBUTE redistribute_source redistribute_option*             # Redistribute
  | MAXIMUM_PATHS (IBGP | EIBGP)? NUMBER (ECMP NUMBER)?               # MaximumPaths
  | (BGP | OSPF | OSPF6)? ROUTER_ID IP_ADDRESS                        # RouterId
  | DEFAULT_INFORMATION ORIGINATE default_originate_option*           # DefaultInformation
  ;

redistribute_source : (CONNECTED | STATIC | OSPF | BGP | EIGRP | WORD) NUMBER? ;

// EIGRP takes five metric values: bandwidth, delay, reliability, load, MTU.
redistribute_option
  : METRIC NUMBER (NUMBER NUMBER NUMBER NUMBER)? | METRIC_TYPE NUMBER | ROUTE_MAP name | SUBNETS | TAG NUMBER ;

// ---- router eigrp (classic `router eigrp N`, named `router eigrp NAME` + address family) --
// Besides these, EIGRP mode reads `network A` (classful; the BGP statement's form) and
// `[no] passive-interface default|X` (the OSPF statements).
eigrp_stmt
  : NETWORK IP_ADDRESS IP_ADDRESS                                     # EigrpNetwork
  | DEFAULT_METRIC NUMBER NUMBER NUMBER NUMBER NUMBER                 # EigrpDefaultMetric
  | ADDRESS_FAMILY IPV4 (UNICAST | VRF name)* AUTONOMOUS_SYSTEM NUMBER # EigrpAddressFamily
  | AF_INTERFACE name                                                 # EigrpAfInterface
  | NO? PASSIVE_INTERFACE                                             # EigrpAfPassive
  | (EXIT_AF_INTERFACE | EXIT_AF_TOPOLOGY)                            # EigrpExitSubmode
  | TOPOLOGY name                                                     # EigrpTopology
  | EIGRP ~NEWLINE*                                                   # EigrpOther
  | DISTRIBUTE_LIST ~NEWLINE*                                         # EigrpDistributeList
  ;

default_originate_option : ALWAYS | METRIC NUMBER | METRIC_TYPE NUMBER | ROUTE_MAP name ;

// ---- router bgp (and its address-family blocks) ------------------------------------------
bgp_stmt
  : NO? BGP EBGP_REQUIRES_POLICY                                      # BgpEbgpRequiresPolicy
  | NO? BGP DEFAULT IPV4_UNICAST                                      # BgpDefaultIpv4Unicast
  | NO? BGP DEFAULT IPV6_UNICAST                                      # BgpDefaultIpv6Unicast
  | BGP DEFAULT LOCAL_PREFERENCE NUMBER                               # BgpDefaultLocalPreference
  | NO? BGP NETWORK IMPORT_CHECK                                      # BgpImportCheck
  | BGP BESTPATH bestpath_option                                      # BgpBestpath
  | BGP ALWAYS_COMPARE_MED                                            # BgpAlwaysCompareMed
  | BGP DETERMINISTIC_MED                                             # BgpDeterministicMed
  | NO? BGP REDISTRIBUTE_INTERNAL                                     # BgpRedistributeInternal
  | BGP CLUSTER_ID (IP_ADDRESS | NUMBER)                              # BgpClusterId
  | BGP CONFEDERATION IDENTIFIER NUMBER                               # BgpConfedIdentifier
  | BGP CONFEDERATION PEERS NUMBER+                                   # BgpConfedPeers
  | BGP LISTEN RANGE IP_PREFIX PEER_GROUP name (REMOTE_AS remote_as_value)? # BgpListenRange
  | BGP LISTEN LIMIT NUMBER                                           # BgpListenLimit
  | DISTANCE BGP NUMBER NUMBER NUMBER                                 # BgpDistance
  | NETWORK bgp_network_dest (ROUTE_MAP name | BACKDOOR)*             # BgpNetwork
  | NETWORK IPV6_PREFIX (ROUTE_MAP name)?                             # BgpIpv6Network
  | AGGREGATE_ADDRESS route_dest aggregate_option*                    # BgpAggregate
  | ADDRESS_FAMILY address_family_name                                # BgpAddressFamily
  | NO? NEIGHBOR INTERFACE name PEER_GROUP name (REMOTE_AS remote_as_value)?  # BgpNeighborInterface
  | NO? NEIGHBOR name neighbor_setting                                # BgpNeighbor
  | NEIGHBOR name                                                     # BgpNeighborBlock
  | NO? NEIGHBOR name ~NEWLINE*                                       # BgpNeighborOther
  | NO? neighbor_setting                                              # BgpNeighborBody
  | NO? BGP ~NEWLINE*                                                 # BgpOther
  ;

bestpath_option
  : COMPARE_ROUTERID
  | MED (CONFED | MISSING_AS_WORST)+
  | AS_PATH (IGNORE | CONFED | MULTIPATH_RELAX (AS_SET | WORD)?)
  | WORD ROUTER_ID  // EOS `tie-break router-id`
  ;

bgp_network_dest : IP_PREFIX | IP_ADDRESS (MASK IP_ADDRESS)? ;

aggregate_option : SUMMARY_ONLY | AS_SET | ROUTE_MAP name | ATTRIBUTE_MAP name ;

address_family_name : (IPV4 | IPV6 | L2VPN | WORD) (UNICAST | MULTICAST | VRF name | WORD)* ;

neighbor_setting
  : REMOTE_AS remote_as_value                                         # NbrRemoteAs
  | INTERFACE (REMOTE_AS remote_as_value | PEER_GROUP name)?          # NbrInterface
  | (PEER_GROUP | PEER GROUP) name?                                   # NbrPeerGroup
  | UPDATE_SOURCE name                                                # NbrUpdateSource
  | NEXT_HOP_SELF WORD?                                               # NbrNextHopSelf
  | ROUTE_REFLECTOR_CLIENT                                            # NbrRouteReflectorClient
  | ROUTE_MAP name (IN | OUT)                                         # NbrRouteMap
  | PREFIX_LIST name (IN | OUT)                                       # NbrPrefixList
  | FILTER_LIST name (IN | OUT)                                       # NbrFilterList
  | SEND_COMMUNITY (BOTH | EXTENDED | STANDARD | WORD)?               # NbrSendCommunity
  | EBGP_MULTIHOP NUMBER?                                             # NbrEbgpMultihop
  | SHUTDOWN                                                          # NbrShutdown
  | DESCRIPTION ~NEWLINE*                                             # NbrDescription
  | DEFAULT_ORIGINATE (ROUTE_MAP name)?                               # NbrDefaultOriginate
  | ALLOWAS_IN (NUMBER | ORIGIN)?                                     # NbrAllowasIn
  | WEIGHT NUMBER                                                     # NbrWeight
  | LOCAL_AS NUMBER (NO_PREPEND | REPLACE_AS | WORD)*                 # NbrLocalAs
  | ACTIVATE                                                          # NbrActivate
  | REMOVE_PRIVATE_AS (REPLACE_AS | WORD)*                            # NbrRemovePrivateAs
  | AS_OVERRIDE                                                       # NbrAsOverride
  | PASSIVE                                                           # NbrPassive
  | LOCAL_ROLE name STRICT_MODE?                                      # NbrLocalRole
  | (ADDPATH_TX_ALL_PATHS | ADDPATH_TX_BESTPATH_PER_AS)               # NbrAddpathTx
  ;

remote_as_value : NUMBER | EXTERNAL | INTERNAL ;

// ---- router ospf ---------------------------------------------------------------------------
ospf_stmt
  : NETWORK IP_ADDRESS IP_ADDRESS AREA area_id                        # OspfNetworkWildcard
  | NETWORK IP_PREFIX AREA area_id                                    # OspfNetworkPrefix
  | NO? PASSIVE_INTERFACE DEFAULT                                     # OspfPassiveDefault
  | NO? PASSIVE_INTERFACE name                                        # OspfPassiveInterface
  | AUTO_COST REFERENCE_BANDWIDTH NUMBER                              # OspfAutoCost
  | AREA area_id RANGE route_dest (ADVERTISE | NOT_ADVERTISE | COST NUMBER)* # OspfAreaRange
  | AREA area_id STUB NO_SUMMARY?                                     # OspfAreaStub
  | AREA area_id NSSA ~NEWLINE*                                       # OspfAreaNssa
  | AREA area_id DEFAULT_COST NUMBER                                  # OspfAreaDefaultCost
  | DISTANCE NUMBER                                                   # OspfDistance
  | INTERFACE name AREA area_id                                       # Ospf6InterfaceArea
  | (AREA | OSPF) ~NEWLINE*                                           # OspfOther
  ;

// ---- route-map clause mode -------------------------------------------------------------
route_map_stmt
  : MATCH IP ADDRESS PREFIX_LIST name+                                # MatchIpPrefixList
  | MATCH IP ADDRESS name+                                            # MatchIpAccessList
  | MATCH IP NEXT_HOP PREFIX_LIST name+                               # MatchNextHopPrefixList
  | MATCH IPV6 ADDRESS PREFIX_LIST name+                              # MatchIpv6PrefixList
  | MATCH COMMUNITY list_name+ EXACT_MATCH?                           # MatchCommunity
  | MATCH (EXTCOMMUNITY | LARGE_COMMUNITY) list_name EXACT_MATCH?      # MatchTextCommunity
  | MATCH AS_PATH name+                                               # MatchAsPath
  | MATCH TAG NUMBER+                                                 # MatchTag
  | MATCH INTERFACE name+                                             # MatchInterface
  | MATCH METRIC NUMBER                                               # MatchMetric
  | MATCH SOURCE_PROTOCOL name+                                       # MatchSourceProtocol
  | MATCH PEER name                                                   # MatchPeer
  | MATCH ~NEWLINE*                                                   # MatchOther
  | SET LOCAL_PREFERENCE (NUMBER | SIGNED_NUMBER)                     # SetLocalPreference
  | SET METRIC (NUMBER | SIGNED_NUMBER)                               # SetMetric
  | SET WEIGHT NUMBER                                                 # SetWeight
  | SET COMMUNITY NONE                                                # SetCommunityNone
  | SET COMMUNITY (WORD | NUMBER | BLACKHOLE)+ ADDITIVE?              # SetCommunity
  | SET (COMM_LIST | COMMUNITY_LIST) name DELETE                      # SetCommListDelete
  | SET (EXTCOMMUNITY | LARGE_COMMUNITY) rest                         # SetTextCommunity
  | SET AS_PATH PREPEND LAST_AS NUMBER                                # SetAsPathPrependLastAs
  | SET AS_PATH PREPEND NUMBER+                                       # SetAsPathPrepend
  | SET AS_PATH EXCLUDE NUMBER+                                       # SetAsPathExclude
  | SET IP NEXT_HOP (IP_ADDRESS | PEER_ADDRESS | UNCHANGED)           # SetNextHop
  | SET TAG NUMBER                                                    # SetTag
  | SET ORIGIN (IGP | EGP NUMBER? | INCOMPLETE)                       # SetOrigin
  | SET METRIC_TYPE (TYPE_1 | TYPE_2 | EXTERNAL | INTERNAL | WORD)    # SetMetricType
  | SET ~NEWLINE*                                                     # SetOther
  | CONTINUE NUMBER?                                                  # Continue
  | ON_MATCH NEXT                                                     # OnMatchNext
  | ON_MATCH GOTO NUMBER                                              # OnMatchGoto
  | CALL name                                                         # Call
  ;

// ---- leaving a mode --------------------------------------------------------------------
mode_exit_stmt : EXIT | END | EXIT_ADDRESS_FAMILY | EXIT_VRF ;

// Lists named where a keyword may follow (`exact-match`).
list_name : WORD | NUMBER ;

// A name may be any word, including one that is a keyword elsewhere.
name : WORD | NUMBER | IP_ADDRESS | IP_PREFIX | IPV6_ADDRESS | IPV6_PREFIX | SIGNED_NUMBER | keyword ;

keyword
  : ACCESS_GROUP | ACCESS_LIST | ACTIVATE | ADDPATH_TX_ALL_PATHS | ADDPATH_TX_BESTPATH_PER_AS | ADDITIVE | ADDRESS | ADDRESS_FAMILY |
  ADVERTISE | AF_INTERFACE | AGGREGATE_ADDRESS | ALLOWAS_IN | AUTONOMOUS_SYSTEM | ALWAYS | ALWAYS_COMPARE_MED | ANY | AREA |
  AS_OVERRIDE | AS_PATH | AS_SET | ATTRIBUTE_MAP | AUTO_COST | BACKDOOR | BANDWIDTH | BESTPATH | BGP |
  BLACKHOLE | BOTH | CALL | CLUSTER_ID | COMMUNITY | COMMUNITY_LIST | COMM_LIST |
  COMPARE_ROUTERID | CONFED | CONFEDERATION | CONNECTED | CONTINUE | COST | DEFAULT | DEFAULTS |
  DEFAULT_COST | DEFAULT_INFORMATION | DEFAULT_ORIGINATE | DELETE | DENY | DESCRIPTION |
  DEFAULT_METRIC | DELAY | DETERMINISTIC_MED | DISTANCE | DISTRIBUTE_LIST | EIGRP | EXIT_AF_INTERFACE | EXIT_AF_TOPOLOGY | EBGP_MULTIHOP | ECMP | EIBGP | FORWARDING | GROUP | MEMBER | PEER | EBGP_REQUIRES_POLICY | EGP | END | EQ |
  ESTABLISHED | EUI_64 | EXACT_MATCH | EXCLUDE | EXIT | EXIT_ADDRESS_FAMILY | EXIT_VRF | EXPANDED | EXTENDED |
  EXTCOMMUNITY | EXTCOMMUNITY_LIST | EXTERNAL | FILTER_LIST | FRR | GE | GOTO | GT | HOST | HOSTNAME | IBGP | IDENTIFIER | IGNORE | IGP |
  IMPORT_CHECK | IN | LIMIT | LISTEN | INCOMPLETE | INTERFACE | INTERNAL | IP | IPV4 | IPV4_UNICAST | IPV6 | IPV6_UNICAST |
  L2VPN | LINK_LOCAL | LARGE_COMMUNITY | LARGE_COMMUNITY_LIST | LAST_AS | LE | LOCAL_AS | LOCAL_PREFERENCE | LOCAL_ROLE | LOG | LOG_INPUT | LT | MASK |
  MATCH | MAXIMUM_PATHS | MED | METRIC | METRIC_TYPE | MISSING_AS_WORST | MULTICAST |
  MULTIPATH_RELAX | NAME | NEIGHBOR | NEQ | NETWORK | NEXT | NEXT_HOP | NEXT_HOP_SELF |
  NO | NONE | NOT_ADVERTISE | NO_PREPEND | NO_SUMMARY | NSSA | ON_MATCH | ORIGIN | ORIGINATE | OSPF | OSPF6 | OUT |
  PASSIVE | PASSIVE_INTERFACE | PEER_ADDRESS | PEER_GROUP | PEERS | PERMANENT | PERMIT |
  POINT_TO_POINT | PREFIX_LIST | PREPEND | RANGE | REDISTRIBUTE | REDISTRIBUTE_INTERNAL | REFERENCE_BANDWIDTH |
  REJECT | REMARK | REMOTE_AS | REMOVE_PRIVATE_AS | REPLACE_AS | ROUTE | ROUTER |
  ROUTER_ID | ROUTE_MAP | ROUTE_REFLECTOR_CLIENT | SECONDARY | SEND_COMMUNITY | SEQ | SET |
  SHUTDOWN | SOURCE | SOURCE_PROTOCOL | STANDARD | STATIC | STRICT_MODE | STUB | SUBNETS | SUMMARY_ONLY | TAG | TUNNEL | TYPE_1 |
  TOPOLOGY | TYPE_2 | UNCHANGED | UNICAST | UNICAST_ROUTING | UNNUMBERED | UPDATE_SOURCE | VRF | WEIGHT
  ;
