#include <doctest/doctest.h>

#include <functional>
#include <memory>
#include <set>

#include "symsim/bgp_encoding.h"
#include "symsim/test_networks.h"

using namespace routefix;
using namespace routefix::symsim;
using namespace routefix::symsim::testing;
using model::ClauseAction;

namespace {

// One destination prefix encoded over the whole network, with two questions: does a
// property hold with every knob at its original value (the concrete configuration), and
// which knobs must change, at least, to make it hold.
struct Encoded {
  z3::context ctx;
  KnobTable knobs{ctx};
  std::vector<BgpSession> sessions;
  std::unique_ptr<BgpEncoding> bgp;

  Encoded(const model::Network& net, const char* destination) {
    sessions = discoverSessions(net);
    Region region = selectRegion(net, sessions, {}, {}, {}, {RegionWidth::Kind::Whole});
    knobs.setRegion(region.nodes);
    bgp = std::make_unique<BgpEncoding>(ctx, knobs, net, sessions, region, prefix(destination));
  }
  z3::expr intent(DestinationIntent::Kind kind, std::vector<std::string> sources,
                  std::vector<std::string> through = {}) {
    DestinationIntent i;
    i.kind = kind;
    i.destination = bgp->prefix();
    i.sources = std::move(sources);
    if (kind == DestinationIntent::Kind::Path) i.path = through;
    else i.through = std::move(through);
    return *bgp->intent(i);
  }
  // Holds in every stable state of the unchanged configuration.
  bool alwaysHolds(const z3::expr& property) {
    z3::solver s(ctx);
    s.add(bgp->constraints());
    for (size_t i = 0; i < knobs.size(); ++i) s.add(knobs.keepsOriginal(i));
    REQUIRE(s.check() == z3::sat);  // a stable state exists
    s.add(!property);
    return s.check() == z3::unsat;
  }
  std::vector<KnobChange> minimalChange(const z3::expr& property) {
    z3::optimize opt(ctx);
    opt.add(bgp->constraints());
    opt.add(property);
    for (size_t i = 0; i < knobs.size(); ++i)
      opt.add_soft(knobs.keepsOriginal(i), static_cast<unsigned>(knobs.knob(i).cost));
    REQUIRE(opt.check() == z3::sat);
    return knobs.changes(opt.get_model());
  }
};

// r1 (65001) -- r2 (65002) -- r3 (65003); r3 announces 10.3.0.0/24.
NetworkBuilder line() {
  NetworkBuilder b;
  b.router("r1", 65001);
  b.router("r2", 65002);
  b.router("r3", 65003);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r2", "r3", "10.0.23.0/30");
  b.originate("r3", "10.3.0.0/24");
  return b;
}

}  // namespace

TEST_CASE("sessions: complete, one side missing, remote-as typo") {
  auto b = line();
  b.link("r1", "r3", "10.0.13.0/30", true, false);
  *b.neighborTo("r2", "r3").remote_as = 65099;
  auto sessions = discoverSessions(b.network());
  REQUIRE(sessions.size() == 3);
  CHECK(sessions[0].a.node == "r1");
  CHECK(sessions[0].b.node == "r2");
  CHECK(sessions[0].configured());
  CHECK_FALSE(sessions[1].configured());  // r1-r3: r3 has no statement
  CHECK(sessions[1].problem().find("no neighbor statement on r3") != std::string::npos);
  CHECK(sessions[1].b.address.str() == "10.0.13.2");
  CHECK(sessions[1].a.address.str() == "10.0.13.1");  // what r3 would have to peer with
  CHECK_FALSE(sessions[2].configured());  // r2-r3: wrong remote-as
  CHECK(sessions[2].problem().find("remote-as on r2") != std::string::npos);
}

TEST_CASE("a clean line: the route reaches r1 through r2 and nothing needs to change") {
  auto b = line();
  Encoded e(b.network(), "10.3.0.0/24");
  CHECK(e.alwaysHolds(e.intent(DestinationIntent::Kind::Reachable, {"r1", "r2"})));
  CHECK(e.alwaysHolds(e.bgp->selects("r1", "r2")));
  CHECK(e.alwaysHolds(e.bgp->selects("r3", "r3")));
  CHECK(e.minimalChange(e.intent(DestinationIntent::Kind::Reachable, {"r1"})).empty());
}

