// `routefix repair` for intents the symbolic engine cannot encode, by the concrete search
// (repair/concrete_search.h): IPv6 destinations (issue 16 item 5: FRR, IOS, Junos) and VRF
// intents (issue 15 item 4: IOS, FRR, EOS). One small broken snapshot per error class, each made from a correct one by one
// edit: the repair must be found, verified, one change, written as the operator would (the
// diff's lines checked exactly), and its --out snapshot must verify clean.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/e2e/run_routefix.h"
#include "tests/e2e/scratch_dir.h"

namespace fs = std::filesystem;
using routefix::e2e::runRoutefix;
using routefix::e2e::ScratchDir;

namespace {

struct Case {
  std::string name;
  std::string file;  // under configs/
  std::string from, to;  // the injected error: `from` replaced by `to`
  std::vector<std::string> diff;  // lines the patch must hold ("+..." / "-...")
};

void edit(const fs::path& path, const std::string& from, const std::string& to) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// `snapshot` (with intents.yaml beside configs/) broken by the case's edit, repaired.
void checkRepair(const ScratchDir& dir, const fs::path& snapshot, const Case& c) {
  CAPTURE(c.name);
  edit(snapshot / "configs" / c.file, c.from, c.to);
  auto before = runRoutefix({"verify", snapshot.string(), "--format", "json"});
  REQUIRE(before.exit_code == 1);  // the error breaks an intent

  auto r = runRoutefix({"repair", snapshot.string(), "--format", "json"});
  CAPTURE(r.err);
  REQUIRE(r.exit_code == 0);
  auto j = r.json();
  CHECK(j["status"] == "repaired");
  CHECK(j["verified"] == true);
  CHECK(j["changes"] == 1);
  CHECK(j["intents_after"]["failed"] == 0);
  std::string diff;
  for (const auto& p : j["patches"]) {
    CHECK(p["file"] == "configs/" + c.file);
    diff += p["diff"].get<std::string>();
  }
  CAPTURE(diff);
  for (const auto& line : c.diff) CHECK(diff.find("\n" + line + "\n") != std::string::npos);

  // --out: the patched snapshot, on which every intent holds.
  fs::path out = dir / "repaired";
  fs::remove_all(out);
  REQUIRE(runRoutefix({"repair", snapshot.string(), "--out", out.string(), "--format", "json"}).exit_code == 0);
  auto after = runRoutefix({"verify", out.string(), "--format", "json"});
  CAPTURE(after.out);
  CHECK(after.exit_code == 0);
}

// Three IOS routers in an eBGP chain over IPv6 sessions: r2 takes r3's LAN through an
// `ipv6 prefix-list`, r1 must reach it.
void writeIosChain(const ScratchDir& dir, const fs::path& root) {
  auto rel = [&](const std::string& f) { return fs::relative(root / f, dir.root()).string(); };
  dir.write(rel("configs/r1.cfg"),
            "hostname r1\n!\nipv6 unicast-routing\n!\ninterface GigabitEthernet0/0\n"
            " ipv6 address 2001:DB8:12::1/64\n!\nrouter bgp 65001\n bgp router-id 1.1.1.1\n"
            " no bgp default ipv4-unicast\n neighbor 2001:DB8:12::2 remote-as 65002\n !\n"
            " address-family ipv6\n  neighbor 2001:DB8:12::2 activate\n exit-address-family\n!\nend\n");
  dir.write(rel("configs/r2.cfg"),
            "hostname r2\n!\nipv6 unicast-routing\n!\ninterface GigabitEthernet0/0\n"
            " ipv6 address 2001:DB8:12::2/64\n!\ninterface GigabitEthernet0/1\n ipv6 address 2001:DB8:23::2/64\n!\n"
            "router bgp 65002\n bgp router-id 2.2.2.2\n no bgp default ipv4-unicast\n"
            " neighbor 2001:DB8:12::1 remote-as 65001\n neighbor 2001:DB8:23::3 remote-as 65003\n !\n"
            " address-family ipv6\n  neighbor 2001:DB8:12::1 activate\n  neighbor 2001:DB8:23::3 activate\n"
            "  neighbor 2001:DB8:23::3 prefix-list FROM-R3 in\n exit-address-family\n!\n"
            "ipv6 prefix-list FROM-R3 seq 5 permit 2001:DB8:3::/48 le 64\n!\nend\n");
  dir.write(rel("configs/r3.cfg"),
            "hostname r3\n!\nipv6 unicast-routing\n!\ninterface GigabitEthernet0/0\n"
            " ipv6 address 2001:DB8:23::3/64\n!\ninterface GigabitEthernet0/1\n ipv6 address 2001:DB8:3:1::1/64\n!\n"
            "router bgp 65003\n bgp router-id 3.3.3.3\n no bgp default ipv4-unicast\n"
            " neighbor 2001:DB8:23::2 remote-as 65002\n !\n address-family ipv6\n  network 2001:DB8:3:1::/64\n"
            "  neighbor 2001:DB8:23::2 activate\n exit-address-family\n!\nend\n");
  dir.write(rel("intents.yaml"),
            "intents:\n"
            "  - {name: r1-reaches-r3-lan, type: reachability, from: [r1], to: \"2001:db8:3:1::/64\"}\n"
            "  - {name: r2-learns-r3-lan, type: route, node: r2, prefix: \"2001:db8:3:1::/64\"}\n");
}

}  // namespace

