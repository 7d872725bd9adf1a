// Prefix-lists, community-lists, AS-path lists, access-lists and route-maps.
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

using model::Ipv4;
using model::Prefix;

TEST_CASE("prefix-list entries: seq, ge/le, auto numbering by 5, description, span") {
  auto p = parseText(
      "ip prefix-list PL description customer routes\n"
      "ip prefix-list PL seq 10 permit 10.0.0.0/8 ge 16 le 24\n"
      "ip prefix-list PL deny 0.0.0.0/0\n"
      "ip prefix-list PL permit 192.168.0.0/16 le 32\n"
      "ip prefix-list PL seq 7 permit 172.16.0.0/12 ge 20\n");
  const auto& pl = p.device.prefix_lists.at("PL");
  CHECK(pl.name == "PL");
  REQUIRE(pl.entries.size() == 4);
  CHECK(pl.entries[0].seq == 7);
  CHECK(pl.entries[0].ge == 20);
  CHECK_FALSE(pl.entries[0].le);
  CHECK(pl.entries[1].seq == 10);
  CHECK(pl.entries[1].prefix == *Prefix::parse("10.0.0.0/8"));
  CHECK(pl.entries[1].ge == 16);
  CHECK(pl.entries[1].le == 24);
  CHECK(pl.entries[1].span == span(2, 2));
  CHECK(pl.entries[2].seq == 15);
  CHECK(pl.entries[2].action == model::Action::Deny);
  CHECK(pl.entries[3].seq == 20);
  CHECK(pl.span == span(1, 5));
  CHECK(pl.permits(*Prefix::parse("10.1.0.0/16")));
  CHECK_FALSE(pl.permits(*Prefix::parse("10.0.0.0/8")));
  CHECK(p.warnings.empty());
}

TEST_CASE("FRR prefix-list `any` matches everything") {
  auto p = parseText("ip prefix-list ALL seq 5 permit any\n", model::Vendor::Frr);
  CHECK(p.device.prefix_lists.at("ALL").permits(*Prefix::parse("203.0.113.0/24")));
}

TEST_CASE("prefix-list with an impossible length range warns") {
  auto p = parseText("ip prefix-list BAD permit 10.0.0.0/16 ge 8\nip prefix-list BAD permit 10.0.0.0/16 le 40\n");
  CHECK(warningLines(p) == std::vector<int>{1, 2});
  CHECK(p.device.prefix_lists.count("BAD") == 0);
}

TEST_CASE("community-lists: standard/expanded, named/numbered, ip and bgp forms") {
  auto p = parseText(
      "ip community-list standard CUST permit 65000:100 65000:200\n"
      "ip community-list expanded REGEX deny ^65000:.*$\n"
      "ip community-list 10 permit no-export\n"
      "ip community-list 110 permit _65001:[0-9]+_\n"
      "bgp community-list standard FRR seq 5 permit 65000:1\n");
  const auto& c = p.device.community_lists;
  CHECK_FALSE(c.at("CUST").expanded);
  CHECK(c.at("CUST").entries[0].communities ==
        std::vector<model::Community>{(65000u << 16) | 100, (65000u << 16) | 200});
  CHECK(c.at("CUST").span == span(1, 1));
  CHECK(c.at("REGEX").expanded);
  CHECK(c.at("REGEX").entries[0].regex == "^65000:.*$");
  CHECK(c.at("REGEX").entries[0].action == model::Action::Deny);
  CHECK(c.at("10").entries[0].communities == std::vector<model::Community>{model::kNoExport});
  CHECK(c.at("110").expanded);
  CHECK(c.at("FRR").entries[0].communities.size() == 1);
  CHECK(p.warnings.empty());
}

TEST_CASE("an invalid community in a standard list warns") {
  auto p = parseText("ip community-list standard X permit 70000:1\n");
  CHECK(warningLines(p, "invalid community") == std::vector<int>{1});
}

