#include "sim/bgp_engine.h"

#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <queue>
#include <tuple>
#include <unordered_map>

#include "semantics/bgp_next_hop.h"
#include "semantics/bgp_roles.h"
#include "semantics/conditional_advertisement.h"
#include "semantics/config_rules.h"
#include "semantics/session_as_path.h"
#include "semantics/well_known_communities.h"
#include "sim/bgp_decision.h"
#include "sim/bgp_peering_facts.h"
#include "sim/conditional_advertisement.h"
#include "sim/eigrp.h"
#include "sim/rib.h"
#include "sim/vrf_leaks.h"

namespace routefix::sim::detail {

// Long prefixes first: an aggregate is decided after all routes that may contribute to it.
struct LongerFirst {
  template <class P>
  bool operator()(const P& a, const P& b) const {
    if (a.length != b.length) return a.length > b.length;
    return a.address < b.address;
  }
};

// What one run left behind, per prefix: what every session delivered, what every node chose
// and what it originated. A failure scenario starts from it (recomputeBgp).
template <class F>
struct ConvergedState {
  struct PrefixState {
    std::deque<BgpPath> paths;           // owns the paths below
    std::vector<const BgpPath*> adj_in;  // per peering; null: nothing received
    // Add-path sessions (RFC 7911): the paths received after adj_in's, by peering.
    std::vector<std::pair<uint32_t, std::vector<const BgpPath*>>> adj_in_more;
    std::vector<std::pair<uint32_t, std::vector<const BgpPath*>>> best;  // by node, if any
    std::vector<std::pair<uint32_t, BgpPath>> local;  // originations and aggregates
  };
  std::map<typename F::Prefix, PrefixState, LongerFirst> prefixes;
  std::vector<BgpPeering> peerings;
  std::vector<PeeringFacts> facts;
  std::vector<typename F::Resolution> resolutions;
  std::vector<std::unordered_map<uint32_t, uint32_t>> resolve_cache;  // per node: address -> resolution
  std::vector<uint32_t> peer_resolution;                               // per peering
};

struct BgpConvergedState : ConvergedState<Ipv4Unicast> {};

namespace {

constexpr uint32_t kUnresolved = 0xfffffffeu;

semantics::NextHopByPolicy nextHopByPolicy(const PolicySubject& s) {
  if (s.next_hop_set || s.next_hop_peer_address) return semantics::NextHopByPolicy::Changed;
  return s.next_hop_unchanged ? semantics::NextHopByPolicy::Unchanged : semantics::NextHopByPolicy::None;
}
// A node whose best path for one prefix changed this often is in a dispute wheel (or
// something like it): path exploration in real networks settles in a handful of changes.
constexpr uint32_t kMaxBestChanges = 64;
// An add-path sender also re-sends when its other paths change: this many decisions at one
// node that kept its best path, and the prefix is reported as not converging.
constexpr uint32_t kMaxTableChanges = 16 * kMaxBestChanges;

struct NodeConfig {
  const model::BgpProcess* bgp = nullptr;
  uint32_t asn = 0;
  uint32_t router_id = 0;
  uint32_t cluster_id = 0;
  uint32_t local_weight = 0;
  uint32_t default_local_pref = 100;
  bool import_next_hop_sticks = false;  // VendorDefaults::bgp_import_next_hop_sticks
  DecisionOptions decision;
  std::vector<uint32_t> in, out;  // peerings received on / sent over
  bool add_path_out = false;      // some peering in `out` carries more than the best path
};

struct AggregateState {
  bool contributed = false;
  uint8_t origin = 0;
  std::vector<uint32_t> asns;
};

using LocalPaths = std::vector<std::pair<uint32_t, BgpPath>>;  // node, path

// One address family's BGP (F: sim/bgp_address_family.h).
template <class F>
class Engine {
  using Prefix = typename F::Prefix;
  using Rib = typename F::Rib;
  using Route = typename F::Route;
  using Hop = typename F::Hop;
  using Hops = typename F::Hops;
  using Resolution = typename F::Resolution;
  using State = ConvergedState<F>;

 public:
  // From scratch (`baseline` null), or a failure scenario starting from the converged state
  // `baseline` where `changedNodes` marks the nodes whose IGP routes or links differ from it.
  Engine(const F& family, const Topology& topo, const std::vector<Rib>& igpRibs,
         const std::vector<BgpPeering>& peerings, std::vector<PolicyEvaluator>& policies,
         AttributeTables& tables, const State* baseline = nullptr,
         const std::vector<char>* changedNodes = nullptr, const std::vector<Rib>* resolutionRibs = nullptr)
      : family_(family), topo_(topo), ribs_(igpRibs),
        resolutionRibs_(resolutionRibs ? *resolutionRibs : igpRibs), policies_(policies), tables_(tables),
        baseline_(baseline) {
    size_t n = topo.nodeCount();
    nodes_.resize(n);
    for (uint32_t i = 0; i < n; ++i) {
      const auto& d = topo.device(i);
      if (!d.bgp) continue;
      auto& c = nodes_[i];
      c.bgp = &*d.bgp;
      c.asn = d.bgp->asn;
      c.router_id = semantics::bgpRouterId(d).value;
      c.cluster_id = d.bgp->cluster_id ? d.bgp->cluster_id->value : c.router_id;
      c.local_weight = d.defaults.bgp_local_weight;
      c.default_local_pref = d.defaults.bgp_local_pref;
      c.import_next_hop_sticks = d.defaults.bgp_import_next_hop_sticks;
      c.decision = semantics::decisionOptions(d);
    }
    if (baseline_) alignPeerings(peerings, *changedNodes);
    else startPeerings(peerings);
    linkResolution_.assign(peerings_.size(), kUnresolved);
    for (uint32_t p = 0; p < peerings_.size(); ++p) {
      if (!up_[p]) continue;
      nodes_[peerings_[p].receiver].in.push_back(p);
      if (peerings_[p].sender != kNone) nodes_[peerings_[p].sender].out.push_back(p);
    }
    adjIn_.assign(peerings_.size(), nullptr);
    // A failure scenario loads the baseline's add-path paths even where those sessions are down.
    for (uint32_t p = 0; p < peerings_.size(); ++p)
      if (facts_[p].add_path.any()) {
        if (adjInMore_.empty()) adjInMore_.resize(peerings_.size());
        if (up_[p]) nodes_[peerings_[p].sender].add_path_out = true;
      }
    local_.resize(n);
    best_.resize(n);
    changes_.assign(n, 0);
    tableChanges_.assign(n, 0);
    queued_.assign(n, 0);
    touched_.assign(n, 0);
    queueKey_.assign(n, 0);
    aggregateState_.resize(n);
    if constexpr (F::kIpv4)  // IPv6 aggregates are not modelled yet
      for (uint32_t i = 0; i < n; ++i)
        if (nodes_[i].bgp && !nodes_[i].bgp->aggregates.empty()) {
          aggregateState_[i].resize(nodes_[i].bgp->aggregates.size());
          aggregateNodes_.push_back(i);
        }
    outcome_.routes.resize(n);
    if constexpr (F::kIpv4)
      if (baseline_) outcome_.redecided.resize(n);
  }

  // Decide only run `part` of `parts` consecutive runs of the prefixes (see computeBgpPart).
  Engine& onlyPart(size_t part, size_t parts) {
    part_ = part;
    parts_ = parts;
    return *this;
  }

  // Conditional advertisement: the sessions' update types in force, and the scan to fill
  // (sim/conditional_advertisement.h). Peerings over the sessions' statements follow them.
  Engine& withConditions(ConditionalScan& scan) {
    if (scan.sessions.empty()) return *this;
    conditional_ = &scan;
    conditionalOf_.assign(peerings_.size(), kNone);
    for (uint32_t p = 0; p < peerings_.size(); ++p)
      for (uint32_t i = 0; i < scan.sessions.size(); ++i)
        if (!peerings_[p].leak && peerings_[p].sender == scan.sessions[i].node &&
            peerings_[p].sender_neighbor == scan.sessions[i].neighbor)
          conditionalOf_[p] = i;
    return *this;
  }

  typename F::Outcome run(bool keepState) {
    if constexpr (F::kIpv4)
      if (keepState) state_ = std::make_shared<BgpConvergedState>();
    collectOriginations();
    std::set<Prefix, LongerFirst> prefixes;
    for (const auto& [p, v] : originations_) prefixes.insert(p);
    for (const auto& [p, v] : externals_) prefixes.insert(p);
    for (const auto& [p, v] : aggregates_) prefixes.insert(p);
    for (uint32_t p = 0; p < peerings_.size(); ++p)
      if (up_[p] && facts_[p].default_originate) prefixes.insert(F::defaultRoute());
    if (baseline_)
      for (const auto& [p, v] : baseline_->prefixes) prefixes.insert(p);
    size_t first = prefixes.size() * part_ / parts_, end = prefixes.size() * (part_ + 1) / parts_;
    prefixesTotal_ = prefixesLeft_ = end - first;
    auto it = std::next(prefixes.begin(), static_cast<std::ptrdiff_t>(first));
    for (size_t i = first; i < end; ++i, ++it) {
      topo_.deadline().check();
      runPrefix(*it);
      --prefixesLeft_;
    }
    if constexpr (F::kIpv4)
      if (state_) {
        state_->peerings = std::move(peerings_);
        state_->facts = std::move(facts_);
        state_->resolutions = std::move(resolutions_);
        state_->resolve_cache = std::move(resolveCache_);
        state_->peer_resolution = std::move(peerResolution_);
        outcome_.state = std::move(state_);
      }
    return std::move(outcome_);
  }

