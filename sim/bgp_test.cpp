#include <doctest/doctest.h>

#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

namespace {

const BgpSessionStatus* session(const DataPlane& dp, const std::string& node, const std::string& peer) {
  for (const auto& s : dp.sessions)
    if (s.node == node && s.peer_ip.str() == peer) return &s;
  return nullptr;
}

PolicyClause setLocalPref(uint32_t seq, uint32_t lp, std::vector<PolicyMatch> matches = {}) {
  PolicyClause c;
  c.seq = seq;
  c.matches = std::move(matches);
  PolicySet s;
  s.kind = PolicySet::Kind::LocalPref;
  s.value = lp;
  c.sets.push_back(s);
  return c;
}

// A policy of one clause that permits what `match` matches.
RoutePolicy permitting(const std::string& name, const PolicyMatch& match) {
  RoutePolicy p;
  p.name = name;
  PolicyClause c;
  c.seq = 10;
  c.matches.push_back(match);
  p.clauses.push_back(c);
  return p;
}

}  // namespace

TEST_CASE("eBGP chain: the route travels with the AS path prepended at every hop") {
  auto dp = simulate(ebgpChain().build());
  const Route* r = routeAt(dp, "r3", "10.1.0.0/24");
  REQUIRE(r);
  CHECK(r->protocol == Protocol::Bgp);
  CHECK(r->admin_distance == 20);
  CHECK(r->as_path == std::vector<uint32_t>{65002, 65001});
  CHECK(r->local_pref == 100u);
  CHECK(nextHopNodes(*r) == std::vector<std::string>{"r2"});
  CHECK(r->next_hops[0].ip == Ipv4::parse("10.0.23.1"));
  // The originator keeps its connected route (AD 0), not a BGP one.
  CHECK(routeAt(dp, "r1", "10.1.0.0/24")->protocol == Protocol::Connected);
  REQUIRE(session(dp, "r1", "10.0.12.2"));
  CHECK(session(dp, "r1", "10.0.12.2")->established);
  CHECK(dp.converged);
}

TEST_CASE("redistribution through a policy matching several source protocols takes each of them") {
  // Junos `from protocol [ static direct ]`, IOS `match source-protocol static connected`.
  NetworkBuilder b;
  for (auto n : {"r1", "r2"}) b.router(n);
  b.link("r1", "r2", "10.0.12.0/30");
  b.iface("r1", "lan", "10.1.0.1/24");
  b.dev("r1").static_routes.push_back(StaticRoute{*Prefix::parse("192.0.2.0/24"), std::nullopt, "", true, 1, 0, {}});
  b.bgp("r1", 65001);
  b.bgp("r2", 65002);
  b.ebgp("r1", "r2");
  PolicyMatch m;
  m.kind = PolicyMatch::Kind::SourceProtocol;
  m.protocols = {RouteSource::Static, RouteSource::Connected};
  m.protocol = m.protocols.front();
  b.dev("r1").route_policies["LOCAL"] = permitting("LOCAL", m);
  for (auto source : {RouteSource::Static, RouteSource::Connected}) {
    auto& redistribution = b.dev("r1").bgp->redistributions.emplace_back();
    redistribution.source = source;
    redistribution.route_map = "LOCAL";
  }
  auto dp = simulate(b.build());
  CHECK(routeAt(dp, "r2", "192.0.2.0/24") != nullptr);
  CHECK(routeAt(dp, "r2", "10.1.0.0/24") != nullptr);  // the second protocol named
}

TEST_CASE("Junos `from interface` in a BGP export matches the interface of an exported direct route") {
  NetworkBuilder b;
  b.router("r1", Vendor::Junos);
  b.router("r2");
  b.link("r1", "r2", "10.0.12.0/30");
  b.iface("r1", "lo0.0", "10.0.0.1/32");
  b.iface("r1", "lo0.10", "10.0.0.10/32");
  b.bgp("r1", 65001);
  b.bgp("r2", 65002);
  b.ebgp("r1", "r2");
  PolicyMatch m;
  m.kind = PolicyMatch::Kind::Interface;
  m.names = {"lo0.0"};
  b.dev("r1").route_policies["LOOPBACK"] = permitting("LOOPBACK", m);
  b.dev("r1").bgp->neighbors[0].export_policies = {"LOOPBACK"};
  // What the Junos parser makes of an export policy that takes direct routes.
  b.dev("r1").bgp->redistributions.emplace_back().source = RouteSource::Connected;
  auto dp = simulate(b.build());
  CHECK(routeAt(dp, "r2", "10.0.0.1/32") != nullptr);
  CHECK(routeAt(dp, "r2", "10.0.0.10/32") == nullptr);  // another interface: the default rejects it
}

