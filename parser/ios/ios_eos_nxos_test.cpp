// The Arista EOS and Cisco NX-OS dialects of the IOS family: detection, their syntax, and the
// vendor defaults the parser fills in.
#include <doctest/doctest.h>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

using model::Ipv4;
using model::Prefix;
using model::Vendor;

namespace {
Vendor detect(const std::string& text) { return detectVendor({ConfigFile{"configs/r1.cfg", text}}); }

const model::Interface* find(const DeviceParse& p, const std::string& name) {
  return p.device.findInterface(name);
}
}  // namespace

TEST_CASE("EOS and NX-OS are detected by their own lines, not read as FRR for their A/len addresses") {
  CHECK(detect("! Command: show running-config\n! device: r1 (vEOS, EOS-4.23.0.1F)\n!\nhostname r1\n"
               "interface Ethernet1\n   no switchport\n   ip address 10.0.0.0/31\n!\n"
               "router bgp 65001\n   neighbor 10.0.0.1 remote-as 65002\n!\nend\n") == Vendor::Eos);
  CHECK(detect("service routing protocols model multi-agent\nhostname r1\n"
               "interface Ethernet1\n   ip address 10.0.0.0/31\n") == Vendor::Eos);
  CHECK(detect("version 9.2(3) Bios:version\nhostname n1\nfeature bgp\n"
               "interface Ethernet1/1\n  no switchport\n  ip address 10.1.1.2/30\n  no shutdown\n") ==
        Vendor::Nxos);
  CHECK(detect("frr version 8.4\nhostname r1\ninterface eth0\n ip address 10.0.0.1/31\n") == Vendor::Frr);
}

TEST_CASE("EOS defaults: no ebgp-requires-policy, distance 200, ECMP off, relaxed multipath, "
          "missing route-maps permit, aggregates from the main RIB") {
  auto p = parseText("router bgp 65001\n   neighbor 10.0.0.1 remote-as 65002\n", Vendor::Eos);
  REQUIRE(p.device.bgp);
  const auto& b = *p.device.bgp;
  CHECK_FALSE(b.ebgp_requires_policy);
  CHECK(b.maximum_paths_ebgp == 1);
  CHECK(b.as_path_multipath_relax);
  CHECK(p.device.defaults.distance_ebgp == 200);
  CHECK(p.device.defaults.undefined_route_map_permits);
  CHECK(p.device.defaults.bgp_aggregate_from_main_rib);
  CHECK(p.device.vendor == Vendor::Eos);
  CHECK(model::vendorName(Vendor::Eos) == "eos");
  CHECK(model::vendorName(Vendor::Nxos) == "nxos");
}

TEST_CASE("EOS router bgp: router-id, peer group with a space, maximum-paths ecmp for every path") {
  auto p = parseText(
      "router bgp 65001\n"                                  // 1
      "   router-id 1.1.1.1\n"                              // 2
      "   maximum-paths 4 ecmp 4\n"                         // 3
      "   neighbor SPINES peer group\n"                     // 4
      "   neighbor SPINES remote-as 65000\n"                // 5
      "   neighbor SPINES maximum-routes 12000\n"           // 6
      "   neighbor 10.0.0.1 peer group SPINES\n"            // 7
      "   neighbor 10.0.0.3 peer-group SPINES\n"            // 8
      "   address-family ipv4\n"                            // 9
      "      neighbor SPINES activate\n"                    // 10
      "   vrf blue\n"                                       // 11
      "      rd 1.1.1.1:9\n"                                // 12
      "      route-target import vpn-ipv4 65001:9\n"        // 13
      "      route-target export evpn 65001:99\n"           // 14
      "      neighbor 10.9.9.9 remote-as 65009\n"           // 15
      "      redistribute connected\n"                      // 16
      "   network 1.1.1.1/32\n",                            // 17
      Vendor::Eos);
  REQUIRE(p.device.bgp);
  const auto& b = *p.device.bgp;
  CHECK(b.router_id == Ipv4::parse("1.1.1.1"));
  CHECK(b.maximum_paths_ebgp == 4);
  CHECK(b.maximum_paths_ibgp == 4);
  REQUIRE(b.neighbors.size() == 2);  // the VRF's neighbor stays out
  for (const auto& n : b.neighbors) {
    CHECK(n.peer_group == "SPINES");
    CHECK(n.remote_as == 65000u);
    CHECK(n.activate);
  }
  // The VRF block ends at the next line of router bgp: `network` is the default VRF's.
  REQUIRE(b.networks.size() == 1);
  CHECK(b.networks[0].prefix == *Prefix::parse("1.1.1.1/32"));
  CHECK(p.warnings.empty());
  // The VRF's instance: the process-wide settings, and its own neighbor and redistribution.
  const auto& blue = p.device.vrfs.at("blue");
  CHECK(blue.route_distinguisher == "1.1.1.1:9");
  CHECK(blue.route_distinguisher_span == span(12, 12));
  REQUIRE(blue.import_targets.size() == 1);
  CHECK(blue.import_targets[0].value == "65001:9");
  CHECK(blue.import_targets[0].span == span(13, 13));
  CHECK(blue.export_targets.empty());  // an EVPN target
  REQUIRE(blue.bgp);
  CHECK(blue.bgp->asn == 65001);
  CHECK(blue.bgp->router_id == Ipv4::parse("1.1.1.1"));
  REQUIRE(blue.bgp->neighbors.size() == 1);
  CHECK(blue.bgp->neighbors[0].remote_as == 65009u);
  CHECK(blue.bgp->neighbors[0].span == span(15, 15));
  REQUIRE(blue.bgp->redistributions.size() == 1);
  CHECK(blue.bgp->span == span(11, 16));
}