TEST_CASE("an import deny on r2 drops the route; the minimal repair flips that clause") {
  auto b = line();
  auto& rm = b.policy("r2", "FROM-R3");
  rm.clauses.push_back(NetworkBuilder::clause(10, ClauseAction::Deny));
  b.neighborTo("r2", "r3").import_policies = {"FROM-R3"};
  Encoded e(b.network(), "10.3.0.0/24");
  auto reach = e.intent(DestinationIntent::Kind::Reachable, {"r1"});
  CHECK(e.alwaysHolds(!reach));
  auto changes = e.minimalChange(reach);
  REQUIRE(changes.size() == 1);
  CHECK(e.knobs.knob(changes[0].knob).kind == KnobKind::ClauseAction);
  CHECK(e.knobs.knob(changes[0].knob).node == "r2");
  CHECK(changes[0].value == 1);
}

TEST_CASE("multipath: the tied route of the router-id loser is also forwarded over") {
  // r1 learns 10.3.0.0/24 from r2 and r4, equal up to the router-id tie-break.
  NetworkBuilder b;
  b.router("r1", 65001);
  b.router("r2", 65002);
  b.router("r3", 65003);
  b.router("r4", 65004);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r1", "r4", "10.0.14.0/30");
  b.link("r2", "r3", "10.0.23.0/30");
  b.link("r4", "r3", "10.0.43.0/30");
  b.originate("r3", "10.3.0.0/24");
  SUBCASE("one best path: only one of them") {
    Encoded e(b.network(), "10.3.0.0/24");
    CHECK_FALSE(e.alwaysHolds(e.bgp->forwardsVia("r1", "r2") && e.bgp->forwardsVia("r1", "r4")));
  }
  SUBCASE("maximum-paths 2 with as-path multipath-relax: both") {
    b.device("r1").bgp->maximum_paths_ebgp = 2;
    b.device("r1").bgp->as_path_multipath_relax = true;
    Encoded e(b.network(), "10.3.0.0/24");
    CHECK(e.alwaysHolds(e.bgp->forwardsVia("r1", "r2") && e.bgp->forwardsVia("r1", "r4")));
  }
  SUBCASE("maximum-paths 2 without relax: different neighbour ASes do not share") {
    b.device("r1").bgp->maximum_paths_ebgp = 2;
    Encoded e(b.network(), "10.3.0.0/24");
    CHECK_FALSE(e.alwaysHolds(e.bgp->forwardsVia("r1", "r2") && e.bgp->forwardsVia("r1", "r4")));
  }
}

TEST_CASE("a session with one side missing is completed by the session knob") {
  NetworkBuilder b;
  b.router("r1", 65001);
  b.router("r2", 65002);
  b.router("r3", 65003);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r2", "r3", "10.0.23.0/30", true, false);
  b.originate("r3", "10.3.0.0/24");
  Encoded e(b.network(), "10.3.0.0/24");
  auto reach = e.intent(DestinationIntent::Kind::Reachable, {"r1"});
  CHECK(e.alwaysHolds(!reach));
  auto changes = e.minimalChange(reach);
  REQUIRE(changes.size() == 1);
  const Knob& k = e.knobs.knob(changes[0].knob);
  CHECK(k.kind == KnobKind::SessionUp);
  CHECK(k.node == "r3");
  CHECK(k.cost == 1);
}

