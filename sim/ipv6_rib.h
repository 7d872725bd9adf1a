// IPv6 routing tables (issue 16, first slice): connected and static IPv6 routes per device
// and VRF. They sit beside the IPv4 tables (DataPlane::ribs) rather than in them: the IPv4
// stages (BGP, OSPF, forwarding, the symbolic engine) key on the uint32 model::Prefix, and
// IPv6 routes here depend on no IPv4 route, so neither family changes the other's results.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/ip_address.h"
#include "model/network.h"

namespace routefix::sim {

enum class Protocol;  // dataplane.h

struct Ipv6NextHop {
  std::optional<model::IpAddress> ip;  // none for connected routes and interface statics
  std::string interface;               // egress interface on this node
  std::string node;                    // the device across the link owning `ip`, or ""
  bool discard = false;                // Null0 / blackhole
  auto operator<=>(const Ipv6NextHop&) const = default;
};

struct Ipv6Route {
  model::IpPrefix prefix;
  Protocol protocol{};  // Connected
  std::vector<Ipv6NextHop> next_hops;  // ECMP next hops together, sorted
  // As Route::protocol_next_hops: a recursive static's configured next hops (no interface).
  std::vector<Ipv6NextHop> protocol_next_hops;
  uint32_t admin_distance = 0;
  uint32_t metric = 0;
  model::SourceSpan origin_span;
  bool operator==(const Ipv6Route&) const = default;
};

// One table's installed routes, sorted by prefix.
class Ipv6Rib {
 public:
  Ipv6Rib() = default;
  explicit Ipv6Rib(std::vector<Ipv6Route> sortedRoutes) : routes_(std::move(sortedRoutes)) {}

  const std::vector<Ipv6Route>& routes() const { return routes_; }
  const Ipv6Route* exact(const model::IpPrefix& p) const;
  const Ipv6Route* longestMatch(const model::IpAddress& address) const;

 private:
  std::vector<Ipv6Route> routes_;
};

struct Ipv6Tables {
  // Devices that route IPv6 (Device::ipv6_unicast_routing) and have an IPv6 address or route:
  // their default VRF's table, and their named VRFs' tables (device -> VRF -> table).
  std::map<std::string, Ipv6Rib> ribs;
  std::map<std::string, std::map<std::string, Ipv6Rib>> vrf_ribs;
};

// Connected routes of up interfaces' global addresses (link-local subnets are never routes;
// IOS-style vendors add the /128 local route of each address), and static routes whose next
// hop resolves, recursively, in the table (a link-local next hop needs its interface). Per
// prefix the lowest distance wins, connected before static. Failures of links change none of
// them, as IPv4's connected and static routes do not change.
Ipv6Tables computeIpv6Tables(const model::Network& network);

}  // namespace routefix::sim
