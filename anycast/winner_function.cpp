#include "anycast/winner_function.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace routefix::anycast {

WinnerFunctions::WinnerFunctions(const AsGraph& graph, const Deployment& deployment, const RouteModel& model)
    : graph_(graph), d_(deployment), model_(model) {}

WinnerFunctions::NodeId WinnerFunctions::root(AsIndex v, const std::vector<size_t>& possible) {
  if (possible.empty()) throw std::logic_error("anycast winner function: an AS without candidate sessions");
  return build(v, Sessions(possible.begin(), possible.end()));
}

WinnerFunctions::NodeId WinnerFunctions::leaf(size_t pop) {
  if (auto it = leaves_.find(pop); it != leaves_.end()) return it->second;
  Node n;
  n.leaf = true;
  n.pop = pop;
  nodes_.push_back(n);
  return leaves_[pop] = static_cast<NodeId>(nodes_.size() - 1);
}

WinnerFunctions::NodeId WinnerFunctions::test(Sessions meets, NodeId then_node, NodeId else_node) {
  if (then_node == else_node) return then_node;  // the test cannot change the winner
  auto key = std::make_tuple(meets, then_node, else_node);
  if (auto it = tests_.find(key); it != tests_.end()) return it->second;
  Node n;
  n.meets = std::move(meets);
  n.then_node = then_node;
  n.else_node = else_node;
  nodes_.push_back(std::move(n));
  return tests_[key] = static_cast<NodeId>(nodes_.size() - 1);
}

WinnerFunctions::NodeId WinnerFunctions::build(AsIndex u, const Sessions& possible) {
  if (auto it = built_.find({u, possible}); it != built_.end()) return it->second;
  const size_t first_pop = d_.sessions[possible.front()].pop;
  if (std::all_of(possible.begin(), possible.end(), [&](uint32_t s) { return d_.sessions[s].pop == first_pop; }))
    return built_[{u, possible}] = leaf(first_pop);

  // Offers in tie-break order: neighbour ASN ascending, the origin's own sessions under the
  // origin ASN (after a neighbour with the same ASN, as in the simulator).
  struct Offer {
    Asn key;
    Sessions sessions;
    std::optional<AsIndex> from;  // nullopt = announced straight to u
  };
  std::vector<Offer> offers;
  for (AsIndex w : model_.inNeighbours(u)) {
    Offer o{graph_.asn(w), {}, w};
    for (uint32_t s : possible)
      if (model_.distance(w, s) != RouteModel::kUnreachable && model_.distance(w, s) + 1 == model_.distance(u, s))
        o.sessions.push_back(s);
    if (!o.sessions.empty()) offers.push_back(std::move(o));
  }
  Offer direct{model_.originAsn(), {}, std::nullopt};
  const auto& straight = model_.directSessions(u);
  for (uint32_t s : possible)
    if (model_.distance(u, s) == 1 && std::find(straight.begin(), straight.end(), s) != straight.end())
      direct.sessions.push_back(s);
  if (!direct.sessions.empty()) offers.push_back(std::move(direct));
  std::stable_sort(offers.begin(), offers.end(), [](const Offer& a, const Offer& b) { return a.key < b.key; });

  // An offer that carries every possible session is always equally good: nothing after it
  // is consulted. The last offer consulted is always met (the offers cover every session).
  size_t used = 0;
  while (used < offers.size()) {
    if (offers[used++].sessions.size() == possible.size()) break;
  }
  if (used == 0) throw std::logic_error("anycast winner function: an AS with a route has no offer");
  auto decide = [&](const Offer& o) -> NodeId {
    if (o.from) return build(*o.from, o.sessions);
    // Several sessions straight from the origin: the one listed first among the tied.
    NodeId chain = leaf(d_.sessions[o.sessions.back()].pop);
    for (size_t i = o.sessions.size() - 1; i-- > 0;)
      chain = test({o.sessions[i]}, leaf(d_.sessions[o.sessions[i]].pop), chain);
    return chain;
  };
  NodeId acc = decide(offers[used - 1]);
  for (size_t k = used - 1; k-- > 0;) acc = test(offers[k].sessions, decide(offers[k]), acc);
  return built_[{u, possible}] = acc;
}

size_t WinnerFunctions::evaluate(NodeId id, const std::vector<bool>& tied) const {
  while (!nodes_[id].leaf) {
    const Node& n = nodes_[id];
    bool meets = std::any_of(n.meets.begin(), n.meets.end(), [&](uint32_t s) { return tied[s]; });
    id = meets ? n.then_node : n.else_node;
  }
  return nodes_[id].pop;
}

}  // namespace routefix::anycast