TEST_CASE("FRR `remote-as external|internal`: external routes enter, a new session copies its kind") {
  // r1's upstream is declared `remote-as external` (no number): its announcement enters and
  // reaches r2 (symsim once skipped every statement without a numbered remote-as).
  auto b = line();
  auto& up = b.neighbor("r1", ip("203.0.113.2"), 0);
  up.remote_as.reset();
  up.remote_as_external = true;
  b.network().externals.push_back({"r1", ip("203.0.113.2"), prefix("198.51.100.0/24"), {64999}, {}, 0});
  Encoded e(b.network(), "198.51.100.0/24");
  CHECK(e.alwaysHolds(e.bgp->hasRoute("r1") && e.bgp->hasRoute("r2")));

  // r3 has no statement for r2; its only other one, to r4, is declared `remote-as external`
  // and denies everything inbound. A session r3 adds is configured like that one
  // (semantics::sessionTemplate, as repair writes it), so bringing r1's prefix to r3 takes
  // the session and a changed clause (symsim once found no template and took the session
  // alone).
  NetworkBuilder c;
  c.router("r1", 65001);
  c.router("r2", 65002);
  c.router("r3", 65003);
  c.router("r4", 65004);
  c.link("r1", "r2", "10.0.12.0/30");
  c.link("r2", "r3", "10.0.23.0/30", true, false);
  c.link("r3", "r4", "10.0.34.0/30");
  c.originate("r1", "10.1.0.0/24");
  auto& toR4 = c.neighborTo("r3", "r4");
  toR4.remote_as.reset();
  toR4.remote_as_external = true;
  c.policy("r3", "DENY-ALL").clauses.push_back(NetworkBuilder::clause(10, ClauseAction::Deny));
  toR4.import_policies = {"DENY-ALL"};
  Encoded f(c.network(), "10.1.0.0/24");
  auto changes = f.minimalChange(f.intent(DestinationIntent::Kind::Reachable, {"r3"}));
  std::set<KnobKind> kinds;
  for (const auto& ch : changes) kinds.insert(f.knobs.knob(ch.knob).kind);
  CHECK(kinds == std::set<KnobKind>{KnobKind::SessionUp, KnobKind::ClauseAction});
}

TEST_CASE("a prefix-list typo: the dead entry is rewritten rather than a new one added") {
  auto b = line();
  auto& pl = b.device("r2").prefix_lists["PL-IN"];
  pl.name = "PL-IN";
  pl.entries.push_back({10, model::Action::Permit, prefix("10.30.0.0/24"), {}, {}, {}});
  auto& rm = b.policy("r2", "FROM-R3");
  auto c = NetworkBuilder::clause(10, ClauseAction::Permit);
  c.matches.push_back(NetworkBuilder::matchPrefixList("PL-IN"));
  rm.clauses.push_back(c);
  b.neighborTo("r2", "r3").import_policies = {"FROM-R3"};
  Encoded e(b.network(), "10.3.0.0/24");
  auto reach = e.intent(DestinationIntent::Kind::Reachable, {"r1"});
  CHECK(e.alwaysHolds(!reach));
  auto changes = e.minimalChange(reach);
  REQUIRE(changes.size() == 1);
  CHECK(e.knobs.knob(changes[0].knob).kind == KnobKind::PrefixListEntryMatch);
  CHECK(e.knobs.knob(changes[0].knob).cost == 1);
}

TEST_CASE("local-pref that bypasses a waypoint is changed, and the waypoint then holds") {
  // r1 reaches r4 either via r2 or via fw; r1 prefers r2 by local-pref 200.
  NetworkBuilder b;
  b.router("fw", 65003);
  b.router("r1", 65001);
  b.router("r2", 65002);
  b.router("r4", 65004);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r1", "fw", "10.0.13.0/30");
  b.link("r2", "r4", "10.0.24.0/30");
  b.link("fw", "r4", "10.0.34.0/30");
  b.originate("r4", "10.4.0.0/24");
  auto& rm = b.policy("r1", "FROM-R2");
  auto c = NetworkBuilder::clause(10, ClauseAction::Permit);
  c.sets.push_back(NetworkBuilder::setLocalPref(200));
  rm.clauses.push_back(c);
  b.neighborTo("r1", "r2").import_policies = {"FROM-R2"};
  Encoded e(b.network(), "10.4.0.0/24");
  auto waypoint = e.intent(DestinationIntent::Kind::Waypoint, {"r1"}, {"fw"});
  CHECK(e.alwaysHolds(e.bgp->selects("r1", "r2")));
  CHECK(e.alwaysHolds(!waypoint));
  auto changes = e.minimalChange(waypoint);
  REQUIRE(changes.size() == 1);
  const Knob& k = e.knobs.knob(changes[0].knob);
  CHECK(k.kind == KnobKind::SetValue);
  CHECK(changes[0].value < 100);  // below the default that the fw route carries
  // Tie on everything but router-id could also pick r2, so the value must beat it strictly.
}

