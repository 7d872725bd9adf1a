#include <doctest/doctest.h>

#include <set>
#include <string>
#include <utility>

#include "parser/reference_check.h"

using namespace routefix;

namespace {

model::SourceSpan at(int line) { return {"configs/r1.cfg", line, line}; }

// A device whose config text has one line per referenced statement.
struct Fixture {
  model::Device device;
  parser::SourceText text;

  Fixture() {
    device.name = "r1";
    std::string config;
    for (int i = 1; i <= 40; ++i) config += "line " + std::to_string(i) + "\n";
    text.add("configs/r1.cfg", config);

    model::PrefixList pl;
    pl.name = "CUSTOMERS";
    pl.span = at(10);
    device.prefix_lists["CUSTOMERS"] = pl;

    model::RoutePolicy rm;
    rm.name = "FROM-CUST";
    rm.span = at(20);
    model::PolicyClause clause;
    clause.span = at(20);
    model::PolicyMatch match;
    match.kind = model::PolicyMatch::Kind::PrefixList;
    match.names = {"CUSTOMERS"};
    match.span = at(21);
    clause.matches.push_back(match);
    rm.clauses.push_back(clause);
    device.route_policies["FROM-CUST"] = rm;

    model::BgpProcess bgp;
    model::BgpNeighbor n;
    n.id = "10.0.0.2";
    n.span = at(30);
    n.import_policies = {"FROM-CUST"};
    n.statement_spans["route-map in"] = at(32);
    bgp.neighbors.push_back(n);
    device.bgp = bgp;
  }

  std::vector<model::ParseWarning> check() const { return parser::checkReferences(device, text); }
};

}  // namespace

TEST_CASE("a fully referenced configuration gives no warnings") {
  Fixture f;
  CHECK(f.check().empty());
}

TEST_CASE("an undefined route-map is reported at the neighbor statement that names it") {
  Fixture f;
  f.device.bgp->neighbors[0].export_policies = {"TO-CUST"};
  f.device.bgp->neighbors[0].statement_spans["route-map out"] = at(33);
  auto w = f.check();
  REQUIRE(w.size() == 1);
  CHECK(w[0].file == "configs/r1.cfg");
  CHECK(w[0].line == 33);
  CHECK(w[0].text == "line 33");
  CHECK(w[0].message == "undefined route-map TO-CUST");
}

TEST_CASE("the IPv6 unicast family's references count: its route-maps are used, its lists checked") {
  Fixture f;
  model::RoutePolicy v6;
  v6.name = "V6-IN";
  v6.span = at(24);
  model::PolicyClause clause;
  model::PolicyMatch match;
  match.kind = model::PolicyMatch::Kind::Ipv6PrefixList;
  match.names = {"NETS6"};
  match.span = at(25);
  clause.matches.push_back(match);
  v6.clauses.push_back(clause);
  f.device.route_policies["V6-IN"] = v6;
  auto& n = f.device.bgp->neighbors[0];
  n.ipv6.import_policies = {"V6-IN"};  // only here: not unused
  n.ipv6.statement_spans["route-map in"] = at(35);
  n.ipv6.prefix_list_out = "OUT6";
  n.ipv6.statement_spans["prefix-list out"] = at(36);
  std::set<std::pair<int, std::string>> w;
  for (const auto& warning : f.check()) w.insert({warning.line, warning.message});
  CHECK(w == std::set<std::pair<int, std::string>>{{25, "undefined ipv6 prefix-list NETS6"},
                                                   {36, "undefined ipv6 prefix-list OUT6"}});
}

TEST_CASE("OSPFv3's redistribution route-maps count as used, and undefined ones are reported") {
  Fixture f;
  model::RoutePolicy lans;
  lans.name = "LANS6";
  lans.span = at(26);
  f.device.route_policies["LANS6"] = lans;
  f.device.ospf6.emplace();
  model::Redistribution used, missing;
  used.route_map = "LANS6";
  used.span = at(37);
  missing.route_map = "NOPE";
  missing.span = at(38);
  f.device.ospf6->redistributions = {used, missing};
  auto w = f.check();
  REQUIRE(w.size() == 1);
  CHECK(w[0].line == 38);
  CHECK(w[0].message == "undefined route-map NOPE");
}