 private:
  void startPeerings(const std::vector<BgpPeering>& peerings) {
    peerings_ = peerings;
    up_.assign(peerings_.size(), 1);
    facts_ = peeringFacts(topo_, peerings_, policies_, !F::kIpv4);
    peerResolution_.assign(peerings_.size(), kUnresolved);
    resolveCache_.resize(topo_.nodeCount());
  }

  // The scenario's sessions in the baseline's numbering (paths kept from the baseline name
  // their session by index): baseline sessions that did not come up stay, marked down; new
  // ones go at the end. What the baseline resolved stays valid where the IGP did not change.
  void alignPeerings(const std::vector<BgpPeering>& peerings, const std::vector<char>& changed) {
    const auto& base = *baseline_;
    peerings_ = base.peerings;
    facts_ = base.facts;
    up_.assign(peerings_.size(), 0);
    // A receiver's neighbor statement names one session into it (a VRF leak: its two ends).
    using Key = std::tuple<const model::BgpNeighbor*, uint32_t, uint32_t>;
    auto key = [](const BgpPeering& p) { return Key{p.receiver_neighbor, p.sender, p.receiver}; };
    std::map<Key, uint32_t> index;
    for (uint32_t p = 0; p < peerings_.size(); ++p) index.emplace(key(peerings_[p]), p);
    std::vector<BgpPeering> added;
    for (const auto& peering : peerings) {
      auto it = index.find(key(peering));
      if (it != index.end()) {
        up_[it->second] = 1;
        continue;
      }
      newPeerings_.push_back(static_cast<uint32_t>(peerings_.size() + added.size()));
      added.push_back(peering);
    }
    for (uint32_t p = 0; p < peerings_.size(); ++p)
      if (!up_[p]) downPeerings_.push_back(p);
    auto addedFacts = peeringFacts(topo_, added, policies_, !F::kIpv4);
    peerings_.insert(peerings_.end(), added.begin(), added.end());
    facts_.insert(facts_.end(), addedFacts.begin(), addedFacts.end());
    up_.resize(peerings_.size(), 1);
    // Resolutions: the baseline's (ids below baseResolutions_) read in place, new ones here.
    baseResolutions_ = static_cast<uint32_t>(base.resolutions.size());
    resolveCache_.resize(topo_.nodeCount());
    changed_ = changed;
    peerResolution_ = base.peer_resolution;
    peerResolution_.resize(peerings_.size(), kUnresolved);
    for (uint32_t i = 0; i < changed.size(); ++i)
      if (changed[i] && nodes_[i].bgp) changedNodes_.push_back(i);
    for (uint32_t p = 0; p < peerings_.size(); ++p) {
      if (changed[peerings_[p].receiver]) peerResolution_[p] = kUnresolved;
      // A VPN path resolves in the receiving PE's default VRF: offered again when that changed.
      uint32_t resolver = peerings_[p].vpn_resolver;
      if (resolver != kNone && changed[resolver] && up_[p]) vpnReoffers_.push_back(p);
    }
  }

  // The administrative distance of a learned path or an aggregate at node `n`.
  uint32_t distanceOf(uint32_t n, const BgpPath& b) const {
    const auto& d = topo_.device(n);
    if (b.kind == PathKind::Aggregate) return d.bgp->distance_local.value_or(d.defaults.distance_bgp_local);
    return b.ebgp ? d.bgp->distance_ebgp.value_or(d.defaults.distance_ebgp)
                  : d.bgp->distance_ibgp.value_or(d.defaults.distance_ibgp);
  }

  // A learned path or an aggregate that a connected, static or IGP route of no greater
  // distance keeps out of the main RIB (installRoutes lists those first on a tie).
  bool inactiveInRib(uint32_t n, const Prefix& prefix, const BgpPath& b) const {
    if (b.kind == PathKind::Local) return false;  // originated from the active route itself
    const Route* r = ribs_[n].exact(prefix);
    return r && r->admin_distance <= distanceOf(n, b);
  }

  // The path at node `n` (which originated it, if it is a local one) as a policy sees it.
  PolicySubject subjectOf(uint32_t n, const BgpPath& path, const Prefix& prefix) const {
    PolicySubject s;
    F::setPrefix(s, prefix);
    if (path.interface != kNone) s.interface = topo_.device(n).interfaces[path.interface].name;
    s.protocol = path.source;
    s.as_path = path.as_path;
    s.communities = path.communities;
    s.ext_communities = path.ext_communities;
    s.large_communities = path.large_communities;
    s.local_pref = path.local_pref;
    s.metric = path.med;
    s.weight = path.weight;
    s.origin = path.origin;
    if constexpr (F::kIpv4) s.next_hop = Ipv4{path.next_hop};
    // A map run on a path this router originates (network, redistribute, aggregate,
    // default-originate) runs for the router itself; import and export set the session's peer.
    s.peer.origination = path.kind != PathKind::Learned;
    return s;
  }

  void takeSets(BgpPath& path, const PolicySubject& s) const {
    path.as_path = s.as_path;
    path.communities = s.communities;
    path.ext_communities = s.ext_communities;
    path.large_communities = s.large_communities;
    path.local_pref = s.local_pref;
    path.med = s.metric;
    path.med_missing = path.med_missing && !s.metric_set;
    path.weight = s.weight;
    path.origin = s.origin;
  }

  // The sets of a `network` or `redistribute` route-map. Its `set ip next-hop ADDRESS` is the
  // next hop the path is announced with, as on a received path (FRR bgp_static_update and
  // bgp_redistribute_add apply the route-map to the attributes they announce; lab
  // redistribute-set-next-hop); `peer-address` and `unchanged` name no peer here.
  void takeOriginationSets(BgpPath& path, const PolicySubject& s) const {
    takeSets(path, s);
    if constexpr (F::kIpv4)
      if (s.next_hop_set) path.next_hop = s.next_hop.value;
  }

  BgpPath localPath(uint32_t node, uint8_t origin, uint32_t med) {
    BgpPath p;
    p.kind = PathKind::Local;
    p.origin = origin;
    p.med = med;
    p.weight = nodes_[node].local_weight;
    p.local_pref = nodes_[node].default_local_pref;
    p.peer_router_id = nodes_[node].router_id;
    return p;
  }

  // The next hops a redistributed IPv4 route was configured or learned with: a recursive
  // static's configured ones, else the forwarding ones.
  static std::vector<std::optional<Ipv4>> gatewaysOf(const Route& r) {
    const auto& hops = r.protocol_next_hops.empty() ? r.next_hops : r.protocol_next_hops;
    std::vector<std::optional<Ipv4>> out;
    for (const auto& h : hops) out.push_back(h.ip);
    return out;
  }

  // network statements and redistribution, per prefix (aggregates are decided later).
  void collectOriginations() {
    for (uint32_t n = 0; n < nodes_.size(); ++n) {
      const auto* bgp = nodes_[n].bgp;
      if (!bgp) continue;
      const auto& d = topo_.device(n);
      uint32_t order = 0;
      for (const auto& net : F::networks(*bgp)) {
        const Route* r = ribs_[n].exact(net.prefix);
        if (!r && d.defaults.bgp_network_requires_rib) continue;
        BgpPath path = localPath(n, 0, r ? r->metric : 0);
        PolicySubject s = subjectOf(n, path, net.prefix);
        if (!policies_[n].applyOne(net.route_map, s)) continue;
        takeOriginationSets(path, s);
        path.order = order++;
        originations_[net.prefix].emplace_back(n, path);
      }
      for (const auto& redist : F::redistributions(*bgp)) {
        for (const auto& r : ribs_[n].routes()) {
          bool taken = F::redistributes(redist, r);
          if constexpr (F::kIpv4)
            taken = taken || (redist.source == model::RouteSource::Eigrp && coveredByEigrp(d, redist.process, r));
          if (!taken) continue;
          BgpPath path = localPath(n, 2, redist.metric.value_or(r.metric));
          path.source = redist.source;
          if (!r.next_hops.empty())
            if (const auto* i = d.findInterface(r.next_hops.front().interface))
              path.interface = static_cast<uint32_t>(i - d.interfaces.data());
          PolicySubject s = subjectOf(n, path, r.prefix);
          if constexpr (F::kIpv4) {
            if (!r.next_hops.empty() && r.next_hops.front().ip) s.next_hop = *r.next_hops.front().ip;
            path.next_hop = semantics::redistributedNextHop(d.defaults, gatewaysOf(r));
          }
          if (!policies_[n].applyOne(redist.route_map, s)) continue;
          takeOriginationSets(path, s);
          path.order = order++;
          originations_[r.prefix].emplace_back(n, path);
        }
      }
      if constexpr (F::kIpv4) collectAggregates(n);
    }
    if constexpr (F::kIpv4) collectExternals();
  }

