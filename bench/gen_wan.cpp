// gen_wan OUTDIR [--routers N] [--rrs R] [--externals E] [--prefixes P] [--seed S]
// A random service-provider WAN as an FRR snapshot, the same for the same seed:
//   - N core routers in AS 65000 on a random connected graph (a random spanning tree plus N/2
//     extra links), OSPF area 0 on point-to-point /30 links with random costs 1..100,
//     loopbacks and a passive LAN per router;
//   - iBGP over loopbacks: the first R routers are route reflectors (full mesh among them),
//     every other core router is a client of each; every core router originates its LAN;
//   - E external ASes, each attached to one or two random core routers (eBGP over /30s),
//     announcing P /24s (statics to Null0 + `network`); the border sets next-hop-self towards
//     the reflectors, a random local-pref per session on import, and exports only the WAN's
//     own LANs (no transit).
// Routers: N + E; prefixes: N + E*P.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "seeded_pick.h"

namespace {

using routefix::bench::pick;

namespace fs = std::filesystem;

std::string ipv4(uint32_t a) {
  return std::to_string(a >> 24) + "." + std::to_string((a >> 16) & 255) + "." +
         std::to_string((a >> 8) & 255) + "." + std::to_string(a & 255);
}

struct Options {
  fs::path out;
  int routers = 40, rrs = 2, externals = 10, prefixes = 20;
  uint32_t seed = 1;
};

struct CoreLink {
  std::string interface, localIp, peerIp;
  int cost;
};

struct ExternalSession {
  std::string interface, localIp, peerIp;
  uint32_t peerAsn;
  int localPref;  // core side: set on import
};

struct CoreRouter {
  std::string name;
  uint32_t loopback;
  std::vector<CoreLink> links;
  std::vector<ExternalSession> externals;
};

struct ExternalRouter {
  std::string name;
  uint32_t asn;
  std::vector<ExternalSession> sessions;
  std::vector<std::string> prefixes;
};

bool parseOptions(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](int& field) {
      if (i + 1 >= argc) return false;
      field = std::atoi(argv[++i]);
      return true;
    };
    if (a == "--routers") { if (!value(o.routers)) return false; }
    else if (a == "--rrs") { if (!value(o.rrs)) return false; }
    else if (a == "--externals") { if (!value(o.externals)) return false; }
    else if (a == "--prefixes") { if (!value(o.prefixes)) return false; }
    else if (a == "--seed") { int s; if (!value(s)) return false; o.seed = static_cast<uint32_t>(s); }
    else if (!a.empty() && a[0] != '-' && o.out.empty()) o.out = a;
    else return false;
  }
  return !o.out.empty() && o.routers >= 2 && o.routers <= 60000 && o.rrs >= 1 && o.rrs <= o.routers &&
         o.externals >= 0 && o.externals <= 250 && o.prefixes >= 1 && o.prefixes <= 250;
}

