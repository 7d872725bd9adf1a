// policy-options into the model: prefix lists, communities, AS-path regexes and
// policy-statements. Junos semantics that differ from route-maps are made explicit here:
// route-filters match by longest filter prefix first, a term without a terminating action
// falls through, and the unnamed final term of a policy is evaluated after its named terms.
#include <algorithm>
#include <map>
#include <set>

#include "model/cisco_regex.h"
#include "parser/junos/junos_draft.h"
#include "parser/junos/path_pattern.h"
#include "parser/junos/policy_translation.h"

namespace routefix::parser::junos {

namespace {

using model::PolicyMatch;

constexpr model::IpFamily kFamilies[] = {model::IpFamily::V4, model::IpFamily::V6};

bool hasFamily(const model::IpPrefixList& list, model::IpFamily family) {
  return std::any_of(list.entries.begin(), list.entries.end(),
                     [&](const model::IpPrefixListEntry& e) { return e.prefix.family() == family; });
}

// A Junos prefix-list's entries of one family (Junos matches each route against its own).
model::IpPrefixList ofFamily(const model::IpPrefixList& list, model::IpFamily family) {
  model::IpPrefixList out = list;
  std::erase_if(out.entries, [&](const model::IpPrefixListEntry& e) { return e.prefix.family() != family; });
  return out;
}

PolicyMatch matchOf(PolicyMatch::Kind kind) {
  PolicyMatch m;
  m.kind = kind;
  return m;
}

std::string trimAnchors(std::string r) {
  if (!r.empty() && r.front() == '^') r.erase(0, 1);
  if (!r.empty() && r.back() == '$') r.pop_back();
  return r;
}

// A Junos community regex member ("^65000:1..$", "65000:*") as a pattern over the model's
// "a:b c:d" text of a route's communities.
std::string communityRegex(const std::string& member) {
  bool anchored = !member.empty() && member.front() == '^';
  std::string body = trimAnchors(member);
  auto colon = body.find(':');
  if (colon != std::string::npos) {
    std::string hi = body.substr(0, colon), lo = body.substr(colon + 1);
    if (hi == "*") hi = "[0-9]+";
    if (lo == "*") lo = "[0-9]+";
    body = hi + ":" + lo;
  }
  if (anchored) return "(^| )(" + body + ")( |$)";
  return "(^| )[^ ]*(" + body + ")[^ ]*( |$)";
}

}  // namespace

std::optional<std::string> asPathRegexFromJunos(std::string_view junos) {
  // Junos AS-path regexes work on whole AS numbers and are anchored at both ends; the model
  // matches its regexes against the text "65001 65002". Each AS atom becomes "AS followed by a
  // space or the end", so quantifiers and groups keep working on whole numbers.
  std::string out = "^";
  size_t i = 0;
  while (i < junos.size()) {
    char c = junos[i];
    if (c == ' ' || c == '\t' || c == '^' || c == '$') {
      ++i;
    } else if (c == '.') {
      out += "([0-9]+( |$))";
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t j = i;
      while (j < junos.size() && std::isdigit(static_cast<unsigned char>(junos[j]))) ++j;
      std::string first(junos.substr(i, j - i));
      if (j < junos.size() && junos[j] == '-') {  // AS range "64512-64520"
        size_t k = j + 1;
        while (k < junos.size() && std::isdigit(static_cast<unsigned char>(junos[k]))) ++k;
        // Bounds must be AS numbers (32 bits); std::stoull threw on longer digit runs.
        auto lo = parseUint(first), hi = parseUint(junos.substr(j + 1, k - j - 1));
        if (!lo || !hi || *hi < *lo || *hi - *lo > 256) return std::nullopt;
        std::string alt;
        for (uint64_t a = *lo; a <= *hi; ++a) alt += (alt.empty() ? "" : "|") + std::to_string(a);
        out += "((" + alt + ")( |$))";
        i = k;
      } else {
        out += "(" + first + "( |$))";
        i = j;
      }
    } else if (c == '(' || c == ')' || c == '|' || c == '*' || c == '+' || c == '?') {
      out += c;
      ++i;
    } else if (c == '{') {
      size_t close = junos.find('}', i);
      if (close == std::string_view::npos) return std::nullopt;
      out += std::string(junos.substr(i, close - i + 1));
      i = close + 1;
    } else {
      return std::nullopt;
    }
  }
  out += "$";
  if (!model::CiscoRegex(out).valid()) return std::nullopt;
  return out;
}

namespace {

struct PolicyBuilder {
  JunosDraft& d;
  model::Device& dev;
  std::map<std::string, const CommunityDraft*> communities;