TEST_CASE("EOS VRFs: `vrf instance`, interface `vrf X`, `ip route vrf X`") {
  auto p = parseText(
      "vrf instance RED\n"                              // 1
      "   description tenant\n"                         // 2
      "interface Ethernet1\n"                           // 3
      "   no switchport\n"                              // 4
      "   vrf RED\n"                                    // 5
      "   ip address 10.0.0.1/30\n"                     // 6
      "ip route vrf RED 10.9.0.0/16 10.0.0.2\n"         // 7
      "ip route 10.8.0.0/16 10.1.0.2\n",                // 8
      Vendor::Eos);
  CHECK(p.warnings.empty());
  CHECK(find(p, "Ethernet1")->vrf == "RED");
  const auto& red = p.device.vrfs.at("RED");
  CHECK(red.span == span(1, 2));
  REQUIRE(red.static_routes.size() == 1);
  CHECK(red.static_routes[0].prefix == *Prefix::parse("10.9.0.0/16"));
  CHECK(red.static_routes[0].next_hop == Ipv4::parse("10.0.0.2"));
  CHECK(red.static_routes[0].span == span(7, 7));
  REQUIRE(p.device.static_routes.size() == 1);
  CHECK(p.device.static_routes[0].prefix == *Prefix::parse("10.8.0.0/16"));
}

TEST_CASE("EOS prefix-lists in block form, with eq") {
  auto p = parseText(
      "ip prefix-list LOOPS\n"
      "   seq 10 permit 10.0.0.0/8 eq 32\n"
      "   seq 20 deny 0.0.0.0/0 le 32\n"
      "ip prefix-list ONE seq 5 permit 192.0.2.0/24\n",
      Vendor::Eos);
  REQUIRE(p.device.prefix_lists.count("LOOPS"));
  const auto& l = p.device.prefix_lists.at("LOOPS");
  REQUIRE(l.entries.size() == 2);
  CHECK(l.entries[0].seq == 10);
  CHECK(l.entries[0].ge == 32);
  CHECK(l.entries[0].le == 32);
  CHECK(l.entries[0].span == span(2, 2));
  CHECK(l.entries[1].action == model::Action::Deny);
  CHECK(l.permits(*Prefix::parse("10.1.2.3/32")));
  CHECK_FALSE(l.permits(*Prefix::parse("10.1.2.0/24")));
  CHECK(p.device.prefix_lists.at("ONE").entries.size() == 1);
  CHECK(p.warnings.empty());
}

