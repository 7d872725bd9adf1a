// `bgp listen range`: peers connecting from inside a range become neighbors configured like the
// range's peer group (semantics/dynamic_neighbors.h), as FRR's topotest
// bgp_default_route_route_map_set has it: r3 has no statement on r1 and still gets r1's default.
#include <doctest/doctest.h>

#include "parser/parser.h"
#include "parser/temp_snapshot.h"

using namespace routefix;
using parser::TempSnapshot;

namespace {

const model::BgpNeighbor* neighborOf(const model::Network& net, const std::string& node, const std::string& id) {
  const auto* d = net.findDevice(node);
  if (!d || !d->bgp) return nullptr;
  for (const auto& n : d->bgp->neighbors)
    if (n.id == id) return &n;
  return nullptr;
}

void writeFrr(const TempSnapshot& s, const std::string& name, const std::string& body) {
  s.write("configs/" + name + "/frr.conf", "frr version 8.4.4\nhostname " + name + "\n" + body);
}

}  // namespace

TEST_CASE("bgp listen range: a peer in the range is a neighbor with the group's settings") {
  TempSnapshot s;
  writeFrr(s, "r1",
           "interface r1-eth0\n ip address 192.168.255.1/24\n!\n"
           "router bgp 65001\n"
           " neighbor 192.168.255.2 remote-as external\n"
           " neighbor PG peer-group\n"
           " neighbor PG remote-as external\n"
           " bgp listen range 192.168.255.0/24 peer-group PG\n"  // line 10
           " address-family ipv4 unicast\n"
           "  neighbor PG default-originate route-map default\n"
           " exit-address-family\n!\n"
           "route-map default permit 10\n set metric 123\n!\n");
  writeFrr(s, "r2",
           "interface r2-eth0\n ip address 192.168.255.2/24\n!\n"
           "router bgp 65002\n neighbor 192.168.255.1 remote-as external\n!\n");
  writeFrr(s, "r3",
           "interface r3-eth0\n ip address 192.168.255.3/24\n!\n"
           "router bgp 65003\n neighbor 192.168.255.1 remote-as external\n!\n");
  // r4 connects from outside the range (a secondary subnet of r1's link).
  writeFrr(s, "r4",
           "interface r4-eth0\n ip address 10.0.0.2/24\n!\n"
           "router bgp 65004\n neighbor 10.0.0.1 remote-as external\n!\n");
  auto net = parser::loadSnapshot(s.root());
  const auto* r1 = net.findDevice("r1");
  REQUIRE(r1);
  REQUIRE(r1->bgp);
  REQUIRE(r1->bgp->listen_ranges.size() == 1);
  CHECK(r1->bgp->listen_ranges[0].span.first_line == 10);

  const auto* dynamic = neighborOf(net, "r1", "192.168.255.3");
  REQUIRE(dynamic);
  CHECK(dynamic->dynamic);
  CHECK(dynamic->remote_as_external);
  CHECK(dynamic->peer_group == "PG");
  CHECK(dynamic->default_originate);
  CHECK(dynamic->default_originate_route_map == "default");
  CHECK(dynamic->span.first_line == 10);
  // r2 has a statement of its own on r1: not doubled, not dynamic.
  const auto* explicitOne = neighborOf(net, "r1", "192.168.255.2");
  REQUIRE(explicitOne);
  CHECK_FALSE(explicitOne->dynamic);
  size_t count = 0;
  for (const auto& n : r1->bgp->neighbors) count += n.id == "192.168.255.2";
  CHECK(count == 1);
  CHECK(neighborOf(net, "r1", "10.0.0.2") == nullptr);
}

TEST_CASE("bgp listen limit caps the dynamic neighbors, with a warning") {
  TempSnapshot s;
  writeFrr(s, "r1",
           "interface r1-eth0\n ip address 192.168.255.1/24\n!\n"
           "router bgp 65001\n neighbor PG peer-group\n neighbor PG remote-as external\n"
           " bgp listen range 192.168.255.0/24 peer-group PG\n bgp listen limit 1\n!\n");
  for (std::string n : {"2", "3"})
    writeFrr(s, "r" + n,
             "interface e0\n ip address 192.168.255." + n + "/24\n!\nrouter bgp 6500" + n +
                 "\n neighbor 192.168.255.1 remote-as external\n!\n");
  auto net = parser::loadSnapshot(s.root());
  CHECK(neighborOf(net, "r1", "192.168.255.2"));
  CHECK(neighborOf(net, "r1", "192.168.255.3") == nullptr);
  bool warned = false;
  for (const auto& w : net.warnings) warned = warned || w.message.find("bgp listen limit 1 reached") != std::string::npos;
  CHECK(warned);
}