// FRR: the lab scenario dual-stack-diamond (real FRR 8.4 confirms its routes), r2 must learn
// r4's LAN and r1 reach it.
TEST_CASE("repair of the IPv6 error classes, FRR") {
  const std::vector<Case> cases = {
      {"prefix-list entry denies the destination", "r1.conf", "seq 5 deny 2001:db8:99::/48 le 64",
       "seq 5 deny 2001:db8:a4::/48 le 64",
       {"-ipv6 prefix-list FROM-CORE seq 5 deny 2001:db8:a4::/48 le 64",
        "+ipv6 prefix-list FROM-CORE seq 5 permit 2001:db8:a4::/48 le 64"}},
      {"missing activate in address-family ipv6 unicast", "r4.conf", "  neighbor 10.24.0.2 activate\n", "",
       {"   network 2001:db8:99::/64", "+  neighbor 10.24.0.2 activate", "   neighbor 10.24.0.2 route-map ALL in"}},
      {"missing IPv6 network statement", "r4.conf", "  network 2001:db8:a4::/64\n", "",
       {"+  network 2001:db8:a4::/64"}},
  };
  for (const auto& c : cases) {
    ScratchDir dir("repair-ipv6-frr");
    auto root = dir.copy("tests/lab/scenarios/dual-stack-diamond", "snapshot");
    dir.write("snapshot/intents.yaml",
              "intents:\n"
              "  - {name: r2-learns-lan4, type: route, node: r2, prefix: \"2001:db8:a4::/64\"}\n"
              "  - {name: r1-reaches-lan4, type: reachability, from: [r1], to: \"2001:db8:a4::/64\"}\n");
    checkRepair(dir, root, c);
  }
}

// A deny clause of a route-map that only the IPv6 family applies (r4's export to r2, made a
// map of its own first): the clause turns back to permit.
TEST_CASE("repair of a deny clause on an IPv6 session, FRR") {
  ScratchDir dir("repair-ipv6-clause");
  auto root = dir.copy("tests/lab/scenarios/dual-stack-diamond", "snapshot");
  edit(root / "configs/r4.conf", "  neighbor 10.24.0.2 route-map ALL in\n  neighbor 10.24.0.2 route-map ALL out\n  neighbor 2001",
       "  neighbor 10.24.0.2 route-map ALL in\n  neighbor 10.24.0.2 route-map V6-TO-R2 out\n  neighbor 2001");
  edit(root / "configs/r4.conf", "route-map ALL permit 10\n", "route-map ALL permit 10\n!\nroute-map V6-TO-R2 permit 10\n");
  dir.write("snapshot/intents.yaml",
            "intents:\n"
            "  - {name: r2-learns-lan4, type: route, node: r2, prefix: \"2001:db8:a4::/64\"}\n"
            "  - {name: r1-reaches-lan4, type: reachability, from: [r1], to: \"2001:db8:a4::/64\"}\n");
  REQUIRE(runRoutefix({"verify", root.string(), "--format", "json"}).exit_code == 0);
  checkRepair(dir, root,
              {"deny clause", "r4.conf", "route-map V6-TO-R2 permit 10", "route-map V6-TO-R2 deny 10",
               {"-route-map V6-TO-R2 deny 10", "+route-map V6-TO-R2 permit 10"}});
}

