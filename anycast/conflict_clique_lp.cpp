#include "anycast/conflict_clique_lp.h"

#include <coin/ClpSimplex.hpp>
#include <coin/CoinPackedMatrix.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <set>

#include "anycast/clp_stop.h"

namespace routefix::anycast {

int64_t packingDualBound(const std::vector<PackingRow>& rows, const std::vector<double>& multipliers,
                         const std::vector<int64_t>& weights) {
  std::vector<long double> covered(weights.size(), 0);
  long double total = 0;
  for (size_t r = 0; r < rows.size(); ++r) {
    const long double l = std::max(0.0, multipliers[r]);
    if (l == 0) continue;
    total += rows[r].most * l;
    for (size_t g : rows[r].groups) covered[g] += l;
  }
  for (size_t g = 0; g < weights.size(); ++g)
    total += std::max<long double>(0, static_cast<long double>(weights[g]) - covered[g]);
  // The sums' rounding error is far below this margin, so the integer below stays a bound.
  return static_cast<int64_t>(std::floor(total + 1e-9L * std::max<long double>(1, total)));
}

namespace {

// The conflict graph as bit rows (a clique grows by intersecting the rows of its members;
// 7,400 groups with 6 million conflicts take 7 MB, adjacency lists took 97). excludeEachOther's test, with each disjunct's bounds looked up in a
// table by session: 7,400 groups are 27 million pairs.
class ConflictGraph {
 public:
  ConflictGraph(const std::vector<const LeaderCondition*>& conditions, size_t sessions, const StopWhen& when)
      : conditions_(conditions), n_(conditions.size()), words_((n_ + 63) / 64), bits_(n_ * words_, 0), lead_(n_) {
    for (size_t g = 0; g < n_; ++g)
      for (const LeaderDisjunct& d : *conditions[g]) {
        lead_[g].emplace_back(sessions, kNoBound);
        for (const LeadBound& b : d.bounds) lead_[g].back()[b.session] = b.max_lead;
      }
    auto exclude = [&](size_t a, size_t b) {
      const LeaderCondition& ca = *conditions[a];
      const LeaderCondition& cb = *conditions[b];
      for (size_t i = 0; i < ca.size(); ++i)
        for (size_t j = 0; j < cb.size(); ++j) {
          if (ca[i].leader == cb[j].leader) return false;
          const int ab = lead_[a][i][cb[j].leader], ba = lead_[b][j][ca[i].leader];
          if (ab == kNoBound || ba == kNoBound || ab + ba >= 0) return false;
        }
      return true;
    };
    for (size_t a = 0; a < n_; ++a) {
      if (when.now()) return;
      for (size_t b = a + 1; b < n_; ++b)
        if (exclude(a, b)) {
          bits_[a * words_ + b / 64] |= uint64_t{1} << (b % 64);
          bits_[b * words_ + a / 64] |= uint64_t{1} << (a % 64);
          ++edges_;
        }
    }
    complete_ = true;
  }

  // No vector puts groups a, b and c at target together (a sufficient test): whichever
  // disjunct each takes, the bounds between their three leaders close a cycle of negative
  // length (p_x - p_y <= k summed around it gives 0 <= a negative number). Pairwise
  // compatible groups can still exclude each other three at a time, as a cycle of
  // preferences: a ahead of b, b ahead of c, c ahead of a.
  bool excludeTogether(size_t a, size_t b, size_t c) const {
    const size_t group[3] = {a, b, c};
    const LeaderCondition* cond[3] = {conditions_[a], conditions_[b], conditions_[c]};
    for (size_t i = 0; i < cond[0]->size(); ++i)
      for (size_t j = 0; j < cond[1]->size(); ++j)
        for (size_t k = 0; k < cond[2]->size(); ++k) {
          const size_t disjunct[3] = {i, j, k};
          size_t leader[3];
          for (int x = 0; x < 3; ++x) leader[x] = (*cond[x])[disjunct[x]].leader;
          // lead[x][y]: the most p_leader(x) - p_leader(y) may be (0 for one leader).
          int lead[3][3];
          for (int x = 0; x < 3; ++x)
            for (int y = 0; y < 3; ++y)
              lead[x][y] = leader[x] == leader[y] ? 0 : lead_[group[x]][disjunct[x]][leader[y]];
          bool cycle = lead[0][1] + lead[1][2] + lead[2][0] < 0 || lead[0][2] + lead[2][1] + lead[1][0] < 0;
          for (int x = 0; x < 3 && !cycle; ++x)
            for (int y = x + 1; y < 3 && !cycle; ++y) cycle = lead[x][y] + lead[y][x] < 0;
          if (!cycle) return false;
        }
    return true;
  }

