#include <doctest/doctest.h>

#include "symsim/ospf_encoding.h"
#include "symsim/test_networks.h"

using namespace routefix;
using namespace routefix::symsim;
using namespace routefix::symsim::testing;

namespace {

// hq reaches branch's LAN over core1 and core2 (costs 10 everywhere).
NetworkBuilder square(bool branchCore2InOspf) {
  NetworkBuilder b;
  b.ospfRouter("branch");
  b.ospfRouter("core1");
  b.ospfRouter("core2");
  b.ospfRouter("hq");
  b.ospfLink("hq", "core1", "10.0.3.0/30", 10);
  b.ospfLink("hq", "core2", "10.0.4.0/30", 10);
  b.ospfLink("core1", "branch", "10.0.1.0/30", 10);
  b.ospfLink("core2", "branch", "10.0.2.0/30", 10, true, branchCore2InOspf);
  b.ospfStub("branch", "10.40.0.0/24");
  return b;
}

struct Solved {
  z3::context ctx;
  KnobTable knobs{ctx};
  std::vector<std::unique_ptr<OspfEncoding>> scenarios;

  Solved(const model::Network& net, const char* destination, std::vector<Scenario> cases) {
    std::set<std::string> all;
    for (const auto& d : net.devices) all.insert(d.name);
    knobs.setRegion(all);
    for (const auto& s : cases)
      scenarios.push_back(std::make_unique<OspfEncoding>(ctx, knobs, net, prefix(destination), s));
  }
  std::optional<std::vector<KnobChange>> minimal(const std::vector<z3::expr>& goals) {
    z3::optimize opt(ctx);
    for (const auto& s : scenarios) opt.add(s->constraints());
    for (const auto& g : goals) opt.add(g);
    for (size_t i = 0; i < knobs.size(); ++i) {
      if (knobs.knob(i).integer) opt.add(knobs.variable(i) >= 1 && knobs.variable(i) <= 65535);
      opt.add_soft(knobs.keepsOriginal(i), static_cast<unsigned>(knobs.knob(i).cost));
    }
    if (opt.check() != z3::sat) return std::nullopt;
    return knobs.changes(opt.get_model());
  }
  bool alwaysHolds(const z3::expr& property) {
    z3::solver s(ctx);
    for (const auto& sc : scenarios) s.add(sc->constraints());
    for (size_t i = 0; i < knobs.size(); ++i) s.add(knobs.keepsOriginal(i));
    REQUIRE(s.check() == z3::sat);
    s.add(!property);
    return s.check() == z3::unsat;
  }
};

DestinationIntent intent(DestinationIntent::Kind kind, std::vector<std::string> from) {
  DestinationIntent i;
  i.kind = kind;
  i.sources = std::move(from);
  return i;
}

}  // namespace

TEST_CASE("OSPF distances and ECMP next hops on a square") {
  auto b = square(true);
  Solved s(b.network(), "10.40.0.0/24", {Scenario{}});
  auto& enc = *s.scenarios[0];
  CHECK(s.alwaysHolds(enc.distance("hq") == 21));  // 10 + 10 + the LAN stub cost 1
  CHECK(s.alwaysHolds(enc.nextHop("hq", "core1") && enc.nextHop("hq", "core2")));
  auto multi = intent(DestinationIntent::Kind::Multipath, {"hq"});
  multi.min_paths = 2;
  CHECK(s.alwaysHolds(*enc.intent(multi)));
  CHECK(s.minimal({*enc.intent(multi)})->empty());
}

TEST_CASE("an uplink left out of OSPF: single path, and cut off when the other link fails") {
  auto b = square(false);
  model::Link cut{"core1", "to-branch", "branch", "to-core1"};
  Solved s(b.network(), "10.40.0.0/24", {Scenario{}, Scenario{"cut", {cut}}});
  auto& base = *s.scenarios[0];
  auto& failed = *s.scenarios[1];
  auto reach = intent(DestinationIntent::Kind::Reachable, {"hq", "core2"});
  CHECK(s.alwaysHolds(*base.intent(reach)));
  CHECK(s.alwaysHolds(!*failed.intent(reach)));
  auto changes = s.minimal({*base.intent(reach), *failed.intent(reach)});
  REQUIRE(changes);
  REQUIRE(changes->size() == 1);
  const Knob& k = s.knobs.knob((*changes)[0].knob);
  CHECK(k.kind == KnobKind::OspfInterface);
  CHECK(k.node == "branch");
  CHECK(k.interface == "to-core2");
}

TEST_CASE("a cost that moves the path off the intended one is changed back, minimally") {
  auto b = square(true);
  b.device("hq").interfaces[0].ospf_cost = 50;  // hq -> core1 now expensive
  Solved s(b.network(), "10.40.0.0/24", {Scenario{}});
  auto& enc = *s.scenarios[0];
  DestinationIntent path = intent(DestinationIntent::Kind::Path, {"hq"});
  path.path = {"hq", "core1", "branch"};
  CHECK(s.alwaysHolds(enc.nextHop("hq", "core2")));
  CHECK(s.alwaysHolds(!*enc.intent(path)));
  auto changes = s.minimal({*enc.intent(path)});
  REQUIRE(changes);
  REQUIRE(changes->size() == 1);
  CHECK(s.knobs.knob((*changes)[0].knob).kind == KnobKind::OspfCost);
}
