#include <doctest/doctest.h>

#include <algorithm>

#include "model/input_error.h"
#include "parser/parser.h"
#include "parser/temp_snapshot.h"

using namespace routefix;
using parser::TempSnapshot;

namespace {

// A border router r1 (AS 65001) with an eBGP session to an ISP at 203.0.113.2 (AS 64999),
// one to another at 198.51.100.2 (AS 64998) and an iBGP session to 10.0.0.2.
void writeBorder(TempSnapshot& s) {
  s.write("configs/r1.cfg",
          "hostname r1\n"
          "interface GigabitEthernet0/0\n ip address 203.0.113.1 255.255.255.252\n!\n"
          "interface GigabitEthernet0/1\n ip address 198.51.100.1 255.255.255.252\n!\n"
          "interface GigabitEthernet0/2\n ip address 10.0.0.1 255.255.255.252\n!\n"
          "router bgp 65001\n"
          " neighbor 203.0.113.2 remote-as 64999\n"
          " neighbor 198.51.100.2 remote-as 64998\n"
          " neighbor 10.0.0.2 remote-as 65001\n!\nend\n");
}

bool warned(const model::Network& net, const std::string& text) {
  return std::any_of(net.warnings.begin(), net.warnings.end(), [&](const model::ParseWarning& w) {
    return w.file == "batfish/isp_config.json" && w.message.find(text) != std::string::npos;
  });
}

}  // namespace

TEST_CASE("batfish/isp_config.json: each ISP peer offers the default route, as Batfish models it") {
  TempSnapshot s;
  writeBorder(s);
  s.write("batfish/isp_config.json",
          "{\"bgpPeers\": [\n"
          "  {\"hostname\": \"R1\", \"peerAddress\": \"203.0.113.2\"},\n"
          "  {\"hostname\": \"r1\", \"peerAddress\": \"192.0.2.9\"},\n"
          "  {\"hostname\": \"r1\", \"peerAddress\": \"10.0.0.2\"}\n"
          "]}\n");
  auto net = parser::loadSnapshot(s.root());
  REQUIRE(net.externals.size() == 1);
  CHECK(net.externals[0].node == "r1");
  CHECK(net.externals[0].peer.str() == "203.0.113.2");
  CHECK(net.externals[0].prefix.str() == "0.0.0.0/0");
  // The ISP's AS (the session's remote AS), then Batfish's Internet node.
  CHECK(net.externals[0].as_path == std::vector<uint32_t>{64999, 65537});
  CHECK(warned(net, "no BGP neighbor 192.0.2.9"));
  CHECK(warned(net, "over iBGP"));
}

TEST_CASE("batfish/isp_config.json: the filter keeps only the ISPs of the listed ASNs and addresses") {
  TempSnapshot s;
  writeBorder(s);
  s.write("batfish/isp_config.json",
          "{\"bgpPeers\": [{\"hostname\": \"r1\", \"peerAddress\": \"203.0.113.2\"},\n"
          "               {\"hostname\": \"r1\", \"peerAddress\": \"198.51.100.2\"}],\n"
          " \"filter\": {\"onlyRemoteAsns\": [64998], \"onlyRemoteIps\": []}}\n");
  auto net = parser::loadSnapshot(s.root());
  REQUIRE(net.externals.size() == 1);
  CHECK(net.externals[0].peer.str() == "198.51.100.2");

  s.write("batfish/isp_config.json",
          "{\"bgpPeers\": [{\"hostname\": \"r1\", \"peerAddress\": \"203.0.113.2\"},\n"
          "               {\"hostname\": \"r1\", \"peerAddress\": \"198.51.100.2\"}],\n"
          " \"filter\": {\"onlyRemoteIps\": [\"203.0.113.0/24\"]}}\n");
  net = parser::loadSnapshot(s.root());
  REQUIRE(net.externals.size() == 1);
  CHECK(net.externals[0].peer.str() == "203.0.113.2");
}

TEST_CASE("batfish/isp_config.json: text after the first JSON value is ignored, as Batfish's reader does") {
  TempSnapshot s;
  writeBorder(s);
  s.write("batfish/isp_config.json",
          "{\"bgpPeers\": [{\"hostname\": \"r1\", \"peerAddress\": \"203.0.113.2\"}]}\n\n"
          "{\"lldp\": [{\"interface\": []}]}\n");
  auto net = parser::loadSnapshot(s.root());
  REQUIRE(net.externals.size() == 1);
  CHECK(net.externals[0].prefix.str() == "0.0.0.0/0");
  CHECK(warned(net, "text after the first JSON value is ignored"));
}

TEST_CASE("batfish/isp_config.json: borderInterfaces are warned about; a malformed peer is an input error") {
  TempSnapshot s;
  writeBorder(s);
  s.write("batfish/isp_config.json",
          "{\"borderInterfaces\": [\n  {\"borderInterface\": {\"hostname\": \"r1\", \"interface\": \"GigabitEthernet0/0\"}}\n]}\n");
  auto net = parser::loadSnapshot(s.root());
  CHECK(net.externals.empty());
  CHECK(warned(net, "not modelled: ISPs given by borderInterfaces"));

  s.write("batfish/isp_config.json", "{\"bgpPeers\": [\n\n {\"hostname\": \"r1\", \"peerAddress\": \"x\"}]}");
  try {
    parser::loadSnapshot(s.root());
    FAIL("malformed peer accepted");
  } catch (const model::InputError& e) {
    CHECK(e.file() == "batfish/isp_config.json");
    CHECK(e.line() == 3);
  }
}
