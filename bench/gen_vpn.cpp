// gen_vpn OUTDIR [--routers N] [--pes P] [--vrfs V] [--seed S]
// A service provider's MPLS/VPN core as an IOS snapshot, the same for the same seed:
//   - N - P core (P) routers on a ring with random chords, OSPF area 0 on point-to-point /30s,
//     loopbacks in OSPF;
//   - P provider-edge (PE) routers, each attached to two random core routers, each with V VRFs
//     (`vrf definition Tk`, a per-PE route distinguisher, route-target 65000:k imported and
//     exported); VRF k's site on PE p is a loopback 10.(100+k).p.1/24 in the VRF, redistributed
//     into BGP (`address-family ipv4 vrf Tk`);
//   - VPNv4 iBGP full mesh between the PEs' loopbacks (routefix models direct PE-PE sessions,
//     not VPNv4 route reflection), `no bgp default ipv4-unicast`.
// intents.yaml: per VRF and PE, the next PE's site of that VRF is a BGP route in the VRF, and
// the site of the next VRF is absent from it (tenants stay apart): 2 * P * V route intents.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "mesh_topology.h"
#include "seeded_pick.h"

namespace {

using routefix::bench::ip;
using routefix::bench::pick;
namespace fs = std::filesystem;

struct Options {
  fs::path out;
  int routers = 100, pes = 40, vrfs = 20;
  uint32_t seed = 1;
};

struct Port {
  std::string address;  // this end of the /30
  int peer;
};

struct Router {
  std::string name;
  uint32_t loopback;
  std::vector<Port> ports;
};

std::string sitePrefix(int vrf, int pe) { return "10." + std::to_string(100 + vrf) + "." + std::to_string(pe) + ".0/24"; }

Options parse(int argc, char** argv) {
  if (argc < 2) throw std::runtime_error("usage: gen_vpn OUTDIR [--routers N] [--pes P] [--vrfs V] [--seed S]");
  Options o;
  o.out = argv[1];
  for (int i = 2; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    long v = std::strtol(argv[i + 1], nullptr, 10);
    if (flag == "--routers") o.routers = static_cast<int>(v);
    else if (flag == "--pes") o.pes = static_cast<int>(v);
    else if (flag == "--vrfs") o.vrfs = static_cast<int>(v);
    else if (flag == "--seed") o.seed = static_cast<uint32_t>(v);
    else throw std::runtime_error("unknown option " + flag);
  }
  // Site prefixes are 10.(100+k).p.0/24: at most 155 VRFs and 255 PEs.
  if (o.pes < 2 || o.pes > 255 || o.vrfs < 2 || o.vrfs > 155 || o.routers - o.pes < 3)
    throw std::runtime_error("need 2..255 PEs, 2..155 VRFs and at least 3 core routers");
  return o;
}

std::string peConfig(const Options& o, const std::vector<Router>& routers, int r) {
  const Router& me = routers[r];
  const int pe = r - (o.routers - o.pes);  // 0-based PE number
  std::ostringstream c;
  c << "hostname " << me.name << "\n!\n";
  for (int k = 1; k <= o.vrfs; ++k)
    c << "vrf definition T" << k << "\n rd 65000:" << (pe + 1) * 1000 + k << "\n !\n address-family ipv4\n"
      << "  route-target export 65000:" << k << "\n  route-target import 65000:" << k << "\n exit-address-family\n!\n";
  c << "interface Loopback0\n ip address " << ip(me.loopback) << " 255.255.255.255\n ip ospf 1 area 0\n!\n";
  for (size_t i = 0; i < me.ports.size(); ++i)
    c << "interface GigabitEthernet" << i + 1 << "\n description core: " << routers[me.ports[i].peer].name
      << "\n ip address " << me.ports[i].address << " 255.255.255.252\n ip ospf network point-to-point\n"
      << " ip ospf 1 area 0\n!\n";
  for (int k = 1; k <= o.vrfs; ++k) {
    std::string site = sitePrefix(k, pe + 1);
    c << "interface Loopback" << k << "\n description T" << k << " site\n vrf forwarding T" << k << "\n ip address "
      << site.substr(0, site.size() - 4) << "1 255.255.255.0\n!\n";
  }
  c << "router ospf 1\n router-id " << ip(me.loopback) << "\n!\n";
  c << "router bgp 65000\n bgp router-id " << ip(me.loopback) << "\n no bgp default ipv4-unicast\n";
  for (int q = o.routers - o.pes; q < o.routers; ++q)
    if (q != r)
      c << " neighbor " << ip(routers[q].loopback) << " remote-as 65000\n neighbor " << ip(routers[q].loopback)
        << " update-source Loopback0\n";
  c << " !\n address-family vpnv4\n";
  for (int q = o.routers - o.pes; q < o.routers; ++q)
    if (q != r)
      c << "  neighbor " << ip(routers[q].loopback) << " activate\n  neighbor " << ip(routers[q].loopback)
        << " send-community extended\n";
  c << " exit-address-family\n";
  for (int k = 1; k <= o.vrfs; ++k)
    c << " !\n address-family ipv4 vrf T" << k << "\n  redistribute connected\n exit-address-family\n";
  c << "!\nend\n";
  return c.str();
}

std::string coreConfig(const std::vector<Router>& routers, int r) {
  const Router& me = routers[r];
  std::ostringstream c;
  c << "hostname " << me.name << "\n!\ninterface Loopback0\n ip address " << ip(me.loopback)
    << " 255.255.255.255\n ip ospf 1 area 0\n!\n";
  for (size_t i = 0; i < me.ports.size(); ++i)
    c << "interface GigabitEthernet" << i + 1 << "\n description " << routers[me.ports[i].peer].name
      << "\n ip address " << me.ports[i].address << " 255.255.255.252\n ip ospf network point-to-point\n"
      << " ip ospf 1 area 0\n!\n";
  c << "router ospf 1\n router-id " << ip(me.loopback) << "\n!\nend\n";
  return c.str();
}

void write(const fs::path& path, const std::string& text) {
  std::ofstream f(path);
  f << text;
  if (!f) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

int main(int argc, char** argv) try {
  Options o = parse(argc, argv);
  std::mt19937 rng(o.seed);
  const int cores = o.routers - o.pes;
  std::vector<Router> routers(o.routers);
  for (int r = 0; r < o.routers; ++r) {
    routers[r].name = r < cores ? "p" + std::to_string(r + 1) : "pe" + std::to_string(r - cores + 1);
    routers[r].loopback = (10u << 24) | (255u << 16) | static_cast<uint32_t>(r + 1);
  }
  nlohmann::json edges = nlohmann::json::array();
  uint32_t next = (10u << 24) | (1u << 16);  // /30s from 10.1.0.0
  auto connect = [&](int a, int b) {
    routers[a].ports.push_back({ip(next + 1), b});
    routers[b].ports.push_back({ip(next + 2), a});
    edges.push_back({{"a", routers[a].name}, {"a_interface", "GigabitEthernet" + std::to_string(routers[a].ports.size())},
                     {"b", routers[b].name}, {"b_interface", "GigabitEthernet" + std::to_string(routers[b].ports.size())}});
    next += 4;
  };
  for (int i = 0; i < cores; ++i) connect(i, (i + 1) % cores);
  for (int i = 0; i < cores / 2; ++i) {
    int a = pick(rng, cores), b = pick(rng, cores);
    if (a != b && b != (a + 1) % cores && a != (b + 1) % cores) connect(a, b);
  }
  for (int r = cores; r < o.routers; ++r) {
    int a = pick(rng, cores), b = (a + 1 + pick(rng, cores - 1)) % cores;
    connect(r, a);
    connect(r, b);
  }

  fs::create_directories(o.out / "configs");
  for (int r = 0; r < o.routers; ++r)
    write(o.out / "configs" / (routers[r].name + ".cfg"), r < cores ? coreConfig(routers, r) : peConfig(o, routers, r));
  write(o.out / "topology.json", nlohmann::json({{"links", edges}}).dump(1) + "\n");

  std::ostringstream intents;
  intents << "intents:\n";
  for (int p = 1; p <= o.pes; ++p)
    for (int k = 1; k <= o.vrfs; ++k) {
      int other = p % o.pes + 1;
      intents << "  - {name: pe" << p << "-T" << k << "-has-pe" << other << ", type: route, node: pe" << p
              << ", vrf: T" << k << ", prefix: " << sitePrefix(k, other) << ", protocol: bgp}\n";
      intents << "  - {name: pe" << p << "-T" << k << "-lacks-T" << k % o.vrfs + 1 << ", type: route, node: pe" << p
              << ", vrf: T" << k << ", prefix: " << sitePrefix(k % o.vrfs + 1, other) << ", present: false}\n";
    }
  write(o.out / "intents.yaml", intents.str());
  std::cout << "gen_vpn: " << cores << " core + " << o.pes << " PE routers, " << o.vrfs << " VRFs per PE, "
            << edges.size() << " links, " << 2 * o.pes * o.vrfs << " intents -> " << o.out.string() << "\n";
  return 0;
} catch (const std::exception& e) {
  std::cerr << "gen_vpn: " << e.what() << "\n";
  return 2;
}