// An IPv4 and an IPv6 intent broken at once (r4 lost both its `network` lines): the symbolic
// search writes the IPv4 line into the IPv4 family (not after the IPv6 family's last
// `network`, where it once went and the parser refused it), the concrete search adds the
// IPv6 one on top, and one patch fixes both.
TEST_CASE("repair of an IPv4 and an IPv6 error together, FRR") {
  ScratchDir dir("repair-dual");
  auto root = dir.copy("tests/lab/scenarios/dual-stack-diamond", "snapshot");
  edit(root / "configs/r4.conf", "  network 10.4.0.0/24\n", "");
  edit(root / "configs/r4.conf", "  network 2001:db8:a4::/64\n", "");
  dir.write("snapshot/intents.yaml",
            "intents:\n"
            "  - {name: lan4-v4, type: reachability, from: [r1], to: \"10.4.0.0/24\"}\n"
            "  - {name: lan4-v6, type: reachability, from: [r1], to: \"2001:db8:a4::/64\"}\n"
            "  - {name: guest-isolated, type: isolation, from: [r1], to: \"2001:db8:99::/64\"}\n");
  auto r = runRoutefix({"repair", root.string(), "--format", "json"});
  CAPTURE(r.err);
  REQUIRE(r.exit_code == 0);
  auto j = r.json();
  CHECK(j["status"] == "repaired");
  CHECK(j["changes"] == 2);
  REQUIRE(j["patches"].size() == 1);
  std::string diff = j["patches"][0]["diff"];
  CAPTURE(diff);
  CHECK(diff.find("  address-family ipv4 unicast\n+  network 10.4.0.0/24\n") != std::string::npos);
  CHECK(diff.find("   network 2001:db8:99::/64\n+  network 2001:db8:a4::/64\n") != std::string::npos);
}

TEST_CASE("repair of the IPv6 error classes, IOS") {
  const std::vector<Case> cases = {
      // Two digits swapped: the entry is rewritten, its length and `le` kept.
      {"prefix-list entry typo", "r2.cfg", "2001:DB8:3::/48 le 64", "2001:DB8:30::/48 le 64",
       {"-ipv6 prefix-list FROM-R3 seq 5 permit 2001:DB8:30::/48 le 64",
        "+ipv6 prefix-list FROM-R3 seq 5 permit 2001:db8:3::/48 le 64"}},
      {"missing activate in address-family ipv6", "r2.cfg", "  neighbor 2001:DB8:23::3 activate\n", "",
       {"+  neighbor 2001:DB8:23::3 activate", "   neighbor 2001:DB8:23::3 prefix-list FROM-R3 in"}},
      {"missing IPv6 network statement", "r3.cfg", "  network 2001:DB8:3:1::/64\n", "",
       {"+  network 2001:db8:3:1::/64"}},
  };
  for (const auto& c : cases) {
    ScratchDir dir("repair-ipv6-ios");
    writeIosChain(dir, dir / "snapshot");
    checkRepair(dir, dir / "snapshot", c);
  }
}

