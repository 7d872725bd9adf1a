#include "anycast/conflict_cliques.h"

#include <algorithm>
#include <numeric>

namespace routefix::anycast {

std::vector<std::vector<size_t>> conflictCliques(const std::vector<const LeaderCondition*>& conditions,
                                                 const std::vector<int64_t>& weights) {
  std::vector<size_t> heaviest(weights.size());
  std::iota(heaviest.begin(), heaviest.end(), size_t{0});
  std::stable_sort(heaviest.begin(), heaviest.end(), [&](size_t a, size_t b) { return weights[a] > weights[b]; });
  std::vector<std::vector<size_t>> cliques;
  for (size_t g : heaviest) {
    auto fits = [&](const std::vector<size_t>& clique) {
      return conditions[g] && std::all_of(clique.begin(), clique.end(), [&](size_t h) {
               return conditions[h] && excludeEachOther(*conditions[g], *conditions[h]);
             });
    };
    auto it = std::find_if(cliques.begin(), cliques.end(), fits);
    if (it == cliques.end()) cliques.push_back({g});
    else it->push_back(g);
  }
  return cliques;
}

int64_t cliqueBound(const std::vector<std::vector<size_t>>& cliques, const std::vector<int64_t>& weights) {
  int64_t bound = 0;
  for (const auto& clique : cliques) bound += weights[clique.front()];  // members heaviest first
  return bound;
}

std::vector<int64_t> layeredWeights(const std::vector<size_t>& clique, const std::vector<int64_t>& weights) {
  std::vector<int64_t> out;
  for (size_t j = 0; j < clique.size(); ++j)
    out.push_back(weights[clique[j]] - (j + 1 < clique.size() ? weights[clique[j + 1]] : 0));
  return out;
}

}  // namespace routefix::anycast
