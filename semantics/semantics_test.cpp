#include <doctest/doctest.h>

#include "semantics/bgp_next_hop.h"
#include "semantics/config_rules.h"
#include "semantics/decision.h"

using namespace routefix;
using namespace routefix::semantics;

namespace {

model::Device device(model::Vendor v) {
  model::Device d;
  d.name = "r1";
  d.vendor = v;
  d.defaults = model::VendorDefaults::forVendor(v);
  return d;
}

model::Interface iface(const std::string& name, const std::string& ip) {
  model::Interface i;
  i.name = name;
  i.address = model::InterfaceAddress{*model::Ipv4::parse(ip), 24, {}};
  return i;
}

// A concrete step recorder: which step decided, and for whom.
struct Recorder {
  int step = 0, decidedAt = -1, order = 0;
  bool higher(uint32_t a, uint32_t b) { return at(a > b ? -1 : (a < b ? 1 : 0)); }
  bool higherBool(bool a, bool b) { return at(a == b ? 0 : (a ? -1 : 1)); }
  bool lower(uint32_t a, uint32_t b) { return at(a < b ? -1 : (a > b ? 1 : 0)); }
  bool lowerWhen(bool c, uint32_t a, uint32_t b) { return c ? lower(a, b) : at(0); }
  bool at(int o) {
    ++step;
    if (o == 0) return false;
    order = o;
    decidedAt = step;
    return true;
  }
};

DecisionView<uint32_t, bool> path() { return {0, 100, false, 2, 0, 0, false, 65001, true}; }

}  // namespace

TEST_CASE("undefined lists in route-map matches: FRR never, IOS/NX-OS prefix-lists always") {
  CHECK_FALSE(undefinedListMatches(model::Vendor::Frr, ListKind::PrefixList));
  CHECK_FALSE(undefinedListMatches(model::Vendor::Frr, ListKind::CommunityList));
  CHECK_FALSE(undefinedListMatches(model::Vendor::Frr, ListKind::AsPathList));
  CHECK(undefinedListMatches(model::Vendor::Ios, ListKind::PrefixList));
  CHECK(undefinedListMatches(model::Vendor::Ios, ListKind::AccessList));
  CHECK_FALSE(undefinedListMatches(model::Vendor::Ios, ListKind::CommunityList));
  CHECK(undefinedListMatches(model::Vendor::Nxos, ListKind::PrefixList));
}

TEST_CASE("call: an undefined target is skipped, a called map that does not permit denies") {
  CHECK_FALSE(callDenies(false, false));
  CHECK(callDenies(true, false));
  CHECK_FALSE(callDenies(true, true));
}

TEST_CASE("community exact-match wants the entry's communities and nothing else") {
  std::vector<model::Community> entry{100, 200};
  std::vector<model::Community> route{100, 200, 300};
  auto carries = [&](model::Community c) { return std::find(route.begin(), route.end(), c) != route.end(); };
  CHECK(communityEntryMatches(entry, false, route, carries, true));
  CHECK_FALSE(communityEntryMatches(entry, true, route, carries, true));
  route.pop_back();
  CHECK(communityEntryMatches(entry, true, route, carries, true));
  CHECK(communityEntryMatches({model::kInternet}, true, route, carries, true));
}

TEST_CASE("OSPF cost: FRR eth0 at its 10 Mbit/s default costs 10, loopbacks 0 unless configured") {
  auto frr = device(model::Vendor::Frr);
  frr.ospf.emplace();
  auto eth = iface("eth0", "10.0.0.1");
  CHECK(ospfInterfaceCost(frr, eth) == 10);
  auto lo = iface("lo", "10.255.0.1");
  CHECK(ospfInterfaceCost(frr, lo) == 0);
  lo.ospf_cost = 5;
  CHECK(ospfInterfaceCost(frr, lo) == 5);
  eth.bandwidth_kbps = 1;  // 100 Mbit/s reference over 1 kbit/s: clamped
  CHECK(ospfInterfaceCost(frr, eth) == 65535);
  auto ios = device(model::Vendor::Ios);
  ios.ospf.emplace();
  CHECK(ospfInterfaceCost(ios, iface("GigabitEthernet0/0", "10.0.0.1")) == 1);
}

