#include "anycast/conflict_clique_lp.h"

#include <coin/ClpSimplex.hpp>
#include <coin/CoinPackedMatrix.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <set>

#include "anycast/clp_stop.h"

namespace routefix::anycast {

namespace {

// The conflict graph as bit rows (a clique grows by intersecting the rows of its members;
// 7,400 groups with 6 million conflicts take 7 MB, adjacency lists took 97). excludeEachOther's test, with each disjunct's bounds looked up in a
// table by session: 7,400 groups are 27 million pairs.
class ConflictGraph {
 public:
  ConflictGraph(const std::vector<const LeaderCondition*>& conditions, size_t sessions, const StopWhen& when)
      : n_(conditions.size()), words_((n_ + 63) / 64), bits_(n_ * words_, 0) {
    std::vector<std::vector<std::vector<int>>> lead(n_);  // group, disjunct, session -> max lead
    for (size_t g = 0; g < n_; ++g)
      for (const LeaderDisjunct& d : *conditions[g]) {
        lead[g].emplace_back(sessions, kNoBound);
        for (const LeadBound& b : d.bounds) lead[g].back()[b.session] = b.max_lead;
      }
    auto exclude = [&](size_t a, size_t b) {
      const LeaderCondition& ca = *conditions[a];
      const LeaderCondition& cb = *conditions[b];
      for (size_t i = 0; i < ca.size(); ++i)
        for (size_t j = 0; j < cb.size(); ++j) {
          if (ca[i].leader == cb[j].leader) return false;
          const int ab = lead[a][i][cb[j].leader], ba = lead[b][j][ca[i].leader];
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
  static constexpr int kNoBound = 1 << 20;
  size_t n_, words_;
  std::vector<uint64_t> bits_;
  size_t edges_ = 0;
  bool complete_ = false;
};

void addCliqueRow(ClpSimplex& lp, const std::vector<size_t>& clique) {
  std::vector<int> columns(clique.begin(), clique.end());
  const std::vector<double> ones(clique.size(), 1.0);
  lp.addRow(static_cast<int>(columns.size()), columns.data(), ones.data(), -COIN_DBL_MAX, 1.0);
}

}  // namespace

CliqueLpBound conflictCliqueLp(const std::vector<const LeaderCondition*>& conditions,
                               const std::vector<int64_t>& weights,
                               const std::vector<std::vector<size_t>>& partition, size_t sessions,
                               std::chrono::steady_clock::time_point deadline, const std::atomic<bool>* stop) {
  CliqueLpBound out;
  const StopWhen when{stop, deadline};
  const size_t n = conditions.size();
  const ConflictGraph graph(conditions, sessions, when);
  out.edges = graph.edges();
  if (!graph.complete() || n == 0) return out;

  ClpSimplex lp;
  lp.setLogLevel(0);
  IterationStop iteration_stop(when);
  lp.passInEventHandler(&iteration_stop);
  {
    std::vector<double> lower(n, 0), upper(n, 1), cost(n);
    for (size_t g = 0; g < n; ++g) cost[g] = -static_cast<double>(weights[g]);  // Clp minimises
    CoinPackedMatrix empty(false, 0, 0);
    empty.setDimensions(0, static_cast<int>(n));
    lp.loadProblem(empty, lower.data(), upper.data(), cost.data(), nullptr, nullptr);
  }
  for (const auto& clique : partition)
    if (clique.size() > 1) addCliqueRow(lp, clique);
  // The LP's optimum bounds every vector's weight (an integer): rounded down past Clp's
  // tolerance, so a bound stays a bound.
  auto solved = [&] {
    lp.dual();
    if (when.now() || !lp.isProvenOptimal()) return false;
    const double value = -lp.objectiveValue();
    out.weight = static_cast<int64_t>(std::floor(value + 1e-6 * std::max(1.0, std::fabs(value))));
    return true;
  };
  if (!solved()) return out;

  std::set<std::vector<size_t>> found;
  constexpr double kCounted = 1e-6;
  while (!when.now()) {
    const double* y = lp.primalColumnSolution();
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
      out.converged = !when.now();
      break;
    }
    for (const auto& clique : violated) addCliqueRow(lp, clique);
    out.cliques.insert(out.cliques.end(), violated.begin(), violated.end());
    ++out.rounds;
    if (!solved()) break;
  }
  return out;
}

}  // namespace routefix::anycast