TEST_CASE("a Junos aggregate route is active with a more specific route and exported as protocol aggregate") {
  NetworkBuilder b;
  for (auto n : {"r1", "r2"}) b.router(n);
  b.link("r1", "r2", "10.0.12.0/30");
  b.iface("r1", "lan", "10.1.0.1/24");
  b.dev("r1").aggregate_routes.push_back(AggregateRoute{*Prefix::parse("10.1.0.0/16"), 130, {}, {}});
  b.dev("r1").aggregate_routes.push_back(AggregateRoute{*Prefix::parse("10.9.0.0/16"), 130, {}, {}});
  b.bgp("r1", 65001);
  b.bgp("r2", 65002);
  b.ebgp("r1", "r2");
  b.dev("r1").bgp->redistributions.emplace_back().source = RouteSource::Aggregate;
  auto dp = simulate(b.build());
  const Route* agg = routeAt(dp, "r1", "10.1.0.0/16");
  REQUIRE(agg);
  CHECK(agg->protocol == Protocol::Aggregate);
  CHECK(agg->admin_distance == 130);
  REQUIRE(agg->next_hops.size() == 1);
  CHECK(agg->next_hops[0].discard);
  CHECK(routeAt(dp, "r1", "10.9.0.0/16") == nullptr);  // nothing more specific: inactive
  CHECK(routeAt(dp, "r2", "10.1.0.0/16") != nullptr);
  CHECK(routeAt(dp, "r2", "10.9.0.0/16") == nullptr);
}

TEST_CASE("EOS aggregate-address: a more specific static route activates it, IOS needs a BGP route") {
  for (auto vendor : {Vendor::Eos, Vendor::Ios}) {
    NetworkBuilder b;
    for (auto n : {"r1", "r2"}) b.router(n, vendor);
    b.link("r1", "r2", "10.0.12.0/30");
    StaticRoute st;
    st.prefix = *Prefix::parse("10.10.1.0/24");
    st.next_hop = Ipv4::parse("10.0.12.2");
    b.dev("r1").static_routes.push_back(st);
    b.bgp("r1", 65001);
    b.bgp("r2", 65002);
    b.ebgp("r1", "r2");
    b.dev("r1").bgp->aggregates.push_back(BgpAggregate{*Prefix::parse("10.10.0.0/16"), false, false, "", {}});
    b.dev("r1").bgp->aggregates.push_back(BgpAggregate{*Prefix::parse("10.20.0.0/16"), false, false, "", {}});
    auto dp = simulate(b.build());
    bool eos = vendor == Vendor::Eos;
    const Route* agg = routeAt(dp, "r1", "10.10.0.0/16");
    CHECK((agg != nullptr) == eos);
    if (agg) CHECK(agg->protocol == Protocol::Aggregate);
    CHECK((routeAt(dp, "r2", "10.10.0.0/16") != nullptr) == eos);
    CHECK(routeAt(dp, "r1", "10.20.0.0/16") == nullptr);  // no contributor at all
  }
}

TEST_CASE("EOS advertises an aggregate only while it is the active route, unless advertise-inactive") {
  for (bool advertiseInactive : {false, true}) {
    NetworkBuilder b;
    for (auto n : {"r1", "r2"}) b.router(n, Vendor::Eos);
    b.link("r1", "r2", "10.0.12.0/30");
    for (auto p : {"10.10.1.0/24", "10.11.0.0/16", "10.11.1.0/24"}) {
      StaticRoute st;
      st.prefix = *Prefix::parse(p);
      st.next_hop = Ipv4::parse("10.0.12.2");
      b.dev("r1").static_routes.push_back(st);
    }
    b.bgp("r1", 65001);
    b.bgp("r2", 65002);
    b.ebgp("r1", "r2");
    CHECK_FALSE(b.dev("r1").bgp->advertise_inactive);  // the EOS default
    b.dev("r1").bgp->advertise_inactive = advertiseInactive;
    for (auto p : {"10.10.0.0/16", "10.11.0.0/16"})
      b.dev("r1").bgp->aggregates.push_back(BgpAggregate{*Prefix::parse(p), false, false, "", {}});
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r1", "10.11.0.0/16")->protocol == Protocol::Static);  // distance 1 < 200
    CHECK(routeAt(dp, "r2", "10.10.0.0/16") != nullptr);
    CHECK((routeAt(dp, "r2", "10.11.0.0/16") != nullptr) == advertiseInactive);
  }
}

