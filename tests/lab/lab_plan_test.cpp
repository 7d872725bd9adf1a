#include "tests/lab/lab_plan.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <unistd.h>

using namespace routefix::lab;
namespace fs = std::filesystem;

namespace {

struct TempSnapshot {
  fs::path dir = fs::temp_directory_path() / ("lab-plan-test-" + std::to_string(::getpid()));
  TempSnapshot() { fs::create_directories(dir / "configs"); }
  ~TempSnapshot() { fs::remove_all(dir); }
  void write(const std::string& rel, const std::string& text) const { std::ofstream(dir / rel) << text; }
};

}  // namespace

TEST_CASE("the plan names routers by hostname, links from topology.json, the rest are stubs") {
  TempSnapshot s;
  s.write("configs/a.conf", "hostname r1\ninterface lo\n ip address 10.0.0.1/32\ninterface eth0\ninterface lan0\n");
  s.write("configs/b.conf", "interface eth0\n description hostname x\n");
  s.write("topology.json", R"({"links": [{"a": "r1", "a_interface": "eth0", "b": "b", "b_interface": "eth0"}]})");
  LabPlan plan = loadLabPlan(s.dir);
  REQUIRE(plan.routers.size() == 2);
  CHECK(plan.routers[0].name == "r1");
  CHECK(plan.routers[1].name == "b");  // no hostname line: the file name
  REQUIRE(plan.links.size() == 1);
  REQUIRE(plan.stubs.size() == 1);
  CHECK(plan.stubs[0].router == "r1");
  CHECK(plan.stubs[0].interface == "lan0");
  std::string text = formatLabPlan(plan);
  CHECK(text.find("link r1 eth0 b eth0\n") != std::string::npos);
  CHECK(text.find("stub r1 lan0\n") != std::string::npos);
}

TEST_CASE("the plan refuses what the lab cannot build") {
  TempSnapshot s;
  s.write("configs/a.conf", "hostname r1\ninterface eth0\n");
  SUBCASE("unknown router in a link") {
    s.write("topology.json", R"({"links": [{"a": "r1", "a_interface": "eth0", "b": "r9", "b_interface": "eth0"}]})");
    CHECK_THROWS_WITH_AS(loadLabPlan(s.dir), doctest::Contains("r9"), std::runtime_error);
  }
  SUBCASE("interface name longer than 15 characters") {
    s.write("configs/b.conf", "hostname r2\ninterface GigabitEthernet0/0/0\n");
    CHECK_THROWS_WITH_AS(loadLabPlan(s.dir), doctest::Contains("longer than 15"), std::runtime_error);
  }
}

TEST_CASE("VRFs: `vrf V` blocks and `interface X vrf V` become vrf and ifvrf lines") {
  TempSnapshot s;
  s.write("configs/a.conf",
          "hostname pe1\nvrf RED\nexit-vrf\ninterface eth0\ninterface red1 vrf RED\n ip address 10.1.0.1/24\n"
          "interface blue1 vrf BLUE\nrouter bgp 65000 vrf RED\n");
  LabPlan plan = loadLabPlan(s.dir);
  REQUIRE(plan.routers.size() == 1);
  CHECK(plan.routers[0].vrfs == std::vector<std::string>{"RED", "BLUE"});
  CHECK(plan.routers[0].interfaces == std::vector<std::string>{"eth0", "red1", "blue1"});
  std::string text = formatLabPlan(plan);
  CHECK(text.find("vrf pe1 RED\nvrf pe1 BLUE\n") != std::string::npos);
  CHECK(text.find("ifvrf pe1 blue1 BLUE\nifvrf pe1 red1 RED\n") != std::string::npos);
  CHECK(text.find("stub pe1 red1\n") != std::string::npos);
}

TEST_CASE("OSPFv3 lines start ospf6d beside the other daemons") {
  TempSnapshot s;
  s.write("configs/a.conf", "hostname a\ninterface eth0\n ipv6 ospf6 area 0\nrouter ospf6\n");
  s.write("configs/b.conf", "hostname b\nrouter ospf\n");
  LabPlan plan = loadLabPlan(s.dir);
  REQUIRE(plan.routers.size() == 2);
  CHECK(plan.routers[0].daemons == std::vector<std::string>{"zebra", "ospf6d"});
  CHECK(plan.routers[1].daemons == std::vector<std::string>{"zebra", "ospfd"});
}

TEST_CASE("a static route inside a `vrf V` block starts staticd") {
  TempSnapshot s;
  s.write("configs/a.conf", "hostname pe1\nvrf B\n ip route 10.99.0.0/16 blackhole\nexit-vrf\n");
  LabPlan plan = loadLabPlan(s.dir);
  REQUIRE(plan.routers.size() == 1);
  const auto& daemons = plan.routers[0].daemons;
  CHECK(std::find(daemons.begin(), daemons.end(), "staticd") != daemons.end());
}
