// BgpEncoding's questions about the stable state: which route a router selected or forwards
// over, whether its traffic is delivered, and the intents built from them.
#include "symsim/bgp_encoding.h"

namespace routefix::symsim {

z3::expr BgpEncoding::hasRoute(const std::string& node) const {
  auto it = nodes_.find(node);
  return it == nodes_.end() ? ctx_.bool_val(false) : it->second.has;
}

z3::expr BgpEncoding::delivered(const std::string& node) const {
  auto it = nodes_.find(node);
  return it == nodes_.end() ? ctx_.bool_val(false) : it->second.delivered;
}

const std::vector<Candidate>& BgpEncoding::candidates(const std::string& node) const {
  return nodes_.at(node).candidates;
}

z3::expr BgpEncoding::chosen(const std::string& node, size_t candidate) const {
  return nodes_.at(node).selection == static_cast<int>(candidate);
}

z3::expr BgpEncoding::selects(const std::string& node, const std::string& next) const {
  auto it = nodes_.find(node);
  if (it == nodes_.end()) return ctx_.bool_val(false);
  z3::expr any = ctx_.bool_val(false);
  const auto& cands = it->second.candidates;
  for (size_t i = 0; i < cands.size(); ++i) {
    bool match = cands[i].kind == Candidate::Kind::Session ? cands[i].sender == next : next == node;
    if (match) any = any || chosen(node, i);
  }
  return any;
}

z3::expr BgpEncoding::forwardsVia(const std::string& node, const std::string& next) const {
  z3::expr any = selects(node, next);
  auto it = nodes_.find(node);
  if (it == nodes_.end()) return any;
  const auto& cands = it->second.candidates;
  auto learned = [](const Candidate& c) {
    return c.kind == Candidate::Kind::Session || c.kind == Candidate::Kind::External;
  };
  // The simulator's multipath rule (semantics::multipathCompatible after equal decision
  // steps and IGP costs); the neighbour AS is the AS the sender presents, and AS paths count
  // as identical when they come from the same neighbour AS (eBGP) or are both iBGP (their
  // contents are symbolic here).
  const auto options = semantics::decisionOptions(*it->second.device);
  for (size_t j = 0; j < cands.size(); ++j) {
    const Candidate& best = cands[j];
    uint32_t limit = best.ebgp ? options.maximum_paths_ebgp : options.maximum_paths_ibgp;
    if (!learned(best) || limit <= 1) continue;
    for (size_t i = 0; i < cands.size(); ++i) {
      const Candidate& c = cands[i];
      if (i == j || c.sender != next) continue;
      bool sameNeighborAs = c.sender_as == best.sender_as;
      bool internal = !c.ebgp && !best.ebgp && !c.confed && !best.confed;
      if (!semantics::multipathCompatible(options, learned(c), learned(best), c.ebgp, best.ebgp, internal,
                                          internal || sameNeighborAs, sameNeighborAs))
        continue;
      SymbolicSteps steps(ctx_);
      semantics::decisionSteps(steps, view(c), view(best), options);
      any = any || (chosen(node, j) && c.route.valid && steps.equal() && c.igp_cost == best.igp_cost);
    }
  }
  return any;
}

z3::expr BgpEncoding::exitAmong(const std::string& node, const std::set<std::string>& exits,
                                std::map<std::string, z3::expr>& memo, const std::string& tag) {
  if (auto m = memo.find(node); m != memo.end()) return m->second;
  bool isExit = exits.count(node) > 0;
  auto it = nodes_.find(node);
  // Outside the region the chain is concrete and not followed: the sender is taken as the exit.
  if (it == nodes_.end()) return ctx_.bool_val(isExit);
  z3::expr e = ctx_.bool_const((tag + "|exit|" + node).c_str());
  memo.emplace(node, e);
  z3::expr any = ctx_.bool_val(false);
  const auto& cands = it->second.candidates;
  for (size_t i = 0; i < cands.size(); ++i) {
    // Confed-eBGP keeps the next hop as iBGP does, so the chain goes on through it. The
    // selection ranks strictly decrease along iBGP chains, so this recursion is well founded.
    bool ibgp = cands[i].kind == Candidate::Kind::Session && !cands[i].ebgp;
    z3::expr further = ibgp ? exitAmong(cands[i].sender, exits, memo, tag) : ctx_.bool_val(isExit);
    any = any || (chosen(node, i) && further);
  }
  constraints_.push_back(e == any);
  return e;
}

z3::expr BgpEncoding::waypointStage(const std::string& node, const std::vector<std::string>& through,
                                    size_t stage,
                                    std::map<std::pair<std::string, size_t>, z3::expr>& memo,
                                    const std::string& tag) {
  if (stage == through.size()) return delivered(node);
  auto key = std::make_pair(node, stage);
  if (auto m = memo.find(key); m != memo.end()) return m->second;
  z3::expr w = ctx_.bool_const((tag + "|" + node + "|" + std::to_string(stage)).c_str());
  memo.emplace(key, w);
  const auto* wp = network_.findDevice(through[stage]);
  if (wp && wp->name == node) {
    constraints_.push_back(w == waypointStage(node, through, stage + 1, memo, tag));
    return w;
  }
  z3::expr any = ctx_.bool_val(false);
  auto it = nodes_.find(node);
  if (it != nodes_.end()) {
    const auto& cands = it->second.candidates;
    for (size_t i = 0; i < cands.size(); ++i)
      if (cands[i].kind == Candidate::Kind::Session && nodes_.count(cands[i].sender))
        any = any || (chosen(node, i) &&
                      waypointStage(cands[i].sender, through, stage, memo, tag));
  }
  constraints_.push_back(w == any);
  return w;
}

std::optional<z3::expr> BgpEncoding::intent(const DestinationIntent& intent) {
  auto canonical = [&](const std::string& n) -> std::optional<std::string> {
    const auto* d = network_.findDevice(n);
    if (!d || !nodes_.count(d->name)) return std::nullopt;
    return d->name;
  };
  using K = DestinationIntent::Kind;
  z3::expr_vector parts(ctx_);
  std::string tag = tag_ + "intent" + std::to_string(intent_counter_++);
  std::map<std::pair<std::string, size_t>, z3::expr> memo;
  switch (intent.kind) {
    case K::Reachable:
    case K::Isolated:
    case K::Waypoint:
      for (const auto& src : intent.sources) {
        auto s = canonical(src);
        if (!s) return std::nullopt;
        if (intent.kind == K::Reachable) parts.push_back(delivered(*s));
        else if (intent.kind == K::Isolated) parts.push_back(!delivered(*s));
        else parts.push_back(waypointStage(*s, intent.through, 0, memo, tag));
      }
      break;
    case K::Path: {
      if (intent.path.empty()) return std::nullopt;
      std::vector<std::string> hops;
      for (const auto& h : intent.path) {
        auto c = canonical(h);
        if (!c) return std::nullopt;
        hops.push_back(*c);
      }
      for (size_t t = 0; t + 1 < hops.size(); ++t) parts.push_back(selects(hops[t], hops[t + 1]));
      parts.push_back(selects(hops.back(), hops.back()));
      parts.push_back(delivered(hops.front()));
      break;
    }
    case K::RoutePresent:
    case K::RouteAbsent: {
      auto n = canonical(intent.node);
      if (!n) return std::nullopt;
      if (intent.kind == K::RouteAbsent) {
        parts.push_back(!hasRoute(*n));
      } else {
        parts.push_back(hasRoute(*n));
        if (!intent.next_hop_node.empty()) {
          auto nh = canonical(intent.next_hop_node);
          if (!nh) return std::nullopt;
          if (intent.exits_via_next_hop.empty()) {
            parts.push_back(forwardsVia(*n, *nh));
          } else {
            // Learned over eBGP (or originated): the forwarding next hop is the sender. Over
            // iBGP: the IGP neighbour towards the exit, so the exit must be one reached via nh.
            std::set<std::string> exits(intent.exits_via_next_hop.begin(), intent.exits_via_next_hop.end());
            std::map<std::string, z3::expr> exitMemo;
            const z3::expr& ibgp = nodes_.at(*n).learned_ibgp;
            parts.push_back((!ibgp && forwardsVia(*n, *nh)) || (ibgp && exitAmong(*n, exits, exitMemo, tag)));
          }
        }
      }
      break;
    }
    case K::Multipath:
      return std::nullopt;  // BGP selects one path (maximum-paths is not modelled)
  }
  return z3::mk_and(parts);
}

}  // namespace routefix::symsim