TEST_CASE("a neighbor route-map nobody defined: EOS permits every route, IOS denies them") {
  for (auto vendor : {Vendor::Eos, Vendor::Ios}) {
    auto b = ebgpChain(vendor);
    for (auto& n : b.dev("r2").bgp->neighbors) n.export_policies = {"MISSING"};
    auto dp = simulate(b.build());
    CHECK((routeAt(dp, "r3", "10.1.0.0/24") != nullptr) == (vendor == Vendor::Eos));
  }
}

TEST_CASE("interfaces in a VRF stay out of the default VRF's routes") {
  NetworkBuilder b;
  b.router("r1", Vendor::Eos);
  b.iface("r1", "Loopback1", "1.1.1.1/32");
  b.iface("r1", "Loopback10", "1.1.4.10/32").vrf = "cust10";
  auto dp = simulate(b.build());
  CHECK(routeAt(dp, "r1", "1.1.1.1/32"));
  CHECK_FALSE(routeAt(dp, "r1", "1.1.4.10/32"));
}

TEST_CASE("network statement needs an exact RIB match") {
  auto b = ebgpChain();
  b.network("r1", "10.1.0.0/16");  // only the /24 is in r1's RIB
  auto dp = simulate(b.build());
  CHECK_FALSE(routeAt(dp, "r3", "10.1.0.0/16"));
  CHECK(routeAt(dp, "r3", "10.1.0.0/24"));
}

TEST_CASE("FRR ebgp-requires-policy: no policy, no routes in either direction; IOS does not care") {
  for (auto vendor : {Vendor::Frr, Vendor::Ios}) {
    auto b = ebgpChain(vendor);
    for (auto& n : b.dev("r2").bgp->neighbors) n.export_policies.clear();
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r2", "10.1.0.0/24"));  // r2 imports (its in-policy is there)
    CHECK((routeAt(dp, "r3", "10.1.0.0/24") != nullptr) == (vendor == Vendor::Ios));
    // The session itself is up either way.
    CHECK(session(dp, "r3", "10.0.23.1")->established);
  }
}

TEST_CASE("sessions stay down when the two ends do not agree") {
  auto b = ebgpChain();
  SUBCASE("wrong remote-as") {
    b.dev("r3").bgp->neighbors[0].remote_as = 65099;
    auto dp = simulate(b.build());
    auto* s = session(dp, "r3", "10.0.23.1");
    REQUIRE(s);
    CHECK_FALSE(s->established);
    CHECK(s->reason.find("remote-as") != std::string::npos);
    CHECK_FALSE(routeAt(dp, "r3", "10.1.0.0/24"));
  }
  SUBCASE("no neighbor statement on the other side") {
    b.dev("r2").bgp->neighbors.pop_back();
    auto dp = simulate(b.build());
    auto* s = session(dp, "r3", "10.0.23.1");
    REQUIRE(s);
    CHECK_FALSE(s->established);
    CHECK(s->reason.find("no neighbor") != std::string::npos);
  }
  SUBCASE("shutdown") {
    b.dev("r2").bgp->neighbors.back().shutdown = true;
    auto dp = simulate(b.build());
    CHECK_FALSE(session(dp, "r3", "10.0.23.1")->established);
    CHECK_FALSE(routeAt(dp, "r3", "10.1.0.0/24"));
  }
}

