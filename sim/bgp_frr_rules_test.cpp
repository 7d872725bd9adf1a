// BGP rules found on FRR's own topotests (tests/fidelity/corpus/topotests), each pinned on a
// small network: third-party next hops on a shared subnet, as-override, local-as,
// remove-private-as, local-preference +N/-N, extended and large communities, aggregates' AS_SET
// from every path, and the peer on the session: `match peer`, `set as-path exclude`,
// `passive`, BGP roles and OTC (RFC 9234).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>

#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

namespace {

PolicyClause clauseWith(uint32_t seq, std::vector<PolicySet> sets, std::vector<PolicyMatch> matches = {},
                        ClauseAction action = ClauseAction::Permit) {
  PolicyClause c;
  c.seq = seq;
  c.action = action;
  c.sets = std::move(sets);
  c.matches = std::move(matches);
  return c;
}

void setPolicy(NetworkBuilder& b, const std::string& node, const std::string& name,
               std::vector<PolicyClause> clauses) {
  RoutePolicy p;
  p.name = name;
  p.clauses = std::move(clauses);
  b.dev(node).route_policies[name] = p;
}

// The AS path of `node`'s route to `prefix` (the test fails without one).
std::vector<uint32_t> asPathAt(NetworkBuilder& b, const std::string& node, const std::string& prefix) {
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, node, prefix);
  REQUIRE(r);
  return std::vector<uint32_t>(r->as_path.begin(), r->as_path.end());
}

PolicyMatch peerAddress(const std::string& address) {
  PolicyMatch m;
  m.kind = PolicyMatch::Kind::Neighbor;
  m.address = *Ipv4::parse(address);
  return m;
}

PolicySet metric(uint32_t value) {
  PolicySet s;
  s.kind = PolicySet::Kind::Metric;
  s.value = value;
  return s;
}

// `node`'s statement for `peer`, addressed over the link NetworkBuilder::link made.
BgpNeighbor& statement(NetworkBuilder& b, const std::string& node, const std::string& peer) {
  auto* n = const_cast<BgpNeighbor*>(
      b.dev(node).bgp->findNeighbor(b.dev(peer).findInterface("to-" + node)->address->address));
  REQUIRE(n);
  return *n;
}

}  // namespace

TEST_CASE("eBGP on a shared subnet: a learned next hop on it goes out unchanged") {
  // topotest bgp_ebgp_common_subnet_nexthop_unchanged: r1 and r2 peer with r3 only, all three
  // on 192.168.1.0/24; r2 forwards straight to r1.
  NetworkBuilder b;
  b.router("r1");
  b.router("r2");
  b.router("r3");
  b.iface("r1", "eth0", "192.168.1.1/24");
  b.iface("r2", "eth0", "192.168.1.103/24");
  b.iface("r3", "eth0", "192.168.1.101/24");
  b.iface("r1", "lo", "172.16.1.1/32");
  b.addLink(Link{"r1", "eth0", "r3", "eth0"});
  b.addLink(Link{"r3", "eth0", "r2", "eth0"});
  b.bgp("r1", 65001);
  b.bgp("r2", 65103);
  b.bgp("r3", 65000);
  for (auto [node, peer, as] : {std::tuple{"r1", "192.168.1.101", 65000u}, {"r2", "192.168.1.101", 65000u},
                                {"r3", "192.168.1.1", 65001u}, {"r3", "192.168.1.103", 65103u}}) {
    auto& n = b.neighbor(node, peer, as);
    n.import_policies = n.export_policies = {"ALL"};
  }
  for (auto n : {"r1", "r2", "r3"}) b.permitAll(n);
  b.network("r1", "172.16.1.1/32");
  SUBCASE("third-party next hop") {
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r2", "172.16.1.1/32");
    REQUIRE(r);
    REQUIRE(r->next_hops.size() == 1);
    CHECK(r->next_hops[0].ip == Ipv4::parse("192.168.1.1"));
    CHECK(r->next_hops[0].node == "r1");
    CHECK(r->as_path == std::vector<uint32_t>{65000, 65001});
  }
  SUBCASE("next-hop-self keeps the sender's address") {
    b.dev("r3").bgp->neighbors[1].next_hop_self = true;
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r2", "172.16.1.1/32");
    REQUIRE(r);
    CHECK(r->next_hops[0].ip == Ipv4::parse("192.168.1.101"));
  }
}

