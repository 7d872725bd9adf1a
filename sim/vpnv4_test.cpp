// VPNv4 between PEs (semantics::vpnLeaks, sim/vrf_leaks.h appendVpnPeerings): VRF routes
// cross an iBGP session by route target, with the sending PE as next hop resolved in the
// receiving PE's default VRF.
#include <doctest/doctest.h>

#include "sim/dataplane.h"
#include "sim/sim_test_network.h"

namespace routefix::sim::testing {

namespace {

// A VRF on `pe` with one LAN, its connected routes in BGP, exporting and importing `target`.
void site(NetworkBuilder& b, const std::string& pe, const std::string& vrf, const std::string& lan,
          const std::string& target) {
  b.iface(pe, "lan-" + vrf, lan).vrf = vrf;
  auto& v = b.dev(pe).vrfs[vrf];
  v.name = vrf;
  v.export_targets.push_back({target, {}});
  v.import_targets.push_back({target, {}});
  if (b.dev(pe).vendor == Vendor::Frr) v.export_vpn = v.import_vpn = SourceSpan{};
  auto& p = v.bgp.emplace();
  p.asn = 65000;
  p.redistributions.emplace_back().source = model::RouteSource::Connected;
}

// pe1 - p - pe2 in OSPF area 0 (loopbacks 1.1.1.1, 3.3.3.3, 2.2.2.2), an iBGP session between
// the PE loopbacks activated for VPNv4. RED (65000:1) and BLUE (65000:2) on both PEs, with
// the same LAN addresses in both VRFs; 10.9.0.0/24 is on both PEs' RED.
Network twoPes(Vendor vendor) {
  NetworkBuilder b;
  for (const auto* r : {"pe1", "p", "pe2"}) b.router(r, vendor);
  b.link("pe1", "p", "10.0.1.0/30");
  b.link("p", "pe2", "10.0.2.0/30");
  for (auto [a, c] : {std::pair{"pe1", "p"}, {"p", "pe1"}, {"p", "pe2"}, {"pe2", "p"}}) b.ospfTowards(a, c);
  for (auto [r, lo] : {std::pair{"pe1", "1.1.1.1/32"}, {"p", "3.3.3.3/32"}, {"pe2", "2.2.2.2/32"}})
    b.iface(r, "lo", lo).ospf_area = 0;
  for (auto [pe, peer] : {std::pair{"pe1", "2.2.2.2"}, {"pe2", "1.1.1.1"}}) {
    b.bgp(pe, 65000);
    auto& n = b.neighbor(pe, peer, 65000);
    n.update_source = "lo";
    n.vpnv4 = true;
    if (vendor == Vendor::Frr) b.dev(pe).label_distribution = SourceSpan{};  // `mpls ldp`
  }
  site(b, "pe1", "RED", "10.1.0.1/24", "65000:1");
  site(b, "pe1", "BLUE", "10.1.0.1/24", "65000:2");
  site(b, "pe2", "RED", "10.2.0.1/24", "65000:1");
  site(b, "pe2", "BLUE", "10.2.0.1/24", "65000:2");
  b.iface("pe1", "lan9", "10.9.0.1/24").vrf = "RED";
  b.iface("pe2", "lan9", "10.9.0.2/24").vrf = "RED";
  return b.build();
}

}  // namespace

TEST_CASE("VPNv4: a VRF's routes reach the remote PE's VRFs that import their targets, over the core") {
  for (auto vendor : {Vendor::Ios, Vendor::Frr}) {
    INFO(vendorName(vendor));
    auto dp = simulate(twoPes(vendor));
    for (const auto* vrf : {"RED", "BLUE"}) {
      CAPTURE(vrf);
      const Route* r = vrfRoute(dp, "pe2", vrf, "10.1.0.0/24");
      REQUIRE(r);
      // IOS: an iBGP route; FRR: the importing instance's own path (distance 20, `B`; its
      // L3VPN topotests show `B> ... [20/0] via PE (vrf default)`).
      CHECK(r->protocol == (vendor == Vendor::Ios ? Protocol::Ibgp : Protocol::Bgp));
      CHECK(r->admin_distance == (vendor == Vendor::Ios ? 200u : 20u));
      // The BGP next hop is pe1's session address, forwarded through the core towards it.
      REQUIRE(r->protocol_next_hops.size() == 1);
      CHECK(r->protocol_next_hops[0].ip == Ipv4::parse("1.1.1.1"));
      REQUIRE(r->next_hops.size() == 1);
      CHECK(r->next_hops[0].node == "p");
      CHECK(r->next_hops[0].interface == "to-p");
      CHECK(r->next_hops[0].ip == Ipv4::parse("10.0.2.1"));
      CHECK(*r->received_from == "pe1");
      CHECK(vrfRoute(dp, "pe1", vrf, "10.2.0.0/24"));
    }
    // A prefix both PEs have in RED: each keeps its connected route.
    const Route* own = vrfRoute(dp, "pe2", "RED", "10.9.0.0/24");
    REQUIRE(own);
    CHECK(own->protocol == Protocol::Connected);
    // Neither BLUE, the default VRFs nor the P router see RED's routes.
    CHECK_FALSE(vrfRoute(dp, "pe2", "BLUE", "10.9.0.0/24"));
    CHECK_FALSE(routeAt(dp, "pe2", "10.1.0.0/24"));
    CHECK_FALSE(routeAt(dp, "p", "10.1.0.0/24"));
  }
}

TEST_CASE("VPNv4: nothing crosses without activation at both ends, without a matching target, or (FRR) without export/import vpn") {
  {
    auto net = twoPes(Vendor::Ios);
    net.findDevice("pe2")->bgp->neighbors[0].vpnv4 = false;
    auto dp = simulate(net);
    CHECK_FALSE(vrfRoute(dp, "pe2", "RED", "10.1.0.0/24"));
    CHECK_FALSE(vrfRoute(dp, "pe1", "RED", "10.2.0.0/24"));
    CHECK(routeAt(dp, "pe2", "1.1.1.1/32"));  // the IPv4 session's IGP is unchanged
  }
  {
    auto net = twoPes(Vendor::Ios);
    net.findDevice("pe2")->vrfs["RED"].import_targets = {{"65000:7", {}}};
    auto dp = simulate(net);
    CHECK_FALSE(vrfRoute(dp, "pe2", "RED", "10.1.0.0/24"));
    CHECK(vrfRoute(dp, "pe1", "RED", "10.2.0.0/24"));  // export targets unchanged
  }
  {
    auto net = twoPes(Vendor::Frr);
    net.findDevice("pe1")->vrfs["RED"].export_vpn.reset();
    net.findDevice("pe1")->vrfs["BLUE"].import_vpn.reset();
    auto dp = simulate(net);
    CHECK_FALSE(vrfRoute(dp, "pe2", "RED", "10.1.0.0/24"));
    CHECK(vrfRoute(dp, "pe2", "BLUE", "10.1.0.0/24"));
    CHECK_FALSE(vrfRoute(dp, "pe1", "BLUE", "10.2.0.0/24"));
    CHECK(vrfRoute(dp, "pe1", "RED", "10.2.0.0/24"));
  }
}

TEST_CASE("VPNv4: a session activated for VPNv4 only comes up and carries no IPv4 routes") {
  auto net = twoPes(Vendor::Ios);
  for (const auto* pe : {"pe1", "pe2"}) {
    auto& bgp = *net.findDevice(pe)->bgp;
    bgp.neighbors[0].activate = false;  // `no bgp default ipv4-unicast`
    bgp.networks.push_back(BgpNetwork{*Prefix::parse(pe == std::string("pe1") ? "1.1.1.1/32" : "2.2.2.2/32"), "", {}});
  }
  auto dp = simulate(net);
  CHECK(vrfRoute(dp, "pe2", "RED", "10.1.0.0/24"));
  const Route* loopback = routeAt(dp, "pe2", "1.1.1.1/32");
  REQUIRE(loopback);
  CHECK(loopback->protocol == Protocol::Ospf);  // not the IPv4 BGP route pe1 originates
  REQUIRE(dp.sessions.size() == 2);
  CHECK(dp.sessions[0].established);
}

TEST_CASE("VPNv4: FRR needs a labeled next hop (LDP) to use an imported path, IOS does not") {
  auto frr = twoPes(Vendor::Frr);
  frr.findDevice("pe2")->label_distribution.reset();
  auto dp = simulate(frr);
  CHECK_FALSE(vrfRoute(dp, "pe2", "RED", "10.1.0.0/24"));  // FRR 8.4: imported, invalid
  CHECK(vrfRoute(dp, "pe1", "RED", "10.2.0.0/24"));        // pe1 still runs LDP
  auto ios = twoPes(Vendor::Ios);
  CHECK_FALSE(ios.findDevice("pe2")->label_distribution);
  CHECK(vrfRoute(simulate(ios), "pe2", "RED", "10.1.0.0/24"));
}

TEST_CASE("VPNv4 through a route reflector without VRFs: reflected to clients, next hop kept") {
  auto net = twoPes(Vendor::Ios);
  // The PEs peer with p (3.3.3.3) only; p reflects to both as its clients.
  for (const auto* pe : {"pe1", "pe2"}) {
    auto& n = net.findDevice(pe)->bgp->neighbors[0];
    n.id = "3.3.3.3";
    n.address = Ipv4::parse("3.3.3.3");
  }
  auto& rr = *net.findDevice("p");
  rr.bgp.emplace();
  rr.bgp->asn = 65000;
  for (const auto* client : {"1.1.1.1", "2.2.2.2"}) {
    BgpNeighbor n;
    n.id = client;
    n.address = Ipv4::parse(client);
    n.remote_as = 65000;
    n.update_source = "lo";
    n.vpnv4 = true;
    n.route_reflector_client = true;
    rr.bgp->neighbors.push_back(n);
  }
  auto dp = simulate(net);
  const Route* r = vrfRoute(dp, "pe2", "RED", "10.1.0.0/24");
  REQUIRE(r);
  REQUIRE(r->protocol_next_hops.size() == 1);
  CHECK(r->protocol_next_hops[0].ip == Ipv4::parse("1.1.1.1"));
  CHECK(vrfRoute(dp, "pe1", "BLUE", "10.2.0.0/24"));
  // Without the client statements p reflects nothing between its two iBGP peers.
  for (auto& n : rr.bgp->neighbors) n.route_reflector_client = false;
  CHECK_FALSE(vrfRoute(simulate(net), "pe2", "RED", "10.1.0.0/24"));
}

TEST_CASE("VPNv4 under failures: the failure simulator agrees with simulate()") {
  auto net = twoPes(Vendor::Frr);
  // A second, costlier core path pe1 - pe2, so a failure moves the next hop's resolution.
  auto& pe1 = *net.findDevice("pe1");
  auto& pe2 = *net.findDevice("pe2");
  auto addDirect = [](Device& d, const std::string& cidr) {
    Interface i;
    i.name = "direct";
    i.address = InterfaceAddress{*Ipv4::parse(cidr.substr(0, cidr.find('/'))), 30, {}};
    i.ospf_area = 0;
    i.ospf_cost = 100;
    d.interfaces.push_back(i);
  };
  addDirect(pe1, "10.0.3.1/30");
  addDirect(pe2, "10.0.3.2/30");
  net.links.push_back({"pe1", "direct", "pe2", "direct"});
  FailureSimulator failures(net);
  const Route* base = vrfRoute(failures.baseline(), "pe2", "RED", "10.1.0.0/24");
  REQUIRE(base);
  CHECK(base->next_hops[0].node == "p");
  SimulationOptions scenario;
  scenario.failed_links.insert({"p", "to-pe2", "pe2", "to-p"});
  auto down = failures.simulate(scenario);
  auto direct = simulate(net, scenario);
  for (const auto* dp : {&down, &direct}) {
    const Route* r = vrfRoute(*dp, "pe2", "RED", "10.1.0.0/24");
    REQUIRE(r);
    REQUIRE(r->next_hops.size() == 1);
    CHECK(r->next_hops[0].node == "pe1");
    CHECK(r->next_hops[0].interface == "direct");
  }
}

}  // namespace routefix::sim::testing
