// The differential test sim == symsim: for every bundled snapshot (examples/, tests/data), the
// WANs bench/gen_wan generates for the repair tests and every snapshot of the fidelity corpus
// (tests/fidelity/corpus), the symbolic BGP encoding with every knob at its original value
// must select, at every router and for every BGP prefix, the route the concrete simulator
// selected: the same sender, BGP next hop and attributes. Known disagreements of the bundled and generated snapshots are listed in
// symsim/sim_equivalence_gaps.txt; the test fails on a new one and on a listed one that no
// longer occurs, so the list only shrinks. The fidelity corpus is reported, not enforced
// (real-device configs use features neither engine models the same way yet). The generated
// WANs and the corpus take about a minute: they run as `ctest -L fidelity`.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "parser/parser.h"
#include "sim/dataplane.h"
#include "symsim/bgp_encoding.h"

using namespace routefix;
namespace fs = std::filesystem;

namespace {

struct Comparison {
  size_t prefixes = 0;
  size_t routers = 0;  // router comparisons
  std::vector<std::string> gaps;  // "snapshot prefix router: what differs"
};

std::string gapKey(const std::string& gap) { return gap.substr(0, gap.find(':')); }

bool bgpProtocol(sim::Protocol p) { return p == sim::Protocol::Bgp || p == sim::Protocol::Ibgp; }

int64_t value(const z3::model& m, const z3::expr& e) { return m.eval(e, true).get_numeral_int64(); }
bool truth(const z3::model& m, const z3::expr& e) { return m.eval(e, true).is_true(); }

// The member ASes of each confederation: every router's own AS and its `bgp confederation
// peers`, by confederation identifier.
std::map<uint32_t, std::set<uint32_t>> confederationMembers(const model::Network& network) {
  std::map<uint32_t, std::set<uint32_t>> out;
  for (const auto& d : network.devices)
    if (d.bgp && d.bgp->confederation_id) {
      auto& members = out[*d.bgp->confederation_id];
      members.insert(d.bgp->asn);
      members.insert(d.bgp->confederation_peers.begin(), d.bgp->confederation_peers.end());
    }
  return out;
}

// The AS-path length the decision process compares: the route's RIB path lists the confed
// segments (RFC 5065) in front, as plain ASes, and they do not count.
int64_t countedPathLength(const sim::Route& r, const std::set<uint32_t>* confederation) {
  size_t confed = 0;
  while (confederation && confed < r.as_path.size() && confederation->count(r.as_path[confed])) ++confed;
  return static_cast<int64_t>(r.as_path.size() - confed);
}

// What the encoding selected at `node`, in the simulator's terms; "" when it agrees with `r`.
// `confederation`: the member ASes of node's confederation, if it is in one.
std::string difference(const z3::model& m, const symsim::BgpEncoding& bgp, const std::string& node,
                       const sim::Route* r, const std::vector<model::Community>& tracked,
                       const std::set<uint32_t>* confederation) {
  bool has = truth(m, bgp.hasRoute(node));
  const auto& cands = bgp.candidates(node);
  const symsim::Candidate* chosen = nullptr;
  for (size_t i = 0; i < cands.size(); ++i)
    if (has && truth(m, bgp.chosen(node, i))) chosen = &cands[i];
  if (!r) {
    // No route in the simulator's RIB: no BGP route, or a locally originated one (the RIB
    // holds nothing for a `network` without a RIB route on Junos/EOS).
    if (!chosen || chosen->local) return {};
    return "symsim selects " + chosen->description + ", sim has no route";
  }
  if (!chosen) return "sim selects a route from " + *r->received_from + ", symsim none";
  if (chosen->local || chosen->sender != *r->received_from)
    return "sim selects the route from " + *r->received_from + ", symsim " + chosen->description;
  const symsim::SymRoute& s = chosen->route;
  std::ostringstream out;
  auto field = [&](const char* name, int64_t sym, int64_t con) {
    if (sym != con) out << " " << name << " sim " << con << " symsim " << sym;
  };
  field("local-pref", value(m, s.local_pref), r->local_pref.value_or(100));
  field("as-path-length", value(m, s.path_length), countedPathLength(*r, confederation));
  field("med", value(m, s.med), r->metric);
  field("weight", value(m, s.weight), r->weight.value_or(0));
  field("origin", value(m, s.origin), r->origin);
  // The BGP next hop: one of the simulator's (several when multipath). A link-local one
  // (unnumbered session) is not listed there and symsim does not encode those sessions.
  if (!r->protocol_next_hops.empty()) {
    int64_t sym = value(m, s.next_hop);
    bool listed = std::any_of(r->protocol_next_hops.begin(), r->protocol_next_hops.end(),
                              [&](const auto& h) { return h.ip && static_cast<int64_t>(h.ip->value) == sym; });
    if (!listed) out << " next-hop sim " << r->protocol_next_hops.front().ip.value_or(model::Ipv4{0}).str()
                     << " symsim " << model::Ipv4{static_cast<uint32_t>(sym)}.str();
  }
  for (size_t i = 0; i < tracked.size(); ++i) {
    bool con = std::find(r->communities.begin(), r->communities.end(), tracked[i]) != r->communities.end();
    if (truth(m, s.communities[i]) != con) out << " community " << model::communityStr(tracked[i]);
  }
  return out.str().empty() ? "" : "attributes differ:" + out.str();
}

// The simulator's IGP costs to next hops, which the encoding compares as constants.
symsim::NextHopCosts nextHopCosts(const sim::DataPlane& dp) {
  return [&dp](const std::string& node, model::Ipv4 nextHop,
               const model::Prefix& destination) -> std::optional<symsim::NextHopCost> {
    auto res = sim::resolveBgpNextHop(dp, node, nextHop, destination);
    if (!res) return std::nullopt;
    return symsim::NextHopCost{res->metric, res->connected};
  };
}

// `plant` edits the network the encoding sees (never the simulator's): the teeth test.
Comparison compare(const std::string& name, const model::Network& network,
                   const std::function<void(model::Network&)>& plant = {}) {
  Comparison out;
  sim::DataPlane dp = sim::simulate(network);
  model::Network encoded = network;
  if (plant) plant(encoded);
  std::set<model::Prefix> prefixes, skipped;
  for (const auto& [node, rib] : dp.ribs)
    for (const auto& r : rib.routes()) {
      if (bgpProtocol(r.protocol)) prefixes.insert(r.prefix);
      if (r.protocol == sim::Protocol::Aggregate) skipped.insert(r.prefix);  // not encoded
    }
  for (const auto& p : dp.oscillating_prefixes) skipped.insert(p);
  // symsim encodes the default VRFs only: a route a router learned from another router's VRF
  // instance (a PE's session to a CE in the CE's default VRF) is outside its scope.
  std::set<std::pair<std::string, std::string>> fromVrf;  // node, peer device
  for (const auto& st : dp.sessions)
    if (st.established && st.vrf.empty() && !st.peer_vrf.empty()) fromVrf.emplace(st.node, st.peer_node);
  auto sessions = symsim::discoverSessions(encoded);
  auto confederations = confederationMembers(encoded);
  std::vector<std::string> bgpNodes;
  for (const auto& d : encoded.devices)
    if (d.bgp) bgpNodes.push_back(d.name);
  for (const auto& prefix : prefixes) {
    if (skipped.count(prefix)) continue;
    ++out.prefixes;
    z3::context ctx;
    symsim::KnobTable knobs(ctx);
    symsim::Region region{{bgpNodes.begin(), bgpNodes.end()}};
    knobs.setRegion(region.nodes);
    symsim::BgpEncoding bgp(ctx, knobs, encoded, sessions, region, prefix, {}, {}, nextHopCosts(dp));
    z3::solver solver(ctx);
    solver.add(bgp.constraints());
    for (size_t i = 0; i < knobs.size(); ++i) solver.add(knobs.keepsOriginal(i));
    std::string where = name + " " + prefix.str() + " ";
    if (solver.check() != z3::sat) {
      out.gaps.push_back(where + "*: no stable state in symsim");
      continue;
    }
    z3::model m = solver.get_model();
    for (const auto& node : bgpNodes) {
      if (!bgp.encodes(node)) continue;
      const sim::Route* r = dp.ribs.at(node).exact(prefix);
      if (r && !bgpProtocol(r->protocol)) continue;  // the BGP best is not visible in the RIB
      if (r && fromVrf.count({node, *r->received_from})) continue;
      ++out.routers;
      const auto& bgpConfig = *encoded.findDevice(node)->bgp;
      const std::set<uint32_t>* confederation =
          bgpConfig.confederation_id ? &confederations[*bgpConfig.confederation_id] : nullptr;
      std::string diff = difference(m, bgp, node, r, bgp.trackedCommunities(), confederation);
      if (!diff.empty()) out.gaps.push_back(where + node + ": " + diff);
    }
  }
  return out;
}

std::vector<fs::path> snapshotsUnder(const fs::path& root, int depth) {
  std::vector<fs::path> out;
  if (!fs::exists(root)) return out;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    if (it.depth() > depth) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_directory() && it->path().filename() == "configs") out.push_back(it->path().parent_path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string snapshotName(const fs::path& p) { return fs::relative(p, ROUTEFIX_SOURCE_DIR).generic_string(); }

Comparison compareAll(const std::vector<fs::path>& snapshots) {
  Comparison all;
  for (const auto& dir : snapshots) {
    model::Network net;
    try {
      net = parser::loadSnapshot(dir);
    } catch (const std::exception&) {
      continue;  // an input-error fixture
    }
    Comparison c = compare(snapshotName(dir), net);
    all.prefixes += c.prefixes;
    all.routers += c.routers;
    all.gaps.insert(all.gaps.end(), c.gaps.begin(), c.gaps.end());
  }
  return all;
}

const char* kGapFile = ROUTEFIX_SOURCE_DIR "/symsim/sim_equivalence_gaps.txt";

std::set<std::string> knownGaps() {
  std::set<std::string> out;
  std::ifstream in(kGapFile);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') out.insert(gapKey(line));
  return out;
}

// The WANs bench/gen_wan writes for the repair tests (tests/e2e/repair_wan_test.cpp), each
// in a fresh temporary directory.
const char* kGeneratedWans[] = {"--routers 20 --rrs 1 --externals 4 --prefixes 2 --seed 1",
                                "--routers 20 --rrs 1 --externals 8 --prefixes 3 --seed 1"};

Comparison compareGenerated(const std::string& options) {
  fs::path dir = fs::temp_directory_path() / ("routefix-equivalence-wan-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  std::string gen = std::string(ROUTEFIX_BINARY_DIR) + "/bench/gen_wan";
  REQUIRE(std::system((gen + " " + dir.string() + " " + options + " >/dev/null 2>&1").c_str()) == 0);
  Comparison c = compare("gen_wan " + options, parser::loadSnapshot(dir));
  fs::remove_all(dir);
  return c;
}

std::vector<fs::path> bundledSnapshots() {
  auto out = snapshotsUnder(fs::path(ROUTEFIX_SOURCE_DIR) / "examples", 2);
  auto data = snapshotsUnder(fs::path(ROUTEFIX_SOURCE_DIR) / "tests/data", 4);
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

// Every gap of `c` is listed and every listed gap of these snapshots (keys starting with
// `scope`) occurs.
void checkAgainstList(const Comparison& c, const std::string& scope) {
  std::set<std::string> known, seen;
  for (const auto& k : knownGaps())
    if (k.rfind(scope, 0) == 0) known.insert(k);
  for (const auto& gap : c.gaps) {
    seen.insert(gapKey(gap));
    if (!known.count(gapKey(gap))) FAIL_CHECK("new disagreement: " << gap);
  }
  for (const auto& k : known)
    if (!seen.count(k)) FAIL_CHECK("listed disagreement no longer occurs (remove it from the list): " << k);
}

}  // namespace

TEST_CASE("sim and symsim select the same routes on every bundled snapshot") {
  auto snapshots = bundledSnapshots();
  REQUIRE(snapshots.size() >= 30);
  Comparison c = compareAll(snapshots);
  for (const char* scope : {"examples/", "tests/data/"}) {
    Comparison part;
    for (const auto& g : c.gaps)
      if (g.rfind(scope, 0) == 0) part.gaps.push_back(g);
    checkAgainstList(part, scope);
  }
  MESSAGE("bundled: " << snapshots.size() << " snapshots, " << c.prefixes << " prefixes, " << c.routers
                      << " router comparisons, " << c.gaps.size() << " known gaps");
}

// About a minute of Z3 on one core: ctest runs it under the fidelity label
// (sim_equivalence_slow, with --no-skip), not with the unit tests.
TEST_CASE("sim and symsim select the same routes on the generated WANs" * doctest::skip()) {
  Comparison c;
  for (const char* options : kGeneratedWans) {
    Comparison g = compareGenerated(options);
    c.prefixes += g.prefixes;
    c.routers += g.routers;
    c.gaps.insert(c.gaps.end(), g.gaps.begin(), g.gaps.end());
  }
  checkAgainstList(c, "gen_wan ");
  MESSAGE("generated: " << std::size(kGeneratedWans) << " WANs, " << c.prefixes << " prefixes, " << c.routers
                        << " router comparisons, " << c.gaps.size() << " known gaps");
}

TEST_CASE("the comparison has teeth: local-pref + 1 in the encoding's copy is caught") {
  auto dir = fs::path(ROUTEFIX_SOURCE_DIR) / "tests/data/repair/localpref-waypoint-frr";
  model::Network net = parser::loadSnapshot(dir);
  Comparison clean = compare("clean", net);
  REQUIRE(clean.routers > 0);
  // Only routers that learn over eBGP get the default local-pref: bump it on all of them.
  Comparison planted = compare("planted", net, [](model::Network& n) {
    for (auto& d : n.devices) d.defaults.bgp_local_pref += 1;
  });
  CHECK(planted.gaps.size() > clean.gaps.size());
  bool localPref = std::any_of(planted.gaps.begin(), planted.gaps.end(), [](const std::string& g) {
    return g.find("local-pref sim 100 symsim 101") != std::string::npos;
  });
  CHECK(localPref);
}

TEST_CASE("as-override: symsim's loop check and AS tracking see the override as sim does") {
  // topotest bgp_as_override: r4 shares r1's AS and takes r1's loopback through r3's
  // override; without the rule symsim dropped it at r4 as a loop.
  auto snapshot = fs::path(ROUTEFIX_SOURCE_DIR) / "tests/fidelity/corpus/topotests/bgp_as_override";
  Comparison c = compareAll({snapshot});
  CHECK(c.routers > 0);
  for (const auto& g : c.gaps) CHECK_MESSAGE(g.find("172.16.255.1/32") == std::string::npos, g);
}

// Sessions keyed by peering (issue 14). Before, symsim's session graph had no unnumbered
// sessions (every router of the chain selected nothing) and kept one session per pair of
// routers (r2 took the prepended route over the first of its two sessions to r1).
TEST_CASE("unnumbered and parallel BGP sessions: symsim selects the simulator's routes") {
  auto root = fs::path(ROUTEFIX_SOURCE_DIR) / "tests/lab/scenarios";  // real FRR 8.4 agrees with sim there
  auto chain = root / "bgp-unnumbered-chain";
  sim::DataPlane dp = sim::simulate(parser::loadSnapshot(chain));
  const sim::Route* far = dp.ribs.at("r3").exact(*model::Prefix::parse("10.0.0.1/32"));
  REQUIRE(far);
  CHECK(std::vector<uint32_t>(far->as_path.begin(), far->as_path.end()) == std::vector<uint32_t>{65002, 65001});
  REQUIRE(far->next_hops.size() == 1);
  CHECK(far->next_hops[0].interface == "eth0");
  CHECK(!far->next_hops[0].ip);
  Comparison unnumbered = compareAll({chain});
  CHECK(unnumbered.routers == 6);  // 3 loopbacks, each learned by the 2 other routers
  for (const auto& g : unnumbered.gaps) FAIL_CHECK(g);

  auto parallel = root / "bgp-parallel-sessions";
  dp = sim::simulate(parser::loadSnapshot(parallel));
  const sim::Route* r1 = dp.ribs.at("r2").exact(*model::Prefix::parse("10.0.0.1/32"));
  REQUIRE(r1);
  CHECK(r1->as_path.size() == 1);
  REQUIRE(r1->protocol_next_hops.size() == 1);
  CHECK(r1->protocol_next_hops[0].ip == model::Ipv4::parse("10.0.2.1"));
  Comparison twoSessions = compareAll({parallel});
  CHECK(twoSessions.routers == 2);
  for (const auto& g : twoSessions.gaps) FAIL_CHECK(g);
}

// Confederations (issue 14). Before, symsim took the confed-eBGP session r1 - r2 for plain
// eBGP: it reset local-pref at r1 and r2, and counted the member AS in the path length
// (r4 and r3 saw paths one AS too long).
TEST_CASE("confederation: symsim selects the simulator's routes") {
  auto dir = fs::path(ROUTEFIX_SOURCE_DIR) / "tests/lab/scenarios/bgp-confederation";  // checked on FRR 8.4
  sim::DataPlane dp = sim::simulate(parser::loadSnapshot(dir));
  auto prefix = *model::Prefix::parse("10.0.0.3/32");
  const sim::Route* inside = dp.ribs.at("r1").exact(prefix);
  REQUIRE(inside);
  CHECK(inside->local_pref == 200u);
  REQUIRE(inside->protocol_next_hops.size() == 1);
  CHECK(inside->protocol_next_hops[0].ip == model::Ipv4::parse("10.0.23.3"));
  const sim::Route* outside = dp.ribs.at("r4").exact(prefix);
  REQUIRE(outside);
  CHECK(std::vector<uint32_t>(outside->as_path.begin(), outside->as_path.end()) == std::vector<uint32_t>{100, 200});
  Comparison c = compareAll({dir});
  CHECK(c.routers == 6);  // the 2 announced loopbacks, each learned by the 3 other routers
  for (const auto& g : c.gaps) FAIL_CHECK(g);
}

TEST_CASE("well-known communities: symsim withholds what sim withholds") {
  // topotest bgp_blackhole_community: r2 hears r1's routes with BLACKHOLE over eBGP, adds
  // NO_EXPORT, and keeps them from its eBGP peer r3 (iBGP r4 still gets them). symsim had no
  // well-known community rule and sent them to r3.
  auto snapshot = fs::path(ROUTEFIX_SOURCE_DIR) / "tests/fidelity/corpus/topotests/bgp_blackhole_community";
  Comparison c = compareAll({snapshot});
  CHECK(c.routers >= 4);
  for (const auto& g : c.gaps) FAIL_CHECK(g);
}

TEST_CASE("a reused subnet: symsim pairs a session with the owner across the link, as sim does") {
  // topotest bgp_local_as_private_remove: r1-r2 and r3-r4 both use 192.168.255.0/24. r4's
  // neighbor 192.168.255.1 is r3 (across r4's link; semantics::addressOwnerSeenFrom), not
  // r1, which symsim took (the first device holding the address): r4 had no route from r3.
  auto snapshot = fs::path(ROUTEFIX_SOURCE_DIR) / "tests/fidelity/corpus/topotests/bgp_local_as_private_remove";
  Comparison c = compareAll({snapshot});
  CHECK(c.routers == 2);  // 172.16.255.254/32 (r1 and r3 both hold it) at r2 and at r4
  for (const auto& g : c.gaps) FAIL_CHECK(g);
}

// Parsing the corpus takes most of this test's time: ctest runs it under the fidelity label
// (sim_equivalence_slow, with --no-skip), not with the unit tests.
TEST_CASE("sim and symsim on the fidelity corpus (reported)" * doctest::skip()) {
  auto root = fs::path(ROUTEFIX_SOURCE_DIR) / "tests/fidelity/corpus";
  auto snapshots = snapshotsUnder(root, 2);
  Comparison c = compareAll(snapshots);
  MESSAGE("fidelity corpus: " << snapshots.size() << " snapshots, " << c.prefixes << " prefixes, "
                              << c.routers << " router comparisons, " << c.gaps.size() << " disagreements");
  if (std::getenv("ROUTEFIX_SHOW_GAPS"))
    for (const auto& g : c.gaps) std::cout << g << "\n";
  CHECK(c.routers > 0);
}
