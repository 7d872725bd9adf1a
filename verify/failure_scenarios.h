// Link-failure scenarios: an intent with `failures: k` must hold under every set of up to k
// simultaneously failed links. Instead of simulating all of them, scenarios grow one
// *relevant* link at a time.
//
// Relevance (why pruning is sound). For a failure state F and destination prefixes D, take
// the closure D* of D under: the /32 of both ends of every BGP session, the /32 of every next
// hop IP of a route overlapping D* that is not in its egress interface's subnet (resolved
// recursively), and the prefix of every aggregate overlapping D*. The
// relevant links are the links under the egress interfaces of every installed route, at
// every node, whose prefix overlaps D*. Claim: failing a link L outside that set leaves every
// route overlapping D unchanged. (1) Connected and static routes over L's interfaces do not
// overlap D* (else L would be relevant), so none of them disappears. (2) OSPF: each node's
// routes overlapping D* use only shortest paths that avoid L (all ECMP next hops are listed
// and each hop's own route is in the union), so removing L removes no shortest path and adds
// none; costs only grow off those paths. When a node forwards an OSPF route to a neighbour
// whose own route for that prefix is not OSPF (it prefers BGP or static while the SPF path
// continues through it), the SPF path is not visible in the RIBs: then every link is taken as
// relevant. (3) BGP: every session's endpoints are in D*, so every session keeps its path and
// its state; the IGP path to every selected route's next hop avoids L, so selected routes keep
// their IGP cost while others can only get worse; aggregates keep their contributors. The
// baseline selection therefore stays a stable state; with a unique stable state (the
// simulator reports non-convergence otherwise) it is the outcome.
// Sets: a set S fails exactly like a subset reached by adding, one at a time, a link that is
// relevant in the state before it (drop from S any link irrelevant in the current state;
// the claim holds for sets of irrelevant links alike), so exploring only relevant additions
// finds every distinct outcome.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cluster/process_group.h"
#include "model/network.h"
#include "sim/dataplane.h"
#include "sim/deadline.h"
#include "verify/intent.h"
#include "verify/intent_check.h"

namespace routefix::verify {

// Links whose failure may change forwarding to `destinations` in state `dataPlane` (failed
// links excluded). An empty `destinations` means every address: every link.
std::set<model::Link> relevantLinks(const model::Network& network, const sim::DataPlane& dataPlane,
                                    const std::vector<model::Prefix>& destinations,
                                    const std::set<model::Link>& failed);

// Where a scenario forwards differently from the baseline: the (node, prefix) pairs whose
// route differs in next hops (or appeared, or went), found by merging the two sorted tables
// of each node that does not share its table with the baseline (FailureSimulator shares the
// others); and the ends of the failed links, which forward differently for any prefix (same
// routes, other neighbours).
struct ForwardingChanges {
  std::vector<std::pair<std::string, model::Prefix>> routes;
  std::set<std::string> link_ends;
};

ForwardingChanges forwardingChanges(const sim::DataPlane& baseline, const sim::DataPlane& dp,
                                    const std::set<model::Link>& failed);

// The IPv4 destinations an intent is about (empty: all addresses; relevantLinks reads the
// IPv4 tables, so an IPv6 destination is all addresses too).
std::vector<model::Prefix> intentDestinations(const Intent& intent);

struct ScenarioStats {
  uint64_t simulated = 0;  // failure scenarios simulated (the baseline not counted)
  uint64_t possible = 0;   // sets of up to k links a brute-force check would simulate
};

struct IntentVerdict {
  CheckResult result;
  uint64_t scenarios_checked = 0;  // scenarios this intent was checked in, baseline included
};

using Progress = std::function<void(const std::string&)>;

// How many links may fail at once for `intent`: the larger of its own `failures` and the
// command's, at most every link of the network (failing more is the same scenario).
uint32_t failureBudget(const model::Network& network, const Intent& intent, uint32_t failures);
// Whether checking `intents` with the command's `failures` runs any failure scenario.
bool anyFailureScenarios(const model::Network& network, const std::vector<Intent>& intents, uint32_t failures);

// Checks every intent under its failureBudget(). `baseline` is the network simulated with
// no failure. Throws TimeLimitExceeded when `deadline` passes before every scenario is done.
// The intents on the baseline, then the scenarios, run on `threads` threads (each with a
// simulator of its own); the verdicts are those of one thread, whatever the count. With
// several `processes` (an MPI job, every one calling this with the same arguments), each
// simulates its share of the scenarios and every one returns the same verdicts.
std::vector<IntentVerdict> checkUnderFailures(const model::Network& network,
                                              const sim::DataPlane& baseline,
                                              const std::vector<Intent>& intents, uint32_t failures,
                                              ScenarioStats& stats, const Progress& progress = {},
                                              const sim::Deadline& deadline = {}, unsigned threads = 1,
                                              const cluster::ProcessGroup& processes = {});

}  // namespace routefix::verify
