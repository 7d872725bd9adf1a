#include <doctest/doctest.h>

#include <algorithm>

#include "model/input_error.h"
#include "parser/parser.h"
#include "parser/temp_snapshot.h"

using namespace routefix;
using parser::TempSnapshot;

namespace {

std::string iosRouter(const std::string& hostname, const std::string& body) {
  return "!\nhostname " + hostname + "\n!\n" + body + "!\nend\n";
}

std::string iosInterface(const std::string& name, const std::string& address, const std::string& mask) {
  return "interface " + name + "\n ip address " + address + " " + mask + "\n!\n";
}

// Runs loadSnapshot and returns the InputError's file, or "" when it loaded.
std::string inputErrorFile(const std::filesystem::path& root) {
  try {
    parser::loadSnapshot(root);
  } catch (const model::InputError& e) {
    return e.file();
  }
  return "";
}

}  // namespace

TEST_CASE("unusable snapshots are input errors naming the path") {
  TempSnapshot s;
  CHECK(inputErrorFile(s.root() / "nope") == (s.root() / "nope").string());
  s.write("file", "x");
  CHECK(inputErrorFile(s.root() / "file") == (s.root() / "file").string());
  CHECK(inputErrorFile(s.root()) == s.root().string());  // no configs/
  s.write("configs/.gitkeep", "");
  CHECK(inputErrorFile(s.root()) == (s.root() / "configs").string());  // only a hidden file
}

TEST_CASE("an unreadable config file is an input error naming it") {
  TempSnapshot s;
  s.write("configs/r1.cfg", iosRouter("r1", ""));
  std::filesystem::create_symlink(s.root() / "configs/gone.cfg", s.root() / "configs/r2.cfg");
  CHECK(inputErrorFile(s.root()) == "configs/r2.cfg");
}

TEST_CASE("devices are named by hostname, else by file stem or folder, and sorted by name") {
  TempSnapshot s;
  s.write("configs/zz-file.cfg", iosRouter("alpha", iosInterface("GigabitEthernet0/0", "10.0.0.1", "255.255.255.252")));
  s.write("configs/beta.cfg", "interface GigabitEthernet0/0\n ip address 10.0.0.2 255.255.255.252\n!\nend\n");
  s.write("configs/gamma/zebra.conf", "hostname gamma\ninterface eth0\n ip address 10.9.0.1/24\nexit\n");
  s.write("configs/gamma/bgpd.conf", "router bgp 65001\n neighbor 10.9.0.2 remote-as 65002\nexit\n");
  auto net = parser::loadSnapshot(s.root());
  REQUIRE(net.devices.size() == 3);
  CHECK(net.devices[0].name == "alpha");
  CHECK(net.devices[0].files == std::vector<std::string>{"configs/zz-file.cfg"});
  CHECK(net.devices[1].name == "beta");
  CHECK(net.devices[2].name == "gamma");
  CHECK(net.devices[2].vendor == model::Vendor::Frr);
  CHECK(net.devices[2].files == std::vector<std::string>{"configs/gamma/bgpd.conf", "configs/gamma/zebra.conf"});
  REQUIRE(net.devices[2].bgp.has_value());
  CHECK(net.devices[2].bgp->neighbors.size() == 1);
  REQUIRE(net.links.size() == 1);
  CHECK(net.links[0] == model::Link{"alpha", "GigabitEthernet0/0", "beta", "GigabitEthernet0/0"});
}

TEST_CASE("two devices with the same hostname are an input error") {
  TempSnapshot s;
  s.write("configs/a.cfg", iosRouter("core1", ""));
  s.write("configs/b.cfg", iosRouter("CORE1", ""));
  try {
    parser::loadSnapshot(s.root());
    FAIL("duplicate accepted");
  } catch (const model::InputError& e) {
    CHECK(e.file() == "configs/b.cfg");
    CHECK(e.line() == 2);
    CHECK(std::string(e.what()).find("duplicate device name CORE1 (also the name of configs/a.cfg)") !=
          std::string::npos);
  }
}