TEST_CASE("eBGP between loopbacks needs ebgp-multihop and a route to the peer") {
  NetworkBuilder b;
  b.router("a");
  b.router("b");
  b.link("a", "b", "10.0.0.0/30");
  b.iface("a", "lo", "1.1.1.1/32");
  b.iface("b", "lo", "2.2.2.2/32");
  b.bgp("a", 65001);
  b.bgp("b", 65002);
  auto& na = b.neighbor("a", "2.2.2.2", 65002);
  na.update_source = "lo";
  auto& nb = b.neighbor("b", "1.1.1.1", 65001);
  nb.update_source = "lo";
  b.dev("a").static_routes.push_back(StaticRoute{*Prefix::parse("2.2.2.2/32"), Ipv4::parse("10.0.0.2"), "", false, 1, 0, {}});
  b.dev("b").static_routes.push_back(StaticRoute{*Prefix::parse("1.1.1.1/32"), Ipv4::parse("10.0.0.1"), "", false, 1, 0, {}});
  SUBCASE("without multihop") {
    auto dp = simulate(b.build());
    CHECK_FALSE(session(dp, "a", "2.2.2.2")->established);
  }
  SUBCASE("with multihop") {
    b.dev("a").bgp->neighbors[0].ebgp_multihop = 2;
    b.dev("b").bgp->neighbors[0].ebgp_multihop = 2;
    auto dp = simulate(b.build());
    CHECK(session(dp, "a", "2.2.2.2")->established);
    CHECK(session(dp, "b", "1.1.1.1")->established);
  }
}

TEST_CASE("AS-path loop prevention, and allowas-in") {
  auto b = ebgpChain();
  b.dev("r3").bgp->asn = 65001;  // r3 shares r1's AS
  b.dev("r2").bgp->neighbors[1].remote_as = 65001;
  SUBCASE("dropped") {
    auto dp = simulate(b.build());
    CHECK(session(dp, "r3", "10.0.23.1")->established);
    CHECK_FALSE(routeAt(dp, "r3", "10.1.0.0/24"));
  }
  SUBCASE("allowas-in 1") {
    b.dev("r3").bgp->neighbors[0].allowas_in = 1;
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r3", "10.1.0.0/24"));
  }
}

TEST_CASE("import policy: local-pref decides between two exits") {
  // r4 originates; r1 hears it via r2 and via r3 (same length) and prefers r3 by local-pref.
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3", "r4"}) b.router(n);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r1", "r3", "10.0.13.0/30");
  b.link("r2", "r4", "10.0.24.0/30");
  b.link("r3", "r4", "10.0.34.0/30");
  b.iface("r4", "lan", "10.4.0.1/24");
  for (auto [n, as] : {std::pair{"r1", 65001u}, {"r2", 65002u}, {"r3", 65003u}, {"r4", 65004u}}) b.bgp(n, as);
  b.ebgp("r1", "r2");
  b.ebgp("r1", "r3");
  b.ebgp("r2", "r4");
  b.ebgp("r3", "r4");
  b.network("r4", "10.4.0.0/24");
  b.dev("r1").bgp->as_path_multipath_relax = true;

  SUBCASE("multipath with as-path multipath-relax") {
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r1", "10.4.0.0/24");
    REQUIRE(r);
    CHECK(nextHopNodes(*r) == std::vector<std::string>{"r2", "r3"});
  }
  SUBCASE("without relax only one path (different neighbor AS)") {
    b.dev("r1").bgp->as_path_multipath_relax = false;
    auto dp = simulate(b.build());
    CHECK(routeAt(dp, "r1", "10.4.0.0/24")->next_hops.size() == 1);
  }
  SUBCASE("local-pref 200 from r3") {
    RoutePolicy pref;
    pref.name = "PREFER";
    pref.clauses.push_back(setLocalPref(10, 200));
    b.dev("r1").route_policies["PREFER"] = pref;
    for (auto& n : b.dev("r1").bgp->neighbors)
      if (n.address == Ipv4::parse("10.0.13.2")) n.import_policies = {"PREFER"};
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r1", "10.4.0.0/24");
    REQUIRE(r);
    CHECK(nextHopNodes(*r) == std::vector<std::string>{"r3"});
    CHECK(r->local_pref == 200u);
  }
  SUBCASE("AS-path prepend on r2's export makes r3 win") {
    RoutePolicy prepend;
    prepend.name = "PREPEND";
    PolicyClause c;
    c.seq = 10;
    PolicySet s;
    s.kind = PolicySet::Kind::AsPathPrepend;
    s.asns = {65002, 65002};
    c.sets.push_back(s);
    prepend.clauses.push_back(c);
    b.dev("r2").route_policies["PREPEND"] = prepend;
    for (auto& n : b.dev("r2").bgp->neighbors)
      if (n.address == Ipv4::parse("10.0.12.1")) n.export_policies = {"PREPEND"};
    auto dp = simulate(b.build());
    CHECK(nextHopNodes(*routeAt(dp, "r1", "10.4.0.0/24")) == std::vector<std::string>{"r3"});
  }
  SUBCASE("weight beats everything") {
    for (auto& n : b.dev("r1").bgp->neighbors)
      if (n.address == Ipv4::parse("10.0.12.2")) n.weight = 100;
    auto dp = simulate(b.build());
    CHECK(nextHopNodes(*routeAt(dp, "r1", "10.4.0.0/24")) == std::vector<std::string>{"r2"});
  }
  SUBCASE("a deny clause with a prefix-list match filters the route") {
    PrefixList pl;
    pl.name = "R4";
    pl.entries.push_back(PrefixListEntry{5, Action::Permit, *Prefix::parse("10.4.0.0/16"), std::nullopt, 24, {}});
    b.dev("r1").prefix_lists["R4"] = pl;
    RoutePolicy rp;
    rp.name = "DROP";
    PolicyClause deny;
    deny.seq = 10;
    deny.action = ClauseAction::Deny;
    PolicyMatch m;
    m.kind = PolicyMatch::Kind::PrefixList;
    m.names = {"R4"};
    deny.matches.push_back(m);
    rp.clauses.push_back(deny);
    PolicyClause rest;
    rest.seq = 20;
    rp.clauses.push_back(rest);
    b.dev("r1").route_policies["DROP"] = rp;
    for (auto& n : b.dev("r1").bgp->neighbors) n.import_policies = {"DROP"};
    auto dp = simulate(b.build());
    CHECK_FALSE(routeAt(dp, "r1", "10.4.0.0/24"));
    CHECK(routeAt(dp, "r2", "10.4.0.0/24"));
  }
}