  void warnAt(const std::string& file, int line, std::string message) {
    SetPath at;
    at.file = file;
    at.line = line;
    d.warn(at, std::move(message));
  }

  // Route-filters of one term, sharing one action (the term's, or a filter's own).
  struct FilterGroup {
    std::vector<ThenAction> actions;  // empty: the term's `then`
    bool term_actions = true;
  };

  // Longest-match route-filter semantics as a first-match prefix list: filters sorted by
  // prefix length (longest first); a filter of this group permits, another group's filter
  // denies, and after the filters of one prefix a deny of everything under that prefix
  // stops shorter filters from matching what the longer one saw first. The filters are of
  // one family; the list goes to that family's lists.
  std::string routeFilterList(const std::string& name, const std::vector<const FromCondition*>& filters,
                              const std::vector<size_t>& groupOf, size_t group,
                              const std::string& file) {
    model::IpPrefixList list;
    list.name = name;
    std::vector<size_t> order(filters.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return filters[a]->prefix.length > filters[b]->prefix.length;
    });
    uint32_t seq = 0;
    for (size_t k = 0; k < order.size(); ++k) {
      const auto* f = filters[order[k]];
      model::IpPrefixListEntry e;
      e.seq = (seq += 10);
      e.action = groupOf[order[k]] == group ? model::Action::Permit : model::Action::Deny;
      e.prefix = f->prefix;
      e.ge = f->ge;
      e.le = f->le;
      e.span = {file, f->line, f->line};
      list.entries.push_back(e);
      cover(list.span, file, f->line);
      bool lastOfPrefix = k + 1 == order.size() || filters[order[k + 1]]->prefix != f->prefix;
      if (lastOfPrefix) {
        model::IpPrefixListEntry stop;
        stop.seq = (seq += 10);
        stop.action = model::Action::Deny;
        stop.prefix = f->prefix;
        stop.ge = f->prefix.length;
        stop.le = model::maxPrefixLength(f->prefix.family());
        stop.span = e.span;
        list.entries.push_back(stop);
      }
    }
    addList(std::move(list), filters.front()->prefix.family());
    return name;
  }

  // A list of one family into the model: IPv4 ones as PrefixList (the uint32 prefixes the
  // IPv4 stages match on), IPv6 ones as IpPrefixList.
  void addList(model::IpPrefixList list, model::IpFamily family) {
    if (family == model::IpFamily::V6) {
      dev.ipv6_prefix_lists[list.name] = std::move(list);
      return;
    }
    model::PrefixList v4;
    v4.name = list.name;
    v4.span = list.span;
    for (const auto& e : list.entries)
      v4.entries.push_back({e.seq, e.action, e.prefix.v4(), e.ge, e.le, e.span});
    dev.prefix_lists[v4.name] = std::move(v4);
  }

  // `prefix-list-filter L orlonger`: a copy of L's entries of one family with the match range
  // widened; nullopt when L has none of that family. An undefined L keeps its name (IPv4), so
  // the reference check reports it.
  std::optional<std::string> prefixListFilter(const FromCondition& c, model::IpFamily family) {
    auto src = d.prefix_lists.find(c.name);
    if (src == d.prefix_lists.end())
      return family == model::IpFamily::V4 ? std::optional<std::string>(c.name) : std::nullopt;
    if (!hasFamily(src->second, family)) return std::nullopt;
    model::IpPrefixList list = ofFamily(src->second, family);
    list.name = c.name + "~" + c.match_type;
    const uint8_t width = model::maxPrefixLength(family);
    for (auto& e : list.entries) {
      if (c.match_type == "orlonger") e.ge = e.prefix.length, e.le = width;
      if (c.match_type == "longer") e.ge = static_cast<uint8_t>(std::min<int>(width, e.prefix.length + 1)), e.le = width;
    }
    std::string name = list.name;
    addList(std::move(list), family);
    return name;
  }

