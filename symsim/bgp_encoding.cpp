#include "symsim/bgp_encoding.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "semantics/bgp_next_hop.h"
#include "semantics/config_rules.h"
#include "semantics/session_as_path.h"
#include "semantics/well_known_communities.h"
#include "symsim/z3_domain.h"

namespace routefix::symsim {

namespace {

// The AS a router presents on a session: its statement's local-as, else its own.
uint32_t presentedAs(const model::Device& d, const model::BgpNeighbor* stmt) {
  return stmt ? semantics::presentedAs(*d.bgp, *stmt) : d.bgp->asn;
}

bool ribHasConnected(const model::Device& d, const model::Prefix& p) {
  return std::any_of(d.interfaces.begin(), d.interfaces.end(), [&](const model::Interface& i) {
    if (!i.routes()) return false;
    if (i.address && i.address->subnet() == p) return true;
    return std::any_of(i.secondary.begin(), i.secondary.end(),
                       [&](const model::InterfaceAddress& a) { return a.subnet() == p; });
  });
}

std::set<uint32_t> knownAses(const model::Network& network) {
  std::set<uint32_t> out;
  for (const auto& d : network.devices) {
    if (!d.bgp) continue;
    out.insert(d.bgp->asn);
    for (const auto& n : d.bgp->neighbors) {
      if (n.remote_as) out.insert(*n.remote_as);
      if (n.local_as) out.insert(*n.local_as);
    }
  }
  for (const auto& e : network.externals) out.insert(e.as_path.begin(), e.as_path.end());
  return out;
}

const model::StaticRoute* staticFor(const model::Device& d, const model::Prefix& p) {
  for (const auto& s : d.static_routes)
    if (s.prefix == p) return &s;
  return nullptr;
}

// The next hops of the static routes to p that the RIB installs (those of the lowest
// distance; none for an interface or discard route), as semantics::redistributedNextHop wants.
std::vector<std::optional<model::Ipv4>> staticGateways(const model::Device& d, const model::Prefix& p) {
  uint32_t best = UINT32_MAX;
  for (const auto& s : d.static_routes)
    if (s.prefix == p) best = std::min(best, s.distance);
  std::vector<std::optional<model::Ipv4>> out;
  for (const auto& s : d.static_routes)
    if (s.prefix == p && s.distance == best) out.push_back(s.null_route ? std::nullopt : s.next_hop);
  return out;
}

std::vector<model::Prefix> knownPrefixes(const model::Network& network) {
  std::vector<model::Prefix> out;
  for (const auto& d : network.devices) {
    for (const auto& i : d.interfaces)
      if (i.address) out.push_back(i.address->subnet());
    for (const auto& s : d.static_routes) out.push_back(s.prefix);
    if (d.bgp)
      for (const auto& n : d.bgp->networks) out.push_back(n.prefix);
  }
  for (const auto& e : network.externals) out.push_back(e.prefix);
  return out;
}

// Whether a prefix-list that one of the device's BGP export policies matches on has an
// entry for exactly this prefix: the device means to announce it.
bool exportPoliciesNameExactly(const model::Device& d, const model::Prefix& p) {
  for (const auto& n : d.bgp->neighbors)
    for (const auto& name : n.export_policies) {
      auto policy = d.route_policies.find(name);
      if (policy == d.route_policies.end()) continue;
      for (const auto& clause : policy->second.clauses)
        for (const auto& m : clause.matches) {
          if (m.kind != model::PolicyMatch::Kind::PrefixList) continue;
          for (const auto& list : m.names) {
            auto l = d.prefix_lists.find(list);
            if (l == d.prefix_lists.end()) continue;
            for (const auto& e : l->second.entries)
              if (e.prefix == p && e.action == model::Action::Permit) return true;
          }
        }
    }
  return false;
}

std::vector<const model::Device*> bgpDevices(const model::Network& network, const Region& region) {
  std::vector<const model::Device*> out;
  for (const auto& name : region.nodes)
    if (const auto* d = network.findDevice(name); d && d->bgp) out.push_back(d);
  return out;
}

}  // namespace

BgpEncoding::BgpEncoding(z3::context& ctx, KnobTable& knobs, const model::Network& network,
                         const std::vector<BgpSession>& sessions, const Region& region,
                         model::Prefix prefix, const BoundaryRoutes& boundary,
                         const Scenario& scenario, NextHopCosts costs)
    : ctx_(ctx),
      knobs_(knobs),
      network_(network),
      sessions_(sessions),
      prefix_(prefix),
      boundary_(boundary),
      scenario_(scenario),
      costs_(std::move(costs)),
      tag_(scenario.name + "|" + prefix.str() + "|"),
      policies_(ctx, knobs, prefix, relevantCommunities(bgpDevices(network, region))),
      owners_(addressOwners(network)),
      constraints_(ctx) {
  std::vector<const model::Device*> devices = bgpDevices(network, region);
  // Every AS of the region is tracked for the loop check: a path looped through the receiver
  // is dropped there (sim's importPath), and left in it could beat the loop-free routes and
  // leave no stable state.
  for (const auto* d : devices) {
    tracked_as_.insert(d->bgp->asn);
    if (d->bgp->confederation_id) tracked_as_.insert(*d->bgp->confederation_id);
    tracked_as_.insert(d->bgp->confederation_peers.begin(), d->bgp->confederation_peers.end());
    for (const auto& n : d->bgp->neighbors)
      if (n.local_as) tracked_as_.insert(*n.local_as);
  }
  policies_.setKnownPrefixes(knownPrefixes(network));
  policies_.setKnownAses(knownAses(network));
  for (const auto* d : devices) declareNode(*d);
  // Every router's own routes first: what a sender exports depends on which of them it selects.
  for (auto& [name, v] : nodes_) {
    addLocalCandidates(v);
    addExternalCandidates(v);
  }
  for (auto& [name, v] : nodes_) addSessionCandidates(v);
  resolveNextHops();
  for (auto& [name, v] : nodes_) constrainSelection(v);
}

SymRoute BgpEncoding::freshRoute(const std::string& p) {
  SymRoute r{ctx_.bool_const((p + "has").c_str()), ctx_.int_const((p + "lp").c_str()),
             ctx_.int_const((p + "len").c_str()),  ctx_.int_const((p + "med").c_str()),
             ctx_.int_const((p + "weight").c_str()), ctx_.int_const((p + "origin").c_str()),
             {},
             ctx_.int_const((p + "firstas").c_str()), ctx_.bool_const((p + "nomed").c_str()),
             ctx_.int_const((p + "nexthop").c_str()), ctx_.int_const((p + "nhpolicy").c_str())};
  for (auto c : policies_.trackedCommunities())
    r.communities.push_back(ctx_.bool_const((p + "c" + model::communityStr(c)).c_str()));
  return r;
}

SymRoute BgpEncoding::constantRoute(bool valid, const BoundaryRoute& b) {
  SymRoute r{ctx_.bool_val(valid),
             ctx_.int_val(static_cast<int64_t>(b.local_pref)),
             ctx_.int_val(static_cast<int64_t>(b.as_path.size())),
             ctx_.int_val(static_cast<int64_t>(b.med)),
             ctx_.int_val(0),
             ctx_.int_val(b.origin),
             {},
             ctx_.int_val(static_cast<uint64_t>(b.as_path.empty() ? 0 : b.as_path.front())),
             ctx_.bool_val(false),  // the RIB does not say whether MED was missing
             ctx_.int_val(static_cast<int64_t>(b.next_hop)),
             ctx_.int_val(0)};  // no route-map decided the next hop yet
  for (auto c : policies_.trackedCommunities())
    r.communities.push_back(ctx_.bool_val(
        std::find(b.communities.begin(), b.communities.end(), c) != b.communities.end()));
  return r;
}

void BgpEncoding::declareNode(const model::Device& d) {
  std::string p = tag_ + d.name + "|";
  SymRoute best = freshRoute(p);
  NodeVars v{&d,
             best.valid,
             ctx_.int_const((p + "sel").c_str()),
             ctx_.int_const((p + "rank").c_str()),
             ctx_.bool_const((p + "delivered").c_str()),
             ctx_.bool_const((p + "ibgp").c_str()),
             ctx_.bool_const((p + "ebgp").c_str()),
             ctx_.bool_const((p + "fromclient").c_str()),
             ctx_.int_const((p + "originator").c_str()),
             ctx_.int_const((p + "clusterlen").c_str()),
             best,
             {},
             {}};
  for (auto as : tracked_as_)
    v.as_in_path.emplace(as, ctx_.bool_const((p + "as" + std::to_string(as)).c_str()));
  nodes_.emplace(d.name, std::move(v));
}

const model::BgpNeighbor* BgpEncoding::statementFor(const model::Device& d,
                                                    const BgpSession& s) const {
  const auto& side = s.side(d.name);
  if (side.neighbor) return &d.bgp->neighbors[*side.neighbor];
  // A missing side is added like the device's other sessions of the same kind, so it gets
  // their policies (FRR needs some on eBGP sessions).
  return semantics::sessionTemplate(*d.bgp, s.ebgp);
}

bool BgpEncoding::cutByFailure(const BgpSession& s) const {
  // A session between directly connected addresses (or over an unnumbered interface) dies
  // with the link under it; sessions between loopbacks are assumed to find another path.
  for (const auto* side : {&s.a, &s.b}) {
    const auto* d = network_.findDevice(side->node);
    const auto& peer = side == &s.a ? s.b : s.a;
    const model::Interface* iface = nullptr;
    if (d) iface = s.unnumbered() ? d->findInterface(side->interface) : d->interfaceFor(peer.address);
    if (!iface || iface->isLoopback()) continue;
    for (const auto& l : scenario_.failed_links)
      if ((l.a == d->name && l.a_interface == iface->name) ||
          (l.b == d->name && l.b_interface == iface->name))
        return true;
  }
  return false;
}

z3::expr BgpEncoding::sessionUp(size_t index) {
  const BgpSession& s = sessions_[index];
  if (cutByFailure(s)) return ctx_.bool_val(false);
  auto broken = [](const SessionSide& side) {
    return !side.neighbor || !side.remote_as_ok || side.shutdown || !side.activated;
  };
  Knob k;
  k.key = "session|" + s.key();
  k.kind = KnobKind::SessionUp;
  k.original = s.configured();
  // A refused session (both passive, BGP roles) costs the one line that refuses it.
  k.cost = s.configured() ? 2 : std::max((broken(s.a) ? 1 : 0) + (broken(s.b) ? 1 : 0), s.refused.empty() ? 0 : 1);
  // The knob belongs to the side that must change; symbolic if either side is in the region.
  bool aIn = knobs_.inRegion(s.a.node);
  k.node = (aIn && (broken(s.a) || !knobs_.inRegion(s.b.node))) ? s.a.node : s.b.node;
  k.peer_node = k.node == s.a.node ? s.b.node : s.a.node;
  k.session = index;
  // The line to point at: the statement on the side that changes, if it has one.
  if (const auto& side = s.side(k.node); side.neighbor)
    k.span = network_.findDevice(k.node)->bgp->neighbors[*side.neighbor].span;
  k.description = "BGP session " + s.a.node + " - " + s.b.node;
  return knobs_.get(k);
}

z3::expr BgpEncoding::nullAnchor(const model::Device& d, const model::SourceSpan& announcement) {
  Knob k;
  k.key = "static-null|" + d.name + "|" + prefix_.str();
  k.kind = KnobKind::StaticRoute;
  k.node = d.name;
  k.description = "static route " + prefix_.str() + " to Null0 on " + d.name;
  k.span = announcement;
  k.prefix = prefix_;
  return knobs_.get(k);
}

z3::expr BgpEncoding::reflectsTo(const model::Device& rr, const std::string& client) {
  for (size_t i = 0; i < sessions_.size(); ++i) {
    const auto& s = sessions_[i];
    if (s.ebgp || !((s.a.node == rr.name && s.b.node == client) ||
                    (s.b.node == rr.name && s.a.node == client)))
      continue;
    const auto& side = s.side(rr.name);
    Knob k;
    k.key = "rrc|" + rr.name + "|" + client;
    k.kind = KnobKind::RouteReflectorClient;
    k.node = rr.name;
    k.peer_node = client;
    k.session = i;
    k.original = side.neighbor && rr.bgp->neighbors[*side.neighbor].route_reflector_client;
    if (side.neighbor) k.span = rr.bgp->neighbors[*side.neighbor].span;
    k.description = "route-reflector-client " + client + " on " + rr.name;
    return knobs_.get(k);
  }
  return ctx_.bool_val(false);
}

void BgpEncoding::addLocalCandidates(NodeVars& v) {
  const model::Device& d = *v.device;
  const auto& bgp = *d.bgp;
  bool connected = ribHasConnected(d, prefix_);
  const model::StaticRoute* stat = staticFor(d, prefix_);
  bool inRib = connected || stat;
  // Traffic that reaches a router announcing its destination is delivered there, also when
  // a null route anchors the announcement (sim's forwarding: `originates`).
  bool delivers = connected || stat;
  auto localRoute = [&](uint8_t origin, uint32_t med) {
    SymRoute r{ctx_.bool_val(true),
               ctx_.int_val(static_cast<int64_t>(d.defaults.bgp_local_pref)),
               ctx_.int_val(0),
               ctx_.int_val(static_cast<int64_t>(med)),
               ctx_.int_val(static_cast<int64_t>(d.defaults.bgp_local_weight)),
               ctx_.int_val(origin),
               {},
               ctx_.int_val(0),
               ctx_.bool_val(false),
               ctx_.int_val(0),   // next hop: this router
               ctx_.int_val(0)};
    for (size_t i = 0; i < policies_.trackedCommunities().size(); ++i)
      r.communities.push_back(ctx_.bool_val(false));
    return r;
  };
  // `network` statement: present in the config, or a knob to add one where the prefix is in
  // the RIB (IOS and FRR both want an exact RIB match).
  const model::BgpNetwork* stmt = nullptr;
  for (const auto& n : bgp.networks)
    if (n.prefix == prefix_) stmt = &n;
  if (stmt || inRib) {
    Knob k;
    k.key = "network|" + d.name + "|" + prefix_.str();
    k.kind = KnobKind::NetworkStatement;
    k.node = d.name;
    k.original = stmt != nullptr;
    k.prefix = prefix_;
    if (stmt) k.span = stmt->span;
    k.description = "network " + prefix_.str() + " on " + d.name;
    SymRoute r = localRoute(0, 0);
    z3::expr present = knobs_.get(k);
    z3::expr routeInRib = ctx_.bool_val(inRib || !d.defaults.bgp_network_requires_rib);
    bool anchored = false;
    if (stmt && !inRib && d.defaults.bgp_network_requires_rib) {
      // A `network` with nothing in the RIB to announce: a static route to Null0 usually
      // anchors it, and a deleted one is the error. The span is the silent statement's.
      routeInRib = nullAnchor(d, stmt->span);
      anchored = true;
    }
    r.valid = present && routeInRib;
    if (stmt && !stmt->route_map.empty()) {
      PolicySite site{&d, semantics::PolicyPeer::self(), connected ? model::RouteSource::Connected
                                                           : model::RouteSource::Static};
      r = policies_.applyChain(site, {stmt->route_map}, model::PolicyDefault::Deny, r);
    }
    Candidate c(Candidate::Kind::Network, r);
    c.sender = d.name;
    c.local = true;
    c.delivers = delivers || anchored;
    c.address = 0;
    c.description = "network " + prefix_.str();
    v.candidates.push_back(std::move(c));
  }
  for (size_t i = 0; i < bgp.redistributions.size(); ++i) {
    const auto& red = bgp.redistributions[i];
    bool applies = (red.source == model::RouteSource::Connected && connected) ||
                   (red.source == model::RouteSource::Static && stat);
    // A redistributed static whose export policy names the prefix exactly (a Junos
    // `prefix-list AGGREGATE` under `from protocol static`) but that has no static route: the
    // deleted anchor of an announcement.
    bool anchorable = !applies && !inRib && red.source == model::RouteSource::Static &&
                      exportPoliciesNameExactly(d, prefix_);
    if (!applies && !anchorable) continue;
    Knob k;
    k.key = "redist|" + d.name + "|" + std::to_string(i);
    k.kind = KnobKind::Redistribution;
    k.node = d.name;
    k.original = 1;
    k.statement = i;
    k.span = red.span;
    k.description = "redistribution on " + d.name;
    SymRoute r = localRoute(2, red.metric.value_or(0));
    if (red.source == model::RouteSource::Static && stat)
      r.next_hop = ctx_.int_val(static_cast<int64_t>(semantics::redistributedNextHop(d.defaults, staticGateways(d, prefix_))));
    r.valid = knobs_.get(k);
    if (anchorable) r.valid = r.valid && nullAnchor(d, red.span);
    if (!red.route_map.empty()) {
      PolicySite site{&d, semantics::PolicyPeer::self(), red.source};
      r = policies_.applyChain(site, {red.route_map}, model::PolicyDefault::Deny, r);
    }
    Candidate c(Candidate::Kind::Redistribute, r);
    c.sender = d.name;
    c.local = true;
    c.delivers = delivers || anchorable;
    c.source = red.source;
    c.address = static_cast<uint32_t>(i + 1);
    c.description = "redistribute";
    v.candidates.push_back(std::move(c));
  }
}

void BgpEncoding::addExternalCandidates(NodeVars& v) {
  const model::Device& d = *v.device;
  for (const auto& e : network_.externals) {
    if (e.prefix != prefix_ || network_.findDevice(e.node) != &d) continue;
    const auto* n = d.bgp->findNeighbor(e.peer);
    if (!n || !semantics::declaresRemoteAs(*n) || n->shutdown) continue;
    bool ebgp = semantics::declaresEbgp(*d.bgp, *n);
    auto count = [&](uint32_t as) { return static_cast<uint32_t>(std::count(e.as_path.begin(), e.as_path.end(), as)); };
    if (ebgp && semantics::asPathLoops(count(d.bgp->asn), n->local_as ? count(*n->local_as) : 0u, n->allowas_in.value_or(0)))
      continue;
    if (ebgp && semantics::ebgpPolicyBlocks(*d.bgp, n, semantics::Direction::In)) continue;
    BoundaryRoute b;
    b.local_pref = ebgp ? d.defaults.bgp_local_pref : 100;  // an iBGP peer's route keeps its own
    b.as_path = e.as_path;
    auto received = ebgp ? semantics::receivedPathPrepend(*d.bgp, *n) : std::nullopt;
    if (received) b.as_path.insert(b.as_path.begin(), *received);
    b.med = e.med;
    b.communities = e.communities;
    b.next_hop = e.peer.value;
    SymRoute r = constantRoute(true, b);
    r.weight = ctx_.int_val(static_cast<int64_t>(n->weight.value_or(0)));
    PolicySite site{&d, semantics::sessionPolicyPeer(n, e.peer), model::RouteSource::Bgp};
    r = policies_.applyChain(site, n->import_policies, d.bgp->import_default, r);
    if (!n->prefix_list_in.empty())
      r.valid = r.valid && policies_.prefixListPermits(d, n->prefix_list_in);
    markBlackholeNoExport(d, ebgp, r);
    z3::expr peer = ctx_.int_val(static_cast<int64_t>(e.peer.value));
    r.next_hop = z3::ite(r.next_hop == ctx_.int_val(kNextHopPeerAddress), peer, r.next_hop).simplify();
    if (!d.defaults.bgp_import_next_hop_sticks) r.next_hop_policy = ctx_.int_val(0);
    Candidate c(Candidate::Kind::External, r);
    c.sender = e.peer.str();
    c.ebgp = ebgp;
    c.multihop = n->ebgp_multihop.has_value();
    c.delivers = true;
    c.sender_as = b.as_path.empty() ? 0 : b.as_path.front();
    if (received) c.added_as = {*received};
    c.originator = ctx_.int_val(static_cast<uint64_t>(e.peer.value));
    c.address = e.peer.value;
    c.description = "external peer " + e.peer.str();
    v.candidates.push_back(std::move(c));
  }
}

std::optional<SymRoute> BgpEncoding::exported(const BgpSession& s, const model::Device& sender,
                                              const model::Device& receiver, z3::expr& cond) {
  SymRoute r = constantRoute(false, {});
  auto enc = nodes_.find(sender.name);
  auto bnd = boundary_.find(sender.name);
  const model::BgpNeighbor* stmt = statementFor(sender, s);
  const model::BgpNeighbor* receiverStmt = statementFor(receiver, s);
  // The receiver's eBGP loop check (semantics::asPathLoops: its AS and local-as, allowas-in).
  uint32_t allowas = receiverStmt ? receiverStmt->allowas_in.value_or(0) : 0;
  std::optional<uint32_t> localAs;
  if (receiverStmt && receiverStmt->local_as && *receiverStmt->local_as != receiver.bgp->asn)
    localAs = receiverStmt->local_as;
  // A confederation member also rejects its confederation's identifier (sim loops()); 0: none.
  uint32_t confedId = receiver.bgp->confederation_id.value_or(0);
  if (confedId == receiver.bgp->asn) confedId = 0;
  // as-override: the receiver's AS leaves the path before its loop check sees it.
  auto override = stmt ? semantics::asOverride(*stmt, s.ebgp, s.confed, presentedAs(receiver, receiverStmt),
                                               sender.bgp->asn)
                       : std::nullopt;
  auto overridden = [&](uint32_t as) { return override && as == override->replaced; };
  z3::expr learnedEbgp = ctx_.bool_val(false);
  z3::expr reflected = ctx_.bool_val(false);  // an iBGP route passed on over iBGP
  if (prefix_.length == 0 && stmt && stmt->default_originate)
    return defaultOriginated(s, sender, receiver, *stmt);
  if (stmt && stmt->default_originate && semantics::withheldByDefaultOriginate(sender.defaults, prefix_))
    return std::nullopt;
  if (enc != nodes_.end()) {
    const NodeVars& sv = enc->second;
    r = sv.best;
    learnedEbgp = sv.learned_ebgp;
    if (!s.ebgp) reflected = sv.learned_ibgp;
    if (!s.ebgp) {
      cond = cond && (!sv.learned_ibgp || sv.learned_from_client || reflectsTo(sender, receiver.name));
    } else {
      auto count = [&](uint32_t as) {
        auto in = sv.as_in_path.find(as);
        return in == sv.as_in_path.end() || overridden(as) ? ctx_.int_val(0)
                                                           : z3::ite(in->second, ctx_.int_val(1), ctx_.int_val(0));
      };
      z3::expr local = (localAs ? count(*localAs) : ctx_.int_val(0)) + (confedId ? count(confedId) : ctx_.int_val(0));
      cond = cond && !semantics::asPathLoops(count(receiver.bgp->asn), local, allowas);
    }
  } else if (bnd != boundary_.end()) {
    const BoundaryRoute& b = bnd->second;
    r = constantRoute(true, b);
    learnedEbgp = ctx_.bool_val(!b.learned_ibgp);
    reflected = ctx_.bool_val(!s.ebgp && b.learned_ibgp);
    auto count = [&](uint32_t as) {
      return overridden(as) ? 0u : static_cast<uint32_t>(std::count(b.as_path.begin(), b.as_path.end(), as));
    };
    uint32_t local = (localAs ? count(*localAs) : 0u) + (confedId ? count(confedId) : 0u);
    if (s.ebgp && semantics::asPathLoops(count(receiver.bgp->asn), local, allowas)) return std::nullopt;
    if (!s.ebgp && b.learned_ibgp) {
      auto client = [&](const std::string& peer) {
        for (const auto& n : sender.bgp->neighbors) {
          if (!n.address || !n.route_reflector_client) continue;
          auto o = owners_.find(n.address->value);
          if (o != owners_.end() && o->second == peer) return true;
        }
        return false;
      };
      if (!client(b.learned_from) && !client(receiver.name)) return std::nullopt;
    }
  } else {
    return std::nullopt;  // outside the region and no route there
  }
  if (semantics::suppressedBySummary(*sender.bgp, prefix_)) return std::nullopt;
  auto carries = [&](model::Community c) {
    size_t i = policies_.communityIndex(c);
    return i < r.communities.size() ? r.communities[i] : ctx_.bool_val(false);
  };
  r.valid = r.valid && !semantics::withheldByWellKnownCommunity(carries, s.ebgp, s.confed);
  // `send-community` (the parser fills in the vendor's default).
  if (!stmt || !stmt->send_community)
    for (auto& c : r.communities) c = ctx_.bool_val(false);
  if (s.external()) {
    // MED learned from one AS is not passed on to another (a policy may set a new one).
    r.med = z3::ite(learnedEbgp, ctx_.int_val(0), r.med);
    r.med_missing = learnedEbgp || r.med_missing;
  }
  r.weight = ctx_.int_val(0);
  if (s.ebgp && semantics::ebgpPolicyBlocks(*sender.bgp, stmt, semantics::Direction::Out)) return std::nullopt;
  z3::expr current = r.next_hop;
  z3::expr imported = r.next_hop_policy;
  r.next_hop = ctx_.int_val(kNextHopUnset);
  r.next_hop_policy = ctx_.int_val(0);
  if (stmt) {
    auto receiverPeer = semantics::sessionPolicyPeer(stmt, s.policyAddress(receiver.name));
    PolicySite site{&sender, semantics::exportPolicyPeer(sender.defaults, receiverPeer), model::RouteSource::Bgp};
    SymRoute in = r;
    r = policies_.applyChain(site, stmt->export_policies, sender.bgp->export_default, in);
    // A reflected route is filtered by the map; where the vendor drops its sets, it leaves as
    // it came (semantics::outboundSetsReachReflectedRoutes; sim export()).
    if (!s.ebgp && !stmt->export_policies.empty() &&
        !semantics::outboundSetsReachReflectedRoutes(sender.defaults, *sender.bgp)) {
      SymRoute unchanged = in;
      unchanged.valid = r.valid;
      r = choose(reflected, unchanged, r);
    }
    // A route the sender redistributed keeps its protocol on export (`from protocol static`,
    // Junos's default export of BGP routes only).
    if (enc != nodes_.end()) {
      const auto& cands = enc->second.candidates;
      for (size_t i = 0; i < cands.size(); ++i) {
        if (cands[i].kind != Candidate::Kind::Redistribute || stmt->export_policies.empty()) continue;
        site.source = cands[i].source;
        r = choose(enc->second.selection == static_cast<int>(i),
                   policies_.applyChain(site, stmt->export_policies, sender.bgp->export_default, in), r);
      }
    }
    if (!stmt->prefix_list_out.empty())
      r.valid = r.valid && policies_.prefixListPermits(sender, stmt->prefix_list_out);
  }
  r.next_hop = exportedNextHop(s, sender, stmt, {r.next_hop, r.next_hop_policy}, {current, imported}, reflected);
  r.next_hop_policy = ctx_.int_val(0);  // the receiver's import decides its own
  // Confed-eBGP puts the sender's member AS into a confed segment, which the path length and
  // first AS do not see, and keeps local-pref and MED (sim transform()).
  if (s.external()) {
    // remove-private-as is not encoded (the path's private ASes are not tracked): listed in
    // sim_equivalence_gaps.txt where the corpus meets it.
    auto prepend = stmt ? semantics::ebgpExportPrepend(*sender.bgp, *stmt) : std::vector<uint32_t>{sender.bgp->asn};
    r.path_length = r.path_length + static_cast<int>(prepend.size());
    r.first_as = ctx_.int_val(static_cast<uint64_t>(prepend.front()));
    r.local_pref = ctx_.int_val(static_cast<int64_t>(receiver.defaults.bgp_local_pref));
  }
  return r;
}

SymRoute BgpEncoding::defaultOriginated(const BgpSession& s, const model::Device& sender,
                                        const model::Device& receiver, const model::BgpNeighbor& stmt) {
  // `neighbor X default-originate`: sent whatever the sender's RIB holds, outside the
  // outbound policy; its route-map only sets attributes (as the simulator does).
  BoundaryRoute local;
  local.local_pref = sender.defaults.bgp_local_pref;
  SymRoute r = constantRoute(true, local);
  if (!stmt.default_originate_route_map.empty()) {
    // FRR runs it for the router itself (peer_self, PEER_RMAP_TYPE_DEFAULT), as sim does.
    PolicySite site{&sender, semantics::PolicyPeer::self(), model::RouteSource::Bgp};
    r = policies_.applyChain(site, {stmt.default_originate_route_map}, model::PolicyDefault::Accept, r);
    r.valid = ctx_.bool_val(true);
  }
  if (!stmt.send_community)
    for (auto& c : r.communities) c = ctx_.bool_val(false);
  r.next_hop = ctx_.int_val(static_cast<int64_t>(s.side(sender.name).address.value));
  if (s.external()) {
    r.path_length = r.path_length + 1;
    r.first_as = ctx_.int_val(static_cast<uint64_t>(semantics::presentedAs(*sender.bgp, stmt)));
    r.local_pref = ctx_.int_val(static_cast<int64_t>(receiver.defaults.bgp_local_pref));
  }
  return r;
}

void BgpEncoding::addSessionCandidates(NodeVars& v) {
  const model::Device& d = *v.device;
  for (size_t i = 0; i < sessions_.size(); ++i) {
    const BgpSession& s = sessions_[i];
    if (s.a.node != d.name && s.b.node != d.name) continue;
    const model::Device* sender = network_.findDevice(s.other(d.name).node);
    if (!sender || !sender->bgp) continue;
    // The session's knob only once a route can cross it: a session to a router outside the
    // region with no route there carries nothing this encoding sees.
    z3::expr cond = ctx_.bool_val(true);
    auto out = exported(s, *sender, d, cond);
    if (!out) continue;
    cond = sessionUp(i) && cond;
    SymRoute r = *out;
    const model::BgpNeighbor* stmt = statementFor(d, s);
    const model::BgpNeighbor* senderStmt = statementFor(*sender, s);
    std::vector<uint32_t> added, stripped;
    if (s.external()) {
      added = senderStmt ? semantics::ebgpExportPrepend(*sender->bgp, *senderStmt)
                         : std::vector<uint32_t>{sender->bgp->asn};
      if (sender->bgp->confederation_id) {
        stripped = sender->bgp->confederation_peers;
        stripped.push_back(sender->bgp->asn);
      }
    } else if (s.confed) {
      added = {presentedAs(*sender, senderStmt)};  // into the confed segment
    }
    auto received = s.external() && stmt ? semantics::receivedPathPrepend(*d.bgp, *stmt) : std::nullopt;
    if (received) {
      r.path_length = r.path_length + 1;
      r.first_as = ctx_.int_val(static_cast<uint64_t>(*received));
      added.push_back(*received);
    }
    r.weight = ctx_.int_val(static_cast<int64_t>(stmt && stmt->weight ? *stmt->weight : 0));
    if (s.ebgp && semantics::ebgpPolicyBlocks(*d.bgp, stmt, semantics::Direction::In)) continue;
    if (stmt) {
      PolicySite site{&d, semantics::sessionPolicyPeer(stmt, s.policyAddress(sender->name)), model::RouteSource::Bgp};
      r = policies_.applyChain(site, stmt->import_policies, d.bgp->import_default, r);
      if (!stmt->prefix_list_in.empty())
        r.valid = r.valid && policies_.prefixListPermits(d, stmt->prefix_list_in);
    }
    markBlackholeNoExport(d, s.external(), r);
    z3::expr senderAddress = ctx_.int_val(static_cast<int64_t>(s.side(sender->name).address.value));
    r.next_hop = z3::ite(r.next_hop == ctx_.int_val(kNextHopPeerAddress), senderAddress, r.next_hop).simplify();
    if (!d.defaults.bgp_import_next_hop_sticks) r.next_hop_policy = ctx_.int_val(0);
    r.valid = r.valid && cond;
    Candidate c(Candidate::Kind::Session, r);
    c.sender = sender->name;
    c.session = i;
    c.ebgp = s.external();
    c.confed = s.confed;
    c.multihop = stmt && stmt->ebgp_multihop.has_value();
    // The neighbour AS the decision and multipath see: the path's first AS, the receiver's own
    // local-as when it prepends one.
    c.sender_as = received ? *received
                           : senderStmt ? semantics::presentedAs(*sender->bgp, *senderStmt) : sender->bgp->asn;
    c.added_as = std::move(added);
    c.stripped_as = std::move(stripped);
    if (senderStmt)
      c.as_override = semantics::asOverride(*senderStmt, s.ebgp, s.confed, presentedAs(d, stmt), sender->bgp->asn);
    // A reflected route keeps its originator and grows its cluster list (sim transform()).
    z3::expr senderId = ctx_.int_val(static_cast<uint64_t>(semantics::bgpRouterId(*sender).value));
    c.originator = senderId;
    if (auto in = nodes_.find(sender->name); in != nodes_.end() && !s.ebgp) {
      const NodeVars& sv = in->second;
      c.originator = z3::ite(sv.learned_ibgp, sv.originator, senderId);
      c.cluster_length = z3::ite(sv.learned_ibgp, sv.cluster_length + 1, ctx_.int_val(0));
    }
    c.address = s.side(sender->name).address.value;
    c.description = (s.confed ? "confed-eBGP from " : s.ebgp ? "eBGP from " : "iBGP from ") + sender->name;
    v.candidates.push_back(std::move(c));
  }
}

void BgpEncoding::markBlackholeNoExport(const model::Device& receiver, bool ebgp, SymRoute& r) const {
  size_t tracked = policies_.trackedCommunities().size();
  size_t blackhole = policies_.communityIndex(model::kBlackhole);
  size_t noExport = policies_.communityIndex(model::kNoExport);
  if (blackhole == tracked || noExport == tracked || !semantics::receivedBlackholeGetsNoExport(receiver.defaults, ebgp))
    return;
  r.communities[noExport] = r.communities[noExport] || r.communities[blackhole];
}

SymView BgpEncoding::view(const Candidate& c) const {
  const SymRoute& r = c.route;
  return {r.weight,   r.local_pref, ctx_.bool_val(c.local), r.path_length,
          r.origin,   r.med,        r.med_missing,          r.first_as,
          ctx_.bool_val(c.ebgp && !c.local)};
}

z3::expr BgpEncoding::better(const Candidate& j, const Candidate& i, const model::Device& device) const {
  SymbolicSteps steps(ctx_);
  semantics::decisionSteps(steps, view(j), view(i), semantics::decisionOptions(device));
  // After the IGP cost, a confed-eBGP route beats an iBGP one (sim comparePaths, FRR step 10).
  z3::expr tieBreak = j.igp_cost < i.igp_cost ||
                     (j.igp_cost == i.igp_cost &&
                      (ctx_.bool_val(j.confed && !i.confed) ||
                       (ctx_.bool_val(j.confed == i.confed) &&
                        (j.originator < i.originator ||
                         (j.originator == i.originator &&
                          (j.cluster_length < i.cluster_length ||
                           (j.cluster_length == i.cluster_length && ctx_.bool_val(j.address < i.address))))))));
  return steps.better(tieBreak);
}

void BgpEncoding::constrainSelection(NodeVars& v) {
  const auto& cands = v.candidates;
  z3::expr anyValid = ctx_.bool_val(false);
  for (const auto& c : cands) anyValid = anyValid || c.route.valid;
  constraints_.push_back(v.has == anyValid);
  int n = static_cast<int>(cands.size());
  constraints_.push_back(z3::implies(v.has, v.selection >= 0 && v.selection < n));
  constraints_.push_back(z3::implies(!v.has, v.selection == -1));
  constraints_.push_back(v.rank >= 0);
  const auto options = semantics::decisionOptions(*v.device);
  auto group = [&](int k) { return semantics::medGroup(options, cands[k].route.first_as); };
  auto sameGroup = [&](int a, int b) { return group(a) == group(b); };
  std::vector<std::vector<z3::expr>> beats(n);  // [j][i]: j is valid and better than i
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      beats[j].push_back(i == j ? ctx_.bool_val(false)
                                : cands[j].route.valid && better(cands[j], cands[i], *v.device));
  std::vector<z3::expr> groupBest;  // no route of the same group beats it
  for (int j = 0; j < n; ++j) {
    z3::expr best = ctx_.bool_val(true);
    for (int k = 0; k < n; ++k)
      if (k != j) best = best && !(beats[k][j] && sameGroup(j, k));
    groupBest.push_back(best);
  }
  z3::expr delivered = ctx_.bool_val(false);
  std::map<uint32_t, z3::expr> asIn;
  for (auto as : tracked_as_) asIn.emplace(as, ctx_.bool_val(false));
  for (int i = 0; i < n; ++i) {
    const Candidate& c = cands[i];
    z3::expr chosen = v.selection == i;
    z3::expr_vector facts(ctx_);
    facts.push_back(c.route.valid);
    facts.push_back(v.best.local_pref == c.route.local_pref);
    facts.push_back(v.best.path_length == c.route.path_length);
    facts.push_back(v.best.med == c.route.med);
    facts.push_back(v.best.weight == c.route.weight);
    facts.push_back(v.best.origin == c.route.origin);
    facts.push_back(v.best.first_as == c.route.first_as);
    facts.push_back(v.best.med_missing == c.route.med_missing);
    facts.push_back(v.best.next_hop == c.route.next_hop);
    facts.push_back(v.best.next_hop_policy == c.route.next_hop_policy);
    for (size_t k = 0; k < c.route.communities.size(); ++k)
      facts.push_back(v.best.communities[k] == c.route.communities[k]);
    // Deterministic MED (semantics::medGroup): the chosen route is the best of its neighbor-AS
    // group and no other group's best beats it.
    for (int j = 0; j < n; ++j)
      if (j != i)
        facts.push_back(!(beats[j][i] && (sameGroup(i, j) || groupBest[j])));
    bool ibgp = c.kind == Candidate::Kind::Session && !c.ebgp && !c.confed;
    facts.push_back(v.learned_ibgp == ctx_.bool_val(ibgp));
    facts.push_back(v.learned_ebgp == ctx_.bool_val(c.ebgp && !c.local));
    facts.push_back(v.originator == c.originator);
    facts.push_back(v.cluster_length == c.cluster_length);
    facts.push_back(v.learned_from_client ==
                    (ibgp ? reflectsTo(*v.device, c.sender) : ctx_.bool_val(false)));
    auto sender = c.kind == Candidate::Kind::Session ? nodes_.find(c.sender) : nodes_.end();
    if (sender != nodes_.end()) facts.push_back(v.rank > sender->second.rank);
    constraints_.push_back(z3::implies(chosen, z3::mk_and(facts)));

    z3::expr carries = ctx_.bool_val(c.delivers);
    if (c.kind == Candidate::Kind::Session)
      carries = sender != nodes_.end() ? sender->second.delivered : ctx_.bool_val(true);
    delivered = delivered || (chosen && carries);
    for (auto as : tracked_as_) {
      bool here = false;
      z3::expr inherited = ctx_.bool_val(false);
      if (c.kind == Candidate::Kind::Session) {
        here = std::find(c.added_as.begin(), c.added_as.end(), as) != c.added_as.end();
        // In the sender's path, or (as-override) put there in place of the receiver's AS.
        auto inSenderPath = [&](uint32_t a) {
          if (sender != nodes_.end()) {
            auto in = sender->second.as_in_path.find(a);
            return in != sender->second.as_in_path.end() ? in->second : ctx_.bool_val(false);
          }
          if (auto b = boundary_.find(c.sender); b != boundary_.end())
            return ctx_.bool_val(std::find(b->second.as_path.begin(), b->second.as_path.end(), a) !=
                                 b->second.as_path.end());
          return ctx_.bool_val(false);
        };
        const auto& o = c.as_override;
        bool stripped = std::find(c.stripped_as.begin(), c.stripped_as.end(), as) != c.stripped_as.end();
        if ((o && as == o->replaced) || stripped) inherited = ctx_.bool_val(false);
        else inherited = o && as == o->by ? inSenderPath(as) || inSenderPath(o->replaced) : inSenderPath(as);
      } else if (c.kind == Candidate::Kind::External) {
        here = std::find(c.added_as.begin(), c.added_as.end(), as) != c.added_as.end();
        for (const auto& e : network_.externals)
          if (e.prefix == prefix_ && e.peer.str() == c.sender &&
              std::find(e.as_path.begin(), e.as_path.end(), as) != e.as_path.end())
            here = true;
      }
      asIn.at(as) = asIn.at(as) || (chosen && (ctx_.bool_val(here) || inherited));
    }
  }
  constraints_.push_back(v.delivered == delivered);
  for (auto as : tracked_as_) constraints_.push_back(v.as_in_path.at(as) == asIn.at(as));
}

}  // namespace routefix::symsim