  bool complete() const { return complete_; }
  size_t edges() const { return edges_; }
  std::vector<size_t> adjacent(size_t g) const {
    std::vector<size_t> out;
    for (size_t w = 0; w < words_; ++w)
      for (uint64_t bits = bits_[g * words_ + w]; bits; bits &= bits - 1)
        out.push_back(w * 64 + static_cast<size_t>(std::countr_zero(bits)));
    return out;
  }
  // The members of `candidates` (a bit row) adjacent to g.
  void keepAdjacent(size_t g, std::vector<uint64_t>& candidates) const {
    for (size_t w = 0; w < words_; ++w) candidates[w] &= bits_[g * words_ + w];
  }
  std::vector<uint64_t> row(size_t g) const {
    return {bits_.begin() + static_cast<std::ptrdiff_t>(g * words_), bits_.begin() + static_cast<std::ptrdiff_t>((g + 1) * words_)};
  }
  static bool has(const std::vector<uint64_t>& set, size_t g) { return (set[g / 64] >> (g % 64)) & 1; }

 private:
  static constexpr int kNoBound = 1 << 20;  // no bound: sums with it never go negative
  const std::vector<const LeaderCondition*>& conditions_;
  size_t n_, words_;
  std::vector<uint64_t> bits_;
  std::vector<std::vector<std::vector<int>>> lead_;  // group, disjunct, session -> max lead
  size_t edges_ = 0;
  bool complete_ = false;
};

// The clique LP solved as its dual, a fractional cover of the groups' weights:
//   minimise sum_r rhs_r l_r + sum_g m_g  subject to  sum_{r contains g} l_r + m_g >= w_g,  l, m >= 0
// (a row "at most rhs_r of these groups" of the clique LP is a column l_r here). Why the dual:
// a new clique is a new column, so the primal simplex carries on from the last basis, whose
// size stays the number of groups however many cliques accumulate (the clique LP's own basis
// grows with every row: on 75,000 ASes / 20 sessions its ninth re-solve, at 15,000 rows,
// took 4.6 s, this one's 1.9 s of CPU). And any l >= 0 is a bound, with m_g the weight l
// leaves uncovered, so a solve cut short still bounds (weak duality), however far Clp got
// and whatever its tolerances.
class CliqueCover {
 public:
  explicit CliqueCover(const std::vector<int64_t>& weights, const StopWhen& when)
      : weights_(weights), when_(when), stop_(when) {
    lp_.setLogLevel(0);
    lp_.passInEventHandler(&stop_);
    const size_t n = weights.size();
    std::vector<double> lower(n), upper(n, COIN_DBL_MAX);
    for (size_t g = 0; g < n; ++g) lower[g] = static_cast<double>(weights[g]);
    // m_g: one column per group, cost 1.
    std::vector<CoinBigIndex> starts(n + 1);
    std::vector<int> rows(n);
    std::vector<double> ones(n, 1.0), column_lower(n, 0), column_upper(n, COIN_DBL_MAX);
    for (size_t g = 0; g <= n; ++g) starts[g] = static_cast<CoinBigIndex>(g);
    for (size_t g = 0; g < n; ++g) rows[g] = static_cast<int>(g);
    CoinPackedMatrix matrix(true, static_cast<int>(n), static_cast<int>(n), static_cast<CoinBigIndex>(n), ones.data(),
                            rows.data(), starts.data(), nullptr);
    lp_.loadProblem(matrix, column_lower.data(), column_upper.data(), ones.data(), lower.data(), upper.data());
  }