  void collectAggregates(uint32_t n) {
    const auto* bgp = nodes_[n].bgp;
    const auto& d = topo_.device(n);
    for (uint32_t i = 0; i < bgp->aggregates.size(); ++i) {
      const auto& agg = bgp->aggregates[i];
      aggregates_[agg.prefix].emplace_back(n, i);
      // Where the vendor counts main-RIB contributors (EOS), a more specific static,
      // connected or IGP route activates the aggregate without any BGP route.
      if (!d.defaults.bgp_aggregate_from_main_rib) continue;
      for (const auto& r : ribs_[n].routes())
        if (r.protocol != Protocol::Local && r.prefix.length > agg.prefix.length &&
            agg.prefix.contains(r.prefix))
          aggregateState_[n][i].contributed = true;
    }
  }

  // external.json announcements, at the receivers of their sessions (IPv4 only).
  void collectExternals() {
    for (uint32_t p = 0; p < peerings_.size(); ++p) {
      if (peerings_[p].sender != kNone || !up_[p]) continue;
      const auto& receiver = topo_.device(peerings_[p].receiver);
      for (const auto& a : topo_.network().externals)
        if (lowercase(a.node) == lowercase(receiver.name) && a.peer == peerings_[p].sender_address)
          externals_[a.prefix].emplace_back(p, &a);
    }
  }

  // Nodes are processed shortest offered AS path first (then in arrival order), like a
  // Dijkstra over path length: with shortest-path-like policies every node decides about
  // once per prefix instead of exploring longer paths first. Any order reaches the same
  // fixpoint when there is one; this one just gets there with less work.
  void enqueue(uint32_t n, uint32_t key) {
    if (!queued_[n] || key < queueKey_[n]) {
      queued_[n] = 1;
      queueKey_[n] = key;
      queue_.emplace(key, sequence_++, n);
    }
    touchNode(n);
  }
  void touchNode(uint32_t n) {
    if (!touched_[n]) {
      touched_[n] = 1;
      touchedNodes_.push_back(n);
    }
  }

  void runPrefix(const Prefix& prefix) {
    const typename State::PrefixState* before = nullptr;
    if (baseline_)
      if (auto it = baseline_->prefixes.find(prefix); it != baseline_->prefixes.end()) before = &it->second;
    LocalPaths local = localPaths(prefix);
    if (before && !mustRecompute(*before, local)) {
      contributeToAggregates(prefix, before);
      return;
    }
    if (before) load(*before);
    for (const auto& [n, path] : local) {
      local_[n].push_back(&arena_.emplace_back(path));
      enqueue(n, 0);
    }
    if (before) {
      for (const auto& [n, path] : before->local) enqueue(n, 0);  // it may have lost it
      seedChanges(prefix);
    } else {
      seedFresh(prefix);
    }

    bool converged = true;
    while (!queue_.empty()) {
      auto [key, seq, n] = queue_.top();
      queue_.pop();
      if (!queued_[n] || key != queueKey_[n]) continue;  // superseded by a shorter offer
      queued_[n] = 0;
      if (!decide(n)) {
        // The best stayed, the table did not (it is queued when a path arrives or leaves):
        // add-path sessions carry the other paths too.
        if (!nodes_[n].add_path_out) continue;
        if (++tableChanges_[n] > kMaxTableChanges) {
          converged = false;
          outcome_.warnings.push_back("BGP did not converge for " + prefix.str() + ": the paths at " +
                                      topo_.device(n).name + " keep changing (add-path)");
          break;
        }
        for (uint32_t p : nodes_[n].out)
          if (facts_[p].add_path.any()) propagate(p, prefix);
        continue;
      }
      if (++changes_[n] > kMaxBestChanges) {
        converged = false;
        outcome_.warnings.push_back("BGP did not converge for " + prefix.str() + ": the best path at " +
                                    topo_.device(n).name + " keeps changing");
        break;
      }
      for (uint32_t p : nodes_[n].out) propagate(p, prefix);
    }
    if (!converged) outcome_.oscillating.push_back(prefix);
    if (conditional_) scanConditions(prefix);
    emitRoutes(prefix);
    contributeToAggregates(prefix, nullptr);
    if (state_) keep(prefix, std::move(local));
    reset();
  }

  // The conditional advertisement scan over this prefix's paths: every path in a scanning
  // node's table, originated or learned (semantics/conditional_advertisement.h).
  void scanConditions(const Prefix& prefix) {
    auto& scan = *conditional_;
    for (uint32_t i = 0; i < scan.sessions.size(); ++i) {
      uint32_t n = scan.sessions[i].node;
      if (scan.present[i] || !touched_[n]) continue;
      const std::string& map = scan.sessions[i].config->condition_map;
      auto permits = [&](const BgpPath* path) {
        if (!path) return false;
        PolicySubject s = asReceived(n, *path, prefix);
        return policies_[n].applyOne(map, s);
      };
      bool found = std::any_of(local_[n].begin(), local_[n].end(), permits);
      for (uint32_t p : nodes_[n].in) forEachReceived(p, [&](const BgpPath* path) { found = found || permits(path); });
      scan.present[i] = found;
    }
  }

  // A path of node n's table as a map that runs on the table sees it: a learned one with its
  // sender as the peer (FRR prep_for_rmap_apply with the path's peer).
  PolicySubject asReceived(uint32_t n, const BgpPath& path, const Prefix& prefix) const {
    PolicySubject s = subjectOf(n, path, prefix);
    if (path.kind == PathKind::Learned) s.peer = facts_[path.session].import_peer;
    return s;
  }

  // Originations and contributed aggregates of one prefix, after their route-maps.
  LocalPaths localPaths(const Prefix& prefix) {
    LocalPaths out;
    if (auto it = originations_.find(prefix); it != originations_.end()) out = it->second;
    if constexpr (F::kIpv4) addAggregates(prefix, out);
    return out;
  }

  void addAggregates(const Prefix& prefix, LocalPaths& out) {
    if (auto it = aggregates_.find(prefix); it != aggregates_.end())
      for (const auto& [n, i] : it->second) {
        const auto& st = aggregateState_[n][i];
        if (!st.contributed) continue;
        const auto& agg = nodes_[n].bgp->aggregates[i];
        BgpPath path = localPath(n, st.origin, 0);
        path.kind = PathKind::Aggregate;
        if (agg.as_set) path.as_path = tables_.paths.fromSequenceAndSet({}, st.asns);
        PolicySubject s = subjectOf(n, path, prefix);
        if (!policies_[n].applyOne(agg.route_map, s)) continue;
        takeSets(path, s);
        out.emplace_back(n, path);
      }
  }

  // Whether a failure scenario can change this prefix's routes: a node's IGP changed or a
  // session came up (anything may follow), the prefix's originations differ, or a session
  // that carried it went down. Otherwise the baseline's state is still a stable one.
  bool mustRecompute(const typename State::PrefixState& before, const LocalPaths& local) const {
    if (!changedNodes_.empty() || !newPeerings_.empty() || local != before.local) return true;
    return std::any_of(downPeerings_.begin(), downPeerings_.end(),
                       [&](uint32_t p) { return before.adj_in[p] != nullptr; });
  }

  // Starts a prefix from the baseline's converged state.
  void load(const typename State::PrefixState& before) {
    std::copy(before.adj_in.begin(), before.adj_in.end(), adjIn_.begin());
    for (const auto& [p, more] : before.adj_in_more) adjInMore_[p] = more;
    loaded_ = true;
    for (const auto& [n, best] : before.best) {
      best_[n] = best;
      loadedBest_.push_back(n);
    }
  }

  // A fresh prefix: what external peers announce and default-originate sessions send.
  void seedFresh(const Prefix& prefix) {
    if (auto it = externals_.find(prefix); it != externals_.end())
      for (const auto& [p, a] : it->second) deliver(p, importPath(p, prefix, externalPath(*a)));
    if (prefix.length == 0)
      for (uint32_t p = 0; p < peerings_.size(); ++p)
        if (up_[p] && facts_[p].default_originate) propagate(p, prefix);
  }

  // A loaded prefix: withdraw what down sessions delivered, re-import everything into nodes
  // whose IGP changed (next hops resolve differently) and offer over new sessions.
  void seedChanges(const Prefix& prefix) {
    for (uint32_t p : downPeerings_)
      if (const BgpPath* was = adjIn_[p]) {
        adjIn_[p] = nullptr;
        if (!adjInMore_.empty()) adjInMore_[p].clear();
        enqueue(peerings_[p].receiver, tables_.paths.length(was->as_path));
      }
    for (uint32_t n : changedNodes_) {
      for (uint32_t p : nodes_[n].in) reoffer(p, prefix);
      enqueue(n, 0);
    }
    for (uint32_t p : newPeerings_) reoffer(p, prefix);
    for (uint32_t p : vpnReoffers_) reoffer(p, prefix);
  }

