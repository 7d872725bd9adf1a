#include <doctest/doctest.h>

#include "model/input_error.h"
#include "parser/json_input.h"
#include "parser/topology.h"

using namespace routefix;
using model::Device;
using model::Link;

namespace {

model::Interface iface(const std::string& name, const std::string& cidr, int line,
                       const std::string& file, bool shutdown = false) {
  model::Interface i;
  i.name = name;
  i.shutdown = shutdown;
  if (!cidr.empty()) {
    auto slash = cidr.find('/');
    i.address = model::InterfaceAddress{*model::Ipv4::parse(cidr.substr(0, slash)),
                                        static_cast<uint8_t>(std::stoi(cidr.substr(slash + 1))),
                                        {file, line, line}};
  }
  return i;
}

Device device(const std::string& name, std::vector<model::Interface> interfaces) {
  Device d;
  d.name = name;
  d.interfaces = std::move(interfaces);
  return d;
}

std::vector<Device> triangle() {
  return {device("r1", {iface("GigabitEthernet0/0", "10.0.12.1/30", 5, "configs/r1.cfg"),
                        iface("GigabitEthernet0/1", "10.0.13.1/30", 9, "configs/r1.cfg"),
                        iface("Loopback0", "10.255.0.1/32", 2, "configs/r1.cfg")}),
          device("r2", {iface("eth0", "10.0.12.2/30", 4, "configs/r2.conf"),
                        iface("eth1", "10.0.23.1/30", 7, "configs/r2.conf")}),
          device("R3", {iface("Gi0/0", "10.0.13.2/30", 3, "configs/r3.cfg"),
                        iface("Gi0/1", "10.0.23.2/30", 6, "configs/r3.cfg", /*shutdown=*/true)})};
}

}  // namespace

TEST_CASE("point-to-point links are inferred from shared subnets; shutdown and loopbacks excluded") {
  auto devices = triangle();
  parser::SourceText text;
  std::vector<model::ParseWarning> warnings;
  auto links = parser::inferLinks(devices, text, warnings);
  REQUIRE(links.size() == 2);
  CHECK(links[0] == Link{"R3", "Gi0/0", "r1", "GigabitEthernet0/1"});
  CHECK(links[1] == Link{"r1", "GigabitEthernet0/0", "r2", "eth0"});
  CHECK(warnings.empty());
}

TEST_CASE("a LAN of three routers is linked pairwise and reported as ambiguous at the first address") {
  std::vector<Device> devices = {device("a", {iface("eth0", "192.168.1.1/24", 3, "configs/a.conf")}),
                                 device("b", {iface("eth0", "192.168.1.2/24", 4, "configs/b.conf")}),
                                 device("c", {iface("eth0", "192.168.1.3/24", 5, "configs/c.conf")})};
  parser::SourceText text;
  text.add("configs/a.conf", "hostname a\ninterface eth0\n ip address 192.168.1.1/24\n");
  std::vector<model::ParseWarning> warnings;
  auto links = parser::inferLinks(devices, text, warnings);
  CHECK(links.size() == 3);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].file == "configs/a.conf");
  CHECK(warnings[0].line == 3);
  CHECK(warnings[0].text == " ip address 192.168.1.1/24");
  CHECK(warnings[0].message.find("ambiguous LAN: 3 interfaces share 192.168.1.0/24") == 0);
}

TEST_CASE("IPv6 subnets link too: an IPv6-only link, a dual-stack LAN reported once, link-local never") {
  auto v6 = [](model::Interface i, const std::string& cidr, int line, bool linkLocal = false) {
    auto [address, length] = *model::IpPrefix::parseInterfaceAddress(cidr);
    model::Ipv6InterfaceAddress a;
    a.address = address;
    a.length = length;
    a.link_local = linkLocal;
    a.span = {"configs/" + i.name + ".conf", line, line};
    i.ipv6_addresses.push_back(a);
    return i;
  };
  std::vector<Device> devices = {
      device("a", {v6(iface("p2p", "", 0, ""), "2001:db8:12::1/64", 3),
                   v6(v6(iface("lan", "192.168.1.1/24", 5, "configs/a.conf"), "2001:db8:1::1/64", 6),
                      "fe80::1/64", 7, true),
                   v6(iface("ll", "", 0, ""), "fe80::1/64", 9, true)}),
      device("b", {v6(iface("p2p", "", 0, ""), "2001:db8:12::2/64", 3),
                   v6(v6(iface("lan", "192.168.1.2/24", 5, "configs/b.conf"), "2001:db8:1::2/64", 6),
                      "fe80::2/64", 7, true),
                   v6(iface("ll", "", 0, ""), "fe80::2/64", 9, true)}),
      device("c", {v6(iface("lan", "192.168.1.3/24", 5, "configs/c.conf"), "2001:db8:1::3/64", 6)})};
  parser::SourceText text;
  std::vector<model::ParseWarning> warnings;
  auto links = parser::inferLinks(devices, text, warnings);
  REQUIRE(links.size() == 4);
  CHECK(links[0] == Link{"a", "lan", "b", "lan"});
  CHECK(links[1] == Link{"a", "lan", "c", "lan"});
  CHECK(links[2] == Link{"a", "p2p", "b", "p2p"});  // IPv6 only
  CHECK(links[3] == Link{"b", "lan", "c", "lan"});
  REQUIRE(warnings.size() == 1);  // the LAN's two subnets, one warning
  CHECK(warnings[0].message.find("ambiguous LAN: 3 interfaces share") == 0);
}

