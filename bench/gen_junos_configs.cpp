// gen_junos_configs OUTDIR N [SEED]: writes OUTDIR/configs/ with N Junos router configs of
// ~300 lines each, three in the hierarchical `{ ... }` form to one in `set` form. The same
// seeded ring-plus-chords mesh of /30 links as gen_ios_configs, OSPF area 0 on every link,
// iBGP to two route reflectors (cluster), eBGP groups at some routers, and policy-options
// with prefix-lists, route-filters, communities, as-paths and multi-term policy-statements.
// Interface and OSPF settings come from `groups` through `apply-groups` with wildcards, as
// operators write them. Each config is built as one statement tree and then printed in its
// form, so both forms carry the same statements.
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

// One statement: a leaf (`text;`) when it has no children, else a block (`text { ... }`).
struct Stmt {
  std::string text;
  std::vector<Stmt> kids;

  Stmt& add(const std::string& t) {
    kids.push_back({t, {}});
    return kids.back();
  }
  Stmt& block(const std::string& t) {
    for (auto& k : kids)
      if (k.text == t && !k.kids.empty()) return k;
    kids.push_back({t, {}});
    return kids.back();
  }
};

void printHierarchical(const Stmt& s, int depth, std::ostringstream& out) {
  std::string indent(4 * depth, ' ');
  if (s.kids.empty()) {
    out << indent << s.text << ";\n";
    return;
  }
  out << indent << s.text << " {\n";
  for (const auto& k : s.kids) printHierarchical(k, depth + 1, out);
  out << indent << "}\n";
}

void printSet(const Stmt& s, const std::string& path, std::ostringstream& out) {
  std::string here = path.empty() ? s.text : path + " " + s.text;
  if (s.kids.empty()) {
    out << "set " << here << "\n";
    return;
  }
  for (const auto& k : s.kids) printSet(k, here, out);
}

class ConfigBuilder {
 public:
  ConfigBuilder(int id, const std::vector<LinkEnd>& links, int routers, std::mt19937& rng)
      : id_(id), links_(links), routers_(routers), rng_(rng) {}

  std::vector<Stmt> build() {
    groups();
    system();
    interfaces();
    routingOptions();
    ospf();
    bgp();
    policyOptions();
    firewall();
    return std::move(top_);
  }

 private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  Stmt& top(const std::string& t) {
    for (auto& s : top_)
      if (s.text == t) return s;
    top_.push_back({t, {}});
    return top_.back();
  }
  std::string ifName(size_t i) const { return "ge-0/" + std::to_string(i / 10) + "/" + std::to_string(i % 10); }
  bool hasUpstreams() const { return id_ % 3 == 0; }
  bool reflector() const { return id_ < 2; }

  // Shared settings the way operators keep them: a group applied with wildcards.
  void groups() {
    Stmt& g = top("groups");
    Stmt& core = g.block("CORE-LINKS");
    Stmt& unit = core.block("interfaces").block("<ge-*>").block("unit 0");
    unit.add("family inet mtu 9000");
    unit.add("family inet no-redirects");
    core.block("protocols").block("ospf").block("area 0.0.0.0").block("interface <ge-*>").add("interface-type p2p");
    top("apply-groups CORE-LINKS");
  }

  void system() {
    Stmt& s = top("system");
    s.add("host-name r" + std::to_string(id_));
    s.add("domain-name bench.example");
    s.add("time-zone UTC");
    s.block("root-authentication").add("encrypted-password \"$6$abc$def\"");
    Stmt& login = s.block("login").block("user ops");
    login.add("class super-user");
    login.add("uid 2001");
    s.block("services").block("ssh").add("root-login deny");
    s.block("services").add("netconf ssh");
    Stmt& syslog = s.block("syslog");
    syslog.block("user *").add("any emergency");
    syslog.block("file messages").add("any notice");
    syslog.block("file interactive-commands").add("interactive-commands any");
    s.block("ntp").add("server 10.254.0.1");
    top("snmp").add("location lab");
    top("snmp").block("community bench").add("authorization read-only");
  }

