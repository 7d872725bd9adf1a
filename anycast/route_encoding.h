// RouteModel as Z3 formulas over the prepend counts. Prepends are order-encoded
// (geq(s, t) <=> p_s >= t), and each AS's path length is described by level literals
// le(v, L) <=> length_v <= L, a disjunction over its sessions. "s is among v's best" is then
// a conjunction over the (at most cap + 1) values of p_s instead of one difference
// constraint per pair of sessions, so an AS costs O(sessions x cap), not O(sessions^2).
// The lowest-id winner is encoded exactly from v's own best literals through v's winner
// diagram (winner_function.h), so the ASes between v and the origin need no variables, and
// two clients with the same relative distances and diagram get the same (hash-consed) formula.
// "At the target" under lowest-id has a flatter exact form, an OR of leader disjuncts over
// shared literals "p_s - p_t <= k" (leader_condition.h), which the optimiser prefers.
#pragma once

#include <z3++.h>

#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "anycast/deployment.h"
#include "anycast/leader_condition.h"
#include "anycast/route_model.h"
#include "anycast/tie_break_order.h"
#include "anycast/winner_function.h"

namespace routefix::anycast {

class RouteEncoding {
 public:
  RouteEncoding(z3::context& ctx, const AsGraph& graph, const Deployment& deployment, const RouteModel& model,
                std::vector<int> caps);

  z3::context& context() const { return ctx_; }
  // The order-encoding variables (steps[s][t-1] <=> p_s >= t).
  const std::vector<std::vector<z3::expr>>& steps() const { return steps_; }
  // The clauses defining the encoding's variables (the order-encoding chains, the lead
  // literals): take them after building every formula, since formulas may add some.
  const z3::expr_vector& definitions() const { return definitions_; }
  z3::expr geq(size_t s, int t) const;

  // Sessions that can be among v's best somewhere within the caps, ascending.
  const std::vector<size_t>& candidates(AsIndex v) { return node(v).candidates; }
  // s is among v's equally good sessions (s from candidates(v)).
  z3::expr best(AsIndex v, size_t s);
  // v's lowest-id winner is at a PoP with wanted[pop] (a formula over v's best literals).
  z3::expr winnerAmong(AsIndex v, const std::vector<bool>& wanted);
  // The PoP of v's lowest-id winner, one formula per PoP (false where impossible).
  std::vector<z3::expr> winnerPop(AsIndex v);
  // The PoPs v's lowest-id winner can be at within the caps, ascending.
  std::vector<size_t> winnerPops(AsIndex v);
  size_t encodedAses() const { return nodes_.size(); }

  // v at `target` under lowest-id, as leader disjuncts, and as a formula over lead literals.
  LeaderCondition leaderCondition(AsIndex v, size_t target);
  z3::expr formula(const LeaderCondition& condition);

 private:
  struct Node {
    int low = 0, high = 0;                // length_v ranges over [low, high] within the caps
    std::vector<size_t> candidates;
    std::vector<z3::expr> level;          // le(v, L) for L in [low, high)
    std::vector<z3::expr> best;           // per candidate
    std::optional<WinnerFunctions::NodeId> winner;  // v's diagram, built on demand
  };
  Node& node(AsIndex v);
  z3::expr lengthAtMost(Node& n, int bound) const;
  WinnerFunctions::NodeId winnerRoot(AsIndex v);
  // The literal p_s - p_t <= k (defined in definitions_ on first use).
  z3::expr leadsBy(size_t s, size_t t, int k);

  z3::context& ctx_;
  const Deployment& d_;
  const RouteModel& model_;
  std::vector<int> caps_;
  std::vector<std::vector<z3::expr>> steps_;
  z3::expr_vector definitions_;
  WinnerFunctions winners_;
  TieBreakOrder order_;
  std::map<std::tuple<size_t, size_t, int>, z3::expr> leads_;
  std::unordered_map<AsIndex, Node> nodes_;
};

}  // namespace routefix::anycast