TEST_CASE("a missing network statement is added where the prefix is connected") {
  auto b = line();
  b.device("r3").bgp->networks.clear();
  Encoded e(b.network(), "10.3.0.0/24");
  auto reach = e.intent(DestinationIntent::Kind::Reachable, {"r1"});
  CHECK(e.alwaysHolds(!reach));
  auto changes = e.minimalChange(reach);
  REQUIRE(changes.size() == 1);
  CHECK(e.knobs.knob(changes[0].knob).kind == KnobKind::NetworkStatement);
  CHECK(e.knobs.knob(changes[0].knob).node == "r3");
}

TEST_CASE("route reflection: a non-client route is not reflected to another non-client") {
  // rr1 and rr2 are non-client peers; c1 hangs off rr1, c2 off rr2; all in AS 65000.
  NetworkBuilder b;
  b.router("c1", 65000);
  b.router("c2", 65000);
  b.router("rr1", 65000);
  b.router("rr2", 65000);
  b.link("rr1", "rr2", "10.0.0.0/30");
  b.link("c1", "rr1", "10.0.1.0/30");
  b.link("c2", "rr2", "10.0.2.0/30");
  b.neighborTo("rr2", "c2").route_reflector_client = true;
  b.originate("c1", "10.1.0.0/24");
  Encoded e(b.network(), "10.1.0.0/24");
  auto reach = e.intent(DestinationIntent::Kind::Reachable, {"c2"});
  // rr1 learned the route from non-client c1 and must not pass it to non-client rr2.
  CHECK(e.alwaysHolds(e.bgp->hasRoute("rr1")));
  CHECK(e.alwaysHolds(!e.bgp->hasRoute("rr2")));
  CHECK(e.alwaysHolds(!reach));
  auto changes = e.minimalChange(reach);
  REQUIRE(changes.size() == 1);
  const Knob& k = e.knobs.knob(changes[0].knob);
  CHECK(k.kind == KnobKind::RouteReflectorClient);
  CHECK(k.node == "rr1");
  CHECK(changes[0].value == 1);
}

namespace {

// The cheapest change set by enumeration: every combination of up to `depth` knobs, Booleans
// flipped, integers tried at a few values; each candidate decided by Z3 with all knobs fixed.
int64_t bruteForceMinimumCost(Encoded& e, const z3::expr& property, size_t depth) {
  int64_t best = -1;
  std::vector<std::pair<size_t, int64_t>> chosen;
  std::function<void(size_t)> walk = [&](size_t from) {
    z3::solver s(e.ctx);
    s.add(e.bgp->constraints());
    s.add(property);
    int64_t cost = 0;
    for (size_t i = 0; i < e.knobs.size(); ++i) {
      auto c = std::find_if(chosen.begin(), chosen.end(), [&](const auto& x) { return x.first == i; });
      s.add(c == chosen.end() ? e.knobs.keepsOriginal(i) : e.knobs.equals(i, c->second));
      if (c != chosen.end()) cost += e.knobs.knob(i).cost;
    }
    if ((best < 0 || cost < best) && s.check() == z3::sat) best = cost;
    if (chosen.size() == depth) return;
    for (size_t i = from; i < e.knobs.size(); ++i) {
      const Knob& k = e.knobs.knob(i);
      std::vector<int64_t> values = k.integer ? std::vector<int64_t>{0, 50, 100, 150, 1000}
                                              : std::vector<int64_t>{1 - k.original};
      for (int64_t v : values) {
        if (v == k.original) continue;
        chosen.emplace_back(i, v);
        walk(i + 1);
        chosen.pop_back();
      }
    }
  };
  walk(0);
  return best;
}

int64_t costOf(const Encoded& e, const std::vector<KnobChange>& changes) {
  int64_t c = 0;
  for (const auto& ch : changes) c += e.knobs.knob(ch.knob).cost;
  return c;
}

}  // namespace

TEST_CASE("two errors at once: the optimum equals the brute-force minimum, and one change is not enough") {
  auto b = line();
  b.device("r3").bgp->networks.clear();  // error 1: r3 does not originate its LAN
  auto& rm = b.policy("r2", "FROM-R3");    // error 2: r2 drops what r3 sends
  rm.clauses.push_back(NetworkBuilder::clause(10, ClauseAction::Deny));
  b.neighborTo("r2", "r3").import_policies = {"FROM-R3"};
  Encoded e(b.network(), "10.3.0.0/24");
  auto reach = e.intent(DestinationIntent::Kind::Reachable, {"r1"});
  auto changes = e.minimalChange(reach);
  CHECK(changes.size() == 2);
  CHECK(costOf(e, changes) == bruteForceMinimumCost(e, reach, 2));
  CHECK(bruteForceMinimumCost(e, reach, 1) == -1);
}

