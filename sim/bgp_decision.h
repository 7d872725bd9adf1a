// The BGP decision process on interned paths, in FRR's order (bgp_path_info_cmp): the steps
// shared with symsim (semantics/decision.h: weight, local-pref, locally originated, AS-path
// length, origin, MED, eBGP over iBGP), then IGP cost to the next hop, confed-eBGP over
// iBGP, [multipath boundary], router-id (originator-id when reflected), cluster-list length,
// neighbor address. FRR would keep the older of two eBGP paths that tie here; arrival order
// is not a property of the configs, so we always use router-id (as with
// `bgp bestpath compare-routerid`) and finally the receiving session index.
#pragma once

#include <cstdint>
#include <vector>

#include "model/policy.h"
#include "semantics/config_rules.h"
#include "semantics/decision.h"
#include "sim/bgp_attributes.h"

namespace routefix::sim::detail {

enum class PathKind : uint8_t { Learned, Local, Aggregate };

struct BgpPath {
  uint32_t as_path = AsPathTable::kEmpty;
  uint32_t communities = CommunityTable::kEmpty;
  uint32_t ext_communities = TextCommunityTable::kEmpty;
  uint32_t large_communities = TextCommunityTable::kEmpty;
  uint32_t cluster_list = CommunityTable::kEmpty;  // the cluster ids, as a set (loop check)
  uint32_t cluster_length = 0;
  uint32_t local_pref = 100;
  uint32_t med = 0;
  uint32_t weight = 0;
  uint32_t next_hop = 0;       // 0: this router (locally originated)
  uint32_t originator_id = 0;  // 0: not reflected
  uint32_t igp_cost = 0;
  uint32_t session = 0xffffffffu;  // receiving peering, or none for local paths
  uint32_t peer_router_id = 0;
  uint32_t peer_address = 0;
  uint32_t resolution = 0xffffffffu;  // index of the next-hop resolution (learned paths)
  uint32_t order = 0;                 // local paths: position among this node's originations
  // Local paths redistributed from a connected or static route: the route's egress interface
  // (an index into the originating device's interfaces), which export policies match on
  // (Junos `from interface`); 0xffffffff: none.
  uint32_t interface = 0xffffffffu;
  uint32_t otc = 0;  // RFC 9234 Only-to-Customer AS; 0: none (semantics/bgp_roles.h)
  uint8_t origin = 0;
  // Where a local path entered BGP: export policies match on it (Junos `from protocol
  // direct`, and its default export rejects what is not a BGP route).
  model::RouteSource source = model::RouteSource::Bgp;
  PathKind kind = PathKind::Learned;
  // The receiving router's import route-map set the next hop or kept it `unchanged`.
  semantics::NextHopByPolicy next_hop_policy = semantics::NextHopByPolicy::None;
  bool ebgp = false;
  bool confed = false;       // learned over a confed-eBGP session (ebgp is false then)
  bool med_missing = false;  // no MED attribute
  bool leaked_local = false; // leaked from another VRF of the router, which originated it
  bool announce_self = false;  // goes out with this router as next hop (VendorDefaults::bgp_leaked_path_is_own)
  bool valid = true;         // next hop resolvable
  // IPv6 unicast: the sender added its link-local address to the next hop (it shares the link
  // with the receiver, and the route is its own or goes to an eBGP peer; FRR
  // subgroup_announce_check), and the receiver forwards over that address out of the link.
  bool link_local_next_hop = false;

  bool operator==(const BgpPath&) const = default;
};

using semantics::DecisionOptions;

struct DecisionStep {
  int order = 0;  // <0: a is better, >0: b is better
  bool multipath_equal = false;  // equal down to the IGP cost and multipath-compatible
};

DecisionStep comparePaths(const BgpPath& a, const BgpPath& b, const AsPathTable& paths,
                          const DecisionOptions& options);

// Indices (into `paths`) of the best path first and then the other multipath members (in
// input order; by preference only when `maximum-paths` cuts the set).
// Invalid paths never win. Deterministic MED: best per neighbor AS first, then across.
// `result` is cleared and filled (a reused buffer: this runs once per node update).
void selectBest(const std::vector<const BgpPath*>& paths, const AsPathTable& table,
                const DecisionOptions& options, std::vector<uint32_t>& result);
inline std::vector<uint32_t> selectBest(const std::vector<const BgpPath*>& paths,
                                        const AsPathTable& table, const DecisionOptions& options) {
  std::vector<uint32_t> result;
  selectBest(paths, table, options, result);
  return result;
}

}  // namespace routefix::sim::detail