TEST_CASE("OSPFv3 cost: the same rule over ipv6 ospf6 cost and its own process; FRR's lo costs 10") {
  auto frr = device(model::Vendor::Frr);
  frr.ospf.emplace();
  frr.ospf6.emplace();
  frr.ospf6->reference_bandwidth_mbps = 1000;
  auto eth = iface("eth0", "10.0.0.1");
  CHECK(ospf6InterfaceCost(frr, eth) == 100);  // OSPFv3's reference bandwidth, not OSPFv2's
  CHECK(ospfInterfaceCost(frr, eth) == 10);
  eth.ospf6.cost = 7;
  CHECK(ospf6InterfaceCost(frr, eth) == 7);
  CHECK(ospfInterfaceCost(frr, eth) == 10);  // `ipv6 ospf6 cost` is OSPFv3's alone
  auto lo = iface("lo", "10.255.0.1");
  frr.ospf6->reference_bandwidth_mbps = 100;
  CHECK(ospf6InterfaceCost(frr, lo) == 10);  // ospf6d: no loopback case (lab)
  CHECK(ospfInterfaceCost(frr, lo) == 0);
  auto ios = device(model::Vendor::Ios);
  ios.ospf6.emplace();
  CHECK(ospf6InterfaceCost(ios, iface("Loopback0", "10.255.0.1")) == 1);
}

TEST_CASE("OSPF area: a network statement matches the address an unnumbered interface borrows") {
  auto d = device(model::Vendor::Ios);
  d.ospf.emplace();
  model::OspfNetwork n;
  n.match = model::WildcardMatch{*model::Ipv4::parse("10.0.0.0"), 0xff};
  n.area = 7;
  d.ospf->networks.push_back(n);
  d.interfaces.push_back(iface("Loopback0", "10.0.0.1"));
  model::Interface e;
  e.name = "Ethernet1";
  e.unnumbered = "Loopback0";
  d.interfaces.push_back(e);
  CHECK(ospfArea(d, d.interfaces[1]) == 7u);
  d.interfaces[1].shutdown = true;
  CHECK_FALSE(ospfArea(d, d.interfaces[1]));
  d.interfaces[1].shutdown = false;
  d.interfaces[1].unnumbered = "Loopback9";  // lender missing: no address, not in OSPF
  CHECK_FALSE(ospfArea(d, d.interfaces[1]));
}

TEST_CASE("OSPF hellos: the same subnet, or point-to-point at both ends (unnumbered, /32)") {
  auto a = iface("e1", "10.0.0.1");
  auto b = iface("e1", "10.0.0.2");
  CHECK(ospfHellosAccepted(a, b));
  b.address->address = *model::Ipv4::parse("10.0.9.2");
  CHECK_FALSE(ospfHellosAccepted(a, b));
  a.ospf_point_to_point = true;
  CHECK_FALSE(ospfHellosAccepted(a, b));
  b.ospf_point_to_point = true;
  CHECK(ospfHellosAccepted(a, b));
  a.address.reset();  // unnumbered
  CHECK(ospfHellosAccepted(a, b));
}

TEST_CASE("BGP router-id: configured, else highest loopback; never the OSPF router-id") {
  auto d = device(model::Vendor::Frr);
  d.interfaces = {iface("eth0", "10.0.0.9"), iface("lo", "10.255.0.1")};
  d.ospf.emplace();
  d.ospf->router_id = *model::Ipv4::parse("9.9.9.9");
  d.bgp.emplace();
  CHECK(bgpRouterId(d).str() == "10.255.0.1");
  d.interfaces.pop_back();
  CHECK(bgpRouterId(d).str() == "10.0.0.9");
  d.bgp->router_id = *model::Ipv4::parse("1.1.1.1");
  CHECK(bgpRouterId(d).str() == "1.1.1.1");
}

