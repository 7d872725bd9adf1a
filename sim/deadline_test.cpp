// A simulation given a deadline stops once it has passed (issue 20: --timeout bounds even
// one simulation of a large network, not only the gaps between failure scenarios).
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "sim/deadline.h"
#include "sim/sim_test_network.h"

namespace routefix::sim::testing {

namespace {

Deadline alreadyPassed() {
  Deadline d = Deadline::in(1e-6);
  std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return d;
}

// r1 - r2 - r3 in OSPF area 0 and nothing else: no BGP prefix to stop between.
Network ospfChain() {
  NetworkBuilder b;
  for (auto n : {"r1", "r2", "r3"}) b.router(n);
  b.link("r1", "r2", "10.0.12.0/30");
  b.link("r2", "r3", "10.0.23.0/30");
  for (auto [a, z] : {std::pair{"r1", "r2"}, {"r2", "r1"}, {"r2", "r3"}, {"r3", "r2"}}) b.ospfTowards(a, z);
  return b.build();
}

}  // namespace

TEST_CASE("a passed deadline stops BGP, OSPF and a VRF network's simulation") {
  CHECK_THROWS_AS(simulate(ebgpChain().build(), {.deadline = alreadyPassed()}), TimeLimitExceeded);
  CHECK_THROWS_AS(simulate(ospfChain(), {.deadline = alreadyPassed()}), TimeLimitExceeded);

  // VRFs are simulated as devices of their own, with options translated for them: the
  // deadline must survive the translation.
  NetworkBuilder vrfs = ebgpChain(Vendor::Ios);
  vrfs.iface("r1", "Gi9", "10.9.0.1/24").vrf = "A";
  vrfs.dev("r1").vrfs["A"].name = "A";
  CHECK_THROWS_AS(simulate(vrfs.build(), {.deadline = alreadyPassed()}), TimeLimitExceeded);

  try {
    simulate(ospfChain(), {.deadline = alreadyPassed()});
    FAIL("no TimeLimitExceeded");
  } catch (const TimeLimitExceeded& e) {
    CHECK(std::string(e.what()).find("the simulation did not finish within the time limit") != std::string::npos);
  }
}

TEST_CASE("without a deadline, or before it, the simulation is the same") {
  Network net = ebgpChain().build();
  DataPlane plain = simulate(net);
  DataPlane bounded = simulate(net, {.deadline = Deadline::in(3600)});
  REQUIRE(routeAt(bounded, "r3", "10.1.0.0/24"));
  CHECK(routeAt(bounded, "r3", "10.1.0.0/24")->as_path == routeAt(plain, "r3", "10.1.0.0/24")->as_path);
}

TEST_CASE("the failure simulator's baseline and its scenarios stop at their deadlines") {
  Network net = ebgpChain().build();
  CHECK_THROWS_AS(FailureSimulator(net, alreadyPassed()), TimeLimitExceeded);
  FailureSimulator simulator(net);
  SimulationOptions scenario;
  scenario.failed_links = {net.links.front()};
  CHECK_NOTHROW(simulator.simulate(scenario));
  scenario.deadline = alreadyPassed();
  CHECK_THROWS_AS(simulator.simulate(scenario), TimeLimitExceeded);
}

}  // namespace routefix::sim::testing
