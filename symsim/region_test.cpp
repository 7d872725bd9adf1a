#include <doctest/doctest.h>

#include "symsim/region.h"
#include "symsim/test_networks.h"

using namespace routefix;
using namespace routefix::symsim;
using namespace routefix::symsim::testing;

namespace {

// src -- {m1, m2} -- dst, plus a detour src -- x -- y -- dst: two shortest walks and a longer one.
model::Network diamondWithDetour() {
  NetworkBuilder b;
  for (const char* r : {"src", "m1", "m2", "x", "y", "dst"}) b.router(r, 65000 + b.network().devices.size());
  b.link("src", "m1", "10.0.1.0/30");
  b.link("src", "m2", "10.0.2.0/30");
  b.link("m1", "dst", "10.0.3.0/30");
  b.link("m2", "dst", "10.0.4.0/30");
  b.link("src", "x", "10.0.5.0/30");
  b.link("x", "y", "10.0.6.0/30");
  b.link("y", "dst", "10.0.7.0/30");
  return b.network();
}

std::set<std::string> nodes(const model::Network& net, RegionWidth width,
                            std::vector<std::string> required = {}) {
  return selectRegion(net, discoverSessions(net), {"src"}, {"dst"}, required, width).nodes;
}

}  // namespace

TEST_CASE("region widths: one walk, every shortest walk, slack, whole network") {
  auto net = diamondWithDetour();
  using K = RegionWidth::Kind;
  CHECK(nodes(net, {K::OneWalk}) == std::set<std::string>{"src", "m1", "dst"});
  CHECK(nodes(net, {K::Slack, 0}) == std::set<std::string>{"src", "m1", "m2", "dst"});
  CHECK(nodes(net, {K::Slack, 1}) == std::set<std::string>{"src", "m1", "m2", "x", "y", "dst"});
  CHECK(nodes(net, {K::Whole}).size() == 6);
}

TEST_CASE("one walk passes the required routers in order") {
  auto net = diamondWithDetour();
  CHECK(nodes(net, {RegionWidth::Kind::OneWalk}, {"m2"}) == std::set<std::string>{"src", "m2", "dst"});
  CHECK(nodes(net, {RegionWidth::Kind::OneWalk}, {"y"}) == std::set<std::string>{"src", "x", "y", "dst"});
}