TEST_CASE("the system router-id (FRR `ip router-id`) comes before the addresses, after the process's") {
  auto d = device(model::Vendor::Frr);
  d.interfaces = {iface("eth0", "10.0.0.9"), iface("lo", "10.255.0.1")};
  d.router_id = *model::Ipv4::parse("2.2.2.2");
  d.bgp.emplace();
  d.ospf.emplace();
  CHECK(bgpRouterId(d).str() == "2.2.2.2");
  CHECK(ospfRouterId(d).str() == "2.2.2.2");
  d.ospf->router_id = *model::Ipv4::parse("3.3.3.3");
  CHECK(ospfRouterId(d).str() == "3.3.3.3");
  CHECK(bgpRouterId(d).str() == "2.2.2.2");
}

TEST_CASE("OSPF router-id: configured, else highest loopback; never the BGP router-id") {
  auto d = device(model::Vendor::Frr);
  d.interfaces = {iface("eth0", "10.0.0.9"), iface("lo", "10.255.0.1")};
  d.bgp.emplace();
  d.bgp->router_id = *model::Ipv4::parse("1.1.1.1");
  d.ospf.emplace();
  CHECK(ospfRouterId(d).str() == "10.255.0.1");
  d.ospf->router_id = *model::Ipv4::parse("9.9.9.9");
  CHECK(ospfRouterId(d).str() == "9.9.9.9");
}

TEST_CASE("network-LSAs of one subnet: the cheaper, then the higher Link State ID") {
  auto ip = [](const char* s) { return *model::Ipv4::parse(s); };
  CHECK(transitNetworkReplaces(20, ip("10.1.3.8"), 20, ip("10.1.3.7")));
  CHECK_FALSE(transitNetworkReplaces(20, ip("10.1.3.7"), 20, ip("10.1.3.8")));
  CHECK(transitNetworkReplaces(10, ip("10.1.3.1"), 20, ip("10.1.3.8")));
  CHECK_FALSE(transitNetworkReplaces(30, ip("10.1.3.9"), 20, ip("10.1.3.8")));
}

TEST_CASE("FRR 8.4: default-originate withholds 0.0.0.0/N, BLACKHOLE over eBGP gets NO_EXPORT") {
  auto frr = model::VendorDefaults::forVendor(model::Vendor::Frr);
  auto ios = model::VendorDefaults::forVendor(model::Vendor::Ios);
  auto p = [](const char* s) { return *model::Prefix::parse(s); };
  CHECK(withheldByDefaultOriginate(ios, p("0.0.0.0/0")));
  CHECK_FALSE(withheldByDefaultOriginate(ios, p("0.0.0.0/1")));
  CHECK(withheldByDefaultOriginate(frr, p("0.0.0.0/1")));
  CHECK_FALSE(withheldByDefaultOriginate(frr, p("128.0.0.0/1")));
  CHECK(receivedBlackholeGetsNoExport(frr, true));
  CHECK_FALSE(receivedBlackholeGetsNoExport(frr, false));  // iBGP, confed-eBGP
  CHECK_FALSE(receivedBlackholeGetsNoExport(ios, true));
}

TEST_CASE("a confederation member presents its identifier outside the confederation") {
  model::BgpProcess bgp;
  bgp.asn = 65501;
  bgp.confederation_id = 100;
  bgp.confederation_peers = {65506};
  model::BgpNeighbor n;
  n.remote_as = 65506;  // a confederation peer
  CHECK(presentedAs(bgp, n) == 65501);
  n.remote_as = 65501;  // iBGP
  CHECK(presentedAs(bgp, n) == 65501);
  n.remote_as = 900;    // outside
  CHECK(presentedAs(bgp, n) == 100);
  CHECK(inConfederation(bgp, 65506));
  CHECK(inConfederation(bgp, 65501));
  CHECK_FALSE(inConfederation(bgp, 900));
}

