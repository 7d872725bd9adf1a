#include <doctest/doctest.h>

#include "anycast/catchment_shift.h"

using namespace routefix::anycast;

TEST_CASE("catchment shift: weight per PoP before and after, split over a keep-all set, at target") {
  Deployment d;
  d.pops = {"fra", "nyc", "sin"};
  std::vector<ClientGroup> clients = {{.asn = 10, .weight = 2, .target = 1},
                                      {.asn = 20, .weight = 1, .target = 0},
                                      {.asn = 30, .weight = 4}};
  std::vector<ClientOutcome> before = {{.pops = {0}}, {.pops = {0, 1}}, {.pops = {}}};
  std::vector<ClientOutcome> after = {{.pops = {1}}, {.pops = {0}}, {.pops = {2}}};
  CatchmentShift s = catchmentShift(d, clients, before, after);
  REQUIRE(s.pops.size() == 3);
  CHECK(s.pops[0].before == 2.5);  // 10, and half of 20's two-PoP catchment
  CHECK(s.pops[1].before == 0.5);
  CHECK(s.pops[0].after == 1);
  CHECK(s.pops[1].after == 2);
  CHECK(s.pops[2].after == 4);
  CHECK(s.no_route_before == 4);
  CHECK(s.no_route_after == 0);
  CHECK(s.pops[1].targeted == 2);
  CHECK(s.pops[1].at_target_before == 0);
  CHECK(s.pops[1].at_target_after == 2);
  CHECK(s.pops[0].targeted == 1);
  CHECK(s.pops[0].at_target_before == 0);  // {fra, nyc} is not exactly {fra}
  CHECK(s.pops[0].at_target_after == 1);
}
