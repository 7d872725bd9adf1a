// router bgp: process settings, neighbors, peer groups, address families.
#include <doctest/doctest.h>

#include <algorithm>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

using model::Ipv4;
using model::Prefix;

TEST_CASE("router bgp with neighbors: remote-as, spans, config order") {
  auto p = parseText(
      "router bgp 65001\n"
      " bgp router-id 1.1.1.1\n"
      " neighbor 10.0.0.2 remote-as 65002\n"
      " neighbor 10.0.0.2 description to isp  A\n"
      " neighbor 2.2.2.2 remote-as 65001\n"
      " neighbor 2.2.2.2 update-source Loopback0\n"
      " neighbor 10.0.0.2 route-map IMPORT in\n");
  REQUIRE(p.device.bgp);
  const auto& b = *p.device.bgp;
  CHECK(b.asn == 65001);
  CHECK(b.router_id == Ipv4::parse("1.1.1.1"));
  CHECK(b.span == span(1, 7));
  REQUIRE(b.neighbors.size() == 2);
  const auto& isp = b.neighbors[0];
  CHECK(isp.id == "10.0.0.2");
  CHECK(isp.address == Ipv4::parse("10.0.0.2"));
  CHECK(isp.remote_as == 65002u);
  CHECK(isp.description == "to isp  A");
  CHECK(isp.import_policies == std::vector<std::string>{"IMPORT"});
  CHECK(isp.span == span(3, 7));
  CHECK(isp.statement_spans.at("remote-as") == span(3, 3));
  CHECK(isp.statement_spans.at("route-map in") == span(7, 7));
  const auto& ibgp = b.neighbors[1];
  CHECK(ibgp.update_source == "Loopback0");
  CHECK(ibgp.statement_spans.at("update-source") == span(6, 6));
  CHECK(p.warnings.empty());
}

TEST_CASE("IOS defaults are copied into the BGP process") {
  auto p = parseText("router bgp 1\n neighbor 10.0.0.2 remote-as 2\n");
  CHECK_FALSE(p.device.bgp->ebgp_requires_policy);
  CHECK(p.device.bgp->import_default == model::PolicyDefault::Deny);
  CHECK(p.device.bgp->neighbors[0].activate);
  CHECK(p.device.bgp->neighbors[0].send_community == p.device.defaults.bgp_send_community);
}

TEST_CASE("bgp redistribute-internal: off by default on IOS, set and unset by the config") {
  CHECK_FALSE(parseText("router bgp 1\n").device.bgp->redistribute_internal);
  CHECK(parseText("router bgp 1\n bgp redistribute-internal\n").device.bgp->redistribute_internal);
  CHECK_FALSE(parseText("router bgp 1\n bgp redistribute-internal\n no bgp redistribute-internal\n")
                  .device.bgp->redistribute_internal);
}