TEST_CASE("without a statement span, the neighbor's own span is used") {
  Fixture f;
  f.device.bgp->neighbors[0].prefix_list_in = "MISSING";
  auto w = f.check();
  REQUIRE(w.size() == 1);
  CHECK(w[0].line == 30);
  CHECK(w[0].message == "undefined prefix-list MISSING");
}

TEST_CASE("route-map matches naming missing lists are reported at the match line") {
  Fixture f;
  auto& clause = f.device.route_policies["FROM-CUST"].clauses[0];
  model::PolicyMatch community;
  community.kind = model::PolicyMatch::Kind::CommunityList;
  community.names = {"BLACKHOLE"};
  community.span = at(22);
  model::PolicyMatch asPath;
  asPath.kind = model::PolicyMatch::Kind::AsPathList;
  asPath.names = {"10"};
  asPath.span = at(23);
  model::PolicyMatch acl;
  acl.kind = model::PolicyMatch::Kind::AccessList;
  acl.names = {"MGMT"};
  acl.span = at(24);
  clause.matches.insert(clause.matches.end(), {community, asPath, acl});
  auto w = f.check();
  REQUIRE(w.size() == 3);
  CHECK(w[0].line == 22);
  CHECK(w[0].message == "undefined community-list BLACKHOLE");
  CHECK(w[1].line == 23);
  CHECK(w[1].message == "undefined as-path access-list 10");
  CHECK(w[2].line == 24);
  CHECK(w[2].message == "undefined access-list MGMT");
}

TEST_CASE("redistribute, network and interface access-group references are checked") {
  Fixture f;
  auto& redistribution = f.device.bgp->redistributions.emplace_back();
  redistribution.source = model::RouteSource::Static;
  redistribution.route_map = "STATIC-OUT";
  redistribution.span = at(35);
  f.device.bgp->networks.push_back({*model::Prefix::parse("10.1.0.0/16"), "NET-RM", at(36)});
  model::Interface i;
  i.name = "GigabitEthernet0/1";
  i.acl_in = "EDGE-IN";
  i.span = at(5);
  f.device.interfaces.push_back(i);
  auto w = f.check();
  REQUIRE(w.size() == 3);
  CHECK(w[0].message == "undefined access-list EDGE-IN");
  CHECK(w[0].line == 5);
  CHECK(w[1].message == "undefined route-map NET-RM");
  CHECK(w[2].message == "undefined route-map STATIC-OUT");
}

TEST_CASE("structures nobody references are reported unused at their definition") {
  Fixture f;
  f.device.bgp->neighbors[0].import_policies.clear();
  model::CommunityList cl;
  cl.name = "NOEXPORT";
  cl.span = at(15);
  f.device.community_lists["NOEXPORT"] = cl;
  auto w = f.check();
  // FROM-CUST is unused now; its prefix-list is still used by it.
  REQUIRE(w.size() == 2);
  CHECK(w[0].line == 20);
  CHECK(w[0].message == "unused route-map FROM-CUST");
  CHECK(w[1].line == 15);
  CHECK(w[1].message == "unused community-list NOEXPORT");
}

TEST_CASE("unused access lists are not reported; the same reference from a peer group once") {
  Fixture f;
  model::AccessList acl;
  acl.name = "VTY";
  acl.span = at(3);
  f.device.access_lists["VTY"] = acl;
  auto member = f.device.bgp->neighbors[0];
  member.id = "10.0.0.6";
  f.device.bgp->neighbors.push_back(member);
  f.device.bgp->neighbors[0].import_policies = {"GONE"};
  f.device.bgp->neighbors[1].import_policies = {"GONE"};
  auto w = f.check();
  REQUIRE(w.size() == 2);
  CHECK(w[0].message == "undefined route-map GONE");
  CHECK(w[1].message == "unused route-map FROM-CUST");
}

TEST_CASE("Junos devices get Junos names for the structures") {
  Fixture f;
  f.device.vendor = model::Vendor::Junos;
  f.device.bgp->neighbors[0].import_policies = {"IMPORT-X"};
  auto w = f.check();
  REQUIRE(w.size() == 2);
  CHECK(w[0].message == "undefined policy-statement IMPORT-X");
  CHECK(w[1].message == "unused policy-statement FROM-CUST");
}