TEST_CASE("single errors: the optimum equals the brute-force minimum") {
  SUBCASE("local-pref waypoint") {
    NetworkBuilder b;
    b.router("fw", 65003);
    b.router("r1", 65001);
    b.router("r2", 65002);
    b.router("r4", 65004);
    b.link("r1", "r2", "10.0.12.0/30");
    b.link("r1", "fw", "10.0.13.0/30");
    b.link("r2", "r4", "10.0.24.0/30");
    b.link("fw", "r4", "10.0.34.0/30");
    b.originate("r4", "10.4.0.0/24");
    auto c = NetworkBuilder::clause(10, ClauseAction::Permit);
    c.sets.push_back(NetworkBuilder::setLocalPref(200));
    b.policy("r1", "FROM-R2").clauses.push_back(c);
    b.neighborTo("r1", "r2").import_policies = {"FROM-R2"};
    Encoded e(b.network(), "10.4.0.0/24");
    auto waypoint = e.intent(DestinationIntent::Kind::Waypoint, {"r1"}, {"fw"});
    CHECK(costOf(e, e.minimalChange(waypoint)) == bruteForceMinimumCost(e, waypoint, 2));
  }
  SUBCASE("missing session side") {
    NetworkBuilder b;
    b.router("r1", 65001);
    b.router("r2", 65002);
    b.router("r3", 65003);
    b.link("r1", "r2", "10.0.12.0/30");
    b.link("r2", "r3", "10.0.23.0/30", true, false);
    b.originate("r3", "10.3.0.0/24");
    Encoded e(b.network(), "10.3.0.0/24");
    auto reach = e.intent(DestinationIntent::Kind::Reachable, {"r1"});
    CHECK(costOf(e, e.minimalChange(reach)) == bruteForceMinimumCost(e, reach, 2));
  }
}

TEST_CASE("route-map rules shared with the simulator: call, undefined prefix-list, community exact-match") {
  // r2's import route-map FROM-R3 (10 permit) decides whether r1 gets r3's route.
  auto reachesR1 = [](const std::function<void(NetworkBuilder&, model::RoutePolicy&)>& edit,
                      model::Vendor r2Vendor = model::Vendor::Ios) {
    NetworkBuilder b;
    b.router("r1", 65001);
    b.router("r2", 65002, r2Vendor);
    b.router("r3", 65003);
    b.link("r1", "r2", "10.0.12.0/30");
    b.link("r2", "r3", "10.0.23.0/30");
    b.originate("r3", "10.3.0.0/24");
    auto& rm = b.policy("r2", "FROM-R3");
    rm.clauses.push_back(NetworkBuilder::clause(10, ClauseAction::Permit));
    b.neighborTo("r2", "r3").import_policies = {"FROM-R3"};
    edit(b, rm);
    Encoded e(b.network(), "10.3.0.0/24");
    return e.alwaysHolds(e.bgp->hasRoute("r1"));
  };
  // `call` of a route-map whose clauses all miss: its implicit deny ends the caller (FRR
  // route_map_apply_ext); a call to an undefined map is skipped.
  CHECK_FALSE(reachesR1([](NetworkBuilder& b, model::RoutePolicy& rm) {
    rm.clauses[0].call = "ONLY-OTHER";
    auto& other = b.policy("r2", "ONLY-OTHER");
    other.clauses.push_back(NetworkBuilder::clause(10, ClauseAction::Permit));
    other.clauses[0].matches.push_back(NetworkBuilder::matchPrefixList("OTHER"));
    b.device("r2").prefix_lists["OTHER"].entries.push_back({});
    b.device("r2").prefix_lists["OTHER"].entries.back().prefix = prefix("192.0.2.0/24");
  }));
  CHECK(reachesR1([](NetworkBuilder&, model::RoutePolicy& rm) { rm.clauses[0].call = "MISSING"; }));
  // A match on an undefined prefix-list: NX-OS matches every route, FRR none.
  auto undefinedList = [](NetworkBuilder&, model::RoutePolicy& rm) {
    rm.clauses[0].matches.push_back(NetworkBuilder::matchPrefixList("UNDEFINED"));
  };
  CHECK(reachesR1(undefinedList, model::Vendor::Nxos));
  CHECK_FALSE(reachesR1(undefinedList, model::Vendor::Frr));
  // exact-match: r3 tags 65003:1 and 65003:2; a list of 65003:1 alone matches only without it.
  for (bool exact : {false, true}) {
    CAPTURE(exact);
    CHECK(reachesR1([exact](NetworkBuilder& b, model::RoutePolicy& rm) {
      auto& tag = b.policy("r3", "TAG");
      tag.clauses.push_back(NetworkBuilder::clause(10, ClauseAction::Permit));
      model::PolicySet set;
      set.kind = model::PolicySet::Kind::Community;
      set.communities = {65003u << 16 | 1, 65003u << 16 | 2};
      tag.clauses[0].sets.push_back(set);
      auto& out = b.neighborTo("r3", "r2");
      out.export_policies = {"TAG"};
      out.send_community = true;
      auto& list = b.device("r2").community_lists["ONE"];
      list.name = "ONE";
      list.entries.push_back({});
      list.entries[0].communities = {65003u << 16 | 1};
      model::PolicyMatch m;
      m.kind = model::PolicyMatch::Kind::CommunityList;
      m.names = {"ONE"};
      m.exact = exact;
      rm.clauses[0].matches.push_back(m);
    }) == !exact);
  }
}

