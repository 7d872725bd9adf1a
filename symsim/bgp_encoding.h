// The stable BGP state for one destination prefix inside a region, in Z3. Per router: the
// selected route is the best (decision process: weight, local-pref, locally originated,
// AS-path length, origin, MED, eBGP over iBGP, IGP cost to the next hop, router-id) of the
// routes its neighbours
// export to it after both sides' policies; a rank that strictly decreases along the chain
// of selections rules out self-supporting routes, so every selected route leads to an
// origin. Knobs (symsim/knobs.h) make the configuration inside the region variable.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <z3++.h>

#include "model/network.h"
#include "semantics/session_as_path.h"
#include "symsim/destination_intent.h"
#include "symsim/knobs.h"
#include "symsim/policy_encoding.h"
#include "symsim/region.h"
#include "symsim/session_graph.h"
#include "symsim/z3_domain.h"

namespace routefix::symsim {

// The concrete BGP route of a router outside the region (from the concrete simulation):
// what it offers to its neighbours inside.
struct BoundaryRoute {
  uint32_t local_pref = 100;
  std::vector<uint32_t> as_path;
  uint32_t med = 0;
  uint8_t origin = 0;
  std::vector<model::Community> communities;
  bool learned_ibgp = false;
  std::string learned_from;  // node it came from, for route-reflection rules
  uint32_t next_hop = 0;     // its BGP next hop (0: originated there)
};
using BoundaryRoutes = std::map<std::string, BoundaryRoute>;  // node -> its best route

// How a router resolves a BGP next hop for routes to `destination`, as the concrete
// simulation of the encoded scenario found it (sim::resolveBgpNextHop): the IGP cost the
// decision process compares, and whether the address is on a connected subnet. No knob
// moves it: the IGP is the concrete one, and the concrete re-check catches a repair that
// changes it. nullopt: the next hop does not resolve there (the route is unusable).
struct NextHopCost {
  uint32_t metric = 0;
  bool connected = false;
};
using NextHopCosts = std::function<std::optional<NextHopCost>(const std::string& node, model::Ipv4 nextHop,
                                                              const model::Prefix& destination)>;

// One way a router may get the route.
struct Candidate {
  enum class Kind { Network, Redistribute, Session, External };
  Candidate(Kind k, SymRoute r)
      : kind(k),
        igp_cost(r.valid.ctx().int_val(0)),
        originator(r.valid.ctx().int_val(0)),
        cluster_length(r.valid.ctx().int_val(0)),
        route(std::move(r)) {}
  Kind kind;
  std::string sender;  // Session: the neighbour router; External: the peer address
  size_t session = 0;  // Session: index into the session list
  bool ebgp = false;    // learned over eBGP outside a confederation
  bool confed = false;  // learned over confed-eBGP (RFC 5065): as iBGP, but preferred to it
  bool local = false;     // originated on this router
  bool delivers = false;  // local: the router owns the prefix; external: leaves the network
  uint32_t sender_as = 0;  // the path's first AS: the AS the sender presents (its local-as, if any)
  // eBGP: the ASes the session adds to the path (semantics::ebgpExportPrepend and
  // receivedPathPrepend), for the loop check's AS tracking.
  std::vector<uint32_t> added_as;
  // The ASes the session takes out of the path: the sender's confederation members, whose
  // confed segments a route leaving the confederation loses.
  std::vector<uint32_t> stripped_as;
  std::optional<semantics::AsOverride> as_override;  // the sender's, on this session
  bool multihop = false;   // eBGP: the receiver's statement has ebgp-multihop
  // The simulator's steps after the shared ones (sim/bgp_decision.h): the IGP cost to the
  // route's next hop (route.next_hop, resolved at this router), the originator's router-id
  // (the sender's, unless the route was reflected), the cluster-list length, then `address`
  // (the sender's session address; for local routes the statement order). Lower wins.
  z3::expr igp_cost;
  z3::expr originator;
  z3::expr cluster_length;
  uint32_t address = 0;
  // Redistribute: the protocol the route keeps when it is exported (sim's BgpPath::source),
  // which a policy's `from protocol` and Junos's default BGP export test.
  model::RouteSource source = model::RouteSource::Bgp;
  SymRoute route;  // after export and import policy
  std::string description;
};

// A failure scenario: these links are down, so are the sessions that run over them.
// `name` keeps the scenario's variables apart from the baseline's.
struct Scenario {
  std::string name;
  std::set<model::Link> failed_links;
};

class BgpEncoding {
 public:
  BgpEncoding(z3::context& ctx, KnobTable& knobs, const model::Network& network,
              const std::vector<BgpSession>& sessions, const Region& region, model::Prefix prefix,
              const BoundaryRoutes& boundary = {}, const Scenario& scenario = {},
              NextHopCosts costs = {});

  // The stable-state constraints (add them to the solver once).
  const z3::expr_vector& constraints() const { return constraints_; }
  // The intent as a constraint over the stable state; nullopt when it cannot be encoded
  // (a source outside the region or without BGP).
  std::optional<z3::expr> intent(const DestinationIntent& intent);

