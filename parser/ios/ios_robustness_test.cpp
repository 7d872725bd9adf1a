// Unknown lines, banners, garbage and multi-file devices: nothing crashes, nothing is lost.
#include <doctest/doctest.h>

#include <random>

#include "parser/ios/ios_test_support.h"

namespace routefix::parser::ios::test {

using model::Prefix;

TEST_CASE("unrecognized top-level lines warn with file, line and text") {
  auto p = parseText(
      "hostname r1\n"
      "mpls ldp router-id Loopback0\n"
      "!\n"
      "service timestamps debug datetime msec\n"
      "frobnicate the widgets\n");
  REQUIRE(p.warnings.size() == 2);
  CHECK(p.warnings[0].file == "r1.cfg");
  CHECK(p.warnings[0].line == 2);
  CHECK(p.warnings[0].text == "mpls ldp router-id Loopback0");
  CHECK(p.warnings[0].message == "unrecognized syntax");
  CHECK(p.warnings[1].line == 5);
}

TEST_CASE("recognised-and-ignored IOS noise produces no warnings") {
  auto p = parseText(
      "version 15.2\n"
      "service password-encryption\n"
      "no service pad\n"
      "logging buffered 4096\n"
      "ntp server 10.0.0.1\n"
      "snmp-server community public RO\n"
      "username admin privilege 15 secret 5 $1$abc\n"
      "enable secret 5 $1$xyz\n"
      "aaa new-model\n"
      "clock timezone UTC 0\n"
      "crypto key generate rsa modulus 2048\n"
      "ip domain-name example.net\n"
      "no ip domain lookup\n"
      "ip cef\n"
      "ipv6 unicast-routing\n"
      "line con 0\n"
      " exec-timeout 0 0\n"
      " logging synchronous\n"
      "line vty 0 4\n"
      " login local\n"
      " transport input ssh\n"
      "end\n");
  CHECK(p.warnings.empty());
}

TEST_CASE("FRR framing lines are recognised") {
  auto p = parseText(
      "frr version 8.4.4\n"
      "frr defaults traditional\n"
      "hostname leaf1\n"
      "log syslog informational\n"
      "log file /var/log/frr/frr.log\n"
      "service integrated-vtysh-config\n"
      "ip forwarding\n"
      "!\n"
      "line vty\n"
      "!\n"
      "end\n",
      model::Vendor::Frr);
  CHECK(p.device.name == "leaf1");
  CHECK(p.warnings.empty());
}

TEST_CASE("a global statement ends an access-list, and lines under an ignored statement go with it") {
  // labval eos_multicast_base: `router multicast` after an access-list; iosxe_eigrp_multi_process:
  // a named-mode EIGRP `service-family` block. Before, their sub-lines warned "unrecognized".
  auto p = parseText(
      "hostname rcvr\n"
      "ip access-list standard SRC1_MCAST\n"
      "   10 permit 239.1.1.0/24\n"
      "!\n"
      "ip routing\n"
      "!\n"
      "router multicast\n"
      "   ipv4\n"
      "      routing\n"
      "!\n"
      "router eigrp NAMED\n"
      " address-family ipv4 unicast autonomous-system 100\n"
      "  network 10.0.0.0 0.0.0.255\n"
      " exit-address-family\n"
      " service-family ipv4 autonomous-system 103\n"
      "  topology base\n"
      "  exit-sf-topology\n"
      " exit-service-family\n"
      "!\n"
      "bogus line\n",
      model::Vendor::Eos);
  CHECK(warningLines(p) == std::vector<int>{20});
}

TEST_CASE("FRR timers, dampening and restart knobs in router bgp are recognised and ignored") {
  auto p = parseText(
      "router bgp 65001\n"
      " bgp conditional-advertisement timer 5\n"
      " bgp route-map delay-timer 1\n"
      " bgp suppress-fib-pending\n"
      " bgp long-lived-graceful-restart stale-time 600\n"
      " bgp graceful-restart-disable\n"
      " neighbor 192.168.1.2 remote-as 65002\n"
      " neighbor 192.168.1.2 tcp-mss 300\n"
      " neighbor 192.168.1.2 disable-link-bw-encoding-ieee\n"
      " address-family ipv4 unicast\n"
      "  bgp dampening 1 1 1 1\n"
      " exit-address-family\n"
      "!\n"
      "route-map RM permit 10\n"
      " set atomic-aggregate\n",
      model::Vendor::Frr);
  CHECK(p.warnings.empty());
  REQUIRE(p.device.bgp);
  CHECK(p.device.bgp->neighbors.size() == 1);
}

TEST_CASE("FRR `ip router-id` is the system router-id") {
  auto p = parseText(
      "hostname r1\n"
      "ip router-id 1.1.1.1\n"
      "interface lo\n ip address 10.0.0.9/32\n!\n",
      model::Vendor::Frr);
  CHECK(p.warnings.empty());
  REQUIRE(p.device.router_id);
  CHECK(p.device.router_id->str() == "1.1.1.1");
  CHECK(p.device.router_id_span.first_line == 2);
}

TEST_CASE("a multi-line banner is skipped whole, and line numbers after it stay right") {
  auto p = parseText(
      "banner motd ^C\n"
      "  Authorized access only!\n"
      "  hostname fake\n"
      "  router bgp 666\n"
      "^C\n"
      "banner login # one-line #\n"
      "bogus line\n"
      "hostname real\n");
  CHECK(p.device.name == "real");
  CHECK(p.device.hostname_span == span(8, 8));
  CHECK_FALSE(p.device.bgp);
  CHECK(warningLines(p) == std::vector<int>{7});
}

TEST_CASE("an unterminated banner warns instead of hanging") {
  auto p = parseText("hostname r\nbanner motd %\nno end in sight\n");
  CHECK(warningLines(p, "unterminated banner") == std::vector<int>{2});
  CHECK(p.device.name == "r");
}

TEST_CASE("the word banner inside a description is just a word") {
  auto p = parseText("interface e0\n description banner motd x\n ip address 10.0.0.1/24\n");
  CHECK(p.device.interfaces[0].description == "banner motd x");
  CHECK(p.device.interfaces[0].address);
  CHECK(p.warnings.empty());
}

TEST_CASE("truncated statements warn on their own lines and do not disturb neighbours") {
  auto p = parseText(
      "router bgp 65000\n"
      " neighbor 10.0.0.1 remote-as\n"
      " neighbor 10.0.0.1 route-map\n"
      " neighbor 10.0.0.2 remote-as 65001\n"
      "ip prefix-list PL seq 5 permit\n"
      "ip prefix-list PL seq 10 permit 10.0.0.0/8\n"
      "route-map RM permit\n"
      " set local-preference\n"
      " set local-preference 10\n");
  CHECK(warningLines(p) == std::vector<int>{2, 3, 5, 8});
  CHECK(p.device.prefix_lists.at("PL").entries.size() == 1);
  CHECK(p.device.route_policies.at("RM").clauses[0].sets.size() == 1);
  REQUIRE(p.device.bgp);
  CHECK(p.device.bgp->findNeighbor(*model::Ipv4::parse("10.0.0.2")));
}

// Found by the IOS fuzzer: the lexer ended lines at the lone '\r's, ANTLR did not count them,
// and the walker read a statement's words from an empty line (a null-reference UB).
TEST_CASE("lone carriage returns end lines, and warnings name the lines they are on") {
  auto p = parseText("hostname r1\rvrf context A\r\r\r\rbogus line\rinterface e0\r ip address 10.0.0.1 255.255.255.0\r");
  CHECK(p.device.name == "r1");
  REQUIRE(p.device.interfaces.size() == 1);
  CHECK(p.device.interfaces[0].address->subnet() == *Prefix::parse("10.0.0.0/24"));
  CHECK(warningLines(p) == std::vector<int>{6});
  // A vertical tab is a word for the lexer: the line is an unrecognized statement, not empty.
  CHECK(warningLines(parseText("hostname r1\n\v\nvrf context A\r\v\r")) == std::vector<int>{2, 4});
}

TEST_CASE("garbage: random bytes, NULs, invalid UTF-8, huge tokens, CRLF, no final newline") {
  std::string junk = "hostname r1\r\n";
  const char binary[] = "\x00\xff\xfe garbage \x80\x81\n";
  junk += std::string(binary, sizeof binary - 1);
  junk += "interface e0\r\n ip address 10.0.0.1 255.255.255.0\r\n";
  junk += std::string(200000, 'A') + "\n";
  junk += "ip route 10.0.0.0/8 " + std::string(5000, '9') + "\n";
  junk += "}}}}{{{{((((\n";
  junk += "router bgp 1\n neighbor 10.0.0.2 remote-as 2";
  auto p = parseText(junk);
  CHECK(p.device.name == "r1");
  REQUIRE(p.device.interfaces.size() == 1);
  CHECK(p.device.interfaces[0].address->subnet() == *Prefix::parse("10.0.0.0/24"));
  CHECK(p.device.bgp->neighbors.size() == 1);
  CHECK(warningLines(p) == std::vector<int>{2, 5, 6, 7});
}

TEST_CASE("thousands of random mutations of a valid config: warnings, never a crash") {
  const std::string base =
      "hostname r1\ninterface e0\n ip address 10.0.0.1/24\n ip ospf cost 10\n"
      "router ospf 1\n network 10.0.0.0 0.0.0.255 area 0\n"
      "router bgp 65000\n neighbor 10.0.0.2 remote-as 65001\n"
      " neighbor 10.0.0.2 route-map RM in\n address-family ipv4 unicast\n"
      "  network 10.0.0.0/24\n exit-address-family\n"
      "ip prefix-list PL seq 5 permit 10.0.0.0/8 le 24\n"
      "route-map RM permit 10\n match ip address prefix-list PL\n set local-preference 200\n"
      "banner motd ^C hi ^C\nip route 0.0.0.0/0 10.0.0.2\n";
  std::mt19937 rng(42);
  size_t warned = 0;
  for (int i = 0; i < 2000; ++i) {
    std::string text = base;
    int edits = 1 + static_cast<int>(rng() % 6);
    for (int e = 0; e < edits; ++e) {
      size_t pos = rng() % text.size();
      switch (rng() % 4) {
        case 0: text[pos] = static_cast<char>(rng() % 256); break;
        case 1: text.erase(pos, rng() % 20); break;
        case 2: text.insert(pos, std::string(rng() % 50, static_cast<char>(rng() % 256))); break;
        case 3: text = text.substr(0, pos); break;
      }
      if (text.empty()) text = "x";
    }
    auto p = parseText(text, i % 2 ? model::Vendor::Frr : model::Vendor::Ios);
    for (const auto& w : p.warnings) CHECK(w.line >= 1);
    warned += !p.warnings.empty();
  }
  CHECK(warned > 500);  // the mutations do break lines, and it shows
}

TEST_CASE("FRR split config: zebra.conf + ospfd.conf + bgpd.conf merge into one device") {
  std::vector<ConfigFile> files = {
      {"r1/zebra.conf",
       "hostname r1\ninterface eth0\n ip address 10.0.0.1/30\n!\ninterface lo\n ip address 1.1.1.1/32\n"},
      {"r1/ospfd.conf",
       "hostname r1\ninterface eth0\n ip ospf cost 7\n ip ospf area 0\n!\nrouter ospf\n ospf router-id 1.1.1.1\n"
       " redistribute connected route-map LO\n!\nroute-map LO permit 10\n match interface lo\n"},
      {"r1/bgpd.conf",
       "hostname r1\nrouter bgp 65001\n neighbor 10.0.0.2 remote-as 65002\n!\n"
       "route-map LO permit 10\n match interface lo\n"},
  };
  auto p = parseIosFamily(files, model::Vendor::Frr);
  CHECK(p.device.name == "r1");
  CHECK(p.device.files == std::vector<std::string>{"r1/zebra.conf", "r1/ospfd.conf", "r1/bgpd.conf"});
  REQUIRE(p.device.interfaces.size() == 2);
  const auto& eth0 = p.device.interfaces[0];
  CHECK(eth0.address->span == span(3, 3, "r1/zebra.conf"));
  CHECK(eth0.ospf_cost == 7u);
  CHECK(eth0.ospf_cost_span == span(3, 3, "r1/ospfd.conf"));
  CHECK(eth0.ospf_area == 0u);
  CHECK(eth0.span.file == "r1/zebra.conf");
  REQUIRE(p.device.ospf);
  CHECK(p.device.ospf->span == span(6, 8, "r1/ospfd.conf"));
  REQUIRE(p.device.bgp);
  CHECK(p.device.bgp->span == span(2, 3, "r1/bgpd.conf"));
  // The per-daemon copies of a route-map are one policy, defined where it first appeared.
  const auto& lo = p.device.route_policies.at("LO");
  REQUIRE(lo.clauses.size() == 1);
  CHECK(lo.clauses[0].matches.size() == 1);
  CHECK(lo.span.file == "r1/ospfd.conf");
  CHECK(p.warnings.empty());
}

TEST_CASE("FRR split config with conflicting copies of a route-map warns") {
  std::vector<ConfigFile> files = {
      {"a.conf", "route-map X permit 10\n set metric 5\n"},
      {"b.conf", "route-map X permit 10\n set metric 6\n"},
  };
  auto p = parseIosFamily(files, model::Vendor::Frr);
  REQUIRE(p.warnings.size() == 1);
  CHECK(p.warnings[0].file == "b.conf");
  CHECK(p.warnings[0].line == 1);
  CHECK(p.warnings[0].message.find("a.conf") != std::string::npos);
  CHECK(p.device.route_policies.at("X").clauses[0].sets[0].value == 5);
}

TEST_CASE("different hostnames across the files of one device warn") {
  auto p = parseIosFamily({{"a.conf", "hostname a\n"}, {"b.conf", "hostname b\n"}}, model::Vendor::Frr);
  CHECK(p.device.name == "a");
  CHECK(warningLines(p, "differs") == std::vector<int>{1});
  CHECK(p.warnings[0].file == "b.conf");
}

TEST_CASE("an empty file parses to an empty device") {
  auto p = parseText("");
  CHECK(p.device.interfaces.empty());
  CHECK(p.warnings.empty());
}

}  // namespace routefix::parser::ios::test