  void reoffer(uint32_t p, const Prefix& prefix) {
    if (peerings_[p].sender != kNone) {
      propagate(p, prefix);
      return;
    }
    std::optional<BgpPath> offered;
    if (auto it = externals_.find(prefix); it != externals_.end())
      for (const auto& [q, a] : it->second)
        if (q == p) offered = importPath(p, prefix, externalPath(*a));
    deliver(p, std::move(offered));
  }

  BgpPath externalPath(const model::ExternalAnnouncement& a) {
    BgpPath path;
    path.as_path = tables_.paths.fromSequence(a.as_path);
    path.communities = tables_.communities.intern(a.communities);
    path.med = a.med;
    path.next_hop = a.peer.value;
    return path;
  }

  void keep(const Prefix& prefix, LocalPaths local) {
    auto& st = state_->prefixes[prefix];
    st.paths = std::move(arena_);
    arena_ = {};
    st.adj_in = adjIn_;
    for (uint32_t p = 0; p < adjInMore_.size(); ++p)
      if (!adjInMore_[p].empty()) st.adj_in_more.emplace_back(p, adjInMore_[p]);
    for (uint32_t n : touchedNodes_)  // sorted by emitRoutes
      if (!best_[n].empty()) st.best.emplace_back(n, best_[n]);
    st.local = std::move(local);
  }

  void reset() {
    for (uint32_t n : touchedNodes_) {
      local_[n].clear();
      best_[n].clear();
      changes_[n] = 0;
      tableChanges_[n] = 0;
      queued_[n] = 0;
      touched_[n] = 0;
    }
    for (uint32_t n : loadedBest_) best_[n].clear();
    loadedBest_.clear();
    touchedNodes_.clear();
    queue_ = {};
    sequence_ = 0;
    if (loaded_) {
      std::fill(adjIn_.begin(), adjIn_.end(), nullptr);
      for (auto& more : adjInMore_) more.clear();
    } else {
      for (uint32_t p : touchedPeerings_) adjIn_[p] = nullptr;
      if (!adjInMore_.empty())
        for (uint32_t p : touchedPeerings_) adjInMore_[p].clear();
    }
    loaded_ = false;
    touchedPeerings_.clear();
    arena_.clear();
  }

  // Runs the decision process at n; true when the best path changed.
  bool decide(uint32_t n) {
    candidates_.clear();
    for (const BgpPath* path : local_[n]) candidates_.push_back(path);
    for (uint32_t p : nodes_[n].in) forEachReceived(p, [&](const BgpPath* path) { candidates_.push_back(path); });
    selectBest(candidates_, tables_.paths, nodes_[n].decision, order_);
    auto& best = best_[n];
    bool changed = order_.empty() != best.empty();
    if (!changed && !order_.empty()) {
      const BgpPath* front = candidates_[order_.front()];
      changed = front != best.front() && !(*front == *best.front());
    }
    best.clear();
    for (uint32_t i : order_) best.push_back(candidates_[i]);
    return changed;
  }

  // The sender's current best over peering p, through both ends' policies, into the
  // receiver's Adj-RIB-In.
  void propagate(uint32_t p, const Prefix& prefix) {
    if (peerings_[p].leak) {
      deliver(p, leakPath(p, prefix));
      return;
    }
    if (facts_[p].add_path.any()) {
      deliverPaths(p, addPaths(p, prefix));
      return;
    }
    auto sent = exportPath(p, prefix);
    deliver(p, sent ? importPath(p, prefix, *sent) : std::nullopt);
  }

  // The paths received over peering p: the first, then those add-path delivered after it.
  template <class Fn>
  void forEachReceived(uint32_t p, Fn fn) const {
    if (!adjIn_[p]) return;
    fn(adjIn_[p]);
    if (!adjInMore_.empty())
      for (const BgpPath* path : adjInMore_[p]) fn(path);
  }

  // What an add-path peering p delivers (semantics::addPathChosen): the sender's valid paths
  // it chooses, best first, each through both ends' policies as a best path goes. Each path
  // carries its rank as `order`, which tells apart two paths of one session that tie to the end.
  std::vector<BgpPath> addPaths(uint32_t p, const Prefix& prefix) {
    std::vector<BgpPath> out;
    uint32_t n = peerings_[p].sender;
    if (prefix.length == 0 && facts_[p].default_originate) {  // the default route alone
      if (auto sent = exportPath(p, prefix))
        if (auto got = importPath(p, prefix, *sent)) out.push_back(std::move(*got));
      return out;
    }
    if constexpr (F::kIpv4)
      if (facts_[p].default_originate &&
          semantics::withheldByDefaultOriginate(topo_.device(n).defaults, prefix))
        return out;
    if (best_[n].empty()) return out;
    rankPaths(n);
    auto chosen = semantics::addPathChosen(
        facts_[p].add_path, ranked_.size(), [&](size_t i) { return tables_.paths.firstAs(ranked_[i]->as_path); },
        [&](size_t i) { return ranked_[i]->next_hop; });
    for (uint32_t i = 0; i < ranked_.size(); ++i) {
      if (!chosen[i]) continue;
      auto sent = exportPath(p, prefix, *ranked_[i]);
      if (!sent) continue;
      sent->order = i;
      if (auto got = importPath(p, prefix, *sent)) out.push_back(std::move(*got));
    }
    return out;
  }

  // Node n's valid paths into ranked_, best first: each the best of those not ranked yet (the
  // decision process run again without the paths before it, so a deterministic-MED order that
  // is not transitive still ranks every group's best first within its group).
  void rankPaths(uint32_t n) {
    ranked_.clear();
    ranked_.push_back(best_[n].front());
    unranked_.clear();
    auto add = [&](const BgpPath* path) {
      if (path->valid && path != ranked_.front()) unranked_.push_back(path);
    };
    for (const BgpPath* path : local_[n]) add(path);
    for (uint32_t q : nodes_[n].in) forEachReceived(q, add);
    while (!unranked_.empty()) {
      selectBest(unranked_, tables_.paths, nodes_[n].decision, rankOrder_);
      size_t next = rankOrder_.empty() ? 0 : rankOrder_.front();
      ranked_.push_back(unranked_[next]);
      unranked_.erase(unranked_.begin() + static_cast<std::ptrdiff_t>(next));
    }
  }

  // An add-path peering's Adj-RIB-In becomes `paths` (the first in adjIn_, the rest after it).
  void deliverPaths(uint32_t p, std::vector<BgpPath> paths) {
    auto& more = adjInMore_[p];
    const BgpPath* first = adjIn_[p];
    bool same = (first != nullptr) == !paths.empty() && (!first || more.size() + 1 == paths.size());
    for (size_t i = 0; same && i < paths.size(); ++i) same = *(i == 0 ? first : more[i - 1]) == paths[i];
    if (same) return;
    uint32_t key = first ? tables_.paths.length(first->as_path) : 0;
    more.clear();
    adjIn_[p] = nullptr;
    for (size_t i = 0; i < paths.size(); ++i) {
      const BgpPath* kept = &arena_.emplace_back(std::move(paths[i]));
      if (i == 0) adjIn_[p] = kept;
      else more.push_back(kept);
      uint32_t length = tables_.paths.length(kept->as_path);
      key = i == 0 ? length : std::min(key, length);
    }
    touchedPeerings_.push_back(p);
    enqueue(peerings_[p].receiver, key);
  }

  void deliver(uint32_t p, std::optional<BgpPath> path) {
    uint32_t r = peerings_[p].receiver;
    const BgpPath* current = adjIn_[p];
    if (!path) {
      if (!current) return;
      adjIn_[p] = nullptr;
      enqueue(r, tables_.paths.length(current->as_path));
      return;
    }
    if (current && *current == *path) return;
    adjIn_[p] = &arena_.emplace_back(*path);
    touchedPeerings_.push_back(p);
    enqueue(r, tables_.paths.length(path->as_path));
  }

  std::optional<BgpPath> exportPath(uint32_t p, const Prefix& prefix) {
    const auto& peer = peerings_[p];
    uint32_t n = peer.sender;
    const auto& facts = facts_[p];
    if constexpr (F::kIpv4) {  // default-originate is modelled for IPv4 unicast only
      if (prefix.length == 0 && facts.default_originate) {
        const auto& sn = *peer.sender_neighbor;
        // default-originate: sent whatever the RIB holds, outside the outbound policy.
        BgpPath d = localPath(n, 0, 0);
        PolicySubject s = subjectOf(n, d, prefix);
        policies_[n].applyOne(sn.default_originate_route_map, s);
        return transform(p, d, s);
      }
      if (facts.default_originate && semantics::withheldByDefaultOriginate(topo_.device(n).defaults, prefix))
        return std::nullopt;
    }
    if (best_[n].empty()) return std::nullopt;
    return exportPath(p, prefix, *best_[n].front());
  }

