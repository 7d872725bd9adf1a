// IPv6 routing tables (issue 16): connected and static IPv6 routes per device and VRF, and
// the BGP IPv6 unicast routes of sim/bgp_ipv6.h. They sit beside the IPv4 tables
// (DataPlane::ribs) rather than in them: the IPv4 stages (OSPF, the symbolic engine) key on
// the uint32 model::Prefix; forwarding walks either (sim/forwarding_step.h). IPv6 routes
// depend on IPv4 only through the IPv4 sessions that carry IPv6 (MP-BGP); no IPv6 route
// changes an IPv4 one.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/ip_address.h"
#include "model/network.h"
#include "sim/shared_list.h"

namespace routefix::sim {

enum class Protocol : uint8_t;  // dataplane.h

struct Ipv6NextHop {
  std::optional<model::IpAddress> ip;  // none for connected routes and interface statics
  std::string interface;               // egress interface on this node
  std::string node;                    // the device across the link owning `ip`, or ""
  bool discard = false;                // Null0 / blackhole
  auto operator<=>(const Ipv6NextHop&) const = default;
};

// Shared between routes as IPv4's NextHops are: a dual-stack fat-tree's routes each held
// their own copy of the same ECMP set, 13 times the IPv4 tables' memory at k=32.
using Ipv6NextHops = SharedList<Ipv6NextHop>;

struct Ipv6Route {
  model::IpPrefix prefix;
  Protocol protocol{};  // Connected
  Ipv6NextHops next_hops;  // ECMP next hops together, sorted
  // As Route::protocol_next_hops: a recursive static's configured next hops, a learned BGP
  // route's BGP next hops (no interface).
  Ipv6NextHops protocol_next_hops;
  uint32_t admin_distance = 0;
  uint32_t metric = 0;
  // BGP attributes (BGP IPv6 unicast routes; empty for the others), as Route's.
  SharedList<uint32_t> as_path;
  std::optional<uint32_t> local_pref;
  SharedList<model::Community> communities;
  std::optional<uint32_t> weight;
  uint8_t origin = 0;
  SharedValue<std::string> received_from;
  SharedValue<model::SourceSpan> origin_span;
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

// Who sits across each interface (the snapshot's links but `failed`), to name a next hop's
// device, and which device owns each global IPv6 address.
class Ipv6Neighbours {
 public:
  explicit Ipv6Neighbours(const model::Network& network, const std::set<model::Link>& failed = {});

  // The device across `interface` of `device` whose far interface has `ip` (link-local
  // addresses included: they are unique on their link only); "" when none does.
  std::string nodeBehind(const std::string& device, const std::string& interface,
                         const model::IpAddress& ip) const;
  // The device with this global address, or "".
  std::string owner(const model::IpAddress& ip) const;

 private:
  const model::Network& network_;
  std::map<std::pair<std::string, std::string>, std::vector<std::pair<std::string, std::string>>> ends_;
  std::map<model::IpAddress, std::string> owners_;
};

// How a next-hop address is reached (IPv4's Resolution, sim/rib.h): the forwarding next hops,
// the metric of the route used, and whether the address is on a connected subnet.
struct Ipv6Resolution {
  Ipv6NextHops next_hops;
  uint32_t metric = 0;
  bool connected = false;
};

// `address` resolved in `rib` of `device`, recursively through the routes' own next hops,
// never over `excluded` (a static does not resolve over itself) and, where the vendor says so
// (FRR), not over the default route.
std::optional<Ipv6Resolution> resolveIpv6NextHop(const model::Device& device, const Ipv6Neighbours& neighbours,
                                                 const Ipv6Rib& rib, const model::IpAddress& address,
                                                 std::optional<model::IpPrefix> excluded = {});

// Per prefix the candidate of the lowest distance, then protocol, then the one listed first.
Ipv6Rib selectIpv6Installed(const std::vector<Ipv6Route>& candidates);
void sortIpv6NextHops(std::vector<Ipv6NextHop>& hops);

// Connected routes of up interfaces' global addresses (link-local subnets are never routes;
// IOS-style vendors add the /128 local route of each address), and static routes whose next
// hop resolves, recursively, in the table (a link-local next hop needs its interface). Per
// prefix the lowest distance wins, connected before static. Failures of links change none of
// them, as IPv4's connected and static routes do not change.
Ipv6Tables computeIpv6Tables(const model::Network& network);

}  // namespace routefix::sim