TEST_CASE("topology.json wins over Batfish's layer-1 file, which wins over inference") {
  TempSnapshot s;
  s.write("configs/r1.cfg", iosRouter("r1", iosInterface("GigabitEthernet0/0", "10.0.0.1", "255.255.255.252") +
                                               iosInterface("GigabitEthernet0/1", "10.5.0.1", "255.255.255.0")));
  s.write("configs/r2.cfg", iosRouter("r2", iosInterface("GigabitEthernet0/0", "10.0.0.2", "255.255.255.252") +
                                               iosInterface("GigabitEthernet0/1", "10.6.0.1", "255.255.255.0")));
  auto inferred = parser::loadSnapshot(s.root());
  REQUIRE(inferred.links.size() == 1);
  CHECK(inferred.links[0].a_interface == "GigabitEthernet0/0");

  s.write("batfish/layer1_topology.json",
          R"({"edges": [{"node1": {"hostname": "r1", "interfaceName": "GigabitEthernet0/1"},
                          "node2": {"hostname": "r2", "interfaceName": "GigabitEthernet0/1"}}]})");
  auto batfish = parser::loadSnapshot(s.root());
  REQUIRE(batfish.links.size() == 1);
  CHECK(batfish.links[0].a_interface == "GigabitEthernet0/1");

  s.write("topology.json", R"({"links": [{"a": "r2", "a_interface": "Gi0/1", "b": "r1", "b_interface": "Gi0/0"}]})");
  auto explicitLinks = parser::loadSnapshot(s.root());
  REQUIRE(explicitLinks.links.size() == 1);
  CHECK(explicitLinks.links[0] == model::Link{"r1", "GigabitEthernet0/0", "r2", "GigabitEthernet0/1"});
}

TEST_CASE("external.json announcements are read; an unknown node is an input error at its line") {
  TempSnapshot s;
  s.write("configs/r1.cfg", iosRouter("r1", iosInterface("GigabitEthernet0/0", "203.0.113.1", "255.255.255.252") +
                                               "router bgp 65001\n neighbor 203.0.113.2 remote-as 64999\n"));
  s.write("external.json",
          "{\"announcements\": [\n"
          "  {\"node\": \"R1\", \"peer\": \"203.0.113.2\", \"prefix\": \"8.8.8.0/24\",\n"
          "   \"as_path\": [64999, 15169], \"communities\": [\"64999:100\"], \"med\": 5},\n"
          "  {\"node\": \"r1\", \"peer\": \"198.51.100.9\", \"prefix\": \"1.1.1.0/24\"}\n"
          "]}\n");
  auto net = parser::loadSnapshot(s.root());
  REQUIRE(net.externals.size() == 2);
  CHECK(net.externals[0].node == "r1");
  CHECK(net.externals[0].prefix.str() == "8.8.8.0/24");
  CHECK(net.externals[0].as_path == std::vector<uint32_t>{64999, 15169});
  CHECK(net.externals[0].communities == std::vector<model::Community>{(64999u << 16) | 100});
  CHECK(net.externals[0].med == 5);
  auto w = std::find_if(net.warnings.begin(), net.warnings.end(),
                        [](const model::ParseWarning& w) { return w.file == "external.json"; });
  REQUIRE(w != net.warnings.end());
  CHECK(w->line == 4);
  CHECK(w->message.find("no BGP neighbor 198.51.100.9") != std::string::npos);

  s.write("external.json", "{\"announcements\": [\n\n {\"node\": \"r7\", \"peer\": \"1.2.3.4\", \"prefix\": \"1.0.0.0/8\"}]}");
  try {
    parser::loadSnapshot(s.root());
    FAIL("unknown node accepted");
  } catch (const model::InputError& e) {
    CHECK(e.file() == "external.json");
    CHECK(e.line() == 3);
  }
}

TEST_CASE("warnings carry snapshot-relative paths and come sorted by file and line") {
  TempSnapshot s;
  s.write("configs/b.cfg", iosRouter("b", "route-map UNUSED permit 10\n"));
  s.write("configs/a.cfg", iosRouter("a", "router bgp 65001\n neighbor 10.0.0.2 remote-as 65002\n"
                                          " neighbor 10.0.0.2 route-map MISSING in\n"));
  auto net = parser::loadSnapshot(s.root());
  auto find = [&](const std::string& message) {
    return std::find_if(net.warnings.begin(), net.warnings.end(),
                        [&](const model::ParseWarning& w) { return w.message == message; });
  };
  auto missing = find("undefined route-map MISSING");
  REQUIRE(missing != net.warnings.end());
  CHECK(missing->file == "configs/a.cfg");
  CHECK(missing->line == 6);
  CHECK(missing->text == " neighbor 10.0.0.2 route-map MISSING in");
  auto unused = find("unused route-map UNUSED");
  REQUIRE(unused != net.warnings.end());
  CHECK(unused->file == "configs/b.cfg");
  CHECK(unused->line == 4);
  CHECK(std::is_sorted(net.warnings.begin(), net.warnings.end(), [](const auto& x, const auto& y) {
    return std::tie(x.file, x.line) < std::tie(y.file, y.line);
  }));
}

TEST_CASE("a Junos file is detected and still yields a device") {
  TempSnapshot s;
  s.write("configs/mx1.conf", "version 20.4R3.8;\nsystem {\n    host-name mx1;\n}\n");
  auto net = parser::loadSnapshot(s.root());
  REQUIRE(net.devices.size() == 1);
  CHECK(net.devices[0].vendor == model::Vendor::Junos);
  CHECK(net.devices[0].files == std::vector<std::string>{"configs/mx1.conf"});
}