// Junos (r2 of tests/data/junos/ipv6/bgp6-chain-mixed, hierarchical): an IPv6 route-filter
// with two digits swapped is rewritten, its length and `upto` kept; the policy's final `then
// reject`, where the blame lands, is a broader change and is not what comes back.
TEST_CASE("repair of an IPv6 route-filter typo, Junos") {
  ScratchDir dir("repair-ipv6-junos");
  auto root = dir.copy("tests/data/junos/ipv6/bgp6-chain-mixed", "snapshot");
  dir.write("snapshot/intents.yaml",
            "intents:\n"
            "  - {name: r2-learns-a1, type: route, node: r2, prefix: \"2001:db8:a1::/64\"}\n"
            "  - {name: r3-reaches-a1, type: reachability, from: [r3], to: \"2001:db8:a1::/64\"}\n");
  checkRepair(dir, root,
              {"route-filter typo", "r2.conf", "route-filter 2001:db8:a1::/48 upto /64;",
               "route-filter 2001:db8:1a::/48 upto /64;",
               {"-                route-filter 2001:db8:1a::/48 upto /64;",
                "+                route-filter 2001:db8:a1::/48 upto /64;"}});
}

// The missing activation has no IPv6 family block to go into: repair writes one.
TEST_CASE("repair adds address-family ipv6 when the router has none (IOS)") {
  ScratchDir dir("repair-ipv6-family");
  writeIosChain(dir, dir / "snapshot");
  checkRepair(dir, dir / "snapshot",
              {"no IPv6 family on r1", "r1.cfg", " !\n address-family ipv6\n  neighbor 2001:DB8:12::2 activate\n exit-address-family\n", "",
               {"+ address-family ipv6", "+  neighbor 2001:DB8:12::2 activate", "+ exit-address-family"}});
}

// IOS PEs with VPNv4 between them (examples/vpnv4-two-pes, its own route-target typo fixed
// first): the VRF routes of one PE must reach the other's VRF of the same customer.
TEST_CASE("repair of the VRF error classes, IOS") {
  const std::vector<Case> cases = {
      {"missing route-target import", "pe2.cfg", "  route-target export 65000:1\n  route-target import 65000:1\n",
       "  route-target export 65000:1\n",
       {"   route-target export 65000:1", "+  route-target import 65000:1"}},
      {"wrong route-target import", "pe2.cfg", "route-target import 65000:2\n", "route-target import 65000:21\n",
       {"-  route-target import 65000:21", "+  route-target import 65000:2"}},
      {"interface in the wrong VRF", "pe1.cfg", " description BLUE site A LAN\n vrf forwarding BLUE",
       " description BLUE site A LAN\n vrf forwarding RED", {"- vrf forwarding RED", "+ vrf forwarding BLUE"}},
      // `no bgp default ipv4-unicast` holds for the VRF's instance too: the CE session needs it.
      {"missing activate in address-family ipv4 vrf", "pe1.cfg", "  neighbor 192.168.1.2 activate\n", "",
       {"   neighbor 192.168.1.2 remote-as 65101", "+  neighbor 192.168.1.2 activate"}},
  };
  for (const auto& c : cases) {
    ScratchDir dir("repair-vrf-ios");
    auto root = dir.copy("examples/vpnv4-two-pes", "snapshot");
    edit(root / "configs/pe2.cfg", "route-target import 65000:20", "route-target import 65000:2");
    REQUIRE(runRoutefix({"verify", root.string(), "--format", "json"}).exit_code == 0);
    checkRepair(dir, root, c);
  }
}