  void interfaces() {
    Stmt& ifs = top("interfaces");
    for (size_t i = 0; i < links_.size(); ++i) {
      Stmt& phy = ifs.block(ifName(i));
      phy.add("description \"link to r" + std::to_string(links_[i].peer) + "\"");
      phy.block("unit 0").block("family inet").add("address " + links_[i].address + "/30");
    }
    // Customer-facing ports: each a /29 of its own.
    for (int c = 0; c < 6; ++c) {
      uint32_t net = (172u << 24) | (16u << 16) | (static_cast<uint32_t>(id_ % 4096) << 8) | (c << 3);
      Stmt& phy = ifs.block("xe-1/0/" + std::to_string(c));
      phy.add("description \"customer " + std::to_string(id_ * 10 + c) + "\"");
      Stmt& unit = phy.block("unit 0");
      unit.add("vlan-id " + std::to_string(100 + c));
      unit.block("family inet").add("address " + ip(net + 1) + "/29");
    }
    for (int s = 0; s < 4; ++s) {
      Stmt& phy = ifs.block("xe-2/0/" + std::to_string(s));
      phy.add("description spare");
      phy.add("disable");
    }
    ifs.block("lo0").block("unit 0").block("family inet").add("address " + loopback(id_) + "/32");
  }

  void routingOptions() {
    Stmt& ro = top("routing-options");
    ro.add("router-id " + loopback(id_));
    ro.add("autonomous-system 64500");
    for (int n = 0; n < 5; ++n)
      ro.block("static").block("route " + customerNet(n) + "/24").add("discard");
    ro.block("static").block("route 0.0.0.0/0").add("next-hop " + links_.front().peer_address);
    ro.block("aggregate").block("route 198.18.0.0/15").add("community 64500:1");
    ro.add("forwarding-table export LOAD-BALANCE");
  }

  std::string customerNet(int n) const {
    return ip((198u << 24) | (18u << 16) | (static_cast<uint32_t>((id_ * 5 + n) % 65536) << 8));
  }

  void ospf() {
    Stmt& o = top("protocols").block("ospf");
    o.add("reference-bandwidth 100g");
    o.add("export STATIC-TO-OSPF");
    Stmt& area = o.block("area 0.0.0.0");
    for (size_t i = 0; i < links_.size(); ++i) area.block("interface " + ifName(i) + ".0").add("metric " + std::to_string(10 + pick(90)));
    area.block("interface lo0.0").add("passive");
  }

  void bgp() {
    Stmt& b = top("protocols").block("bgp");
    b.add("log-updown");
    Stmt& ibgp = b.block("group IBGP");
    ibgp.add("type internal");
    ibgp.add("local-address " + loopback(id_));
    ibgp.add("family inet unicast");
    ibgp.add("import IBGP-IN");
    ibgp.add("export NEXT-HOP-SELF");
    for (int rr = 0; rr < 2; ++rr)
      if (rr != id_) ibgp.add("neighbor " + loopback(rr));
    if (reflector()) {
      Stmt& clients = b.block("group RR-CLIENTS");
      clients.add("type internal");
      clients.add("local-address " + loopback(id_));
      clients.add("cluster " + loopback(0));
      clients.add("export NEXT-HOP-SELF");
      for (int c = 2; c < std::min(routers_, 40); ++c) clients.add("neighbor " + loopback(c));
    }
    if (!hasUpstreams()) return;
    Stmt& ext = b.block("group UPSTREAM");
    ext.add("type external");
    ext.add("import [ BOGONS UPSTREAM-IN ]");
    ext.add("export UPSTREAM-OUT");
    ext.add("multipath multiple-as");
    for (int e = 0; e < 4; ++e) {
      Stmt& n = ext.block("neighbor 192.0.2." + std::to_string(e * 4 + 2));
      n.add("description \"upstream " + std::to_string(e) + "\"");
      n.add("peer-as " + std::to_string(65000 + pick(500)));
    }
  }