TEST_CASE("VRFs that reuse a subnet on both routers give one link per VRF") {
  auto inVrf = [](model::Interface i, const std::string& vrf) {
    i.vrf = vrf;
    return i;
  };
  std::vector<Device> devices = {
      device("pe1", {inVrf(iface("Gi1", "10.0.12.1/30", 3, "configs/pe1.cfg"), "BLUE"),
                     inVrf(iface("Gi2", "10.0.12.1/30", 6, "configs/pe1.cfg"), "RED")}),
      device("pe2", {inVrf(iface("Ethernet1", "10.0.12.2/30", 3, "configs/pe2.cfg"), "BLUE"),
                     inVrf(iface("Ethernet2", "10.0.12.2/30", 6, "configs/pe2.cfg"), "RED")})};
  parser::SourceText text;
  std::vector<model::ParseWarning> warnings;
  auto links = parser::inferLinks(devices, text, warnings);
  REQUIRE(links.size() == 2);
  CHECK(links[0] == Link{"pe1", "Gi1", "pe2", "Ethernet1"});
  CHECK(links[1] == Link{"pe1", "Gi2", "pe2", "Ethernet2"});
  CHECK(warnings.empty());
}

TEST_CASE("a PE's VRF interface links with the CE's default-VRF interface on its subnet") {
  // VRF names are local to a device: the CE across a PE's customer VRF routes in its default
  // table (iosxe_vrf_route_leaking_*: the PE's sessions to its CEs never came up).
  auto inVrf = [](model::Interface i, const std::string& vrf) {
    i.vrf = vrf;
    return i;
  };
  std::vector<Device> devices = {
      device("pe", {inVrf(iface("Gi3", "10.34.31.1/30", 3, "configs/pe.cfg"), "shared"),
                    inVrf(iface("Gi1", "10.13.11.2/30", 6, "configs/pe.cfg"), "cust")}),
      device("ce1", {iface("Gi1", "10.13.11.1/30", 3, "configs/ce1.cfg")}),
      device("ce2", {inVrf(iface("Gi1", "10.34.31.2/30", 3, "configs/ce2.cfg"), "outside")})};
  parser::SourceText text;
  std::vector<model::ParseWarning> warnings;
  auto links = parser::inferLinks(devices, text, warnings);
  REQUIRE(links.size() == 2);
  CHECK(links[0] == Link{"ce1", "Gi1", "pe", "Gi1"});
  CHECK(links[1] == Link{"ce2", "Gi1", "pe", "Gi3"});
  CHECK(warnings.empty());
}

TEST_CASE("topology.json links resolve names case-insensitively and abbreviated interfaces") {
  auto devices = triangle();
  parser::SourceText text;
  text.add("topology.json",
           "{\"links\": [\n"
           "  {\"a\": \"r2\", \"a_interface\": \"eth0\", \"b\": \"R1\", \"b_interface\": \"Gi0/0\"},\n"
           "  {\"a\": \"r9\", \"a_interface\": \"eth0\", \"b\": \"r1\", \"b_interface\": \"Gi0/1\"},\n"
           "  {\"a\": \"r3\", \"a_interface\": \"Gi0/7\", \"b\": \"r1\", \"b_interface\": \"Gi0/1\"}\n"
           "]}\n");
  std::vector<model::ParseWarning> warnings;
  auto links = parser::readTopologyJson("topology.json", text, devices, warnings);
  REQUIRE(links.size() == 1);
  CHECK(links[0] == Link{"r1", "GigabitEthernet0/0", "r2", "eth0"});
  REQUIRE(warnings.size() == 2);
  CHECK(warnings[0].line == 3);
  CHECK(warnings[0].message == "unknown node r9; link ignored");
  CHECK(warnings[1].line == 4);
  CHECK(warnings[1].message == "unknown interface Gi0/7 on node R3; link ignored");
}

