// End-to-end: `routefix parse` over the Northwind corpus (tests/data/northwind: 6 IOS and 6
// FRR routers, one of them split per daemon) and over unusable snapshots.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include "parser/temp_snapshot.h"
#include "run_routefix.h"

using routefix::e2e::runRoutefix;
using routefix::parser::TempSnapshot;

namespace {

const char* kCorpus = "tests/data/northwind";

struct ExpectedDevice {
  std::string vendor, file;
  int interfaces, bgp_neighbors, route_policies;
};

// name -> what `parse` must report for it.
const std::map<std::string, ExpectedDevice> kDevices = {
    {"agg1", {"ios", "configs/agg1.cfg", 12, 3, 3}},
    {"agg2", {"ios", "configs/agg2.cfg", 12, 3, 3}},
    {"core1", {"ios", "configs/core1.cfg", 11, 6, 1}},
    {"core2", {"ios", "configs/core2.cfg", 12, 6, 1}},
    {"dc-border1", {"frr", "configs/dc-border1.conf", 6, 4, 4}},
    {"dc-leaf1", {"frr", "configs/dc-leaf1.conf", 31, 2, 3}},
    {"dc-leaf2", {"frr", "configs/dc-leaf2.conf", 31, 2, 3}},
    {"dc-leaf3", {"frr", "configs/dc-leaf3", 30, 2, 3}},
    {"dc-spine1", {"frr", "configs/dc-spine1.conf", 33, 4, 5}},
    {"dc-spine2", {"frr", "configs/dc-spine2.conf", 33, 4, 5}},
    {"edge1", {"ios", "configs/edge1.cfg", 8, 3, 2}},
    {"edge2", {"ios", "configs/edge2.cfg", 8, 6, 4}},
};

using WarningKey = std::tuple<std::string, int, std::string>;  // file, line, message

// Every warning the corpus must produce, and no other: each is a deliberate mistake.
const std::set<WarningKey> kWarnings = {
    {"configs/agg1.cfg", 74,
     "ambiguous LAN: 3 interfaces share 10.0.60.0/29 (agg1 GigabitEthernet0/0/3, agg2 GigabitEthernet0/0/3, "
     "core2 GigabitEthernet0/0/4); linked pairwise, give topology.json to be exact"},
    {"configs/agg1.cfg", 183, "unused community-list CUST_BLACKHOLE"},
    {"configs/agg1.cfg", 192, "undefined community-list CUST-BLACKHOLE"},
    {"configs/agg2.cfg", 159, "unrecognized syntax"},
    {"configs/agg2.cfg", 178, "invalid address/netmask: 198.51.100.176 255.255.255.300"},
    {"configs/core2.cfg", 92, "undefined access-list INFRA-ACL"},
    {"configs/dc-leaf1.conf", 164, "invalid IPv4 prefix: 10.10.40.0/33"},
    {"configs/dc-leaf2.conf", 153, "undefined route-map FROM-SPINES"},
    {"configs/dc-leaf2.conf", 170, "unused route-map FROM-SPINE"},
    {"configs/edge1.cfg", 131, "undefined route-map TRANSIT_IN"},
    {"configs/edge1.cfg", 174, "unused route-map TRANSIT-IN"},
    {"configs/edge2.cfg", 183, "unused prefix-list OLD-PEERING-FILTER"},
    {"configs/edge2.cfg", 193, "unused as-path access-list 20"},
};

nlohmann::json parseCorpus() {
  auto r = runRoutefix({"parse", kCorpus, "--format", "json"});
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  return r.json();
}

}  // namespace

TEST_CASE("parse reports every corpus device with its vendor, file and counts") {
  auto j = parseCorpus();
  REQUIRE(j["devices"].size() == kDevices.size());
  std::vector<std::string> names;
  for (const auto& d : j["devices"]) {
    std::string name = d["name"];
    names.push_back(name);
    INFO("device " << name);
    auto it = kDevices.find(name);
    REQUIRE(it != kDevices.end());
    CHECK(d["vendor"] == it->second.vendor);
    CHECK(d["file"] == it->second.file);
    CHECK(d["interfaces"] == it->second.interfaces);
    CHECK(d["bgp_neighbors"] == it->second.bgp_neighbors);
    CHECK(d["route_policies"] == it->second.route_policies);
  }
  CHECK(std::is_sorted(names.begin(), names.end()));
  // The split FRR device lists its daemon files.
  for (const auto& d : j["devices"])
    if (d["name"] == "dc-leaf3")
      CHECK(d["files"] == nlohmann::json::array({"configs/dc-leaf3/bgpd.conf", "configs/dc-leaf3/staticd.conf",
                                                 "configs/dc-leaf3/zebra.conf"}));
}

