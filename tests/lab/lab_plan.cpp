#include "tests/lab/lab_plan.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace routefix::lab {
namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxInterfaceName = 15;  // IFNAMSIZ - 1

std::string firstWordAfter(const std::string& line, const std::string& keyword) {
  std::istringstream in(line);
  std::string word, value;
  in >> word;
  if (word != keyword) return "";
  in >> value;
  return value;
}

LabRouter readRouter(const fs::path& config) {
  LabRouter router;
  router.config = fs::absolute(config);
  std::ifstream in(config);
  if (!in) throw std::runtime_error(config.string() + ": cannot read");
  std::string line;
  bool bgp = false, ospf = false, ospf6 = false, statics = false;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string w1, w2;
    words >> w1 >> w2;
    bgp = bgp || (w1 == "router" && w2 == "bgp");
    ospf = ospf || (w1 == "router" && w2 == "ospf") || (w1 == "ip" && w2 == "ospf");
    ospf6 = ospf6 || (w1 == "router" && w2 == "ospf6") || (w1 == "ipv6" && w2 == "ospf6");
    // Top-level statics, and those of a `vrf V` block (indented: `ip route` means nothing
    // inside any other block of FRR's).
    statics = statics || ((w1 == "ip" || w1 == "ipv6") && w2 == "route");
    // Only top-level statements: indented lines belong to a block.
    if (line.empty() || line[0] == ' ' || line[0] == '!') continue;
    if (auto host = firstWordAfter(line, "hostname"); !host.empty()) router.name = host;
    std::string w3, w4;
    words >> w3 >> w4;
    auto addVrf = [&](const std::string& vrf) {
      if (std::find(router.vrfs.begin(), router.vrfs.end(), vrf) == router.vrfs.end()) router.vrfs.push_back(vrf);
    };
    if (w1 == "vrf" && !w2.empty() && w3.empty()) addVrf(w2);
    if (w1 == "interface" && w3 == "vrf" && !w4.empty()) {
      addVrf(w4);
      router.interface_vrf[w2] = w4;
    }
    if (auto ifname = firstWordAfter(line, "interface"); !ifname.empty()) {
      if (ifname.size() > kMaxInterfaceName)
        throw std::runtime_error(config.string() + ": interface name '" + ifname +
                                 "' is longer than 15 characters");
      if (std::find(router.interfaces.begin(), router.interfaces.end(), ifname) ==
          router.interfaces.end())
        router.interfaces.push_back(ifname);
    }
  }
  if (router.name.empty()) router.name = config.stem().string();
  router.daemons.push_back("zebra");
  if (statics) router.daemons.push_back("staticd");
  if (ospf) router.daemons.push_back("ospfd");
  if (ospf6) router.daemons.push_back("ospf6d");
  if (bgp) router.daemons.push_back("bgpd");
  return router;
}

}  // namespace

LabPlan loadLabPlan(const fs::path& snapshot) {
  LabPlan plan;
  fs::path configs = snapshot / "configs";
  if (!fs::is_directory(configs)) throw std::runtime_error(configs.string() + ": no such directory");
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(configs))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::map<std::string, size_t> byName;
  for (const auto& f : files) {
    LabRouter r = readRouter(f);
    if (!byName.emplace(r.name, plan.routers.size()).second)
      throw std::runtime_error(f.string() + ": hostname '" + r.name + "' used twice");
    plan.routers.push_back(std::move(r));
  }

  fs::path topology = snapshot / "topology.json";
  std::set<std::pair<std::string, std::string>> linked;
  if (fs::exists(topology)) {
    std::ifstream in(topology);
    nlohmann::json doc;
    try {
      doc = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception& e) {
      throw std::runtime_error(topology.string() + ": " + e.what());
    }
    for (const auto& l : doc.value("links", nlohmann::json::array())) {
      LabLink link{l.at("a").get<std::string>(), l.at("a_interface").get<std::string>(),
                   l.at("b").get<std::string>(), l.at("b_interface").get<std::string>()};
      for (const auto& [node, ifname] : {std::pair{link.a, link.a_interface}, {link.b, link.b_interface}}) {
        if (!byName.count(node))
          throw std::runtime_error(topology.string() + ": link end '" + node + "' is no router");
        if (ifname.size() > kMaxInterfaceName)
          throw std::runtime_error(topology.string() + ": interface name '" + ifname +
                                   "' is longer than 15 characters");
        if (!linked.emplace(node, ifname).second)
          throw std::runtime_error(topology.string() + ": " + node + " " + ifname +
                                   " is used by two links");
      }
      plan.links.push_back(std::move(link));
    }
  }
  for (const auto& r : plan.routers)
    for (const auto& ifname : r.interfaces)
      if (ifname != "lo" && !linked.count({r.name, ifname})) plan.stubs.push_back({r.name, ifname});
  return plan;
}

std::string formatLabPlan(const LabPlan& plan) {
  std::ostringstream out;
  for (const auto& r : plan.routers) {
    out << "router " << r.name << ' ' << r.config.string() << ' ';
    for (size_t i = 0; i < r.daemons.size(); ++i) out << (i ? "," : "") << r.daemons[i];
    out << '\n';
  }
  for (const auto& l : plan.links)
    out << "link " << l.a << ' ' << l.a_interface << ' ' << l.b << ' ' << l.b_interface << '\n';
  for (const auto& s : plan.stubs) out << "stub " << s.router << ' ' << s.interface << '\n';
  for (const auto& r : plan.routers) {
    for (const auto& v : r.vrfs) out << "vrf " << r.name << ' ' << v << '\n';
    for (const auto& [ifname, v] : r.interface_vrf) out << "ifvrf " << r.name << ' ' << ifname << ' ' << v << '\n';
  }
  return out.str();
}

}  // namespace routefix::lab