  void policyOptions() {
    Stmt& po = top("policy-options");
    Stmt& customers = po.block("prefix-list CUSTOMERS");
    for (int i = 0; i < 60; ++i) customers.add("198.18." + std::to_string((id_ + i) % 256) + ".0/24");
    po.block("prefix-list LOOPBACKS").add("10.255.0.0/16");
    po.block("prefix-list RR-CLUSTER").add(loopback(0) + "/32");
    po.block("prefix-list RR-CLUSTER").add(loopback(1) + "/32");

    Stmt& lb = po.block("policy-statement LOAD-BALANCE").block("then");
    lb.add("load-balance per-packet");
    Stmt& nhs = po.block("policy-statement NEXT-HOP-SELF");
    Stmt& nt = nhs.block("term bgp");
    nt.block("from").add("protocol bgp");
    nt.block("then").add("next-hop self");
    Stmt& lo = nhs.block("term loopbacks");
    lo.block("from").add("prefix-list-filter LOOPBACKS orlonger");
    lo.block("then").add("accept");

    if (hasUpstreams()) upstreamPolicies(po);
    Stmt& ibgpIn = po.block("policy-statement IBGP-IN").block("term reflector-loopbacks");
    ibgpIn.block("from").add("prefix-list RR-CLUSTER");
    ibgpIn.block("then").add("local-preference 50");

    Stmt& st = po.block("policy-statement STATIC-TO-OSPF").block("term customers");
    st.block("from").add("protocol static");
    st.block("from").add("prefix-list CUSTOMERS");
    st.block("then").add("metric 100");
    st.block("then").add("tag 7");
    st.block("then").add("accept");

  }

  // Junos AS-path regexes: whole AS numbers, AS ranges, `()` for the empty path.
  void upstreamPolicies(Stmt& po) {
    for (int i = 0; i < 4; ++i)
      po.block("community C" + std::to_string(i)).add("members 64500:" + std::to_string(100 + i));
    po.block("community TAGGED").add("members 64500:200");
    po.add("as-path PRIVATE \".* 64512-64534 .*\"");
    po.add("as-path EMPTY \"()\"");
    Stmt& bogons = po.block("policy-statement BOGONS").block("term martians");
    for (int i = 0; i < 12; ++i)
      bogons.block("from").add("route-filter " + std::to_string(10 + i * 10) + ".0.0.0/8 orlonger");
    bogons.block("from").add("route-filter 0.0.0.0/0 prefix-length-range /25-/32");
    bogons.block("then").add("reject");

    Stmt& in = po.block("policy-statement UPSTREAM-IN");
    for (int i = 0; i < 4; ++i) {
      Stmt& t = in.block("term c" + std::to_string(i));
      t.block("from").add("community C" + std::to_string(i));
      t.block("then").add("local-preference " + std::to_string(100 + i * 20));
      t.block("then").add("community add TAGGED");
      t.block("then").add("accept");
    }
    Stmt& ap = in.block("term private");
    ap.block("from").add("as-path PRIVATE");
    ap.block("then").add("metric 50");
    ap.block("then").add("accept");
    Stmt& own = in.block("term own");
    own.block("from").add("as-path EMPTY");
    own.block("then").add("reject");
    in.block("term rest").block("then").add("accept");

    Stmt& out = po.block("policy-statement UPSTREAM-OUT");
    Stmt& cust = out.block("term customers");
    cust.block("from").add("protocol [ static aggregate ]");
    cust.block("from").add("route-filter 198.18.0.0/15 upto /24");
    cust.block("then").add("as-path-prepend \"64500 64500\"");
    cust.block("then").add("accept");
    out.block("term deny").block("then").add("reject");
  }

  void firewall() {
    Stmt& f = top("firewall").block("family inet").block("filter PROTECT-RE");
    for (int i = 0; i < 10; ++i) {
      Stmt& t = f.block("term t" + std::to_string(i));
      t.block("from").add("destination-port " + std::to_string(1000 + pick(9000)));
      t.block("then").add("accept");
    }
    f.block("term rest").block("then").add("discard");
  }

  int id_;
  const std::vector<LinkEnd>& links_;
  int routers_;
  std::mt19937& rng_;
  std::vector<Stmt> top_;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: gen_junos_configs OUTDIR N [SEED]\n";
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
    ConfigBuilder b(i, links[i], n, rng);
    std::ostringstream text;
    bool setForm = i % 4 == 3;
    if (!setForm) text << "## Last commit: 2024-05-01 12:00:00 UTC by ops\nversion 21.4R3.15;\n";
    for (const auto& s : b.build()) {
      if (setForm) printSet(s, "", text);
      else printHierarchical(s, 0, text);
    }
    std::ofstream(out / "configs" / ("r" + std::to_string(i) + ".conf")) << text.str();
  }
  return 0;
}
