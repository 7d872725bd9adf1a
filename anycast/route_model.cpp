#include "anycast/route_model.h"

#include <algorithm>

namespace routefix::anycast {

namespace {

// How upstream `up` classifies the origin's route: the same rule as AnycastPropagation
// (transit unless the graph links them otherwise).
RouteClass sessionClass(const AsGraph& g, AsIndex up, Asn origin) {
  auto o = g.find(origin);
  if (!o) return RouteClass::Customer;
  auto kind = g.neighbourKind(up, *o);
  if (kind == AsGraph::NeighbourKind::Peer) return RouteClass::Peer;
  if (kind == AsGraph::NeighbourKind::Provider) return RouteClass::Provider;
  return RouteClass::Customer;
}

}  // namespace

RouteModel::RouteModel(const AnycastPropagation& prop)
    : graph_(prop.graph()), sessions_(prop.sessionCount()), origin_(prop.deployment().origin) {
  const AsGraph& g = graph_;
  const size_t n = g.size();
  // Classes do not depend on the prepends: take them from any one propagation.
  PropagationState st;
  prop.run(PrependVector(sessions_, 0), false, st);
  class_ = st.route_class;
  dist_.assign(n * sessions_, kUnreachable);
  direct_.resize(n);

  std::vector<std::vector<AsIndex>> buckets;
  auto at = [&](AsIndex v, size_t s) -> uint16_t& { return dist_[static_cast<size_t>(v) * sessions_ + s]; };
  for (size_t s = 0; s < sessions_; ++s) {
    AsIndex up = *g.find(prop.deployment().sessions[s].upstream);
    RouteClass cls = sessionClass(g, up, origin_);
    // The announcement only counts where it has the upstream's own class (a better-classed
    // route elsewhere makes the upstream ignore it; the origin itself has no class).
    bool direct = class_[up] == cls;
    if (direct) direct_[up].push_back(s);

    // Up: customer routes climb provider links (plain BFS, every hop costs 1).
    std::vector<AsIndex> queue;
    if (direct && cls == RouteClass::Customer) {
      at(up, s) = 1;
      queue.push_back(up);
    }
    for (size_t i = 0; i < queue.size(); ++i) {
      AsIndex v = queue[i];
      for (AsIndex u : g.providers(v))
        if (class_[u] == RouteClass::Customer && at(u, s) == kUnreachable) {
          at(u, s) = static_cast<uint16_t>(at(v, s) + 1);
          queue.push_back(u);
        }
    }
    // Across: one peer hop from customer-class holders into peer-class ASes.
    if (direct && cls == RouteClass::Peer) at(up, s) = 1;
    for (AsIndex v : queue)
      for (AsIndex u : g.peers(v))
        if (class_[u] == RouteClass::Peer) at(u, s) = std::min<uint16_t>(at(u, s), static_cast<uint16_t>(at(v, s) + 1));
    // Down: every holder hands its route to provider-class customers; multi-source, so a
    // bucket queue by length (the sources sit at different lengths).
    for (auto& b : buckets) b.clear();
    auto push = [&](AsIndex v) {
      size_t len = at(v, s);
      if (buckets.size() <= len) buckets.resize(len + 1);
      buckets[len].push_back(v);
    };
    if (direct && cls == RouteClass::Provider) at(up, s) = 1;
    for (AsIndex v = 0; v < n; ++v)
      if (at(v, s) != kUnreachable) push(v);
    for (size_t len = 0; len < buckets.size(); ++len)
      for (size_t i = 0; i < buckets[len].size(); ++i) {
        AsIndex v = buckets[len][i];
        if (at(v, s) != len) continue;
        for (AsIndex u : g.customers(v))
          if (class_[u] == RouteClass::Provider && at(u, s) > len + 1) {
            at(u, s) = static_cast<uint16_t>(len + 1);
            push(u);
          }
      }
  }
}

std::vector<AsIndex> RouteModel::inNeighbours(AsIndex v) const {
  std::vector<AsIndex> out;
  switch (class_[v]) {
    case RouteClass::None: break;
    case RouteClass::Customer:
      for (AsIndex u : graph_.customers(v))
        if (class_[u] == RouteClass::Customer) out.push_back(u);
      break;
    case RouteClass::Peer:
      for (AsIndex u : graph_.peers(v))
        if (class_[u] == RouteClass::Customer) out.push_back(u);
      break;
    case RouteClass::Provider:
      for (AsIndex u : graph_.providers(v))
        if (class_[u] != RouteClass::None) out.push_back(u);
      break;
  }
  return out;  // neighbour lists are sorted, and indices follow ASN order
}

const std::vector<size_t>& RouteModel::directSessions(AsIndex v) const { return direct_[v]; }

}  // namespace routefix::anycast
