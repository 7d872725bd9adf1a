// gen_fattree K OUTDIR [--dual-stack] (or OUTDIR K): a k-ary fat-tree data centre as an FRR snapshot, eBGP only in the style
// of RFC 7938: every edge (ToR) router has its own private ASN, the aggregation routers of one
// pod share an ASN, all core routers share one; point-to-point /31 links; one /24 per edge
// router (`network` over a connected LAN); multipath over every equal path
// (`maximum-paths 64` + `bgp bestpath as-path multipath-relax`). A permit-all route-map on
// the fabric peer-group satisfies FRR's ebgp-requires-policy.
//
// --dual-stack: every link and LAN also has an IPv6 subnet (2001:db8:<link>::/64 on links,
// fd00:<pod>:<i>::/64 on edge LANs) and the same sessions carry IPv6 unicast too
// (MP-BGP, `address-family ipv6 unicast` activating the peer-group), so each edge /64 is a
// second prefix beside its /24: the IPv4-only snapshot with IPv6 added, for comparing the two.
//
// OUTDIR/intents.yaml asks for reachability of every edge /24 from every router under any single
// link failure (what bench/verify_bench.sh checks).
//
// k pods of k/2 edge + k/2 aggregation routers, (k/2)^2 core routers: 5k^2/4 routers,
// k^2/2 prefixes, k^3/2 links. k=32: 1,280 routers, 512 prefixes.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;

struct Neighbor {
  std::string interface;
  std::string localIp, peerIp;
  uint32_t peerAsn;
  std::string localIpv6;  // with its prefix length; empty unless --dual-stack
};

struct Router {
  std::string name;
  uint32_t asn = 0;
  std::string routerId;
  std::string lanPrefix;  // "10.p.i.0/24" for edge routers, empty otherwise
  std::string lanPrefix6;  // "fd00:p:i::/64" for edge routers with --dual-stack
  std::vector<Neighbor> neighbors;
};

std::string hex(size_t v) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%zx", v);
  return buf;
}

std::string ipv4(uint32_t a) {
  return std::to_string(a >> 24) + "." + std::to_string((a >> 16) & 255) + "." +
         std::to_string((a >> 8) & 255) + "." + std::to_string(a & 255);
}

void writeConfig(const Router& r, const fs::path& file) {
  std::ofstream out(file);
  out << "frr version 8.4\nfrr defaults traditional\nhostname " << r.name << "\n!\n";
  for (const auto& n : r.neighbors) {
    out << "interface " << n.interface << "\n ip address " << n.localIp << "/31\n";
    if (!n.localIpv6.empty()) out << " ipv6 address " << n.localIpv6 << "\n";
    out << "!\n";
  }
  if (!r.lanPrefix.empty()) {
    std::string lanIp = r.lanPrefix.substr(0, r.lanPrefix.rfind(".0/")) + ".1/24";
    out << "interface lan0\n ip address " << lanIp << "\n";
    if (!r.lanPrefix6.empty()) out << " ipv6 address " << r.lanPrefix6.substr(0, r.lanPrefix6.rfind("::/")) << "::1/64\n";
    out << "!\n";
  }
  out << "router bgp " << r.asn << "\n bgp router-id " << r.routerId
      << "\n bgp bestpath as-path multipath-relax\n neighbor FABRIC peer-group\n";
  for (const auto& n : r.neighbors)
    out << " neighbor " << n.peerIp << " remote-as " << n.peerAsn << "\n neighbor " << n.peerIp
        << " peer-group FABRIC\n";
  out << " !\n address-family ipv4 unicast\n";
  if (!r.lanPrefix.empty()) out << "  network " << r.lanPrefix << "\n";
  out << "  neighbor FABRIC route-map FABRIC-IN in\n  neighbor FABRIC route-map FABRIC-OUT out\n"
         "  maximum-paths 64\n exit-address-family\n";
  if (!r.neighbors.empty() && !r.neighbors.front().localIpv6.empty()) {
    out << " address-family ipv6 unicast\n";
    if (!r.lanPrefix6.empty()) out << "  network " << r.lanPrefix6 << "\n";
    out << "  neighbor FABRIC activate\n  neighbor FABRIC route-map FABRIC-IN in\n"
           "  neighbor FABRIC route-map FABRIC-OUT out\n  maximum-paths 64\n exit-address-family\n";
  }
  out << "!\nroute-map FABRIC-IN permit 10\n!\nroute-map FABRIC-OUT permit 10\n!\n";
}

}  // namespace

