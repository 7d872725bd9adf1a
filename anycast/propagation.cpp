#include "anycast/propagation.h"

#include <limits>

#include "model/input_error.h"

namespace routefix::anycast {

namespace {

constexpr uint32_t kNoRoute = std::numeric_limits<uint32_t>::max();

// Offers routes to ASes, keeping the best one per AS and, if tracked, the union of the
// session sets of all equally good ones.
class RouteOffers {
 public:
  RouteOffers(PropagationState& state, int64_t origin_index) : st_(state), origin_(origin_index) {}

  // Returns true if the AS's best path got shorter or better-classed (it must be re-queued).
  bool offer(AsIndex v, RouteClass cls, uint32_t len, Asn next_hop, int32_t session,
             const uint64_t* sender_ties) {
    if (static_cast<int64_t>(v) == origin_) return false;
    RouteClass current = st_.route_class[v];
    if (cls < current) return false;
    if (cls > current || len < st_.length[v]) {
      st_.route_class[v] = cls;
      st_.length[v] = len;
      st_.next_hop[v] = next_hop;
      st_.session[v] = session;
      if (st_.tie_words) {
        uint64_t* mine = &st_.ties[v * st_.tie_words];
        for (size_t w = 0; w < st_.tie_words; ++w) mine[w] = sender_ties ? sender_ties[w] : 0;
        if (!sender_ties) mine[session / 64] |= uint64_t{1} << (session % 64);
      }
      return true;
    }
    if (len > st_.length[v]) return false;
    if (st_.tie_words) {
      uint64_t* mine = &st_.ties[v * st_.tie_words];
      if (sender_ties)
        for (size_t w = 0; w < st_.tie_words; ++w) mine[w] |= sender_ties[w];
      else
        mine[session / 64] |= uint64_t{1} << (session % 64);
    }
    if (next_hop < st_.next_hop[v] || (next_hop == st_.next_hop[v] && session < st_.session[v])) {
      st_.next_hop[v] = next_hop;
      st_.session[v] = session;
    }
    return false;
  }

  const uint64_t* tiesOf(AsIndex v) const {
    return st_.tie_words ? &st_.ties[v * st_.tie_words] : nullptr;
  }

 private:
  PropagationState& st_;
  int64_t origin_;
};

void push(PropagationState& st, AsIndex v, uint32_t len) {
  if (st.buckets.size() <= len) st.buckets.resize(len + 1);
  st.buckets[len].push_back(v);
}

// Drains the bucket queue in increasing path length; each settled AS offers its route to the
// ASes `next(v)` lists, as route class `cls`.
template <typename Neighbours>
void settleByLength(const AsGraph& g, PropagationState& st, RouteOffers& offers, RouteClass cls,
                    Neighbours next) {
  for (size_t len = 0; len < st.buckets.size(); ++len) {
    // Offers only ever add to later buckets, so iterating by index is safe.
    for (size_t i = 0; i < st.buckets[len].size(); ++i) {
      AsIndex v = st.buckets[len][i];
      if (st.finished[v] || st.length[v] != len) continue;
      st.finished[v] = 1;
      for (AsIndex u : next(v))
        if (offers.offer(u, cls, static_cast<uint32_t>(len + 1), g.asn(v), st.session[v], offers.tiesOf(v)))
          push(st, u, static_cast<uint32_t>(len + 1));
    }
    st.buckets[len].clear();
  }
}

}  // namespace

std::vector<size_t> PropagationState::tieSet(AsIndex v) const {
  std::vector<size_t> out;
  for (size_t w = 0; w < tie_words; ++w)
    for (uint64_t bits = ties[v * tie_words + w]; bits; bits &= bits - 1)
      out.push_back(w * 64 + static_cast<size_t>(__builtin_ctzll(bits)));
  return out;
}

AnycastPropagation::AnycastPropagation(const AsGraph& graph, const Deployment& deployment)
    : graph_(graph), deployment_(deployment) {
  auto origin = graph.find(deployment.origin);
  if (origin) origin_index_ = *origin;
  for (const auto& s : deployment.sessions) {
    auto upstream = graph.find(s.upstream);
    if (!upstream)
      throw model::InputError("upstream AS " + std::to_string(s.upstream) + " is not in the AS graph",
                              s.source.file, s.source.line);
    // An upstream sells transit to the origin unless the graph says otherwise.
    RouteClass cls = RouteClass::Customer;
    if (origin) {
      auto kind = graph.neighbourKind(*upstream, *origin);
      if (kind == AsGraph::NeighbourKind::Peer) cls = RouteClass::Peer;
      if (kind == AsGraph::NeighbourKind::Provider) cls = RouteClass::Provider;
    }
    sessions_.push_back({*upstream, cls});
  }
}

void AnycastPropagation::run(const PrependVector& prepends, bool track_ties, PropagationState& st) const {
  const size_t n = graph_.size();
  st.route_class.assign(n, RouteClass::None);
  st.length.assign(n, kNoRoute);
  st.next_hop.assign(n, std::numeric_limits<Asn>::max());
  st.session.assign(n, -1);
  st.tie_words = track_ties ? (sessions_.size() + 63) / 64 : 0;
  st.ties.assign(n * st.tie_words, 0);
  st.finished.assign(n, 0);
  for (auto& b : st.buckets) b.clear();
  RouteOffers offers(st, origin_index_);
  const Asn origin = deployment_.origin;

  auto announce = [&](RouteClass cls) {
    for (size_t s = 0; s < sessions_.size(); ++s) {
      if (sessions_[s].route_class != cls) continue;
      uint32_t len = 1 + static_cast<uint32_t>(prepends.at(s));
      if (offers.offer(sessions_[s].upstream, cls, len, origin, static_cast<int32_t>(s), nullptr))
        push(st, sessions_[s].upstream, len);
    }
  };

  // Up: customer routes climb to providers.
  announce(RouteClass::Customer);
  settleByLength(graph_, st, offers, RouteClass::Customer, [&](AsIndex v) { return graph_.providers(v); });

  // Across: ASes holding a customer route (only those) hand it to their peers, one hop.
  announce(RouteClass::Peer);
  for (AsIndex v = 0; v < n; ++v) {
    if (st.route_class[v] != RouteClass::Customer) continue;
    for (AsIndex u : graph_.peers(v))
      offers.offer(u, RouteClass::Peer, st.length[v] + 1, graph_.asn(v), st.session[v], offers.tiesOf(v));
  }

  // Down: every AS with a route hands its best one to its customers.
  std::fill(st.finished.begin(), st.finished.end(), 0);
  announce(RouteClass::Provider);
  for (AsIndex v = 0; v < n; ++v)
    if (st.route_class[v] == RouteClass::Customer || st.route_class[v] == RouteClass::Peer)
      push(st, v, st.length[v]);
  settleByLength(graph_, st, offers, RouteClass::Provider, [&](AsIndex v) { return graph_.customers(v); });
}

}  // namespace routefix::anycast
