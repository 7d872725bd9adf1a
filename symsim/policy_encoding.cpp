#include "symsim/policy_encoding.h"

#include <algorithm>
#include <set>

#include "semantics/config_rules.h"
#include "symsim/z3_domain.h"

namespace routefix::symsim {

namespace {

bool iosFamily(const model::Device& d) { return d.vendor != model::Vendor::Junos; }

// How the operator names the clause: "route-map RM 10 on r1" / "policy-statement P term t on r1".
std::string clauseName(const model::Device& d, const model::RoutePolicy& policy, size_t clause) {
  const std::string& name = policy.clauses[clause].name;
  if (iosFamily(d)) return "route-map " + policy.name + " " + name + " on " + d.name;
  return "policy-statement " + policy.name + " term " + name + " on " + d.name;
}

std::string clauseKey(const model::Device& d, const std::string& policy, size_t clause) {
  return d.name + "|" + policy + "|" + std::to_string(clause);
}

}  // namespace

SymRoute choose(const z3::expr& c, const SymRoute& a, const SymRoute& b) {
  SymRoute r{z3::ite(c, a.valid, b.valid),       z3::ite(c, a.local_pref, b.local_pref),
             z3::ite(c, a.path_length, b.path_length), z3::ite(c, a.med, b.med),
             z3::ite(c, a.weight, b.weight),     z3::ite(c, a.origin, b.origin),
             {},                                 z3::ite(c, a.first_as, b.first_as),
             z3::ite(c, a.med_missing, b.med_missing), z3::ite(c, a.next_hop, b.next_hop),
             z3::ite(c, a.next_hop_policy, b.next_hop_policy)};
  for (size_t i = 0; i < a.communities.size(); ++i)
    r.communities.push_back(z3::ite(c, a.communities[i], b.communities[i]));
  return r;
}

PolicyEncoder::PolicyEncoder(z3::context& ctx, KnobTable& knobs, model::Prefix prefix,
                             std::vector<model::Community> tracked)
    : ctx_(ctx), knobs_(knobs), prefix_(prefix), tracked_(std::move(tracked)) {}

size_t PolicyEncoder::communityIndex(model::Community c) const {
  return std::find(tracked_.begin(), tracked_.end(), c) - tracked_.begin();
}

void PolicyEncoder::setKnownPrefixes(std::vector<model::Prefix> prefixes) {
  known_ = std::move(prefixes);
}

void PolicyEncoder::setKnownAses(std::set<uint32_t> ases) { known_ases_ = std::move(ases); }

z3::expr PolicyEncoder::prefixListPermits(const model::Device& device, const std::string& name) {
  auto it = device.prefix_lists.find(name);
  if (it == device.prefix_lists.end()) return ctx_.bool_val(false);
  const auto& list = it->second;
  std::vector<std::pair<z3::expr, z3::expr>> entries;  // (matches, permits), in order
  std::optional<size_t> firstMatch = list.firstMatch(prefix_);
  auto addPermit = [&] {
    Knob k;
    k.key = "pl-add|" + device.name + "|" + name + "|" + prefix_.str();
    k.kind = KnobKind::PrefixListAddPermit;
    k.node = device.name;
    k.cost = 2;
    k.list = name;
    k.entry = firstMatch ? *firstMatch : list.entries.size();
    k.prefix = prefix_;
    k.span = firstMatch ? list.entries[*firstMatch].span : list.span;
    k.description = "prefix-list " + name + " on " + device.name + ": add permit " + prefix_.str();
    entries.emplace_back(knobs_.get(k), ctx_.bool_val(true));
  };
  for (size_t i = 0; i < list.entries.size(); ++i) {
    const auto& e = list.entries[i];
    if (firstMatch && i == *firstMatch) addPermit();
    std::string where = "prefix-list " + name + " seq " + std::to_string(e.seq) + " on " + device.name;
    if (e.matches(prefix_)) {
      Knob k;
      k.key = "pl-action|" + device.name + "|" + name + "|" + std::to_string(i);
      k.kind = KnobKind::PrefixListEntryAction;
      k.node = device.name;
      k.original = e.action == model::Action::Permit;
      k.list = name;
      k.entry = i;
      k.span = e.span;
      k.prefix = prefix_;
      k.description = where;
      entries.emplace_back(ctx_.bool_val(true), knobs_.get(k));
    } else {
      // Rewriting an entry that matches nothing else (a typo) is cheap; one that serves
      // other prefixes costs more, because it changes what they see.
      bool dead = std::none_of(known_.begin(), known_.end(),
                               [&](const model::Prefix& p) { return e.matches(p); });
      Knob k;
      k.key = "pl-match|" + device.name + "|" + name + "|" + std::to_string(i) + "|" + prefix_.str();
      k.kind = KnobKind::PrefixListEntryMatch;
      k.node = device.name;
      k.original = 0;
      k.cost = dead ? 1 : 3;
      k.list = name;
      k.entry = i;
      k.span = e.span;
      k.prefix = prefix_;
      k.description = where;
      entries.emplace_back(knobs_.get(k), ctx_.bool_val(e.action == model::Action::Permit));
    }
  }
  if (!firstMatch) addPermit();
  z3::expr result = ctx_.bool_val(false);
  for (auto it2 = entries.rbegin(); it2 != entries.rend(); ++it2)
    result = z3::ite(it2->first, it2->second, result);
  return result;
}

z3::expr PolicyEncoder::communityListMatches(const model::CommunityList& list, const SymRoute& r,
                                             bool exact) {
  z3::expr result = ctx_.bool_val(false);
  for (auto e = list.entries.rbegin(); e != list.entries.rend(); ++e) {
    z3::expr m = ctx_.bool_val(true);
    if (list.expanded) {
      // Regex lists: a tracked community whose text the entry matches.
      model::CommunityList single{list.name, true, {*e}, {}};
      single.entries[0].action = model::Action::Permit;
      z3::expr any = ctx_.bool_val(false);
      for (size_t i = 0; i < tracked_.size(); ++i)
        if (single.permits({tracked_[i]})) any = any || r.communities[i];
      m = any;
    } else {
      // Untracked communities are on no route of this encoding.
      auto carries = [&](model::Community c) {
        size_t i = communityIndex(c);
        return i < tracked_.size() ? r.communities[i] : ctx_.bool_val(false);
      };
      m = semantics::communityEntryMatches(e->communities, exact, tracked_, carries, ctx_.bool_val(true));
    }
    result = z3::ite(m, ctx_.bool_val(e->action == model::Action::Permit), result);
  }
  return result;
}

z3::expr PolicyEncoder::matchExpr(const PolicySite& site, const model::PolicyMatch& m,
                                  const SymRoute& r) {
  const model::Device& d = *site.device;
  using K = model::PolicyMatch::Kind;
  z3::expr any = ctx_.bool_val(false);
  switch (m.kind) {
    case K::PrefixList:
      for (const auto& n : m.names)
        any = any || (d.prefix_lists.count(n)
                          ? prefixListPermits(d, n)
                          : ctx_.bool_val(semantics::undefinedListMatches(d.vendor, semantics::ListKind::PrefixList)));
      return any;
    case K::AccessList:
      for (const auto& n : m.names) {
        auto it = d.access_lists.find(n);
        bool v = it == d.access_lists.end()
                     ? semantics::undefinedListMatches(d.vendor, semantics::ListKind::AccessList)
                     : it->second.permitsRoute(prefix_);
        any = any || ctx_.bool_val(v);
      }
      return any;
    case K::CommunityList:
      for (const auto& n : m.names) {
        auto it = d.community_lists.find(n);
        if (it != d.community_lists.end()) any = any || communityListMatches(it->second, r, m.exact);
        else any = any || ctx_.bool_val(semantics::undefinedListMatches(d.vendor, semantics::ListKind::CommunityList));
      }
      return any;
    case K::AsPathList:
      // AS paths are tracked by length and first AS: a list is decided on the empty path for
      // locally originated routes, on the one-AS path [first AS] for routes from a
      // neighbouring AS, and by whether it permits every path otherwise.
      for (const auto& n : m.names) {
        auto it = d.as_path_lists.find(n);
        if (it == d.as_path_lists.end()) {
          any = any || ctx_.bool_val(semantics::undefinedListMatches(d.vendor, semantics::ListKind::AsPathList));
          continue;
        }
        bool empty = it->second.permits({});
        bool all = std::any_of(it->second.entries.begin(), it->second.entries.end(),
                               [](const model::AsPathListEntry& e) {
                                 return e.action == model::Action::Permit &&
                                        (e.regex == ".*" || e.regex == "^.*$" || e.regex == ".+");
                               });
        z3::expr single = ctx_.bool_val(false);
        for (auto as : known_ases_)
          if (it->second.permits({as})) single = single || r.first_as == ctx_.int_val(static_cast<uint64_t>(as));
        any = any || z3::ite(r.path_length == 0, ctx_.bool_val(empty),
                             z3::ite(r.path_length == 1, single, ctx_.bool_val(all)));
      }
      return any;
    case K::Metric:
      return r.med == ctx_.int_val(static_cast<int64_t>(m.value));
    case K::Tag:
      return ctx_.bool_val(m.value == 0 && site.source == model::RouteSource::Bgp);
    case K::SourceProtocol:
      return ctx_.bool_val(m.matchesProtocol(site.source));
    case K::Neighbor:
    case K::LocalOrigin:
    case K::PeerName:
      return ctx_.bool_val(semantics::peerMatches(m, site.peer));
    case K::NextHopPrefixList:
    case K::Interface:
    case K::ExtCommunityList:    // extended and large communities are not tracked
    case K::LargeCommunityList:  // (symsim/sim_equivalence_gaps.txt)
      return ctx_.bool_val(false);
    case K::Ipv6PrefixList:  // an IPv4 route matches none, unless undefined (as in sim)
      for (const auto& n : m.names)
        if (!d.ipv6_prefix_lists.count(n))
          any = any || ctx_.bool_val(semantics::undefinedListMatches(d.vendor, semantics::ListKind::PrefixList));
      return any;
  }
  return ctx_.bool_val(false);
}

SymRoute PolicyEncoder::applySets(const PolicySite& site, const model::RoutePolicy& policy,
                                  size_t clause, const SymRoute& in) {
  const model::Device& d = *site.device;
  SymRoute r = in;
  const auto& sets = policy.clauses[clause].sets;
  for (size_t s = 0; s < sets.size(); ++s) {
    const auto& set = sets[s];
    using K = model::PolicySet::Kind;
    auto valueKnob = [&](int64_t high) {
      Knob k;
      k.key = "set|" + clauseKey(d, policy.name, clause) + "|" + std::to_string(s);
      k.kind = KnobKind::SetValue;
      k.node = d.name;
      k.integer = true;
      k.original = set.value;
      k.low = 0;
      k.high = high;
      k.policy = policy.name;
      k.clause = clause;
      k.set_index = s;
      k.set_kind = set.kind;
      k.span = set.span;
      k.description = clauseName(d, policy, clause);
      return knobs_.get(k);
    };
    switch (set.kind) {
      case K::LocalPref:
        r.local_pref = set.delta == 0 ? valueKnob(4294967295LL)
                                      : semantics::adjustedValue(r.local_pref, set.value, set.delta);
        break;
      case K::Weight: r.weight = valueKnob(65535); break;
      case K::Metric:
        r.med = set.delta == 0 ? valueKnob(4294967295LL) : semantics::adjustedValue(r.med, set.value, set.delta);
        r.med_missing = ctx_.bool_val(false);
        break;
      case K::AsPathPrepend: {
        Knob k;
        k.key = "prepend|" + clauseKey(d, policy.name, clause) + "|" + std::to_string(s);
        k.kind = KnobKind::PrependCount;
        k.node = d.name;
        k.integer = true;
        k.original = static_cast<int64_t>(set.asns.size());
        k.low = 0;
        k.high = 10;
        k.policy = policy.name;
        k.clause = clause;
        k.set_index = s;
        k.span = set.span;
        k.description = "as-path prepend in route-map " + policy.name + " " +
                        policy.clauses[clause].name + " on " + d.name;
        z3::expr count = knobs_.get(k);
        r.path_length = r.path_length + count;
        if (!set.asns.empty())
          r.first_as = z3::ite(count > 0, ctx_.int_val(static_cast<uint64_t>(set.asns.front())), r.first_as);
        break;
      }
      case K::Community:
        for (size_t i = 0; i < tracked_.size(); ++i) {
          bool listed = std::find(set.communities.begin(), set.communities.end(), tracked_[i]) !=
                        set.communities.end();
          if (listed) r.communities[i] = ctx_.bool_val(true);
          else if (!set.additive) r.communities[i] = ctx_.bool_val(false);
        }
        break;
      case K::CommunityDelete:
        for (const auto& n : set.names) {
          auto it = d.community_lists.find(n);
          if (it == d.community_lists.end()) continue;
          for (size_t i = 0; i < tracked_.size(); ++i)
            if (it->second.permits({tracked_[i]})) r.communities[i] = ctx_.bool_val(false);
        }
        break;
      case K::Origin: r.origin = ctx_.int_val(set.origin); break;
      case K::NextHop:
        if (set.peer_address) r.next_hop = ctx_.int_val(kNextHopPeerAddress);
        else if (!set.unchanged) r.next_hop = ctx_.int_val(static_cast<int64_t>(set.address.value));
        r.next_hop_policy = ctx_.int_val(static_cast<int>(set.unchanged ? semantics::NextHopByPolicy::Unchanged
                                                                       : semantics::NextHopByPolicy::Changed));
        break;
      case K::Tag:
      case K::MetricType:
        break;  // no effect on BGP route selection for one prefix
      case K::ExtCommunity:
      case K::LargeCommunity:
        break;  // not tracked (symsim/sim_equivalence_gaps.txt)
      case K::AsPathExclude:
        break;  // the path's ASes are not tracked, only its length (sim_equivalence_gaps.txt)
    }
  }
  return r;
}

z3::expr PolicyEncoder::callDenies(const PolicySite& site, const std::string& called, SymRoute& route,
                                   int depth) {
  const model::Device& d = *site.device;
  auto it = d.route_policies.find(called);
  // A call cycle: FRR's recursion limit discards the route.
  if (depth > 16) return ctx_.bool_val(true);
  if (it == d.route_policies.end()) return ctx_.bool_val(semantics::callDenies(false, false));
  Evaluation sub{ctx_.bool_val(false), ctx_.bool_val(false), route};
  applyPolicy(site, it->second, sub, depth + 1);
  route = sub.route;
  z3::expr permitted = sub.decided && sub.accepted;
  return z3::ite(permitted, ctx_.bool_val(semantics::callDenies(true, true)),
                 ctx_.bool_val(semantics::callDenies(true, false)));
}

void PolicyEncoder::applyPolicy(const PolicySite& site, const model::RoutePolicy& policy,
                                Evaluation& ev, int depth) {
  const model::Device& d = *site.device;
  z3::expr leftPolicy = ctx_.bool_val(false);  // a NextPolicy clause fired
  std::vector<std::pair<z3::expr, uint32_t>> continues;  // (fired, target seq)
  for (size_t c = 0; c < policy.clauses.size(); ++c) {
    const auto& clause = policy.clauses[c];
    z3::expr skipped = ctx_.bool_val(false);
    for (const auto& [fired, target] : continues)
      if (target > clause.seq) skipped = skipped || fired;
    z3::expr match = ctx_.bool_val(true);
    for (const auto& m : clause.matches) match = match && matchExpr(site, m, ev.route);
    z3::expr m = !ev.decided && !leftPolicy && !skipped && match;
    switch (clause.action) {
      case model::ClauseAction::Permit:
      case model::ClauseAction::Deny: {
        Knob k;
        k.key = "clause|" + clauseKey(d, policy.name, c);
        k.kind = KnobKind::ClauseAction;
        k.node = d.name;
        k.original = clause.action == model::ClauseAction::Permit;
        k.policy = policy.name;
        k.clause = c;
        k.span = clause.action_span.known() ? clause.action_span : clause.span;
        k.description = clauseName(d, policy, c);
        z3::expr permit = knobs_.get(k);
        SymRoute after = applySets(site, policy, c, ev.route);
        if (!clause.call.empty()) {
          // A denying call turns the permit into a deny (semantics::callDenies).
          z3::expr denies = callDenies(site, clause.call, after, depth);
          permit = permit && !denies;
        }
        ev.route = choose(m && permit, after, ev.route);
        ev.accepted = z3::ite(m, permit, ev.accepted);
        if (clause.continue_to) {
          ev.decided = ev.decided || (m && !permit);
          continues.emplace_back(m && permit, *clause.continue_to);
        } else {
          ev.decided = ev.decided || m;
        }
        break;
      }
      case model::ClauseAction::NextClause:
        ev.route = choose(m, applySets(site, policy, c, ev.route), ev.route);
        break;
      case model::ClauseAction::NextPolicy:
        ev.route = choose(m, applySets(site, policy, c, ev.route), ev.route);
        leftPolicy = leftPolicy || m;
        break;
    }
  }
  // An IOS/FRR route-map ends in an implicit deny (or the permit of a `continue` that fired).
  if (iosFamily(d)) ev.decided = ev.decided || !leftPolicy;
}

SymRoute PolicyEncoder::applyChain(const PolicySite& site, const std::vector<std::string>& policies,
                                   model::PolicyDefault fallback, const SymRoute& in) {
  if (policies.empty()) return in;
  const model::Device& d = *site.device;
  Evaluation ev{ctx_.bool_val(false), ctx_.bool_val(false), in};
  for (const auto& name : policies) {
    auto it = d.route_policies.find(name);
    if (it == d.route_policies.end()) {
      ev.accepted = z3::ite(ev.decided, ev.accepted, ctx_.bool_val(d.defaults.undefined_route_map_permits));
      ev.decided = ctx_.bool_val(true);
      break;
    }
    applyPolicy(site, it->second, ev, 0);
  }
  bool fallbackAccepts = fallback == model::PolicyDefault::Accept ||
                         (fallback == model::PolicyDefault::JunosBgpExport &&
                          site.source == model::RouteSource::Bgp);
  z3::expr accepted = z3::ite(ev.decided, ev.accepted, ctx_.bool_val(fallbackAccepts));
  SymRoute out = ev.route;
  out.valid = in.valid && accepted;
  return out;
}

std::vector<model::Community> relevantCommunities(const std::vector<const model::Device*>& devices) {
  std::set<model::Community> found;
  for (const auto* d : devices) {
    for (const auto& [name, list] : d->community_lists)
      for (const auto& e : list.entries)
        for (auto c : e.communities)
          if (c != model::kInternet) found.insert(c);
    for (const auto& [name, policy] : d->route_policies)
      for (const auto& clause : policy.clauses)
        for (const auto& set : clause.sets)
          if (set.kind == model::PolicySet::Kind::Community)
            found.insert(set.communities.begin(), set.communities.end());
  }
  // A received BLACKHOLE may gain NO_EXPORT (semantics::receivedBlackholeGetsNoExport), which
  // then keeps the route inside the AS.
  if (found.count(model::kBlackhole)) found.insert(model::kNoExport);
  return {found.begin(), found.end()};
}

}  // namespace routefix::symsim