TEST_CASE("neighbor settings: each sets its field and records its line") {
  auto p = parseText(
      "router bgp 65001\n"
      " neighbor 10.0.0.2 remote-as 65002\n"
      " neighbor 10.0.0.2 next-hop-self\n"
      " neighbor 10.0.0.2 route-reflector-client\n"
      " neighbor 10.0.0.2 route-map OUT out\n"
      " neighbor 10.0.0.2 prefix-list PL-IN in\n"
      " neighbor 10.0.0.2 prefix-list PL-OUT out\n"
      " neighbor 10.0.0.2 filter-list 10 in\n"
      " neighbor 10.0.0.2 filter-list 20 out\n"
      " neighbor 10.0.0.2 send-community both\n"
      " neighbor 10.0.0.2 ebgp-multihop 3\n"
      " neighbor 10.0.0.2 shutdown\n"
      " neighbor 10.0.0.2 default-originate route-map DEF\n"
      " neighbor 10.0.0.2 allowas-in 2\n"
      " neighbor 10.0.0.2 weight 200\n"
      " neighbor 10.0.0.2 local-as 64999 no-prepend replace-as\n"
      " neighbor 10.0.0.2 remove-private-as all\n");
  const auto& n = p.device.bgp->neighbors.at(0);
  CHECK(n.next_hop_self);
  CHECK(n.route_reflector_client);
  CHECK(n.export_policies == std::vector<std::string>{"OUT"});
  CHECK(n.prefix_list_in == "PL-IN");
  CHECK(n.prefix_list_out == "PL-OUT");
  CHECK(n.filter_list_in == "10");
  CHECK(n.filter_list_out == "20");
  CHECK(n.send_community);
  CHECK(n.send_community_extended);
  CHECK(n.ebgp_multihop == 3u);
  CHECK(n.shutdown);
  CHECK(n.default_originate);
  CHECK(n.default_originate_route_map == "DEF");
  CHECK(n.allowas_in == 2u);
  CHECK(n.weight == 200u);
  CHECK(n.local_as == 64999u);
  CHECK(n.local_as_no_prepend);
  CHECK(n.local_as_replace_as);
  CHECK(n.remove_private_as);
  CHECK(n.remove_private_as_all);
  CHECK_FALSE(n.remove_private_as_replace);
  CHECK(n.statement_spans.at("next-hop-self") == span(3, 3));
  CHECK(n.statement_spans.at("route-reflector-client") == span(4, 4));
  CHECK(n.statement_spans.at("route-map out") == span(5, 5));
  CHECK(n.statement_spans.at("prefix-list in") == span(6, 6));
  CHECK(n.statement_spans.at("prefix-list out") == span(7, 7));
  CHECK(n.statement_spans.at("filter-list in") == span(8, 8));
  CHECK(n.statement_spans.at("send-community") == span(10, 10));
  CHECK(n.statement_spans.at("ebgp-multihop") == span(11, 11));
  CHECK(n.statement_spans.at("shutdown") == span(12, 12));
  CHECK(n.statement_spans.at("default-originate") == span(13, 13));
  CHECK(n.statement_spans.at("allowas-in") == span(14, 14));
  CHECK(n.statement_spans.at("weight") == span(15, 15));
  CHECK(n.statement_spans.at("local-as") == span(16, 16));
  CHECK(n.statement_spans.at("remove-private-as") == span(17, 17));
  CHECK(n.span == span(2, 17));
  CHECK(p.warnings.empty());
}

TEST_CASE("FRR spells remove-private-AS and replace-AS in capitals; a peer-group passes the flags on") {
  auto p = parseText(
      "frr version 8.4\n"
      "router bgp 65000\n"
      " neighbor PG peer-group\n"
      " neighbor PG remote-as 1000\n"
      " neighbor PG local-as 500 no-prepend\n"
      " neighbor 192.168.255.2 peer-group PG\n"
      " address-family ipv4 unicast\n"
      "  neighbor PG remove-private-AS all replace-AS\n"
      " exit-address-family\n",
      model::Vendor::Frr);
  CHECK(p.warnings.empty());
  const auto* n = p.device.bgp->findNeighbor(*Ipv4::parse("192.168.255.2"));
  REQUIRE(n);
  CHECK(n->local_as == 500u);
  CHECK(n->local_as_no_prepend);
  CHECK_FALSE(n->local_as_replace_as);
  CHECK(n->remove_private_as);
  CHECK(n->remove_private_as_all);
  CHECK(n->remove_private_as_replace);
}

TEST_CASE("FRR rejects a local-as equal to the router's AS or to the remote-as, as bgpd does") {
  auto p = parseText(
      "router bgp 65001\n"
      " neighbor 10.0.0.2 remote-as 65002\n"
      " neighbor 10.0.0.2 local-as 65001\n"
      " neighbor 10.0.0.6 remote-as 65003\n"
      " neighbor 10.0.0.6 local-as 65003\n"
      " neighbor G peer-group\n"
      " neighbor G remote-as 65004\n"
      " neighbor 10.0.0.10 peer-group G\n"
      " neighbor 10.0.0.10 local-as 65004\n"
      " neighbor 10.0.0.14 remote-as 65005\n"
      " neighbor 10.0.0.14 local-as 65100\n",
      model::Vendor::Frr);
  REQUIRE(p.device.bgp);
  std::vector<int> rejected;
  for (const auto& w : p.warnings) rejected.push_back(w.line);
  CHECK(rejected == std::vector<int>{3, 5, 9});
  for (const auto& n : p.device.bgp->neighbors)
    CHECK(n.local_as == (n.id == "10.0.0.14" ? std::optional<uint32_t>(65100) : std::nullopt));
}