  // Applies `then` statements to a clause; false if one cannot be modelled.
  void applyActions(const std::vector<ThenAction>& actions, model::PolicyClause& clause,
                    const std::string& file) {
    clause.action = model::ClauseAction::NextClause;  // no terminating action: fall through
    for (const auto& a : actions) {
      switch (a.kind) {
        case ThenAction::Kind::Accept:
        case ThenAction::Kind::Reject:
          clause.action = a.kind == ThenAction::Kind::Accept ? model::ClauseAction::Permit : model::ClauseAction::Deny;
          clause.action_span = model::SourceSpan{file, a.line, a.line};
          break;
        case ThenAction::Kind::NextTerm: clause.action = model::ClauseAction::NextClause; break;
        case ThenAction::Kind::NextPolicy: clause.action = model::ClauseAction::NextPolicy; break;
        case ThenAction::Kind::Set: clause.sets.push_back(a.set); break;
        case ThenAction::Kind::CommunityAdd:
        case ThenAction::Kind::CommunitySet: {
          auto it = communities.find(a.community);
          if (it == communities.end()) {
            warnAt(file, a.line, "undefined community " + a.community);
            break;
          }
          model::PolicySet s;
          s.kind = model::PolicySet::Kind::Community;
          s.additive = a.kind == ThenAction::Kind::CommunityAdd;
          s.span = {file, a.line, a.line};
          for (const auto& m : it->second->members) {
            auto c = model::parseCommunity(m.value);
            if (!c) {
              warnAt(file, a.line, "community " + a.community + " has a regex member; it cannot be added");
              continue;
            }
            s.communities.push_back(*c);
          }
          clause.sets.push_back(s);
          break;
        }
        case ThenAction::Kind::CommunityDelete: {
          if (!communities.count(a.community)) {
            warnAt(file, a.line, "undefined community " + a.community);
            break;
          }
          model::PolicySet s;
          s.kind = model::PolicySet::Kind::CommunityDelete;
          s.names = {a.community};
          s.span = {file, a.line, a.line};
          clause.sets.push_back(s);
          break;
        }
      }
    }
  }

  static std::optional<model::RouteSource> protocol(const std::string& name) {
    if (name == "direct") return model::RouteSource::Connected;
    if (name == "static") return model::RouteSource::Static;
    if (name == "ospf") return model::RouteSource::Ospf;
    if (name == "bgp") return model::RouteSource::Bgp;
    if (name == "aggregate") return model::RouteSource::Aggregate;
    return std::nullopt;
  }

  // `from family inet|inet6`: routes of that family only, as a list matching all of the
  // family's prefixes (P/T/family). Both named: no condition. False (the term never matches a
  // unicast route) for any other family.
  bool familyMatch(const std::string& policy, const TermDraft& t, const std::set<std::string>& families,
                   const std::string& file, std::vector<PolicyMatch>& out) {
    int line = 0;
    for (const auto& c : t.from)
      if (c.kind == FromCondition::Kind::Family) line = c.line;
    for (const auto& f : families)
      if (f != "inet" && f != "inet6") {
        warnAt(file, line, "not modelled: routes of family " + f + " (the term matches no unicast route)");
        return false;
      }
    if (families.size() == 2) return true;
    auto family = families.count("inet6") ? model::IpFamily::V6 : model::IpFamily::V4;
    model::IpPrefixList all;
    all.name = policy + "/" + t.name + "/family";
    model::IpPrefixListEntry e;
    e.seq = 10;
    e.prefix = family == model::IpFamily::V6 ? *model::IpPrefix::parse("::/0") : *model::IpPrefix::parse("0.0.0.0/0");
    e.ge = 0;
    e.le = model::maxPrefixLength(family);
    e.span = {file, line, line};
    all.entries.push_back(e);
    all.span = e.span;
    addList(all, family);
    PolicyMatch m = matchOf(family == model::IpFamily::V6 ? PolicyMatch::Kind::Ipv6PrefixList
                                                          : PolicyMatch::Kind::PrefixList);
    m.names = {all.name};
    m.span = all.span;
    out.push_back(m);
    return true;
  }

