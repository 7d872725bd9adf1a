// gen_fattree OUTDIR K: writes OUTDIR/configs/ for a k-ary fat-tree (k pods of k/2 edge and
// k/2 aggregation switches, (k/2)^2 cores; 5k^2/4 routers) running eBGP as in RFC 7938 (IOS
// syntax): cores share AS 65000, each pod's aggregation layer one AS, each edge switch its own
// AS and a /24 it announces; ECMP on (maximum-paths). OUTDIR/intents.yaml asks for all-pairs
// reachability to every edge /24 from every router under any single link failure.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace {

std::string ip(uint32_t v) {
  return std::to_string(v >> 24) + "." + std::to_string((v >> 16) & 255) + "." + std::to_string((v >> 8) & 255) +
         "." + std::to_string(v & 255);
}

struct Port {
  std::string interface;
  uint32_t address;
  uint32_t peer_address;
  uint32_t peer_as;
};

struct Router {
  std::string name;
  uint32_t asn = 0;
  std::vector<Port> ports;
  int lan = -1;  // edge index: announces 172.16.<lan>.0/24
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: gen_fattree OUTDIR K (K even, 4..16)\n";
    return 2;
  }
  std::filesystem::path out = argv[1];
  int k = std::atoi(argv[2]);
  if (k < 2 || k % 2 != 0 || k > 16) {
    std::cerr << "K must be even, between 2 and 16\n";
    return 2;
  }
  int half = k / 2;
  std::map<std::string, Router> routers;
  auto core = [&](int i) { return "core-" + std::to_string(i); };
  auto agg = [&](int p, int j) { return "agg-" + std::to_string(p) + "-" + std::to_string(j); };
  auto edge = [&](int p, int j) { return "edge-" + std::to_string(p) + "-" + std::to_string(j); };
  for (int i = 0; i < half * half; ++i) routers[core(i)] = {core(i), 65000, {}, -1};
  for (int p = 0; p < k; ++p)
    for (int j = 0; j < half; ++j) {
      routers[agg(p, j)] = {agg(p, j), static_cast<uint32_t>(65100 + p), {}, -1};
      routers[edge(p, j)] = {edge(p, j), static_cast<uint32_t>(65200 + p * half + j), {}, p * half + j};
    }
  uint32_t nextSubnet = 10u << 24;
  auto connect = [&](const std::string& a, const std::string& b) {
    Router& ra = routers[a];
    Router& rb = routers[b];
    uint32_t subnet = nextSubnet;
    nextSubnet += 4;
    ra.ports.push_back({"GigabitEthernet0/" + std::to_string(ra.ports.size() + 1), subnet + 1, subnet + 2, rb.asn});
    rb.ports.push_back({"GigabitEthernet0/" + std::to_string(rb.ports.size() + 1), subnet + 2, subnet + 1, ra.asn});
  };
  for (int p = 0; p < k; ++p)
    for (int j = 0; j < half; ++j) {
      for (int e = 0; e < half; ++e) connect(agg(p, j), edge(p, e));
      for (int c = 0; c < half; ++c) connect(agg(p, j), core(j * half + c));
    }

  std::filesystem::create_directories(out / "configs");
  for (const auto& [name, r] : routers) {
    std::ofstream cfg(out / "configs" / (name + ".cfg"));
    cfg << "hostname " << name << "\n!\n";
    if (r.lan >= 0)
      cfg << "interface GigabitEthernet0/0\n description servers\n ip address 172.16." << r.lan
          << ".1 255.255.255.0\n!\n";
    for (const auto& port : r.ports)
      cfg << "interface " << port.interface << "\n ip address " << ip(port.address) << " 255.255.255.252\n!\n";
    cfg << "router bgp " << r.asn << "\n bgp router-id " << ip(r.ports.front().address) << "\n maximum-paths 16\n";
    if (r.lan >= 0) cfg << " network 172.16." << r.lan << ".0 mask 255.255.255.0\n";
    for (const auto& port : r.ports) cfg << " neighbor " << ip(port.peer_address) << " remote-as " << port.peer_as << "\n";
    cfg << "!\nend\n";
  }
  std::ofstream intents(out / "intents.yaml");
  intents << "intents:\n";
  for (int e = 0; e < k * half; ++e)
    intents << "  - {name: all-to-lan-" << e << ", type: reachability, from: '*', to: 172.16." << e
            << ".0/24, failures: 1}\n";
  std::cout << routers.size() << " routers, " << (nextSubnet - (10u << 24)) / 4 << " links\n";
  return 0;
}
