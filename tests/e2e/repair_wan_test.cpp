// End-to-end: repair on a generated 150-router WAN with route reflectors (bench/gen_wan), where
// every router is within a few session hops of every other. The search must start from the
// shortest session walks instead of encoding the whole network (which Z3 did not solve in two
// minutes), and find the one-line repair within seconds.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "run_routefix.h"

namespace fs = std::filesystem;
using routefix::e2e::runRoutefix;

namespace {

std::string readFile(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("repair of an import deny on a 150-router route-reflector WAN stays on the shortest walk") {
  fs::path snap = fs::temp_directory_path() / ("routefix-repair-scale-" + std::to_string(::getpid()));
  fs::remove_all(snap);
  std::string gen = std::string(ROUTEFIX_BINARY_DIR) + "/bench/gen_wan";
  REQUIRE(std::system((gen + " " + snap.string() +
                       " --routers 130 --rrs 2 --externals 20 --prefixes 5 --seed 7 2>/dev/null").c_str()) == 0);

  // A single-homed external (one session) and the border that imports its routes.
  std::string asn, border;
  for (int x = 0; x < 20 && border.empty(); ++x) {
    std::string ext = readFile(snap / "configs" / ("x" + std::to_string(x) + ".conf"));
    if (count(ext, "remote-as 65000") != 1) continue;
    asn = std::to_string(64600 + x);
    for (const auto& f : fs::directory_iterator(snap / "configs"))
      if (readFile(f.path()).find("route-map FROM-" + asn + " permit 10") != std::string::npos)
        border = f.path().string();
  }
  REQUIRE(!border.empty());
  std::string config = readFile(border);
  config = std::regex_replace(config, std::regex("route-map FROM-" + asn + " permit 10"),
                              "route-map FROM-" + asn + " deny 10");
  std::ofstream(border) << config;
  std::string prefix = "20." + std::to_string(std::stoi(asn) - 64600) + ".0.0/24";
  std::ofstream(snap / "intents.yaml") << "intents:\n"
                                       << "  - {type: route, node: w40, prefix: " << prefix << ", present: true}\n"
                                       << "  - {type: route, node: w90, prefix: " << prefix << ", present: true}\n";

  auto r = runRoutefix({"repair", snap.string(), "--format", "json", "--timeout", "30"});
  CAPTURE(r.err);
  REQUIRE(r.exit_code == 0);
  auto j = r.json();
  CHECK(j["status"] == "repaired");
  CHECK(j["changes"] == 1);
  CHECK(j["search"]["region_nodes"].get<int>() < 20);
  fs::remove_all(snap);
}