  // Path b of the sender's table over peering p, through its export rules and policies.
  std::optional<BgpPath> exportPath(uint32_t p, const Prefix& prefix, const BgpPath& b) {
    const auto& peer = peerings_[p];
    uint32_t n = peer.sender;
    const auto& cfg = nodes_[n];
    const auto& facts = facts_[p];
    // EOS and Junos advertise only routes active in the main RIB (VendorDefaults).
    if (!cfg.bgp->advertise_inactive && inactiveInRib(n, prefix, b)) return std::nullopt;
    // Export only ever prepends (unless as-override or remove-private-as rewrite the path), so
    // a path the receiver's loop check drops already need not be exported (in a Clos fabric:
    // about half the sessions, for every prefix).
    if (peer.ebgp && !facts.as_override && !facts.remove_private && loops(p, b.as_path)) return std::nullopt;
    if (b.kind == PathKind::Learned) {
      const auto& from = peerings_[b.session];
      if (from.sender != kNone && from.sender == peer.receiver) return std::nullopt;
      // iBGP to iBGP only through a route reflector: client routes go to everyone,
      // non-client routes to clients only. A path leaked from another VRF goes as it came
      // there: learned over iBGP, or originated or learned over eBGP.
      bool internal = from.leak ? !b.ebgp && !b.leaked_local : !from.ebgp;
      if (internal && !peer.ebgp && !from.sender_is_client && !peer.receiver_is_client)
        return std::nullopt;
    }
    auto carries = [&](model::Community c) { return tables_.communities.contains(b.communities, c); };
    if (semantics::withheldByWellKnownCommunity(carries, peer.ebgp, peer.confed)) return std::nullopt;
    if constexpr (F::kIpv4)
      if (semantics::suppressedBySummary(*cfg.bgp, prefix)) return std::nullopt;
    if (facts.out_blocked) return std::nullopt;
    auto& pol = policies_[n];
    if (facts.out_filtered) {
      const auto& sn = F::settings(*peer.sender_neighbor);
      if (!sn.prefix_list_out.empty() && !F::prefixListPermits(pol, sn.prefix_list_out, prefix))
        return std::nullopt;
      if (!sn.filter_list_out.empty() && !pol.asPathListPermits(sn.filter_list_out, b.as_path))
        return std::nullopt;
    }
    // Only-to-Customer (RFC 9234), before remove-private-as (FRR subgroup_announce_check).
    uint32_t otc = b.otc;
    if (!semantics::otcSends(facts.out_role, cfg.asn, otc)) return std::nullopt;
    PolicySubject s = subjectOf(n, b, prefix);
    s.peer = facts.export_peer;
    // Conditional advertisement (semantics::conditionalExport): in Advertise, a path the
    // advertise-map permits takes the map's sets, on its own attributes, in place of the
    // outbound route-map.
    const uint32_t conditional = conditional_ ? conditionalOf_[p] : kNone;
    bool byAdvertiseMap = false;
    if (conditional != kNone && conditional_->updates[conditional] == semantics::ConditionalUpdate::Advertise) {
      PolicySubject a = asReceived(n, b, prefix);
      const auto& map = conditional_->sessions[conditional].config->advertise_map;
      bool permits = policies_[n].applyOne(map, a);
      byAdvertiseMap = semantics::conditionalExport(conditional_->updates[conditional], permits) ==
                       semantics::ConditionalExport::ByAdvertiseMap;
      if (byAdvertiseMap) {
        a.peer = s.peer;
        s = std::move(a);
      }
    }
    // remove-private-as, then as-override (FRR subgroup_announce_check, both before the
    // outbound route-map).
    if (facts.remove_private) {
      auto kept = semantics::withoutPrivateAs(topo_.device(n).defaults, *peer.sender_neighbor,
                                              tables_.paths.asns(s.as_path), cfg.asn, peer.receiver_as);
      if (!kept.empty()) s.as_path = tables_.paths.rewrite(s.as_path, kept);
    }
    // as-override: the receiver's AS becomes this router's.
    if (facts.as_override)
      s.as_path = tables_.paths.replace(s.as_path, facts.as_override->replaced, facts.as_override->by);
    // In Withdraw, the advertise-map runs after them, for the peer, as the outbound map does.
    if (conditional != kNone && conditional_->updates[conditional] == semantics::ConditionalUpdate::Withdraw) {
      PolicySubject w = s;
      bool permits = policies_[n].applyOne(conditional_->sessions[conditional].config->advertise_map, w);
      if (semantics::conditionalExport(semantics::ConditionalUpdate::Withdraw, permits) ==
          semantics::ConditionalExport::Withheld)
        return std::nullopt;
    }
    if (!facts.out_permits_all && !byAdvertiseMap) {
      // A reflected route is filtered by the map; where the vendor drops its sets, it leaves
      // as it came (semantics::outboundSetsReachReflectedRoutes).
      bool reflected = b.kind == PathKind::Learned && !b.ebgp && !b.confed && !peer.ebgp && !peer.confed;
      std::optional<PolicySubject> unchanged;
      if (reflected && !semantics::outboundSetsReachReflectedRoutes(topo_.device(n).defaults, *cfg.bgp))
        unchanged = s;
      if (!pol.apply(*facts.out, cfg.bgp->export_default, s)) return std::nullopt;
      if (unchanged) s = std::move(*unchanged);
    }
    BgpPath out = transform(p, b, s);
    out.otc = otc;
    return out;
  }

  // semantics::exportedNextHop for peering p. A learned link-local next hop (0.0.0.0 here:
  // learned over an unnumbered session) counts as none, as a local route's. IPv6: the
  // family's own next hop; `set ip next-hop` acts on IPv4 routes only, a family-blind
  // next-hop-self (Junos `then next-hop self`) on both.
  uint32_t exportedNextHop(uint32_t p, const BgpPath& b, const PolicySubject& s, bool reflected) const {
    const auto& peer = peerings_[p];
    semantics::NextHopSession session{.ebgp = peer.ebgp && !peer.confed,
                                      .next_hop_self = facts_[p].next_hop_self || b.announce_self,
                                      .force = facts_[p].next_hop_self_force,
                                      .unnumbered = peer.unnumbered(),
                                      .shared_subnet = facts_[p].shared_subnet};
    using semantics::NextHopByPolicy;
    semantics::NextHopRoute<uint32_t, bool> route{
        .hop = b.next_hop,  // an originated path's: semantics::redistributedNextHop
        .reflected = reflected,
        .import_unchanged = b.next_hop_policy == NextHopByPolicy::Unchanged,
        .import_by_policy = b.next_hop_policy != NextHopByPolicy::None};
    semantics::NextHopExportSet<uint32_t, bool> set{.set_address = false, .address = 0,
                                                    .peer_address = false, .unchanged = false};
    if constexpr (F::kIpv4)
      set = {.set_address = s.next_hop_set,
             .address = s.next_hop.value,
             .peer_address = s.next_hop_peer_address,
             .unchanged = s.next_hop_unchanged};
    else
      set.peer_address = s.next_hop_peer_address_ipv6;
    return semantics::exportedNextHop(session, route, set, family_.selfNextHop(p, peer));
  }

  // The attributes as they go on the wire, after the outbound policy.
  BgpPath transform(uint32_t p, const BgpPath& b, const PolicySubject& s) {
    const auto& peer = peerings_[p];
    BgpPath out;
    out.origin = s.origin;
    out.communities = facts_[p].send_community ? s.communities : CommunityTable::kEmpty;
    out.ext_communities = facts_[p].send_ext_community ? s.ext_communities : TextCommunityTable::kEmpty;
    out.large_communities = facts_[p].send_large_community ? s.large_communities : TextCommunityTable::kEmpty;
    // IPv6 over a shared link: the sender adds its link-local address for its own routes and
    // for eBGP peers, never to a route it reflects (FRR subgroup_announce_check).
    out.link_local_next_hop = family_.sharedLink(p) && (b.kind != PathKind::Learned || (peer.ebgp && !peer.confed));
    if (peer.ebgp && !peer.confed) {
      // Leaving a confederation strips its segments (sender_as is then its identifier). One
      // sender exports the same path to many peers: remember the last prepend.
      uint32_t path = tables_.paths.withoutConfed(s.as_path);
      uint32_t own = facts_[p].export_own_as;
      if (path != lastPrepend_[0] || peer.sender_as != lastPrepend_[1] || own != lastPrepend_[2]) {
        uint32_t behind = own ? tables_.paths.prepend(path, own) : path;
        lastPrepend_ = {path, peer.sender_as, own, tables_.paths.prepend(behind, peer.sender_as)};
      }
      out.as_path = lastPrepend_[3];
      out.next_hop = exportedNextHop(p, b, s, false);
      // MED does not cross two AS boundaries unless a policy sets it.
      bool keepMed = s.metric_set || b.kind != PathKind::Learned || !b.ebgp;
      out.med = keepMed ? s.metric : 0;
      out.med_missing = keepMed ? (b.med_missing && !s.metric_set) : true;
      out.local_pref = 0;
    } else {
      // iBGP, or confed-eBGP: the member AS goes into the confed segment, the rest as iBGP.
      out.as_path = peer.confed ? tables_.paths.prependConfed(s.as_path, peer.sender_as) : s.as_path;
      bool reflected = b.kind == PathKind::Learned && !b.ebgp && !b.confed && !peer.confed;
      out.next_hop = exportedNextHop(p, b, s, reflected);
      out.local_pref = s.local_pref;
      out.med = s.metric;
      out.med_missing = b.med_missing && !s.metric_set;
      if (reflected) {
        out.originator_id = b.originator_id ? b.originator_id : b.peer_router_id;
        std::vector<model::Community> clusters = tables_.clusterLists.get(b.cluster_list);
        clusters.push_back(nodes_[peer.sender].cluster_id);
        out.cluster_list = tables_.clusterLists.intern(std::move(clusters));
        out.cluster_length = b.cluster_length + 1;
      }
    }
    return out;
  }

