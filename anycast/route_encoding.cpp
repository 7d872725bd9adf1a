#include "anycast/route_encoding.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

namespace routefix::anycast {

RouteEncoding::RouteEncoding(z3::context& ctx, const AsGraph& graph, const Deployment& deployment,
                             const RouteModel& model, std::vector<int> caps)
    : ctx_(ctx), d_(deployment), model_(model), caps_(std::move(caps)), definitions_(ctx),
      winners_(graph, deployment, model), order_(graph, model) {
  steps_.resize(caps_.size());
  for (size_t s = 0; s < caps_.size(); ++s)
    for (int t = 1; t <= caps_[s]; ++t) {
      steps_[s].push_back(ctx.bool_const(("p" + std::to_string(s) + ">=" + std::to_string(t)).c_str()));
      if (t > 1) definitions_.push_back(z3::implies(steps_[s][t - 1], steps_[s][t - 2]));
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

WinnerFunctions::NodeId RouteEncoding::winnerRoot(AsIndex v) {
  Node& n = node(v);
  if (!n.winner) n.winner = winners_.root(v, n.candidates);
  return *n.winner;
}

z3::expr RouteEncoding::winnerAmong(AsIndex v, const std::vector<bool>& wanted) {
  if (node(v).candidates.empty()) return ctx_.bool_val(false);
  // The diagram is a DAG: encode each node once, bottom-up through the memo.
  std::unordered_map<WinnerFunctions::NodeId, z3::expr> done;
  std::function<z3::expr(WinnerFunctions::NodeId)> encode = [&](WinnerFunctions::NodeId id) -> z3::expr {
    if (auto it = done.find(id); it != done.end()) return it->second;
    const auto& wn = winners_.node(id);
    z3::expr out = ctx_.bool_val(false);
    if (wn.leaf) {
      out = ctx_.bool_val(wanted[wn.pop]);
    } else {
      z3::expr yes = encode(wn.then_node), no = encode(wn.else_node);
      z3::expr_vector any(ctx_);
      for (uint32_t s : wn.meets) any.push_back(best(v, s));
      z3::expr meets = z3::mk_or(any);
      // Constant branches fold into plain and/or, which keeps equal functions equal ASTs.
      if (z3::eq(yes, no)) out = yes;
      else if (yes.is_true() && no.is_false()) out = meets;
      else if (yes.is_false() && no.is_true()) out = !meets;
      else if (yes.is_true()) out = meets || no;
      else if (yes.is_false()) out = !meets && no;
      else if (no.is_true()) out = !meets || yes;
      else if (no.is_false()) out = meets && yes;
      else out = z3::ite(meets, yes, no);
    }
    done.emplace(id, out);
    return out;
  };
  return encode(winnerRoot(v));
}

std::vector<z3::expr> RouteEncoding::winnerPop(AsIndex v) {
  std::vector<z3::expr> out;
  for (size_t q = 0; q < d_.pops.size(); ++q) {
    std::vector<bool> wanted(d_.pops.size(), false);
    wanted[q] = true;
    out.push_back(winnerAmong(v, wanted));
  }
  return out;
}

std::vector<size_t> RouteEncoding::winnerPops(AsIndex v) {
  if (node(v).candidates.empty()) return {};
  std::vector<WinnerFunctions::NodeId> stack{winnerRoot(v)};  // may add diagram nodes
  std::vector<bool> reached(d_.pops.size(), false), seen(winners_.size(), false);
  while (!stack.empty()) {
    WinnerFunctions::NodeId id = stack.back();
    stack.pop_back();
    if (seen[id]) continue;
    seen[id] = true;
    const auto& wn = winners_.node(id);
    if (wn.leaf) {
      reached[wn.pop] = true;
    } else {
      stack.push_back(wn.then_node);
      stack.push_back(wn.else_node);
    }
  }
  std::vector<size_t> pops;
  for (size_t q = 0; q < reached.size(); ++q)
    if (reached[q]) pops.push_back(q);
  return pops;
}

z3::expr RouteEncoding::leadsBy(size_t s, size_t t, int k) {
  auto key = std::make_tuple(s, t, k);
  if (auto it = leads_.find(key); it != leads_.end()) return it->second;
  // A variable of its own rather than the conjunction itself: Z3 then learns about the
  // bound once for every client that uses it (10,000 ASes / 20 sessions: 4.5 s, not 7 s).
  z3::expr lead = ctx_.bool_const(("p" + std::to_string(s) + "-p" + std::to_string(t) + "<=" + std::to_string(k)).c_str());
  z3::expr_vector each(ctx_);  // p_s >= a forces p_t >= a - k
  for (int a = 0; a <= caps_[s]; ++a) each.push_back(!geq(s, a) || geq(t, a - k));
  definitions_.push_back(lead == z3::mk_and(each));
  return leads_.emplace(key, lead).first->second;
}

LeaderCondition RouteEncoding::leaderCondition(AsIndex v, size_t target) {
  return routefix::anycast::leaderCondition(model_, d_, caps_, v, order_.order(v, candidates(v)), target);
}

z3::expr RouteEncoding::formula(const LeaderCondition& condition) {
  z3::expr_vector any(ctx_);
  for (const LeaderDisjunct& d : condition) {
    z3::expr_vector all(ctx_);
    for (const LeadBound& b : d.bounds) all.push_back(leadsBy(d.leader, b.session, b.max_lead));
    any.push_back(all.empty() ? ctx_.bool_val(true) : z3::mk_and(all));
  }
  return any.empty() ? ctx_.bool_val(false) : z3::mk_or(any);
}

}  // namespace routefix::anycast
