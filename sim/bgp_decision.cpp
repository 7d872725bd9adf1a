#include "sim/bgp_decision.h"

#include <algorithm>

namespace routefix::sim::detail {

namespace {

int cmp(uint64_t a, uint64_t b) { return a < b ? -1 : (a > b ? 1 : 0); }

uint32_t medValue(const BgpPath& p, const DecisionOptions& o) {
  if (p.med_missing && o.med_missing_as_worst) return 0xffffffffu;
  return p.med_missing ? 0 : p.med;
}

}  // namespace

DecisionStep comparePaths(const BgpPath& a, const BgpPath& b, const AsPathTable& paths,
                          const DecisionOptions& o) {
  auto decided = [](int c) { return DecisionStep{c, false}; };
  if (int c = cmp(b.weight, a.weight)) return decided(c);
  if (int c = cmp(b.local_pref, a.local_pref)) return decided(c);
  bool aLocal = a.kind != PathKind::Learned, bLocal = b.kind != PathKind::Learned;
  if (aLocal != bLocal) return decided(aLocal ? -1 : 1);
  if (!o.as_path_ignore)
    if (int c = cmp(paths.length(a.as_path), paths.length(b.as_path))) return decided(c);
  if (int c = cmp(a.origin, b.origin)) return decided(c);
  if (o.always_compare_med || paths.firstAs(a.as_path) == paths.firstAs(b.as_path))
    if (int c = cmp(medValue(a, o), medValue(b, o))) return decided(c);
  if (a.ebgp != b.ebgp) return decided(a.ebgp ? -1 : 1);
  if (int c = cmp(a.igp_cost, b.igp_cost)) return decided(c);

  // Multipath candidates: same kind of peer; eBGP paths need the same AS path unless
  // `bgp bestpath as-path multipath-relax` (length is already equal here).
  bool mp = !aLocal && !bLocal && a.ebgp == b.ebgp &&
            (!a.ebgp || o.multipath_relax || a.as_path == b.as_path);

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
    uint32_t group = o.always_compare_med ? 0 : table.firstAs(paths[i]->as_path);
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