TEST_CASE("communities: FRR sends them by default, IOS only with send-community") {
  for (auto vendor : {Vendor::Frr, Vendor::Ios}) {
    auto b = ebgpChain(vendor);
    RoutePolicy tag;
    tag.name = "TAG";
    PolicyClause c;
    c.seq = 10;
    PolicySet s;
    s.kind = PolicySet::Kind::Community;
    s.communities = {*parseCommunity("65001:42")};
    c.sets.push_back(s);
    tag.clauses.push_back(c);
    b.dev("r1").route_policies["TAG"] = tag;
    b.dev("r1").bgp->neighbors[0].export_policies = {"TAG"};
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r2", "10.1.0.0/24");
    REQUIRE(r);
    CHECK(r->communities.size() == (vendor == Vendor::Frr ? 1u : 0u));
  }
}

TEST_CASE("aggregate-address with summary-only suppresses the more specifics") {
  auto b = ebgpChain();
  b.iface("r1", "lan2", "10.1.1.1/24");
  b.network("r1", "10.1.1.0/24");
  b.dev("r1").bgp->aggregates.push_back(BgpAggregate{*Prefix::parse("10.1.0.0/16"), true, false, "", {}});
  auto dp = simulate(b.build());
  const Route* agg = routeAt(dp, "r1", "10.1.0.0/16");
  REQUIRE(agg);
  CHECK(agg->protocol == Protocol::Aggregate);
  CHECK(agg->next_hops[0].discard);
  const Route* r3 = routeAt(dp, "r3", "10.1.0.0/16");
  REQUIRE(r3);
  CHECK(r3->as_path == std::vector<uint32_t>{65002, 65001});
  CHECK_FALSE(routeAt(dp, "r3", "10.1.0.0/24"));
  CHECK_FALSE(routeAt(dp, "r2", "10.1.1.0/24"));

  SUBCASE("without summary-only both are sent") {
    b.dev("r1").bgp->aggregates[0].summary_only = false;
    auto dp2 = simulate(b.build());
    CHECK(routeAt(dp2, "r3", "10.1.0.0/16"));
    CHECK(routeAt(dp2, "r3", "10.1.0.0/24"));
  }
  SUBCASE("no contributor, no aggregate") {
    b.dev("r1").bgp->aggregates[0].prefix = *Prefix::parse("172.16.0.0/16");
    auto dp2 = simulate(b.build());
    CHECK_FALSE(routeAt(dp2, "r1", "172.16.0.0/16"));
  }
}