TEST_CASE("as-override: the receiver's AS in the path becomes the sender's") {
  // topotest bgp_as_override: r4 shares r1's AS and takes r1's routes through r3's override.
  auto b = ebgpChain();
  b.router("r4");
  b.link("r3", "r4", "10.0.34.0/30");
  b.bgp("r4", 65001);
  b.ebgp("r3", "r4");
  SUBCASE("without it r4 drops the route (its own AS in the path)") {
    auto dp = simulate(b.build());
    CHECK_FALSE(routeAt(dp, "r4", "10.1.0.0/24"));
  }
  SUBCASE("with it") {
    b.dev("r3").bgp->neighbors.back().as_override = true;
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r4", "10.1.0.0/24");
    REQUIRE(r);
    CHECK(r->as_path == std::vector<uint32_t>{65003, 65002, 65003});
  }
}

TEST_CASE("local-as: sent with the router's AS behind it, prepended on receipt") {
  // r2 (65002) presents 500 to r3 and 600 to r1.
  auto b = ebgpChain();
  auto& toR3 = b.dev("r2").bgp->neighbors.back();
  auto& toR1 = b.dev("r2").bgp->neighbors.front();
  toR3.local_as = 500;
  toR1.local_as = 600;
  b.dev("r3").bgp->neighbors.back().remote_as = 500;
  b.dev("r1").bgp->neighbors.back().remote_as = 600;
  auto pathAt = [&](const std::string& node) { return asPathAt(b, node, "10.1.0.0/24"); };
  SUBCASE("no flags") {
    CHECK(pathAt("r2") == std::vector<uint32_t>{600, 65001});
    CHECK(pathAt("r3") == std::vector<uint32_t>{500, 65002, 600, 65001});
  }
  SUBCASE("no-prepend replace-as") {
    toR1.local_as_no_prepend = true;
    toR3.local_as_replace_as = true;
    CHECK(pathAt("r2") == std::vector<uint32_t>{65001});
    CHECK(pathAt("r3") == std::vector<uint32_t>{500, 65001});
  }
}

TEST_CASE("remove-private-as before the prepend; a private own AS hides behind local-as") {
  // topotest bgp_local_as_private_remove: r1 (65000, private) presents 500 with
  // remove-private-AS: r2 sees [500]; with a public AS (3000) r2 would see [500, 3000].
  auto b = ebgpChain();
  b.dev("r2").bgp->asn = 2;
  b.dev("r3").bgp->asn = 3;
  b.dev("r1").bgp->neighbors.back().remote_as = 2;
  b.dev("r3").bgp->neighbors.back().remote_as = 2;
  b.dev("r2").bgp->neighbors.back().remote_as = 3;
  auto& r2ToR3 = b.dev("r2").bgp->neighbors.back();
  auto pathAt = [&](const std::string& node) { return asPathAt(b, node, "10.1.0.0/24"); };
  SUBCASE("the whole path private: removed") {
    r2ToR3.remove_private_as = true;
    CHECK(pathAt("r3") == std::vector<uint32_t>{2});
  }
  SUBCASE("replace-as") {
    r2ToR3.remove_private_as = r2ToR3.remove_private_as_replace = true;
    CHECK(pathAt("r3") == std::vector<uint32_t>{2, 2});
  }
  SUBCASE("local-as over a private AS") {
    auto& r1ToR2 = b.dev("r1").bgp->neighbors.back();
    r1ToR2.local_as = 500;
    b.dev("r2").bgp->neighbors.front().remote_as = 500;
    CHECK(pathAt("r2") == std::vector<uint32_t>{500, 65001});
    r1ToR2.remove_private_as = true;
    CHECK(pathAt("r2") == std::vector<uint32_t>{500});
  }
}