TEST_CASE("interfaces in a VRF stay out of the default VRF; their VRFs exist") {
  auto p = parseText(
      "interface Loopback10\n"
      "   vrf forwarding cust10\n"
      "   ip address 1.1.4.10/32\n"
      "interface Loopback11\n"
      "   vrf cust11\n"
      "   ip address 1.1.4.11/32\n"
      "interface Loopback123\n"
      "   ip address 192.168.123.4/32\n",
      Vendor::Eos);
  CHECK(find(p, "Loopback10")->vrf == "cust10");
  CHECK(find(p, "Loopback11")->vrf == "cust11");
  CHECK_FALSE(find(p, "Loopback10")->routes());
  CHECK(find(p, "Loopback123")->routes());
  CHECK(p.warnings.empty());
  CHECK(p.device.vrfs.at("cust10").span == span(2, 2));
  CHECK(p.device.vrfs.at("cust11").span == span(5, 5));
}

TEST_CASE("unnumbered interfaces borrow the lender's address: EOS `ip address unnumbered`, IOS `ip unnumbered`") {
  const std::string text =
      "interface Ethernet1\n"
      "   ip address 10.9.9.1/30\n"
      "   ip address unnumbered Loopback0\n"
      "interface Ethernet2\n"
      "   ip unnumbered Loopback0\n"
      "interface Ethernet3\n"
      "   ip unnumbered Loopback0\n"
      "   ip address 10.3.3.1/30\n"
      "interface Loopback0\n"
      "   ip address 10.0.0.1/32\n";
  for (auto vendor : {Vendor::Eos, Vendor::Ios}) {
    auto p = parseText(text, vendor);
    CHECK(p.warnings.empty());
    const auto* e1 = find(p, "Ethernet1");
    CHECK_FALSE(e1->address);  // the unnumbered line replaces the address, as a new primary would
    CHECK(e1->unnumbered == "Loopback0");
    CHECK(p.device.sourceAddress(*e1)->address == *Ipv4::parse("10.0.0.1"));
    CHECK(find(p, "Ethernet2")->unnumbered == "Loopback0");
    CHECK(find(p, "Ethernet3")->unnumbered.empty());
    CHECK(p.device.sourceAddress(*find(p, "Ethernet3"))->address == *Ipv4::parse("10.3.3.1"));
  }
}

TEST_CASE("lines that begin with # are comments and do not end the block") {
  auto p = parseText(
      "router bgp 65001\n"
      "# the upstream\n"
      " neighbor 10.0.0.2 remote-as 65002\n"
      "   # indented too\n"
      " neighbor 10.0.0.2 description a#b\n");
  REQUIRE(p.device.bgp);
  REQUIRE(p.device.bgp->neighbors.size() == 1);
  CHECK(p.device.bgp->neighbors[0].description == "a#b");
  CHECK(p.warnings.empty());
}

