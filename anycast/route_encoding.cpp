#include "anycast/route_encoding.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

namespace routefix::anycast {

RouteEncoding::RouteEncoding(z3::context& ctx, const AsGraph& graph, const Deployment& deployment,
                             const RouteModel& model, std::vector<int> caps)
    : ctx_(ctx), graph_(graph), d_(deployment), model_(model), caps_(std::move(caps)), chain_(ctx) {
  steps_.resize(caps_.size());
  for (size_t s = 0; s < caps_.size(); ++s)
    for (int t = 1; t <= caps_[s]; ++t) {
      steps_[s].push_back(ctx.bool_const(("p" + std::to_string(s) + ">=" + std::to_string(t)).c_str()));
      if (t > 1) chain_.push_back(z3::implies(steps_[s][t - 1], steps_[s][t - 2]));
    }
}

z3::expr RouteEncoding::geq(size_t s, int t) const {
  if (t <= 0) return ctx_.bool_val(true);
  if (t > caps_[s]) return ctx_.bool_val(false);
  return steps_[s][t - 1];
}

z3::expr RouteEncoding::lengthAtMost(Node& n, int bound) const {
  if (bound < n.low) return ctx_.bool_val(false);
  if (bound >= n.high) return ctx_.bool_val(true);
  return n.level[static_cast<size_t>(bound - n.low)];
}

RouteEncoding::Node& RouteEncoding::node(AsIndex v) {
  if (auto it = nodes_.find(v); it != nodes_.end()) return it->second;
  Node n;
  // The shortest a route can get is every session unprepended; the longest, the best
  // session at its cap.
  n.low = std::numeric_limits<int>::max();
  n.high = std::numeric_limits<int>::max();
  for (size_t s = 0; s < caps_.size(); ++s) {
    int dist = model_.distance(v, s);
    if (dist == RouteModel::kUnreachable) continue;
    n.low = std::min(n.low, dist);
    n.high = std::min(n.high, dist + caps_[s]);
  }
  for (size_t s = 0; s < caps_.size(); ++s)
    if (model_.distance(v, s) != RouteModel::kUnreachable && model_.distance(v, s) <= n.high)
      n.candidates.push_back(s);
  // le(L) <=> some session reaches length <= L, i.e. p_s <= L - D(s).
  for (int bound = n.low; bound < n.high; ++bound) {
    z3::expr_vector some(ctx_);
    for (size_t s : n.candidates)
      if (model_.distance(v, s) <= bound) some.push_back(!geq(s, bound - model_.distance(v, s) + 1));
    n.level.push_back(z3::mk_or(some));
  }
  // best(s) <=> no route is shorter than p_s + D(s); the levels are monotone, so it is
  // enough that p_s >= t rules out le(D(s) + t - 1) for every t.
  for (size_t s : n.candidates) {
    z3::expr_vector all(ctx_);
    int dist = model_.distance(v, s);
    for (int t = 0; t <= caps_[s]; ++t) {
      z3::expr shorter = lengthAtMost(n, dist + t - 1);
      if (shorter.is_false()) continue;
      all.push_back(!geq(s, t) || !shorter);
    }
    n.best.push_back(all.empty() ? ctx_.bool_val(true) : z3::mk_and(all));
  }
  return nodes_.emplace(v, std::move(n)).first->second;
}

z3::expr RouteEncoding::best(AsIndex v, size_t s) {
  Node& n = node(v);
  auto it = std::lower_bound(n.candidates.begin(), n.candidates.end(), s);
  if (it == n.candidates.end() || *it != s) return ctx_.bool_val(false);
  return n.best[static_cast<size_t>(it - n.candidates.begin())];
}

const std::vector<z3::expr>& RouteEncoding::winnerPop(AsIndex v) {
  Node& n = node(v);
  if (!n.winner) {
    // Built before storing: the recursion may rehash nodes_ (references into the map stay
    // valid, but keep the node's own state consistent while recursing).
    auto w = buildWinner(v);
    node(v).winner = std::make_unique<std::vector<z3::expr>>(std::move(w));
  }
  return *node(v).winner;
}

std::vector<z3::expr> RouteEncoding::buildWinner(AsIndex v) {
  const size_t pops = d_.pops.size();
  std::vector<z3::expr> none(pops, ctx_.bool_val(false));
  const std::vector<size_t> cand = node(v).candidates;
  if (cand.empty()) return none;
  // One PoP whatever the tie: no need to look further.
  size_t first_pop = d_.sessions[cand.front()].pop;
  if (std::all_of(cand.begin(), cand.end(), [&](size_t s) { return d_.sessions[s].pop == first_pop; })) {
    none[first_pop] = ctx_.bool_val(true);
    return none;
  }
  // Offers in tie-break order: neighbour ASN ascending, the origin's own sessions under the
  // origin ASN. Each is (sessions of v it carries, who offers it).
  struct Offer {
    Asn key;
    std::vector<size_t> sessions;
    std::optional<AsIndex> from;  // nullopt = announced straight to v
  };
  std::vector<Offer> offers;
  for (AsIndex u : model_.inNeighbours(v)) {
    Offer o{graph_.asn(u), {}, u};
    for (size_t s : cand)
      if (model_.distance(u, s) != RouteModel::kUnreachable && model_.distance(u, s) + 1 == model_.distance(v, s))
        o.sessions.push_back(s);
    if (!o.sessions.empty()) offers.push_back(std::move(o));
  }
  Offer direct{model_.originAsn(), {}, std::nullopt};
  for (size_t s : model_.directSessions(v))
    if (model_.distance(v, s) == 1 && std::binary_search(cand.begin(), cand.end(), s)) direct.sessions.push_back(s);
  if (!direct.sessions.empty()) offers.push_back(std::move(direct));
  std::stable_sort(offers.begin(), offers.end(), [](const Offer& a, const Offer& b) { return a.key < b.key; });

  // An offer that carries every candidate is always equally good: nothing after it counts.
  size_t used = 0;
  while (used < offers.size()) {
    if (offers[used++].sessions.size() == cand.size()) break;
  }
  if (used == 0) throw std::logic_error("anycast route model: an AS with a route has no offer");
  // Fold from the last offer: winner = offer_k's winner if offer_k is equally good, else
  // whatever the later offers give.
  std::vector<z3::expr> acc = none;
  for (size_t k = used; k-- > 0;) {
    const Offer& o = offers[k];
    z3::expr_vector any(ctx_);
    for (size_t s : o.sessions) any.push_back(best(v, s));
    z3::expr equally_good = k + 1 == used && o.sessions.size() == cand.size() ? ctx_.bool_val(true) : z3::mk_or(any);
    std::vector<z3::expr> mine = none;
    if (o.from) {
      mine = winnerPop(*o.from);
    } else {
      // Several sessions straight from the origin: the one listed first among the tied.
      z3::expr earlier_tied = ctx_.bool_val(false);
      for (size_t s : o.sessions) {
        size_t q = d_.sessions[s].pop;
        mine[q] = mine[q] || (best(v, s) && !earlier_tied);
        earlier_tied = earlier_tied || best(v, s);
      }
    }
    if (k + 1 == used) {
      // The last offer that counts: if it is consulted at all, it is equally good.
      acc = mine;
      continue;
    }
    for (size_t q = 0; q < pops; ++q) {
      if (mine[q].is_false() && acc[q].is_false()) continue;
      acc[q] = z3::ite(equally_good, mine[q], acc[q]);
    }
  }
  return acc;
}

}  // namespace routefix::anycast
