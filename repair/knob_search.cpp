#include "repair/knob_search.h"

#include <algorithm>
#include <chrono>

#include "semantics/config_rules.h"

namespace routefix::repair {

using symsim::Knob;
using symsim::KnobKind;

namespace {

// How many places on the knob's router use the route-map or prefix-list it edits. Editing a
// map shared by several sessions changes all of them, so among equally small repairs the one
// with the smaller reach is the one an engineer would write.
int64_t policyUses(const model::Network& network, const Knob& k) {
  const model::Device* d = network.findDevice(k.node);
  if (!d || !d->bgp || (k.policy.empty() && k.list.empty())) return 1;
  int64_t uses = 0;
  auto count = [&](const std::string& name) {
    if (!name.empty() && (name == k.policy || name == k.list)) ++uses;
  };
  for (const auto& n : d->bgp->neighbors) {
    for (const auto& m : n.import_policies) count(m);
    for (const auto& m : n.export_policies) count(m);
    count(n.prefix_list_in);
    count(n.prefix_list_out);
  }
  for (const auto& net : d->bgp->networks) count(net.route_map);
  for (const auto& r : d->bgp->redistributions) count(r.route_map);
  return std::max<int64_t>(uses, 1);
}

// Whether the router is a route reflector (has a client).
bool reflectsFor(const model::Network& network, const std::string& node) {
  const model::Device* d = network.findDevice(node);
  return d && d->bgp &&
         std::any_of(d->bgp->neighbors.begin(), d->bgp->neighbors.end(),
                     [](const model::BgpNeighbor& n) { return n.route_reflector_client; });
}

symsim::BoundaryRoutes boundaryRoutes(const sim::DataPlane& dp, const model::Prefix& prefix,
                                      const std::set<std::string>& region) {
  symsim::BoundaryRoutes out;
  for (const auto& [node, rib] : dp.ribs) {
    if (region.count(node)) continue;
    const sim::Route* r = rib.exact(prefix);
    if (!r || (r->protocol != sim::Protocol::Bgp && r->protocol != sim::Protocol::Ibgp)) continue;
    symsim::BoundaryRoute b;
    b.local_pref = r->local_pref.value_or(100);
    b.as_path.assign(r->as_path.begin(), r->as_path.end());
    b.med = r->metric;
    b.origin = r->origin;
    b.communities.assign(r->communities.begin(), r->communities.end());
    b.learned_ibgp = r->protocol == sim::Protocol::Ibgp;
    b.learned_from = *r->received_from;
    if (!r->protocol_next_hops.empty() && r->protocol_next_hops.front().ip)
      b.next_hop = r->protocol_next_hops.front().ip->value;
    out.emplace(node, std::move(b));
  }
  return out;
}

// Whether OSPF, not BGP, forwards this intent part's traffic at every router it starts from
// (sources, the path's hops before the owner, the route intent's node), read off the concrete
// baseline RIB. A LAN that is an OSPF stub and also announced with a BGP `network` statement
// is carried by BGP to other ASes, so symsim::ospfCarries picks the BGP model for the prefix;
// inside the AS, though, the OSPF route (distance 110) beats the iBGP one (200), and an intent
// about that inside traffic has a solution only in the OSPF model. A router without a route,
// or with a BGP one, keeps the prefix-wide choice.
bool ospfForwardsAt(const model::Network& network, const sim::DataPlane& dp,
                    const symsim::DestinationIntent& part) {
  std::vector<std::string> nodes = part.sources;
  if (part.path.size() > 1) nodes.insert(nodes.end(), part.path.begin(), part.path.end() - 1);
  if (!part.node.empty()) nodes.push_back(part.node);
  if (nodes.empty()) return false;
  bool viaOspf = false;
  for (const auto& n : nodes) {
    const model::Device* d = network.findDevice(n);
    if (!d || !d->ospf) return false;
    auto rib = dp.ribs.find(d->name);
    if (rib == dp.ribs.end()) return false;
    const sim::Route* r = rib->second.exact(part.destination);
    if (!r) return false;
    switch (r->protocol) {
      case sim::Protocol::Ospf:
      case sim::Protocol::OspfInterArea: viaOspf = true; break;
      case sim::Protocol::Connected: break;  // the owner delivers it; the OSPF model knows owners
      default: return false;
    }
  }
  return viaOspf;
}

// Whether a source of the part runs BGP in an AS where no router owning the destination
// does: OSPF stays inside an AS, so that source can learn the prefix only over BGP (a
// customer LAN whose `network` statement was deleted is carried by OSPF only at home, and
// symsim::ospfCarries would pick the OSPF model for it).
bool sourcesBeyondOwnersAs(const model::Network& network, const symsim::DestinationIntent& part) {
  std::set<uint32_t> ownerAses;
  for (const auto& o : symsim::prefixOrigins(network, part.destination))
    if (const auto* d = network.findDevice(o); d && d->bgp) ownerAses.insert(d->bgp->asn);
  if (ownerAses.empty()) return false;
  return std::any_of(part.sources.begin(), part.sources.end(), [&](const std::string& s) {
    const auto* d = network.findDevice(s);
    return d && d->bgp && !ownerAses.count(d->bgp->asn);
  });
}

// The absent iBGP sessions (no statement on either side, see symsim::absentIbgpSessions) that
// lead from a router to a reflector farther away, by the IGP cost in the baseline, than
// another one it could have a session to, each with the session to the nearest. A client
// peers with a nearby reflector (RFC 4456 section 11: the reflection topology is kept congruent
// with the physical one, so a client hears the exits its IGP would choose), so when its only
// sessions are lost, the one to the nearest reflector is the one most likely deleted.
// Unreachable counts as farthest.
std::map<size_t, size_t> nearerReflectorSessions(const sim::DataPlane& dp, const std::vector<symsim::BgpSession>& sessions) {
  std::map<std::string, std::vector<std::pair<uint64_t, size_t>>> byEnd;  // end -> (cost, session)
  for (size_t s = 0; s < sessions.size(); ++s) {
    const auto& bs = sessions[s];
    if (bs.ebgp || bs.a.neighbor || bs.b.neighbor) continue;
    for (const auto* end : {&bs.a, &bs.b}) {
      uint64_t cost = UINT64_MAX;
      auto rib = dp.ribs.find(end->node);
      if (rib != dp.ribs.end())
        if (const sim::Route* r = rib->second.longestMatch(bs.other(end->node).address);
            r && r->protocol != sim::Protocol::Bgp && r->protocol != sim::Protocol::Ibgp)
          cost = r->metric;
      byEnd[end->node].emplace_back(cost, s);
    }
  }
  std::map<size_t, size_t> out;
  for (const auto& [end, costs] : byEnd) {
    auto nearest = *std::min_element(costs.begin(), costs.end());
    for (const auto& [cost, s] : costs)
      if (cost > nearest.first) out.emplace(s, nearest.second);
  }
  return out;
}

}  // namespace

// Routers whose IGP path from `node` starts at `nextHop` in the concrete baseline: for an
// iBGP-learned route the forwarding next hop is the one towards its exit (see
// DestinationIntent::exits_via_next_hop). The exit is addressed by its router-id, the
// loopback the generated and usual iBGP designs peer on with next-hop-self.
std::vector<std::string> exitsThrough(const model::Network& network, const sim::DataPlane& dp,
                                      const std::string& node, const std::string& nextHop) {
  std::vector<std::string> out;
  auto rib = dp.ribs.find(node);
  if (rib == dp.ribs.end()) return out;
  for (const auto& d : network.devices) {
    if (!d.bgp || d.name == node) continue;
    const sim::Route* r = rib->second.longestMatch(semantics::bgpRouterId(d));
    if (!r || r->protocol == sim::Protocol::Bgp || r->protocol == sim::Protocol::Ibgp) continue;
    for (const auto& h : r->next_hops)
      if (h.node == nextHop) {
        out.push_back(d.name);
        break;
      }
  }
  return out;
}

KnobSearch::KnobSearch(const model::Network& network, const sim::DataPlane& baseline,
                       symsim::RegionWidth width, const std::vector<Target>& targets)
    : network_(network), baseline_(baseline), width_(width), knobs_(ctx_),
      sessions_(symsim::discoverSessions(network)),
      nearer_sessions_(nearerReflectorSessions(baseline, sessions_)) {
  // The failing targets' walks first: a prefix's region is fixed once it is encoded. A held
  // target is encoded where its destination is encoded anyway (its goal is a few terms), or
  // once a candidate broke it (`regressed`); the others stay out of Z3 and the concrete check
  // guards them. Encoding every held destination made a WAN with a thousand intents and a
  // few errors the whole network's problem for every prefix.
  auto encodeNow = [](const Target& t) { return t.required || t.regressed; };
  for (const auto& t : targets)
    if (encodeNow(t)) selectRegionFor(t);
  for (const auto& t : targets)
    if (encodeNow(t) || prefix_regions_.count(t.part.destination)) add(t);
}

// Each destination gets the region its own targets select (the union over them): encoding
// every prefix over the union of all regions multiplied the problem by the number of
// prefixes when several errors break intents in different parts of the network.
void KnobSearch::selectRegionFor(const Target& t) {
  std::vector<std::string> required = t.part.through;
  required.insert(required.end(), t.part.path.begin(), t.part.path.end());
  std::vector<std::string> sources = t.part.sources;
  if (!t.part.node.empty()) sources.push_back(t.part.node);
  if (!t.part.next_hop_node.empty()) required.push_back(t.part.next_hop_node);
  auto r = symsim::selectRegion(network_, sessions_, sources,
                                symsim::prefixOrigins(network_, t.part.destination), required, width_);
  prefix_regions_[t.part.destination].insert(r.nodes.begin(), r.nodes.end());
  region_.insert(r.nodes.begin(), r.nodes.end());
}

bool KnobSearch::add(const Target& t) {
  if (!prefix_regions_.count(t.part.destination)) selectRegionFor(t);  // a target added later
  Model model = ospfForwardsAt(network_, baseline_, t.part)          ? Model::Ospf
                : sourcesBeyondOwnersAs(network_, t.part) ? Model::Bgp
                                                          : Model::ByPrefix;
  PrefixEncoding* enc = &encoding(t.part.destination, t.scenario, model);
  auto c = goal(*enc, t.part);
  // A prefix only OSPF carries inside may still be asked of routers that speak only BGP
  // (an external AS reaching a LAN whose `network` statement is missing): the OSPF model
  // has no such router, the BGP one has, with the statement as a knob.
  if (!c && enc->ospf) {
    enc = &encoding(t.part.destination, t.scenario, Model::Bgp);
    c = goal(*enc, t.part);
  }
  if (!c) return false;
  (t.required ? enc->required : enc->protected_).push_back(*c);
  (t.required ? enc->required_intents : enc->protected_intents).push_back(t.intent);
  encoded_.push_back(t);
  if (t.required) {
    notePathInterfaces(t.part);
    endpoints_.insert(t.part.sources.begin(), t.part.sources.end());
    auto origins = symsim::prefixOrigins(network_, t.part.destination);
    endpoints_.insert(origins.begin(), origins.end());
  }
  return true;
}

std::optional<z3::expr> KnobSearch::goal(PrefixEncoding& enc, const symsim::DestinationIntent& part) {
  knobs_.setRegion(prefix_regions_[part.destination]);
  auto c = enc.bgp ? enc.bgp->intent(part) : enc.ospf->intent(part);
  auto used = knobs_.takeUsed();
  enc.knobs.insert(used.begin(), used.end());
  return c;
}

bool KnobSearch::encodes(const Target& t) const {
  return std::any_of(encoded_.begin(), encoded_.end(), [&](const Target& e) {
    return e.intent == t.intent && e.scenario.failed_links == t.scenario.failed_links &&
           e.part.destination == t.part.destination;
  });
}

KnobSearch::PrefixEncoding& KnobSearch::encoding(const model::Prefix& prefix, const symsim::Scenario& scenario,
                                                 Model model) {
  bool ospf = model == Model::Ospf || (model == Model::ByPrefix && symsim::ospfCarries(network_, prefix));
  auto key = std::make_tuple(scenario.name, prefix, ospf);
  auto it = encodings_.find(key);
  if (it != encodings_.end()) return it->second;
  const auto& nodes = prefix_regions_[prefix];
  knobs_.setRegion(nodes);
  knobs_.takeUsed();
  PrefixEncoding enc;
  if (ospf) {
    enc.ospf = std::make_unique<symsim::OspfEncoding>(ctx_, knobs_, network_, prefix, scenario);
  } else {
    auto& boundary = boundaries_.try_emplace(prefix, boundaryRoutes(baseline_, prefix, nodes)).first->second;
    enc.bgp = std::make_unique<symsim::BgpEncoding>(ctx_, knobs_, network_, sessions_, symsim::Region{nodes},
                                                    prefix, boundary, scenario, nextHopCosts(scenario));
  }
  enc.knobs = knobs_.takeUsed();
  return encodings_.emplace(key, std::move(enc)).first->second;
}

// The IGP costs to BGP next hops in the scenario's concrete simulation (simulated once per
// failure scenario; the baseline for the network without failures).
symsim::NextHopCosts KnobSearch::nextHopCosts(const symsim::Scenario& scenario) {
  const sim::DataPlane* dp = &baseline_;
  if (!scenario.failed_links.empty()) {
    auto& planes = scenario_planes_[scenario.failed_links];
    if (!planes) {
      sim::SimulationOptions options;
      options.failed_links = scenario.failed_links;
      planes = std::make_unique<sim::DataPlane>(sim::simulate(network_, options));
    }
    dp = planes.get();
  }
  return [dp](const std::string& node, model::Ipv4 nextHop,
              const model::Prefix& destination) -> std::optional<symsim::NextHopCost> {
    auto res = sim::resolveBgpNextHop(*dp, node, nextHop, destination);
    if (!res) return std::nullopt;
    return symsim::NextHopCost{res->metric, res->connected};
  };
}

std::vector<KnobSearch::PrefixEncoding*> KnobSearch::allEncodings() {
  std::vector<PrefixEncoding*> all;
  for (auto& [key, enc] : encodings_) all.push_back(&enc);
  return all;
}

KnobSearch::Outcome KnobSearch::solvePart(const std::vector<PrefixEncoding*>& part, bool withBlocked,
                                          bool protect, double seconds, std::vector<symsim::KnobChange>& changes,
                                          const std::vector<symsim::KnobChange>& fixed) {
  z3::optimize opt(ctx_);
  z3::params p(ctx_);
  p.set("timeout", static_cast<unsigned>(std::max(1.0, seconds * 1000)));
  // Z3's optimizer turns integer variables bounded to 0..1 into Booleans first (elim_01). On
  // these encodings (a few integer knobs among hundreds of Boolean ones, every route's
  // attributes integers) that made one destination's solve 3-4 times slower, with the same
  // optimum: 7.5 -> 1.9 s on the 40-router Topology Zoo network Geant2012 (351 knobs),
  // 2.9 -> 1.0 s on the 48-router Bellcanada (425 knobs).
  p.set("elim_01", false);
  opt.set(p);
  std::set<size_t> used;
  for (const auto* enc : part) {
    opt.add(enc->constraints());
    for (const auto& c : enc->required) opt.add(c);
    if (protect)
      for (const auto& c : enc->protected_) opt.add(c);
    used.insert(enc->knobs.begin(), enc->knobs.end());
  }
  for (const auto& c : fixed) opt.add(knobs_.equals(c.knob, c.value));
  if (withBlocked) {
    for (const auto& b : blocked_) opt.add(b);
    for (size_t i = 0; i < knobs_.size(); ++i) used.insert(i);
  }
  for (size_t i : used) {
    const Knob& k = knobs_.knob(i);
    if (k.integer) {
      opt.add(knobs_.variable(i) >= ctx_.int_val(k.low));
      opt.add(knobs_.variable(i) <= ctx_.int_val(k.high));
    }
    if (frozen_.count(i)) opt.add(knobs_.keepsOriginal(i));
    opt.add_soft(knobs_.keepsOriginal(i), static_cast<unsigned>(k.cost));
  }
  // Second objective, after the change cost: the smallest reach (see policyUses).
  Z3_symbol reach = Z3_mk_string_symbol(ctx_, "reach");
  for (size_t i : used) {
    int64_t uses = policyUses(network_, knobs_.knob(i));
    if (uses > 1)
      Z3_optimize_assert_soft(ctx_, opt, knobs_.keepsOriginal(i), std::to_string(uses - 1).c_str(), reach);
  }
  // Third: an OSPF cost changed on a link of a failing path intent rather than elsewhere.
  // Raising a competing link's cost and lowering the intended link's are equally small, but
  // the intended link is the one the engineer named, the one a raised cost there most likely
  // broke, and the change that moves no other traffic off the competing link.
  Z3_symbol onPath = Z3_mk_string_symbol(ctx_, "on-path");
  if (!path_interfaces_.empty())
    for (size_t i : used) {
      const Knob& k = knobs_.knob(i);
      if (k.kind == KnobKind::OspfCost && !path_interfaces_.count({k.node, k.interface}))
        Z3_optimize_assert_soft(ctx_, opt, knobs_.keepsOriginal(i), "1", onPath);
    }
  // Fourth: a session both of whose ends were deleted re-added to the nearest reflector (see
  // nearerReflectorSessions) rather than to another one, which restores reachability as well.
  Z3_symbol nearest = Z3_mk_string_symbol(ctx_, "nearest");
  for (size_t i : used) {
    const Knob& k = knobs_.knob(i);
    if (k.kind == KnobKind::SessionUp && nearer_sessions_.count(k.session))
      Z3_optimize_assert_soft(ctx_, opt, knobs_.keepsOriginal(i), "1", nearest);
  }
  // Fifth: a route-reflector client added for a router a failing intent starts or ends at,
  // rather than for another reflector. Both can restore the reflection, but the endpoint's
  // statement is the one the intent points at, and a reflector made a client changes the
  // reflection of every route, also where an intent starts at that reflector.
  Z3_symbol endpoint = Z3_mk_string_symbol(ctx_, "endpoint");
  for (size_t i : used) {
    const Knob& k = knobs_.knob(i);
    if (k.kind == KnobKind::RouteReflectorClient && (!endpoints_.count(k.peer_node) || reflectsFor(network_, k.peer_node)))
      Z3_optimize_assert_soft(ctx_, opt, knobs_.keepsOriginal(i), "1", endpoint);
  }
  // Last: a changed value is the vendor default where that works (local-pref 100,
  // MED/weight 0) rather than an arbitrary number.
  Z3_symbol tidy = Z3_mk_string_symbol(ctx_, "tidy");
  for (size_t i : used) {
    const Knob& k = knobs_.knob(i);
    if (k.kind != KnobKind::SetValue) continue;
    int64_t preferred = k.set_kind == model::PolicySet::Kind::LocalPref ? 100 : 0;
    z3::expr e = knobs_.variable(i) == ctx_.int_val(preferred) || knobs_.keepsOriginal(i);
    Z3_optimize_assert_soft(ctx_, opt, e, "1", tidy);
  }
  auto result = opt.check();
  if (result == z3::unknown) return Outcome::Timeout;
  if (result == z3::unsat) return Outcome::Unsatisfiable;
  changes = knobs_.changes(opt.get_model(), used);
  return Outcome::Found;
}

void KnobSearch::block(const std::vector<symsim::KnobChange>& changes) {
  z3::expr_vector same(ctx_);
  for (size_t i = 0; i < knobs_.size(); ++i) {
    auto c = std::find_if(changes.begin(), changes.end(),
                          [&](const symsim::KnobChange& x) { return x.knob == i; });
    same.push_back(c == changes.end() ? knobs_.keepsOriginal(i) : knobs_.equals(i, c->value));
  }
  blocked_.push_back(!z3::mk_and(same));
  auto sorted = changes;
  std::sort(sorted.begin(), sorted.end(), byKnob);
  blocked_changes_.push_back(std::move(sorted));
}

std::optional<std::vector<symsim::KnobChange>> KnobSearch::withNearerSession(const std::vector<symsim::KnobChange>& changes,
                                                                            size_t at) const {
  const Knob& k = knobs_.knob(changes[at].knob);
  auto nearer = nearer_sessions_.find(k.session);
  if (k.kind != KnobKind::SessionUp || nearer == nearer_sessions_.end()) return std::nullopt;
  const auto& from = sessions_[k.session];
  const auto& to = sessions_[nearer->second];
  auto session = knobs_.find("session|" + to.key());
  if (!session) return std::nullopt;
  // The end both sessions share, and the reflector each leads to.
  std::string lone = from.a.node == to.a.node || from.a.node == to.b.node ? from.a.node : from.b.node;
  std::string farRr = from.other(lone).node, nearRr = to.other(lone).node;
  auto out = changes;
  out[at] = {*session, 1};
  for (auto& c : out) {
    const Knob& r = knobs_.knob(c.knob);
    if (r.kind != KnobKind::RouteReflectorClient || r.node != farRr || r.peer_node != lone) continue;
    auto client = knobs_.find("rrc|" + nearRr + "|" + lone);
    if (!client) return std::nullopt;
    c = {*client, c.value};
  }
  std::sort(out.begin(), out.end(), byKnob);
  return out;
}

// Both ends of every link between consecutive hops of a path intent (see solvePart's "on-path").
void KnobSearch::notePathInterfaces(const symsim::DestinationIntent& part) {
  auto name = [&](const std::string& hop) {
    const model::Device* d = network_.findDevice(hop);
    return d ? d->name : hop;
  };
  for (size_t h = 0; h + 1 < part.path.size(); ++h)
    for (const auto& l : network_.links)
      if (std::set<std::string>{l.a, l.b} == std::set<std::string>{name(part.path[h]), name(part.path[h + 1])}) {
        path_interfaces_.emplace(l.a, l.a_interface);
        path_interfaces_.emplace(l.b, l.b_interface);
      }
}

}  // namespace routefix::repair
