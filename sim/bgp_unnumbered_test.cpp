// BGP unnumbered (FRR `neighbor swp1 interface`, EOS `neighbor interface Ethernet1`): sessions
// over the IPv6 link-local addresses of a link, routes with the interface as next hop.
#include <doctest/doctest.h>

#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::testing;

namespace {

// An address-less interface, as unnumbered fabrics configure their ports.
void port(NetworkBuilder& b, const std::string& node, const std::string& name) {
  Interface i;
  i.name = name;
  b.dev(node).interfaces.push_back(i);
}

BgpNeighbor& unnumbered(NetworkBuilder& b, const std::string& node, const std::string& itf) {
  BgpNeighbor n;
  n.id = itf;
  n.interface = itf;
  n.remote_as_external = true;
  auto& bgp = *b.dev(node).bgp;
  bgp.neighbors.push_back(n);
  return bgp.neighbors.back();
}

// leaf1 (65001) =swp1,swp2= spine (65100) -swp3- leaf2 (65002), no IPv4 address on the fabric
// links; each leaf announces its loopback. FRR's datacenter defaults: no policy required.
NetworkBuilder fabric() {
  NetworkBuilder b;
  for (auto n : {"leaf1", "leaf2", "spine"}) b.router(n);
  b.iface("leaf1", "lo", "10.0.0.1/32");
  b.iface("leaf2", "lo", "10.0.0.2/32");
  port(b, "leaf1", "swp1");
  port(b, "leaf1", "swp2");
  port(b, "leaf2", "swp1");
  for (auto p : {"swp1", "swp2", "swp3"}) port(b, "spine", p);
  b.addLink(Link{"leaf1", "swp1", "spine", "swp1"});
  b.addLink(Link{"leaf1", "swp2", "spine", "swp2"});
  b.addLink(Link{"leaf2", "swp1", "spine", "swp3"});
  b.bgp("leaf1", 65001);
  b.bgp("leaf2", 65002);
  b.bgp("spine", 65100);
  for (auto n : {"leaf1", "leaf2", "spine"}) b.dev(n).bgp->ebgp_requires_policy = false;
  unnumbered(b, "leaf1", "swp1");
  unnumbered(b, "leaf1", "swp2");
  unnumbered(b, "leaf2", "swp1");
  for (auto p : {"swp1", "swp2", "swp3"}) unnumbered(b, "spine", p);
  b.network("leaf1", "10.0.0.1/32");
  b.network("leaf2", "10.0.0.2/32");
  return b;
}

}  // namespace

TEST_CASE("unnumbered eBGP: sessions on the links, routes forward out of the interfaces") {
  auto net = fabric().build();
  auto dp = simulate(net);
  size_t up = 0;
  for (const auto& s : dp.sessions) {
    CHECK(s.established);
    CHECK_FALSE(s.interface.empty());
    up += s.established;
  }
  CHECK(up == 6);  // three links, both ends

  // The spine reaches leaf1 over both links (ECMP), each hop an interface without address.
  const Route* r = routeAt(dp, "spine", "10.0.0.1/32");
  REQUIRE(r);
  CHECK(r->protocol == Protocol::Bgp);
  REQUIRE(r->next_hops.size() == 2);
  for (const auto& nh : r->next_hops) {
    CHECK_FALSE(nh.ip);
    CHECK(nh.node == "leaf1");
  }
  CHECK(r->next_hops[0].interface == "swp1");
  CHECK(r->next_hops[1].interface == "swp2");
  CHECK(r->protocol_next_hops.empty());  // a link-local next hop has no IPv4 address to show

  // leaf2 learns leaf1's loopback through the spine, which wrote its own link-local next hop.
  const Route* far = routeAt(dp, "leaf2", "10.0.0.1/32");
  REQUIRE(far);
  CHECK(far->as_path == std::vector<uint32_t>{65100, 65001});
  REQUIRE(far->next_hops.size() == 1);
  CHECK(far->next_hops[0].interface == "swp1");
  CHECK(far->next_hops[0].node == "spine");

  // Traffic follows the interface next hops to the owner.
  auto t = trace(net, dp, "leaf2", *Ipv4::parse("10.0.0.1"));
  REQUIRE(t.paths.size() == 2);
  for (const auto& p : t.paths) {
    CHECK(p.outcome == TraceOutcome::Delivered);
    CHECK(p.at == "leaf1");
    REQUIRE(p.hops.size() == 3);
    CHECK(p.hops[1].node == "spine");
  }
}

TEST_CASE("unnumbered sessions need an unnumbered neighbor on the other end and matching ASes") {
  auto b = fabric();
  b.dev("leaf2").bgp->neighbors.clear();  // leaf2 configures nothing on its link
  b.dev("leaf1").bgp->neighbors[0].remote_as_external = false;
  b.dev("leaf1").bgp->neighbors[0].remote_as_internal = true;  // but the spine is external
  b.dev("leaf1").bgp->neighbors[0].remote_as = 65001;
  auto dp = simulate(b.build());
  size_t up = 0;
  for (const auto& s : dp.sessions) {
    up += s.established;
    if (s.node == "spine" && s.interface == "swp3") {
      CHECK_FALSE(s.established);
      CHECK(s.reason.find("no unnumbered neighbor across swp3") != std::string::npos);
    }
    if (s.node == "leaf1" && s.interface == "swp1") {
      CHECK_FALSE(s.established);
      CHECK(s.reason.find("remote-as does not match") != std::string::npos);
    }
  }
  CHECK(up == 2);  // only leaf1 swp2 <-> spine swp2
  CHECK_FALSE(routeAt(dp, "leaf2", "10.0.0.1/32"));
  const Route* r = routeAt(dp, "spine", "10.0.0.1/32");
  REQUIRE(r);
  REQUIRE(r->next_hops.size() == 1);
  CHECK(r->next_hops[0].interface == "swp2");
}

TEST_CASE("a route learned over an unnumbered session goes to iBGP peers with the sender as next hop") {
  auto b = fabric();
  // leaf2 gets an iBGP peer r9 over a numbered link; leaf2 sets no next-hop-self.
  b.router("r9");
  b.link("leaf2", "r9", "192.168.0.0/30");
  b.bgp("r9", 65002);
  b.dev("r9").bgp->ebgp_requires_policy = false;
  b.neighbor("leaf2", "192.168.0.2", 65002);
  b.neighbor("r9", "192.168.0.1", 65002);
  auto dp = simulate(b.build());
  const Route* r = routeAt(dp, "r9", "10.0.0.1/32");
  REQUIRE(r);
  CHECK(r->protocol == Protocol::Ibgp);
  REQUIRE(r->protocol_next_hops.size() == 1);
  CHECK(r->protocol_next_hops[0].ip == Ipv4::parse("192.168.0.1"));  // leaf2's own address
  REQUIRE(r->next_hops.size() == 1);
  CHECK(r->next_hops[0].node == "leaf2");
}