  // The exporting VRF's best path as the importing VRF takes it over leak peering p
  // (sim/vrf_leaks.h): attributes as the leak's maps leave them; a learned path keeps its next
  // hop and resolution, an originated one forwards as the exporter's own route does.
  std::optional<BgpPath> leakPath(uint32_t p, const Prefix& prefix) {
    const auto& peer = peerings_[p];
    uint32_t n = peer.sender;
    if (best_[n].empty()) return std::nullopt;
    const BgpPath& b = *best_[n].front();
    if (b.kind == PathKind::Learned && peerings_[b.session].leak) return std::nullopt;  // never leaked on
    PolicySubject s = subjectOf(n, b, prefix);
    if (!leakSubject(*peer.leak, policies_[n], policies_[peer.receiver], tables_.ext_communities, s))
      return std::nullopt;
    BgpPath out = b;
    takeSets(out, s);
    out.session = p;
    if (peer.vpn_resolver != kNone) out = vpnPath(p, std::move(out));
    else if (b.kind != PathKind::Learned) {
      out.kind = PathKind::Learned;
      out.leaked_local = true;
      out.ebgp = false;
      out.next_hop = 0;
      out.igp_cost = 0;
      out.resolution = originResolution(n, prefix, b);
      out.valid = out.resolution != kNone;
    }
    if (topo_.device(peer.receiver).defaults.bgp_leaked_path_is_own) {
      out.ebgp = out.announce_self = true;
      out.confed = false;
    }
    return out;
  }

  // A leaked path as it arrives over VPNv4 peering p (sim/vrf_leaks.h appendVpnPeerings): a
  // path from the sending PE (iBGP, but see VendorDefaults::bgp_leaked_path_is_own), whose session address is the next hop (FRR
  // vpn_leak_from_vrf_update: nexthop-self), resolved in the receiving PE's default VRF. The
  // sender's weight stays behind.
  BgpPath vpnPath(uint32_t p, BgpPath path) {
    const auto& peer = peerings_[p];
    path.kind = PathKind::Learned;
    path.ebgp = path.confed = path.leaked_local = false;
    path.weight = 0;
    path.next_hop = peer.sender_address.value;
    path.next_hop_policy = semantics::NextHopByPolicy::None;
    path.peer_router_id = peer.sender_router_id.value;
    path.peer_address = peer.sender_address.value;
    path.originator_id = 0;
    path.resolution = resolve(peer.vpn_resolver, path.next_hop);
    path.valid = path.resolution != kNone;
    path.igp_cost = path.valid ? resolution(path.resolution).metric : 0;
    // Where the vendor needs a labeled next hop, the path stays, invalid (FRR shows it so).
    path.valid = path.valid && semantics::vpnNextHopUsable(topo_.device(peer.vpn_resolver));
    return path;
  }

  // Where the exporter forwards a prefix it originated: its aggregate's discard route, or the
  // connected, static or IGP route the `network` / `redistribute` statement took.
  uint32_t originResolution(uint32_t n, const Prefix& prefix, const BgpPath& b) {
    Resolution res;
    if (b.kind == PathKind::Aggregate) {
      res.next_hops = discard_;
    } else {
      const Route* r = ribs_[n].exact(prefix);
      if (!r) return kNone;
      res.next_hops = r->next_hops;
      res.metric = r->metric;
      res.connected = r->protocol == Protocol::Connected;
    }
    resolutions_.push_back(std::move(res));
    return baseResolutions_ + static_cast<uint32_t>(resolutions_.size() - 1);
  }

  // eBGP loop prevention at the receiver: its own AS (or local-as) in the path more often
  // than allowas-in allows.
  bool loops(uint32_t p, uint32_t asPath) const {
    const auto& f = facts_[p];
    uint32_t local = f.local_as ? tables_.paths.count(asPath, *f.local_as) : 0;
    // A confederation member also rejects its confederation's identifier (FRR bgp_update).
    const auto& confedId = nodes_[peerings_[p].receiver].bgp->confederation_id;
    if (confedId && *confedId != f.receiver_asn) local += tables_.paths.count(asPath, *confedId);
    return semantics::asPathLoops(tables_.paths.count(asPath, f.receiver_asn), local, f.allowas_in);
  }

  std::optional<BgpPath> importPath(uint32_t p, const Prefix& prefix, BgpPath path) {
    const auto& peer = peerings_[p];
    uint32_t r = peer.receiver;
    const auto& cfg = nodes_[r];
    const auto& facts = facts_[p];
    if (peer.ebgp) {
      if (loops(p, path.as_path)) return std::nullopt;
    } else {
      if (path.originator_id == cfg.router_id) return std::nullopt;
      if (tables_.clusterLists.contains(path.cluster_list, cfg.cluster_id)) return std::nullopt;
    }
    if (facts.in_blocked) return std::nullopt;
    // The session's local-as goes in front as the path arrives (before the inbound filters).
    if (facts.received_prepend) path.as_path = tables_.paths.prepend(path.as_path, *facts.received_prepend);
    auto& pol = policies_[r];
    if (facts.in_filtered) {
      const auto& rn = F::settings(*peer.receiver_neighbor);
      if (!rn.prefix_list_in.empty() && !F::prefixListPermits(pol, rn.prefix_list_in, prefix))
        return std::nullopt;
      if (!rn.filter_list_in.empty() && !pol.asPathListPermits(rn.filter_list_in, path.as_path))
        return std::nullopt;
    }
    if (peer.ebgp && !peer.confed) path.local_pref = cfg.default_local_pref;
    path.weight = facts.weight;
    if (!facts.in_permits_all) {
      PolicySubject s = subjectOf(r, path, prefix);
      s.peer = facts.import_peer;
      if (!pol.apply(*facts.in, cfg.bgp->import_default, s)) return std::nullopt;
      takeSets(path, s);
      if constexpr (F::kIpv4) {  // `set ip next-hop` acts on IPv4 routes only
        if (s.next_hop_set) path.next_hop = s.next_hop.value;
        if (s.next_hop_peer_address) path.next_hop = peer.sender_address.value;
        if (cfg.import_next_hop_sticks) path.next_hop_policy = nextHopByPolicy(s);
      }
    }
    // Only-to-Customer (RFC 9234): after the inbound route-map (FRR bgp_update).
    if (!semantics::otcAccepts(facts.in_role, peer.sender_as, path.otc)) return std::nullopt;
    if (tables_.communities.contains(path.communities, model::kBlackhole) &&
        semantics::receivedBlackholeGetsNoExport(topo_.device(r).defaults, peer.ebgp && !peer.confed)) {
      auto with = tables_.communities.get(path.communities);
      with.push_back(model::kNoExport);
      path.communities = tables_.communities.intern(std::move(with));
    }
    path.kind = PathKind::Learned;
    path.session = p;
    path.peer_router_id = peer.sender_router_id.value;
    path.peer_address = family_.peerAddress(p, peer);
    path.ebgp = peer.ebgp && !peer.confed;
    path.confed = peer.confed;
    uint32_t senderHop = family_.selfNextHop(p, peer);
    if (path.next_hop != senderHop)  // a third-party next hop: not ourselves
      if (family_.ownerNode(path.next_hop, r) == r) return std::nullopt;
    uint32_t res;
    if (path.link_local_next_hop) {  // IPv6: out of the shared link to the sender
      if (linkResolution_[p] == kUnresolved) linkResolution_[p] = acrossInterface(p, *family_.sharedLink(p));
      res = linkResolution_[p];
    } else if (path.next_hop == senderHop) {  // the common case, cached per peering
      if (peerResolution_[p] == kUnresolved)
        peerResolution_[p] = peer.unnumbered() ? acrossInterface(p, peer.receiver_interface) : resolve(r, path.next_hop);
      res = peerResolution_[p];
    } else {
      res = resolve(r, path.next_hop);
    }
    path.resolution = res;
    path.valid = res != kNone;
    // Resolving over an earlier round's BGP routes: never over the route to this prefix
    // itself (zebra refuses a next hop that resolves through its own route).
    if constexpr (F::kIpv4)
      if (path.valid && &resolutionRibs_ != &ribs_ && path.next_hop != 0)  // 0: unnumbered
        if (const Route* via = resolutionRibs_[r].longestMatch(Ipv4{path.next_hop}); via && via->prefix == prefix)
          path.valid = false;
    if (path.valid) {
      path.igp_cost = resolution(res).metric;
      // eBGP single-hop: the next hop must be on a connected subnet.
      if (path.ebgp && !facts.multihop && !resolution(res).connected) path.valid = false;
    }
    return path;
  }