TEST_CASE("as-path access-lists keep the regex text") {
  auto p = parseText(
      "ip as-path access-list 1 permit ^$\n"
      "ip as-path access-list 1 deny _65666_\n"
      "bgp as-path access-list CUST seq 10 permit ^65001( 65001)*$\n");
  const auto& a = p.device.as_path_lists;
  REQUIRE(a.at("1").entries.size() == 2);
  CHECK(a.at("1").entries[0].regex == "^$");
  CHECK(a.at("1").entries[1].action == model::Action::Deny);
  CHECK(a.at("1").span == span(1, 2));
  CHECK(a.at("CUST").entries[0].regex == "^65001( 65001)*$");
  CHECK(a.at("1").permits({}));
}

TEST_CASE("an invalid as-path or community regex warns at its line; the entry matches nothing") {
  auto p = parseText(
      "ip as-path access-list 1 permit (_65001\n"
      "ip as-path access-list 1 permit .*\n"
      "ip community-list expanded CE permit 65001:[0-9\n"
      "ip community-list 120 permit (1)\\1\n"
      "bgp as-path access-list 2 permit ^\\d+$\n");
  CHECK(warningLines(p, "invalid regular expression in as-path list 1") == std::vector<int>{1});
  CHECK(warningLines(p, "invalid regular expression in community-list CE") == std::vector<int>{3});
  CHECK(warningLines(p, "invalid regular expression in community-list 120") == std::vector<int>{4});
  CHECK(warningLines(p, "this entry matches nothing").size() == 3);
  CHECK(warningLines(p, "missing )") == std::vector<int>{1});
  const auto& list = p.device.as_path_lists.at("1");
  REQUIRE(list.entries.size() == 2);  // kept, so the list still exists
  CHECK(list.permits({65001}));       // by the second entry
  CHECK(p.device.as_path_lists.at("2").permits({65001}));  // \d as in FRR (PCRE2)
}

TEST_CASE("numbered standard and extended access-lists") {
  auto p = parseText(
      "access-list 10 permit 10.0.0.0 0.0.0.255\n"
      "access-list 10 deny any\n"
      "access-list 101 permit tcp any host 10.1.1.1 eq 80\n"
      "access-list 101 deny ip 10.0.0.0 0.255.255.255 any log\n"
      "access-list 101 remark the rest\n");
  const auto& std10 = p.device.access_lists.at("10");
  CHECK_FALSE(std10.extended);
  REQUIRE(std10.entries.size() == 2);
  CHECK(std10.entries[0].source.matches(*Ipv4::parse("10.0.0.9")));
  CHECK(std10.entries[0].seq == 10);
  CHECK(std10.entries[1].seq == 20);
  CHECK(std10.entries[1].action == model::Action::Deny);
  CHECK(std10.permitsRoute(*Prefix::parse("10.0.0.0/24")));
  const auto& ext = p.device.access_lists.at("101");
  CHECK(ext.extended);
  CHECK(ext.entries[0].protocol == "tcp");
  CHECK(ext.entries[0].destination == model::WildcardMatch{*Ipv4::parse("10.1.1.1"), 0});
  CHECK(ext.entries[0].ports == "eq 80");
  CHECK(ext.entries[1].source.wildcard == 0x00ffffffu);
  CHECK(ext.span == span(3, 5));
  CHECK(p.warnings.empty());
}

TEST_CASE("named access-list blocks with and without sequence numbers") {
  auto p = parseText(
      "ip access-list standard MGMT\n"
      " permit host 192.0.2.10\n"
      " 30 deny 192.0.2.0 0.0.0.255\n"
      " remark done\n"
      "ip access-list extended WEB\n"
      " 10 permit tcp any any eq www\n"
      " permit icmp any any echo-reply\n");
  const auto& m = p.device.access_lists.at("MGMT");
  REQUIRE(m.entries.size() == 2);
  CHECK(m.entries[0].seq == 10);
  CHECK(m.entries[1].seq == 30);
  CHECK(m.entries[0].span == span(2, 2));
  CHECK(m.span == span(1, 4));
  const auto& w = p.device.access_lists.at("WEB");
  CHECK(w.extended);
  CHECK(w.entries[1].protocol == "icmp");
  CHECK(p.warnings.empty());
}

