// The stages simulate() runs, shared with FailureSimulator, which runs them per scenario
// with BGP started from a baseline.
#pragma once

#include <memory>
#include <vector>

#include "sim/bgp_attributes.h"
#include "sim/bgp_engine.h"
#include "sim/bgp_sessions.h"
#include "sim/dataplane.h"
#include "sim/policy_evaluator.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

// Every device's policy evaluator with the tables their interned ids refer to. Pinned in
// memory: the evaluators point at the tables.
struct PolicyContext {
  explicit PolicyContext(const model::Network& network);
  PolicyContext(const PolicyContext&) = delete;
  PolicyContext& operator=(const PolicyContext&) = delete;

  AttributeTables tables;
  RegexCache regexes;
  std::vector<PolicyEvaluator> policies;  // by node index
};

// Connected, static, EIGRP, OSPF and (Junos routing-options) aggregate routes per node, and
// the five by admin distance.
struct IgpRoutes {
  std::vector<std::vector<Route>> connected, statics, eigrp, ospf, aggregates;
  std::vector<NodeRib> ribs;
};

// Statics may resolve over OSPF and be redistributed into it, EIGRP and OSPF into each other:
// iterated until the statics and EIGRP routes stop changing (bounded). Then a Junos aggregate route is active (a discard route at its
// preference) when a connected, static or OSPF route more specific than it is: routes BGP
// learns do not activate one here (a documented gap). `baseline`, the same network's IGP without failed links, saves
// work: connected routes do not depend on links (a failed link's interfaces stay up, only
// their neighbours go), and a node with neither statics nor OSPF routes there starts from
// its table as it was.
// `bgp`: per node the BGP routes active in its main RIB, for OSPF's and EIGRP's `redistribute bgp`.
IgpRoutes computeIgp(const Topology& topo, std::vector<PolicyEvaluator>& policies,
                     const IgpRoutes* baseline = nullptr,
                     const std::vector<std::vector<Route>>* bgp = nullptr);

// computeBgp from scratch on up to `threads` threads: the prefixes in parts, each decided with
// a PolicyContext of its own (the first part uses `context`), joined in order, so the
// outcome is one thread's. One thread where decidesPrefixesApart says no.
BgpOutcome computeBgpOnThreads(const Topology& topo, const std::vector<NodeRib>& igpRibs,
                               const BgpSessionSetup& sessions, PolicyContext& context, unsigned threads,
                               const std::vector<NodeRib>* resolutionRibs = nullptr);

// Frees the connected, EIGRP, OSPF and aggregate routes, which only computeIgp's `baseline`
// reads; the tables (`ribs`) and the statics (installRoutes compares them) stay. On a large
// WAN the OSPF routes held twice were a quarter of the peak memory.
void keepTablesOnly(IgpRoutes& igp);

// Whether some device redistributes BGP into OSPF: then the IGP depends on BGP's outcome.
bool redistributesBgpIntoIgp(const model::Network& network);

// Per node, those of its BGP routes `bgp` that its main RIB `ribs` installed.
std::vector<std::vector<Route>> activeBgpRoutes(const std::vector<std::vector<Route>>& bgp,
                                                const std::vector<NodeRib>& ribs);

// A node's main RIB: its IGP and BGP routes by admin distance, then the statics whose next
// hop only BGP routes resolve. `igpTable` is the node's IGP table (igp.ribs[node]), its
// static routes `statics` (igp.statics[node]): a caller that reads the IGP table no more
// passes it moved, and its routes move into the main RIB instead of being copied.
NodeRib installRoutes(const Topology& topo, uint32_t node, NodeRib igpTable, const std::vector<Route>& statics,
                      std::vector<Route> bgp);

// installRoutes for a node whose IGP routes and statics did not change, from its earlier
// table `before`: only the prefixes in `replaced` (sorted) are selected again, between the
// IGP routes and `bgp` (the new BGP routes of exactly those prefixes). Copies the untouched
// routes instead of sorting every route again. Needs a node without static routes: those
// may resolve over the BGP routes that changed.
NodeRib patchRoutes(const NodeRib& before, uint32_t node, const IgpRoutes& igp,
                    const std::vector<Prefix>& replaced, std::vector<Route> bgp);

// Whether some of the next hops a BGP run left unresolved resolve over these main RIBs
// (they hold the run's BGP routes): then a further run resolving over them learns more.
bool resolvesAny(const Topology& topo, const std::vector<std::pair<uint32_t, Ipv4>>& unresolved,
                 const std::vector<NodeRib>& mainRibs);

// Fills in what a data plane reports besides its RIBs: sessions, convergence, warnings, and
// the topology it was computed on.
void recordOutcome(DataPlane& dataPlane, BgpSessionSetup&& setup, BgpOutcome&& outcome,
                   std::shared_ptr<const Topology> topology);

// simulate() on a network whose VRFs are devices of their own already (VrfInstances).
DataPlane simulateInstances(const model::Network& network, const SimulationOptions& options);

// Same prefixes, protocols, next hops, metrics and distances: what BGP reads of an IGP RIB.
bool sameIgpRoutes(const NodeRib& a, const NodeRib& b);

// Adds OSPFv3's routes and then BGP IPv6 unicast's (which resolve over them) to `dp.ipv6`,
// which holds the connected and static ones, over `dp`'s topology.
void addIpv6ProtocolRoutes(DataPlane& dp);

}  // namespace routefix::sim::detail