TEST_CASE("routes from external.json enter through the configured session and its policy") {
  NetworkBuilder b;
  b.router("border");
  b.router("inside");
  b.link("border", "inside", "10.0.0.0/30");
  b.iface("border", "uplink", "203.0.113.1/30");
  b.bgp("border", 65000);
  b.bgp("inside", 65010);
  b.ebgp("border", "inside");
  auto& up = b.neighbor("border", "203.0.113.2", 64999);
  up.import_policies = {"ALL"};
  Network net = b.build();
  net.externals.push_back(ExternalAnnouncement{"border", *Ipv4::parse("203.0.113.2"),
                                               *Prefix::parse("8.8.8.0/24"), {64999, 15169}, {}, 0});
  auto dp = simulate(net);
  const Route* r = routeAt(dp, "border", "8.8.8.0/24");
  REQUIRE(r);
  CHECK(r->next_hops[0].node == "");
  CHECK(r->next_hops[0].ip == Ipv4::parse("203.0.113.2"));
  const Route* in = routeAt(dp, "inside", "8.8.8.0/24");
  REQUIRE(in);
  CHECK(in->as_path == std::vector<uint32_t>{65000, 64999, 15169});
}

TEST_CASE("iBGP over OSPF loopbacks: update-source, next-hop-self, recursive next hop") {
  // ext (65100) - r1 - r2 - r3, r1..r3 in AS 65000 with OSPF; iBGP r1 <-> r3 on loopbacks.
  NetworkBuilder b;
  for (auto n : {"ext", "r1", "r2", "r3"}) b.router(n);
  b.link("ext", "r1", "192.0.2.0/30");
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r2", "r3", "10.0.23.0/30");
  b.iface("ext", "lan", "100.64.0.1/24");
  b.iface("r1", "lo", "1.1.1.1/32");
  b.iface("r3", "lo", "3.3.3.3/32");
  for (auto n : {"r1", "r2", "r3"}) {
    auto& d = b.dev(n);
    d.ospf.emplace();
    for (auto& i : d.interfaces)
      if (i.name != "to-ext") i.ospf_area = 0;
  }
  b.bgp("ext", 65100);
  b.bgp("r1", 65000);
  b.bgp("r3", 65000);
  b.ebgp("ext", "r1");
  b.network("ext", "100.64.0.0/24");
  auto& n13 = b.neighbor("r1", "3.3.3.3", 65000);
  auto& n31 = b.neighbor("r3", "1.1.1.1", 65000);
  n13.update_source = "lo";
  n31.update_source = "lo";

  SUBCASE("next hop unchanged: the eBGP next hop is not in the IGP, so r3 has no usable route") {
    auto dp = simulate(b.build());
    CHECK(session(dp, "r3", "1.1.1.1")->established);
    CHECK_FALSE(routeAt(dp, "r3", "100.64.0.0/24"));
  }
  SUBCASE("next-hop-self: r3 resolves 1.1.1.1 over OSPF through r2") {
    b.dev("r1").bgp->neighbors.back().next_hop_self = true;
    auto dp = simulate(b.build());
    const Route* r = routeAt(dp, "r3", "100.64.0.0/24");
    REQUIRE(r);
    CHECK(r->protocol == Protocol::Ibgp);
    CHECK(r->admin_distance == 200);
    CHECK(nextHopNodes(*r) == std::vector<std::string>{"r2"});
    CHECK(r->next_hops[0].ip == Ipv4::parse("10.0.23.1"));
    // The BGP next hop itself (what IOS `show ip route` prints) rides along.
    REQUIRE(r->protocol_next_hops.size() == 1);
    CHECK(r->protocol_next_hops[0].ip == Ipv4::parse("1.1.1.1"));
    CHECK(r->protocol_next_hops[0].node == "r1");
  }
  SUBCASE("update-source on one side: r3 accepts r1's connection from 1.1.1.1") {
    // FRR topotest bgp_aigp: r2 has no update-source towards r1's loopback, r1 has one, and
    // real FRR brings the session up (a connection is accepted from any configured neighbor
    // address, whatever address the acceptor would source its own from).
    b.dev("r3").bgp->neighbors.back().update_source.clear();
    auto dp = simulate(b.build());
    CHECK(session(dp, "r1", "3.3.3.3")->established);
    CHECK(session(dp, "r3", "1.1.1.1")->established);
  }
  SUBCASE("without update-source on either side the session does not come up") {
    b.dev("r3").bgp->neighbors.back().update_source.clear();
    b.dev("r1").bgp->neighbors.back().update_source.clear();
    auto dp = simulate(b.build());
    CHECK_FALSE(session(dp, "r1", "3.3.3.3")->established);
  }
}

