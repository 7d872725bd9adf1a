// BGP to a fixpoint, one destination prefix at a time (design.md): originations enter at
// their routers, each router runs the decision process over what its peers offer, and every
// change of a best path is exported over the router's sessions (policies, next-hop and
// reflection rules) until nothing changes. Prefixes go from long to short so aggregates see
// all their contributors. A prefix whose best paths keep changing is cut off and reported.
// One implementation for IPv4 and IPv6 unicast (sim/bgp_address_family.h says what differs).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sim/bgp_address_family.h"
#include "sim/bgp_attributes.h"
#include "sim/bgp_sessions.h"
#include "sim/policy_evaluator.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

// The converged per-prefix state of a run, kept to start failure scenarios from.
struct BgpConvergedState;

struct BgpOutcome {
  // Per node: best BGP routes to install, in the order the prefixes were decided.
  std::vector<std::vector<Route>> routes;
  // recomputeBgp only, per node: the prefixes it decided again. `routes` replaces the
  // baseline's routes for exactly these; the baseline's others stand.
  std::vector<std::vector<Prefix>> redecided;
  std::vector<Prefix> oscillating;         // prefixes that did not converge
  std::vector<std::string> warnings;
  std::shared_ptr<const BgpConvergedState> state;  // computeBgp with keepState only
  // Next hops (node, address) that no route resolved: another round resolving over this
  // one's BGP routes may find them (FRR resolves BGP next hops recursively over any route).
  std::vector<std::pair<uint32_t, Ipv4>> unresolved;
};

// `policies` and `tables` must outlive a kept state and be passed to every recomputeBgp
// from it: its paths hold interned attribute ids. Next hops resolve over `resolutionRibs`
// when given (the main RIBs of an earlier round), else over `igpRibs`.
BgpOutcome computeBgp(const Topology& topo, const std::vector<NodeRib>& igpRibs,
                      const BgpSessionSetup& sessions, std::vector<PolicyEvaluator>& policies,
                      AttributeTables& tables, bool keepState = false,
                      const std::vector<NodeRib>* resolutionRibs = nullptr);

// computeBgp in parts that may run at the same time, each with policies and tables of its
// own: the prefixes, in the order computeBgp decides them, are cut into `parts` consecutive
// runs and computeBgpPart decides run `part`. joinBgpParts puts the parts' outcomes together
// in part order, which is computeBgp's outcome: the same routes in the same order, the same
// warnings (the decision for one prefix reads nothing another prefix decided). That is not
// so where an aggregate takes contributions from the prefixes decided before it, nor where a
// conditional advertisement's condition reads other prefixes' paths (computeBgp then runs to
// an outer fixpoint, sim/conditional_advertisement.h): decidesPrefixesApart says whether the
// network has neither.
bool decidesPrefixesApart(const Topology& topo);
BgpOutcome computeBgpPart(const Topology& topo, const std::vector<NodeRib>& igpRibs,
                          const BgpSessionSetup& sessions, std::vector<PolicyEvaluator>& policies,
                          AttributeTables& tables, size_t part, size_t parts,
                          const std::vector<NodeRib>* resolutionRibs = nullptr);
BgpOutcome joinBgpParts(std::vector<BgpOutcome> parts, const std::vector<NodeRib>& igpRibs);

// The same network with some links failed, starting from `converged` (which must have
// converged): only prefixes a down session carried, or that `changedNodes` (nodes whose IGP
// routes or links changed) may affect, are decided again, from the baseline's paths. With
// a unique stable state per prefix (what convergence of the baseline suggests) this gives
// what computeBgp gives.
BgpOutcome recomputeBgp(const BgpConvergedState& converged, const Topology& topo,
                        const std::vector<NodeRib>& igpRibs, const BgpSessionSetup& sessions,
                        std::vector<PolicyEvaluator>& policies, AttributeTables& tables,
                        const std::vector<char>& changedNodes);

// BGP IPv6 unicast over `peerings` (the sessions that carry it, numbered as `family` knows
// them), next hops resolved over `ribs` (per node: its IPv6 connected and static routes).
struct Ipv6BgpOutcome {
  std::vector<std::vector<Ipv6Route>> routes;  // per node: best BGP routes to install
  std::vector<model::IpPrefix> oscillating;
  std::vector<std::string> warnings;
};
Ipv6BgpOutcome computeIpv6Bgp(const Ipv6Unicast& family, const Topology& topo, const std::vector<Ipv6Rib>& ribs,
                              const std::vector<BgpPeering>& peerings, std::vector<PolicyEvaluator>& policies,
                              AttributeTables& tables);

}  // namespace routefix::sim::detail
