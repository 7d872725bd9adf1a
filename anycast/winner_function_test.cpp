// The winner diagrams against the simulator: for random prepend vectors, following an AS's
// diagram with its simulated tie set lands on the PoP of its simulated lowest-id winner.
#include <doctest/doctest.h>

#include <optional>
#include <random>

#include "anycast/route_model.h"
#include "anycast/synthetic_internet.h"
#include "anycast/winner_function.h"

using namespace routefix::anycast;

TEST_CASE("winner diagrams pick the simulated lowest-id winner from the tie set") {
  size_t checked = 0, tied = 0;
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    CAPTURE(seed);
    SyntheticInternet net = generateInternet({80 + seed * 23 % 200, seed, 1.0 + static_cast<double>(seed % 3)});
    SyntheticAnycastOptions ao;
    ao.pops = 2 + seed % 4;
    ao.sessions = ao.pops + 1 + seed % 5;
    ao.clients = 1;
    ao.seed = seed;
    SyntheticAnycast any = generateAnycast(net, ao);
    AsGraph graph = AsGraph::fromLinks(net.links);
    AnycastPropagation prop(graph, any.deployment);
    RouteModel model(prop);
    WinnerFunctions winners(graph, any.deployment, model);
    const size_t n = any.deployment.sessions.size();

    // Every session with a route at v may be tied: the diagram over all of them.
    std::vector<std::optional<WinnerFunctions::NodeId>> roots(graph.size());
    for (AsIndex v = 0; v < graph.size(); ++v) {
      std::vector<size_t> possible;
      for (size_t s = 0; s < n; ++s)
        if (model.distance(v, s) != RouteModel::kUnreachable) possible.push_back(s);
      if (!possible.empty()) roots[v] = winners.root(v, possible);
    }
    std::mt19937_64 rng(seed);
    PropagationState st;
    for (int round = 0; round < 8; ++round) {
      PrependVector p(n);
      for (int& x : p) x = static_cast<int>(rng() % 5);
      prop.run(p, true, st);
      for (AsIndex v = 0; v < graph.size(); ++v) {
        REQUIRE(st.hasRoute(v) == roots[v].has_value());
        if (!st.hasRoute(v)) continue;
        std::vector<bool> in_tie(n, false);
        for (size_t s : st.tieSet(v)) in_tie[s] = true;
        size_t expected = any.deployment.sessions[static_cast<size_t>(st.session[v])].pop;
        CHECK(winners.evaluate(*roots[v], in_tie) == expected);
        tied += st.tieSet(v).size() > 1;
        ++checked;
      }
    }
  }
  CHECK(checked > 5000);
  CHECK(tied > 500);  // the diagrams' tests must actually decide something
  MESSAGE("checked " << checked << " AS states, " << tied << " with ties");
}