TEST_CASE("set local-preference +N / -N adjusts the value the route has") {
  // topotest bgp_set_local_preference_add_subtract: r2 announces with +50, r3 with -50; r1
  // prefers r2 (150 over 50) instead of splitting between two equal paths.
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3"}) {
    b.router(n);
    b.bgp(n, 65000);
  }
  b.iface("r1", "eth0", "192.168.255.1/24");
  b.iface("r2", "eth0", "192.168.255.2/24");
  b.iface("r3", "eth0", "192.168.255.3/24");
  b.addLink(Link{"r1", "eth0", "r2", "eth0"});
  b.addLink(Link{"r2", "eth0", "r3", "eth0"});
  for (auto n : {"r2", "r3"}) {
    b.iface(n, "lo", "172.16.255.254/32");
    b.neighbor("r1", std::string("192.168.255.") + (n[1] == '2' ? "2" : "3"), 65000);
    auto& out = b.neighbor(n, "192.168.255.1", 65000);
    out.export_policies = {"OUT"};
    b.dev(n).bgp->redistributions.emplace_back().source = RouteSource::Connected;
    PolicySet lp;
    lp.kind = PolicySet::Kind::LocalPref;
    lp.value = 50;
    lp.delta = n[1] == '2' ? 1 : -1;
    setPolicy(b, n, "OUT", {clauseWith(10, {lp})});
  }
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r1", "172.16.255.254/32");
  REQUIRE(r);
  CHECK(r->local_pref == 150u);
  CHECK(nextHopNodes(*r) == std::vector<std::string>{"r2"});
}

TEST_CASE("extended and large communities: set on export, matched by lists on import") {
  // topotests bgp_ecomm_list_match / bgp_large_comm_list_match.
  for (bool large : {false, true}) {
    CAPTURE(large);
    auto b = ebgpChain();
    PolicySet tag;
    tag.kind = large ? PolicySet::Kind::LargeCommunity : PolicySet::Kind::ExtCommunity;
    tag.text_communities = large ? std::vector<std::string>{"65001:1:1", "65001:2:1"}
                                 : std::vector<std::string>{"rt 65001:1", "rt 65001:2"};
    tag.additive = true;
    setPolicy(b, "r1", "ALL", {clauseWith(10, {tag})});
    CommunityList list;
    list.name = "1";
    CommunityListEntry e;
    e.values = {tag.text_communities[1]};
    list.entries.push_back(e);
    (large ? b.dev("r2").large_community_lists : b.dev("r2").ext_community_lists)["1"] = list;
    PolicyMatch m;
    m.kind = large ? PolicyMatch::Kind::LargeCommunityList : PolicyMatch::Kind::ExtCommunityList;
    m.names = {"1"};
    SUBCASE("the list matches: denied") {
      setPolicy(b, "r2", "ALL", {clauseWith(10, {}, {m}, ClauseAction::Deny), clauseWith(20, {})});
      auto dp = simulate(b.build());
      CHECK_FALSE(routeAt(dp, "r2", "10.1.0.0/24"));
      CHECK_FALSE(routeAt(dp, "r3", "10.1.0.0/24"));
    }
    SUBCASE("exact-match needs every value: permitted") {
      m.exact = true;
      setPolicy(b, "r2", "ALL", {clauseWith(10, {}, {m}, ClauseAction::Deny), clauseWith(20, {})});
      auto dp = simulate(b.build());
      CHECK(routeAt(dp, "r2", "10.1.0.0/24"));
    }
    SUBCASE("not sent without send-community: permitted") {
      auto& n = b.dev("r1").bgp->neighbors.back();
      n.send_community_extended = n.send_community_large = false;
      setPolicy(b, "r2", "ALL", {clauseWith(10, {}, {m}, ClauseAction::Deny), clauseWith(20, {})});
      auto dp = simulate(b.build());
      CHECK(routeAt(dp, "r2", "10.1.0.0/24"));
    }
  }
}

TEST_CASE("default-originate: FRR 8.4 withholds every prefix whose address is 0.0.0.0") {
  // topotest bgp_default_route: r1 announces 0.0.0.0/1 (a blackhole static) and sends r2 a
  // default; FRR 8.4's r2 has the default only (subgroup_announce_check tests the address).
  for (Vendor vendor : {Vendor::Frr, Vendor::Ios}) {
    CAPTURE(static_cast<int>(vendor));
    auto b = ebgpChain(vendor);
    StaticRoute half;
    half.prefix = *Prefix::parse("0.0.0.0/1");
    half.null_route = true;
    b.dev("r1").static_routes.push_back(half);
    b.network("r1", "0.0.0.0/1");
    b.dev("r1").bgp->neighbors.back().default_originate = true;
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r2", "0.0.0.0/0"));
    CHECK(routeAt(dp, "r2", "10.1.0.0/24"));
    CHECK((routeAt(dp, "r2", "0.0.0.0/1") == nullptr) == (vendor == Vendor::Frr));
  }
}