TEST_CASE("sessions present local-as; remote-as external/internal") {
  model::BgpProcess bgp;
  bgp.asn = 65001;
  model::BgpNeighbor n;
  CHECK(presentedAs(bgp, n) == 65001);
  n.local_as = 65100;
  CHECK(presentedAs(bgp, n) == 65100);
  n.remote_as = 65002;
  CHECK(remoteAsAccepts(n, 65100, 65002));
  CHECK_FALSE(remoteAsAccepts(n, 65100, 65003));
  model::BgpNeighbor ext;
  ext.remote_as_external = true;
  CHECK(remoteAsAccepts(ext, 65001, 65002));
  CHECK_FALSE(remoteAsAccepts(ext, 65001, 65001));
}

TEST_CASE("declaresEbgp: remote-as N against the presented AS, FRR external/internal") {
  model::BgpProcess bgp;
  bgp.asn = 65001;
  model::BgpNeighbor n;
  CHECK_FALSE(declaresRemoteAs(n));
  n.remote_as = 65001;
  CHECK(declaresRemoteAs(n));
  CHECK_FALSE(declaresEbgp(bgp, n));
  n.remote_as = 65002;
  CHECK(declaresEbgp(bgp, n));
  n.local_as = 65002;  // presents 65002: iBGP with a peer in 65002
  CHECK_FALSE(declaresEbgp(bgp, n));
  model::BgpNeighbor ext, in;
  ext.remote_as_external = true;
  in.remote_as_internal = true;
  CHECK(declaresRemoteAs(ext));
  CHECK(declaresEbgp(bgp, ext));
  CHECK_FALSE(declaresEbgp(bgp, in));
  // The template of a new session: the first addressed statement of its kind.
  ext.address = model::Ipv4::parse("10.0.0.1");
  in.address = model::Ipv4::parse("10.0.0.2");
  bgp.neighbors = {in, ext};
  CHECK(sessionTemplate(bgp, true) == &bgp.neighbors[1]);
  CHECK(sessionTemplate(bgp, false) == &bgp.neighbors[0]);
}

TEST_CASE("ebgp-requires-policy counts route-maps, prefix-lists and filter-lists") {
  model::BgpProcess bgp;
  bgp.ebgp_requires_policy = true;
  model::BgpNeighbor n;
  CHECK(ebgpPolicyBlocks(bgp, &n, Direction::In));
  n.filter_list_in = "AS";
  CHECK_FALSE(ebgpPolicyBlocks(bgp, &n, Direction::In));
  CHECK(ebgpPolicyBlocks(bgp, &n, Direction::Out));
  // Per address family (FRR): the IPv4 family's filter-list does not count for IPv6 unicast.
  CHECK(ebgpPolicyBlocks(bgp, &n.ipv6, Direction::In));
  n.ipv6.import_policies = {"V6-IN"};
  CHECK_FALSE(ebgpPolicyBlocks(bgp, &n.ipv6, Direction::In));
  bgp.ebgp_requires_policy = false;
  CHECK_FALSE(ebgpPolicyBlocks(bgp, static_cast<const model::BgpNeighbor*>(nullptr), Direction::Out));
}

TEST_CASE("AS-path loop check with local-as and allowas-in") {
  CHECK(asPathLoops(1u, 0u, 0));
  CHECK_FALSE(asPathLoops(1u, 0u, 1));
  CHECK(asPathLoops(1u, 1u, 1));
  CHECK_FALSE(asPathLoops(0u, 0u, 0));
}

