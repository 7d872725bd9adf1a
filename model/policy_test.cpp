#include <doctest/doctest.h>

#include "model/policy.h"

using namespace routefix::model;

namespace {
Prefix P(const char* s) { return *Prefix::parse(s); }
}  // namespace

TEST_CASE("prefix-list entries: exact length without ge/le, ranges with them") {
  PrefixListEntry exact{10, Action::Permit, P("10.0.0.0/8"), {}, {}, {}};
  CHECK(exact.matches(P("10.0.0.0/8")));
  CHECK_FALSE(exact.matches(P("10.1.0.0/16")));

  PrefixListEntry le24{20, Action::Permit, P("10.0.0.0/8"), {}, uint8_t{24}, {}};
  CHECK(le24.matches(P("10.0.0.0/8")));
  CHECK(le24.matches(P("10.1.2.0/24")));
  CHECK_FALSE(le24.matches(P("10.1.2.0/25")));

  PrefixListEntry ge16{30, Action::Permit, P("10.0.0.0/8"), uint8_t{16}, {}, {}};
  CHECK_FALSE(ge16.matches(P("10.0.0.0/8")));
  CHECK(ge16.matches(P("10.1.2.128/25")));
  CHECK_FALSE(ge16.matches(P("11.1.0.0/16")));
}

TEST_CASE("prefix-list: first match wins, implicit deny") {
  PrefixList pl;
  pl.entries.push_back({5, Action::Deny, P("10.1.0.0/16"), {}, uint8_t{32}, {}});
  pl.entries.push_back({10, Action::Permit, P("10.0.0.0/8"), {}, uint8_t{32}, {}});
  CHECK_FALSE(pl.permits(P("10.1.5.0/24")));
  CHECK(pl.permits(P("10.2.5.0/24")));
  CHECK_FALSE(pl.permits(P("192.168.0.0/24")));
  CHECK(*pl.firstMatch(P("10.1.5.0/24")) == 0);
  CHECK_FALSE(pl.firstMatch(P("192.168.0.0/24")));
  CHECK_FALSE(PrefixList{}.permits(P("10.0.0.0/8")));
}

TEST_CASE("communities parse and print") {
  CHECK(*parseCommunity("65000:10") == ((65000u << 16) | 10u));
  CHECK(communityStr(*parseCommunity("65000:10")) == "65000:10");
  CHECK(*parseCommunity("no-export") == kNoExport);
  CHECK(*parseCommunity("blackhole") == kBlackhole);  // RFC 7999, FRR `set community blackhole`
  CHECK(communityStr(kBlackhole) == "blackhole");
  CHECK_FALSE(parseCommunity("70000:1"));
  CHECK_FALSE(parseCommunity("a:b"));
}

TEST_CASE("standard community-list needs every listed community; expanded uses regex") {
  CommunityList std_list{"C", false, {{Action::Permit, {*parseCommunity("1:1"), *parseCommunity("1:2")}, {}, "", {}}}, {}};
  CHECK(std_list.permits({*parseCommunity("1:1"), *parseCommunity("1:2"), *parseCommunity("9:9")}));
  CHECK_FALSE(std_list.permits({*parseCommunity("1:1")}));

  CommunityList exp{"E", true, {{Action::Deny, {}, {}, "^65000:1.*", {}}, {Action::Permit, {}, {}, "65000:", {}}}, {}};
  CHECK_FALSE(exp.permits({*parseCommunity("65000:10")}));
  CHECK(exp.permits({*parseCommunity("65000:20")}));
  CHECK_FALSE(exp.permits({}));
}

TEST_CASE("as-path lists use Cisco regexes with _") {
  AsPathList l{"A", {{Action::Permit, "_65002_", {}}}, {}};
  CHECK(l.permits({65001, 65002, 65003}));
  CHECK(l.permits({65002}));
  CHECK_FALSE(l.permits({650021}));
  AsPathList empty{"E", {{Action::Permit, "^$", {}}}, {}};
  CHECK(empty.permits({}));
  CHECK_FALSE(empty.permits({1}));
}
