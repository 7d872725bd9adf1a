// Propagation against small graphs checked by hand.
#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include "anycast/objective.h"
#include "anycast/propagation.h"

using namespace routefix::anycast;

namespace {

AsLink p2c(Asn provider, Asn customer) { return {provider, customer, Relationship::ProviderToCustomer}; }
AsLink p2p(Asn a, Asn b) { return {a, b, Relationship::PeerToPeer}; }

Deployment makeDeployment(Asn origin, const std::string& yaml) {
  return parseDeployment(YAML::Load(yaml), "pops.yaml", origin);
}

struct World {
  AsGraph graph;
  Deployment deployment;
  AnycastPropagation propagation;
  PropagationState state;

  World(const std::vector<AsLink>& links, Asn origin, const std::string& pops)
      : graph(AsGraph::fromLinks(links)), deployment(makeDeployment(origin, pops)),
        propagation(graph, deployment) {}

  void run(PrependVector p) { propagation.run(p, true, state); }
  // The PoP (lowest-id) of an AS, "" without a route.
  std::string pop(Asn asn) const {
    AsIndex v = *graph.find(asn);
    if (!state.hasRoute(v)) return "";
    return deployment.pops[deployment.sessions[static_cast<size_t>(state.session[v])].pop];
  }
  std::vector<std::string> keepAll(Asn asn) const {
    std::vector<size_t> sessions = state.tieSet(*graph.find(asn));
    auto out = outcomeFromSessions(sessions, deployment);
    std::vector<std::string> names;
    for (size_t p : out.pops) names.push_back(deployment.pops[p]);
    return names;
  }
  uint32_t length(Asn asn) const { return state.length[*graph.find(asn)]; }
  RouteClass cls(Asn asn) const { return state.route_class[*graph.find(asn)]; }
};

// Origin 100 buys transit from 1 (PoP fra) and 2 (PoP nyc); 1 and 2 peer.
// 10 is a customer of 1, 20 of 2, and 30 of both.
const std::vector<AsLink> kTwoTransits = {p2p(1, 2),  p2c(1, 100), p2c(2, 100), p2c(1, 10),
                                          p2c(2, 20), p2c(1, 30),  p2c(2, 30)};
const char* kTwoPops = R"({"pops": [{"name": "fra", "upstreams": [1]}, {"name": "nyc", "upstreams": [2]}]})";

}  // namespace

TEST_CASE("two transits: baseline catchments and path lengths") {
  World w(kTwoTransits, 100, kTwoPops);
  w.run({0, 0});
  CHECK(w.pop(1) == "fra");
  CHECK(w.pop(2) == "nyc");
  CHECK(w.pop(10) == "fra");
  CHECK(w.pop(20) == "nyc");
  CHECK(w.length(10) == 2);
  CHECK(w.cls(10) == RouteClass::Provider);
  CHECK(w.cls(1) == RouteClass::Customer);
  // 30 hears two 2-hop provider routes: lowest neighbour ASN (1) wins; keep-all keeps both.
  CHECK(w.pop(30) == "fra");
  CHECK(w.keepAll(30) == std::vector<std::string>{"fra", "nyc"});
  CHECK(w.keepAll(10) == std::vector<std::string>{"fra"});
}

TEST_CASE("a prepend that moves a client and one that does not") {
  World w(kTwoTransits, 100, kTwoPops);
  w.run({1, 0});  // fra one longer: 30 now prefers the shorter nyc route
  CHECK(w.pop(30) == "nyc");
  CHECK(w.length(30) == 2);
  CHECK(w.keepAll(30) == std::vector<std::string>{"nyc"});
  w.run({0, 1});  // nyc longer: 30 stays at fra, now strictly
  CHECK(w.pop(30) == "fra");
  CHECK(w.keepAll(30) == std::vector<std::string>{"fra"});
}

