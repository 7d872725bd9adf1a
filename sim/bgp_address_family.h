// The BGP engine (sim/bgp_engine.cpp) is one implementation run once per address family: the
// decision process, policies, export rules, reflection and propagation are the same for IPv4
// and IPv6 unicast. What differs is collected here, as the engine's template argument: the
// prefix and routing-table types, where an address family's neighbor settings and
// originations are written, and how next hops are named, resolved and owned. The engine keeps
// a next hop as a uint32: the IPv4 address itself, or for IPv6 an index into the family's
// address table (0: none, as 0.0.0.0 is for IPv4).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/bgp_sessions.h"
#include "sim/ipv6_rib.h"
#include "sim/policy_evaluator.h"
#include "sim/redistribution_source.h"
#include "sim/rib.h"
#include "sim/topology.h"

namespace routefix::sim::detail {

struct BgpOutcome;  // bgp_engine.h
struct Ipv6BgpOutcome;

struct Ipv4Unicast {
  static constexpr bool kIpv4 = true;
  using Prefix = model::Prefix;
  using Rib = NodeRib;
  using Route = sim::Route;
  using Hop = NextHop;
  using Hops = NextHops;
  using Resolution = detail::Resolution;
  using Outcome = BgpOutcome;

  const Topology& topo;

  static Prefix defaultRoute() { return Prefix(Ipv4{0}, 0); }
  static void setPrefix(PolicySubject& s, const Prefix& p) { s.prefix = p; }
  static bool prefixListPermits(const PolicyEvaluator& pol, const std::string& list, const Prefix& p) {
    return pol.prefixListPermits(list, p);
  }
  // Where the family's settings of a neighbor statement and its originations are written.
  static const model::BgpNeighbor& settings(const model::BgpNeighbor& n) { return n; }
  static const std::vector<model::BgpNetwork>& networks(const model::BgpProcess& b) { return b.networks; }
  static const std::vector<model::Redistribution>& redistributions(const model::BgpProcess& b) {
    return b.redistributions;
  }
  static bool redistributes(const model::Redistribution& r, const Route& route) { return takenFromSource(r, route); }
  static void sortHops(std::vector<Hop>& hops) { sortNextHops(hops); }

  // A peering's address as the receiver knows the sender (the decision's last tie-break), and
  // the next hop the sender writes for itself: one IPv4 address.
  uint32_t peerAddress(uint32_t, const BgpPeering& p) const { return p.sender_address.value; }
  uint32_t selfNextHop(uint32_t, const BgpPeering& p) const { return p.sender_address.value; }
  // The receiver's interface on a link it shares with the sender, over which an IPv6 sender
  // adds its link-local next hop; IPv4 has none.
  const std::string* sharedLink(uint32_t) const { return nullptr; }
  std::optional<uint32_t> ownerNode(uint32_t hop, uint32_t from) const {
    auto o = topo.owner(Ipv4{hop}, from);
    return o ? std::optional<uint32_t>(o->node) : std::nullopt;
  }
  std::optional<Resolution> resolve(uint32_t node, const Rib& rib, uint32_t hop) const {
    return resolveNextHop(topo, node, rib, Ipv4{hop});
  }
  Hop protocolHop(uint32_t hop) const { return Hop{Ipv4{hop}, "", topo.ownerName(Ipv4{hop}), false}; }
};

// BGP IPv6 unicast over the IPv6 tables of sim/ipv6_rib.h. Peerings are numbered as given to
// Ipv6Unicast's constructor, which the engine runs unchanged (no failure scenarios).
class Ipv6Unicast {
 public:
  static constexpr bool kIpv4 = false;
  using Prefix = model::IpPrefix;
  using Rib = Ipv6Rib;
  using Route = Ipv6Route;
  using Hop = Ipv6NextHop;
  using Hops = Ipv6NextHops;
  using Resolution = Ipv6Resolution;
  using Outcome = Ipv6BgpOutcome;

  // Per peering: the address the sender's end has on the session (IPv4 for MP-BGP over an
  // IPv4 session), the global IPv6 next hop it writes for itself, and the receiver's interface
  // when the two share a link (else "").
  struct PeeringAddresses {
    model::IpAddress session;
    std::optional<model::IpAddress> self_next_hop;
    std::string shared_link;
  };
  Ipv6Unicast(const Topology& topo, const Ipv6Neighbours& neighbours,
              const std::vector<PeeringAddresses>& addresses);

  static Prefix defaultRoute() { return Prefix(model::IpAddress::v6(0, 0), 0); }
  static void setPrefix(PolicySubject& s, const Prefix& p) { s.ipv6_prefix = p; }
  static bool prefixListPermits(const PolicyEvaluator& pol, const std::string& list, const Prefix& p) {
    return pol.ipv6PrefixListPermits(list, p);
  }
  static const model::BgpNeighborIpv6& settings(const model::BgpNeighbor& n) { return n.ipv6; }
  static const std::vector<model::BgpIpv6Network>& networks(const model::BgpProcess& b) { return b.ipv6_networks; }
  static const std::vector<model::Redistribution>& redistributions(const model::BgpProcess& b) {
    return b.ipv6_redistributions;
  }
  static bool redistributes(const model::Redistribution& r, const Route& route) {
    return takenFromSource(r, route.protocol);
  }
  static void sortHops(std::vector<Hop>& hops) { sortIpv6NextHops(hops); }

  uint32_t peerAddress(uint32_t p, const BgpPeering&) const { return session_[p]; }
  uint32_t selfNextHop(uint32_t p, const BgpPeering&) const { return selfNextHop_[p]; }
  const std::string* sharedLink(uint32_t p) const {
    return sharedLink_[p].empty() ? nullptr : &sharedLink_[p];
  }
  std::optional<uint32_t> ownerNode(uint32_t hop, uint32_t from) const;
  std::optional<Resolution> resolve(uint32_t node, const Rib& rib, uint32_t hop) const;
  Hop protocolHop(uint32_t hop) const;

 private:
  uint32_t intern(const model::IpAddress& a);

  const Topology& topo_;
  const Ipv6Neighbours& neighbours_;
  std::vector<model::IpAddress> addresses_{model::IpAddress::v6(0, 0)};  // by id; 0: none
  std::map<model::IpAddress, uint32_t> ids_;
  std::vector<uint32_t> session_, selfNextHop_;  // per peering: address ids
  std::vector<std::string> sharedLink_;
};

}  // namespace routefix::sim::detail