TEST_CASE("route reflection: client routes go everywhere, non-client routes only to clients") {
  // rr with clients c1, c2 and non-clients n1, n2, all iBGP over one LAN.
  NetworkBuilder b;
  std::vector<std::string> names{"c1", "c2", "n1", "n2", "rr"};
  for (size_t i = 0; i < names.size(); ++i) {
    b.router(names[i]);
    b.iface(names[i], "eth0", "10.0.0." + std::to_string(i + 1) + "/24");
    b.bgp(names[i], 65000);
  }
  Network net = b.build();
  for (size_t i = 0; i + 1 < names.size(); ++i) net.links.push_back(Link{names[i], "eth0", names[i + 1], "eth0"});
  auto add = [&](const std::string& node, const std::string& ip, bool client = false) {
    BgpNeighbor n;
    n.id = ip;
    n.address = Ipv4::parse(ip);
    n.remote_as = 65000;
    n.route_reflector_client = client;
    net.findDevice(node)->bgp->neighbors.push_back(n);
  };
  for (auto [node, ip] : {std::pair{"c1", "10.0.0.5"}, {"c2", "10.0.0.5"}, {"n1", "10.0.0.5"}, {"n2", "10.0.0.5"}})
    add(node, ip);
  add("rr", "10.0.0.1", true);
  add("rr", "10.0.0.2", true);
  add("rr", "10.0.0.3");
  add("rr", "10.0.0.4");
  auto originate = [&](const std::string& node, const std::string& cidr) {
    auto* d = net.findDevice(node);
    auto p = *Prefix::parse(cidr);
    Interface lan;
    lan.name = "lan";
    lan.address = InterfaceAddress{Ipv4{p.address.value + 1}, p.length, {}};
    d->interfaces.push_back(lan);
    d->bgp->networks.push_back(BgpNetwork{p, "", {}});
  };
  originate("c1", "172.16.1.0/24");
  originate("n1", "172.16.3.0/24");
  auto dp = simulate(net);
  // From a client: to the other client and to both non-clients.
  for (auto node : {"c2", "n1", "n2"}) {
    const Route* r = routeAt(dp, node, "172.16.1.0/24");
    REQUIRE_MESSAGE(r, node);
    CHECK(r->next_hops[0].node == "c1");  // next hop unchanged by reflection
  }
  // From a non-client: to the clients only.
  CHECK(routeAt(dp, "c1", "172.16.3.0/24"));
  CHECK(routeAt(dp, "c2", "172.16.3.0/24"));
  CHECK_FALSE(routeAt(dp, "n2", "172.16.3.0/24"));

  // next-hop-self towards c2 leaves reflected routes alone; forced, it rewrites them too.
  auto& toC2 = net.findDevice("rr")->bgp->neighbors[1];
  toC2.next_hop_self = true;
  CHECK(routeAt(simulate(net), "c2", "172.16.1.0/24")->next_hops[0].node == "c1");
  toC2.next_hop_self_force = true;
  CHECK(routeAt(simulate(net), "c2", "172.16.1.0/24")->next_hops[0].node == "rr");
}

TEST_CASE("default-originate sends 0.0.0.0/0 to that neighbor only") {
  auto b = ebgpChain();
  b.dev("r2").bgp->neighbors[1].default_originate = true;  // r2 -> r3
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r3", "0.0.0.0/0");
  REQUIRE(r);
  CHECK(r->as_path == std::vector<uint32_t>{65002});
  CHECK_FALSE(routeAt(dp, "r1", "0.0.0.0/0"));
  CHECK_FALSE(routeAt(dp, "r2", "0.0.0.0/0"));
}