TEST_CASE("neighbor defaults for optional arguments") {
  auto p = parseText(
      "router bgp 1\n"
      " neighbor 10.0.0.2 remote-as 2\n"
      " neighbor 10.0.0.2 ebgp-multihop\n"
      " neighbor 10.0.0.2 allowas-in\n"
      " neighbor 10.0.0.2 send-community\n"
      " neighbor 10.0.0.2 default-originate\n");
  const auto& n = p.device.bgp->neighbors.at(0);
  CHECK(n.ebgp_multihop == 255u);
  CHECK(n.allowas_in == 3u);
  CHECK(n.send_community);
  CHECK_FALSE(n.send_community_extended);
  CHECK(n.default_originate);
  CHECK(n.default_originate_route_map.empty());
}

TEST_CASE("send-community extended only") {
  auto p = parseText("router bgp 1\n neighbor 10.0.0.2 remote-as 2\n neighbor 10.0.0.2 send-community extended\n");
  CHECK(p.device.bgp->neighbors[0].send_community_extended);
  CHECK(p.device.bgp->neighbors[0].send_community == p.device.defaults.bgp_send_community);
}

TEST_CASE("peer-group: settings are inherited, the member's own settings win") {
  auto p = parseText(
      "router bgp 65000\n"
      " neighbor RR peer-group\n"
      " neighbor RR remote-as 65000\n"
      " neighbor RR update-source Loopback0\n"
      " neighbor RR route-map RR-OUT out\n"
      " neighbor 10.1.1.1 peer-group RR\n"
      " neighbor 10.1.1.2 peer-group RR\n"
      " neighbor 10.1.1.2 route-map SPECIAL out\n");
  const auto& b = *p.device.bgp;
  REQUIRE(b.neighbors.size() == 2);  // the group itself is not a neighbor
  const auto& a = b.neighbors[0];
  CHECK(a.id == "10.1.1.1");
  CHECK(a.peer_group == "RR");
  CHECK(a.remote_as == 65000u);
  CHECK(a.update_source == "Loopback0");
  CHECK(a.export_policies == std::vector<std::string>{"RR-OUT"});
  CHECK(a.statement_spans.at("remote-as") == span(3, 3));  // the group's line
  CHECK(a.statement_spans.at("peer-group") == span(6, 6));
  const auto& c = b.neighbors[1];
  CHECK(c.export_policies == std::vector<std::string>{"SPECIAL"});
  CHECK(c.statement_spans.at("route-map out") == span(8, 8));
  CHECK(p.warnings.empty());
}

TEST_CASE("peer-group settings given after the members joined are still inherited") {
  auto p = parseText(
      "router bgp 65000\n"
      " neighbor UP peer-group\n"
      " neighbor 10.0.0.1 peer-group UP\n"
      " neighbor UP remote-as 174\n"
      " address-family ipv4 unicast\n"
      "  neighbor UP prefix-list PL in\n"
      " exit-address-family\n");
  const auto& n = p.device.bgp->neighbors.at(0);
  CHECK(n.remote_as == 174u);
  CHECK(n.prefix_list_in == "PL");
  CHECK(n.statement_spans.at("prefix-list in") == span(6, 6));
}

TEST_CASE("joining an undefined peer-group warns") {
  auto p = parseText("router bgp 1\n neighbor 10.0.0.1 remote-as 2\n neighbor 10.0.0.1 peer-group NOPE\n");
  CHECK(warningLines(p, "undefined peer-group NOPE") == std::vector<int>{3});
  CHECK(p.device.bgp->neighbors[0].peer_group.empty());
}

TEST_CASE("a neighbor word that is no address and no group warns") {
  auto p = parseText("router bgp 1\n neighbor FOO route-map X in\n");
  CHECK(warningLines(p, "neither a peer address nor a defined peer-group") == std::vector<int>{2});
  CHECK(p.device.bgp->neighbors.empty());
}

TEST_CASE("FRR remote-as external/internal and unnumbered interface neighbors") {
  auto p = parseText(
      "router bgp 65010\n"
      " neighbor 10.0.0.1 remote-as external\n"
      " neighbor 10.0.0.5 remote-as internal\n"
      " neighbor swp1 interface remote-as external\n",
      model::Vendor::Frr);
  const auto& ns = p.device.bgp->neighbors;
  REQUIRE(ns.size() == 3);
  CHECK(ns[0].remote_as_external);
  CHECK_FALSE(ns[0].remote_as);
  CHECK(ns[1].remote_as_internal);
  CHECK(ns[1].remote_as == 65010u);
  CHECK(ns[2].id == "swp1");
  CHECK_FALSE(ns[2].address);
  CHECK(ns[2].interface == "swp1");
  CHECK(ns[2].remote_as_external);
  CHECK(ns[0].interface.empty());
  CHECK(p.warnings.empty());
}