TEST_CASE("BLACKHOLE received over eBGP: FRR adds NO_EXPORT, so the route stays in the AS") {
  // topotest bgp_blackhole_community: r1 tags its routes blackhole towards r2; FRR's r2 keeps
  // them (with no-export added) and does not pass them to r3 over eBGP. IOS adds nothing.
  for (Vendor vendor : {Vendor::Frr, Vendor::Ios}) {
    CAPTURE(static_cast<int>(vendor));
    auto b = ebgpChain(vendor);
    b.dev("r1").bgp->neighbors.back().send_community = true;
    PolicySet tag;
    tag.kind = PolicySet::Kind::Community;
    tag.communities = {kBlackhole};
    setPolicy(b, "r1", "ALL", {clauseWith(10, {tag})});
    auto dp = simulate(b.build());
    const Route* atR2 = routeAt(dp, "r2", "10.1.0.0/24");
    REQUIRE(atR2);
    bool noExport = std::count(atR2->communities.begin(), atR2->communities.end(), kNoExport) == 1;
    CHECK(noExport == (vendor == Vendor::Frr));
    CHECK((routeAt(dp, "r3", "10.1.0.0/24") == nullptr) == (vendor == Vendor::Frr));
  }
}

TEST_CASE("match peer local: the network route-map's clause, not the import map's") {
  // topotest bgp_match_peer: r1's route-map `all` sets metric 1 on `match peer local`, 2 on
  // everything else; it is r1's network route-map and its import map. Real FRR: r2 gets
  // 10.1.0.0/24 with MED 1, r1 takes r2's route with MED 2.
  auto b = ebgpChain();
  b.iface("r2", "lan", "10.2.0.1/24");
  b.network("r2", "10.2.0.0/24");
  PolicyMatch local;
  local.kind = PolicyMatch::Kind::LocalOrigin;
  setPolicy(b, "r1", "all",
            {clauseWith(5, {metric(1)}, {local}), clauseWith(10, {metric(2)})});
  b.dev("r1").bgp->networks.front().route_map = "all";
  statement(b, "r1", "r2").import_policies = {"all"};
  auto dp = simulate(b.build());
  const Route* atR2 = routeAt(dp, "r2", "10.1.0.0/24");
  const Route* atR1 = routeAt(dp, "r1", "10.2.0.0/24");
  REQUIRE(atR2);
  REQUIRE(atR1);
  CHECK(atR2->metric == 1);
  CHECK(atR1->metric == 2);
}

TEST_CASE("match peer A.B.C.D: the sender on import; on export the receiver, except in FRR 8.4") {
  auto b = ebgpChain();
  std::string r1Address = b.dev("r1").findInterface("to-r2")->address->address.str();
  std::string r3Address = b.dev("r3").findInterface("to-r2")->address->address.str();
  auto denyR3OnExport = [&](NetworkBuilder& net) {
    setPolicy(net, "r2", "OUT", {clauseWith(10, {}, {peerAddress(r3Address)}, ClauseAction::Deny),
                                 clauseWith(20, {})});
    statement(net, "r2", "r3").export_policies = {"OUT"};
    statement(net, "r2", "r1").export_policies = {"OUT"};
    return simulate(net.build());
  };
  SUBCASE("FRR: an outbound map runs on the update group's peer, which no `match peer` matches") {
    // Lab scenario bgp-peer-roles: real FRR 8.4 sends r1's lan to r7 past `match peer r7`.
    auto dp = denyR3OnExport(b);
    CHECK(routeAt(dp, "r3", "10.1.0.0/24"));
  }
  SUBCASE("Junos `from neighbor` in an export policy: the peer the route goes to") {
    auto junos = ebgpChain(Vendor::Junos);
    auto dp = denyR3OnExport(junos);
    CHECK(routeAt(dp, "r2", "10.1.0.0/24"));
    CHECK_FALSE(routeAt(dp, "r3", "10.1.0.0/24"));
  }
  SUBCASE("an import map denying the peer it came from") {
    setPolicy(b, "r2", "IN", {clauseWith(10, {}, {peerAddress(r1Address)}, ClauseAction::Deny),
                              clauseWith(20, {})});
    statement(b, "r2", "r1").import_policies = {"IN"};
    auto dp = simulate(b.build());
    CHECK_FALSE(routeAt(dp, "r2", "10.1.0.0/24"));
  }
  SUBCASE("an import map naming another address lets it through") {
    setPolicy(b, "r2", "IN", {clauseWith(10, {}, {peerAddress(r3Address)}, ClauseAction::Deny),
                              clauseWith(20, {})});
    statement(b, "r2", "r1").import_policies = {"IN"};
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r2", "10.1.0.0/24"));
  }
}