TEST_CASE("decision steps: MED only within one neighbor AS, missing MED as worst on request") {
  DecisionOptions o;
  auto a = path(), b = path();
  a.med = 10;
  b.med = 5;
  Recorder r;
  decisionSteps(r, a, b, o);
  CHECK(r.decidedAt == 6);  // MED
  CHECK(r.order == 1);
  b.neighbor_as = 65002;  // another neighbor AS: MED not compared, eBGP ties
  Recorder r2;
  decisionSteps(r2, a, b, o);
  CHECK(r2.decidedAt == -1);
  o.always_compare_med = true;
  Recorder r3;
  decisionSteps(r3, a, b, o);
  CHECK(r3.order == 1);
  // A missing MED is 0 (better than 10) unless missing-as-worst.
  b.med_missing = true;
  b.med = 0;
  CHECK(medValue(o, b.med, b.med_missing) == 0u);
  o.med_missing_as_worst = true;
  CHECK(medValue(o, b.med, b.med_missing) == 0xffffffffu);
  // Weight decides before everything else.
  a.weight = 1;
  Recorder r4;
  decisionSteps(r4, a, b, o);
  CHECK(r4.decidedAt == 1);
  CHECK(r4.order == -1);
  CHECK(medGroup(o, 65001u) == 0u);
}

TEST_CASE("multipath: learned paths of one kind that match as the vendor demands, unless relaxed") {
  using routefix::model::MultipathMatch;
  DecisionOptions o;  // IOS: identical AS paths
  // (options, a learned, b learned, a eBGP, b eBGP, internal, same AS path, same neighbour AS)
  CHECK(multipathCompatible(o, true, true, false, false, true, true, true));
  CHECK_FALSE(multipathCompatible(o, true, true, false, false, true, false, true));
  CHECK_FALSE(multipathCompatible(o, true, true, true, true, false, false, true));
  CHECK_FALSE(multipathCompatible(o, true, false, false, false, true, true, true));
  CHECK_FALSE(multipathCompatible(o, true, true, true, false, false, true, true));
  o.multipath_match = MultipathMatch::NeighborAs;  // Junos
  CHECK(multipathCompatible(o, true, true, false, false, true, false, true));
  CHECK_FALSE(multipathCompatible(o, true, true, true, true, false, true, false));
  o.multipath_match = MultipathMatch::AsPathInternalNeighborAsExternal;  // FRR
  CHECK_FALSE(multipathCompatible(o, true, true, false, false, true, false, true));
  CHECK(multipathCompatible(o, true, true, true, true, false, false, true));
  o.multipath_relax = true;
  CHECK(multipathCompatible(o, true, true, true, true, false, false, false));
  CHECK(multipathCompatible(o, true, true, false, false, true, false, false));
}

TEST_CASE("decisionOptions: the vendor's multipath rule reaches the decision") {
  using routefix::model::MultipathMatch;
  routefix::model::Device d;
  d.bgp.emplace();
  d.defaults = routefix::model::VendorDefaults::forVendor(routefix::model::Vendor::Junos);
  CHECK(decisionOptions(d).multipath_match == MultipathMatch::NeighborAs);
  d.defaults = routefix::model::VendorDefaults::forVendor(routefix::model::Vendor::Frr);
  CHECK(decisionOptions(d).multipath_match == MultipathMatch::AsPathInternalNeighborAsExternal);
  d.defaults = routefix::model::VendorDefaults::forVendor(routefix::model::Vendor::Ios);
  CHECK(decisionOptions(d).multipath_match == MultipathMatch::AsPath);
}

TEST_CASE("set metric|local-preference +N/-N: adds saturating, subtracts down to 0, N sets") {
  CHECK(adjustedValue<uint32_t>(100, 50, 1) == 150u);
  CHECK(adjustedValue<uint32_t>(100, 50, -1) == 50u);
  CHECK(adjustedValue<uint32_t>(30, 50, -1) == 0u);
  CHECK(adjustedValue<uint32_t>(0xfffffff0u, 50, 1) == 0xffffffffu);
  CHECK(adjustedValue<uint32_t>(100, 50, 0) == 50u);
}