TEST_CASE("FRR unnumbered neighbors in a peer-group take the group's remote-as") {
  auto p = parseText(
      "router bgp 65001\n"
      " neighbor Fabric peer-group\n"
      " neighbor Fabric remote-as external\n"
      " neighbor swp3 interface peer-group Fabric\n",
      model::Vendor::Frr);
  const auto& ns = p.device.bgp->neighbors;
  REQUIRE(ns.size() == 1);
  CHECK(ns[0].interface == "swp3");
  CHECK(ns[0].peer_group == "Fabric");
  CHECK(ns[0].remote_as_external);
  CHECK(p.warnings.empty());
}

TEST_CASE("FRR: a static route out of lo needs no lo stanza (Linux always has it)") {
  auto p = parseText("hostname r1\nip route 172.16.0.1/32 lo\n", model::Vendor::Frr);
  const auto* lo = p.device.findInterface("lo");
  REQUIRE(lo);
  CHECK_FALSE(lo->address);
  CHECK(lo->span == span(2, 2));
  auto ios = parseText("hostname r1\nip route 172.16.0.1 255.255.255.255 lo\n");
  CHECK_FALSE(ios.device.findInterface("lo"));
}

TEST_CASE("FRR address-family block: networks, activate, and policies in the AF") {
  auto p = parseText(
      "router bgp 65001\n"
      " bgp router-id 10.0.0.1\n"
      " no bgp ebgp-requires-policy\n"
      " no bgp default ipv4-unicast\n"
      " neighbor 10.0.0.2 remote-as 65002\n"
      " neighbor 10.0.0.6 remote-as 65003\n"
      " !\n"
      " address-family ipv4 unicast\n"
      "  network 192.168.0.0/24 route-map ORIGIN\n"
      "  redistribute connected route-map CONN\n"
      "  neighbor 10.0.0.2 activate\n"
      "  neighbor 10.0.0.2 route-map IN in\n"
      "  maximum-paths 4\n"
      "  maximum-paths ibgp 2\n"
      " exit-address-family\n"
      "exit\n",
      model::Vendor::Frr);
  const auto& b = *p.device.bgp;
  CHECK(p.device.vendor == model::Vendor::Frr);
  CHECK_FALSE(b.ebgp_requires_policy);
  CHECK_FALSE(b.default_ipv4_unicast);
  REQUIRE(b.networks.size() == 1);
  CHECK(b.networks[0].prefix == *Prefix::parse("192.168.0.0/24"));
  CHECK(b.networks[0].route_map == "ORIGIN");
  CHECK(b.networks[0].span == span(9, 9));
  REQUIRE(b.redistributions.size() == 1);
  CHECK(b.redistributions[0].source == model::RouteSource::Connected);
  CHECK(b.redistributions[0].route_map == "CONN");
  CHECK(b.neighbors[0].activate);
  CHECK(b.neighbors[0].statement_spans.at("activate") == span(11, 11));
  CHECK(b.neighbors[0].import_policies == std::vector<std::string>{"IN"});
  CHECK_FALSE(b.neighbors[1].activate);  // never activated, default ipv4-unicast off
  CHECK(b.maximum_paths_ebgp == 4);
  CHECK(b.maximum_paths_ibgp == 2);
  CHECK(b.span == span(1, 16));
  CHECK(p.warnings.empty());
}

TEST_CASE("IOS maximum-paths eibgp N: N paths for iBGP and eBGP routes") {
  auto p = parseText(
      "router bgp 2\n"
      " address-family ipv4\n"
      "  maximum-paths eibgp 32\n"
      " exit-address-family\n");
  CHECK(p.device.bgp->maximum_paths_ebgp == 32);
  CHECK(p.device.bgp->maximum_paths_ibgp == 32);
  CHECK(p.warnings.empty());
}