TEST_CASE("set as-path exclude: every occurrence of the listed ASes leaves the path") {
  // topotest bgp_set_aspath_exclude: r1 excludes 65003 from [65002, 65003] and sees [65002].
  auto b = ebgpChain();
  PolicySet exclude;
  exclude.kind = PolicySet::Kind::AsPathExclude;
  exclude.asns = {65001, 64999};
  setPolicy(b, "r3", "IN", {clauseWith(10, {exclude})});
  statement(b, "r3", "r2").import_policies = {"IN"};
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r3", "10.1.0.0/24");
  REQUIRE(r);
  CHECK(std::vector<uint32_t>(r->as_path.begin(), r->as_path.end()) == std::vector<uint32_t>{65002});
}

TEST_CASE("passive: one passive end still peers, two never do") {
  // topotest bgp_tcp_mss_passive: r1 passive, r2 active, the session comes up.
  auto b = ebgpChain();
  statement(b, "r2", "r3").passive = true;
  CHECK(routeAt(simulate(b.build()), "r3", "10.1.0.0/24"));
  statement(b, "r3", "r2").passive = true;
  auto dp = simulate(b.build());
  CHECK_FALSE(routeAt(dp, "r3", "10.1.0.0/24"));
  CHECK(routeAt(dp, "r2", "10.1.0.0/24"));
  bool reported = false;
  for (const auto& s : dp.sessions)
    if (s.node == "r2" && !s.established && s.reason == "both ends are passive") reported = true;
  CHECK(reported);
}

TEST_CASE("BGP roles: mismatched pairs do not peer; OTC keeps a customer's provider routes from its other provider") {
  auto b = ebgpChain();
  SUBCASE("provider facing peer: no session (topotest bgp_roles_capability r1 - r3)") {
    statement(b, "r1", "r2").local_role = BgpRole::Provider;
    statement(b, "r2", "r1").local_role = BgpRole::Peer;
    CHECK_FALSE(routeAt(simulate(b.build()), "r2", "10.1.0.0/24"));
  }
  SUBCASE("strict-mode facing no role: no session; without strict-mode it peers") {
    statement(b, "r1", "r2").local_role = BgpRole::Provider;
    CHECK(routeAt(simulate(b.build()), "r2", "10.1.0.0/24"));
    statement(b, "r1", "r2").role_strict = true;
    CHECK_FALSE(routeAt(simulate(b.build()), "r2", "10.1.0.0/24"));
  }
  SUBCASE("r2 is the customer of r1 and of r3: r1's route stops at r2") {
    statement(b, "r1", "r2").local_role = BgpRole::Provider;
    statement(b, "r2", "r1").local_role = BgpRole::Customer;
    CHECK(routeAt(simulate(b.build()), "r3", "10.1.0.0/24"));  // r2 - r3 without roles: sent on
    statement(b, "r2", "r3").local_role = BgpRole::Customer;
    statement(b, "r3", "r2").local_role = BgpRole::Provider;
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r2", "10.1.0.0/24"));
    CHECK_FALSE(routeAt(dp, "r3", "10.1.0.0/24"));
  }
  SUBCASE("a leak through a router without roles is caught by the next provider") {
    statement(b, "r1", "r2").local_role = BgpRole::Provider;
    statement(b, "r2", "r1").local_role = BgpRole::Customer;
    statement(b, "r3", "r2").local_role = BgpRole::Provider;  // r2 announces none towards r3
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r2", "10.1.0.0/24"));
    CHECK_FALSE(routeAt(dp, "r3", "10.1.0.0/24"));
  }
  SUBCASE("a provider's own route goes down to its customer, marked, and no further up") {
    b.router("r4");
    b.link("r3", "r4", "10.0.34.0/30");
    b.bgp("r4", 65004);
    b.ebgp("r3", "r4");
    statement(b, "r1", "r2").local_role = BgpRole::Provider;  // r1 -> r2 (customer)
    statement(b, "r2", "r1").local_role = BgpRole::Customer;
    statement(b, "r3", "r4").local_role = BgpRole::Customer;  // r3 is r4's customer
    statement(b, "r4", "r3").local_role = BgpRole::Provider;
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r3", "10.1.0.0/24"));  // r2 - r3 without roles
    CHECK_FALSE(routeAt(dp, "r4", "10.1.0.0/24"));
  }
}

