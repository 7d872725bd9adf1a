#include "anycast/tie_break_order.h"

#include <algorithm>

namespace routefix::anycast {

const std::vector<size_t>& TieBreakOrder::order(AsIndex v, const std::vector<size_t>& possible) {
  auto key = std::make_pair(v, possible);
  if (auto it = orders_.find(key); it != orders_.end()) return it->second;
  std::vector<std::pair<Asn, std::vector<size_t>>> offers;  // (tie-break key, sessions in order)
  for (AsIndex w : model_.inNeighbours(v)) {
    std::vector<size_t> carried;
    for (size_t s : possible)
      if (model_.distance(w, s) != RouteModel::kUnreachable && model_.distance(w, s) + 1 == model_.distance(v, s))
        carried.push_back(s);
    if (!carried.empty()) offers.emplace_back(graph_.asn(w), order(w, carried));
  }
  std::vector<size_t> direct;  // the first session listed wins among the origin's own
  for (size_t s : model_.directSessions(v))
    if (model_.distance(v, s) == 1 && std::binary_search(possible.begin(), possible.end(), s)) direct.push_back(s);
  if (!direct.empty()) offers.emplace_back(model_.originAsn(), std::move(direct));
  // After a neighbour with the origin's ASN, as in the simulator.
  std::stable_sort(offers.begin(), offers.end(), [](const auto& a, const auto& b) { return a.first < b.first; });

  std::vector<size_t> out;
  std::vector<bool> placed(model_.sessions(), false);
  for (const auto& [asn, carried] : offers)
    for (size_t s : carried)
      if (!placed[s]) {
        placed[s] = true;
        out.push_back(s);
      }
  return orders_.emplace(std::move(key), std::move(out)).first->second;
}

}  // namespace routefix::anycast
