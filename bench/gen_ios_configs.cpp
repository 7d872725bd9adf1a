// gen_ios_configs OUTDIR N [SEED]: writes OUTDIR/configs/ with N router configs of ~300 lines
// each (three IOS to one FRR), a seeded random mesh of /30 links between them so topology
// inference has work to do, OSPF + iBGP to two route reflectors, eBGP at some routers,
// prefix-lists, community/as-path lists, route-maps, ACLs and the usual management noise.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "mesh_topology.h"

namespace {

using routefix::bench::ip;
using routefix::bench::LinkEnd;
using routefix::bench::loopback;

class ConfigWriter {
 public:
  ConfigWriter(int id, bool frr, const std::vector<LinkEnd>& links, int routers, std::mt19937& rng)
      : id_(id), frr_(frr), links_(links), routers_(routers), rng_(rng) {}

  std::string write() {
    header();
    interfaces();
    ospf();
    bgp();
    lists();
    routeMaps();
    if (!frr_) acls();
    trailer();
    return out_.str();
  }

 private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  std::string name() const { return "r" + std::to_string(id_); }
  std::string ifName(size_t i) const {
    return frr_ ? "eth" + std::to_string(i) : "GigabitEthernet0/" + std::to_string(i / 8) + "/" + std::to_string(i % 8);
  }
  std::string addr(const std::string& a, int len) const {
    if (frr_) return a + "/" + std::to_string(len);
    uint32_t mask = len == 0 ? 0 : ~0u << (32 - len);
    return a + " " + ip(mask);
  }
  void block_end() { out_ << (frr_ ? "exit\n!\n" : "!\n"); }

  void header() {
    if (frr_)
      out_ << "frr version 8.4.4\nfrr defaults traditional\nhostname " << name()
           << "\nlog syslog informational\nservice integrated-vtysh-config\n!\n";
    else
      out_ << "!\nversion 15.9\nservice timestamps debug datetime msec\nservice timestamps log datetime msec\n"
              "service password-encryption\n!\nhostname "
           << name()
           << "\n!\nlogging buffered 64000 informational\naaa new-model\nno ip domain lookup\n"
              "ip domain name bench.example\nip cef\n!\nusername ops privilege 15 secret 9 $9$abc\n!\n";
  }

  void interfaces() {
    out_ << "interface " << (frr_ ? "lo" : "Loopback0") << "\n ip address " << addr(loopback(id_), 32) << "\n";
    block_end();
    for (size_t i = 0; i < links_.size(); ++i) {
      out_ << "interface " << ifName(i) << "\n description link to r" << links_[i].peer << "\n ip address "
           << addr(links_[i].address, 30) << "\n";
      if (frr_)
        out_ << " ip ospf area 0\n ip ospf network point-to-point\n ip ospf cost " << 10 + pick(90) << "\n";
      else
        out_ << " ip ospf network point-to-point\n ip ospf cost " << 10 + pick(90) << "\n no ip redirects\n";
      block_end();
    }
    // Customer-facing ports: each a /29 of its own.
    for (int c = 0; c < 6; ++c) {
      uint32_t net = (172u << 24) | (16u << 16) | (static_cast<uint32_t>(id_ % 4096) << 4 << 4) | (c << 3);
      out_ << "interface " << ifName(links_.size() + c) << "\n description customer " << id_ * 10 + c
           << "\n ip address " << addr(ip(net + 1), 29) << "\n";
      if (!frr_) out_ << " ip access-group CUSTOMER-IN in\n";
      block_end();
    }
    for (int s = 0; s < 4; ++s) {
      out_ << "interface " << ifName(links_.size() + 6 + s) << "\n description spare\n shutdown\n";
      block_end();
    }
  }

  void ospf() {
    if (frr_) {
      out_ << "router ospf\n ospf router-id " << loopback(id_) << "\n passive-interface lo\n";
    } else {
      out_ << "router ospf 1\n router-id " << loopback(id_)
           << "\n auto-cost reference-bandwidth 100000\n passive-interface Loopback0\n network "
           << loopback(id_) << " 0.0.0.0 area 0\n network 10.0.0.0 0.255.255.255 area 0\n";
    }
    out_ << " redistribute static route-map STATIC-TO-OSPF\n";
    block_end();
  }

  void bgp() {
    out_ << "router bgp 64500\n bgp router-id " << loopback(id_) << "\n";
    if (frr_) out_ << " no bgp ebgp-requires-policy\n";
    bool reflector = id_ < 2;
    for (int rr = 0; rr < 2; ++rr)
      if (rr != id_) out_ << " neighbor " << loopback(rr) << " remote-as 64500\n neighbor " << loopback(rr)
                          << " update-source " << (frr_ ? "lo" : "Loopback0") << "\n";
    if (reflector)
      for (int c = 2; c < std::min(routers_, 40); ++c)
        out_ << " neighbor " << loopback(c) << " remote-as 64500\n neighbor " << loopback(c) << " update-source "
             << (frr_ ? "lo" : "Loopback0") << "\n";
    int ebgp = hasUpstreams() ? 4 : 0;
    for (int e = 0; e < ebgp; ++e)
      out_ << " neighbor 192.0.2." << e * 4 + 2 << " remote-as " << 65000 + pick(500) << "\n neighbor 192.0.2."
           << e * 4 + 2 << " description upstream " << e << "\n";
    out_ << " !\n address-family ipv4" << (frr_ ? " unicast" : "") << "\n";
    for (int n = 0; n < 5; ++n) {
      uint32_t net = (198u << 24) | (18u << 16) | (static_cast<uint32_t>((id_ * 5 + n) % 65536) << 8);
      out_ << "  network " << (frr_ ? ip(net) + "/24" : ip(net) + " mask 255.255.255.0") << "\n";
    }
    out_ << "  redistribute connected route-map CONNECTED-TO-BGP\n";
    for (int e = 0; e < ebgp; ++e) {
      std::string n = "192.0.2." + std::to_string(e * 4 + 2);
      out_ << "  neighbor " << n << " activate\n  neighbor " << n << " route-map UPSTREAM-IN in\n  neighbor " << n
           << " route-map UPSTREAM-OUT out\n  neighbor " << n << " send-community\n";
    }
    if (reflector)
      for (int c = 2; c < std::min(routers_, 40); ++c)
        out_ << "  neighbor " << loopback(c) << " route-reflector-client\n";
    out_ << "  maximum-paths 4\n exit-address-family\n";
    block_end();
    for (int n = 0; n < 5; ++n)
      out_ << "ip route " << addr(ip((198u << 24) | (18u << 16) | (static_cast<uint32_t>((id_ * 5 + n) % 65536) << 8)), 24)
           << (frr_ ? " blackhole" : " Null0") << "\n";
    out_ << "!\n";
  }