TEST_CASE("FRR zebra access-list with a prefix") {
  auto p = parseText("access-list LAN seq 5 permit 10.10.0.0/16\naccess-list LAN deny any\n",
                     model::Vendor::Frr);
  const auto& a = p.device.access_lists.at("LAN");
  CHECK(a.entries[0].seq == 5);
  CHECK(a.entries[0].source.matches(*Ipv4::parse("10.10.3.4")));
  CHECK(a.entries[1].seq == 15);
}

TEST_CASE("an extended entry in a standard access-list warns") {
  auto p = parseText("access-list 5 permit tcp any any\n");
  CHECK(warningLines(p, "extended entry") == std::vector<int>{1});
}

TEST_CASE("set community blackhole: the RFC 7999 community, though `blackhole` is a keyword") {
  auto p = parseText("route-map R2 permit 10\n set community blackhole 65000:7\n");
  CHECK(p.warnings.empty());
  const auto& sets = p.device.route_policies.at("R2").clauses.at(0).sets;
  REQUIRE(sets.size() == 1);
  CHECK(sets[0].communities == std::vector<model::Community>{model::kBlackhole, 65000u << 16 | 7});
}

TEST_CASE("route-map clauses: matches, sets, spans, actions") {
  auto p = parseText(
      "route-map IMPORT permit 10\n"
      " description prefer the customer\n"
      " match ip address prefix-list PL-A PL-B\n"
      " match community CUST exact-match\n"
      " match as-path 1\n"
      " set local-preference 200\n"
      " set community 65000:1 no-export additive\n"
      " set as-path prepend 65000 65000\n"
      "!\n"
      "route-map IMPORT deny 20\n"
      " match ip next-hop prefix-list NH\n"
      "route-map IMPORT permit 30\n");
  const auto& rm = p.device.route_policies.at("IMPORT");
  REQUIRE(rm.clauses.size() == 3);
  const auto& c = rm.clauses[0];
  CHECK(c.seq == 10);
  CHECK(c.name == "10");
  CHECK(c.action == model::ClauseAction::Permit);
  CHECK(c.span == span(1, 8));
  REQUIRE(c.matches.size() == 3);
  CHECK(c.matches[0].kind == model::PolicyMatch::Kind::PrefixList);
  CHECK(c.matches[0].names == std::vector<std::string>{"PL-A", "PL-B"});
  CHECK(c.matches[0].span == span(3, 3));
  CHECK(c.matches[1].kind == model::PolicyMatch::Kind::CommunityList);
  CHECK(c.matches[1].exact);
  CHECK(c.matches[2].kind == model::PolicyMatch::Kind::AsPathList);
  REQUIRE(c.sets.size() == 3);
  CHECK(c.sets[0].kind == model::PolicySet::Kind::LocalPref);
  CHECK(c.sets[0].value == 200);
  CHECK(c.sets[1].communities == std::vector<model::Community>{65000u << 16 | 1, model::kNoExport});
  CHECK(c.sets[1].additive);
  CHECK(c.sets[2].asns == std::vector<uint32_t>{65000, 65000});
  CHECK(c.sets[2].span == span(8, 8));
  CHECK(rm.clauses[1].action == model::ClauseAction::Deny);
  CHECK(rm.clauses[1].matches[0].kind == model::PolicyMatch::Kind::NextHopPrefixList);
  CHECK(rm.clauses[1].span == span(10, 11));
  CHECK(rm.clauses[2].matches.empty());
  CHECK(rm.span == span(1, 12));
  CHECK(p.warnings.empty());
}

