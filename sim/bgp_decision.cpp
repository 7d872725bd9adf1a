#include "sim/bgp_decision.h"

#include <algorithm>

namespace routefix::sim::detail {

namespace {

int cmp(uint64_t a, uint64_t b) { return a < b ? -1 : (a > b ? 1 : 0); }

// semantics::decisionSteps on concrete values: stops at the first step that differs.
struct ConcreteSteps {
  int order = 0;  // <0: a is better
  bool higher(uint32_t a, uint32_t b) { return (order = cmp(b, a)) != 0; }
  bool higherBool(bool a, bool b) { return (order = cmp(b, a)) != 0; }
  bool lower(uint32_t a, uint32_t b) { return (order = cmp(a, b)) != 0; }
  bool lowerWhen(bool compared, uint32_t a, uint32_t b) { return compared && lower(a, b); }
};

semantics::DecisionView<uint32_t, bool> view(const BgpPath& p, const AsPathTable& paths) {
  return {p.weight,        p.local_pref, p.kind != PathKind::Learned, paths.length(p.as_path),
          p.origin,        p.med,        p.med_missing,               paths.firstAs(p.as_path),
          p.ebgp};
}

}  // namespace

DecisionStep comparePaths(const BgpPath& a, const BgpPath& b, const AsPathTable& paths,
                          const DecisionOptions& o) {
  ConcreteSteps steps;
  semantics::decisionSteps(steps, view(a, paths), view(b, paths), o);
  if (steps.order) return DecisionStep{steps.order, false};
  if (int c = cmp(a.igp_cost, b.igp_cost)) return DecisionStep{c, false};
  if (a.confed != b.confed) return DecisionStep{a.confed ? -1 : 1, false};  // FRR step 10

  // Both paths are of one kind here (eBGP, confed-eBGP or iBGP): the steps above decided otherwise.
  bool mp = semantics::multipathCompatible(o, a.kind == PathKind::Learned, b.kind == PathKind::Learned,
                                           a.ebgp, b.ebgp, !a.ebgp && !a.confed, a.as_path == b.as_path,
                                           paths.neighborAs(a.as_path) == paths.neighborAs(b.as_path));

  uint32_t aId = a.originator_id ? a.originator_id : a.peer_router_id;
  uint32_t bId = b.originator_id ? b.originator_id : b.peer_router_id;
  if (int c = cmp(aId, bId)) return DecisionStep{c, mp};
  if (int c = cmp(a.cluster_length, b.cluster_length)) return DecisionStep{c, mp};
  if (int c = cmp(a.peer_address, b.peer_address)) return DecisionStep{c, mp};
  if (int c = cmp(a.session, b.session)) return DecisionStep{c, mp};
  return DecisionStep{cmp(a.order, b.order), mp};
}

void selectBest(const std::vector<const BgpPath*>& paths, const AsPathTable& table,
                const DecisionOptions& o, std::vector<uint32_t>& result) {
  result.clear();
  auto better = [&](uint32_t x, uint32_t y) { return comparePaths(*paths[x], *paths[y], table, o).order < 0; };
  // Deterministic MED: the best of each neighbor-AS group first, then the group winners
  // (in group order, so the outcome does not depend on the order paths arrived in).
  thread_local std::vector<std::pair<uint32_t, uint32_t>> groups;  // (neighbor AS, best index)
  groups.clear();
  for (uint32_t i = 0; i < paths.size(); ++i) {
    if (!paths[i]->valid) continue;
    uint32_t group = semantics::medGroup(o, table.firstAs(paths[i]->as_path));
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == group; });
    if (it == groups.end())
      groups.emplace_back(group, i);
    else if (better(i, it->second))
      it->second = i;
  }
  if (groups.empty()) return;
  std::sort(groups.begin(), groups.end());
  uint32_t best = groups.front().second;
  for (const auto& [g, i] : groups)
    if (better(i, best)) best = i;
  result.push_back(best);
  const BgpPath& b = *paths[best];
  uint32_t limit = b.ebgp ? o.maximum_paths_ebgp : o.maximum_paths_ibgp;
  if (limit <= 1 || b.kind != PathKind::Learned) return;
  size_t first = result.size();
  for (uint32_t i = 0; i < paths.size(); ++i) {
    if (i == best || !paths[i]->valid) continue;
    if (comparePaths(b, *paths[i], table, o).multipath_equal) result.push_back(i);
  }
  // Which members survive `limit` depends on their order; below it their order is of no
  // consequence (forwarding takes the set), and sorting a fabric's wide ECMP sets on every
  // decision was a tenth of the simulation.
  if (result.size() <= limit) return;
  std::sort(result.begin() + static_cast<long>(first), result.end(), better);
  result.resize(limit);
}

}  // namespace routefix::sim::detail