  // At most `most` of `groups` at target.
  void add(const std::vector<size_t>& groups, int most) {
    std::vector<int> rows(groups.begin(), groups.end());
    const std::vector<double> ones(groups.size(), 1.0);
    lp_.addColumn(static_cast<int>(rows.size()), rows.data(), ones.data(), 0, COIN_DBL_MAX, most);
    rows_.push_back({groups, most});
  }

  // Solves from the last basis; false when stopped or not optimal (the bound still holds).
  bool solve() {
    lp_.primal();
    const bool optimal = lp_.isProvenOptimal() && !when_.now();
    // y_g, the clique LP's primal solution, is the dual of group g's row (clamped: Clp's
    // tolerances); it only guides the search for violated rows.
    const double* dual = lp_.dualRowSolution();
    y_.assign(dual, dual + weights_.size());
    for (double& v : y_) v = std::clamp(v, 0.0, 1.0);
    return optimal;
  }
  const std::vector<double>& y() const { return y_; }

  // The rows added after the first `skip` whose multiplier is positive.
  std::vector<PackingRow> pricedRows(size_t skip) const {
    const double* l = lp_.primalColumnSolution() + weights_.size();
    std::vector<PackingRow> out;
    for (size_t r = skip; r < rows_.size(); ++r)
      if (l[r] > 0) out.push_back(rows_[r]);
    return out;
  }

  // Any l >= 0 bounds (weak duality); Clp's current one, clamped.
  int64_t bound() const {
    const double* l = lp_.primalColumnSolution() + weights_.size();
    return packingDualBound(rows_, std::vector<double>(l, l + rows_.size()), weights_);
  }