TEST_CASE("exported next hop: third-party and unchanged on eBGP, next-hop-self and reflection on iBGP") {
  using semantics::NextHopExportSet;
  using semantics::NextHopRoute;
  using semantics::NextHopSession;
  const uint32_t self = model::Ipv4::parse("10.0.0.1")->value;
  const uint32_t onSubnet = model::Ipv4::parse("10.0.0.9")->value;
  const uint32_t far = model::Ipv4::parse("192.0.2.7")->value;
  const uint32_t written = model::Ipv4::parse("198.51.100.1")->value;
  NextHopExportSet<uint32_t, bool> none{false, 0, false, false};
  auto learned = [](uint32_t hop, bool reflected = false) {
    return NextHopRoute<uint32_t, bool>{hop, reflected, false, false};
  };
  auto next = [&](const NextHopSession& s, const NextHopRoute<uint32_t, bool>& r,
                  const NextHopExportSet<uint32_t, bool>& set) { return semantics::exportedNextHop(s, r, set, self); };

  NextHopSession ebgp{.ebgp = true, .shared_subnet = model::Prefix::parse("10.0.0.0/24")};
  CHECK(next(ebgp, learned(onSubnet), none) == onSubnet);  // third-party next hop
  CHECK(next(ebgp, learned(far), none) == self);
  CHECK(next(ebgp, learned(0), none) == self);  // originated here
  NextHopSession ebgpSelf = ebgp;
  ebgpSelf.next_hop_self = true;
  CHECK(next(ebgpSelf, learned(onSubnet), none) == self);
  NextHopExportSet<uint32_t, bool> unchanged{false, 0, false, true};
  CHECK(next(ebgp, learned(far), unchanged) == far);
  CHECK(next(ebgp, {far, false, true, true}, none) == far);  // the import route-map's unchanged

  NextHopSession ibgp{.next_hop_self = true, .shared_subnet = {}};
  CHECK(next(ibgp, learned(far), none) == self);
  CHECK(next(ibgp, learned(far, true), none) == far);  // reflected: next-hop-self passes it by
  NextHopSession forced{.next_hop_self = true, .force = true, .shared_subnet = {}};
  CHECK(next(forced, learned(far, true), none) == self);
  CHECK(next(forced, {far, true, false, true}, none) == far);  // a route-map decided it
  CHECK(next(NextHopSession{}, learned(far), none) == far);
  CHECK(next(NextHopSession{}, learned(0), none) == self);
  CHECK(next(NextHopSession{.unnumbered = true, .shared_subnet = {}}, learned(far), none) == self);

  // The export route-map's address, and peer-address above it.
  CHECK(next(ibgp, learned(far), {true, written, false, false}) == written);
  CHECK(next(ebgp, learned(onSubnet), {true, written, true, false}) == self);
}

TEST_CASE("redistributed next hop: FRR the lowest gateway, none for an interface or discard route") {
  using model::Ipv4;
  auto frr = model::VendorDefaults::forVendor(model::Vendor::Frr);
  auto ios = model::VendorDefaults::forVendor(model::Vendor::Ios);
  std::vector<std::optional<Ipv4>> ecmp{Ipv4::parse("10.0.0.9"), Ipv4::parse("10.0.0.5")};
  CHECK(semantics::redistributedNextHop(frr, ecmp) == Ipv4::parse("10.0.0.5")->value);
  CHECK(semantics::redistributedNextHop(ios, ecmp) == 0u);
  CHECK(semantics::redistributedNextHop(frr, {}) == 0u);                   // connected
  CHECK(semantics::redistributedNextHop(frr, {std::nullopt}) == 0u);       // Null0, interface
  CHECK(semantics::redistributedNextHop(frr, {std::nullopt, ecmp[0]}) == 0u);  // zebra sorts those first
}