  void lists() {
    for (int i = 0; i < 85; ++i)
      out_ << "ip prefix-list CUSTOMERS seq " << (i + 1) * 5 << " permit 198.18." << (id_ + i) % 256 << ".0/24 le 28\n";
    out_ << "ip prefix-list LOOPBACKS seq 5 permit 10.255.0.0/16 ge 32\n!\n";
    if (!hasUpstreams()) return;
    for (int i = 0; i < 12; ++i)
      out_ << "ip prefix-list BOGONS seq " << (i + 1) * 5 << " deny " << 10 + i * 10 << ".0.0.0/8 le 32\n";
    out_ << "ip prefix-list BOGONS seq 100 permit 0.0.0.0/0 le 24\n!\n";
    for (int i = 0; i < 4; ++i)
      out_ << (frr_ ? "bgp" : "ip") << " community-list standard C" << i << " permit 64500:" << 100 + i << "\n";
    out_ << (frr_ ? "bgp" : "ip") << " as-path access-list 10 permit ^6450[0-9]_\n"
         << (frr_ ? "bgp" : "ip") << " as-path access-list 10 permit ^$\n!\n";
  }

  void clause(const std::string& map, const std::string& action, int seq, const std::vector<std::string>& body) {
    out_ << "route-map " << map << " " << action << " " << seq << "\n";
    for (const auto& b : body) out_ << " " << b << "\n";
    if (frr_) out_ << "exit\n";
  }

  bool hasUpstreams() const { return id_ % 3 == 0; }

  void routeMaps() {
    if (hasUpstreams()) upstreamMaps();
    clause("CONNECTED-TO-BGP", "permit", 10, {"match ip address prefix-list LOOPBACKS", "set origin igp"});
    clause("STATIC-TO-OSPF", "permit", 10, {"match ip address prefix-list CUSTOMERS", "set metric 100", "set tag 7"});
    out_ << "!\n";
  }

  void upstreamMaps() {
    clause("UPSTREAM-IN", "deny", 10, {"match ip address prefix-list BOGONS"});
    for (int i = 0; i < 4; ++i)
      clause("UPSTREAM-IN", "permit", 20 + i * 10,
             {"match community C" + std::to_string(i), "set local-preference " + std::to_string(100 + i * 20),
              "set community 64500:" + std::to_string(200 + i) + " additive"});
    clause("UPSTREAM-IN", "permit", 100, {"match as-path 10", "set metric 50"});
    clause("UPSTREAM-OUT", "permit", 10, {"match ip address prefix-list CUSTOMERS", "set as-path prepend 64500 64500"});
    clause("UPSTREAM-OUT", "deny", 100, {});
  }

  void acls() {
    out_ << "ip access-list extended CUSTOMER-IN\n";
    for (int i = 0; i < 20; ++i)
      out_ << " permit tcp any host 198.18." << i << ".1 eq " << 1000 + pick(9000) << "\n";
    out_ << " deny   ip any any log\n!\n";
  }

  void trailer() {
    if (frr_) {
      out_ << "line vty\n exec-timeout 10 0\nexit\n!\nend\n";
    } else {
      out_ << "ip forward-protocol nd\nno ip http server\nip ssh version 2\n!\nsnmp-server community bench RO\n"
              "snmp-server location lab\n!\nbanner motd ^C\nbenchmark router\n^C\n!\nline con 0\n"
              " exec-timeout 15 0\nline vty 0 4\n transport input ssh\n!\nntp server 10.254.0.1\n!\nend\n";
    }
  }

  int id_;
  bool frr_;
  const std::vector<LinkEnd>& links_;
  int routers_;
  std::mt19937& rng_;
  std::ostringstream out_;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: gen_ios_configs OUTDIR N [SEED]\n";
    return 2;
  }
  std::filesystem::path out = argv[1];
  int n = std::atoi(argv[2]);
  unsigned seed = argc > 3 ? static_cast<unsigned>(std::strtoul(argv[3], nullptr, 10)) : 1;
  if (n < 2) {
    std::cerr << "N must be at least 2\n";
    return 2;
  }
  std::mt19937 rng(seed);
  auto links = routefix::bench::ringWithChords(n, rng);

  std::filesystem::create_directories(out / "configs");
  for (int i = 0; i < n; ++i) {
    bool frr = i % 4 == 3;
    ConfigWriter w(i, frr, links[i], n, rng);
    std::ofstream(out / "configs" / ("r" + std::to_string(i) + (frr ? ".conf" : ".cfg"))) << w.write();
  }
  return 0;
}
