#include "sim/policy_evaluator.h"

#include <algorithm>

#include "semantics/config_rules.h"
#include "semantics/decision.h"

namespace routefix::sim::detail {

using model::PolicyMatch;
using model::PolicySet;

// An invalid pattern compiles to a CiscoRegex that matches nothing (the parser warned).
const model::CiscoRegex& RegexCache::compile(const std::string& ciscoPattern) {
  auto& slot = compiled_[ciscoPattern];
  if (!slot) slot = std::make_unique<model::CiscoRegex>(ciscoPattern);
  return *slot;
}

PolicyEvaluator::PolicyEvaluator(const model::Device& device, AttributeTables& tables,
                                 RegexCache& regexes)
    : device_(device), tables_(tables), regexes_(regexes) {
  uint32_t i = 0;
  for (const auto& [name, list] : device.as_path_lists) asPathListIndex_.emplace(name, i++);
}

bool PolicyEvaluator::apply(const std::vector<std::string>& chain, model::PolicyDefault fallback,
                            PolicySubject& subject) {
  if (chain.empty()) return true;
  return apply(resolve(chain), fallback, subject);
}

bool PolicyEvaluator::apply(const std::vector<const model::RoutePolicy*>& chain,
                            model::PolicyDefault fallback, PolicySubject& subject) {
  if (chain.empty()) return true;
  for (const model::RoutePolicy* policy : chain) {
    if (!policy) return device_.defaults.undefined_route_map_permits;
    switch (run(*policy, subject, 0)) {
      case Verdict::Permit: return true;
      case Verdict::Deny: return false;
      case Verdict::Fallthrough: break;
    }
  }
  switch (fallback) {
    case model::PolicyDefault::Accept: return true;
    case model::PolicyDefault::JunosBgpExport: return subject.protocol == model::RouteSource::Bgp;
    case model::PolicyDefault::Deny:
    case model::PolicyDefault::Reject: return false;
  }
  return false;
}

bool PolicyEvaluator::applyOne(const std::string& name, PolicySubject& subject) {
  if (name.empty()) return true;
  auto found = device_.route_policies.find(name);
  if (found == device_.route_policies.end()) return device_.defaults.undefined_route_map_permits;
  return run(found->second, subject, 0) == Verdict::Permit;
}

const std::vector<const model::RoutePolicy*>& PolicyEvaluator::resolve(
    const std::vector<std::string>& chain) {
  auto [it, inserted] = chains_.try_emplace(chain);
  if (inserted)
    for (const auto& name : chain) {
      auto found = device_.route_policies.find(name);
      it->second.push_back(found == device_.route_policies.end() ? nullptr : &found->second);
    }
  return it->second;
}

bool PolicyEvaluator::permitsUnchanged(const std::vector<const model::RoutePolicy*>& chain) {
  if (chain.empty()) return true;
  const model::RoutePolicy* first = chain.front();
  if (!first || first->clauses.empty()) return false;
  const auto& c = first->clauses.front();
  return c.action == model::ClauseAction::Permit && c.matches.empty() && c.sets.empty() &&
         c.call.empty() && !c.continue_to;
}

PolicyEvaluator::Verdict PolicyEvaluator::run(const model::RoutePolicy& policy,
                                              PolicySubject& subject, int depth) {
  if (depth > 16) return Verdict::Deny;  // `call` cycle: refuse rather than recurse forever
  const auto& clauses = policy.clauses;
  bool permitted = false;  // a permit clause matched and said `continue`
  for (size_t i = 0; i < clauses.size(); ++i) {
    const auto& c = clauses[i];
    bool all = std::all_of(c.matches.begin(), c.matches.end(),
                           [&](const PolicyMatch& m) { return matches(m, subject); });
    if (!all) continue;
    if (c.action == model::ClauseAction::Deny) return Verdict::Deny;
    for (const auto& s : c.sets) applySet(s, subject);
    if (!c.call.empty()) {
      auto called = device_.route_policies.find(c.call);
      bool defined = called != device_.route_policies.end();
      if (semantics::callDenies(defined, defined && run(called->second, subject, depth + 1) == Verdict::Permit))
        return Verdict::Deny;
    }
    if (c.action == model::ClauseAction::NextPolicy) return Verdict::Fallthrough;
    if (c.action == model::ClauseAction::NextClause) continue;
    if (!c.continue_to) return Verdict::Permit;
    permitted = true;
    // `continue N`: resume at the first clause with seq >= N (0: the next clause).
    if (*c.continue_to != 0) {
      size_t j = i + 1;
      while (j < clauses.size() && clauses[j].seq < *c.continue_to) ++j;
      i = j - 1;
    }
  }
  return permitted ? Verdict::Permit : Verdict::Fallthrough;
}

bool PolicyEvaluator::prefixListPermits(const std::string& name, const model::Prefix& p) const {
  auto it = device_.prefix_lists.find(name);
  return it != device_.prefix_lists.end() && it->second.permits(p);
}

bool PolicyEvaluator::matchesPrefixList(const std::string& name, const model::Prefix& p,
                                        semantics::ListKind kind) const {
  if (!device_.prefix_lists.count(name)) return semantics::undefinedListMatches(device_.vendor, kind);
  return prefixListPermits(name, p);
}

bool PolicyEvaluator::ipv6PrefixListPermits(const std::string& name, const model::IpPrefix& p) const {
  auto it = device_.ipv6_prefix_lists.find(name);
  return it != device_.ipv6_prefix_lists.end() && it->second.permits(p);
}

bool PolicyEvaluator::matchesPrefixListOfFamily(const std::string& name, const PolicySubject& subject,
                                                bool ipv6List) const {
  bool defined = ipv6List ? device_.ipv6_prefix_lists.count(name) : device_.prefix_lists.count(name);
  if (!defined) return semantics::undefinedListMatches(device_.vendor, semantics::ListKind::PrefixList);
  // A list matches prefixes of its own family only (FRR prefix_list_apply: no entry of the
  // other family matches, the implicit deny decides).
  if (ipv6List != subject.ipv6_prefix.has_value()) return false;
  return ipv6List ? ipv6PrefixListPermits(name, *subject.ipv6_prefix) : prefixListPermits(name, subject.prefix);
}

bool PolicyEvaluator::asPathListPermits(const std::string& name, uint32_t path) {
  auto idx = asPathListIndex_.find(name);
  if (idx == asPathListIndex_.end()) return false;
  uint64_t key = (static_cast<uint64_t>(idx->second) << 32) | path;
  auto cached = asPathVerdicts_.find(key);
  if (cached != asPathVerdicts_.end()) return cached->second;
  const auto& list = device_.as_path_lists.at(name);
  std::string text = model::asPathText(tables_.paths.asns(path));
  bool verdict = false;
  for (const auto& e : list.entries) {
    if (regexes_.compile(e.regex).search(text)) {
      verdict = e.action == model::Action::Permit;
      break;
    }
  }
  asPathVerdicts_.emplace(key, verdict);
  return verdict;
}

bool PolicyEvaluator::communityEntryMatches(const model::CommunityListEntry& e,
                                            const model::CommunityList& list,
                                            uint32_t communities) {
  if (list.expanded) {
    std::string text;
    for (auto c : tables_.communities.get(communities)) {
      if (!text.empty()) text += ' ';
      text += model::communityStr(c);
    }
    return regexes_.compile(e.regex).search(text);
  }
  auto carries = [&](model::Community c) { return tables_.communities.contains(communities, c); };
  return semantics::communityEntryMatches(e.communities, false, {}, carries, true);
}

bool PolicyEvaluator::communityListPermits(const model::CommunityList& list, uint32_t communities,
                                           bool exact) {
  for (const auto& e : list.entries) {
    bool match;
    if (exact && !list.expanded) {
      auto carries = [&](model::Community c) { return tables_.communities.contains(communities, c); };
      match = semantics::communityEntryMatches(e.communities, true, tables_.communities.get(communities),
                                               carries, true);
    } else {
      match = communityEntryMatches(e, list, communities);
    }
    if (match) return e.action == model::Action::Permit;
  }
  return false;
}

// FRR ecommunity_list_match / lcommunity_list_match: the first entry whose values the route
// all carries (exact: carries exactly) or whose regex matches the values' text decides.
bool PolicyEvaluator::textCommunityListPermits(const model::CommunityList& list,
                                               const TextCommunityTable& table, uint32_t values,
                                               bool exact) {
  const auto& carried = table.get(values);
  for (const auto& e : list.entries) {
    bool match;
    if (list.expanded) {
      std::string text;
      for (const auto& v : carried) text += (text.empty() ? "" : " ") + v;
      match = regexes_.compile(e.regex).search(text);
    } else {
      match = std::all_of(e.values.begin(), e.values.end(),
                          [&](const model::TextCommunity& v) { return table.contains(values, v); });
      if (exact) {
        std::vector<model::TextCommunity> wanted = e.values;
        std::sort(wanted.begin(), wanted.end());
        wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
        match = wanted == carried;
      }
    }
    if (match) return e.action == model::Action::Permit;
  }
  return false;
}

bool PolicyEvaluator::matches(const PolicyMatch& m, const PolicySubject& subject) {
  auto any = [&](auto&& pred) { return std::any_of(m.names.begin(), m.names.end(), pred); };
  switch (m.kind) {
    case PolicyMatch::Kind::PrefixList:
      return any([&](const std::string& n) { return matchesPrefixListOfFamily(n, subject, false); });
    case PolicyMatch::Kind::Ipv6PrefixList:
      return any([&](const std::string& n) { return matchesPrefixListOfFamily(n, subject, true); });
    case PolicyMatch::Kind::AccessList:
      return any([&](const std::string& n) {
        auto it = device_.access_lists.find(n);
        if (it == device_.access_lists.end())
          return semantics::undefinedListMatches(device_.vendor, semantics::ListKind::AccessList);
        return !subject.ipv6_prefix && it->second.permitsRoute(subject.prefix);  // IPv4 ACLs
      });
    case PolicyMatch::Kind::NextHopPrefixList:  // IPv4 next hops (an IPv6 route's is never one)
      return !subject.ipv6_prefix && any([&](const std::string& n) {
        return matchesPrefixList(n, model::Prefix(subject.next_hop, 32), semantics::ListKind::NextHopPrefixList);
      });
    case PolicyMatch::Kind::CommunityList:
      return any([&](const std::string& n) {
        auto it = device_.community_lists.find(n);
        if (it == device_.community_lists.end())
          return semantics::undefinedListMatches(device_.vendor, semantics::ListKind::CommunityList);
        return communityListPermits(it->second, subject.communities, m.exact);
      });
    case PolicyMatch::Kind::AsPathList:
      return any([&](const std::string& n) {
        if (!device_.as_path_lists.count(n))
          return semantics::undefinedListMatches(device_.vendor, semantics::ListKind::AsPathList);
        return asPathListPermits(n, subject.as_path);
      });
    case PolicyMatch::Kind::Tag: return subject.tag == m.value;
    case PolicyMatch::Kind::Metric: return subject.metric == m.value;
    case PolicyMatch::Kind::Interface:
      return any([&](const std::string& n) { return n == subject.interface; });
    case PolicyMatch::Kind::SourceProtocol: return m.matchesProtocol(subject.protocol);
    case PolicyMatch::Kind::Neighbor:
    case PolicyMatch::Kind::LocalOrigin:
    case PolicyMatch::Kind::PeerName: return semantics::peerMatches(m, subject.peer);
    case PolicyMatch::Kind::ExtCommunityList:
      return any([&](const std::string& n) {
        auto it = device_.ext_community_lists.find(n);
        if (it == device_.ext_community_lists.end())
          return semantics::undefinedListMatches(device_.vendor, semantics::ListKind::CommunityList);
        return textCommunityListPermits(it->second, tables_.ext_communities, subject.ext_communities, m.exact);
      });
    case PolicyMatch::Kind::LargeCommunityList:
      return any([&](const std::string& n) {
        auto it = device_.large_community_lists.find(n);
        if (it == device_.large_community_lists.end())
          return semantics::undefinedListMatches(device_.vendor, semantics::ListKind::CommunityList);
        return textCommunityListPermits(it->second, tables_.large_communities, subject.large_communities,
                                        m.exact);
      });
  }
  return false;
}

void PolicyEvaluator::applySet(const PolicySet& s, PolicySubject& subject) {
  switch (s.kind) {
    case PolicySet::Kind::LocalPref: subject.local_pref = semantics::adjustedValue(subject.local_pref, s.value, s.delta); break;
    case PolicySet::Kind::Metric:
      subject.metric_set = true;
      subject.metric = semantics::adjustedValue(subject.metric, s.value, s.delta);
      break;
    case PolicySet::Kind::Weight: subject.weight = s.value; break;
    case PolicySet::Kind::Community: {
      std::vector<model::Community> next = s.communities;
      if (s.additive) {
        const auto& have = tables_.communities.get(subject.communities);
        next.insert(next.end(), have.begin(), have.end());
      }
      subject.communities = tables_.communities.intern(std::move(next));
      break;
    }
    case PolicySet::Kind::CommunityDelete: {
      std::vector<model::Community> kept;
      for (auto c : tables_.communities.get(subject.communities)) {
        uint32_t single = tables_.communities.intern({c});
        bool drop = std::any_of(s.names.begin(), s.names.end(), [&](const std::string& n) {
          auto it = device_.community_lists.find(n);
          return it != device_.community_lists.end() &&
                 communityListPermits(it->second, single, false);
        });
        if (!drop) kept.push_back(c);
      }
      subject.communities = tables_.communities.intern(std::move(kept));
      break;
    }
    case PolicySet::Kind::AsPathPrepend:
      if (s.prepend_last_as > 0) {
        uint32_t first = tables_.paths.firstAs(subject.as_path);
        if (first != 0) subject.as_path = tables_.paths.prepend(subject.as_path, first, s.prepend_last_as);
      }
      for (auto it = s.asns.rbegin(); it != s.asns.rend(); ++it)
        subject.as_path = tables_.paths.prepend(subject.as_path, *it);
      break;
    case PolicySet::Kind::AsPathExclude: {  // FRR aspath_filter_exclude: every segment
      std::vector<std::optional<uint32_t>> kept;
      for (uint32_t asn : tables_.paths.asns(subject.as_path))
        kept.push_back(std::find(s.asns.begin(), s.asns.end(), asn) == s.asns.end() ? std::optional(asn)
                                                                                     : std::nullopt);
      subject.as_path = tables_.paths.rewrite(subject.as_path, kept);
      break;
    }
    case PolicySet::Kind::NextHop:
      subject.next_hop_peer_address = s.peer_address;
      subject.next_hop_peer_address_ipv6 = s.peer_address && s.any_family;
      subject.next_hop_unchanged = s.unchanged;
      if (!s.peer_address && !s.unchanged) {
        subject.next_hop = s.address;
        subject.next_hop_set = true;
      }
      break;
    case PolicySet::Kind::Tag: subject.tag = s.value; break;
    case PolicySet::Kind::Origin: subject.origin = s.origin; break;
    case PolicySet::Kind::MetricType: subject.metric_type = static_cast<uint8_t>(s.value); break;
    case PolicySet::Kind::ExtCommunity:
    case PolicySet::Kind::LargeCommunity: {
      bool ext = s.kind == PolicySet::Kind::ExtCommunity;
      auto& table = ext ? tables_.ext_communities : tables_.large_communities;
      uint32_t& carried = ext ? subject.ext_communities : subject.large_communities;
      std::vector<model::TextCommunity> next = s.text_communities;
      if (s.additive) {
        const auto& have = table.get(carried);
        next.insert(next.end(), have.begin(), have.end());
      }
      carried = table.intern(std::move(next));
      break;
    }
  }
}

}  // namespace routefix::sim::detail
