#include "symsim/ospf_encoding.h"

#include <algorithm>

#include "semantics/config_rules.h"

namespace routefix::symsim {

bool ospfCarries(const model::Network& network, const model::Prefix& prefix) {
  bool owned = false;
  for (const auto& d : network.devices) {
    bool connected = std::any_of(d.interfaces.begin(), d.interfaces.end(), [&](const model::Interface& i) {
      return !i.shutdown && i.address && i.address->subnet().contains(prefix);
    });
    if (d.bgp) {
      for (const auto& n : d.bgp->networks)
        if (n.prefix == prefix) return false;
      if (connected)
        for (const auto& r : d.bgp->redistributions)
          if (r.source == model::RouteSource::Connected) return false;
    }
    if (connected && d.ospf) owned = true;
  }
  for (const auto& e : network.externals)
    if (e.prefix == prefix) return false;
  return owned;
}

z3::expr OspfEncoding::enabled(const model::Device& d, const model::Interface& i) {
  if (semantics::ospfArea(d, i)) return ctx_.bool_val(true);
  if (!d.ospf || i.shutdown || !i.address) return ctx_.bool_val(false);
  Knob k;
  k.key = "ospf-if|" + d.name + "|" + i.name;
  k.kind = KnobKind::OspfInterface;
  k.node = d.name;
  k.original = 0;
  k.interface = i.name;
  k.prefix = i.address->subnet();
  k.span = d.ospf->span;
  k.description = "OSPF on " + d.name + " " + i.name + " (" + i.address->subnet().str() + ")";
  return knobs_.get(k);
}

z3::expr OspfEncoding::cost(const model::Device& d, const model::Interface& i) {
  Knob k;
  k.key = "ospf-cost|" + d.name + "|" + i.name;
  k.kind = KnobKind::OspfCost;
  k.node = d.name;
  k.integer = true;
  k.original = semantics::ospfInterfaceCost(d, i);
  k.low = std::min<int64_t>(1, k.original);  // FRR loopbacks cost 0 and cannot be set to it
  k.high = 65535;
  k.interface = i.name;
  k.span = i.ospf_cost_span.known() ? i.ospf_cost_span : i.span;
  k.description = "ip ospf cost on " + d.name + " " + i.name;
  return knobs_.get(k);
}

OspfEncoding::OspfEncoding(z3::context& ctx, KnobTable& knobs, const model::Network& network,
                           model::Prefix prefix, const Scenario& scenario)
    : ctx_(ctx),
      knobs_(knobs),
      network_(network),
      prefix_(prefix),
      scenario_(scenario),
      tag_("ospf|" + scenario.name + "|" + prefix.str() + "|"),
      constraints_(ctx) {
  for (const auto& d : network.devices) {
    if (!d.ospf) continue;
    std::string p = tag_ + d.name + "|";
    NodeVars v{ctx.bool_const((p + "reach").c_str()), ctx.int_const((p + "dist").c_str()),
               ctx.int_const((p + "paths").c_str()), std::nullopt, ctx.int_val(0), {}};
    for (const auto& i : d.interfaces)
      if (!i.shutdown && i.address && i.address->subnet().contains(prefix)) {
        v.owns = enabled(d, i);
        v.own_cost = cost(d, i);
        break;
      }
    nodes_.emplace(d.name, std::move(v));
  }
  for (const auto& l : network.links) {
    if (scenario.failed_links.count(l)) continue;
    const auto* a = network.findDevice(l.a);
    const auto* b = network.findDevice(l.b);
    if (!a || !b || !a->ospf || !b->ospf) continue;
    const auto* ia = a->findInterface(l.a_interface);
    const auto* ib = b->findInterface(l.b_interface);
    if (!ia || !ib || ia->shutdown || ib->shutdown || !ia->address || !ib->address) continue;
    if (semantics::ospfPassive(*a, *ia) || semantics::ospfPassive(*b, *ib)) continue;
    if (!semantics::ospfHellosAccepted(*ia, *ib)) continue;
    z3::expr up = enabled(*a, *ia) && enabled(*b, *ib);
    nodes_.at(a->name).adjacencies.push_back({b->name, up, cost(*a, *ia)});
    nodes_.at(b->name).adjacencies.push_back({a->name, up, cost(*b, *ib)});
  }
  for (auto& [name, v] : nodes_) {
    z3::expr owns = v.owns ? *v.owns : ctx.bool_val(false);
    z3::expr any = owns;
    z3::expr_vector achieved(ctx), bounds(ctx);
    achieved.push_back(owns && v.dist == v.own_cost);
    bounds.push_back(z3::implies(owns, v.dist <= v.own_cost));
    z3::expr paths = ctx.int_val(0);
    for (const auto& a : v.adjacencies) {
      const NodeVars& peer = nodes_.at(a.peer);
      z3::expr valid = a.up && peer.reach;
      any = any || valid;
      achieved.push_back(valid && v.dist == a.cost + peer.dist);
      bounds.push_back(z3::implies(valid, v.dist <= a.cost + peer.dist));
      paths = paths + z3::ite(isNextHop(v, a), peer.paths, ctx.int_val(0));
    }
    constraints_.push_back(v.reach == any);
    constraints_.push_back(v.dist >= 0);
    constraints_.push_back(z3::implies(v.reach, z3::mk_or(achieved) && z3::mk_and(bounds)));
    constraints_.push_back(v.paths == z3::ite(!v.reach, ctx.int_val(0), z3::ite(owns, ctx.int_val(1), paths)));
  }
}

z3::expr OspfEncoding::isNextHop(const NodeVars& v, const Adjacency& a) const {
  const NodeVars& peer = nodes_.at(a.peer);
  z3::expr owns = v.owns ? *v.owns : ctx_.bool_val(false);
  // A router that owns the prefix delivers it itself (connected beats OSPF).
  return !owns && a.up && peer.reach && v.dist == a.cost + peer.dist;
}

z3::expr OspfEncoding::reaches(const std::string& node) const {
  auto it = nodes_.find(node);
  return it == nodes_.end() ? ctx_.bool_val(false) : it->second.reach;
}

z3::expr OspfEncoding::distance(const std::string& node) const { return nodes_.at(node).dist; }

z3::expr OspfEncoding::nextHop(const std::string& node, const std::string& next) const {
  auto it = nodes_.find(node);
  if (it == nodes_.end()) return ctx_.bool_val(false);
  z3::expr any = ctx_.bool_val(false);
  for (const auto& a : it->second.adjacencies)
    if (a.peer == next) any = any || isNextHop(it->second, a);
  return any;
}

z3::expr OspfEncoding::throughStage(const std::string& node, const std::vector<std::string>& through,
                                    size_t stage, std::map<std::pair<std::string, size_t>, z3::expr>& memo,
                                    const std::string& tag) {
  if (stage == through.size()) return reaches(node);
  auto key = std::make_pair(node, stage);
  if (auto m = memo.find(key); m != memo.end()) return m->second;
  z3::expr w = ctx_.bool_const((tag + "|" + node + "|" + std::to_string(stage)).c_str());
  memo.emplace(key, w);
  const auto* wp = network_.findDevice(through[stage]);
  if (wp && wp->name == node) {
    constraints_.push_back(w == throughStage(node, through, stage + 1, memo, tag));
    return w;
  }
  const NodeVars& v = nodes_.at(node);
  z3::expr owns = v.owns ? *v.owns : ctx_.bool_val(false);
  z3::expr all = v.reach && !owns;
  for (const auto& a : v.adjacencies)
    all = all && z3::implies(isNextHop(v, a), throughStage(a.peer, through, stage, memo, tag));
  constraints_.push_back(w == all);
  return w;
}

std::optional<z3::expr> OspfEncoding::intent(const DestinationIntent& intent) {
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
    case K::Multipath:
      for (const auto& src : intent.sources) {
        auto s = canonical(src);
        if (!s) return std::nullopt;
        if (intent.kind == K::Reachable) parts.push_back(reaches(*s));
        else if (intent.kind == K::Isolated) parts.push_back(!reaches(*s));
        else if (intent.kind == K::Multipath)
          parts.push_back(nodes_.at(*s).paths >= ctx_.int_val(static_cast<int64_t>(intent.min_paths)));
        else parts.push_back(throughStage(*s, intent.through, 0, memo, tag));
      }
      break;
    case K::Path: {
      std::vector<std::string> hops;
      for (const auto& h : intent.path) {
        auto c = canonical(h);
        if (!c) return std::nullopt;
        hops.push_back(*c);
      }
      if (hops.empty()) return std::nullopt;
      for (size_t t = 0; t + 1 < hops.size(); ++t) {
        parts.push_back(nextHop(hops[t], hops[t + 1]));
        for (const auto& a : nodes_.at(hops[t]).adjacencies)
          if (a.peer != hops[t + 1]) parts.push_back(!isNextHop(nodes_.at(hops[t]), a));
      }
      const auto& last = nodes_.at(hops.back());
      parts.push_back(last.owns ? *last.owns : ctx_.bool_val(false));
      break;
    }
    case K::RoutePresent:
    case K::RouteAbsent: {
      auto n = canonical(intent.node);
      if (!n) return std::nullopt;
      if (intent.kind == K::RouteAbsent) {
        parts.push_back(!reaches(*n));
      } else {
        parts.push_back(reaches(*n));
        if (!intent.next_hop_node.empty()) {
          auto nh = canonical(intent.next_hop_node);
          if (!nh) return std::nullopt;
          parts.push_back(nextHop(*n, *nh));
        }
      }
      break;
    }
  }
  return z3::mk_and(parts);
}

}  // namespace routefix::symsim