TEST_CASE("a route reflector's outbound sets reach reflected routes only where the vendor allows") {
  // FRR subgroup_announce_check: the map runs on a copy for iBGP-to-iBGP routes unless
  // `bgp route-reflector allow-outbound-policy` (topotest bgp_aigp configures it). c1 announces
  // 10.9.0.0/24 to the RR, which reflects it to c2 through a map setting local-preference 300
  // and denying 10.8.0.0/24.
  for (auto [vendor, allow, expected] : {std::tuple{Vendor::Frr, false, 100u}, std::tuple{Vendor::Frr, true, 300u},
                                         std::tuple{Vendor::Ios, false, 300u}}) {
    CAPTURE(allow);
    CAPTURE(static_cast<int>(vendor));
    NetworkBuilder b;
    for (auto n : {"c1", "c2", "rr"}) {
      b.router(n, vendor);
      b.bgp(n, 65000);
    }
    b.link("c1", "rr", "10.0.1.0/30");
    b.link("c2", "rr", "10.0.2.0/30");
    for (auto [x, y] : {std::pair{"c1", "rr"}, std::pair{"rr", "c1"}, std::pair{"c2", "rr"}, std::pair{"rr", "c2"}})
      b.ospfTowards(x, y);
    b.iface("c1", "lan", "10.9.0.1/24");
    b.iface("c1", "lan2", "10.8.0.1/24");
    b.network("c1", "10.9.0.0/24");
    b.network("c1", "10.8.0.0/24");
    b.neighbor("c1", "10.0.1.2", 65000);
    b.neighbor("c2", "10.0.2.2", 65000);
    b.neighbor("rr", "10.0.1.1", 65000).route_reflector_client = true;
    auto& toC2 = b.neighbor("rr", "10.0.2.1", 65000);
    toC2.route_reflector_client = true;
    toC2.export_policies = {"OUT"};
    b.dev("rr").bgp->rr_allow_outbound_policy = allow;
    PolicySet lp;
    lp.kind = PolicySet::Kind::LocalPref;
    lp.value = 300;
    PrefixList deny;
    deny.name = "DENY8";
    deny.entries.push_back(PrefixListEntry{5, Action::Permit, *Prefix::parse("10.8.0.0/24"), std::nullopt, std::nullopt, {}});
    b.dev("rr").prefix_lists["DENY8"] = deny;
    PolicyMatch m;
    m.kind = PolicyMatch::Kind::PrefixList;
    m.names = {"DENY8"};
    setPolicy(b, "rr", "OUT", {clauseWith(5, {}, {m}, ClauseAction::Deny), clauseWith(10, {lp})});
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "c2", "10.9.0.0/24");
    REQUIRE(r);
    CHECK(r->local_pref == expected);
    CHECK(routeAt(dp, "c2", "10.8.0.0/24") == nullptr);  // the map still filters
  }
}

