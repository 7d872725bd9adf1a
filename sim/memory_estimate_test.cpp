#include <doctest/doctest.h>

#include "sim/memory_estimate.h"
#include "sim/sim_test_network.h"

using namespace routefix;
using namespace routefix::sim;
using namespace routefix::sim::testing;

namespace {

// A chain r0 - r1 - ... of eBGP routers, each announcing one LAN; r0 also hears `externals`
// prefixes from a peer outside the snapshot.
model::Network bgpChain(int routers, int externals) {
  NetworkBuilder b;
  for (int i = 0; i < routers; ++i) {
    std::string r = "r" + std::to_string(i);
    b.router(r);
    b.bgp(r, 65000 + i);
    b.iface(r, "lan", "10.1." + std::to_string(i) + ".1/24");
    b.network(r, "10.1." + std::to_string(i) + ".0/24");
  }
  for (int i = 0; i + 1 < routers; ++i) {
    std::string a = "r" + std::to_string(i), c = "r" + std::to_string(i + 1);
    b.link(a, c, "10.0." + std::to_string(i) + ".0/30");
    b.ebgp(a, c);
  }
  model::Network net = b.build();
  for (int i = 0; i < externals; ++i)
    net.externals.push_back({"r0", *model::Ipv4::parse("203.0.113.2"),
                             *model::Prefix::parse("198." + std::to_string(18 + i / 256) + "." + std::to_string(i % 256) + ".0/24"), {64999, 15169}, {}, 0});
  return net;
}

}  // namespace

TEST_CASE("routing volume: every BGP speaker may learn every BGP prefix, next to its own routes") {
  model::Network net = bgpChain(4, 10);
  RoutingVolume v = routingVolume(net);
  CHECK(v.devices == 4);
  CHECK(v.bgp_prefixes == 4 + 10);
  CHECK(v.igp_prefixes == 0);
  CHECK(v.bgp_sessions == 6);
  CHECK(v.adj_in_paths == 6 * 14);
  // FRR: no local /32 routes. Connected: the LAN and one or two /30s.
  CHECK(v.routes == 4 * 14 + (1 + 1) + (1 + 2) + (1 + 2) + (1 + 1));
  CHECK(v.largest_rib == 14 + 3);
  CHECK(v.as_path_hops == 10 * 2 + 10 * 4);
}

TEST_CASE("the simulation estimate grows with the work and counts what the run keeps") {
  model::Network small = bgpChain(4, 10), large = bgpChain(40, 1000);
  auto total = [](const model::Network& n, SimulationShape s) { return estimateSimulationMemory(n, s).total(); };
  CHECK(total(large, {}) > 10 * total(small, {}));
  // Failure scenarios keep every received path and a second set of tables.
  CHECK(total(large, {.failure_scenarios = true}) > 2 * total(large, {}));
  // Two networks alive at once (diff; repair's baseline and candidate).
  CHECK(total(large, {.networks = 2}) == 2 * total(large, {}));
  // routes --format json builds one table's JSON at a time.
  uint64_t json = total(large, {.routes_json = true}) - total(large, {});
  CHECK(json > 0);
  CHECK(json < total(large, {}));
  auto parts = estimateSimulationMemory(large, {.failure_scenarios = true}).parts;
  REQUIRE(parts.size() == 3);
  CHECK(parts[0].what == "40 routing tables of up to 41,718 routes");
  CHECK(parts[2].what.find("received BGP paths kept for failure scenarios (78 sessions x 1,040 prefixes)") !=
        std::string::npos);
}
