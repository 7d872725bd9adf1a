// The route model against the simulator: for random prepend vectors (inside and outside
// the caps), every AS's length and tie set follow from the per-session distances, and the
// lowest-id winner circuit picks the simulated winner's PoP.
#include <doctest/doctest.h>

#include <random>

#include "anycast/route_encoding.h"
#include "anycast/route_model.h"
#include "anycast/synthetic_internet.h"

using namespace routefix::anycast;

TEST_CASE("route model: lengths, tie sets and lowest-id winners match the simulator") {
  size_t checked = 0, tied = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    CAPTURE(seed);
    SyntheticInternet net = generateInternet({60 + seed * 17 % 140, seed, 1.0 + static_cast<double>(seed % 3)});
    SyntheticAnycastOptions ao;
    ao.pops = 2 + seed % 4;
    ao.sessions = ao.pops + seed % 4;
    ao.clients = 10;
    ao.seed = seed;
    SyntheticAnycast any = generateAnycast(net, ao);
    AsGraph graph = AsGraph::fromLinks(net.links);
    AnycastPropagation prop(graph, any.deployment);
    RouteModel model(prop);
    const size_t n = any.deployment.sessions.size();
    const int cap = 3;

    std::mt19937_64 rng(seed);
    PropagationState st;
    for (int round = 0; round < 6; ++round) {
      PrependVector p(n);
      for (int& x : p) x = static_cast<int>(rng() % (cap + 1));
      prop.run(p, true, st);

      z3::context ctx;
      RouteEncoding enc(ctx, graph, any.deployment, model, std::vector<int>(n, cap));
      z3::solver solver(ctx);
      for (const auto& clause : enc.definitions()) solver.add(clause);
      for (size_t s = 0; s < n; ++s) {
        solver.add(enc.geq(s, p[s]));
        solver.add(!enc.geq(s, p[s] + 1));
      }
      REQUIRE(solver.check() == z3::sat);
      z3::model m = solver.get_model();

      for (AsIndex v = 0; v < graph.size(); ++v) {
        CHECK(model.routeClass(v) == st.route_class[v]);
        if (!st.hasRoute(v)) continue;
        uint32_t length = UINT32_MAX;
        for (size_t s = 0; s < n; ++s)
          if (model.distance(v, s) != RouteModel::kUnreachable)
            length = std::min<uint32_t>(length, static_cast<uint32_t>(p[s] + model.distance(v, s)));
        CHECK(length == st.length[v]);
        std::vector<size_t> ties;
        for (size_t s = 0; s < n; ++s)
          if (model.distance(v, s) != RouteModel::kUnreachable && p[s] + model.distance(v, s) == static_cast<int>(length))
            ties.push_back(s);
        CHECK(ties == st.tieSet(v));
        for (size_t s = 0; s < n; ++s)
          CHECK(m.eval(enc.best(v, s), true).is_true() == (std::find(ties.begin(), ties.end(), s) != ties.end()));
        const auto& winner = enc.winnerPop(v);
        size_t expected = any.deployment.sessions[static_cast<size_t>(st.session[v])].pop;
        for (size_t q = 0; q < any.deployment.pops.size(); ++q)
          CHECK(m.eval(winner[q], true).is_true() == (q == expected));
        tied += ties.size() > 1;
        ++checked;
      }
    }
  }
  CHECK(checked > 1000);
  CHECK(tied > 100);  // the tie-break circuit must actually be exercised
  MESSAGE("checked " << checked << " AS states, " << tied << " with ties");
}