TEST_CASE("FRR builds an aggregate's AS_SET from every valid path of its contributors, others from the best") {
  // topotest bgp_confed2: r1's AS_SET held AS 900 from a path it had not selected, so r9
  // (AS 900) refused the aggregate (FRR bgp_aggregate_route walks every path of the table).
  for (Vendor vendor : {Vendor::Frr, Vendor::Ios}) {
    NetworkBuilder b;
    for (auto n : {"r1", "r2", "r3", "r4"}) b.router(n, vendor);
    b.link("r1", "r2", "10.0.12.0/30");
    b.link("r1", "r3", "10.0.13.0/30");
    b.link("r2", "r4", "10.0.24.0/30");
    b.link("r3", "r4", "10.0.34.0/30");
    b.iface("r4", "lan", "10.0.8.1/25");
    for (uint32_t i = 1; i <= 4; ++i) b.bgp("r" + std::to_string(i), 65000 + i);
    b.ebgp("r1", "r2");
    b.ebgp("r1", "r3");
    b.ebgp("r2", "r4");
    b.ebgp("r3", "r4");
    b.network("r4", "10.0.8.0/25");
    b.dev("r1").bgp->aggregates.push_back(BgpAggregate{*Prefix::parse("10.0.8.0/24"), false, true, "", {}});
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r1", "10.0.8.0/24");
    REQUIRE(r);
    std::vector<uint32_t> asns(r->as_path.begin(), r->as_path.end());
    auto has = [&](uint32_t as) { return std::find(asns.begin(), asns.end(), as) != asns.end(); };
    CAPTURE(static_cast<int>(vendor));
    CHECK(has(65004));
    if (vendor == Vendor::Frr)
      CHECK((has(65002) && has(65003)));
    else
      CHECK(has(65002) != has(65003));
  }
}

TEST_CASE("a redistributed route goes to iBGP peers with its IGP next hop; a peer owning it drops it (FRR)") {
  // topotest bgp_aigp: r4 redistributes a route whose next hop is r6's address and sends it
  // to r6 over iBGP unchanged; r6 refuses its own address as a next hop, so never reflects it.
  // Here r4's static 192.0.2.0/24 points at r6; r7 and r6 are r4's iBGP peers, r8 its eBGP one.
  for (Vendor vendor : {Vendor::Frr, Vendor::Ios}) {
    CAPTURE(vendorName(vendor));
    NetworkBuilder b;
    b.router("r4", vendor);
    for (auto n : {"r6", "r7", "r8"}) b.router(n);
    b.link("r4", "r6", "10.0.46.0/30");
    b.link("r4", "r7", "10.0.47.0/30");
    b.link("r4", "r8", "10.0.48.0/30");
    for (auto [x, y] : {std::pair{"r4", "r6"}, {"r6", "r4"}, {"r4", "r7"}, {"r7", "r4"}}) b.ospfTowards(x, y);
    for (auto n : {"r4", "r6", "r7"}) b.bgp(n, 65001);
    b.bgp("r8", 65008);
    b.neighbor("r4", "10.0.46.2", 65001);
    b.neighbor("r6", "10.0.46.1", 65001);
    b.neighbor("r4", "10.0.47.2", 65001);
    b.neighbor("r7", "10.0.47.1", 65001);
    b.ebgp("r4", "r8");
    b.dev("r4").static_routes.push_back(
        StaticRoute{.prefix = *Prefix::parse("192.0.2.0/24"), .next_hop = Ipv4::parse("10.0.46.2"), .interface = {}, .span = {}});
    b.dev("r4").bgp->redistributions.emplace_back().source = RouteSource::Static;
    auto dp = simulate(b.build());
    bool frr = vendor == Vendor::Frr;
    const Route* r7 = routeAt(dp, "r7", "192.0.2.0/24");
    REQUIRE(r7);
    REQUIRE(r7->protocol_next_hops.size() == 1);
    CHECK(r7->protocol_next_hops[0].ip == Ipv4::parse(frr ? "10.0.46.2" : "10.0.47.1"));
    CHECK(r7->next_hops[0].ip == Ipv4::parse("10.0.47.1"));  // through r4 either way
    CHECK((routeAt(dp, "r6", "192.0.2.0/24") == nullptr) == frr);
    const Route* r8 = routeAt(dp, "r8", "192.0.2.0/24");  // eBGP, off the gateway's subnet
    REQUIRE(r8);
    REQUIRE(r8->protocol_next_hops.size() == 1);
    CHECK(r8->protocol_next_hops[0].ip == Ipv4::parse("10.0.48.1"));
  }
}

