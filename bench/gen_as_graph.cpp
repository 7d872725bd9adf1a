// Writes a synthetic Internet-like AS graph (CAIDA as-rel format) and an anycast
// deployment on it: pops.json (PoPs with upstream sessions) and clients.json (client groups
// with target PoP and latencies; also as clients.csv), for `routefix anycast simulate|optimize`.
// Usage: gen_as_graph --ases N --pops P --sessions S --clients C [--seed X] --out DIR
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "anycast/synthetic_internet.h"

using namespace routefix::anycast;

namespace {
void write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) {
    std::cerr << "gen_as_graph: cannot write " << path << "\n";
    std::exit(2);
  }
}
}  // namespace

int main(int argc, char** argv) {
  SyntheticInternetOptions graph;
  SyntheticAnycastOptions anycast;
  std::string out_dir;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (i + 1 >= argc) {
      std::cerr << "gen_as_graph: " << arg << " needs a value\n";
      return 2;
    }
    std::string value = argv[++i];
    if (arg == "--ases") graph.ases = std::stoul(value);
    else if (arg == "--seed") graph.seed = anycast.seed = std::stoull(value);
    else if (arg == "--pops") anycast.pops = std::stoul(value);
    else if (arg == "--sessions") anycast.sessions = std::stoul(value);
    else if (arg == "--clients") anycast.clients = std::stoul(value);
    else if (arg == "--peering") graph.peering_links_per_as = std::stod(value);
    else if (arg == "--out") out_dir = value;
    else {
      std::cerr << "gen_as_graph: unknown option " << arg << "\n";
      return 2;
    }
  }
  if (out_dir.empty()) {
    std::cerr << "usage: gen_as_graph --ases N --pops P --sessions S --clients C [--seed X] --out DIR\n";
    return 2;
  }
  std::filesystem::create_directories(out_dir);
  SyntheticInternet net = generateInternet(graph);
  SyntheticAnycast deployment = generateAnycast(net, anycast);
  write(std::filesystem::path(out_dir) / "as-rel.txt", asRelText(net));
  write(std::filesystem::path(out_dir) / "pops.json", popsJson(deployment.deployment));
  write(std::filesystem::path(out_dir) / "clients.json", clientsJson(deployment.deployment, deployment.clients));
  write(std::filesystem::path(out_dir) / "clients.csv", clientsCsv(deployment.deployment, deployment.clients));
  std::cout << net.asns.size() << " ASes, " << net.links.size() << " links, origin " << anycast.origin << ", "
            << deployment.deployment.sessions.size() << " sessions, " << deployment.clients.size()
            << " client groups -> " << out_dir << "\n";
  return 0;
}