TEST_CASE("FRR keeps ebgp-requires-policy on by default; datacenter profile turns it off") {
  auto plain = parseText("router bgp 1\n", model::Vendor::Frr);
  CHECK(plain.device.bgp->ebgp_requires_policy);
  auto dc = parseText("frr defaults datacenter\nrouter bgp 1\n", model::Vendor::Frr);
  CHECK_FALSE(dc.device.bgp->ebgp_requires_policy);
  CHECK(dc.device.bgp->deterministic_med);
  auto on = parseText("router bgp 1\n bgp ebgp-requires-policy\n");
  CHECK(on.device.bgp->ebgp_requires_policy);
}

TEST_CASE("IOS: no neighbor activate turns a neighbor off in IPv4 unicast") {
  auto p = parseText(
      "router bgp 1\n"
      " neighbor 10.0.0.2 remote-as 2\n"
      " neighbor 10.0.0.3 remote-as 3\n"
      " address-family ipv4\n"
      "  no neighbor 10.0.0.3 activate\n"
      " exit-address-family\n");
  CHECK(p.device.bgp->neighbors[0].activate);
  CHECK_FALSE(p.device.bgp->neighbors[1].activate);
}

TEST_CASE("statements of an IPv6 address family do not touch the IPv4 model") {
  auto p = parseText(
      "router bgp 1\n"
      " neighbor 10.0.0.2 remote-as 2\n"
      " address-family ipv6 unicast\n"
      "  neighbor 10.0.0.2 route-map V6 in\n"
      "  network 2001:db8::/32\n"
      "  advertise-all-vni\n"
      " exit-address-family\n"
      " neighbor 10.0.0.2 route-map V4 in\n");
  CHECK(p.device.bgp->neighbors[0].import_policies == std::vector<std::string>{"V4"});
  CHECK(p.device.bgp->networks.empty());
  // They are the IPv6 family's (issue 16); what it does not model is a warning at its line.
  CHECK(p.device.bgp->neighbors[0].ipv6.import_policies == std::vector<std::string>{"V6"});
  CHECK(p.device.bgp->ipv6_networks.size() == 1);
  CHECK(warningLines(p) == std::vector<int>{6});
}

TEST_CASE("BGP process knobs: bestpath, MED, cluster-id, distance, aggregates, classful network") {
  auto p = parseText(
      "router bgp 100\n"
      " bgp bestpath compare-routerid\n"
      " bgp bestpath med missing-as-worst\n"
      " bgp bestpath as-path multipath-relax\n"
      " bgp bestpath as-path ignore\n"
      " bgp always-compare-med\n"
      " bgp deterministic-med\n"
      " bgp cluster-id 9.9.9.9\n"
      " distance bgp 30 190 210\n"
      " network 10.0.0.0\n"
      " network 172.16.0.0 mask 255.255.255.0\n"
      " aggregate-address 10.0.0.0 255.0.0.0 summary-only as-set\n"
      " aggregate-address 172.16.0.0/12 route-map AGG\n"
      " bgp log-neighbor-changes\n"
      " no synchronization\n"
      " bgp default local-preference 150\n");
  const auto& b = *p.device.bgp;
  CHECK(b.compare_router_id);
  CHECK(b.med_missing_as_worst);
  CHECK(b.as_path_multipath_relax);
  CHECK(b.as_path_ignore);
  CHECK(b.always_compare_med);
  CHECK(b.deterministic_med);
  CHECK(b.cluster_id == Ipv4::parse("9.9.9.9"));
  CHECK(b.distance_ebgp == 30u);
  CHECK(b.distance_ibgp == 190u);
  CHECK(b.distance_local == 210u);
  REQUIRE(b.networks.size() == 2);
  CHECK(b.networks[0].prefix == *Prefix::parse("10.0.0.0/8"));
  CHECK(b.networks[1].prefix == *Prefix::parse("172.16.0.0/24"));
  REQUIRE(b.aggregates.size() == 2);
  CHECK(b.aggregates[0].prefix == *Prefix::parse("10.0.0.0/8"));
  CHECK(b.aggregates[0].summary_only);
  CHECK(b.aggregates[0].as_set);
  CHECK(b.aggregates[1].route_map == "AGG");
  CHECK(b.aggregates[1].span == span(13, 13));
  CHECK(p.device.defaults.bgp_local_pref == 150);
  CHECK(p.warnings.empty());
}

TEST_CASE("BGP redistribution with metric and route-map") {
  auto p = parseText("router bgp 1\n redistribute static metric 50 route-map S\n redistribute ospf 1\n");
  const auto& r = p.device.bgp->redistributions;
  REQUIRE(r.size() == 2);
  CHECK(r[0].source == model::RouteSource::Static);
  CHECK(r[0].metric == 50u);
  CHECK(r[0].route_map == "S");
  CHECK(r[1].source == model::RouteSource::Ospf);
}