TEST_CASE("parse reports exactly the corpus's deliberate mistakes, with file, line and text") {
  auto j = parseCorpus();
  std::set<WarningKey> got;
  for (const auto& w : j["warnings"]) {
    got.insert({w["file"].get<std::string>(), w["line"].get<int>(), w["message"].get<std::string>()});
    CHECK(!w["text"].get<std::string>().empty());
  }
  for (const auto& w : got) {
    INFO("unexpected warning " << std::get<0>(w) << ":" << std::get<1>(w) << ": " << std::get<2>(w));
    CHECK(kWarnings.count(w) == 1);
  }
  for (const auto& w : kWarnings) {
    INFO("missing warning " << std::get<0>(w) << ":" << std::get<1>(w) << ": " << std::get<2>(w));
    CHECK(got.count(w) == 1);
  }
  CHECK(j["warnings"].size() == kWarnings.size());
}

TEST_CASE("parse infers the corpus links from shared subnets") {
  auto j = parseCorpus();
  std::set<std::tuple<std::string, std::string, std::string, std::string>> links;
  for (const auto& l : j["links"])
    links.insert({l["a"].get<std::string>(), l["a_interface"].get<std::string>(), l["b"].get<std::string>(),
                  l["b_interface"].get<std::string>()});
  // 10 core /30s + 3 pairwise on the metro VLAN + 2 border-spine + 6 spine-leaf /31s.
  CHECK(links.size() == 21);
  CHECK(j["links"].size() == 21);
  CHECK(links.count({"core1", "GigabitEthernet0/0/0", "core2", "GigabitEthernet0/0/0"}));
  CHECK(links.count({"core1", "TenGigabitEthernet0/1/0", "dc-border1", "eth1"}));
  CHECK(links.count({"agg1", "GigabitEthernet0/0/3", "agg2", "GigabitEthernet0/0/3"}));
  CHECK(links.count({"agg1", "GigabitEthernet0/0/3", "core2", "GigabitEthernet0/0/4"}));
  CHECK(links.count({"dc-leaf3", "swp52", "dc-spine2", "swp4"}));
  // Shutdown management ports share nothing; transit and IXP ports face routers outside.
  for (const auto& [a, ai, b, bi] : links)
    for (const auto& [node, iface] : {std::pair{a, ai}, std::pair{b, bi}}) {
      INFO(node << " " << iface);
      CHECK(iface != "eth0");
      CHECK(!(node.rfind("edge", 0) == 0 && (iface == "GigabitEthernet0/0/0" || iface == "GigabitEthernet0/0/3")));
    }
}

TEST_CASE("parse text output is a table plus file:line: message: text warnings") {
  auto r = runRoutefix({"parse", kCorpus});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("DEVICE") == 0);
  CHECK(r.out.find("dc-leaf3    frr     configs/dc-leaf3") != std::string::npos);
  CHECK(r.out.find("12 devices, 21 links") != std::string::npos);
  CHECK(r.out.find("configs/edge1.cfg:131: undefined route-map TRANSIT_IN:   neighbor 203.0.113.2 route-map TRANSIT_IN in\n") !=
        std::string::npos);
}

