#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "parser/junos/policy_translation.h"
#include "parser/parser.h"

using namespace routefix;
using namespace routefix::parser;

namespace {

DeviceParse parse(const std::string& text) { return parseJunos({{"configs/r1.conf", text}}); }

std::string readFile(const std::string& rel) {
  std::ifstream in(std::string(ROUTEFIX_SOURCE_DIR) + "/" + rel);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const model::Interface& iface(const model::Device& d, const std::string& name) {
  auto* i = d.findInterface(name);
  REQUIRE_MESSAGE(i, name);
  return *i;
}

const model::BgpNeighbor& neighbor(const model::Device& d, const std::string& address) {
  REQUIRE(d.bgp);
  auto* n = d.bgp->findNeighbor(*model::Ipv4::parse(address));
  REQUIRE_MESSAGE(n, address);
  return *n;
}

bool hasWarning(const DeviceParse& r, int line, const std::string& messageStart) {
  return std::any_of(r.warnings.begin(), r.warnings.end(), [&](const model::ParseWarning& w) {
    return w.line == line && w.message.rfind(messageStart, 0) == 0;
  });
}

model::Prefix pfx(const char* s) { return *model::Prefix::parse(s); }

// Which clause of a policy decides a route, the way a simulator would walk it (for the
// prefix-only conditions these tests use).
bool prefixMatches(const model::Device& d, const model::PolicyClause& c, const model::Prefix& p) {
  for (const auto& m : c.matches) {
    if (m.kind != model::PolicyMatch::Kind::PrefixList) continue;
    bool any = std::any_of(m.names.begin(), m.names.end(), [&](const std::string& n) {
      auto it = d.prefix_lists.find(n);
      return it != d.prefix_lists.end() && it->second.permits(p);
    });
    if (!any) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("interfaces: units, addresses, loopback, disable, spans") {
  auto r = parse(
      "system { host-name r1; }\n"                                          // 1
      "interfaces {\n"                                                      // 2
      "    ge-0/0/0 {\n"                                                    // 3
      "        description \"to r2\";\n"                                    // 4
      "        unit 0 {\n"                                                  // 5
      "            family inet {\n"                                         // 6
      "                address 10.0.0.1/30;\n"                              // 7
      "                address 10.0.9.1/24;\n"                              // 8
      "            }\n"                                                     // 9
      "        }\n"                                                         // 10
      "        unit 100 { disable; family inet address 10.1.0.1/24; }\n"    // 11
      "    }\n"                                                             // 12
      "    ge-0/0/1 { disable; unit 0 { family inet address 10.2.0.1/24; } }\n"  // 13
      "    xe-0/0/2 { unit 0 { family inet { address 10.3.0.1/24; address 10.3.1.1/24 primary; } } }\n"  // 14
      "    lo0 { unit 0 { family inet address 10.255.0.1/32; } }\n"        // 15
      "}\n");
  CHECK(r.warnings.empty());
  const auto& d = r.device;
  CHECK(d.name == "r1");
  CHECK(d.vendor == model::Vendor::Junos);
  CHECK(d.hostname_span == model::SourceSpan{"configs/r1.conf", 1, 1});
  REQUIRE(d.interfaces.size() == 5);
  const auto& g0 = iface(d, "ge-0/0/0.0");
  CHECK(g0.address->address.str() == "10.0.0.1");
  CHECK(g0.address->length == 30);
  CHECK(g0.address->span.first_line == 7);
  REQUIRE(g0.secondary.size() == 1);
  CHECK(g0.secondary[0].subnet().str() == "10.0.9.0/24");
  CHECK(g0.description == "to r2");
  CHECK(g0.span.first_line == 5);
  CHECK(g0.span.last_line == 8);
  CHECK(g0.bandwidth_kbps == 1'000'000);
  CHECK_FALSE(g0.shutdown);
  CHECK(iface(d, "ge-0/0/0.100").shutdown);
  CHECK(iface(d, "ge-0/0/1.0").shutdown);  // the physical interface is disabled
  const auto& x = iface(d, "xe-0/0/2.0");
  CHECK(x.address->address.str() == "10.3.1.1");  // `primary`
  CHECK(x.bandwidth_kbps == 10'000'000);
  CHECK(iface(d, "lo0.0").isLoopback());
}

TEST_CASE("routing-options: static routes, aggregates, router-id, AS") {
  auto r = parse(
      "routing-options {\n"                                                  // 1
      "    router-id 10.255.0.1;\n"                                          // 2
      "    autonomous-system 65001;\n"                                       // 3
      "    static {\n"                                                       // 4
      "        route 0.0.0.0/0 { next-hop 192.0.2.1; preference 200; }\n"    // 5
      "        route 10.9.0.0/16 { next-hop [ 10.0.0.2 10.0.1.2 ]; tag 7; }\n"  // 6
      "        route 192.0.2.0/24 discard;\n"                                // 7
      "        route 198.51.100.0/24 reject;\n"                              // 8
      "        route 10.8.0.0/16 next-hop ge-0/0/3;\n"                       // 9
      "        route 10.7.0.0/16 { qualified-next-hop 10.0.0.2 { preference 50; } }\n"  // 10
      "        route 10.6.0.0/16 preference 9;\n"                            // 11
      "    }\n"                                                              // 12
      "    aggregate { route 10.0.0.0/8 { preference 140; community 65001:9; } }\n"  // 13
      "}\n"
      "protocols { bgp { group g { type internal; neighbor 10.255.0.2; } } }\n");
  const auto& d = r.device;
  CHECK(hasWarning(r, 11, "static route 10.6.0.0/16 has no next-hop"));
  REQUIRE(d.static_routes.size() == 7);
  auto def = d.static_routes[0];
  CHECK(def.prefix.str() == "0.0.0.0/0");
  CHECK(def.next_hop->str() == "192.0.2.1");
  CHECK(def.distance == 200);
  CHECK(def.span == model::SourceSpan{"configs/r1.conf", 5, 5});
  CHECK(d.static_routes[1].next_hop->str() == "10.0.0.2");
  CHECK(d.static_routes[2].next_hop->str() == "10.0.1.2");
  CHECK(d.static_routes[2].tag == 7);
  CHECK(d.static_routes[2].distance == 5);  // Junos static preference
  CHECK(d.static_routes[3].null_route);
  CHECK(d.static_routes[4].null_route);
  CHECK(d.static_routes[5].interface == "ge-0/0/3.0");
  CHECK(d.static_routes[6].distance == 50);
  REQUIRE(d.aggregate_routes.size() == 1);
  CHECK(d.aggregate_routes[0].prefix.str() == "10.0.0.0/8");
  CHECK(d.aggregate_routes[0].distance == 140);
  CHECK(d.aggregate_routes[0].communities == std::vector<model::Community>{(65001u << 16) | 9});
  CHECK(d.aggregate_routes[0].span.first_line == 13);
  REQUIRE(d.bgp);
  CHECK(d.bgp->asn == 65001);
  CHECK(d.bgp->router_id->str() == "10.255.0.1");
}

TEST_CASE("CLI prompt banners pasted with a config and `enable` are not warnings") {
  // labval juniper_from_condition / onug_cost_optimized_s3_path: `{master:0}` after the set
  // lines; `set interfaces fxp0 enable`.
  auto r = parse(
      "set system host-name r1\n"
      "set interfaces fxp0 disable\n"
      "set interfaces fxp0 enable\n"
      "set interfaces fxp0 unit 0 family inet address 10.0.0.1/24\n"
      "\n"
      "{master:0}\n"
      "{primary:node0}\n"
      "{bogus line}\n");
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].line == 8);
  const auto* fxp = r.device.findInterface("fxp0.0");
  REQUIRE(fxp);
  CHECK_FALSE(fxp->shutdown);
}

TEST_CASE("router-id falls back to lo0") {
  auto r = parse(
      "interfaces { ge-0/0/0 { unit 0 { family inet address 10.0.0.1/30; } }\n"
      "             lo0 { unit 0 { family inet { address 127.0.0.1/32; address 10.255.0.7/32; } } } }\n"
      "protocols { ospf { area 0 { interface ge-0/0/0; } } }\n");
  REQUIRE(r.device.ospf);
  CHECK(r.device.ospf->router_id->str() == "10.255.0.7");
}

TEST_CASE("OSPF: areas, metric, passive, p2p, reference-bandwidth, export") {
  auto r = parse(
      "interfaces {\n"                                                       // 1
      "    ge-0/0/0 { unit 0 { family inet address 10.0.0.1/30; } }\n"      // 2
      "    ge-0/0/1 { unit 0 { family inet address 10.0.1.1/30; } }\n"      // 3
      "    ge-0/0/2 { unit 0 { family inet address 10.0.2.1/30; } }\n"      // 4
      "    lo0 { unit 0 { family inet address 10.255.0.1/32; } }\n"         // 5
      "}\n"                                                                  // 6
      "protocols {\n"                                                        // 7
      "    ospf {\n"                                                         // 8
      "        reference-bandwidth 100g;\n"                                  // 9
      "        export [ STATIC-TO-OSPF DIRECT ];\n"                          // 10
      "        area 0.0.0.0 {\n"                                             // 11
      "            interface ge-0/0/0.0 { metric 15; interface-type p2p; }\n"  // 12
      "            interface lo0.0 passive;\n"                               // 13
      "            interface ge-0/0/9.0;\n"                                  // 14
      "        }\n"                                                          // 15
      "        area 1 { interface ge-0/0/1; interface ge-0/0/2.0 disable; }\n"  // 16
      "    }\n"                                                              // 17
      "}\n"                                                                  // 18
      "policy-options {\n"                                                   // 19
      "    policy-statement STATIC-TO-OSPF { term s { from protocol static; then accept; } }\n"  // 20
      "    policy-statement DIRECT { from protocol direct; then { metric 5; accept; } }\n"  // 21
      "}\n");
  const auto& d = r.device;
  REQUIRE(d.ospf);
  CHECK(d.ospf->reference_bandwidth_mbps == 100'000);
  CHECK(d.ospf->export_policies == std::vector<std::string>{"STATIC-TO-OSPF", "DIRECT"});
  REQUIRE(d.ospf->redistributions.size() == 2);
  CHECK(d.ospf->redistributions[0].source == model::RouteSource::Connected);
  CHECK(d.ospf->redistributions[1].source == model::RouteSource::Static);
  CHECK(d.ospf->redistributions[0].route_map.empty());
  CHECK(d.ospf->redistributions[0].span.first_line == 10);
  CHECK(d.ospf->span.first_line == 8);
  const auto& g0 = iface(d, "ge-0/0/0.0");
  CHECK(g0.ospf_area == 0u);
  CHECK(g0.ospf_cost == 15u);
  CHECK(g0.ospf_cost_span.first_line == 12);
  CHECK(g0.ospf_point_to_point);
  CHECK(g0.ospf_passive == false);
  const auto& lo = iface(d, "lo0.0");
  CHECK(lo.ospf_passive == true);
  CHECK(lo.ospf_cost == 0u);  // Junos advertises lo0 at metric 0
  CHECK(iface(d, "ge-0/0/1.0").ospf_area == 1u);
  CHECK_FALSE(iface(d, "ge-0/0/2.0").ospf_area);
  CHECK(hasWarning(r, 14, "OSPF interface ge-0/0/9.0 is not configured"));
}

TEST_CASE("BGP: groups, neighbors, inheritance and Junos defaults") {
  auto r = parse(
      "routing-options { autonomous-system 65001; router-id 10.255.0.1; }\n"  // 1
      "protocols {\n"                                                         // 2
      "    bgp {\n"                                                           // 3
      "        import GLOBAL-IN;\n"                                           // 4
      "        group RR-CLIENTS {\n"                                          // 5
      "            type internal;\n"                                          // 6
      "            local-address 10.255.0.1;\n"                               // 7
      "            cluster 10.255.0.1;\n"                                     // 8
      "            multipath;\n"                                              // 9
      "            export [ NHS TAG ];\n"                                     // 10
      "            neighbor 10.255.0.2;\n"                                    // 11
      "            neighbor 10.255.0.3 {\n"                                   // 12
      "                description edge3;\n"                                 // 13
      "                export NHS;\n"                                         // 14
      "            }\n"                                                       // 15
      "        }\n"                                                           // 16
      "        group UPSTREAM {\n"                                            // 17
      "            type external;\n"                                          // 18
      "            peer-as 64500;\n"                                          // 19
      "            multipath multiple-as;\n"                                  // 20
      "            neighbor 192.0.2.1 { import [ A B ]; local-as 65100; }\n"   // 21
      "            neighbor 192.0.2.5 { peer-as 64501; multihop { ttl 3; } }\n"  // 22
      "        }\n"                                                           // 23
      "        group VPN { type internal; family inet-vpn unicast; neighbor 10.255.0.9; }\n"  // 24
      "        group BROKEN { type external; neighbor 198.51.100.1; }\n"     // 25
      "    }\n"                                                               // 26
      "}\n");
  const auto& d = r.device;
  REQUIRE(d.bgp);
  const auto& b = *d.bgp;
  CHECK(b.asn == 65001);
  CHECK(b.import_default == model::PolicyDefault::Accept);
  CHECK(b.export_default == model::PolicyDefault::JunosBgpExport);
  CHECK_FALSE(b.ebgp_requires_policy);
  CHECK(b.cluster_id->str() == "10.255.0.1");
  CHECK(b.maximum_paths_ibgp == 64);
  CHECK(b.maximum_paths_ebgp == 64);
  CHECK(b.as_path_multipath_relax);
  REQUIRE(b.neighbors.size() == 6);

  const auto& n2 = neighbor(d, "10.255.0.2");
  CHECK(n2.remote_as == 65001u);
  CHECK(n2.peer_group == "RR-CLIENTS");
  CHECK(n2.update_source == "10.255.0.1");
  CHECK(n2.route_reflector_client);
  CHECK(n2.send_community);
  CHECK(n2.import_policies == std::vector<std::string>{"GLOBAL-IN"});
  CHECK(n2.export_policies == std::vector<std::string>{"NHS", "TAG"});
  CHECK(n2.span.first_line == 11);
  CHECK(n2.statement_spans.at("export").first_line == 10);
  CHECK(n2.statement_spans.at("import").first_line == 4);
  CHECK(n2.statement_spans.at("type").first_line == 6);

  const auto& n3 = neighbor(d, "10.255.0.3");
  CHECK(n3.export_policies == std::vector<std::string>{"NHS"});  // replaces the group's chain
  CHECK(n3.statement_spans.at("export").first_line == 14);
  CHECK(n3.description == "edge3");
  CHECK(n3.span == model::SourceSpan{"configs/r1.conf", 12, 14});

  const auto& u1 = neighbor(d, "192.0.2.1");
  CHECK(u1.remote_as == 64500u);
  CHECK(u1.local_as == 65100u);
  CHECK(u1.import_policies == std::vector<std::string>{"A", "B"});
  CHECK_FALSE(u1.route_reflector_client);
  const auto& u5 = neighbor(d, "192.0.2.5");
  CHECK(u5.remote_as == 64501u);
  CHECK(u5.ebgp_multihop == 3u);
  CHECK(u5.statement_spans.at("peer-as").first_line == 22);

  CHECK_FALSE(neighbor(d, "10.255.0.9").activate);  // only inet-vpn configured
  CHECK(neighbor(d, "10.255.0.2").activate);
  CHECK_FALSE(neighbor(d, "198.51.100.1").remote_as);
  CHECK(hasWarning(r, 25, "BGP neighbor 198.51.100.1 has no peer-as"));
}

TEST_CASE("without routing-options autonomous-system a local-as all sessions share is the AS") {
  auto shared = parse(
      "protocols { bgp { local-as 65010;\n"
      "    group e { type external; peer-as 2; neighbor 192.0.2.1; }\n"
      "    group i { type internal; neighbor 10.0.0.2; } } }\n");
  REQUIRE(shared.device.bgp);
  CHECK(shared.device.bgp->asn == 65010u);
  CHECK_FALSE(neighbor(shared.device, "192.0.2.1").local_as);
  CHECK(neighbor(shared.device, "10.0.0.2").remote_as == 65010u);
  CHECK_FALSE(hasWarning(shared, 1, "protocols bgp without routing-options autonomous-system"));

  // Different local-as per group: no AS to adopt, the missing AS is reported.
  auto mixed = parse(
      "protocols { bgp {\n"
      "    group e { type external; peer-as 2; local-as 65010; neighbor 192.0.2.1; }\n"
      "    group f { type external; peer-as 3; local-as 65020; neighbor 192.0.2.5; } } }\n");
  REQUIRE(mixed.device.bgp);
  CHECK(mixed.device.bgp->asn == 0u);
  CHECK(neighbor(mixed.device, "192.0.2.5").local_as == 65020u);
  CHECK(hasWarning(mixed, 1, "protocols bgp without routing-options autonomous-system"));
}

TEST_CASE("BGP export policies bring the protocols they accept into BGP") {
  auto r = parse(
      "routing-options { autonomous-system 65001; }\n"
      "protocols { bgp { group e { type external; peer-as 2; export OUT; neighbor 192.0.2.1; }\n"
      "                  group i { type internal; export NHS; neighbor 10.0.0.2; } } }\n"
      "policy-options {\n"
      "    policy-statement OUT {\n"
      "        term statics { from protocol [ static aggregate ]; then accept; }\n"
      "        term ospf { from protocol ospf; then reject; }\n"
      "    }\n"
      "    policy-statement NHS { then next-hop self; }\n"
      "}\n");
  REQUIRE(r.device.bgp);
  std::vector<model::RouteSource> sources;
  for (const auto& x : r.device.bgp->redistributions) {
    sources.push_back(x.source);
    CHECK(x.span.first_line == 2);
  }
  CHECK(sources == std::vector<model::RouteSource>{model::RouteSource::Static,
                                                  model::RouteSource::Aggregate});
  CHECK(junos::sourcesAccepted(r.device, {"NHS"}).empty());
}

TEST_CASE("policy-statement terms: order, actions, sets") {
  auto r = parse(
      "policy-options {\n"                                                        // 1
      "    prefix-list CUST { 10.1.0.0/16; 10.2.0.0/16; }\n"                      // 2
      "    community TAGGED members 65001:100;\n"                                 // 3
      "    community BOTH members [ 65001:1 no-export ];\n"                       // 4
      "    community ANY-65001 members \"^65001:.*$\";\n"                          // 5
      "    as-path FROM-64500 \"64500 .*\";\n"                                     // 6
      "    policy-statement P {\n"                                                // 7
      "        then reject;\n"                                                    // 8
      "        term a {\n"                                                        // 9
      "            from { prefix-list CUST; community TAGGED; }\n"                // 10
      "            then { local-preference 200; community add BOTH; next term; }\n"  // 11
      "        }\n"                                                               // 12
      "        term b {\n"                                                        // 13
      "            from { protocol bgp; as-path FROM-64500; neighbor 192.0.2.1; }\n"  // 14
      "            then { metric add 10; as-path-prepend \"65001 65001\"; origin incomplete; next policy; }\n"  // 15
      "        }\n"                                                               // 16
      "        term c {\n"                                                        // 17
      "            from { next-hop 10.0.0.2; tag 5; }\n"                          // 18
      "            then { community set BOTH; community delete ANY-65001; tag 9; next-hop 10.9.9.9; }\n"  // 19
      "        }\n"                                                               // 20
      "        term d { then { next-hop self; external { type 1; } metric 20; accept; } }\n"  // 21
      "    }\n"                                                                   // 22
      "}\n");
  CHECK(r.warnings.empty());
  const auto& d = r.device;
  const auto& p = d.route_policies.at("P");
  CHECK(p.span == model::SourceSpan{"configs/r1.conf", 7, 21});
  REQUIRE(p.clauses.size() == 5);
  std::vector<std::string> names;
  for (const auto& c : p.clauses) names.push_back(c.name);
  CHECK(names == std::vector<std::string>{"a", "b", "c", "d", ""});  // unnamed term last

  const auto& a = p.clauses[0];
  CHECK(a.span == model::SourceSpan{"configs/r1.conf", 9, 11});
  CHECK(a.action == model::ClauseAction::NextClause);
  REQUIRE(a.matches.size() == 2);
  CHECK(a.matches[0].kind == model::PolicyMatch::Kind::PrefixList);
  CHECK(a.matches[0].names == std::vector<std::string>{"CUST"});
  CHECK(a.matches[1].kind == model::PolicyMatch::Kind::CommunityList);
  CHECK(a.matches[1].span.first_line == 10);
  REQUIRE(a.sets.size() == 2);
  CHECK(a.sets[0].kind == model::PolicySet::Kind::LocalPref);
  CHECK(a.sets[0].value == 200);
  CHECK(a.sets[0].span.first_line == 11);
  CHECK(a.sets[1].kind == model::PolicySet::Kind::Community);
  CHECK(a.sets[1].additive);
  CHECK(a.sets[1].communities == std::vector<model::Community>{(65001u << 16) | 1, model::kNoExport});

  const auto& b = p.clauses[1];
  CHECK(b.action == model::ClauseAction::NextPolicy);
  REQUIRE(b.matches.size() == 3);
  CHECK(b.matches[0].kind == model::PolicyMatch::Kind::Neighbor);
  CHECK(b.matches[0].address.str() == "192.0.2.1");
  CHECK(b.matches[1].kind == model::PolicyMatch::Kind::SourceProtocol);
  CHECK(b.matches[1].protocol == model::RouteSource::Bgp);
  CHECK(b.matches[2].kind == model::PolicyMatch::Kind::AsPathList);
  REQUIRE(b.sets.size() == 3);
  CHECK(b.sets[0].kind == model::PolicySet::Kind::Metric);
  CHECK(b.sets[0].delta == 1);
  CHECK(b.sets[1].asns == std::vector<uint32_t>{65001, 65001});
  CHECK(b.sets[2].origin == 2);

  const auto& c = p.clauses[2];
  CHECK(c.action == model::ClauseAction::NextClause);  // no terminating action
  CHECK(c.matches[0].kind == model::PolicyMatch::Kind::Tag);
  CHECK(c.matches[0].value == 5);
  CHECK(c.matches[1].kind == model::PolicyMatch::Kind::NextHopPrefixList);
  CHECK(d.prefix_lists.at(c.matches[1].names[0]).permits(pfx("10.0.0.2/32")));
  CHECK_FALSE(c.sets[0].additive);
  CHECK(c.sets[1].kind == model::PolicySet::Kind::CommunityDelete);
  CHECK(c.sets[1].names == std::vector<std::string>{"ANY-65001"});
  CHECK(c.sets[3].address.str() == "10.9.9.9");

  const auto& dd = p.clauses[3];
  CHECK(dd.action == model::ClauseAction::Permit);
  CHECK(dd.sets[0].peer_address);
  CHECK(dd.sets[1].kind == model::PolicySet::Kind::MetricType);
  CHECK(dd.sets[1].value == 1);
  CHECK(p.clauses[4].action == model::ClauseAction::Deny);
  CHECK(p.clauses[4].matches.empty());  // a term without `from` matches every route

  // Match lists behave as Junos defines them.
  CHECK_FALSE(d.community_lists.count("BOTH"));  // only added and set: values, not a list
  CHECK(d.community_lists.at("TAGGED").permits({(65001u << 16) | 100, model::kNoExport}));
  CHECK_FALSE(d.community_lists.at("TAGGED").permits({(65001u << 16) | 1}));
  CHECK(d.community_lists.at("ANY-65001").permits({(64500u << 16) | 3, (65001u << 16) | 77}));
  CHECK_FALSE(d.community_lists.at("ANY-65001").permits({(64500u << 16) | 65001}));
  CHECK(d.as_path_lists.at("FROM-64500").permits({64500}));
  CHECK(d.as_path_lists.at("FROM-64500").permits({64500, 3356, 15169}));
  CHECK_FALSE(d.as_path_lists.at("FROM-64500").permits({3356, 64500}));
  CHECK_FALSE(d.as_path_lists.at("FROM-64500").permits({645001}));
}

TEST_CASE("AS-path regex translation") {
  auto matches = [](const char* junos, std::vector<uint32_t> path) {
    model::AsPathList l;
    l.entries.push_back({model::Action::Permit, *junos::asPathRegexFromJunos(junos), {}});
    return l.permits(path);
  };
  CHECK(matches("()", {}));
  CHECK_FALSE(matches("()", {1}));
  CHECK(matches(".* 65000", {1, 2, 65000}));
  CHECK_FALSE(matches(".* 65000", {65000, 1}));
  CHECK(matches("65000+", {65000, 65000}));
  CHECK(matches("(1|2) .{0,2}", {2, 7, 8}));
  CHECK_FALSE(matches("(1|2) .{0,2}", {2, 7, 8, 9}));
  CHECK(matches(".* 64512-64520 .*", {3, 64515, 4}));
  CHECK_FALSE(matches(".* 64512-64520 .*", {3, 64521, 4}));
  CHECK(matches("^65000$", {65000}));
  CHECK_FALSE(junos::asPathRegexFromJunos("65000 [abc]"));
  // Range bounds beyond 32 bits are no AS numbers (std::stoull threw, found by fuzz_driver).
  CHECK_FALSE(junos::asPathRegexFromJunos("1-99999999999999999999"));
  CHECK_FALSE(junos::asPathRegexFromJunos("99999999999999999999-1"));
  auto p = parse("policy-options { as-path BIG \"1-99999999999999999999\"; }\n");
  REQUIRE(p.warnings.size() == 1);
  CHECK(p.warnings[0].message == "not modelled: AS-path regex \"1-99999999999999999999\"");
}

TEST_CASE("route-filters: match types and longest-match semantics") {
  auto r = parse(
      "policy-options {\n"                                                     // 1
      "    prefix-list PL { 172.16.0.0/12; }\n"                                // 2
      "    policy-statement RF {\n"                                            // 3
      "        term t {\n"                                                     // 4
      "            from {\n"                                                   // 5
      "                route-filter 10.0.0.0/8 orlonger;\n"                    // 6
      "                route-filter 10.1.0.0/16 exact;\n"                      // 7
      "                route-filter 10.2.0.0/16 upto /24;\n"                   // 8
      "                route-filter 10.3.0.0/16 longer;\n"                     // 9
      "                route-filter 10.4.0.0/16 prefix-length-range /20-/22;\n"  // 10
      "                route-filter 10.5.0.0/16 exact reject;\n"               // 11
      "                prefix-list-filter PL orlonger;\n"                      // 12
      "            }\n"                                                        // 13
      "            then accept;\n"                                             // 14
      "        }\n"                                                            // 15
      "    }\n"                                                                // 16
      "}\n");
  CHECK(r.warnings.empty());
  const auto& d = r.device;
  const auto& p = d.route_policies.at("RF");
  REQUIRE(p.clauses.size() == 2);
  const auto& main = p.clauses[0];
  const auto& own = p.clauses[1];
  CHECK(main.action == model::ClauseAction::Permit);
  CHECK(own.action == model::ClauseAction::Deny);
  auto accepted = [&](const char* prefix) { return prefixMatches(d, main, pfx(prefix)); };
  auto rejected = [&](const char* prefix) { return prefixMatches(d, own, pfx(prefix)); };
  CHECK(accepted("10.0.0.0/8"));
  CHECK(accepted("10.200.0.0/16"));
  CHECK(accepted("10.1.0.0/16"));
  // Longest match: 10.1.0.0/24 is under the `10.1.0.0/16 exact` filter, which fails, so the
  // shorter 10.0.0.0/8 orlonger does not get a say.
  CHECK_FALSE(accepted("10.1.0.0/24"));
  CHECK(accepted("10.2.3.0/24"));
  CHECK_FALSE(accepted("10.2.3.0/25"));
  CHECK_FALSE(accepted("10.3.0.0/16"));
  CHECK(accepted("10.3.128.0/17"));
  CHECK(accepted("10.4.16.0/20"));
  CHECK_FALSE(accepted("10.4.0.0/16"));
  CHECK_FALSE(accepted("10.4.0.0/23"));
  CHECK(rejected("10.5.0.0/16"));
  CHECK_FALSE(accepted("10.5.0.0/16"));
  CHECK_FALSE(rejected("10.5.1.0/24"));
  CHECK_FALSE(rejected("10.1.0.0/16"));
  CHECK(accepted("172.16.5.0/24"));  // prefix-list-filter orlonger
  CHECK_FALSE(accepted("192.168.0.0/16"));
  auto rf = d.prefix_lists.find("RF/t/route-filter");
  REQUIRE(rf != d.prefix_lists.end());
  CHECK(rf->second.entries.front().span.first_line >= 6);
}

TEST_CASE("routing-instances R interface X moves unit X out of the master instance") {
  auto r = parse(
      "interfaces { lo0 { unit 0 { family inet { address 10.0.0.1/32; } } "
      "unit 10 { family inet { address 10.0.0.10/32; } } } "
      "ge-0/0/1 { unit 0 { family inet { address 10.1.0.1/30; } } } }\n"
      "routing-instances { cust10 { instance-type virtual-router; interface lo0.10; } "
      "cust20 { interface ge-0/0/1; } }\n");
  CHECK(iface(r.device, "lo0.0").vrf.empty());
  CHECK(iface(r.device, "lo0.0").routes());
  CHECK(iface(r.device, "lo0.10").vrf == "cust10");
  CHECK_FALSE(iface(r.device, "lo0.10").routes());
  CHECK(iface(r.device, "ge-0/0/1.0").vrf == "cust20");  // a bare name is unit 0
  CHECK(r.warnings.empty());
  CHECK(r.device.vrfs.count("cust10"));
  CHECK(r.device.vrfs.count("cust20"));
}

TEST_CASE("routing-instances: virtual-router and vrf with their static routes, BGP, RD and targets") {
  auto r = parse(
      "interfaces { ge-0/0/1 { unit 0 { family inet { address 10.1.0.1/30; } } } }\n"  // 1
      "routing-options { autonomous-system 65001; router-id 1.1.1.1; }\n"              // 2
      "routing-instances {\n"                                                         // 3
      "  CUST {\n"                                                                    // 4
      "    instance-type vrf;\n"                                                      // 5
      "    interface ge-0/0/1.0;\n"                                                   // 6
      "    route-distinguisher 65001:10;\n"                                           // 7
      "    vrf-target target:65001:10;\n"                                             // 8
      "    vrf-import IMP;\n"                                                         // 9
      "    routing-options { static { route 10.50.0.0/16 next-hop 10.1.0.2; } }\n"    // 10
      "    protocols { bgp { group ce { type external; peer-as 65100;\n"              // 11
      "      neighbor 10.1.0.2; } } }\n"                                              // 12
      "  }\n"                                                                         // 13
      "  VR { instance-type virtual-router;\n"                                        // 14
      "    routing-options { router-id 9.9.9.9; static { route 0.0.0.0/0 discard; } } }\n"  // 15
      "}\n");
  CHECK(iface(r.device, "ge-0/0/1.0").vrf == "CUST");
  CHECK(r.device.static_routes.empty());
  CHECK_FALSE(r.device.bgp);
  const auto& cust = r.device.vrfs.at("CUST");
  CHECK(cust.span == model::SourceSpan{"configs/r1.conf", 4, 12});
  CHECK(cust.route_distinguisher == "65001:10");
  CHECK(cust.route_distinguisher_span == model::SourceSpan{"configs/r1.conf", 7, 7});
  REQUIRE(cust.import_targets.size() == 1);
  CHECK(cust.import_targets[0].value == "65001:10");
  REQUIRE(cust.export_targets.size() == 1);
  CHECK(cust.export_targets[0].span == model::SourceSpan{"configs/r1.conf", 8, 8});
  REQUIRE(cust.static_routes.size() == 1);
  CHECK(cust.static_routes[0].prefix == *model::Prefix::parse("10.50.0.0/16"));
  CHECK(cust.static_routes[0].span.first_line == 10);
  REQUIRE(cust.bgp);
  CHECK(cust.bgp->asn == 65001);  // the master's AS
  CHECK(cust.bgp->router_id == model::Ipv4::parse("1.1.1.1"));
  REQUIRE(cust.bgp->neighbors.size() == 1);
  CHECK(cust.bgp->neighbors[0].remote_as == 65100u);
  CHECK(cust.bgp->neighbors[0].span.last_line == 12);
  CHECK(hasWarning(r, 9, "not modelled: VRF import policies"));
  const auto& vr = r.device.vrfs.at("VR");
  REQUIRE(vr.static_routes.size() == 1);
  CHECK(vr.static_routes[0].null_route);
  CHECK_FALSE(vr.bgp);
  CHECK(r.warnings.size() == 1);
}

TEST_CASE("unknown, unsupported and ignored statements") {
  auto r = parse(
      "system { host-name r1; syslog { file messages { any notice; } } }\n"  // 1
      "snmp { community public; }\n"                                         // 2
      "frobnicate { widgets 3; }\n"                                          // 3
      "interfaces { ge-0/0/0 { unit 0 { family inet { address 10.0.0.1/30; bogus-knob; } } } }\n"  // 4
      "routing-instances { VRF-A { instance-type vrf; provider-tunnel x; } VRF-B { multicast-snooping-options y; } }\n"  // 5
      "protocols { bgp { group g { type external; peer-as 1; neighbor 10.0.0.2; weird 1; } } }\n"  // 6
      "policy-options { policy-statement P { term t { then frob; } } }\n");  // 7
  CHECK(hasWarning(r, 3, "unrecognized syntax"));
  CHECK(hasWarning(r, 4, "unrecognized syntax"));
  CHECK(hasWarning(r, 6, "unrecognized syntax"));
  CHECK(hasWarning(r, 7, "unrecognized syntax"));
  CHECK(hasWarning(r, 5, "not modelled: routing-instances"));
  auto count = std::count_if(r.warnings.begin(), r.warnings.end(), [](const model::ParseWarning& w) {
    return w.message.rfind("not modelled: routing-instances", 0) == 0;
  });
  CHECK(count == 1);  // once per device, not per line
  CHECK_FALSE(hasWarning(r, 1, ""));
  CHECK_FALSE(hasWarning(r, 2, ""));
  for (const auto& w : r.warnings) {
    CHECK(w.file == "configs/r1.conf");
    CHECK_FALSE(w.text.empty());
  }
  auto w3 = std::find_if(r.warnings.begin(), r.warnings.end(), [](const auto& w) { return w.line == 3; });
  CHECK(w3->text == "frobnicate { widgets 3; }");
}

TEST_CASE("garbage input warns and never crashes") {
  for (std::string text : {std::string("}}}}"), std::string("interfaces { ge-0/0/0 { unit { } } }"),
                           std::string("protocols { bgp { group { neighbor; } } }"),
                           std::string("set protocols bgp group\nset routing-options static route\n"),
                           std::string("policy-options { policy-statement { term { from route-filter; } } }"),
                           std::string("set policy-options policy-statement P term t from route-filter 10.0.0.0/8 upto\n"),
                           std::string("set policy-options as-path A \"((((\"\n"),
                           std::string("routing-options { autonomous-system 99999999999; }"),
                           std::string("\x01\x02\xff\xfe binary { ; }")}) {
    auto r = parse(text);
    CHECK_MESSAGE(!r.warnings.empty(), text);
  }
}

TEST_CASE("deactivate in the set form removes the subtree from the model") {
  auto r = parse(
      "set interfaces ge-0/0/0 unit 0 family inet address 10.0.0.1/30\n"
      "set protocols bgp group g type external\n"
      "set protocols bgp group g peer-as 64500\n"
      "set protocols bgp group g neighbor 10.0.0.2\n"
      "set protocols bgp group g neighbor 10.0.0.6\n"
      "set routing-options autonomous-system 65001\n"
      "deactivate protocols bgp group g neighbor 10.0.0.6\n");
  CHECK(r.warnings.empty());
  REQUIRE(r.device.bgp);
  CHECK(r.device.bgp->neighbors.size() == 1);
  CHECK(r.device.bgp->neighbors[0].span.first_line == 4);
}

TEST_CASE("apply-groups with wildcards reach the model, with the group's lines") {
  auto r = parse(
      "groups {\n"                                                            // 1
      "    OSPF-P2P {\n"                                                      // 2
      "        protocols { ospf { area <*> { interface <ge-*> { interface-type p2p; metric 50; } } } }\n"  // 3
      "    }\n"                                                               // 4
      "}\n"                                                                   // 5
      "interfaces { ge-0/0/0 { unit 0 { family inet address 10.0.0.1/30; } }\n"  // 6
      "             lo0 { unit 0 { family inet address 10.255.0.1/32; } } }\n"  // 7
      "protocols { ospf { apply-groups OSPF-P2P; area 0 { interface ge-0/0/0.0; interface lo0.0 { passive; } } } }\n");  // 8
  CHECK(r.warnings.empty());
  const auto& g = iface(r.device, "ge-0/0/0.0");
  CHECK(g.ospf_point_to_point);
  CHECK(g.ospf_cost == 50u);
  CHECK(g.ospf_cost_span.first_line == 3);
  CHECK_FALSE(iface(r.device, "lo0.0").ospf_point_to_point);
}

TEST_CASE("the example edge router parses without warnings") {
  auto r = parseJunos({{"configs/edge1.conf", readFile("tests/data/junos/edge1.conf")}});
  for (const auto& w : r.warnings) MESSAGE(w.line << ": " << w.message << " [" << w.text << "]");
  CHECK(r.warnings.empty());
  const auto& d = r.device;
  CHECK(d.name == "edge1");
  CHECK(d.hostname_span.first_line == 17);  // from the re0 group
  CHECK_FALSE(d.findInterface("ge-0/0/3.0"));  // inactive:
  CHECK(d.findInterface("ge-0/0/4.0")->shutdown);
  CHECK(d.bgp->neighbors.size() == 3);  // the inactive neighbor is gone
  CHECK(neighbor(d, "203.0.113.1").import_policies == std::vector<std::string>{"BOGONS", "ISP-A-IN"});
  CHECK(d.ospf->export_policies == std::vector<std::string>{"OSPF-EXPORT"});
  // LOAD-BALANCE only serves the forwarding table: not a routing policy of the model.
  CHECK(d.route_policies.size() == 6);
  CHECK_FALSE(d.route_policies.count("LOAD-BALANCE"));
  // Communities only added by policies are values there, not lists nothing references.
  CHECK_FALSE(d.community_lists.count("FROM-ISP-A"));
  CHECK(d.community_lists.count("ISP-A-CUSTOMER"));
}

TEST_CASE("the example border router (set form, groups with wildcards)") {
  auto r = parseJunos({{"configs/border2.set", readFile("tests/data/junos/border2.set")}});
  REQUIRE(r.warnings.size() == 1);  // the firewall filter on lo0 is outside the model
  CHECK(r.warnings[0].line == 42);
  CHECK(r.warnings[0].message == "not modelled: firewall filters on interfaces");
  const auto& d = r.device;
  CHECK(d.name == "border2");
  CHECK(iface(d, "xe-0/0/0.0").ospf_point_to_point);  // from the CORE-LINKS group
  CHECK(iface(d, "xe-0/0/0.0").ospf_cost == 100u);
  CHECK_FALSE(iface(d, "ge-0/0/3.0").ospf_point_to_point);
  CHECK(iface(d, "ge-0/0/4.200").shutdown);
  CHECK(d.ospf->span == model::SourceSpan{"configs/border2.set", 54, 58});  // not the group's lines
  CHECK(neighbor(d, "192.0.2.133").import_policies == std::vector<std::string>{"SANITY", "IX-IN", "DEPREF"});
  CHECK(neighbor(d, "192.0.2.131").import_policies == std::vector<std::string>{"SANITY", "IX-IN"});
  CHECK(d.bgp->maximum_paths_ebgp == 64);
  CHECK(d.bgp->as_path_multipath_relax);
  CHECK(d.aggregate_routes.size() == 1);
  CHECK_FALSE(d.prefix_lists.count("ACME"));  // only its prefix-list-filter copy is used
  CHECK(d.prefix_lists.count("ACME~orlonger"));
  CHECK(d.prefix_lists.count("OUR-SPACE"));  // also matched as it is
  const auto& sanity = d.route_policies.at("SANITY");
  REQUIRE(sanity.clauses.size() == 4);
  CHECK(prefixMatches(d, sanity.clauses[0], pfx("10.1.0.0/16")));      // martian
  CHECK_FALSE(prefixMatches(d, sanity.clauses[0], pfx("8.8.8.0/24")));
  CHECK(prefixMatches(d, sanity.clauses[1], pfx("8.8.8.128/25")));     // too specific
  CHECK_FALSE(prefixMatches(d, sanity.clauses[1], pfx("8.8.8.0/24")));
}