TEST_CASE("BAD GADGET: no stable state, reported as non-convergence instead of looping") {
  // Origin 0 (65000) and a ring 1, 2, 3; each ring node prefers the path through its
  // clockwise neighbour over its own direct path and accepts nothing longer.
  NetworkBuilder b;
  for (auto n : {"n0", "n1", "n2", "n3"}) b.router(n);
  b.link("n0", "n1", "10.0.1.0/30");
  b.link("n0", "n2", "10.0.2.0/30");
  b.link("n0", "n3", "10.0.3.0/30");
  b.link("n1", "n2", "10.1.2.0/30");
  b.link("n2", "n3", "10.2.3.0/30");
  b.link("n3", "n1", "10.3.1.0/30");
  b.iface("n0", "lan", "10.100.0.1/24");
  for (int i = 0; i < 4; ++i) b.bgp("n" + std::to_string(i), 65000 + i);
  for (auto [x, y] : {std::pair{"n0", "n1"}, {"n0", "n2"}, {"n0", "n3"}, {"n1", "n2"}, {"n2", "n3"}, {"n3", "n1"}})
    b.ebgp(x, y);
  b.network("n0", "10.100.0.0/24");
  for (int i = 1; i <= 3; ++i) {
    int next = i % 3 + 1;
    std::string node = "n" + std::to_string(i);
    auto& d = b.dev(node);
    AsPathList viaNext;
    viaNext.name = "VIA_NEXT";
    viaNext.entries.push_back(AsPathListEntry{Action::Permit, "^" + std::to_string(65000 + next) + "_65000$", {}});
    d.as_path_lists["VIA_NEXT"] = viaNext;
    AsPathList direct;
    direct.name = "DIRECT";
    direct.entries.push_back(AsPathListEntry{Action::Permit, "^65000$", {}});
    d.as_path_lists["DIRECT"] = direct;
    RoutePolicy in;
    in.name = "IN";
    PolicyMatch viaNextMatch;
    viaNextMatch.kind = PolicyMatch::Kind::AsPathList;
    viaNextMatch.names = {"VIA_NEXT"};
    in.clauses.push_back(setLocalPref(10, 200, {viaNextMatch}));
    PolicyMatch directMatch = viaNextMatch;
    directMatch.names = {"DIRECT"};
    in.clauses.push_back(setLocalPref(20, 100, {directMatch}));
    d.route_policies["IN"] = in;
    for (auto& n : d.bgp->neighbors) n.import_policies = {"IN"};
  }
  auto dp = simulate(b.build());
  CHECK_FALSE(dp.converged);
  REQUIRE(dp.oscillating_prefixes.size() == 1);
  CHECK(dp.oscillating_prefixes[0] == *Prefix::parse("10.100.0.0/24"));
  CHECK_FALSE(dp.warnings.empty());
}

TEST_CASE("simulation output is deterministic") {
  auto net = ebgpChain().build();
  auto a = simulate(net), b = simulate(net);
  REQUIRE(a.ribs.size() == b.ribs.size());
  for (const auto& [name, rib] : a.ribs) {
    const auto& other = b.ribs.at(name).routes();
    REQUIRE(rib.routes().size() == other.size());
    for (size_t i = 0; i < other.size(); ++i) {
      CHECK(rib.routes()[i].prefix == other[i].prefix);
      CHECK(rib.routes()[i].next_hops == other[i].next_hops);
      CHECK(rib.routes()[i].as_path == other[i].as_path);
    }
  }
}

TEST_CASE("set as-path prepend last-as N repeats the path's first AS") {
  auto b = ebgpChain();
  RoutePolicy rp;
  rp.name = "LAST";
  PolicyClause c;
  c.seq = 10;
  PolicySet s;
  s.kind = PolicySet::Kind::AsPathPrepend;
  s.prepend_last_as = 2;
  c.sets.push_back(s);
  rp.clauses.push_back(c);
  b.dev("r2").route_policies["LAST"] = rp;
  b.dev("r2").bgp->neighbors[1].export_policies = {"LAST"};
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r3", "10.1.0.0/24");
  REQUIRE(r);
  CHECK(r->as_path == std::vector<uint32_t>{65002, 65001, 65001, 65001});
}