TEST_CASE("a route-map's set ip next-hop on redistribute and network is the announced next hop") {
  // Lab redistribute-set-next-hop (real FRR): r1 originates statics through route-maps that
  // set the next hop to r3's address; iBGP peer r2 forwards straight to r3, and the eBGP
  // peer r4 (off r3's subnet) gets r1's address.
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3", "r4"}) b.router(n);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r2", "r3", "10.0.23.0/30");
  b.link("r1", "r4", "10.0.14.0/30");
  b.bgp("r1", 65001);
  b.bgp("r2", 65001);
  b.bgp("r4", 65004);
  b.neighbor("r1", "10.0.12.2", 65001);
  b.neighbor("r2", "10.0.12.1", 65001);
  b.ebgp("r1", "r4");
  PolicySet nextHop;
  nextHop.kind = PolicySet::Kind::NextHop;
  nextHop.address = *Ipv4::parse("10.0.23.2");
  setPolicy(b, "r1", "SET-NH", {clauseWith(10, {nextHop})});
  StaticRoute discard;
  discard.prefix = *Prefix::parse("203.0.113.0/24");
  discard.null_route = true;
  b.dev("r1").static_routes.push_back(discard);
  SUBCASE("redistribute static route-map") {
    auto& redist = b.dev("r1").bgp->redistributions.emplace_back();
    redist.source = RouteSource::Static;
    redist.route_map = "SET-NH";
  }
  SUBCASE("network route-map") {
    b.network("r1", "203.0.113.0/24");
    b.dev("r1").bgp->networks.back().route_map = "SET-NH";
  }
  auto dp = simulate(b.build());
  const Route* r2 = routeAt(dp, "r2", "203.0.113.0/24");
  REQUIRE(r2);
  REQUIRE(r2->next_hops.size() == 1);
  CHECK(r2->next_hops[0].ip == Ipv4::parse("10.0.23.2"));
  CHECK(r2->next_hops[0].node == "r3");
  const Route* r4 = routeAt(dp, "r4", "203.0.113.0/24");
  REQUIRE(r4);
  CHECK(r4->next_hops[0].ip == Ipv4::parse("10.0.14.1"));
}

TEST_CASE("two segments reusing one subnet: each router peers with the one across its own link") {
  // topotest bgp_local_as_private_remove: r1-r2 and r3-r4 both on 192.168.255.0/24 (.1 and
  // .2), r3 and r1 also share a loopback address. r4's statement for 192.168.255.1 is r3,
  // reached over its link, not r1 (found first by address).
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3", "r4"}) b.router(n);
  for (auto [x, y] : {std::pair{"r1", "r2"}, {"r3", "r4"}}) {
    b.iface(x, "eth0", "192.168.255.1/24");
    b.iface(y, "eth0", "192.168.255.2/24");
    b.iface(x, "lo", "172.16.255.254/32");
    b.addLink(Link{x, "eth0", y, "eth0"});
  }
  b.bgp("r1", 65000);
  b.bgp("r2", 1000);
  b.bgp("r3", 3000);
  b.bgp("r4", 1000);
  for (auto [node, peer, as] : {std::tuple{"r1", "192.168.255.2", 1000u}, {"r2", "192.168.255.1", 65000u},
                                {"r3", "192.168.255.2", 1000u}, {"r4", "192.168.255.1", 3000u}}) {
    auto& n = b.neighbor(node, peer, as);
    n.import_policies = n.export_policies = {"ALL"};
  }
  for (auto n : {"r1", "r2", "r3", "r4"}) b.permitAll(n);
  b.network("r1", "172.16.255.254/32");
  b.network("r3", "172.16.255.254/32");
  auto dp = simulate(b.build());
  for (auto [node, origin, as] : {std::tuple{"r2", "r1", 65000u}, {"r4", "r3", 3000u}}) {
    CAPTURE(node);
    const Route* r = routeAt(dp, node, "172.16.255.254/32");
    REQUIRE(r);
    CHECK(r->next_hops[0].node == origin);
    CHECK(r->as_path == std::vector<uint32_t>{as});
  }
}