TEST_CASE("route-map sets: metric +/-, weight, next-hop forms, tag, origin, metric-type, comm-list delete, none, last-as") {
  auto p = parseText(
      "route-map S permit 10\n"
      " set metric +20\n"
      " set metric -5\n"
      " set metric 100\n"
      " set weight 500\n"
      " set ip next-hop 10.0.0.1\n"
      " set ip next-hop peer-address\n"
      " set ip next-hop unchanged\n"
      " set tag 9\n"
      " set origin incomplete\n"
      " set metric-type type-1\n"
      " set comm-list DEL delete\n"
      " set community none\n"
      " set as-path prepend last-as 3\n");
  const auto& s = p.device.route_policies.at("S").clauses.at(0).sets;
  REQUIRE(s.size() == 13);
  CHECK(s[0].delta == 1);
  CHECK(s[0].value == 20);
  CHECK(s[1].delta == -1);
  CHECK(s[2].delta == 0);
  CHECK(s[2].value == 100);
  CHECK(s[3].kind == model::PolicySet::Kind::Weight);
  CHECK(s[4].address == *Ipv4::parse("10.0.0.1"));
  CHECK(s[5].peer_address);
  CHECK(s[6].unchanged);
  CHECK(s[7].kind == model::PolicySet::Kind::Tag);
  CHECK(s[8].origin == 2);
  CHECK(s[9].value == 1);
  CHECK(s[10].kind == model::PolicySet::Kind::CommunityDelete);
  CHECK(s[10].names == std::vector<std::string>{"DEL"});
  CHECK(s[11].kind == model::PolicySet::Kind::Community);
  CHECK(s[11].communities.empty());
  CHECK_FALSE(s[11].additive);
  CHECK(s[12].kind == model::PolicySet::Kind::AsPathPrepend);
  CHECK(s[12].asns.empty());
  CHECK(s[12].prepend_last_as == 3);
  CHECK(p.warnings.empty());
}

TEST_CASE("route-map matches: tag, interface, metric, source-protocol, access-list") {
  auto p = parseText(
      "route-map M permit 10\n"
      " match tag 5\n"
      " match interface eth0\n"
      " match metric 20\n"
      " match source-protocol static connected\n"
      " match ip address 10\n");
  const auto& m = p.device.route_policies.at("M").clauses.at(0).matches;
  REQUIRE(m.size() == 5);
  CHECK(m[0].kind == model::PolicyMatch::Kind::Tag);
  CHECK(m[0].value == 5);
  CHECK(m[1].names == std::vector<std::string>{"eth0"});
  CHECK(m[2].value == 20);
  CHECK(m[3].protocols ==
        std::vector<model::RouteSource>{model::RouteSource::Static, model::RouteSource::Connected});
  CHECK(m[3].protocol == model::RouteSource::Static);
  CHECK(m[4].kind == model::PolicyMatch::Kind::AccessList);
}

TEST_CASE("route-map flow control: continue, on-match, call; default seq and action") {
  auto p = parseText(
      "route-map F\n"
      " continue\n"
      "route-map F permit 20\n"
      " continue 40\n"
      "route-map F permit 30\n"
      " on-match next\n"
      "route-map F permit 40\n"
      " on-match goto 60\n"
      " call OTHER\n");
  const auto& c = p.device.route_policies.at("F").clauses;
  REQUIRE(c.size() == 4);
  CHECK(c[0].seq == 10);
  CHECK(c[0].action == model::ClauseAction::Permit);
  CHECK(c[0].continue_to == 0u);
  CHECK(c[1].continue_to == 40u);
  CHECK(c[2].continue_to == 0u);
  CHECK(c[3].continue_to == 60u);
  CHECK(c[3].call == "OTHER");
}

TEST_CASE("clauses are kept in seq order; re-entering a clause edits it") {
  auto p = parseText(
      "route-map R permit 20\n match tag 2\n"
      "route-map R permit 10\n match tag 1\n"
      "route-map R permit 20\n set tag 3\n");
  const auto& c = p.device.route_policies.at("R").clauses;
  REQUIRE(c.size() == 2);
  CHECK(c[0].seq == 10);
  CHECK(c[1].matches.size() == 1);
  CHECK(c[1].sets.size() == 1);
  CHECK(c[1].span == span(1, 6));
}

TEST_CASE("unknown match/set statements warn on their own line inside the clause") {
  auto p = parseText(
      "route-map X permit 10\n"
      " match ip route-source 5\n"
      " set dampening 15 750 2000 60\n"
      " set local-preference 50\n");
  CHECK(warningLines(p, "unrecognized syntax") == std::vector<int>{2, 3});
  CHECK(p.device.route_policies.at("X").clauses[0].sets.size() == 1);
}

}  // namespace routefix::parser::ios::test