  // The term's conditions other than prefixes; false when the term can never match.
  bool commonMatches(const std::string& policy, const TermDraft& t, const std::string& file,
                     std::vector<PolicyMatch>& out) {
    using K = FromCondition::Kind;
    PolicyMatch proto = matchOf(PolicyMatch::Kind::SourceProtocol);
    bool protocolNamed = false;
    PolicyMatch community = matchOf(PolicyMatch::Kind::CommunityList);
    PolicyMatch asPath = matchOf(PolicyMatch::Kind::AsPathList);
    PolicyMatch iface = matchOf(PolicyMatch::Kind::Interface);
    std::vector<const FromCondition*> nextHops;
    std::set<std::string> families;
    for (const auto& c : t.from) {
      model::SourceSpan span{file, c.line, c.line};
      switch (c.kind) {
        case K::Protocol: {
          protocolNamed = true;
          auto p = protocol(c.name);
          if (!p) {
            warnAt(file, c.line, "not modelled: routes of protocol " + c.name);
            break;
          }
          proto.protocols.push_back(*p);
          cover(proto.span, file, c.line);
          break;
        }
        case K::Community:
          community.names.push_back(c.name);
          cover(community.span, file, c.line);
          break;
        case K::AsPath:
          asPath.names.push_back(c.name);
          cover(asPath.span, file, c.line);
          break;
        case K::Interface:
          iface.names.push_back(c.name);
          cover(iface.span, file, c.line);
          break;
        case K::NextHop: nextHops.push_back(&c); break;
        case K::Family: families.insert(c.name); break;
        case K::Neighbor:
        case K::Tag:
        case K::Metric: {
          auto kind = c.kind == K::Neighbor ? PolicyMatch::Kind::Neighbor
                      : c.kind == K::Tag    ? PolicyMatch::Kind::Tag
                                            : PolicyMatch::Kind::Metric;
          bool again = std::any_of(out.begin(), out.end(), [&](const PolicyMatch& m) { return m.kind == kind; });
          if (again) {
            warnAt(file, c.line, "not modelled: several values in one condition (only the first is used)");
            break;
          }
          PolicyMatch m = matchOf(kind);
          m.address = c.address;
          m.value = c.value;
          m.span = span;
          out.push_back(m);
          break;
        }
        default: break;
      }
    }
    if (protocolNamed) {
      if (proto.protocols.empty()) return false;
      proto.protocol = proto.protocols.front();
      out.push_back(proto);
    }
    if (!families.empty() && !familyMatch(policy, t, families, file, out)) return false;
    if (!community.names.empty()) out.push_back(community);
    if (!asPath.names.empty()) out.push_back(asPath);
    if (!iface.names.empty()) out.push_back(iface);
    if (!nextHops.empty()) {
      model::PrefixList list;
      list.name = policy + "/" + t.name + "/next-hop";
      for (const auto* c : nextHops) {
        model::PrefixListEntry e;
        e.seq = static_cast<uint32_t>(list.entries.size() + 1) * 10;
        e.prefix = model::Prefix(c->address, 32);
        e.span = {file, c->line, c->line};
        list.entries.push_back(e);
        cover(list.span, file, c->line);
      }
      dev.prefix_lists[list.name] = list;
      PolicyMatch m = matchOf(PolicyMatch::Kind::NextHopPrefixList);
      m.names = {list.name};
      m.span = list.span;
      out.push_back(m);
    }
    return true;
  }

