// The satisfied objective under lowest-id as a compact integer program for CBC, written
// from the groups' leader conditions (leader_condition.h) instead of the whole route
// encoding: the whole encoding as a 0-1 program (boolean_mip.h) had 157,000 rows at
// 20,000 ASes / 30 sessions and CBC's root LP did not finish in 30 s.
//   p_s      integer 0..cap_s, one per session, objective -1 (fewest prepends second);
//   b        binary per distinct bound (l, t, k) of any condition: b = 1 forces
//            p_l - p_t <= k (big-M, M = cap_l - k, the most p_l - p_t can exceed k);
//   x        binary per distinct disjunct: x <= the mean of its bounds' b, so x = 1 needs
//            every bound (one row per disjunct; a row per bound made the LP ~50x larger);
//   y        binary per class of groups with the same condition, objective
//            scale * summed weight: y <= sum of its disjuncts' x.
// Every variable is only forced in the direction the objective needs (a group may be
// counted off its target, never on it without its condition), so the best objective is
// scale * best satisfied weight - fewest prepends, exactly the soft weight of
// prepend_problem.h minus the sum of the caps. Rows CBC's LP and cuts profit from, all
// valid: b(l,t,k) <= b(l,t,k') for k < k' (a tighter bound implies a looser one), b(l,t,k)
// + b(t,l,k') <= 1 for k + k' < 0 (the bounds exclude each other), and at most one y per
// conflict clique (conflict_cliques.h). Pinned groups: some disjunct of each holds.
#pragma once

#include <cstdint>
#include <vector>

#include "anycast/boolean_mip.h"
#include "anycast/cbc_solver.h"
#include "anycast/conflict_clique_lp.h"  // PackingRow
#include "anycast/leader_condition.h"
#include "anycast/leader_local_search.h"  // WeightedCondition

namespace routefix::anycast {

class LeaderMip {
 public:
  // `cliques` index `groups`; `scale` > the sum of the caps (prepend_problem.h).
  LeaderMip(const std::vector<WeightedCondition>& groups, const std::vector<const LeaderCondition*>& required,
            const std::vector<std::vector<size_t>>& cliques, const std::vector<int>& caps, __int128 scale);

  // At most one group of each clique (group indices) at target: more valid rows.
  void addCliques(const std::vector<std::vector<size_t>>& cliques);
  // At most `most` of the groups at target (conflict_clique_lp.h's cliques and triples).
  void addPackingRows(const std::vector<PackingRow>& rows);

  const MipColumns& columns() const { return columns_; }
  const std::vector<BooleanMip::Row>& rows() const { return rows_; }
  size_t classes() const { return class_count_; }

  // The column vector of prepend vector `p` (every indicator at its truth); a solution
  // whenever p satisfies the required conditions.
  std::vector<double> columnsOf(const PrependVector& p) const;
  // Of a column vector: the prepends, and each group's / required condition's truth under them.
  PrependVector prepends(const std::vector<double>& solution) const;
  std::vector<bool> groupsHold(const std::vector<double>& solution) const;
  std::vector<bool> requiredHold(const std::vector<double>& solution) const;
  // The objective differs from prepend_problem.h's soft weight by this constant.
  double softWeightOffset() const { return caps_total_; }

 private:
  std::vector<const LeaderCondition*> groups_, required_;
  std::vector<int> caps_;
  double caps_total_ = 0;
  size_t class_count_ = 0;
  MipColumns columns_;
  std::vector<BooleanMip::Row> rows_;
  struct Bound {
    size_t leader, other;
    int max_lead;
  };
  std::vector<std::pair<int, Bound>> bound_columns_;                       // column, bound
  std::vector<std::pair<int, const LeaderDisjunct*>> disjunct_columns_;    // column, disjunct
  std::vector<std::pair<int, const LeaderCondition*>> class_columns_;      // column, condition
  std::vector<int> class_column_of_group_;                                 // -1: worth nothing
};

}  // namespace routefix::anycast