TEST_CASE("NX-OS router bgp: neighbor blocks, their address family, redistribute direct") {
  auto p = parseText(
      "feature bgp\n"                                          // 1
      "vrf context management\n"                               // 2
      "  ip route 0.0.0.0/0 10.0.0.1\n"                        // 3
      "route-map RC permit 10\n"                               // 4
      "  match interface loopback10\n"                         // 5
      "router bgp 65600\n"                                     // 6
      "  router-id 9.9.9.9\n"                                  // 7
      "  address-family ipv4 unicast\n"                        // 8
      "    network 192.168.123.2/32\n"                         // 9
      "    redistribute direct route-map RC\n"                 // 10
      "    maximum-paths 2\n"                                  // 11
      "  neighbor 10.1.1.1\n"                                  // 12
      "    remote-as 65501\n"                                  // 13
      "    local-as 65502\n"                                   // 14
      "    description upstream\n"                             // 15
      "    update-source loopback0\n"                          // 16
      "    address-family ipv4 unicast\n"                      // 17
      "      route-map IN in\n"                                // 18
      "      next-hop-self\n"                                  // 19
      "      soft-reconfiguration inbound always\n"            // 20
      "  neighbor 2.2.2.2 remote-as 65001\n"                   // 21
      "    address-family l2vpn evpn\n"                        // 22
      "      send-community extended\n"                        // 23
      "  vrf cust10\n"                                         // 24
      "    address-family ipv4 unicast\n"                      // 25
      "      redistribute direct route-map RC\n"               // 26
      "    neighbor 10.10.0.2\n"                               // 27
      "      remote-as 65010\n"                                // 28
      "      address-family ipv4 unicast\n"                    // 29
      "vrf context cust10\n"                                   // 30
      "  rd 65600:10\n"                                        // 31
      "  address-family ipv4 unicast\n"                        // 32
      "    route-target import 65600:10\n"                     // 33
      "    route-target both 65600:11 evpn\n",                 // 34
      Vendor::Nxos);
  CHECK(p.device.static_routes.empty());  // the management VRF's route
  const auto& management = p.device.vrfs.at("management");
  REQUIRE(management.static_routes.size() == 1);
  CHECK(management.static_routes[0].span == span(3, 3));
  CHECK(management.span == span(2, 3));
  const auto& cust10 = p.device.vrfs.at("cust10");
  CHECK(cust10.route_distinguisher == "65600:10");
  REQUIRE(cust10.import_targets.size() == 1);
  CHECK(cust10.import_targets[0].span == span(33, 33));
  CHECK(cust10.export_targets.empty());
  REQUIRE(cust10.bgp);
  CHECK(cust10.bgp->router_id == Ipv4::parse("9.9.9.9"));
  REQUIRE(cust10.bgp->redistributions.size() == 1);
  CHECK(cust10.bgp->redistributions[0].span == span(26, 26));
  REQUIRE(cust10.bgp->neighbors.size() == 1);
  CHECK(cust10.bgp->neighbors[0].remote_as == 65010u);
  CHECK(cust10.bgp->neighbors[0].activate);
  CHECK(cust10.bgp->neighbors[0].span == span(27, 29));
  REQUIRE(p.device.bgp);
  const auto& b = *p.device.bgp;
  CHECK(b.router_id == Ipv4::parse("9.9.9.9"));
  REQUIRE(b.networks.size() == 1);
  REQUIRE(b.redistributions.size() == 1);
  CHECK(b.redistributions[0].source == model::RouteSource::Connected);
  CHECK(b.maximum_paths_ebgp == 2);
  REQUIRE(b.neighbors.size() == 2);
  const auto& up = b.neighbors[0];
  CHECK(up.remote_as == 65501u);
  CHECK(up.local_as == 65502u);
  CHECK(up.description == "upstream");
  CHECK(up.update_source == "loopback0");
  CHECK(up.import_policies == std::vector<std::string>{"IN"});
  CHECK(up.next_hop_self);
  CHECK(up.activate);
  CHECK(up.span == span(12, 19));
  const auto& evpn = b.neighbors[1];
  CHECK(evpn.remote_as == 65001u);
  CHECK_FALSE(evpn.activate);  // no IPv4 unicast address family of its own
  CHECK_FALSE(evpn.send_community_extended);
  CHECK(p.warnings.empty());
}

TEST_CASE("NX-OS Ethernet and Vlan interfaces are shut until `no shutdown`") {
  auto p = parseText(
      "interface Ethernet1/1\n  no switchport\n  ip address 10.1.1.2/30\n  no shutdown\n"
      "interface Ethernet1/2\n  no switchport\n  ip address 10.1.2.2/30\n"
      "interface Vlan10\n  ip address 10.10.0.1/24\n"
      "interface loopback0\n  ip address 1.1.1.1/32\n"
      "interface mgmt0\n  vrf member management\n  ip address 10.150.0.142/16\n",
      Vendor::Nxos);
  CHECK_FALSE(find(p, "Ethernet1/1")->shutdown);
  CHECK(find(p, "Ethernet1/2")->shutdown);
  CHECK(find(p, "Vlan10")->shutdown);
  CHECK_FALSE(find(p, "loopback0")->shutdown);
  CHECK(find(p, "mgmt0")->vrf == "management");
  CHECK(warningLines(p, "unrecognized").empty());
}

}  // namespace routefix::parser::ios::test