  void term(const std::string& policy, const TermDraft& t, model::RoutePolicy& out) {
    const std::string& file = t.span.file;
    std::vector<PolicyMatch> common;
    if (!commonMatches(policy, t, file, common)) return;

    // Prefix conditions: prefix lists and route filters together are one "any of" match, per
    // family: a route is matched against the lists and filters of its own family only.
    std::map<model::IpFamily, std::vector<std::string>> lists;
    std::vector<const FromCondition*> filters;
    model::SourceSpan prefixSpan;
    bool termHasPrefixes = false;
    for (const auto& c : t.from) {
      if (c.kind == FromCondition::Kind::PrefixList) {
        auto it = d.prefix_lists.find(c.name);
        bool v4 = it == d.prefix_lists.end() || it->second.entries.empty() ||
                  hasFamily(it->second, model::IpFamily::V4);
        if (v4) lists[model::IpFamily::V4].push_back(c.name);
        if (it != d.prefix_lists.end() && hasFamily(it->second, model::IpFamily::V6))
          lists[model::IpFamily::V6].push_back(c.name);
      } else if (c.kind == FromCondition::Kind::PrefixListFilter) {
        for (auto family : kFamilies)
          if (auto name = prefixListFilter(c, family)) lists[family].push_back(*name);
      } else if (c.kind == FromCondition::Kind::RouteFilter) {
        filters.push_back(&c);
      } else {
        continue;
      }
      termHasPrefixes = true;
      cover(prefixSpan, file, c.line);
    }
    // Group route-filters by their own actions (group 0: the term's `then`).
    std::vector<size_t> groupOf(filters.size(), 0);
    std::vector<const std::vector<ThenAction>*> groupActions{&t.then};
    for (size_t i = 0; i < filters.size(); ++i) {
      if (filters[i]->actions.empty()) continue;
      // Filters with the same prefix and range share their actions (block form splits them).
      size_t g = 0;
      for (size_t j = 0; j < i && !g; ++j)
        if (groupOf[j] && filters[j]->prefix == filters[i]->prefix && filters[j]->ge == filters[i]->ge &&
            filters[j]->le == filters[i]->le)
          g = groupOf[j];
      if (!g) {
        g = groupActions.size();
        groupActions.push_back(&filters[i]->actions);
      }
      groupOf[i] = g;
    }
    std::vector<std::vector<ThenAction>> merged(groupActions.size());
    for (size_t i = 0; i < filters.size(); ++i)
      if (groupOf[i])
        merged[groupOf[i]].insert(merged[groupOf[i]].end(), filters[i]->actions.begin(),
                                  filters[i]->actions.end());

    for (size_t g = 0; g < groupActions.size(); ++g) {
      for (auto family : kFamilies) {
        // Without prefix conditions one clause serves both families.
        if (!termHasPrefixes && family == model::IpFamily::V6) continue;
        std::vector<const FromCondition*> own;
        std::vector<size_t> ownGroup;
        for (size_t i = 0; i < filters.size(); ++i)
          if (filters[i]->prefix.family() == family) own.push_back(filters[i]), ownGroup.push_back(groupOf[i]);
        std::vector<std::string> names = g == 0 ? lists[family] : std::vector<std::string>{};
        if (std::find(ownGroup.begin(), ownGroup.end(), g) != ownGroup.end()) {
          std::string name = policy + "/" + t.name + "/route-filter" +
                             (family == model::IpFamily::V6 ? "-inet6" : "") + (g ? "/" + std::to_string(g) : "");
          names.push_back(routeFilterList(name, own, ownGroup, g, file));
        }
        if (termHasPrefixes && names.empty()) continue;  // nothing of this family reaches this group
        model::PolicyClause clause;
        clause.name = t.name;
        clause.seq = static_cast<uint32_t>(out.clauses.size() + 1);
        clause.span = t.span;
        clause.matches = common;
        if (!names.empty()) {
          PolicyMatch m = matchOf(family == model::IpFamily::V6 ? PolicyMatch::Kind::Ipv6PrefixList
                                                                : PolicyMatch::Kind::PrefixList);
          m.names = names;
          m.span = prefixSpan;
          clause.matches.insert(clause.matches.begin(), m);
        }
        applyActions(g == 0 ? t.then : merged[g], clause, file);
        out.clauses.push_back(std::move(clause));
      }
    }
  }
};

bool referencedByProtocols(const JunosDraft& d, const std::string& policy) {
  auto in = [&](const std::vector<Named>& chain) {
    return std::any_of(chain.begin(), chain.end(), [&](const Named& n) { return n.value == policy; });
  };
  auto settings = [&](const BgpSettings& s) { return in(s.import_policies) || in(s.export_policies); };
  if (in(d.ospf.export_policies) || settings(d.bgp.global)) return true;
  for (const auto& g : d.bgp.groups) {
    if (settings(g.settings)) return true;
    for (const auto& n : g.neighbors)
      if (settings(n.settings)) return true;
  }
  return false;
}

}  // namespace

