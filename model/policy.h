// Vendor-neutral routing policy: match lists and route policies (IOS/FRR route-maps,
// Junos policy-statements). A route policy is an ordered list of clauses; each clause has
// matches (all must hold) and sets, and an action that says what happens next.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/ip.h"
#include "model/ip_address.h"
#include "model/source_span.h"

namespace routefix::model {

enum class Action { Permit, Deny };

// ---- communities --------------------------------------------------------------------
// A standard community as the 32-bit value (asn << 16 | value). Well-known ones included.
using Community = uint32_t;
inline constexpr Community kNoExport = 0xFFFFFF01;
inline constexpr Community kNoAdvertise = 0xFFFFFF02;
inline constexpr Community kLocalAs = 0xFFFFFF03;  // no-export-subconfed
inline constexpr Community kBlackhole = 0xFFFF029A;  // RFC 7999, 65535:666
inline constexpr Community kInternet = 0;          // matches every route in IOS lists

std::optional<Community> parseCommunity(std::string_view text);  // "65000:10", "no-export"
std::string communityStr(Community c);

// ---- prefix lists -------------------------------------------------------------------
struct PrefixListEntry {
  uint32_t seq = 0;
  Action action = Action::Permit;
  Prefix prefix;
  std::optional<uint8_t> ge;  // match lengths in [ge, le]; without both, exact length
  std::optional<uint8_t> le;
  SourceSpan span;

  bool matches(const Prefix& p) const;
};

struct PrefixList {
  std::string name;
  std::vector<PrefixListEntry> entries;  // ordered by seq
  SourceSpan span;                       // first to last line of all entries

  // First matching entry decides; no match (or an empty list) is an implicit deny.
  // Returns the index of the deciding entry, or nullopt for the implicit deny.
  std::optional<size_t> firstMatch(const Prefix& p) const;
  bool permits(const Prefix& p) const;
};

// `ipv6 prefix-list`: the same first-match semantics over family-aware prefixes (lengths up
// to 128; see prefixRangeMatches). IPv4 lists stay PrefixList while the policy engine and the
// symbolic encoding work on the uint32 Prefix.
struct IpPrefixListEntry {
  uint32_t seq = 0;
  Action action = Action::Permit;
  IpPrefix prefix;
  std::optional<uint8_t> ge;
  std::optional<uint8_t> le;
  SourceSpan span;

  bool matches(const IpPrefix& p) const { return prefixRangeMatches(prefix, ge, le, p); }
};

struct IpPrefixList {
  std::string name;
  std::vector<IpPrefixListEntry> entries;  // ordered by seq
  SourceSpan span;

  // The first matching entry decides; no match is an implicit deny.
  std::optional<size_t> firstMatch(const IpPrefix& p) const;
  bool permits(const IpPrefix& p) const;
};

// ---- extended and large communities (RFC 4360, RFC 8092) ----------------------------
// Kept as their canonical text, which is also what expanded lists' regexes run on (FRR's
// `show bgp` form): extended "rt 65001:1" / "soo 65001:1", large "65001:1:1".
using TextCommunity = std::string;
// "rt 65001:1 rt 65001:2" / "65001:1:1 65001:2:1" -> canonical values; nullopt when a value
// is not one (the caller reports the line).
std::optional<std::vector<TextCommunity>> parseExtCommunities(std::string_view text);
std::optional<std::vector<TextCommunity>> parseLargeCommunities(std::string_view text);

// ---- community lists ----------------------------------------------------------------
struct CommunityListEntry {
  Action action = Action::Permit;
  std::vector<Community> communities;  // standard: the route must carry all of them
  std::vector<TextCommunity> values;   // standard extended/large list: likewise
  std::string regex;                   // expanded: POSIX regex over "a:b c:d" text
  SourceSpan span;
};

struct CommunityList {
  std::string name;
  bool expanded = false;
  std::vector<CommunityListEntry> entries;
  SourceSpan span;

  bool permits(const std::vector<Community>& routeCommunities) const;
};

// Cisco-style regex ("_" = a delimiter or either end) as a POSIX extended regex, for callers
// that compile once and match many times (the simulator caches the compiled form).
std::string posixFromCiscoRegex(std::string_view pattern);
// The text AS-path regexes run on: "65001 65002" (empty path = "").
std::string asPathText(const std::vector<uint32_t>& asPath);

// ---- AS-path lists -------------------------------------------------------------------
struct AsPathListEntry {
  Action action = Action::Permit;
  std::string regex;  // Cisco-style: "_" matches a delimiter, "^$" the empty path
  SourceSpan span;
};

struct AsPathList {
  std::string name;
  std::vector<AsPathListEntry> entries;
  SourceSpan span;

  bool permits(const std::vector<uint32_t>& asPath) const;
};

// ---- access lists (packet filters; route-maps may also match them) --------------------
struct AccessListEntry {
  uint32_t seq = 0;
  Action action = Action::Permit;
  std::string protocol = "ip";  // ip, tcp, udp, icmp, or a number
  WildcardMatch source{Ipv4{0}, 0xffffffffu};
  WildcardMatch destination{Ipv4{0}, 0xffffffffu};
  std::string ports;  // destination port condition as written ("eq 80"); empty = any
  SourceSpan span;
};

struct AccessList {
  std::string name;
  bool extended = false;
  std::vector<AccessListEntry> entries;
  SourceSpan span;

