// Runs a device's route policies (route-maps / policy-statements) on one route: matches,
// sets, continue/call, chains and their defaults. Regexes are compiled once per pattern and
// AS-path list verdicts are cached per interned path, so evaluation stays cheap in the
// per-prefix BGP loop.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/cisco_regex.h"
#include "model/device.h"
#include "semantics/config_rules.h"
#include "sim/bgp_attributes.h"

namespace routefix::sim::detail {

// The route a policy looks at and edits. BGP fields are ids into AttributeTables.
struct PolicySubject {
  model::Prefix prefix;
  // Set for an IPv6 route (BGP IPv6 unicast): its prefix, `prefix` then unused. Prefix-lists
  // match the prefixes of their own family only; IPv4 next hops and ACLs match no IPv6 route.
  std::optional<model::IpPrefix> ipv6_prefix;
  model::RouteSource protocol = model::RouteSource::Bgp;
  model::Ipv4 next_hop{0};
  semantics::PolicyPeer peer;  // who the map runs for: the session's peer, or origination
  std::string_view interface;  // egress interface (redistributed connected/static routes)
  uint32_t as_path = AsPathTable::kEmpty;
  uint32_t communities = CommunityTable::kEmpty;
  uint32_t ext_communities = TextCommunityTable::kEmpty;
  uint32_t large_communities = TextCommunityTable::kEmpty;
  uint32_t local_pref = 100;
  uint32_t metric = 0;  // MED for BGP, the route metric for redistribution
  uint32_t weight = 0;
  uint32_t tag = 0;
  uint8_t origin = 0;
  uint8_t metric_type = 2;  // OSPF external type
  // `set ip next-hop peer-address` / `unchanged` (resolved by the caller, who knows the session)
  bool next_hop_peer_address = false;
  bool next_hop_peer_address_ipv6 = false;  // ... and it applies to an IPv6 route too (any_family)
  bool next_hop_unchanged = false;
  bool next_hop_set = false;
  bool metric_set = false;  // a policy set the metric (eBGP export keeps MED only then)
};

// Shared across devices: compiled regexes and per-path verdicts.
class RegexCache {
 public:
  const model::CiscoRegex& compile(const std::string& ciscoPattern);

 private:
  std::unordered_map<std::string, std::unique_ptr<model::CiscoRegex>> compiled_;
};

class PolicyEvaluator {
 public:
  PolicyEvaluator(const model::Device& device, AttributeTables& tables, RegexCache& regexes);

  // A chain of policies (IOS: at most one route-map) with what happens when none decides.
  // An empty chain accepts (no policy configured). A name that is not defined denies, or
  // permits where the vendor ignores such references (VendorDefaults).
  bool apply(const std::vector<std::string>& chain, model::PolicyDefault fallback,
             PolicySubject& subject);
  // One route-map (a `network` / `redistribute` / aggregate statement's): none accepts, an
  // undefined name denies (or permits, as for chains), a route no clause decides is denied.
  bool applyOne(const std::string& name, PolicySubject& subject);

  // The same with the chain's names looked up beforehand (see resolve()).
  bool apply(const std::vector<const model::RoutePolicy*>& chain, model::PolicyDefault fallback,
             PolicySubject& subject);
  // A chain's policies looked up once, keyed by the names (not by the vector's address: a
  // caller's temporary chain must not alias a later one). nullptr entries: undefined names.
  // The returned reference stays valid for the evaluator's lifetime.
  const std::vector<const model::RoutePolicy*>& resolve(const std::vector<std::string>& chain);
  // True when the chain accepts every route without changing it (no chain, or a first clause
  // that permits everything and sets nothing, like the permit-all route-maps FRR's
  // ebgp-requires-policy makes fabrics carry): callers then skip evaluating it per route.
  static bool permitsUnchanged(const std::vector<const model::RoutePolicy*>& chain);

  // A neighbor's `prefix-list NAME in|out`: an undefined list permits nothing.
  bool prefixListPermits(const std::string& name, const model::Prefix& p) const;
  // The same for `ipv6 prefix-list NAME in|out` of the IPv6 unicast family.
  bool ipv6PrefixListPermits(const std::string& name, const model::IpPrefix& p) const;
  bool asPathListPermits(const std::string& name, uint32_t path);

 private:
  enum class Verdict { Permit, Deny, Fallthrough };
  Verdict run(const model::RoutePolicy& policy, PolicySubject& subject, int depth);
  bool matches(const model::PolicyMatch& m, const PolicySubject& subject);
  // A route-map `match` on a prefix list: undefined ones per vendor (semantics/config_rules.h).
  bool matchesPrefixList(const std::string& name, const model::Prefix& p, semantics::ListKind kind) const;
  // `match ip address prefix-list` (ipv6List false) or `match ipv6 address prefix-list` on the
  // subject's prefix, whichever its family.
  bool matchesPrefixListOfFamily(const std::string& name, const PolicySubject& subject, bool ipv6List) const;
  void applySet(const model::PolicySet& s, PolicySubject& subject);
  bool communityListPermits(const model::CommunityList& list, uint32_t communities, bool exact);
  bool communityEntryMatches(const model::CommunityListEntry& e, const model::CommunityList& list,
                             uint32_t communities);
  // Extended / large community-lists over a route's set in `table`.
  bool textCommunityListPermits(const model::CommunityList& list, const TextCommunityTable& table,
                                uint32_t values, bool exact);

  const model::Device& device_;
  AttributeTables& tables_;
  RegexCache& regexes_;
  std::unordered_map<uint64_t, bool> asPathVerdicts_;  // (list index, path) -> permits
  std::map<std::vector<std::string>, std::vector<const model::RoutePolicy*>> chains_;
  std::unordered_map<std::string, uint32_t> asPathListIndex_;
};

}  // namespace routefix::sim::detail