TEST_CASE("unknown neighbor statement inside router bgp warns with its line; ignored ones do not") {
  auto p = parseText(
      "router bgp 1\n"
      " neighbor 10.0.0.2 remote-as 2\n"
      " neighbor 10.0.0.2 password s3cret\n"
      " neighbor 10.0.0.2 frobnicate\n"
      " neighbor 10.0.0.2 timers 3 9\n"
      " bgp wibble\n"
      " neighbor 10.0.0.2 route-map X in\n");
  CHECK(warningLines(p, "unrecognized syntax") == std::vector<int>{4, 6});
  CHECK(p.device.bgp->neighbors[0].import_policies == std::vector<std::string>{"X"});
}

TEST_CASE("non-indented block lines are attributed by their statement kind") {
  auto p = parseText(
      "router bgp 1\n"
      "neighbor 10.0.0.2 remote-as 2\n"
      "ip route 0.0.0.0 0.0.0.0 10.0.0.2\n"
      "neighbor 10.0.0.3 remote-as 3\n");
  REQUIRE(p.device.bgp);
  CHECK(p.device.bgp->neighbors.size() == 1);
  CHECK(p.device.static_routes.size() == 1);
  CHECK(p.device.bgp->span == span(1, 2));
  CHECK(warningLines(p) == std::vector<int>{4});  // neighbor outside router bgp
}

TEST_CASE("a second BGP instance is reported and its block ignored; a VRF's instance is the VRF's") {
  auto p = parseText(
      "router bgp 1\n"
      " neighbor 10.0.0.2 remote-as 2\n"
      "router bgp 2 vrf RED\n"
      " neighbor 10.9.9.9 remote-as 9\n"
      "router bgp 1\n"
      " neighbor 10.0.0.3 remote-as 3\n"
      "router bgp 5\n"
      " neighbor 10.0.0.5 remote-as 5\n");
  CHECK(warningLines(p, "second BGP instance") == std::vector<int>{7});
  CHECK(p.device.bgp->neighbors.size() == 2);
  REQUIRE(p.device.vrfs.count("RED"));
  const auto& red = *p.device.vrfs.at("RED").bgp;
  CHECK(red.asn == 2);
  REQUIRE(red.neighbors.size() == 1);
  CHECK(red.neighbors[0].id == "10.9.9.9");
  CHECK(red.span == span(3, 4));
}

TEST_CASE("next-hop-self force (FRR) and all (IOS) also cover reflected routes; peer-groups pass it on") {
  auto p = parseText(
      "router bgp 65000\n"
      " neighbor RR-CLIENTS peer-group\n"
      " neighbor RR-CLIENTS remote-as 65000\n"
      " neighbor RR-CLIENTS next-hop-self force\n"
      " neighbor 10.0.0.2 peer-group RR-CLIENTS\n"
      " neighbor 10.0.0.3 remote-as 65000\n"
      " neighbor 10.0.0.3 next-hop-self all\n"
      " neighbor 10.0.0.4 remote-as 65000\n"
      " neighbor 10.0.0.4 next-hop-self\n");
  const auto& n = p.device.bgp->neighbors;
  auto find = [&](const char* id) {
    return *std::find_if(n.begin(), n.end(), [&](const model::BgpNeighbor& x) { return x.id == id; });
  };
  CHECK(find("10.0.0.2").next_hop_self_force);
  CHECK(find("10.0.0.3").next_hop_self_force);
  CHECK(find("10.0.0.4").next_hop_self);
  CHECK_FALSE(find("10.0.0.4").next_hop_self_force);
}

TEST_CASE("bgp confederation identifier and peers") {
  auto p = parseText(
      "router bgp 65501\n"
      " bgp confederation identifier 100\n"
      " bgp confederation peers 65506 65507\n"
      " bgp confederation peers 65508 65506\n",
      model::Vendor::Frr);
  const auto& b = *p.device.bgp;
  CHECK(b.confederation_id == 100u);
  CHECK(b.confederation_peers == std::vector<uint32_t>{65506, 65507, 65508});
  CHECK(p.warnings.empty());
}

}  // namespace routefix::parser::ios::test