TEST_CASE("customer preference: prepending cannot move a single-homed customer cone") {
  World w(kTwoTransits, 100, kTwoPops);
  w.run({3, 0});
  // AS 1 keeps its 4-hop customer route over the 2-hop peer route from 2, so its customer 10
  // stays at fra however much fra is prepended.
  CHECK(w.pop(1) == "fra");
  CHECK(w.length(1) == 4);
  CHECK(w.pop(10) == "fra");
  CHECK(w.length(10) == 5);
  CHECK(w.pop(30) == "nyc");
}

TEST_CASE("several sessions at one upstream: the PoP listed first wins a tie") {
  World w({p2c(1, 100), p2c(1, 10)}, 100,
          R"({"pops": [{"name": "ams", "upstreams": [1]}, {"name": "fra", "upstreams": [1]}]})");
  w.run({0, 0});
  CHECK(w.pop(10) == "ams");
  CHECK(w.keepAll(10) == std::vector<std::string>{"ams", "fra"});
  w.run({1, 0});
  CHECK(w.pop(10) == "fra");
  w.run({2, 2});
  CHECK(w.pop(10) == "ams");
  CHECK(w.length(10) == 4);
}

TEST_CASE("valley-free export") {
  // 100 -> 1 (transit). 1 peers with 2, 2 peers with 3: 3 must not learn the route through
  // two peer links. 5 is a customer of 1 and of 6: 6 must not learn the route from its
  // customer 5, which only has a provider route.
  World w({p2c(1, 100), p2p(1, 2), p2p(2, 3), p2c(1, 5), p2c(6, 5)}, 100,
          R"({"pops": [{"name": "fra", "upstreams": [1]}]})");
  w.run({0});
  CHECK(w.pop(2) == "fra");
  CHECK(w.cls(2) == RouteClass::Peer);
  CHECK(w.pop(3) == "");
  CHECK(w.pop(5) == "fra");
  CHECK(w.pop(6) == "");
}

TEST_CASE("loop prevention: the origin never re-announces its own prefix") {
  // 100 is also a customer of 7 but announces only to 1. 7 peers with 1, so it must reach
  // the prefix over that peer link, not through 100.
  World w({p2c(1, 100), p2c(7, 100), p2p(1, 7), p2c(7, 70)}, 100,
          R"({"pops": [{"name": "fra", "upstreams": [1]}]})");
  w.run({0});
  AsIndex origin = *w.graph.find(100);
  CHECK_FALSE(w.state.hasRoute(origin));
  CHECK(w.cls(7) == RouteClass::Peer);
  CHECK(w.state.next_hop[*w.graph.find(7)] == 1);
  CHECK(w.length(70) == 3);
}

TEST_CASE("customer route beats a shorter peer route; peer beats a shorter provider route") {
  // 100 -> 1 (fra) and 100 -> 2 (nyc). 3 is a provider of 1 via a long chain? Keep it small:
  // 3 is a provider of 2 and peers with 1. With nyc prepended 5 times, 3 still takes the
  // customer route through 2 rather than the 2-hop peer route through 1.
  World w({p2c(1, 100), p2c(2, 100), p2c(3, 2), p2p(3, 1), p2c(3, 33)}, 100, kTwoPops);
  w.run({0, 5});
  CHECK(w.pop(3) == "nyc");
  CHECK(w.cls(3) == RouteClass::Customer);
  CHECK(w.length(3) == 7);
  CHECK(w.pop(33) == "nyc");
}

TEST_CASE("an upstream that is a peer of the origin hears a peer route") {
  World w({p2p(1, 100), p2c(1, 10), p2c(2, 100), p2c(2, 10)}, 100, kTwoPops);
  w.run({0, 3});
  CHECK(w.cls(1) == RouteClass::Peer);
  // 10 hears provider routes from 1 (len 2, fra) and 2 (len 5, nyc): shortest wins.
  CHECK(w.pop(10) == "fra");
  CHECK(w.length(10) == 2);
}