TEST_CASE("sessions refused as the simulator refuses them: both passive, BGP roles; match peer") {
  auto reachesR1 = [](const std::function<void(NetworkBuilder&)>& edit) {
    auto b = line();
    edit(b);
    Encoded e(b.network(), "10.3.0.0/24");
    return e.alwaysHolds(e.bgp->hasRoute("r1"));
  };
  CHECK(reachesR1([](NetworkBuilder& b) { b.neighborTo("r2", "r3").passive = true; }));
  CHECK_FALSE(reachesR1([](NetworkBuilder& b) {
    b.neighborTo("r2", "r3").passive = true;
    b.neighborTo("r3", "r2").passive = true;
  }));
  CHECK_FALSE(reachesR1([](NetworkBuilder& b) {
    b.neighborTo("r2", "r3").local_role = model::BgpRole::Provider;
    b.neighborTo("r3", "r2").local_role = model::BgpRole::Peer;
  }));
  CHECK(reachesR1([](NetworkBuilder& b) {
    b.neighborTo("r2", "r3").local_role = model::BgpRole::Customer;
    b.neighborTo("r3", "r2").local_role = model::BgpRole::Provider;
  }));
  // r2's import map denies by the sender's address: r3's route stops at r2.
  auto denyPeer = [](const char* address) {
    return [address](NetworkBuilder& b) {
      auto& rm = b.policy("r2", "FROM-R3");
      rm.clauses.push_back(NetworkBuilder::clause(10, ClauseAction::Deny));
      model::PolicyMatch m;
      m.kind = model::PolicyMatch::Kind::Neighbor;
      m.address = ip(address);
      rm.clauses[0].matches.push_back(m);
      rm.clauses.push_back(NetworkBuilder::clause(20, ClauseAction::Permit));
      b.neighborTo("r2", "r3").import_policies = {"FROM-R3"};
    };
  };
  CHECK_FALSE(reachesR1(denyPeer("10.0.23.2")));
  CHECK(reachesR1(denyPeer("10.0.12.1")));

  auto b = line();
  b.neighborTo("r2", "r3").passive = true;
  b.neighborTo("r3", "r2").passive = true;
  auto sessions = discoverSessions(b.network());
  REQUIRE(sessions.size() == 2);
  CHECK_FALSE(sessions[1].configured());
  CHECK(sessions[1].problem() == "both ends are passive (r2 - r3)");
  Encoded e(b.network(), "10.3.0.0/24");
  auto changes = e.minimalChange(e.intent(DestinationIntent::Kind::Reachable, {"r1"}));
  REQUIRE(changes.size() == 1);
  CHECK(e.knobs.knob(changes[0].knob).kind == KnobKind::SessionUp);
}