TEST_CASE("a Batfish-style snapshot works as is, and a layer-1 file overrides inference for the devices it names") {
  TempSnapshot s;
  s.write("configs/a.cfg", "hostname a\ninterface GigabitEthernet0/0\n ip address 10.0.0.1 255.255.255.0\n");
  s.write("configs/b.cfg", "hostname b\ninterface GigabitEthernet0/0\n ip address 10.0.0.2 255.255.255.0\n");
  s.write("configs/c.cfg", "hostname c\ninterface GigabitEthernet0/0\n ip address 10.0.0.3 255.255.255.0\n");
  auto inferred = runRoutefix({"parse", s.root().string(), "--format", "json"});
  REQUIRE(inferred.exit_code == 0);
  CHECK(inferred.json()["links"].size() == 3);
  REQUIRE(inferred.json()["warnings"].size() == 1);
  CHECK(inferred.json()["warnings"][0]["message"].get<std::string>().find("ambiguous LAN") == 0);

  // a-c and b-c cabled: a and b share the subnet but are not linked.
  s.write("batfish/layer1_topology.json",
          R"({"edges": [{"node1": {"hostname": "a", "interfaceName": "GigabitEthernet0/0"},
                          "node2": {"hostname": "c", "interfaceName": "GigabitEthernet0/0"}},
                         {"node1": {"hostname": "b", "interfaceName": "GigabitEthernet0/0"},
                          "node2": {"hostname": "c", "interfaceName": "GigabitEthernet0/0"}}]})");
  auto batfish = runRoutefix({"parse", s.root().string(), "--format", "json"});
  REQUIRE(batfish.exit_code == 0);
  CHECK(batfish.json()["links"] == nlohmann::json::parse(
      R"([{"a":"a","a_interface":"GigabitEthernet0/0","b":"c","b_interface":"GigabitEthernet0/0"},
          {"a":"b","a_interface":"GigabitEthernet0/0","b":"c","b_interface":"GigabitEthernet0/0"}])"));
  CHECK(batfish.json()["warnings"].empty());

  // topology.json wins over the Batfish file; its one link names an unknown node, so it names
  // no device and every link is inferred again.
  s.write("topology.json", "{\"links\": [\n {\"a\": \"b\", \"a_interface\": \"Gi0/0\", \"b\": \"x\", \"b_interface\": \"e0\"}\n]}\n");
  auto topo = runRoutefix({"parse", s.root().string(), "--format", "json"});
  REQUIRE(topo.exit_code == 0);
  CHECK(topo.json()["links"].size() == 3);
  REQUIRE(topo.json()["warnings"].size() == 2);
  CHECK(topo.json()["warnings"][0]["file"] == "topology.json");
  CHECK(topo.json()["warnings"][0]["line"] == 1);
  CHECK(topo.json()["warnings"][0]["message"] == "not in the layer-1 topology, linked by shared subnets: a, b, c");
  CHECK(topo.json()["warnings"][1]["line"] == 2);
  CHECK(topo.json()["warnings"][1]["message"] == "unknown node x; link ignored");
}

TEST_CASE("unusable snapshots exit 2 with the path on stderr and nothing on stdout") {
  TempSnapshot s;
  auto expectExit2 = [](const std::vector<std::string>& args, const std::string& mention) {
    auto r = runRoutefix(args);
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(mention) != std::string::npos);
  };
  std::string root = s.root().string();
  expectExit2({"parse", root + "/missing"}, root + "/missing: snapshot directory does not exist");
  expectExit2({"parse", root}, root + ": not a snapshot: no configs/ directory");
  s.write("configs/.gitkeep", "");
  expectExit2({"parse", root, "--format", "json"}, root + "/configs: no configuration files in the directory");

  s.write("configs/r1.cfg", "hostname r1\n");
  std::filesystem::create_symlink(s.root() / "configs/deleted.cfg", s.root() / "configs/r2.cfg");
  expectExit2({"parse", root}, "configs/r2.cfg: cannot read file");
  std::filesystem::remove(s.root() / "configs/r2.cfg");

  s.write("topology.json", "{\"links\": [\n  {\"a\": \"r1\" \"a_interface\": \"x\"}\n]}\n");
  expectExit2({"parse", root, "--format", "json"}, "topology.json:2: malformed JSON");
  std::filesystem::remove(s.root() / "topology.json");

  s.write("external.json", "{\"announcements\": [{\"node\": \"r9\", \"peer\": \"1.1.1.1\", \"prefix\": \"1.0.0.0/8\"}]}");
  expectExit2({"parse", root}, "external.json:1: announcements[0]: unknown node r9");
}