namespace routefix::parser::ios::test {

TEST_CASE("show running-config framing, platform and tunnel lines are recognised and ignored") {
  auto p = parseText(
      "Building configuration...\n"
      "Current configuration : 3427 bytes\n"
      "no scheduler allocate\n"
      "mmi polling-interval 60\n"
      "no mmi pvc\n"
      "ip tcp synwait-time 5\n"
      "no ip icmp rate-limit unreachable\n"
      "interface Tunnel1\n"
      " ip address 169.254.25.162 255.255.255.252\n"
      " ip virtual-reassembly\n"
      " tunnel source 172.24.0.10\n"
      " tunnel mode ipsec ipv4\n"
      "router bgp 65001\n"
      " bgp router-id vrf auto-assign\n");
  CHECK(p.warnings.empty());
}

TEST_CASE("a tunnel whose source interface is shut is down; one with an up source routes") {
  auto p = parseText(
      "interface Tunnel1\n"
      " ip address 169.254.25.162 255.255.255.252\n"
      " tunnel source 172.24.0.10\n"
      "interface Tunnel2\n"
      " ip address 169.254.26.162 255.255.255.252\n"
      " tunnel source GigabitEthernet1\n"
      "interface Tunnel3\n"
      " ip address 169.254.27.162 255.255.255.252\n"
      " tunnel source Loopback9\n"
      "interface GigabitEthernet1\n"
      " ip address 10.10.100.2 255.255.255.0\n"
      "interface GigabitEthernet3\n"
      " ip address 172.24.0.10 255.255.255.0\n"
      " shutdown\n");
  const auto& d = p.device;
  CHECK(d.findInterface("Tunnel1")->tunnel_source == "172.24.0.10");
  CHECK(d.findInterface("Tunnel1")->tunnel_source_down);  // by address, on a shut interface
  CHECK_FALSE(d.findInterface("Tunnel1")->routes());
  CHECK_FALSE(d.findInterface("Tunnel2")->tunnel_source_down);  // by name, up
  CHECK(d.findInterface("Tunnel2")->routes());
  CHECK(d.findInterface("Tunnel3")->tunnel_source_down);  // no such interface
  CHECK(p.warnings.empty());
}

TEST_CASE("EOS advertises only active routes unless bgp advertise-inactive; IOS advertises all") {
  CHECK_FALSE(parseText("router bgp 1\n", model::Vendor::Eos).device.bgp->advertise_inactive);
  CHECK(parseText("router bgp 1\n").device.bgp->advertise_inactive);
  auto p = parseText("router bgp 1\n   bgp advertise-inactive\n", model::Vendor::Eos);
  CHECK(p.device.bgp->advertise_inactive);
  CHECK(p.warnings.empty());
}

TEST_CASE("EOS bgp bestpath tie-break router-id compares router-ids") {
  auto p = parseText("router bgp 65001\n   bgp bestpath tie-break router-id\n", model::Vendor::Eos);
  REQUIRE(p.device.bgp);
  CHECK(p.device.bgp->compare_router_id);
  CHECK(p.warnings.empty());
}

TEST_CASE("EOS unnumbered: neighbor interface EthN peer-group G runs on the interface, settings from G") {
  auto p = parseText(
      "router bgp 65001\n"
      "   neighbor SPINES peer group\n"
      "   neighbor SPINES remote-as 65000\n"
      "   neighbor interface Ethernet1 peer-group SPINES\n"
      "   neighbor interface Ethernet2 peer-group SPINES remote-as 65009\n"
      "   address-family ipv4\n"
      "      neighbor SPINES activate\n"
      "      neighbor SPINES next-hop address-family ipv6 originate\n",
      Vendor::Eos);
  const auto& ns = p.device.bgp->neighbors;
  REQUIRE(ns.size() == 2);
  CHECK(ns[0].interface == "Ethernet1");
  CHECK_FALSE(ns[0].address);
  CHECK(ns[0].peer_group == "SPINES");
  CHECK(ns[0].remote_as == 65000u);  // from the group
  CHECK(ns[1].interface == "Ethernet2");
  CHECK(ns[1].remote_as == 65009u);  // its own
  CHECK(p.warnings.empty());
  auto undefined = parseText("router bgp 65001\n   neighbor interface Ethernet1 peer-group NOPE\n", Vendor::Eos);
  CHECK(warningLines(undefined, "undefined peer-group NOPE") == std::vector<int>{2});
}

}  // namespace routefix::parser::ios::test