  // A next hop that is the sender's link-local address (an unnumbered session, RFC 5549; an
  // IPv6 route over a shared link): straight out of the receiver's interface to the sender
  // (FRR installs it as an interface route).
  uint32_t acrossInterface(uint32_t p, const std::string& interface) {
    const auto& peer = peerings_[p];
    Resolution res;
    res.next_hops = std::vector<Hop>{Hop{std::nullopt, interface, topo_.device(peer.sender).name, false}};
    res.connected = true;
    resolutions_.push_back(std::move(res));
    return baseResolutions_ + static_cast<uint32_t>(resolutions_.size() - 1);
  }

  uint32_t resolve(uint32_t node, uint32_t ip) {
    if (baseline_ && !changed_[node]) {  // the IGP there is the baseline's
      const auto& cache = baseline_->resolve_cache[node];
      if (auto it = cache.find(ip); it != cache.end()) return it->second;
    }
    auto [it, inserted] = resolveCache_[node].try_emplace(ip, kNone);
    if (inserted) {
      auto res = family_.resolve(node, resolutionRibs_[node], ip);
      if (res) {
        it->second = baseResolutions_ + static_cast<uint32_t>(resolutions_.size());
        resolutions_.push_back(std::move(*res));
      } else if constexpr (F::kIpv4) {
        outcome_.unresolved.emplace_back(node, Ipv4{ip});
      }
    }
    return it->second;
  }

  // The distinct values of one field over a best-path set, sorted (in a reused buffer).
  const std::vector<uint32_t>& keyOf(const std::vector<const BgpPath*>& best, uint32_t BgpPath::*field) {
    key_.clear();
    for (const BgpPath* path : best) key_.push_back(path->*field);
    std::sort(key_.begin(), key_.end());
    key_.erase(std::unique(key_.begin(), key_.end()), key_.end());
    return key_;
  }

  // The forwarding next hops of a best-path set: the union of the members' resolutions.
  // Interned by the set of resolutions, so the routes that use the same set share one list.
  Hops nextHopsOf(const std::vector<const BgpPath*>& best) {
    if (best.size() == 1) return resolution(best.front()->resolution).next_hops;
    auto [it, inserted] = ecmpHops_.try_emplace(keyOf(best, &BgpPath::resolution));
    if (inserted) {
      std::vector<Hop> hops;
      for (uint32_t res : key_) {
        const auto& r = resolution(res);
        hops.insert(hops.end(), r.next_hops.begin(), r.next_hops.end());
      }
      F::sortHops(hops);
      it->second = std::move(hops);
    }
    return it->second;
  }

  // The BGP next hops of a best-path set, interned like nextHopsOf.
  Hops protocolNextHopsOf(const std::vector<const BgpPath*>& best) {
    auto [it, inserted] = protocolHops_.try_emplace(keyOf(best, &BgpPath::next_hop));
    if (inserted) {
      std::vector<Hop> hops;
      for (uint32_t ip : key_)  // 0: an unnumbered session's link-local next hop, not shown
        if (ip != 0) hops.push_back(family_.protocolHop(ip));
      it->second = std::move(hops);
    }
    return it->second;
  }

  void emitRoutes(const Prefix& prefix) {
    std::sort(touchedNodes_.begin(), touchedNodes_.end());
    for (uint32_t n : touchedNodes_) {
      if constexpr (F::kIpv4)
        if (baseline_) outcome_.redecided[n].push_back(prefix);
      if (best_[n].empty()) continue;
      const BgpPath& b = *best_[n].front();
      if (b.kind == PathKind::Local) continue;  // the route is in the RIB already
      Route r;
      r.prefix = prefix;
      r.metric = b.med;
      r.as_path = sharedById(asPathLists_, b.as_path, [&] { return tables_.paths.asns(b.as_path); });
      r.local_pref = b.local_pref;
      r.communities = sharedById(communityLists_, b.communities, [&] { return tables_.communities.get(b.communities); });
      r.weight = b.weight;
      r.origin = b.origin;
      r.admin_distance = distanceOf(n, b);
      if (b.kind == PathKind::Aggregate) {
        r.protocol = Protocol::Aggregate;
        r.next_hops = discard_;
      } else {
        // Confed-eBGP routes show as eBGP ones ("B") but take the iBGP distance (FRR).
        r.protocol = b.ebgp || b.confed ? Protocol::Bgp : Protocol::Ibgp;
        r.received_from = senderName(b.session);
        r.next_hops = nextHopsOf(best_[n]);
        r.protocol_next_hops = protocolNextHopsOf(best_[n]);
      }
      auto& routes = outcome_.routes[n];
      // A run from scratch emits all of a node's routes: room for them, at the rate the node
      // has had routes so far, spares a large fabric's nodes (a route for nearly every prefix)
      // growing, moving every route into fresh memory, again and again; a node that has routes
      // for few of the run's prefixes (a VRF instance among thousands) grows as usual. No room
      // for the IGP routes installRoutes joins with them: held through the whole run, room for
      // a WAN's IGP routes was a third of its peak. (joinBgpParts joins a run in parts.)
      if (!baseline_ && parts_ == 1 && routes.size() == routes.capacity()) {
        size_t decided = prefixesTotal_ - prefixesLeft_ + 1;  // this prefix included
        size_t projected = (routes.size() + 1) * prefixesTotal_ / decided;
        routes.reserve(std::max(projected, 2 * routes.capacity()));
      }
      routes.push_back(std::move(r));
    }
  }

  // Who a route came over `session` from (the peer device, or its address outside the
  // snapshot): one string for all the routes it sent.
  const SharedValue<std::string>& senderName(uint32_t session) {
    if (senderNames_.empty()) senderNames_.resize(peerings_.size());
    auto& name = senderNames_[session];
    if (!name.holds()) {
      const auto& from = peerings_[session];
      name = from.sender != kNone ? topo_.device(from.sender).name : from.sender_address.str();
    }
    return name;
  }

  // A route's list for an interned attribute id: made once, shared by every route with it.
  template <class T, class Make>
  static const SharedList<T>& sharedById(std::unordered_map<uint32_t, SharedList<T>>& lists, uint32_t id,
                                         Make make) {
    auto [it, fresh] = lists.try_emplace(id);
    if (fresh) it->second = make();
    return it->second;
  }

  // Aggregates take their attributes from the best paths of the prefixes they cover, from
  // this run's state or (`before`, a prefix the scenario did not change) the baseline's.
  void contributeToAggregates(const Prefix& prefix, const typename State::PrefixState* before) {
    if constexpr (F::kIpv4) contributeToAggregatesOf(prefix, before);
  }

  void contributeToAggregatesOf(const Prefix& prefix, const typename State::PrefixState* before) {
    for (uint32_t n : aggregateNodes_) {
      contributors_.clear();
      if (topo_.device(n).defaults.bgp_aggregate_from_all_paths)
        addContributingPaths(n, before);
      else if (const BgpPath* b = bestAt(n, before))
        contributors_.push_back(b);
      if (contributors_.empty()) continue;
      for (size_t i = 0; i < aggregateState_[n].size(); ++i) {
        const auto& agg = nodes_[n].bgp->aggregates[i];
        if (agg.prefix.length >= prefix.length || !agg.prefix.contains(prefix)) continue;
        auto& st = aggregateState_[n][i];
        st.contributed = true;
        for (const BgpPath* b : contributors_) {
          st.origin = std::max(st.origin, b->origin);
          if (agg.as_set) {
            auto asns = tables_.paths.asns(b->as_path);
            st.asns.insert(st.asns.end(), asns.begin(), asns.end());
          }
        }
      }
    }
  }

  // Node n's best path for the prefix just decided, or (`before`) the baseline's.
  const BgpPath* bestAt(uint32_t n, const typename State::PrefixState* before) const {
    if (!before) return best_[n].empty() ? nullptr : best_[n].front();
    auto it = std::lower_bound(before->best.begin(), before->best.end(), n,
                               [](const auto& entry, uint32_t node) { return entry.first < node; });
    return it != before->best.end() && it->first == n ? it->second.front() : nullptr;
  }

  // Every valid path of node n's table for the prefix but its own aggregates (FRR
  // bgp_aggregate_route), from this run or (`before`) the baseline.
  void addContributingPaths(uint32_t n, const typename State::PrefixState* before) {
    auto take = [&](const BgpPath* path) {
      if (path && path->valid && path->kind != PathKind::Aggregate) contributors_.push_back(path);
    };
    if (!before) {
      for (const BgpPath* path : local_[n]) take(path);
      for (uint32_t p : nodes_[n].in) forEachReceived(p, take);
      return;
    }
    for (const auto& [node, path] : before->local)
      if (node == n) take(&path);
    for (uint32_t p : nodes_[n].in)
      if (p < before->adj_in.size()) take(before->adj_in[p]);
    for (const auto& [p, more] : before->adj_in_more)
      if (peerings_[p].receiver == n)
        for (const BgpPath* path : more) take(path);
  }