  bool encodes(const std::string& node) const { return nodes_.count(node) > 0; }
  z3::expr hasRoute(const std::string& node) const;
  // The node's traffic follows its chain of selected routes to an owner or an exit.
  z3::expr delivered(const std::string& node) const;
  // The node selected the route its neighbour `next` sent (or, next == node, originated it).
  z3::expr selects(const std::string& node, const std::string& next) const;
  // The node forwards over the route `next` sent: selected it, or, with maximum-paths, has it
  // in its multipath set (equal to the selected route up to the router-id tie-break).
  z3::expr forwardsVia(const std::string& node, const std::string& next) const;
  const std::vector<Candidate>& candidates(const std::string& node) const;
  z3::expr chosen(const std::string& node, size_t candidate) const;
  const model::Prefix& prefix() const { return prefix_; }
  // The communities the routes' Bools stand for (SymRoute::communities, in this order).
  const std::vector<model::Community>& trackedCommunities() const { return policies_.trackedCommunities(); }

 private:
  struct NodeVars {
    const model::Device* device = nullptr;
    z3::expr has, selection, rank, delivered, learned_ibgp, learned_ebgp, learned_from_client;
    z3::expr originator, cluster_length;  // of the selected route
    SymRoute best;
    std::map<uint32_t, z3::expr> as_in_path;  // tracked ASes contained in the best path
    std::vector<Candidate> candidates;
  };

  void declareNode(const model::Device& d);
  void addLocalCandidates(NodeVars& v);
  void addExternalCandidates(NodeVars& v);
  void addSessionCandidates(NodeVars& v);
  // semantics::receivedBlackholeGetsNoExport on a received route, where both communities are
  // tracked (a policy names them); untracked, neither can change a decision here.
  void markBlackholeNoExport(const model::Device& receiver, bool ebgp, SymRoute& r) const;
  void constrainSelection(NodeVars& v);
  // Each learned candidate's IGP cost to its next hop, and its validity where the next hop
  // may not resolve (needs `costs_`; without it every cost is 0).
  void resolveNextHops();
  // A next hop and what a route-map did to it (semantics::NextHopByPolicy).
  struct NextHopInputs {
    z3::expr next_hop;
    z3::expr policy;
  };
  // The next hop `sender` puts on the route over session s (semantics::exportedNextHop): `set` is
  // what its export policy wrote (kNextHopUnset, kNextHopPeerAddress or an address) and
  // whether it said `unchanged`, `current` the route's next hop at the sender and what the
  // sender's import policy did to it, `reflected` whether it is an iBGP route passed on to
  // another iBGP peer.
  z3::expr exportedNextHop(const BgpSession& s, const model::Device& sender, const model::BgpNeighbor* stmt,
                           const NextHopInputs& set, const NextHopInputs& current, const z3::expr& reflected);
  // What `sender` exports to `receiver` over session s, before the receiver's import.
  std::optional<SymRoute> exported(const BgpSession& s, const model::Device& sender,
                                   const model::Device& receiver, z3::expr& senderCondition);
  SymView view(const Candidate& c) const;
  // j beats i in the decision process (semantics::decisionSteps, then the tie-break).
  z3::expr better(const Candidate& j, const Candidate& i, const model::Device& device) const;
  z3::expr sessionUp(size_t index);
  bool cutByFailure(const BgpSession& s) const;
  z3::expr reflectsTo(const model::Device& rr, const std::string& client);
  // The knob for a static route to Null0 for the prefix on d, whose absence silences the
  // announcement at `announcement` (the line a diagnosis names).
  z3::expr nullAnchor(const model::Device& d, const model::SourceSpan& announcement);
  const model::BgpNeighbor* statementFor(const model::Device& d, const BgpSession& s) const;
  SymRoute defaultOriginated(const BgpSession& s, const model::Device& sender,
                             const model::Device& receiver, const model::BgpNeighbor& stmt);
  SymRoute freshRoute(const std::string& prefix);
  SymRoute constantRoute(bool valid, const BoundaryRoute& r);
  // The node's chain of selected iBGP routes ends at one of `exits` (the router that took
  // the route in over eBGP or originated it).
  z3::expr exitAmong(const std::string& node, const std::set<std::string>& exits,
                     std::map<std::string, z3::expr>& memo, const std::string& tag);
  z3::expr waypointStage(const std::string& node, const std::vector<std::string>& through,
                         size_t stage, std::map<std::pair<std::string, size_t>, z3::expr>& memo,
                         const std::string& tag);

  z3::context& ctx_;
  KnobTable& knobs_;
  const model::Network& network_;
  const std::vector<BgpSession>& sessions_;
  model::Prefix prefix_;
  const BoundaryRoutes& boundary_;
  Scenario scenario_;
  NextHopCosts costs_;
  std::string tag_;  // variable name prefix: scenario and destination
  PolicyEncoder policies_;
  std::map<uint32_t, std::string> owners_;  // interface address -> device
  std::set<uint32_t> tracked_as_;
  std::map<std::string, NodeVars> nodes_;
  z3::expr_vector constraints_;
  int intent_counter_ = 0;
};

}  // namespace routefix::symsim
