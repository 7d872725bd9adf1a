#include "parser/ios/ignored_statements.h"

#include <map>

#include "parser/ios/config_values.h"

namespace routefix::parser::ios {

namespace {

// Each entry is a leading-word pattern; "*" matches any one word.
using Pattern = std::vector<std::string>;

const std::map<IgnoreScope, std::vector<Pattern>>& ignoredPatterns() {
  static const std::map<IgnoreScope, std::vector<Pattern>> patterns = {
      {IgnoreScope::Global,
       {
           // Management plane: no effect on routing.
           {"service"}, {"no", "service"}, {"logging"}, {"no", "logging"}, {"ntp"}, {"snmp-server"},
           {"no", "snmp-server"}, {"username"}, {"enable"}, {"aaa"}, {"no", "aaa"}, {"clock"},
           {"crypto"}, {"version"}, {"boot"}, {"boot-start-marker"}, {"boot-end-marker"},
           {"line"}, {"password"}, {"login"}, {"tacacs-server"}, {"tacacs"}, {"radius-server"},
           {"radius"}, {"privilege"}, {"alias"}, {"archive"}, {"event"}, {"scheduler"},
           {"exception"}, {"memory-size"}, {"license"}, {"redundancy"}, {"control-plane"},
           {"multilink"}, {"spanning-tree"}, {"vtp"}, {"hardware"}, {"platform"}, {"cdp"},
           {"no", "cdp"}, {"lldp"}, {"no", "lldp"}, {"errdisable"}, {"diagnostic"},
           {"transceiver"}, {"key"}, {"class-map"}, {"policy-map"}, {"mac"}, {"vlan"},
           {"ip", "domain-name"}, {"ip", "domain"}, {"ip", "domain-lookup"},
           {"no", "ip", "domain-lookup"}, {"no", "ip", "domain"}, {"ip", "name-server"},
           {"ip", "cef"}, {"no", "ip", "cef"}, {"ip", "ssh"}, {"ip", "scp"}, {"ip", "http"},
           {"no", "ip", "http"}, {"ip", "ftp"}, {"ip", "tftp"}, {"ip", "classless"},
           {"ip", "subnet-zero"}, {"no", "ip", "source-route"}, {"ip", "source-route"},
           {"no", "ip", "bootp"}, {"ip", "finger"}, {"no", "ip", "finger"}, {"ip", "forward-protocol"},
           {"ip", "bgp-community", "new-format"}, {"ip", "dhcp"}, {"no", "ip", "dhcp"},
           {"ip", "routing"}, {"ip", "multicast-routing"}, {"no", "ip", "gratuitous-arps"},
           // IPv6 statements the model does not hold yet (OSPFv3, neighbour discovery, IPv6
           // ACLs, `ipv6 forwarding`); addresses, static routes, prefix-lists and
           // `ipv6 unicast-routing` are parsed (config_walker_ipv6.cpp).
           {"ipv6"}, {"no", "ipv6"},
           // FRR framing and daemon housekeeping.
           {"frr", "version"}, {"log"}, {"no", "log"}, {"debug"}, {"no", "debug"}, {"agentx"},
           {"ip", "forwarding"}, {"no", "ip", "forwarding"}, {"zebra"}, {"table"},
           {"ip", "protocol"}, {"route-map", "delay-timer"}, {"ip", "nht"},
           {"no", "zebra"}, {"bgp", "no-rib"}, {"bgp", "update-delay"},
           // EOS / NX-OS platform, overlay and management stanzas.
           {"feature"}, {"vdc"}, {"rmon"}, {"copp"}, {"system"}, {"transceiver"}, {"management"},
           {"daemon"}, {"mlag"}, {"ip", "virtual-router"}, {"no", "password"}, {"nv"}, {"evpn"},
           {"fabric"}, {"no", "spanning-tree"}, {"ip", "igmp"}, {"ip", "pim"}, {"router", "pim"},
           {"router", "multicast"}, {"dns"}, {"queue-monitor"}, {"interface", "defaults"},
           // IOS `show running-config` framing and platform housekeeping.
           {"building", "configuration..."}, {"current", "configuration"}, {"no", "scheduler"},
           {"mmi"}, {"no", "mmi"}, {"ip", "tcp"}, {"ip", "icmp"}, {"no", "ip", "icmp"},
           {"no", "platform"}, {"virtual-service"}, {"subscriber"},
           // IOS-XE Performance Routing (`domain default` and its block): path control for
           // traffic, not routes in the RIB.
           {"domain"},
       }},
      {IgnoreScope::Interface,
       {
           {"duplex"}, {"speed"}, {"negotiation"}, {"no", "negotiation"}, {"mtu"}, {"ip", "mtu"},
           {"ip", "redirects"}, {"no", "ip", "redirects"}, {"ip", "unreachables"},
           {"no", "ip", "unreachables"}, {"ip", "proxy-arp"}, {"no", "ip", "proxy-arp"},
           {"ip", "route-cache"}, {"no", "ip", "route-cache"}, {"ip", "tcp"}, {"ip", "mroute-cache"},
           {"no", "ip", "mroute-cache"}, {"ip", "directed-broadcast"},
           {"no", "ip", "directed-broadcast"}, {"ipv6"}, {"no", "ipv6"}, {"load-interval"},
           {"cdp"}, {"no", "cdp"}, {"lldp"}, {"no", "lldp"}, {"keepalive"}, {"no", "keepalive"},
           {"media-type"}, {"mop"}, {"no", "mop"}, {"link-detect"}, {"no", "link-detect"},
           {"encapsulation"}, {"switchport"}, {"spanning-tree"}, {"channel-group"},
           {"logging"}, {"no", "logging"}, {"snmp"}, {"no", "snmp"}, {"carrier-delay"},
           {"hold-queue"}, {"service-policy"}, {"arp"}, {"storm-control"}, {"standby"}, {"vrrp"},
           {"bfd"}, {"no", "description"}, {"ip", "ospf", "hello-interval"},
           {"ip", "ospf", "dead-interval"}, {"ip", "ospf", "authentication"},
           {"ip", "ospf", "authentication-key"}, {"ip", "ospf", "message-digest-key"},
           {"ip", "ospf", "priority"}, {"ip", "ospf", "retransmit-interval"},
           {"ip", "ospf", "transmit-delay"}, {"ip", "ospf", "bfd"}, {"ip", "ospf", "mtu-ignore"},
           {"no", "ip", "ospf", "*"}, {"evpn"}, {"multicast"}, {"pim"},
           // OSPFv3 timers and adjacency details (the other `ipv6 ospf[6]` lines are modelled
           // or warned about: they are exempt from the blanket {"ipv6"} above).
           {"ipv6", "ospf6", "hello-interval"}, {"ipv6", "ospf6", "dead-interval"},
           {"ipv6", "ospf6", "retransmit-interval"}, {"ipv6", "ospf6", "transmit-delay"},
           {"ipv6", "ospf6", "priority"}, {"ipv6", "ospf6", "instance-id"}, {"ipv6", "ospf6", "mtu-ignore"},
           {"ipv6", "ospf6", "bfd"}, {"ipv6", "ospf", "hello-interval"}, {"ipv6", "ospf", "dead-interval"},
           {"ipv6", "ospf", "retransmit-interval"}, {"ipv6", "ospf", "transmit-delay"},
           {"ipv6", "ospf", "priority"}, {"ipv6", "ospf", "mtu-ignore"}, {"ipv6", "ospf", "bfd"},
           {"ipv6", "ospf", "authentication"}, {"ipv6", "ospf", "encryption"},
           // EOS / NX-OS: layer 2 mode, MLAG, anycast gateways, VXLAN.
           {"no", "switchport"}, {"mlag"}, {"ip", "virtual-router"}, {"vn-segment"},
           {"member"}, {"host-reachability"}, {"source-interface"}, {"autostate"},
           {"no", "autostate"}, {"ip", "igmp"}, {"ip", "pim"}, {"mac-address"}, {"fabric"},
           {"flowcontrol"}, {"vxlan"}, {"suppress-arp"}, {"ingress-replication"},
           {"mcast-group"}, {"ip", "virtual-reassembly"}, {"no", "ip", "virtual-reassembly"},
           // Tunnel encapsulation: the tunnel's own address is what routing sees.
           {"tunnel"},
       }},
      {IgnoreScope::RouterBgp,
       {
           {"bgp", "log-neighbor-changes"}, {"no", "bgp", "log-neighbor-changes"},
           {"bgp", "graceful-restart"}, {"no", "bgp", "graceful-restart"},
           {"bgp", "fast-external-failover"}, {"no", "bgp", "fast-external-failover"},
           {"bgp", "suppress-duplicates"}, {"no", "bgp", "suppress-duplicates"},
           {"no", "bgp", "hard-administrative-reset"}, {"bgp", "hard-administrative-reset"},
           {"bgp", "update-delay"}, {"bgp", "default", "show-hostname"}, {"bgp", "show-hostname"},
           {"no", "bgp", "default", "show-hostname"}, {"no", "bgp", "show-hostname"},
           {"bgp", "default", "show-nexthop-hostname"}, {"no", "bgp", "default", "show-nexthop-hostname"},
           {"bgp", "scan-time"}, {"bgp", "nexthop", "trigger"}, {"timers"}, {"no", "timers"},
           {"synchronization"}, {"no", "synchronization"}, {"auto-summary"},
           {"no", "auto-summary"}, {"coalesce-time"}, {"update-delay"}, {"write-quanta"},
           {"read-quanta"}, {"log-neighbor-changes"}, {"graceful-restart"},
           {"bgp", "router-id", "vrf"},
           // FRR timers and restart/dampening knobs: how fast and how gracefully routes
           // change, not which routes a converged, flap-free network selects.
           {"bgp", "conditional-advertisement", "timer"}, {"bgp", "route-map", "delay-timer"},
           {"bgp", "suppress-fib-pending"}, {"bgp", "long-lived-graceful-restart"},
           {"bgp", "graceful-restart-disable"}, {"bgp", "dampening"}, {"no", "bgp", "dampening"},
           // FRR 8.4's default (bgpd.c: reject_as_sets false); FRR 10 turned it on.
           {"no", "bgp", "reject-as-sets"},
       }},
      {IgnoreScope::BgpNeighbor,
       {
           {"password"}, {"timers"}, {"soft-reconfiguration"}, {"capability"},
           {"advertisement-interval"}, {"bfd"}, {"version"}, {"fall-over"}, {"ttl-security"},
           {"disable-connected-check"}, {"maximum-prefix"}, {"solo"}, {"enforce-first-as"},
           {"strict-capability-match"}, {"dont-capability-negotiate"}, {"override-capability"},
           {"log-neighbor-changes"}, {"graceful-restart"}, {"maximum-routes"},
           {"maximum-accepted-routes"}, {"idle-restart-timer"}, {"tcp-mss"}, {"dampening"},
           {"graceful-restart-disable"},
           // FRR: how the link-bandwidth extended community is encoded (weights of weighted
           // ECMP, which the RIB's next-hop set does not show).
           {"disable-link-bw-encoding-ieee"},
           // EOS: IPv4 routes with IPv6 next hops (RFC 5549), which every unnumbered session
           // of the model carries.
           {"next-hop", "address-family", "ipv6"},
       }},
      {IgnoreScope::RouterOspf,
       {
           {"log-adjacency-changes"}, {"no", "log-adjacency-changes"}, {"timers"},
           {"area", "*", "authentication"}, {"ospf", "abr-type"}, {"capability"},
           {"compatible"}, {"ospf", "rfc1583compatibility"}, {"nsf"}, {"bfd"},
           {"graceful-restart"}, {"ispf"}, {"ospf", "log-adjacency-changes"}, {"max-lsa"},
       }},
      // Classless (`no auto-summary`, the IOS-XE default) is what the model does; timers,
      // NSF and the metric's MTU/hop limits do not change which routes are chosen.
      // Named mode's `service-family` block is EIGRP Service Advertisement Framework, not routing.
      {IgnoreScope::RouterEigrp,
       {{"no", "auto-summary"}, {"timers"}, {"nsf"}, {"bfd"}, {"graceful-restart"}, {"metric", "maximum-hops"},
        {"service-family"}, {"exit-service-family"}}},
      // ATOMIC_AGGREGATE only informs: no vendor selects or filters on it.
      {IgnoreScope::RouteMap, {{"no", "description"}, {"set", "atomic-aggregate"}}},
  };
  return patterns;
}

bool matches(const Pattern& pattern, const std::vector<std::string>& words) {
  if (words.size() < pattern.size()) return false;
  for (size_t i = 0; i < pattern.size(); ++i)
    if (pattern[i] != "*" && pattern[i] != words[i]) return false;
  return true;
}

}  // namespace

bool isIgnoredStatement(IgnoreScope scope, const std::vector<std::string>& words) {
  // OSPFv3 lines (`ipv6 ospf[6] ...`, `ipv6 router ospf ...`) shape routing: ignored only when
  // listed by their own words, never by the blanket {"ipv6"} patterns.
  size_t at = !words.empty() && words[0] == "no" ? 1 : 0;
  bool ospfv3 = words.size() > at + 1 && words[at] == "ipv6" &&
                (words[at + 1] == "ospf" || words[at + 1] == "ospf6" ||
                 (words[at + 1] == "router" && words.size() > at + 2 && words[at + 2] == "ospf"));
  for (const auto& p : ignoredPatterns().at(scope))
    if (matches(p, words) && !(ospfv3 && p.size() <= at + 1)) return true;
  return false;
}

// A vertical tab is part of a word for the lexer, so a line holding only one has a word here too.
std::vector<std::string> splitWordsAsWritten(const std::string& line) {
  std::vector<std::string> words;
  static constexpr const char* kSeparators = " \t\f";
  for (size_t start = line.find_first_not_of(kSeparators); start != std::string::npos;) {
    size_t end = line.find_first_of(kSeparators, start);
    words.push_back(line.substr(start, end == std::string::npos ? std::string::npos : end - start));
    start = end == std::string::npos ? end : line.find_first_not_of(kSeparators, end);
  }
  return words;
}

std::vector<std::string> splitWords(const std::string& line) {
  auto words = splitWordsAsWritten(line);
  for (auto& w : words) w = toLower(w);
  return words;
}

}  // namespace routefix::parser::ios