// Two VRF errors at once (pe2's RED lost its import, pe1's BLUE LAN sits in RED): no single
// change fixes both, so every single candidate is checked before the pair that does.
TEST_CASE("repair of two VRF errors together needs a pair of changes, IOS") {
  ScratchDir dir("repair-vrf-pair");
  auto root = dir.copy("examples/vpnv4-two-pes", "snapshot");
  edit(root / "configs/pe2.cfg", "route-target import 65000:20", "route-target import 65000:2");
  edit(root / "configs/pe2.cfg", "  route-target export 65000:1\n  route-target import 65000:1\n",
       "  route-target export 65000:1\n");
  edit(root / "configs/pe1.cfg", " description BLUE site A LAN\n vrf forwarding BLUE",
       " description BLUE site A LAN\n vrf forwarding RED");
  auto r = runRoutefix({"repair", root.string(), "--format", "json"});
  CAPTURE(r.err);
  REQUIRE(r.exit_code == 0);
  auto j = r.json();
  CHECK(j["status"] == "repaired");
  CHECK(j["changes"] == 2);
  CHECK(j["intents_after"]["failed"] == 0);
  std::set<std::string> kinds;
  for (const auto& c : j["change_list"]) kinds.insert(c["kind"].get<std::string>());
  CHECK(kinds == std::set<std::string>{"route-target-import", "interface-vrf"});
}

// FRR PEs (the lab scenario vpnv4-two-pes): VRF instances of their own (`router bgp N vrf X`)
// and the VRF on the interface line.
TEST_CASE("repair of the VRF error classes, FRR") {
  const std::vector<Case> cases = {
      {"missing activate in a VRF instance's address-family ipv4 unicast", "pe1.conf",
       " bgp router-id 192.168.1.1\n", " bgp router-id 192.168.1.1\n no bgp default ipv4-unicast\n",
       {"  address-family ipv4 unicast", "+  neighbor 192.168.1.2 activate", "   label vpn export auto"}},
      {"interface in the wrong VRF", "pe1.conf", "interface lan-blue vrf BLUE", "interface lan-blue vrf RED",
       {"-interface lan-blue vrf RED", "+interface lan-blue vrf BLUE"}},
  };
  for (const auto& c : cases) {
    ScratchDir dir("repair-vrf-frr");
    auto root = dir.copy("tests/lab/scenarios/vpnv4-two-pes", "snapshot");
    dir.write("snapshot/intents.yaml",
              "intents:\n"
              "  - {name: red-learns-ce1, type: route, node: pe1, vrf: RED, prefix: \"203.0.113.1/32\"}\n"
              "  - {name: blue-lan-at-pe1, type: route, node: pe1, vrf: BLUE, prefix: \"10.1.0.0/24\"}\n");
    checkRepair(dir, root, c);
  }
}

namespace {

// A bundled example with its own error, repaired by one change of `kind` written as `lines`
// in configs/`file`.
void checkExampleRepair(const std::string& example, const std::string& kind, const std::string& file,
                        const std::string& lines) {
  CAPTURE(example);
  auto r = runRoutefix({"repair", example, "--format", "json"});
  CAPTURE(r.err);
  REQUIRE(r.exit_code == 0);
  auto j = r.json();
  CHECK(j["status"] == "repaired");
  REQUIRE(j["change_list"].size() == 1);
  CHECK(j["change_list"][0]["kind"] == kind);
  REQUIRE(j["patches"].size() == 1);
  CHECK(j["patches"][0]["file"] == "configs/" + file);
  CHECK(j["patches"][0]["diff"].get<std::string>().find(lines) != std::string::npos);
}

}  // namespace

// examples/vpnv4-two-pes: pe2's BLUE imports a route target typed 65000:20.
TEST_CASE("repair fixes the route-target typo of examples/vpnv4-two-pes") {
  checkExampleRepair("examples/vpnv4-two-pes", "route-target-import", "pe2.cfg",
                     "\n-  route-target import 65000:20\n+  route-target import 65000:2\n");
}

// examples/vrf-lite-tenants: pe2's RED link (EOS) lacks `vrf RED`, so its subnet sits in the
// default VRF. The interface moves into RED (its BGP neighbor and the interface across the
// link are RED's), the line written above its address.
TEST_CASE("repair moves the interface of examples/vrf-lite-tenants into its VRF (EOS)") {
  checkExampleRepair("examples/vrf-lite-tenants", "interface-vrf", "pe2.cfg",
                     "    description RED link to pe1\n    no switchport\n+   vrf RED\n    ip address 10.0.12.2/30\n");
}
