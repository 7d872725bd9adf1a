#include <doctest/doctest.h>

#include "sim/bgp_decision.h"

using namespace routefix::sim::detail;

namespace {

struct Fixture {
  AsPathTable paths;
  DecisionOptions options;
  BgpPath base() {
    BgpPath p;
    p.as_path = paths.fromSequence({65001, 65100});
    p.ebgp = true;
    p.peer_router_id = 10;
    p.peer_address = 100;
    p.session = 1;
    return p;
  }
  // a must win against b, decided before the multipath boundary or after it as asked.
  void expectBetter(const BgpPath& a, const BgpPath& b) {
    CHECK(comparePaths(a, b, paths, options).order < 0);
    CHECK(comparePaths(b, a, paths, options).order > 0);
  }
};

}  // namespace

TEST_CASE("decision process, one step at a time") {
  Fixture f;
  auto a = f.base(), b = f.base();
  b.session = 2;
  b.peer_address = 101;

  SUBCASE("weight") { a.weight = 10; b.local_pref = 500; f.expectBetter(a, b); }
  SUBCASE("local-pref") { a.local_pref = 200; b.as_path = f.paths.fromSequence({65001}); f.expectBetter(a, b); }
  SUBCASE("locally originated over learned") {
    a.kind = PathKind::Local;
    a.as_path = f.paths.fromSequence({65001, 65002, 65003});
    f.expectBetter(a, b);
  }
  SUBCASE("shorter AS path") { b.as_path = f.paths.fromSequence({65001, 65100, 65200}); f.expectBetter(a, b); }
  SUBCASE("as-path ignore skips the length") {
    b.as_path = f.paths.fromSequence({65001, 65100, 65200});
    b.origin = 0;
    a.origin = 2;
    f.options.as_path_ignore = true;
    f.expectBetter(b, a);
  }
  SUBCASE("an AS_SET counts as one") {
    b.as_path = f.paths.fromSequenceAndSet({65001}, {1, 2, 3, 4});
    CHECK(f.paths.length(b.as_path) == 2);
    CHECK(comparePaths(a, b, f.paths, f.options).order != 0);  // decided later, not by length
  }
  SUBCASE("origin igp < egp < incomplete") { b.origin = 2; f.expectBetter(a, b); }
  SUBCASE("MED compared within the same neighbor AS") { b.med = 50; f.expectBetter(a, b); }
  SUBCASE("MED ignored across neighbor ASes unless always-compare-med") {
    b.as_path = f.paths.fromSequence({65002, 65100});
    a.med = 50;
    a.peer_router_id = 1;  // a would win by router id if MED is skipped
    CHECK(comparePaths(a, b, f.paths, f.options).order < 0);
    f.options.always_compare_med = true;
    CHECK(comparePaths(a, b, f.paths, f.options).order > 0);
  }
  SUBCASE("missing MED is 0, or worst with med-missing-as-worst") {
    a.med_missing = true;
    b.med = 10;
    f.expectBetter(a, b);
    f.options.med_missing_as_worst = true;
    f.expectBetter(b, a);
  }
  SUBCASE("eBGP over iBGP") { b.ebgp = false; f.expectBetter(a, b); }
  SUBCASE("lower IGP cost to the next hop") { b.igp_cost = 5; f.expectBetter(a, b); }
  SUBCASE("router id, then originator id for reflected paths") {
    a.peer_router_id = 5;
    f.expectBetter(a, b);
    a.originator_id = 50;  // the originator id stands in for the router id
    f.expectBetter(b, a);
  }
  SUBCASE("shorter cluster list") {
    a.ebgp = b.ebgp = false;
    b.cluster_length = 2;
    a.cluster_length = 1;
    f.expectBetter(a, b);
  }
  SUBCASE("lower neighbor address") {
    a.peer_address = 99;
    f.expectBetter(a, b);
  }
}

TEST_CASE("multipath: equal to the IGP-cost step; eBGP needs identical AS paths unless relaxed") {
  Fixture f;
  f.options.maximum_paths_ebgp = 4;
  auto a = f.base(), b = f.base(), c = f.base();
  b.session = 2;
  b.peer_router_id = 11;
  c.session = 3;
  c.peer_router_id = 12;
  c.as_path = f.paths.fromSequence({65002, 65100});  // same length, other neighbor AS
  std::vector<const BgpPath*> all{&a, &b, &c};
  auto best = selectBest(all, f.paths, f.options);
  CHECK(best == std::vector<uint32_t>{0, 1});
  f.options.multipath_relax = true;
  best = selectBest(all, f.paths, f.options);
  CHECK(best == std::vector<uint32_t>{0, 1, 2});
  f.options.maximum_paths_ebgp = 2;
  // The cut keeps the preferred member (lower router id), whatever the input order.
  CHECK(selectBest(all, f.paths, f.options) == std::vector<uint32_t>{0, 1});
  std::vector<const BgpPath*> reversed{&a, &c, &b};
  CHECK(selectBest(reversed, f.paths, f.options) == std::vector<uint32_t>{0, 2});
  f.options.maximum_paths_ebgp = 1;
  CHECK(selectBest(all, f.paths, f.options).size() == 1);
}

TEST_CASE("multipath: what two paths must share is the vendor's (identical AS paths, neighbour AS)") {
  using routefix::model::MultipathMatch;
  Fixture f;
  auto a = f.base(), b = f.base();
  b.session = 2;
  b.peer_router_id = 11;
  // Same length and neighbour AS, different origin AS.
  b.as_path = f.paths.fromSequence({65001, 65200});
  auto multipath = [&] { return comparePaths(a, b, f.paths, f.options).multipath_equal; };

  SUBCASE("IOS, NX-OS, EOS: identical AS paths, iBGP and eBGP alike") {
    CHECK_FALSE(multipath());
    a.ebgp = b.ebgp = false;
    CHECK_FALSE(multipath());
    b.as_path = a.as_path;
    CHECK(multipath());
  }
  SUBCASE("FRR: iBGP identical AS paths, eBGP the same neighbour AS") {
    f.options.multipath_match = MultipathMatch::AsPathInternalNeighborAsExternal;
    CHECK(multipath());
    a.ebgp = b.ebgp = false;
    CHECK_FALSE(multipath());
  }
  SUBCASE("Junos: the same neighbour AS, iBGP and eBGP alike") {
    f.options.multipath_match = MultipathMatch::NeighborAs;
    CHECK(multipath());
    a.ebgp = b.ebgp = false;
    CHECK(multipath());
    b.as_path = f.paths.fromSequence({65002, 65100});
    CHECK_FALSE(multipath());
  }
  SUBCASE("multipath-relax: the equal length is enough") {
    a.ebgp = b.ebgp = false;
    f.options.multipath_relax = true;
    CHECK(multipath());
  }
}

TEST_CASE("invalid paths never win, and deterministic MED groups by neighbor AS") {
  Fixture f;
  auto a = f.base(), b = f.base(), c = f.base();
  a.valid = false;
  a.local_pref = 1000;
  b.session = 2;
  b.peer_router_id = 20;
  b.med = 10;
  c.session = 3;
  c.peer_router_id = 30;
  c.as_path = f.paths.fromSequence({65002, 65100});
  // b loses to nothing in its group; b vs c skips MED (other AS) and falls to router id.
  std::vector<const BgpPath*> all{&a, &b, &c};
  auto best = selectBest(all, f.paths, f.options);
  REQUIRE_FALSE(best.empty());
  CHECK(best.front() == 1);
  std::vector<const BgpPath*> onlyInvalid{&a};
  CHECK(selectBest(onlyInvalid, f.paths, f.options).empty());
}