void writeCore(const CoreRouter& r, int index, const Options& o, std::ostream& out) {
  bool isRr = index < o.rrs;
  out << "frr version 8.4\nfrr defaults traditional\nhostname " << r.name << "\n!\n";
  out << "interface lo\n ip address " << ipv4(r.loopback) << "/32\n!\n";
  for (const auto& l : r.links)
    out << "interface " << l.interface << "\n ip address " << l.localIp << "/30\n ip ospf network point-to-point\n ip ospf cost "
        << l.cost << "\n!\n";
  for (const auto& e : r.externals) out << "interface " << e.interface << "\n ip address " << e.localIp << "/30\n!\n";
  std::string lan = "10." + std::to_string(1 + index / 256) + "." + std::to_string(index % 256);
  out << "interface lan0\n ip address " << lan << ".1/24\n!\n";
  out << "router ospf\n ospf router-id " << ipv4(r.loopback) << "\n passive-interface lan0\n network "
      << ipv4(r.loopback) << "/32 area 0\n network 172.16.0.0/12 area 0\n network " << lan << ".0/24 area 0\n!\n";
  out << "router bgp 65000\n bgp router-id " << ipv4(r.loopback) << "\n";
  // Peer-groups first: FRR wants a group to exist before a neighbor joins it.
  for (const char* group : {"IBGP", "CLIENTS"}) {
    if (std::string(group) == "CLIENTS" && !isRr) continue;
    out << " neighbor " << group << " peer-group\n neighbor " << group << " remote-as 65000\n neighbor " << group
        << " update-source lo\n";
  }
  for (int rr = 0; rr < o.rrs; ++rr)
    if (rr != index) out << " neighbor " << ipv4((10u << 24) | (255u << 16) | static_cast<uint32_t>(rr + 1)) << " peer-group IBGP\n";
  if (isRr)
    for (int c = o.rrs; c < o.routers; ++c)
      out << " neighbor " << ipv4((10u << 24) | (255u << 16) | static_cast<uint32_t>(c + 1)) << " peer-group CLIENTS\n";
  for (const auto& e : r.externals) out << " neighbor " << e.peerIp << " remote-as " << e.peerAsn << "\n";
  out << " !\n address-family ipv4 unicast\n  network " << lan << ".0/24\n  neighbor IBGP next-hop-self\n";
  if (isRr) out << "  neighbor CLIENTS route-reflector-client\n  neighbor CLIENTS next-hop-self\n";
  for (const auto& e : r.externals)
    out << "  neighbor " << e.peerIp << " route-map FROM-" << e.peerAsn << " in\n  neighbor " << e.peerIp
        << " route-map TO-EXTERNAL out\n";
  out << " exit-address-family\n!\n";
  for (const auto& e : r.externals)
    out << "route-map FROM-" << e.peerAsn << " permit 10\n set local-preference " << e.localPref << "\n!\n";
  if (!r.externals.empty())
    out << "ip prefix-list WAN-LANS seq 5 permit 10.0.0.0/8 ge 24 le 24\n!\n"
        << "route-map TO-EXTERNAL permit 10\n match ip address prefix-list WAN-LANS\n!\n";
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parseOptions(argc, argv, o)) {
    std::cerr << "usage: gen_wan OUTDIR [--routers N (2..60000)] [--rrs R] [--externals E (0..250)]"
                 " [--prefixes P (1..250)] [--seed S]\n";
    return 2;
  }
  std::mt19937 rng(o.seed);
  std::vector<CoreRouter> core(o.routers);
  for (int i = 0; i < o.routers; ++i) {
    core[i].name = "w" + std::to_string(i);
    core[i].loopback = (10u << 24) | (255u << 16) | static_cast<uint32_t>(i + 1);
  }
  nlohmann::json links = nlohmann::json::array();
  std::set<std::pair<int, int>> joined;
  uint32_t coreNet = (172u << 24) | (16u << 16);
  auto join = [&](int a, int b) {
    if (a == b || !joined.insert({std::min(a, b), std::max(a, b)}).second) return;
    int cost = 1 + pick(rng, 100);
    std::string ifA = "to-" + core[b].name, ifB = "to-" + core[a].name;
    core[a].links.push_back({ifA, ipv4(coreNet + 1), ipv4(coreNet + 2), cost});
    core[b].links.push_back({ifB, ipv4(coreNet + 2), ipv4(coreNet + 1), cost});
    coreNet += 4;
    links.push_back({{"a", core[a].name}, {"a_interface", ifA}, {"b", core[b].name}, {"b_interface", ifB}});
  };
  for (int i = 1; i < o.routers; ++i) join(i, pick(rng, i));
  for (int extra = 0; extra < o.routers / 2; ++extra) join(pick(rng, o.routers), pick(rng, o.routers));

  std::vector<ExternalRouter> ext(o.externals);
  uint32_t edgeNet = (100u << 24) | (64u << 16);
  for (int e = 0; e < o.externals; ++e) {
    ext[e].name = "x" + std::to_string(e);
    ext[e].asn = 64600u + static_cast<uint32_t>(e);
    for (int j = 0; j < o.prefixes; ++j)
      ext[e].prefixes.push_back("20." + std::to_string(e) + "." + std::to_string(j) + ".0/24");
    int homes = 1 + pick(rng, 2);
    std::set<int> borders;
    while (static_cast<int>(borders.size()) < std::min(homes, o.routers)) borders.insert(pick(rng, o.routers));
    for (int b : borders) {
      std::string coreIf = "ext-" + ext[e].name, extIf = "to-" + core[b].name;
      int localPref = 100 + 10 * pick(rng, 3);
      core[b].externals.push_back({coreIf, ipv4(edgeNet + 1), ipv4(edgeNet + 2), ext[e].asn, localPref});
      ext[e].sessions.push_back({extIf, ipv4(edgeNet + 2), ipv4(edgeNet + 1), 65000, 0});
      edgeNet += 4;
      links.push_back({{"a", core[b].name}, {"a_interface", coreIf}, {"b", ext[e].name}, {"b_interface", extIf}});
    }
  }

  fs::create_directories(o.out / "configs");
  for (int i = 0; i < o.routers; ++i) {
    std::ofstream out(o.out / "configs" / (core[i].name + ".conf"));
    writeCore(core[i], i, o, out);
  }
  for (const auto& x : ext) {
    std::ofstream out(o.out / "configs" / (x.name + ".conf"));
    out << "frr version 8.4\nfrr defaults traditional\nhostname " << x.name << "\n!\n";
    for (const auto& s : x.sessions) out << "interface " << s.interface << "\n ip address " << s.localIp << "/30\n!\n";
    for (const auto& p : x.prefixes) out << "ip route " << p << " Null0\n";
    out << "!\nrouter bgp " << x.asn << "\n bgp router-id 10.254." << (x.asn - 64600) << ".1\n";
    for (const auto& s : x.sessions) out << " neighbor " << s.peerIp << " remote-as 65000\n";
    out << " !\n address-family ipv4 unicast\n";
    for (const auto& p : x.prefixes) out << "  network " << p << "\n";
    for (const auto& s : x.sessions)
      out << "  neighbor " << s.peerIp << " route-map ALL in\n  neighbor " << s.peerIp << " route-map ALL out\n";
    out << " exit-address-family\n!\nroute-map ALL permit 10\n!\n";
  }
  std::ofstream(o.out / "topology.json") << nlohmann::json{{"links", links}}.dump(1) << '\n';
  std::cerr << "gen_wan: " << o.routers << " core + " << o.externals << " external routers, "
            << o.routers + o.externals * o.prefixes << " prefixes, " << links.size() << " links, seed "
            << o.seed << " -> " << o.out.string() << '\n';
  return 0;
}
