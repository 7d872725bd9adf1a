// sim::FailureSimulator against sim::simulate from scratch: every single and every pair of
// link failures on every bundled snapshot (examples, the FRR lab scenarios, the repair and
// Junos test networks) must give the same RIBs and sessions. Lives here, not in sim/,
// because it reads the snapshots through the parser.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "parser/parser.h"
#include "sim/dataplane.h"

using namespace routefix;

namespace {

std::string describe(const sim::Route& r) {
  std::ostringstream s;
  s << sim::protocolName(r.protocol) << " ad " << r.admin_distance << " metric " << r.metric << " via";
  for (const auto& nh : r.next_hops)
    s << " " << (nh.ip ? nh.ip->str() : "-") << "/" << nh.interface << "/" << nh.node << (nh.discard ? "/discard" : "");
  s << " as";
  for (auto a : r.as_path) s << " " << a;
  s << " lp " << r.local_pref.value_or(0) << " comm " << r.communities.size() << " from " << *r.received_from;
  return s.str();
}

void compare(const sim::DataPlane& expected, const sim::DataPlane& got, const std::string& scenario) {
  INFO("scenario " << scenario);
  CHECK(expected.converged == got.converged);
  REQUIRE(expected.ribs.size() == got.ribs.size());
  for (const auto& [node, rib] : expected.ribs) {
    const auto& other = got.ribs.at(node);
    INFO("node " << node);
    CHECK(rib.routes().size() == other.routes().size());
    for (const auto& r : rib.routes()) {
      INFO("prefix " << r.prefix.str());
      const sim::Route* o = other.exact(r.prefix);
      REQUIRE(o != nullptr);
      CHECK(describe(r) == describe(*o));
    }
  }
  // The IPv6 tables: BGP IPv6 unicast runs again in every scenario.
  REQUIRE(expected.ipv6.ribs.size() == got.ipv6.ribs.size());
  for (const auto& [node, rib] : expected.ipv6.ribs) {
    INFO("node " << node << " (IPv6)");
    CHECK(rib.routes() == got.ipv6.ribs.at(node).routes());
  }
  REQUIRE(expected.sessions.size() == got.sessions.size());
  for (size_t i = 0; i < expected.sessions.size(); ++i) {
    CHECK(expected.sessions[i].node == got.sessions[i].node);
    CHECK(expected.sessions[i].established == got.sessions[i].established);
  }
}

std::vector<std::filesystem::path> snapshots() {
  std::filesystem::path root(ROUTEFIX_SOURCE_DIR);
  std::vector<std::filesystem::path> out;
  for (const char* dir : {"examples", "tests/lab/scenarios", "tests/data/repair", "tests/data/sim"})
    for (const auto& e : std::filesystem::directory_iterator(root / dir))
      if (std::filesystem::exists(e.path() / "configs")) out.push_back(e.path());
  out.push_back(root / "tests/data/junos/parity/mixed");
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("FailureSimulator gives what simulate gives, for every single and double link failure") {
  size_t scenarios = 0;
  for (const auto& path : snapshots()) {
    INFO("snapshot " << path.string());
    model::Network net = parser::loadSnapshot(path);
    sim::FailureSimulator failures(net);
    compare(sim::simulate(net), failures.baseline(), "none");
    std::vector<model::Link> links(net.links.begin(), net.links.end());
    for (size_t i = 0; i < links.size(); ++i)
      for (size_t j = i; j < links.size(); ++j) {
        sim::SimulationOptions o;
        o.failed_links = {links[i], links[j]};
        std::string name = links[i].a + "-" + links[i].b + (i == j ? "" : " + " + links[j].a + "-" + links[j].b);
        compare(sim::simulate(net, o), failures.simulate(o), name);
        ++scenarios;
      }
  }
  CHECK(scenarios > 100);
}

TEST_CASE("a failure scenario's IPv6 routes are its own: the dual-stack diamond reroutes over r3") {
  model::Network net =
      parser::loadSnapshot(std::filesystem::path(ROUTEFIX_SOURCE_DIR) / "tests/lab/scenarios/dual-stack-diamond");
  sim::FailureSimulator failures(net);
  auto lan4 = *model::IpPrefix::parse("2001:db8:a4::/64");
  const sim::Ipv6Route* before = failures.baseline().ipv6Table("r1")->exact(lan4);
  REQUIRE(before != nullptr);
  REQUIRE(before->next_hops.size() == 1);
  CHECK(before->next_hops.front().interface == "eth-r2");  // local-pref 200 from r2
  sim::SimulationOptions o;
  for (const auto& l : net.links)
    if ((l.a == "r1" && l.b == "r2") || (l.a == "r2" && l.b == "r1")) o.failed_links.insert(l);
  REQUIRE(o.failed_links.size() == 1);
  sim::DataPlane dp = failures.simulate(o);
  const sim::Ipv6Route* after = dp.ipv6Table("r1")->exact(lan4);
  REQUIRE(after != nullptr);
  REQUIRE(after->next_hops.size() == 1);
  CHECK(after->next_hops.front().interface == "eth-r3");
  // r3 - r4 is an IPv6 session: with its link down r3 learns r4's LAN over r1 (r1's path over
  // r2 carries AS 65002, which r3 refuses), so it has none.
  o.failed_links.clear();
  for (const auto& l : net.links)
    if ((l.a == "r3" && l.b == "r4") || (l.a == "r4" && l.b == "r3")) o.failed_links.insert(l);
  sim::DataPlane cut = failures.simulate(o);
  CHECK(cut.ipv6Table("r3")->exact(lan4) == nullptr);
}