TEST_CASE("devices a layer-1 file does not name are linked by subnet, the ones it names are not") {
  // r1-r2 are in the file, their own shared subnet 10.0.12.0/30 is left out on purpose (the file
  // says they are not cabled there); R3 is not named: its subnet with r1 is inferred.
  auto devices = triangle();
  devices[2].interfaces[1].shutdown = false;  // R3 Gi0/1 shares 10.0.23.0/30 with r2
  parser::SourceText text;
  text.add("topology.json",
           "{\"links\": [\n"
           "  {\"a\": \"r1\", \"a_interface\": \"Gi0/1\", \"b\": \"r2\", \"b_interface\": \"eth1\"}\n"
           "]}\n");
  std::vector<model::ParseWarning> warnings;
  auto links = parser::readTopologyJson("topology.json", text, devices, warnings);
  parser::addLinksOutsideLayer1("topology.json", text, devices, links, warnings);
  REQUIRE(links.size() == 3);
  CHECK(links[0] == Link{"R3", "Gi0/0", "r1", "GigabitEthernet0/1"});
  CHECK(links[1] == Link{"R3", "Gi0/1", "r2", "eth1"});
  CHECK(links[2] == Link{"r1", "GigabitEthernet0/1", "r2", "eth1"});
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].file == "topology.json");
  CHECK(warnings[0].line == 1);
  CHECK(warnings[0].message == "not in the layer-1 topology, linked by shared subnets: R3");

  // A file naming every device: nothing added, nothing said.
  std::vector<model::ParseWarning> none;
  std::vector<Link> all = {{"R3", "Gi0/0", "r1", "GigabitEthernet0/1"}, {"r1", "GigabitEthernet0/0", "r2", "eth0"}};
  parser::addLinksOutsideLayer1("topology.json", text, devices, all, none);
  CHECK(all.size() == 2);
  CHECK(none.empty());
}

TEST_CASE("Batfish layer1 edges listed in both directions give one link") {
  auto devices = triangle();
  parser::SourceText text;
  text.add("batfish/layer1_topology.json",
           R"({"edges": [{"node1": {"hostname": "r1", "interfaceName": "GigabitEthernet0/1"},
                          "node2": {"hostname": "r3", "interfaceName": "GigabitEthernet0/0"}},
                         {"node1": {"hostname": "r3", "interfaceName": "GigabitEthernet0/0"},
                          "node2": {"hostname": "r1", "interfaceName": "GigabitEthernet0/1"}}]})");
  std::vector<model::ParseWarning> warnings;
  auto links = parser::readBatfishLayer1("batfish/layer1_topology.json", text, devices, warnings);
  REQUIRE(links.size() == 1);
  CHECK(links[0] == Link{"R3", "Gi0/0", "r1", "GigabitEthernet0/1"});
  CHECK(warnings.empty());
}

TEST_CASE("a link on a physical Junos port resolves to its only logical unit") {
  // Batfish's layer-1 topology names physical ports; the model has only the units.
  std::vector<Device> devices = {
      device("j1", {iface("ge-0/0/0.0", "10.0.12.1/30", 4, "configs/j1.conf"),
                    iface("ge-0/0/1.0", "10.0.13.1/30", 8, "configs/j1.conf"),
                    iface("ge-0/0/1.100", "10.0.14.1/30", 9, "configs/j1.conf")}),
      device("r2", {iface("eth0", "10.0.12.2/30", 4, "configs/r2.conf"),
                    iface("eth1", "10.0.13.2/30", 7, "configs/r2.conf")})};
  parser::SourceText text;
  text.add("topology.json",
           "{\"links\": [\n"
           "  {\"a\": \"j1\", \"a_interface\": \"ge-0/0/0\", \"b\": \"r2\", \"b_interface\": \"eth0\"},\n"
           "  {\"a\": \"j1\", \"a_interface\": \"ge-0/0/1\", \"b\": \"r2\", \"b_interface\": \"eth1\"}\n"
           "]}\n");
  std::vector<model::ParseWarning> warnings;
  auto links = parser::readTopologyJson("topology.json", text, devices, warnings);
  REQUIRE(links.size() == 1);
  CHECK(links[0] == Link{"j1", "ge-0/0/0.0", "r2", "eth0"});
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].line == 3);
  CHECK(warnings[0].message == "physical port ge-0/0/1 on node j1 has 2 units; name one; link ignored");
}

TEST_CASE("malformed topology files are input errors naming file and line") {
  auto devices = triangle();
  std::vector<model::ParseWarning> warnings;
  parser::SourceText text;
  text.add("topology.json", "{\"links\": [\n  {\"a\": \"r1\",\n  }\n]}\n");
  try {
    parser::readTopologyJson("topology.json", text, devices, warnings);
    FAIL("no error");
  } catch (const model::InputError& e) {
    CHECK(e.file() == "topology.json");
    CHECK(e.line() == 3);
  }
  text.add("topology.json", "{\"links\": [{\"a\": \"r1\", \"a_interface\": 7}]}");
  CHECK_THROWS_WITH_AS(parser::readTopologyJson("topology.json", text, devices, warnings),
                       "topology.json:1: links[0]: missing string field \"a_interface\"", model::InputError);
  text.add("topology.json", "[1, 2]");
  CHECK_THROWS_AS(parser::readTopologyJson("topology.json", text, devices, warnings), model::InputError);
}

TEST_CASE("arrayElementLines finds each element's line, ignoring brackets inside strings") {
  std::string text = "{\"other\": [1,\n2],\n \"links\": [\n {\"a\": \"x[{\"},\n\n {\"a\": \"]\"}, 5\n]}";
  CHECK(parser::arrayElementLines(text, "links") == std::vector<int>{4, 6, 6});
  CHECK(parser::arrayElementLines(text, "missing").empty());
}
