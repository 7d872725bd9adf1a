#include <doctest/doctest.h>

#include "parser/parser.h"

using routefix::model::Vendor;
using routefix::parser::ConfigFile;
using routefix::parser::detectVendor;

namespace {
Vendor detect(const std::string& text, const std::string& path = "configs/r1.cfg") {
  return detectVendor({ConfigFile{path, text}});
}
}  // namespace

TEST_CASE("an IOS running-config is detected as IOS") {
  CHECK(detect("!\nversion 15.2\nservice timestamps debug datetime msec\nhostname r1\n!\n"
               "interface GigabitEthernet0/1\n ip address 10.0.0.1 255.255.255.252\n!\n"
               "router bgp 65001\n neighbor 10.0.0.2 remote-as 65002\n"
               " address-family ipv4\n  neighbor 10.0.0.2 activate\n exit-address-family\n!\nend\n") ==
        Vendor::Ios);
}

TEST_CASE("a file without any distinctive line defaults to IOS") {
  CHECK(detect("hostname r1\n") == Vendor::Ios);
  CHECK(detect("") == Vendor::Ios);
}

TEST_CASE("FRR is recognised by its banner, its A/len addresses, or its file names") {
  CHECK(detect("frr version 8.4\nfrr defaults traditional\nhostname r1\n") == Vendor::Frr);
  CHECK(detect("hostname r1\nservice integrated-vtysh-config\n") == Vendor::Frr);
  CHECK(detect("hostname leaf1\n!\ninterface eth0\n ip address 10.0.0.1/31\nexit\n!\n"
               "router bgp 65001\n neighbor 10.0.0.0 remote-as external\nexit\n") == Vendor::Frr);
  CHECK(detect("ip route 10.9.0.0/16 blackhole\n") == Vendor::Frr);
  CHECK(detect("router bgp 65001\n neighbor 10.0.0.2 remote-as 65002\n",
               "configs/r1/bgpd.conf") == Vendor::Frr);
  CHECK(detect("interface eth0\n ip address 10.0.0.1/24\n", "configs/r1/ZEBRA.CONF") == Vendor::Frr);
}

TEST_CASE("one FRR file of a split device makes the whole device FRR") {
  std::vector<ConfigFile> files = {{"configs/r1/a.conf", "hostname r1\n"},
                                   {"configs/r1/b.conf", "interface eth0\n ip address 10.1.1.1/24\n"}};
  CHECK(detectVendor(files) == Vendor::Frr);
}

TEST_CASE("Junos is recognised in hierarchical and set form") {
  CHECK(detect("version 20.4R3.8;\nsystem {\n    host-name r1;\n}\n") == Vendor::Junos);
  CHECK(detect("system {\n    host-name r1;\n}\ninterfaces {\n    ge-0/0/0 {\n        unit 0 {\n"
               "            family inet {\n                address 10.0.0.1/30;\n            }\n"
               "        }\n    }\n}\n") == Vendor::Junos);
  CHECK(detect("set system host-name r1\nset interfaces ge-0/0/0 unit 0 family inet address 10.0.0.1/30\n"
               "set protocols bgp group ext neighbor 10.0.0.2 peer-as 65002\n") == Vendor::Junos);
}

TEST_CASE("braces inside an IOS banner do not make it Junos") {
  CHECK(detect("hostname r1\nbanner motd ^C\n{ authorised access only; }\n^C\n"
               "interface GigabitEthernet0/0\n ip address 10.0.0.1 255.255.255.0\n!\nend\n") == Vendor::Ios);
}

TEST_CASE("IOS route-map `set` lines, even unindented, are not Junos set commands") {
  CHECK(detect("route-map RM permit 10\nset local-preference 200\nset community 65000:1\n"
               "set metric 10\n") == Vendor::Ios);
}
