// Statement-table rows for policy-statement terms: `from` conditions and `then` actions.
#include "parser/junos/statement_rules.h"

namespace routefix::parser::junos {

namespace {

// ---- policy-options ----------------------------------------------------------------
FromCondition condition(FromCondition::Kind kind, const SetPath& p) {
  FromCondition c;
  c.kind = kind;
  c.line = p.line;
  return c;
}

// `route-filter P exact|orlonger|longer|upto /n|prefix-length-range /a-/b [action...]`
void routeFilter(JunosDraft& d, TermDraft& t, const SetPath& p, const Args& a) {
  auto c = condition(FromCondition::Kind::RouteFilter, p);
  c.prefix = *model::IpPrefix::parse(a[0]);
  const uint8_t width = model::maxPrefixLength(c.prefix.family());
  std::vector<std::string> rest;
  for (size_t i = 1; i < a.size(); ++i) rest.push_back(a[i]);
  auto slashLength = [width](const std::string& s) -> std::optional<uint8_t> {
    if (s.size() < 2 || s[0] != '/') return std::nullopt;
    auto n = parseUint(s.substr(1));
    if (!n || *n > width) return std::nullopt;
    return static_cast<uint8_t>(*n);
  };
  size_t used = 0;
  uint8_t len = c.prefix.length;
  const std::string type = rest.empty() ? "" : rest[0];
  if (type == "exact") {
    used = 1;
  } else if (type == "orlonger") {
    c.ge = len, c.le = width, used = 1;
  } else if (type == "longer") {
    if (len == width) return d.warn(p, "route-filter longer on a host prefix matches nothing");
    c.ge = static_cast<uint8_t>(len + 1), c.le = width, used = 1;
  } else if (type == "upto" && rest.size() >= 2 && slashLength(rest[1])) {
    c.ge = len, c.le = *slashLength(rest[1]), used = 2;
  } else if (type == "prefix-length-range" && rest.size() >= 2) {
    auto dash = rest[1].find("-");
    auto lo = slashLength(rest[1].substr(0, dash));
    auto hi = dash == std::string::npos ? std::nullopt : slashLength(rest[1].substr(dash + 1));
    if (!lo || !hi) return d.warn(p, "invalid prefix-length-range " + rest[1]);
    c.ge = *lo, c.le = *hi, used = 2;
  } else if (type == "through") {
    return d.warn(p, "not modelled: route-filter through");
  } else {
    return d.warn(p, "unrecognized syntax");
  }
  if (used < rest.size()) {
    // The filter's own actions, read with the `then` rows (the words end the path).
    TermDraft own;
    if (!dispatch(thenRules(), d, own, p, p.words.size() - (rest.size() - used)))
      return d.warn(p, "unrecognized syntax");
    if (own.then.empty()) return;  // an ignored action
    c.actions = std::move(own.then);
  }
  t.from.push_back(std::move(c));
}

// The row's words after the prefix, split for routeFilter.
void routeFilterRow(JunosDraft& d, TermDraft& t, const SetPath& p, const Args& a) {
  Args split{a[0]};
  std::string w;
  for (char ch : a[1] + " ") {
    if (ch == ' ') {
      if (!w.empty()) split.push_back(w);
      w.clear();
    } else {
      w += ch;
    }
  }
  routeFilter(d, t, p, split);
}

}  // namespace

const std::vector<Rule<TermDraft>>& fromRules() {
  using T = TermDraft;
  using K = FromCondition::Kind;
  static const std::vector<Rule<T>> rules = {
      on<T>("protocol <w>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto c = condition(K::Protocol, p);
        c.name = a[0];
        t.from.push_back(c);
      }),
      on<T>("prefix-list <w>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto c = condition(K::PrefixList, p);
        c.name = a[0];
        t.from.push_back(c);
      }),
      on<T>("prefix-list-filter <w> <w> ...", [](JunosDraft& d, T& t, const SetPath& p, const Args& a) {
        if (a[1] != "exact" && a[1] != "orlonger" && a[1] != "longer")
          return d.warn(p, "not modelled: prefix-list-filter " + a[1]);
        if (!a[2].empty()) return d.warn(p, "not modelled: prefix-list-filter with an action");
        auto c = condition(K::PrefixListFilter, p);
        c.name = a[0];
        c.match_type = a[1];
        t.from.push_back(c);
      }),
      on<T>("route-filter <prefix> ...", routeFilterRow),
      on<T>("route-filter <prefix6> ...", routeFilterRow),
      on<T>("community <w>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto c = condition(K::Community, p);
        c.name = a[0];
        t.from.push_back(c);
      }),
      on<T>("as-path <w>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto c = condition(K::AsPath, p);
        c.name = a[0];
        t.from.push_back(c);
      }),
      on<T>("neighbor <ip>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto c = condition(K::Neighbor, p);
        c.address = ip(a[0]);
        t.from.push_back(c);
      }),
      on<T>("next-hop <ip>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto c = condition(K::NextHop, p);
        c.address = ip(a[0]);
        t.from.push_back(c);
      }),
      on<T>("tag <n>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto c = condition(K::Tag, p);
        c.value = num(a[0]);
        t.from.push_back(c);
      }),
      on<T>("metric <n>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto c = condition(K::Metric, p);
        c.value = num(a[0]);
        t.from.push_back(c);
      }),
      on<T>("interface <w>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto c = condition(K::Interface, p);
        c.name = unitName(a[0]);
        t.from.push_back(c);
      }),
      on<T>("family <w>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto c = condition(K::Family, p);
        c.name = a[0];
        t.from.push_back(c);
      }),
      unsupported<T>("neighbor <ip6>", "policy match on an IPv6 neighbor"),
      unsupported<T>("next-hop <ip6>", "policy match on an IPv6 next hop"),
      unsupported<T>("route-type ...", "policy match on route-type"),
      unsupported<T>("area ...", "policy match on OSPF area"),
      unsupported<T>("policy ...", "policy subroutines (from policy)"),
      unsupported<T>("source-address-filter ...", "source-address-filter"),
      unsupported<T>("local-preference ...", "policy match on local-preference"),
      unsupported<T>("origin ...", "policy match on origin"),
      unsupported<T>("instance ...", "policy match on routing instance"),
      unsupported<T>("rib ...", "policy match on routing table"),
      unsupported<T>("condition ...", "policy match on a condition (if-route-exists): the term matches without it"),
  };
  return rules;
}

