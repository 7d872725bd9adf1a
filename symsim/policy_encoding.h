// Symbolic evaluation of route policies (route-maps, prefix lists, community lists) for one
// destination prefix. The prefix is fixed, so list matches are constants unless a knob in
// the region may change them; route attributes are Z3 terms.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <z3++.h>

#include "model/device.h"
#include "semantics/config_rules.h"
#include "symsim/knobs.h"

namespace routefix::symsim {

// A BGP route for the destination prefix as Z3 terms. `valid` says whether it exists.
struct SymRoute {
  z3::expr valid;
  z3::expr local_pref;
  z3::expr path_length;
  z3::expr med;
  z3::expr weight;
  z3::expr origin;                     // 0 igp, 1 egp, 2 incomplete
  std::vector<z3::expr> communities;   // one Bool per tracked community
  z3::expr first_as;                   // the AS path's first AS (0: empty): MED groups
  z3::expr med_missing;                // no MED attribute (missing-as-worst)
  // The BGP next hop as an IPv4 address (0: this router, a locally originated route), or
  // kNextHopPeerAddress / kNextHopUnset while a policy is applied (BgpEncoding resolves them).
  z3::expr next_hop;
  // What the router's route-map did to the next hop (semantics::NextHopByPolicy as an Int):
  // set by the import chain, read when the route is exported, never carried to the receiver.
  z3::expr next_hop_policy;
};

// What `set ip next-hop peer-address` writes: the session's sender address (sim's
// next_hop_peer_address), which only the session knows.
constexpr int64_t kNextHopPeerAddress = -1;
// An export policy runs on a next hop the session decides afterwards (sim's transform()):
// this marks that no policy set one.
constexpr int64_t kNextHopUnset = -2;

// `a` where c holds, else `b`, attribute by attribute.
SymRoute choose(const z3::expr& c, const SymRoute& a, const SymRoute& b);

// Where a policy is applied: the device, who it runs for (semantics::PolicyPeer: the
// session's peer, or the router itself for origination maps), the route's source protocol.
struct PolicySite {
  const model::Device* device = nullptr;
  semantics::PolicyPeer peer;
  model::RouteSource source = model::RouteSource::Bgp;
};

class PolicyEncoder {
 public:
  PolicyEncoder(z3::context& ctx, KnobTable& knobs, model::Prefix prefix,
                std::vector<model::Community> tracked);

  const std::vector<model::Community>& trackedCommunities() const { return tracked_; }
  size_t communityIndex(model::Community c) const;  // tracked_.size() if untracked
  // Prefixes the network carries; a prefix-list entry matching none of them is a typo
  // candidate and cheap to rewrite.
  void setKnownPrefixes(std::vector<model::Prefix> prefixes);
  // The ASes routes may carry (devices, their peers, external announcements): AS-path lists
  // are decided on one-AS paths by trying each.
  void setKnownAses(std::set<uint32_t> ases);

  // Applies a policy chain (IOS: one route-map; Junos: several). An empty chain returns the
  // route unchanged. Unresolvable names deny, or permit where the vendor ignores such
  // references (VendorDefaults::undefined_route_map_permits), as the simulator does.
  SymRoute applyChain(const PolicySite& site, const std::vector<std::string>& policies,
                      model::PolicyDefault fallback, const SymRoute& in);
  // Does the named prefix list permit the destination prefix (with its knobs)? An undefined
  // list permits nothing (a neighbor's `prefix-list NAME in|out`, FRR prefix_list_apply).
  z3::expr prefixListPermits(const model::Device& device, const std::string& name);

 private:
  struct Evaluation {
    z3::expr decided;
    z3::expr accepted;
    SymRoute route;
  };
  void applyPolicy(const PolicySite& site, const model::RoutePolicy& policy, Evaluation& ev, int depth);
  z3::expr matchExpr(const PolicySite& site, const model::PolicyMatch& m, const SymRoute& r);
  SymRoute applySets(const PolicySite& site, const model::RoutePolicy& policy, size_t clause,
                     const SymRoute& r);
  z3::expr communityListMatches(const model::CommunityList& list, const SymRoute& r, bool exact);
  // A permitting clause's `call OTHER`: whether it denies, and the route after OTHER's sets.
  z3::expr callDenies(const PolicySite& site, const std::string& called, SymRoute& route, int depth);

  z3::context& ctx_;
  KnobTable& knobs_;
  model::Prefix prefix_;
  std::vector<model::Community> tracked_;
  std::vector<model::Prefix> known_;
  std::set<uint32_t> known_ases_;
};

// Communities that policies on these devices set or match, and NO_EXPORT where BLACKHOLE is
// one of them: the ones the encoding tracks.
std::vector<model::Community> relevantCommunities(const std::vector<const model::Device*>& devices);

}  // namespace routefix::symsim