  // For a route-map `match ip address ACL`: standard lists match the prefix address.
  bool permitsRoute(const Prefix& p) const;
};

// ---- route policies -----------------------------------------------------------------
enum class RouteSource { Connected, Static, Ospf, Bgp, Kernel, Aggregate, Eigrp };

struct PolicyMatch {
  enum class Kind {
    PrefixList,          // names: prefix-list names (any may permit)
    AccessList,          // names: ACL names
    NextHopPrefixList,   // names: prefix-list names applied to the next hop
    CommunityList,       // names: community-list names; exact = exact-match
    AsPathList,          // names: as-path list names
    Tag,                 // value
    Metric,              // value
    Interface,           // names: interface names
    SourceProtocol,      // protocol
    Neighbor,            // address: the session's peer (Junos `from neighbor`, FRR `match
                         // peer A.B.C.D`; semantics::peerMatches)
    LocalOrigin,         // FRR `match peer local`: a route entering BGP here (network,
                         // redistribute, aggregate, default-originate route-maps)
    PeerName,            // names: FRR `match peer IFNAME|GROUP` (semantics::peerMatches)
    ExtCommunityList,    // names: extended community-list names (FRR `match extcommunity`)
    LargeCommunityList,  // names: large community-list names; exact = exact-match
    Ipv6PrefixList,      // names: `ipv6 prefix-list` names (`match ipv6 address prefix-list`)
  };
  Kind kind = Kind::PrefixList;
  std::vector<std::string> names;
  uint32_t value = 0;
  bool exact = false;
  RouteSource protocol = RouteSource::Connected;
  // SourceProtocol naming several protocols (Junos `from protocol [ static direct ]`, IOS
  // `match source-protocol static connected`): any of them matches (matchesProtocol). When
  // set, `protocol` is protocols.front().
  std::vector<RouteSource> protocols;
  Ipv4 address;
  SourceSpan span;

  // SourceProtocol: whether a route from `source` matches (any of the named protocols).
  bool matchesProtocol(RouteSource source) const {
    if (protocols.empty()) return protocol == source;
    return std::find(protocols.begin(), protocols.end(), source) != protocols.end();
  }
};

struct PolicySet {
  enum class Kind {
    LocalPref,        // value; delta != 0: +/- value (FRR `set local-preference +10`)
    Metric,           // value (MED for BGP, metric for redistribution); delta != 0: +/- value
    Weight,           // value
    Community,        // communities; additive keeps the existing ones
    CommunityDelete,  // names: community-list whose matches are removed
    AsPathPrepend,    // asns prepended in this order (IOS `set as-path prepend 65001 65001`)
    AsPathExclude,    // asns removed wherever they occur in the path (FRR `set as-path exclude`)
    NextHop,          // address, or peer_address / unchanged
    Tag,              // value
    Origin,           // origin: 0 igp, 1 egp, 2 incomplete
    MetricType,       // value: 1 or 2 (OSPF external type)
    ExtCommunity,     // text_communities (`none`: cleared); additive keeps the route's (FRR
                      // `set extcommunity rt|soo` always adds)
    LargeCommunity,   // text_communities (`none`: cleared); additive keeps the route's
  };
  Kind kind = Kind::LocalPref;
  uint32_t value = 0;
  int delta = 0;  // Metric: +1 add value, -1 subtract value, 0 set
  std::vector<Community> communities;
  std::vector<TextCommunity> text_communities;
  bool additive = false;
  std::vector<std::string> names;
  std::vector<uint32_t> asns;
  // AsPathPrepend `last-as N` (IOS/FRR): prepend the path's first AS (the peer's, for a route
  // received over eBGP) N times; asns is empty then.
  uint32_t prepend_last_as = 0;
  Ipv4 address;
  bool peer_address = false;
  // NextHop peer_address on routes of both families: Junos `then next-hop self|peer-address`
  // is family-blind; IOS/FRR `set ip next-hop peer-address` acts on IPv4 routes only.
  bool any_family = false;
  bool unchanged = false;
  uint8_t origin = 0;
  SourceSpan span;
};

// What a clause does with a route that matches it.
enum class ClauseAction {
  Permit,      // accept (IOS permit; Junos `then accept`)
  Deny,        // reject (IOS deny; Junos `then reject`)
  NextClause,  // apply the sets and fall through (Junos term without a terminating action,
               // `next term`)
  NextPolicy,  // apply the sets, stop this policy, continue with the next in the chain
};

struct PolicyClause {
  std::string name;  // IOS: the seq as text; Junos: the term name
  uint32_t seq = 0;
  ClauseAction action = ClauseAction::Permit;
  std::vector<PolicyMatch> matches;  // all must hold; none = matches everything
  std::vector<PolicySet> sets;
  // IOS `continue [seq]` / `on-match next|goto`: after a permit with sets, go on evaluating
  // at this seq (0 = the next clause).
  std::optional<uint32_t> continue_to;
  std::string call;  // IOS/FRR `call OTHER_MAP`
  SourceSpan span;   // the clause header through its last statement
  // The line that decides permit/deny when it is not the header (Junos `then reject`).
  SourceSpan action_span;
};

struct RoutePolicy {
  std::string name;
  std::vector<PolicyClause> clauses;  // in evaluation order
  SourceSpan span;
};

// What happens to a route that no clause of a policy chain decided.
enum class PolicyDefault {
  Deny,            // IOS/FRR route-map implicit deny
  Accept,          // Junos BGP import default
  JunosBgpExport,  // Junos BGP export default: accept active BGP routes, reject others
                   // (routes learned from a BGP peer pass; routes that entered BGP through a
                   // Redistribution, i.e. a Junos export policy naming static/direct/ospf/
                   // aggregate, are rejected unless a term accepted them)
  Reject,          // Junos OSPF/static export default for non-OSPF routes
};

}  // namespace routefix::model