int main(int argc, char** argv) {
  bool dualStack = argc == 4 && std::string(argv[3]) == "--dual-stack";
  if (argc != 3 && !dualStack) {
    std::cerr << "usage: gen_fattree K OUTDIR [--dual-stack]   (K even, 2..254; OUTDIR K also accepted)\n";
    return 2;
  }
  // Either order: the argument that is a number is K.
  bool kFirst = std::string(argv[1]).find_first_not_of("0123456789") == std::string::npos;
  int k = std::atoi(argv[kFirst ? 1 : 2]);
  if (k < 2 || k > 254 || k % 2) {
    std::cerr << "gen_fattree: K must be even and between 2 and 254\n";
    return 2;
  }
  const int half = k / 2;
  const fs::path outDir = argv[kFirst ? 2 : 1];

  // Private ASNs: the 2-byte range while it is large enough, else the 4-byte one (RFC 6996).
  const uint32_t routersWithOwnAsn = static_cast<uint32_t>(k * half + k + 1);
  const uint32_t asnBase = routersWithOwnAsn <= 1023 ? 64512u : 4200000000u;
  const uint32_t coreAsn = asnBase;
  auto podAsn = [&](int pod) { return asnBase + 1 + static_cast<uint32_t>(pod); };
  auto edgeAsn = [&](int pod, int i) { return asnBase + 1 + static_cast<uint32_t>(k + pod * half + i); };

  std::vector<Router> routers;
  auto add = [&](std::string name, uint32_t asn) {
    Router r;
    r.name = std::move(name);
    r.asn = asn;
    uint32_t index = static_cast<uint32_t>(routers.size()) + 1;
    r.routerId = ipv4((10u << 24) | (255u << 16) | index);
    routers.push_back(std::move(r));
    return routers.size() - 1;
  };
  std::vector<std::vector<size_t>> edge(k), agg(k);
  std::vector<size_t> core;
  for (int p = 0; p < k; ++p)
    for (int i = 0; i < half; ++i) {
      edge[p].push_back(add("e" + std::to_string(p) + "-" + std::to_string(i), edgeAsn(p, i)));
      routers[edge[p].back()].lanPrefix = "10." + std::to_string(p) + "." + std::to_string(i) + ".0/24";
      if (dualStack) routers[edge[p].back()].lanPrefix6 = "fd00:" + hex(p) + ":" + hex(i) + "::/64";
    }
  for (int p = 0; p < k; ++p)
    for (int i = 0; i < half; ++i) agg[p].push_back(add("a" + std::to_string(p) + "-" + std::to_string(i), podAsn(p)));
  for (int j = 0; j < half * half; ++j) core.push_back(add("c" + std::to_string(j), coreAsn));

  nlohmann::json links = nlohmann::json::array();
  uint32_t nextAddress = (172u << 24) | (16u << 16);  // 172.16.0.0/12, one /31 per link
  auto connect = [&](size_t lower, const std::string& lowerIf, size_t upper, const std::string& upperIf) {
    std::string lowIp = ipv4(nextAddress), highIp = ipv4(nextAddress + 1);
    std::string subnet6 = "2001:db8:" + hex(links.size() >> 16) + ":" + hex(links.size() & 0xffff) + "::";
    nextAddress += 2;
    routers[lower].neighbors.push_back({lowerIf, lowIp, highIp, routers[upper].asn, dualStack ? subnet6 + "1/64" : ""});
    routers[upper].neighbors.push_back({upperIf, highIp, lowIp, routers[lower].asn, dualStack ? subnet6 + "2/64" : ""});
    links.push_back({{"a", routers[lower].name}, {"a_interface", lowerIf},
                     {"b", routers[upper].name}, {"b_interface", upperIf}});
  };
  for (int p = 0; p < k; ++p)
    for (int e = 0; e < half; ++e)
      for (int a = 0; a < half; ++a)
        connect(edge[p][e], "up" + std::to_string(a), agg[p][a], "down" + std::to_string(e));
  // Aggregation router a of every pod connects to core routers a*half .. a*half+half-1.
  for (int p = 0; p < k; ++p)
    for (int a = 0; a < half; ++a)
      for (int c = 0; c < half; ++c)
        connect(agg[p][a], "up" + std::to_string(c), core[a * half + c], "pod" + std::to_string(p));

  fs::create_directories(outDir / "configs");
  for (const auto& r : routers) writeConfig(r, outDir / "configs" / (r.name + ".conf"));
  std::ofstream(outDir / "topology.json") << nlohmann::json{{"links", links}}.dump(1) << '\n';
  std::ofstream intents(outDir / "intents.yaml");
  intents << "intents:\n";
  for (const auto& r : routers)
    if (!r.lanPrefix.empty())
      intents << "  - {name: all-to-" << r.name << ", type: reachability, from: '*', to: " << r.lanPrefix
              << ", failures: 1}\n";
  std::cerr << "gen_fattree: k=" << k << ", " << routers.size() << " routers, " << k * half
            << " prefixes, " << links.size() << " links -> " << outDir.string() << '\n';
  return 0;
}