namespace {

ThenAction action(ThenAction::Kind kind, const SetPath& p) {
  ThenAction a;
  a.kind = kind;
  a.line = p.line;
  return a;
}

ThenAction setAction(model::PolicySet::Kind kind, const SetPath& p) {
  auto a = action(ThenAction::Kind::Set, p);
  a.set.kind = kind;
  a.set.span = {p.file, p.line, p.line};
  return a;
}

void nextHopSelf(JunosDraft&, TermDraft& t, const SetPath& p, const Args&) {
  auto s = setAction(model::PolicySet::Kind::NextHop, p);
  s.set.peer_address = true;
  s.set.any_family = true;
  t.then.push_back(s);
}

}  // namespace

const std::vector<Rule<TermDraft>>& thenRules() {
  using T = TermDraft;
  using K = ThenAction::Kind;
  using S = model::PolicySet::Kind;
  static const std::vector<Rule<T>> rules = {
      on<T>("accept", [](JunosDraft&, T& t, const SetPath& p, const Args&) {
        t.then.push_back(action(K::Accept, p));
      }),
      on<T>("reject", [](JunosDraft&, T& t, const SetPath& p, const Args&) {
        t.then.push_back(action(K::Reject, p));
      }),
      on<T>("next term", [](JunosDraft&, T& t, const SetPath& p, const Args&) {
        t.then.push_back(action(K::NextTerm, p));
      }),
      on<T>("next policy", [](JunosDraft&, T& t, const SetPath& p, const Args&) {
        t.then.push_back(action(K::NextPolicy, p));
      }),
      on<T>("local-preference <n>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto s = setAction(S::LocalPref, p);
        s.set.value = num(a[0]);
        t.then.push_back(s);
      }),
      on<T>("metric <n>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto s = setAction(S::Metric, p);
        s.set.value = num(a[0]);
        t.then.push_back(s);
      }),
      on<T>("metric add <n>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto s = setAction(S::Metric, p);
        s.set.value = num(a[0]);
        s.set.delta = 1;
        t.then.push_back(s);
      }),
      on<T>("metric subtract <n>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto s = setAction(S::Metric, p);
        s.set.value = num(a[0]);
        s.set.delta = -1;
        t.then.push_back(s);
      }),
      on<T>("community <w> <w>", [](JunosDraft& d, T& t, const SetPath& p, const Args& a) {
        auto c = action(K::Set, p);
        if (a[0] == "add" || a[0] == "+") c.kind = K::CommunityAdd;
        else if (a[0] == "set" || a[0] == "=") c.kind = K::CommunitySet;
        else if (a[0] == "delete" || a[0] == "-") c.kind = K::CommunityDelete;
        else return d.warn(p, "unrecognized syntax");
        c.community = a[1];
        t.then.push_back(c);
      }),
      on<T>("as-path-prepend <w>", [](JunosDraft& d, T& t, const SetPath& p, const Args& a) {
        auto s = setAction(S::AsPathPrepend, p);
        std::string w;
        for (char ch : a[0] + " ") {
          if (ch != ' ') {
            w += ch;
            continue;
          }
          if (w.empty()) continue;
          auto asn = parseUint(w);
          if (!asn) return d.warn(p, "invalid AS number " + w + " in as-path-prepend");
          s.set.asns.push_back(*asn);
          w.clear();
        }
        t.then.push_back(s);
      }),
      // In an export policy "the peer's view of us": the model's peer_address, for routes of
      // either family.
      on<T>("next-hop self", nextHopSelf),
      on<T>("next-hop peer-address", nextHopSelf),
      on<T>("next-hop <ip>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto s = setAction(S::NextHop, p);
        s.set.address = ip(a[0]);
        t.then.push_back(s);
      }),
      on<T>("origin <w>", [](JunosDraft& d, T& t, const SetPath& p, const Args& a) {
        auto s = setAction(S::Origin, p);
        if (a[0] == "igp") s.set.origin = 0;
        else if (a[0] == "egp") s.set.origin = 1;
        else if (a[0] == "incomplete") s.set.origin = 2;
        else return d.warn(p, "invalid origin " + a[0]);
        t.then.push_back(s);
      }),
      on<T>("tag <n>", [](JunosDraft&, T& t, const SetPath& p, const Args& a) {
        auto s = setAction(S::Tag, p);
        s.set.value = num(a[0]);
        t.then.push_back(s);
      }),
      on<T>("external type <n>", [](JunosDraft& d, T& t, const SetPath& p, const Args& a) {
        if (num(a[0]) != 1 && num(a[0]) != 2) return d.warn(p, "invalid external type " + a[0]);
        auto s = setAction(S::MetricType, p);
        s.set.value = num(a[0]);
        t.then.push_back(s);
      }),
      ignore<T>("load-balance ..."),
      ignore<T>("trace"),
      ignore<T>("install-nexthop ..."),
      ignore<T>("priority ..."),
      unsupported<T>("next-hop <ip6>", "setting an IPv6 next hop in a policy"),
      unsupported<T>("next-hop ...", "next-hop discard/reject in policies"),
      unsupported<T>("preference ...", "setting route preference in a policy"),
      unsupported<T>("as-path-expand ...", "as-path-expand"),
      unsupported<T>("default-action ...", "default-action"),
      unsupported<T>("local-preference ...", "relative local-preference"),
      unsupported<T>("color ...", "color"),
  };
  return rules;
}

}  // namespace routefix::parser::junos
