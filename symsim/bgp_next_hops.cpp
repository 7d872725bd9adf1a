// BgpEncoding's BGP next hops: which next hop a sender puts on a route (sim's transform()),
// and the IGP cost to it at the receiver, which decides between routes that tie down to it
// (sim/bgp_decision.cpp). The cost is the concrete simulation's (NextHopCosts): a next hop
// is an address the encoding tracks as an integer, its possible values are found by
// following the candidates' expressions, and the cost is a table lookup over them.
#include <set>

#include "semantics/bgp_next_hop.h"
#include "semantics/config_rules.h"
#include "symsim/z3_domain.h"
#include "symsim/bgp_encoding.h"

namespace routefix::symsim {

namespace {

// The subnet of the sender's interface that holds `address` (sim's connectedSubnet).
std::optional<model::Prefix> connectedSubnet(const model::Device& d, model::Ipv4 address) {
  const model::Interface* itf = d.interfaceFor(address);
  if (!itf || !itf->address) return std::nullopt;
  return itf->address->subnet();
}

// The values a next-hop expression can take: numerals through if-then-else branches, and
// for a router's selected next hop (a variable in `owners`) the values known for it so far.
// False when the expression has another form (then its cost is not encoded).
bool possibleValues(const z3::expr& e, const std::map<unsigned, std::string>& owners,
                    const std::map<std::string, std::set<int64_t>>& known, std::set<int64_t>& out) {
  if (e.is_numeral()) {
    out.insert(e.get_numeral_int64());
    return true;
  }
  if (e.is_app() && e.decl().decl_kind() == Z3_OP_ITE)
    return possibleValues(e.arg(1), owners, known, out) && possibleValues(e.arg(2), owners, known, out);
  if (e.is_const()) {
    auto owner = owners.find(e.id());
    if (owner == owners.end()) return false;
    if (auto k = known.find(owner->second); k != known.end()) out.insert(k->second.begin(), k->second.end());
    return true;
  }
  return false;
}

}  // namespace

z3::expr BgpEncoding::exportedNextHop(const BgpSession& s, const model::Device& sender,
                                      const model::BgpNeighbor* stmt, const NextHopInputs& set,
                                      const NextHopInputs& current, const z3::expr& reflected) {
  using semantics::NextHopByPolicy;
  auto said = [&](const z3::expr& policy, NextHopByPolicy p) { return policy == static_cast<int>(p); };
  bool nextHopSelf = stmt && stmt->next_hop_self;
  // Unnumbered: the sender's end is its link-local address, 0 here as in sim (the receiver
  // forwards out of the session's interface).
  semantics::NextHopSession session{.ebgp = s.external(),
                                    .next_hop_self = nextHopSelf,
                                    .force = nextHopSelf && stmt->next_hop_self_force,
                                    .unnumbered = s.unnumbered(),
                                    .shared_subnet = s.unnumbered() ? std::nullopt
                                                                    : connectedSubnet(sender, s.other(sender.name).address)};
  semantics::NextHopRoute<z3::expr, z3::expr> route{
      .hop = current.next_hop,
      .reflected = reflected,
      .import_unchanged = said(current.policy, NextHopByPolicy::Unchanged),
      .import_by_policy = !said(current.policy, NextHopByPolicy::None)};
  z3::expr peerAddress = set.next_hop == ctx_.int_val(kNextHopPeerAddress);
  semantics::NextHopExportSet<z3::expr, z3::expr> exportSet{
      .set_address = !peerAddress && set.next_hop != ctx_.int_val(kNextHopUnset),
      .address = set.next_hop,
      .peer_address = peerAddress,
      .unchanged = said(set.policy, NextHopByPolicy::Unchanged)};
  z3::expr self = ctx_.int_val(static_cast<int64_t>(s.side(sender.name).address.value));
  return semantics::exportedNextHop(session, route, exportSet, self).simplify();
}

void BgpEncoding::resolveNextHops() {
  if (!costs_) return;
  std::map<unsigned, std::string> owners;  // a router's selected next hop variable -> router
  for (const auto& [name, v] : nodes_) owners.emplace(v.best.next_hop.id(), name);
  // Each router's possible next hops, to a fixpoint: an iBGP route inherits its sender's.
  std::map<std::string, std::set<int64_t>> known;
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [name, v] : nodes_) {
      std::set<int64_t> values;
      for (const auto& c : v.candidates) possibleValues(c.route.next_hop, owners, known, values);
      auto& k = known[name];
      if (values.size() != k.size()) {
        k = std::move(values);
        changed = true;
      }
    }
  }
  for (auto& [name, v] : nodes_)
    for (auto& c : v.candidates) {
      if (c.local) continue;
      std::set<int64_t> values;
      if (!possibleValues(c.route.next_hop, owners, known, values)) continue;
      z3::expr cost = ctx_.int_val(0), resolves = ctx_.bool_val(false);
      bool always = true;
      for (int64_t value : values) {
        if (value <= 0) continue;  // a marker or a local route: never a learned route's next hop
        model::Ipv4 address{static_cast<uint32_t>(value)};
        auto res = costs_(name, address, prefix_);
        // A third-party next hop that is the receiver's own address is dropped (sim importPath),
        // and an eBGP single-hop next hop must be on a connected subnet.
        model::Ipv4 senderAddress = c.kind == Candidate::Kind::Session ? sessions_[c.session].side(c.sender).address
                                                                       : model::Ipv4{c.address};
        auto owner = owners_.find(address.value);
        bool own = owner != owners_.end() && owner->second == name && address != senderAddress;
        if (!res || own || (c.ebgp && !c.multihop && !res->connected)) {
          always = false;
          continue;
        }
        z3::expr is = c.route.next_hop == ctx_.int_val(value);
        cost = values.size() == 1 ? ctx_.int_val(res->metric) : z3::ite(is, ctx_.int_val(res->metric), cost);
        resolves = resolves || is;
      }
      c.igp_cost = cost;
      if (!always) c.route.valid = c.route.valid && resolves;
    }
}

}  // namespace routefix::symsim