 private:
  const std::vector<int64_t>& weights_;
  StopWhen when_;
  IterationStop stop_;
  ClpSimplex lp_;
  std::vector<PackingRow> rows_;  // column l_r's row of the clique LP
  std::vector<double> y_;
};

// Triples of pairwise compatible groups that exclude each other together and whose y sum
// past 2, largest y first; at most `limit`.
std::vector<std::vector<size_t>> violatedTriples(const ConflictGraph& graph, const double* y, size_t n,
                                                 size_t limit, const StopWhen& when) {
  constexpr double kPast = 2 + 1e-6;
  std::vector<size_t> counted;
  for (size_t g = 0; g < n; ++g)
    if (y[g] > 1e-6) counted.push_back(g);
  std::stable_sort(counted.begin(), counted.end(), [&](size_t a, size_t b) { return y[a] > y[b]; });
  std::vector<std::vector<size_t>> out;
  size_t tried = 0;
  for (size_t i = 0; i < counted.size(); ++i) {
    const size_t a = counted[i];
    const std::vector<uint64_t> near_a = graph.row(a);
    for (size_t j = i + 1; j < counted.size() && y[a] + 2 * y[counted[j]] > kPast; ++j) {
      const size_t b = counted[j];
      if (ConflictGraph::has(near_a, b)) continue;
      const std::vector<uint64_t> near_b = graph.row(b);
      for (size_t k = j + 1; k < counted.size() && y[a] + y[b] + y[counted[k]] > kPast; ++k) {
        const size_t c = counted[k];
        if (ConflictGraph::has(near_a, c) || ConflictGraph::has(near_b, c)) continue;
        if (++tried % 4096 == 0 && when.now()) return out;
        if (graph.excludeTogether(a, b, c)) {
          out.push_back({a, b, c});
          if (out.size() >= limit) return out;
        }
      }
    }
  }
  return out;
}

// Triples per round: 10,000 ASes / 20 sessions has 64,000 violated ones at the first
// round, and re-solving with all of them took 20 s.
constexpr size_t kTriplesPerRound = 2000;

}  // namespace

CliqueLpBound conflictCliqueLp(const std::vector<const LeaderCondition*>& conditions,
                               const std::vector<int64_t>& weights,
                               const std::vector<std::vector<size_t>>& partition, size_t sessions,
                               std::chrono::steady_clock::time_point deadline, const std::atomic<bool>* stop,
                               const std::function<void(const std::vector<double>& y, int64_t bound)>& solved_lp) {
  CliqueLpBound out;
  const StopWhen when{stop, deadline};
  const size_t n = conditions.size();
  const ConflictGraph graph(conditions, sessions, when);
  out.edges = graph.edges();
  if (!graph.complete() || n == 0) return out;

  CliqueCover lp(weights, when);
  size_t partition_rows = 0;
  for (const auto& clique : partition)
    if (clique.size() > 1) lp.add(clique, 1), ++partition_rows;
  std::set<std::vector<size_t>> found;
  // One clique per group besides the partition: its members grown heaviest first. The
  // partition covers each group once; these start the LP closer to its end (75,000 ASes / 20
  // sessions: 6,083,689 after 8.5 s of CPU, where the rounds alone had 6,132,845 after 9.7 s).
  std::vector<size_t> heaviest(n);
  std::iota(heaviest.begin(), heaviest.end(), size_t{0});
  std::stable_sort(heaviest.begin(), heaviest.end(), [&](size_t a, size_t b) { return weights[a] > weights[b]; });
  for (size_t g : heaviest) {
    if (when.now()) break;
    std::vector<uint64_t> candidates = graph.row(g);
    std::vector<size_t> clique{g};
    for (size_t h : heaviest)
      if (ConflictGraph::has(candidates, h)) {
        clique.push_back(h);
        graph.keepAdjacent(h, candidates);
      }
    std::sort(clique.begin(), clique.end());
    if (clique.size() > 1 && found.insert(clique).second) {
      lp.add(clique, 1);
      ++out.cliques;
    }
  }
  auto solved = [&] {
    const bool optimal = lp.solve();
    out.weight = out.weight ? std::min(*out.weight, lp.bound()) : lp.bound();
    if (optimal && solved_lp) solved_lp(lp.y(), *out.weight);
    return optimal;
  };
  if (!solved()) {
    out.binding = lp.pricedRows(partition_rows);
    return out;
  }

  constexpr double kCounted = 1e-6;
  while (!when.now()) {
    const double* y = lp.y().data();
    std::vector<size_t> counted;
    for (size_t g = 0; g < n; ++g)
      if (y[g] > kCounted) counted.push_back(g);
    std::stable_sort(counted.begin(), counted.end(), [&](size_t a, size_t b) { return y[a] > y[b]; });
    std::vector<std::vector<size_t>> violated;
    for (size_t g : counted) {
      if (when.now()) break;
      // Greedy: the neighbours the LP counts, largest y first (then heaviest) ...
      std::vector<size_t> next = graph.adjacent(g);
      std::stable_sort(next.begin(), next.end(), [&](size_t a, size_t b) {
        return y[a] != y[b] ? y[a] > y[b] : weights[a] > weights[b];
      });
      std::vector<uint64_t> candidates = graph.row(g);
      std::vector<size_t> clique{g};
      double sum = y[g];
      for (size_t h : next)
        if (y[h] > kCounted && ConflictGraph::has(candidates, h)) {
          clique.push_back(h);
          sum += y[h];
          graph.keepAdjacent(h, candidates);
        }
      if (sum <= 1 + kCounted) continue;
      // ... then grown by weight with the rest, for a row that stays tight longer.
      for (size_t h : next)
        if (ConflictGraph::has(candidates, h)) {
          clique.push_back(h);
          graph.keepAdjacent(h, candidates);
        }
      std::sort(clique.begin(), clique.end());
      if (found.insert(clique).second) violated.push_back(std::move(clique));
    }
    if (violated.empty()) {
      // No clique left to add: triples that exclude each other together, then cliques again.
      const auto triples = violatedTriples(graph, y, n, kTriplesPerRound, when);
      if (triples.empty()) {
        out.converged = !when.now();
        break;
      }
      for (const auto& triple : triples) lp.add(triple, 2);
      out.triples += triples.size();
      ++out.rounds;
      if (!solved()) break;
      continue;
    }
    for (const auto& clique : violated) lp.add(clique, 1);
    out.cliques += violated.size();
    ++out.rounds;
    if (!solved()) break;
  }
  out.binding = lp.pricedRows(partition_rows);
  return out;
}

}  // namespace routefix::anycast