void assemblePolicies(JunosDraft& d) {
  model::Device& dev = d.device;
  // Names the terms refer to. A community named only by `then community add|set` becomes
  // values in the policy, and a prefix-list named only by `prefix-list-filter` becomes a
  // widened copy: neither is a model list of its own then (nothing would reference it).
  // What nothing names at all stays, so the reference check reports it as unused.
  std::set<std::string> listMatched, listFiltered, communityMatched, communityValued;
  for (const auto& p : d.policies)
    for (const auto& t : p.terms) {
      for (const auto& c : t.from) {
        if (c.kind == FromCondition::Kind::PrefixList) listMatched.insert(c.name);
        if (c.kind == FromCondition::Kind::PrefixListFilter) listFiltered.insert(c.name);
        if (c.kind == FromCondition::Kind::Community) communityMatched.insert(c.name);
      }
      for (const auto& a : t.then) {
        if (a.kind == ThenAction::Kind::CommunityDelete) communityMatched.insert(a.community);
        if (a.kind == ThenAction::Kind::CommunityAdd || a.kind == ThenAction::Kind::CommunitySet)
          communityValued.insert(a.community);
      }
    }
  PolicyBuilder b{d, dev, {}};
  // A prefix-list's entries of each family become that family's list of the same name (an
  // empty one stays an IPv4 list, as before IPv6 entries were read).
  for (auto& [name, list] : d.prefix_lists) {
    if (!listMatched.count(name) && listFiltered.count(name)) continue;
    if (list.entries.empty() || hasFamily(list, model::IpFamily::V4))
      b.addList(ofFamily(list, model::IpFamily::V4), model::IpFamily::V4);
    if (hasFamily(list, model::IpFamily::V6)) b.addList(ofFamily(list, model::IpFamily::V6), model::IpFamily::V6);
  }

  for (const auto& [name, list] : d.as_paths) {
    model::AsPathList out = list;
    for (auto& e : out.entries) {
      auto regex = asPathRegexFromJunos(e.regex);
      if (!regex) {
        SetPath at;
        at.file = e.span.file;
        at.line = e.span.first_line;
        d.warn(at, "not modelled: AS-path regex \"" + e.regex + "\"");
        e.regex = "$.^";  // matches nothing
      } else {
        e.regex = *regex;
      }
    }
    dev.as_path_lists[name] = out;
  }

  for (const auto& c : d.communities) {
    b.communities[c.name] = &c;
    model::CommunityList list;
    list.name = c.name;
    list.span = c.span;
    model::CommunityListEntry entry;
    entry.span = c.span;
    std::vector<std::string> regexes;
    for (const auto& m : c.members) {
      if (auto v = model::parseCommunity(m.value)) entry.communities.push_back(*v);
      else regexes.push_back(m.value);
    }
    if (!regexes.empty()) {
      if (regexes.size() > 1 || !entry.communities.empty()) {
        b.warnAt(c.span.file, c.span.first_line,
                 "not modelled: community " + c.name + " mixes several regex members");
        continue;
      }
      list.expanded = true;
      entry.communities.clear();
      entry.regex = communityRegex(regexes.front());
      model::CiscoRegex compiled(entry.regex);
      if (!compiled.valid())
        b.warnAt(c.span.file, c.span.first_line,
                 "invalid regular expression in community " + c.name + " (" + compiled.error() +
                     "): it matches no route");
    }
    list.entries.push_back(entry);
    if (communityMatched.count(c.name) || !communityValued.count(c.name)) dev.community_lists[c.name] = list;
  }

  for (const auto& p : d.policies) {
    model::RoutePolicy policy;
    policy.name = p.name;
    policy.span = p.span;
    std::vector<const TermDraft*> terms;
    for (const auto& t : p.terms)
      if (!t.name.empty()) terms.push_back(&t);
    for (const auto& t : p.terms)
      if (t.name.empty()) terms.push_back(&t);  // the unnamed final term comes last
    for (const auto* t : terms) b.term(p.name, *t, policy);
    if (!d.forwarding_table_policies.count(p.name) || referencedByProtocols(d, p.name))
      dev.route_policies[p.name] = policy;
  }
}

std::vector<model::RouteSource> sourcesAccepted(const model::Device& device,
                                                const std::vector<std::string>& chain) {
  using RS = model::RouteSource;
  std::vector<RS> out;
  auto add = [&](RS s) {
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  };
  for (const auto& name : chain) {
    auto it = device.route_policies.find(name);
    if (it == device.route_policies.end()) continue;
    for (const auto& c : it->second.clauses) {
      if (c.action != model::ClauseAction::Permit) continue;
      auto proto = std::find_if(c.matches.begin(), c.matches.end(), [](const model::PolicyMatch& m) {
        return m.kind == model::PolicyMatch::Kind::SourceProtocol;
      });
      if (proto != c.matches.end()) {
        for (auto s : proto->protocols) add(s);
      } else {
        for (auto s : {RS::Connected, RS::Static, RS::Ospf, RS::Bgp, RS::Aggregate}) add(s);
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace routefix::parser::junos
