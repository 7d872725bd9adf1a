// The client groups as the optimiser hands them to Z3. Each client's outcome is reduced to
// what the objective can tell apart (its outcome class: at target or not, or its latency),
// written as formulas over the prepends (route_encoding.h). Clients whose formulas are the
// same hash-consed Z3 terms - behind the same upstreams at the same relative distances, with
// equivalent targets or latency steps - are merged into one soft constraint with their
// summed weight: 10,000 client groups on a 75,000-AS graph collapse to a few thousand.
// Clients no prepend vector can move between classes are set aside as constants.
// Under lowest-id, "at the target" is the client's leader condition (leader_condition.h): an
// exact test of whether the target can be reached at all (a client whose condition is empty
// is a constant), and what the optimiser's conflict cliques are built from.
#pragma once

#include <z3++.h>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "anycast/objective.h"
#include "anycast/route_encoding.h"

namespace routefix::anycast {

// One formula the objective reads. Its meaning depends on the objective:
//   satisfied: the group is at its target (level, step unused);
//   latency:   the group's latency is >= level, which costs `step` per unit of weight;
//   p90:       the group's latency is == level.
struct OutcomeTerm {
  int64_t level = 0;
  int64_t step = 0;
  z3::expr formula;
};

struct MergedGroup {
  std::vector<OutcomeTerm> terms;
  std::optional<LeaderCondition> leaders;  // satisfied, lowest-id: what the term encodes
  int64_t weight = 0;           // summed over the clients
  std::vector<size_t> clients;
};

struct ClientConstraints {
  std::vector<MergedGroup> groups;                  // clients that count and can move
  std::vector<std::optional<int64_t>> constant;     // per client: its outcome class, if fixed
  std::vector<std::pair<size_t, z3::expr>> pinned;  // (client, "at its target"), hard
  std::vector<std::optional<LeaderCondition>> pinned_leaders;  // per pinned entry, lowest-id
  size_t sensitive_ases = 0;                        // client ASes with several candidate sessions
};

class ClientConstraintBuilder {
 public:
  ClientConstraintBuilder(const Deployment& deployment, const std::vector<ClientGroup>& clients,
                          const ObjectiveEvaluator& eval, TieBreak tie_break);

  ClientConstraints build(RouteEncoding& enc, const std::vector<AsIndex>& client_as) const;

  // What the objective can tell apart about landing at `pop`: at target or not
  // (satisfied), the latency (latency, p90); pinned clients also keep the target bit.
  int64_t outcomeClass(size_t client, size_t pop) const;
  // The class of a whole catchment (keep-all: the worst PoP of the set); -1 = no route.
  int64_t outcomeClass(size_t client, const ClientOutcome& outcome) const;
  bool atTarget(int64_t outcome_class) const;
  // Whether a simulated outcome makes the term true (to confirm what Z3 predicted).
  bool holds(size_t client, const OutcomeTerm& term, const ClientOutcome& simulated) const;

 private:
  bool matches(const OutcomeTerm& term, int64_t outcome_class) const;

  const Deployment& d_;
  const std::vector<ClientGroup>& clients_;
  const ObjectiveEvaluator& eval_;
  TieBreak tie_break_;
};

}  // namespace routefix::anycast
