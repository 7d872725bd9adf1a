#include <doctest/doctest.h>

#include "sim/policy_evaluator.h"
#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::detail;
using namespace routefix::sim::testing;

namespace {

RoutePolicy singleClause(const std::string& name, ClauseAction action) {
  RoutePolicy p;
  p.name = name;
  PolicyClause c;
  c.seq = 10;
  c.action = action;
  p.clauses.push_back(c);
  return p;
}

}  // namespace

TEST_CASE("route-maps of successive statements are each looked up by their own name") {
  // Two `redistribute` lines with different route-maps: the second must not be evaluated
  // with the first one's map (the lookup was once cached under a temporary's address).
  Device d;
  d.route_policies["DENY"] = singleClause("DENY", ClauseAction::Deny);
  d.route_policies["PERMIT"] = singleClause("PERMIT", ClauseAction::Permit);
  AttributeTables tables;
  RegexCache regexes;
  for (bool denyFirst : {true, false}) {
    PolicyEvaluator evaluator(d, tables, regexes);
    PolicySubject a, b;
    if (denyFirst) {
      CHECK_FALSE(evaluator.applyOne("DENY", a));
      CHECK(evaluator.applyOne("PERMIT", b));
    } else {
      CHECK(evaluator.applyOne("PERMIT", a));
      CHECK_FALSE(evaluator.applyOne("DENY", b));
    }
    CHECK_FALSE(evaluator.applyOne("UNDEFINED", a));
    CHECK(evaluator.applyOne("", a));
    CHECK_FALSE(evaluator.apply(std::vector<std::string>{"DENY"}, PolicyDefault::Accept, a));
    CHECK(evaluator.apply(std::vector<std::string>{"PERMIT"}, PolicyDefault::Deny, a));
  }
}

TEST_CASE("call: an undefined target is skipped, a called map that matches nothing denies (FRR)") {
  // FRR lib/routemap.c route_map_apply_ext: a missing call target leaves the clause's permit;
  // a called route-map whose clauses all miss returns its implicit deny.
  Device d;
  d.vendor = Vendor::Frr;
  RoutePolicy caller = singleClause("CALLER", ClauseAction::Permit);
  caller.clauses[0].call = "MISSING";
  d.route_policies["CALLER"] = caller;
  RoutePolicy callsEmpty = singleClause("CALLS_EMPTY", ClauseAction::Permit);
  callsEmpty.clauses[0].call = "NOTHING";
  d.route_policies["CALLS_EMPTY"] = callsEmpty;
  RoutePolicy nothing = singleClause("NOTHING", ClauseAction::Permit);
  PolicyMatch m;
  m.kind = PolicyMatch::Kind::Tag;
  m.value = 7;
  nothing.clauses[0].matches.push_back(m);
  d.route_policies["NOTHING"] = nothing;
  AttributeTables tables;
  RegexCache regexes;
  PolicyEvaluator evaluator(d, tables, regexes);
  PolicySubject s;
  CHECK(evaluator.applyOne("CALLER", s));
  CHECK_FALSE(evaluator.applyOne("CALLS_EMPTY", s));
  s.tag = 7;
  CHECK(evaluator.applyOne("CALLS_EMPTY", s));
}

TEST_CASE("a route-map match on an undefined prefix-list: FRR matches nothing, IOS and NX-OS everything") {
  for (Vendor v : {Vendor::Frr, Vendor::Ios, Vendor::Nxos}) {
    Device d;
    d.vendor = v;
    RoutePolicy p = singleClause("RM", ClauseAction::Permit);
    PolicyMatch m;
    m.kind = PolicyMatch::Kind::PrefixList;
    m.names = {"UNDEFINED"};
    p.clauses[0].matches.push_back(m);
    d.route_policies["RM"] = p;
    AttributeTables tables;
    RegexCache regexes;
    PolicyEvaluator evaluator(d, tables, regexes);
    PolicySubject s;
    s.prefix = *Prefix::parse("10.1.0.0/24");
    CAPTURE(vendorName(v));
    CHECK(evaluator.applyOne("RM", s) == (v != Vendor::Frr));
  }
}

TEST_CASE("prefix-lists match routes of their own family: an IPv4 list never an IPv6 route, and back") {
  // FRR prefix_list_apply: no entry of the other family matches, the implicit deny decides
  // (route_match_address_prefix_list), so a dual-stack route-map's IPv4 clause passes IPv6
  // routes on to the next clause (the lab scenario bgp6-ebgp-chain-policy shows it on FRR).
  Device d;
  d.vendor = Vendor::Frr;
  PrefixList any4;
  any4.name = "ANY4";
  any4.entries.push_back({5, Action::Permit, *Prefix::parse("0.0.0.0/0"), std::nullopt, 32, {}});
  d.prefix_lists["ANY4"] = any4;
  IpPrefixList lan6;
  lan6.name = "LAN6";
  lan6.entries.push_back({5, Action::Permit, *IpPrefix::parse("2001:db8:a0::/44"), std::nullopt, 64, {}});
  d.ipv6_prefix_lists["LAN6"] = lan6;
  auto clauseMatching = [](PolicyMatch::Kind kind, const std::string& list, ClauseAction action) {
    PolicyClause c;
    c.seq = 10;
    c.action = action;
    PolicyMatch m;
    m.kind = kind;
    m.names = {list};
    c.matches.push_back(m);
    return c;
  };
  RoutePolicy denyV4 = singleClause("DENY-V4", ClauseAction::Deny);
  denyV4.clauses[0] = clauseMatching(PolicyMatch::Kind::PrefixList, "ANY4", ClauseAction::Deny);
  PolicyClause rest;
  rest.seq = 20;
  rest.action = ClauseAction::Permit;
  denyV4.clauses.push_back(rest);
  d.route_policies["DENY-V4"] = denyV4;
  RoutePolicy permitLan6 = singleClause("LAN6-ONLY", ClauseAction::Permit);
  permitLan6.clauses[0] = clauseMatching(PolicyMatch::Kind::Ipv6PrefixList, "LAN6", ClauseAction::Permit);
  d.route_policies["LAN6-ONLY"] = permitLan6;
  AttributeTables tables;
  RegexCache regexes;
  PolicyEvaluator evaluator(d, tables, regexes);

  PolicySubject v4;
  v4.prefix = *Prefix::parse("10.1.0.0/24");
  PolicySubject lan, other;
  lan.ipv6_prefix = IpPrefix::parse("2001:db8:a1::/64");
  other.ipv6_prefix = IpPrefix::parse("2001:db8:b1::/48");
  CHECK_FALSE(evaluator.applyOne("DENY-V4", v4));
  CHECK(evaluator.applyOne("DENY-V4", lan));  // the IPv4 clause does not match: clause 20 permits
  CHECK(evaluator.applyOne("LAN6-ONLY", lan));
  CHECK_FALSE(evaluator.applyOne("LAN6-ONLY", other));
  CHECK_FALSE(evaluator.applyOne("LAN6-ONLY", v4));  // an IPv6 list matches no IPv4 route
  CHECK(evaluator.ipv6PrefixListPermits("LAN6", *lan.ipv6_prefix));
  CHECK_FALSE(evaluator.ipv6PrefixListPermits("UNDEFINED", *lan.ipv6_prefix));
}
