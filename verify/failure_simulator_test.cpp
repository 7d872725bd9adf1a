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
  s << " lp " << r.local_pref.value_or(0) << " comm " << r.communities.size() << " from " << r.received_from;
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
