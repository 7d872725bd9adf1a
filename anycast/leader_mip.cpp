#include "anycast/leader_mip.h"

#include <cmath>
#include <map>
#include <tuple>

namespace routefix::anycast {

namespace {

constexpr double kInf = 1e30;

// A disjunct as plain numbers (leader, then session and lead per bound), to key maps by.
void appendKey(const LeaderDisjunct& d, std::vector<int64_t>& key) {
  key.push_back(static_cast<int64_t>(d.leader));
  key.push_back(static_cast<int64_t>(d.bounds.size()));
  for (const LeadBound& b : d.bounds) key.insert(key.end(), {static_cast<int64_t>(b.session), b.max_lead});
}

}  // namespace

LeaderMip::LeaderMip(const std::vector<WeightedCondition>& groups, const std::vector<const LeaderCondition*>& required,
                     const std::vector<std::vector<size_t>>& cliques, const std::vector<int>& caps, __int128 scale)
    : caps_(caps) {
  auto addColumn = [&](double lower, double upper, double objective) {
    columns_.lower.push_back(lower);
    columns_.upper.push_back(upper);
    columns_.objective.push_back(objective);
    return static_cast<int>(columns_.objective.size()) - 1;
  };
  for (int cap : caps) {
    addColumn(0, cap, -1);
    caps_total_ += cap;
  }
  for (const WeightedCondition& g : groups) groups_.push_back(g.condition);
  required_ = required;

  // Bounds, keyed (leader, other, k): ordered, so each pair's bounds are adjacent by k.
  std::map<std::tuple<size_t, size_t, int>, int> bounds;
  auto boundColumn = [&](size_t l, size_t t, int k) {
    auto [it, added] = bounds.emplace(std::tuple(l, t, k), 0);
    if (added) {
      it->second = addColumn(0, 1, 0);
      bound_columns_.push_back({it->second, {l, t, k}});
      // b = 1: p_l - p_t <= k; b = 0: p_l - p_t <= cap_l, which always holds.
      const double m = caps_[l] - k;
      rows_.push_back({{{static_cast<int>(l), 1.0}, {static_cast<int>(t), -1.0}, {it->second, m}}, -kInf, static_cast<double>(caps_[l])});
    }
    return it->second;
  };
  std::map<std::vector<int64_t>, int> disjuncts;
  auto disjunctColumn = [&](const LeaderDisjunct& d) {
    std::vector<int64_t> key;
    appendKey(d, key);
    auto [it, added] = disjuncts.emplace(std::move(key), 0);
    if (added) {
      it->second = addColumn(0, 1, 0);
      disjunct_columns_.push_back({it->second, &d});
      // |bounds| x <= sum b: x = 1 needs every bound.
      BooleanMip::Row row{{{it->second, static_cast<double>(d.bounds.size())}}, -kInf, 0};
      for (const LeadBound& b : d.bounds) row.entries.push_back({boundColumn(d.leader, b.session, b.max_lead), -1.0});
      rows_.push_back(std::move(row));
    }
    return it->second;
  };
  // "Some disjunct holds" >= indicator (a class) or >= 1 (a required condition).
  auto someDisjunct = [&](const LeaderCondition& c, int indicator) {
    BooleanMip::Row row{{}, indicator < 0 ? 1.0 : 0.0, kInf};
    if (indicator >= 0) row.entries.push_back({indicator, -1.0});
    for (const LeaderDisjunct& d : c) row.entries.push_back({disjunctColumn(d), 1.0});
    rows_.push_back(std::move(row));
  };

  // Groups with equal conditions are one class with their summed weight.
  std::map<std::vector<int64_t>, size_t> class_of_condition;
  std::vector<int64_t> class_weight;
  std::vector<const LeaderCondition*> class_condition;
  std::vector<size_t> class_of_group;
  for (const WeightedCondition& g : groups) {
    std::vector<int64_t> key;
    for (const LeaderDisjunct& d : *g.condition) appendKey(d, key);
    auto [it, added] = class_of_condition.emplace(std::move(key), class_weight.size());
    if (added) {
      class_weight.push_back(0);
      class_condition.push_back(g.condition);
    }
    class_weight[it->second] += g.weight;
    class_of_group.push_back(it->second);
  }
  class_count_ = class_weight.size();
  std::vector<int> class_column(class_weight.size(), -1);
  for (size_t c = 0; c < class_weight.size(); ++c) {
    if (class_weight[c] <= 0) continue;  // worth nothing: no reason to hold
    class_column[c] = addColumn(0, 1, static_cast<double>(scale * class_weight[c]));
    class_columns_.push_back({class_column[c], class_condition[c]});
    someDisjunct(*class_condition[c], class_column[c]);
  }
  for (const LeaderCondition* r : required) someDisjunct(*r, -1);
  for (size_t c : class_of_group) class_column_of_group_.push_back(class_column[c]);
  addCliques(cliques);

  // Valid rows between bounds: a tighter bound implies a looser one on the same pair, and
  // bounds on a pair from both sides with no room between exclude each other.
  for (auto it = bounds.begin(); it != bounds.end(); ++it) {
    const auto [l, t, k] = it->first;
    auto next = std::next(it);
    if (next != bounds.end() && std::get<0>(next->first) == l && std::get<1>(next->first) == t)
      rows_.push_back({{{it->second, 1.0}, {next->second, -1.0}}, -kInf, 0});
    // The loosest opposite bound that still excludes this one: p_t - p_l <= k' < -k.
    auto opposite = bounds.lower_bound(std::tuple(t, l, -k));
    if (opposite == bounds.begin()) continue;
    --opposite;
    if (std::get<0>(opposite->first) == t && std::get<1>(opposite->first) == l && l < t)
      rows_.push_back({{{it->second, 1.0}, {opposite->second, 1.0}}, -kInf, 1});
  }
}

void LeaderMip::addCliques(const std::vector<std::vector<size_t>>& cliques) {
  std::vector<PackingRow> rows;
  for (const auto& clique : cliques) rows.push_back({clique, 1});
  addPackingRows(rows);
}

void LeaderMip::addPackingRows(const std::vector<PackingRow>& rows) {
  for (const PackingRow& packing : rows) {
    // Groups with the same condition share a class column: its coefficient counts them all.
    std::map<int, double> coefficient;
    for (size_t g : packing.groups)
      if (class_column_of_group_[g] >= 0) coefficient[class_column_of_group_[g]] += 1.0;
    double total = 0;
    for (const auto& [column, c] : coefficient) total += c;
    if (total <= packing.most) continue;  // holds whatever the groups do
    BooleanMip::Row row{{}, -kInf, static_cast<double>(packing.most)};
    for (const auto& [column, c] : coefficient) row.entries.push_back({column, c});
    rows_.push_back(std::move(row));
  }
}

std::vector<double> LeaderMip::columnsOf(const PrependVector& p) const {
  std::vector<double> x(columns_.objective.size(), 0);
  for (size_t s = 0; s < p.size(); ++s) x[s] = p[s];
  for (const auto& [column, b] : bound_columns_) x[column] = p[b.leader] - p[b.other] <= b.max_lead;
  for (const auto& [column, d] : disjunct_columns_) x[column] = holdsUnder(*d, p);
  for (const auto& [column, c] : class_columns_) x[column] = holdsUnder(*c, p);
  return x;
}

PrependVector LeaderMip::prepends(const std::vector<double>& solution) const {
  PrependVector p;
  for (size_t s = 0; s < caps_.size(); ++s) p.push_back(static_cast<int>(std::lround(solution[s])));
  return p;
}

std::vector<bool> LeaderMip::groupsHold(const std::vector<double>& solution) const {
  const PrependVector p = prepends(solution);
  std::vector<bool> out;
  for (const LeaderCondition* c : groups_) out.push_back(holdsUnder(*c, p));
  return out;
}

std::vector<bool> LeaderMip::requiredHold(const std::vector<double>& solution) const {
  const PrependVector p = prepends(solution);
  std::vector<bool> out;
  for (const LeaderCondition* c : required_) out.push_back(holdsUnder(*c, p));
  return out;
}

}  // namespace routefix::anycast