  const F& family_;
  const Topology& topo_;
  const std::vector<Rib>& ribs_;
  const std::vector<Rib>& resolutionRibs_;  // what next hops resolve over
  std::vector<PolicyEvaluator>& policies_;
  AttributeTables& tables_;
  const State* baseline_;  // null: from scratch
  // Being kept for later scenarios, if asked (IPv4 only).
  std::shared_ptr<std::conditional_t<F::kIpv4, BgpConvergedState, State>> state_;
  std::vector<NodeConfig> nodes_;
  std::vector<BgpPeering> peerings_;
  std::vector<char> up_;  // per peering: established (baseline ones can be down in a scenario)
  std::vector<uint32_t> downPeerings_, newPeerings_, changedNodes_;  // versus the baseline
  std::vector<uint32_t> vpnReoffers_;  // VPN peerings whose next hops resolve in a changed node

  std::map<Prefix, LocalPaths> originations_;
  std::map<Prefix, std::vector<std::pair<uint32_t, uint32_t>>> aggregates_;  // node, index
  std::map<Prefix, std::vector<std::pair<uint32_t, const model::ExternalAnnouncement*>>> externals_;
  std::vector<std::vector<AggregateState>> aggregateState_;
  std::vector<uint32_t> aggregateNodes_;  // nodes that configure aggregates
  std::vector<std::unordered_map<uint32_t, uint32_t>> resolveCache_;
  std::vector<Resolution> resolutions_;  // ids from baseResolutions_ on
  uint32_t baseResolutions_ = 0;           // the baseline's resolutions, read in place
  std::vector<char> changed_;              // per node, versus the baseline
  const Resolution& resolution(uint32_t id) const {
    return id < baseResolutions_ ? baseline_->resolutions[id] : resolutions_[id - baseResolutions_];
  }
  struct IdsHash {
    size_t operator()(const std::vector<uint32_t>& v) const {
      uint64_t h = 1469598103934665603ull;
      for (uint32_t x : v) h = (h ^ x) * 1099511628211ull;
      return h;
    }
  };
  std::unordered_map<std::vector<uint32_t>, Hops, IdsHash> ecmpHops_;  // by resolution ids
  std::unordered_map<std::vector<uint32_t>, Hops, IdsHash> protocolHops_;  // by next-hop addresses
  std::vector<uint32_t> key_;
  std::unordered_map<uint32_t, SharedList<uint32_t>> asPathLists_;  // by interned path id
  std::unordered_map<uint32_t, SharedList<model::Community>> communityLists_;  // by interned set id
  std::vector<SharedValue<std::string>> senderNames_;  // per peering, made when first used
  const Hops discard_{Hop{std::nullopt, "Null0", "", true}};
  std::vector<PeeringFacts> facts_;  // per peering
  std::vector<uint32_t> peerResolution_;  // per peering: resolution of the peer's address
  std::vector<uint32_t> linkResolution_;  // per peering: of the sender's link-local address

  // Per-prefix state, reset through the touched lists. Paths live in the arena (a deque:
  // they never move) or, loaded from the baseline, in its state.
  std::deque<BgpPath> arena_;
  std::vector<const BgpPath*> adjIn_;  // per peering; null: nothing received
  // Per peering, the paths an add-path session delivered after adjIn_'s (empty: no add-path
  // session in the network).
  std::vector<std::vector<const BgpPath*>> adjInMore_;
  std::vector<const BgpPath*> ranked_, unranked_;  // an add-path sender's valid paths, best first
  std::vector<uint32_t> rankOrder_;
  std::vector<std::vector<const BgpPath*>> local_;
  std::vector<std::vector<const BgpPath*>> best_;  // best first, then the other multipath members
  std::vector<uint32_t> loadedBest_;  // nodes whose best_ came from the baseline
  bool loaded_ = false;
  std::vector<uint32_t> changes_;
  std::vector<uint32_t> tableChanges_;  // decisions that kept the best path (add-path senders re-send)
  std::vector<char> queued_, touched_;
  using QueueItem = std::tuple<uint32_t, uint64_t, uint32_t>;  // key, arrival, node
  std::priority_queue<QueueItem, std::vector<QueueItem>, std::greater<>> queue_;
  std::vector<uint32_t> queueKey_;
  uint64_t sequence_ = 0;
  std::vector<uint32_t> touchedNodes_, touchedPeerings_;
  size_t prefixesTotal_ = 0, prefixesLeft_ = 0;  // of the run; left: this one included
  std::vector<const BgpPath*> candidates_;
  std::vector<const BgpPath*> contributors_;  // to an aggregate, per prefix and node
  std::vector<uint32_t> order_;
  static constexpr uint32_t kNoPrepend = 0xffffffffu;
  std::array<uint32_t, 4> lastPrepend_{kNoPrepend, kNoPrepend, kNoPrepend, kNoPrepend};  // path, asn, own, result

  size_t part_ = 0, parts_ = 1;
  ConditionalScan* conditional_ = nullptr;  // null: no conditional advertisement
  std::vector<uint32_t> conditionalOf_;     // per peering: its session in conditional_, or kNone
  typename F::Outcome outcome_;
};

}  // namespace

BgpOutcome computeBgp(const Topology& topo, const std::vector<NodeRib>& igpRibs,
                      const BgpSessionSetup& sessions, std::vector<PolicyEvaluator>& policies,
                      AttributeTables& tables, bool keepState,
                      const std::vector<NodeRib>* resolutionRibs) {
  Ipv4Unicast family{topo};
  ConditionalScan scan = conditionalSessions(topo);
  auto run = [&] {
    return Engine<Ipv4Unicast>(family, topo, igpRibs, sessions.peerings, policies, tables, nullptr, nullptr,
                               resolutionRibs)
        .withConditions(scan)
        .run(keepState);
  };
  if (scan.sessions.empty()) return run();
  return settleConditionalAdvertisement(topo, scan, run);
}

bool decidesPrefixesApart(const Topology& topo) {
  for (uint32_t i = 0; i < topo.nodeCount(); ++i)
    if (topo.device(i).bgp && !topo.device(i).bgp->aggregates.empty()) return false;
  return conditionalSessions(topo).sessions.empty();
}

BgpOutcome computeBgpPart(const Topology& topo, const std::vector<NodeRib>& igpRibs,
                          const BgpSessionSetup& sessions, std::vector<PolicyEvaluator>& policies,
                          AttributeTables& tables, size_t part, size_t parts,
                          const std::vector<NodeRib>* resolutionRibs) {
  Ipv4Unicast family{topo};
  return Engine<Ipv4Unicast>(family, topo, igpRibs, sessions.peerings, policies, tables, nullptr, nullptr,
                             resolutionRibs)
      .onlyPart(part, parts)
      .run(false);
}

BgpOutcome joinBgpParts(std::vector<BgpOutcome> parts, const std::vector<NodeRib>& igpRibs) {
  BgpOutcome out;
  out.routes.resize(igpRibs.size());
  for (size_t n = 0; n < igpRibs.size(); ++n) {
    size_t count = 0;
    for (const auto& part : parts) count += part.routes[n].size();
    out.routes[n].reserve(count);
    for (auto& part : parts) {
      auto& routes = part.routes[n];
      out.routes[n].insert(out.routes[n].end(), std::make_move_iterator(routes.begin()),
                           std::make_move_iterator(routes.end()));
      std::vector<Route>().swap(routes);
    }
  }
  for (auto& part : parts) {
    out.oscillating.insert(out.oscillating.end(), part.oscillating.begin(), part.oscillating.end());
    out.warnings.insert(out.warnings.end(), part.warnings.begin(), part.warnings.end());
    out.unresolved.insert(out.unresolved.end(), part.unresolved.begin(), part.unresolved.end());
  }
  return out;
}

BgpOutcome recomputeBgp(const BgpConvergedState& converged, const Topology& topo,
                        const std::vector<NodeRib>& igpRibs, const BgpSessionSetup& sessions,
                        std::vector<PolicyEvaluator>& policies, AttributeTables& tables,
                        const std::vector<char>& changedNodes) {
  Ipv4Unicast family{topo};
  return Engine<Ipv4Unicast>(family, topo, igpRibs, sessions.peerings, policies, tables, &converged,
                             &changedNodes)
      .run(false);
}

Ipv6BgpOutcome computeIpv6Bgp(const Ipv6Unicast& family, const Topology& topo, const std::vector<Ipv6Rib>& ribs,
                              const std::vector<BgpPeering>& peerings, std::vector<PolicyEvaluator>& policies,
                              AttributeTables& tables) {
  return Engine<Ipv6Unicast>(family, topo, ribs, peerings, policies, tables).run(false);
}

}  // namespace routefix::sim::detail
