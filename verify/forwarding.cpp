#include "verify/forwarding.h"

#include <algorithm>
#include <cctype>

namespace routefix::verify {

namespace {

bool sameName(const std::string& a, const std::string& b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// Adds the cut points of the interval [first, last] if it lies strictly inside [lo, hi].
template <class Int>
void addCuts(Int lo, Int hi, Int first, Int last, std::set<Int>& cuts) {
  if (last < lo || first > hi) return;
  if (first > lo) cuts.insert(first);
  if (last < hi) cuts.insert(last + 1);
}

// One address of each interval the cuts (the first of them lo) make of [lo, hi]: its first
// one, or the second when the first is the destination's network address and the interval
// has more. Same forwarding, and it reads like the address an operator would test.
template <class Int>
std::vector<Int> pickPerInterval(const std::set<Int>& cuts, Int hi, bool avoidNetworkAddress) {
  std::vector<Int> picks;
  for (auto it = cuts.begin(); it != cuts.end(); ++it) {
    Int start = *it;
    Int last = std::next(it) == cuts.end() ? hi : *std::next(it) - 1;
    bool networkAddress = avoidNetworkAddress && it == cuts.begin();
    picks.push_back(networkAddress && last > start ? start + 1 : start);
  }
  return picks;
}

using Uint128 = unsigned __int128;

Uint128 value(const model::IpAddress& a) { return Uint128{a.hi} << 64 | a.lo; }
Uint128 lastValue(const model::IpPrefix& p) {
  Uint128 host = p.length >= 128 ? 0 : ~Uint128{0} >> p.length;
  return value(p.address) | host;
}

// The IPv6 case: cut at the IPv6 routes inside the destination (no ACL filters IPv6 packets).
std::vector<model::IpAddress> ipv6Representatives(const sim::DataPlane& dataPlane, const model::IpPrefix& destination) {
  Uint128 lo = value(destination.address), hi = lastValue(destination);
  std::set<Uint128> cuts = {lo};
  for (const auto& [node, rib] : dataPlane.ipv6.ribs) {
    const auto& routes = rib.routes();
    auto it = std::lower_bound(routes.begin(), routes.end(), destination,
                               [](const sim::Ipv6Route& r, const model::IpPrefix& p) { return r.prefix < p; });
    for (; it != routes.end() && destination.contains(it->prefix); ++it)
      if (it->prefix.length > destination.length) addCuts(lo, hi, value(it->prefix.address), lastValue(it->prefix), cuts);
  }
  std::vector<model::IpAddress> out;
  for (Uint128 pick : pickPerInterval(cuts, hi, destination.length < 127))
    out.push_back(model::IpAddress::v6(static_cast<uint64_t>(pick >> 64), static_cast<uint64_t>(pick)));
  return out;
}

}  // namespace

std::vector<model::Ipv4> representativeAddresses(const model::Network& network,
                                                 const sim::DataPlane& dataPlane,
                                                 const model::Prefix& destination) {
  uint64_t lo = destination.address.value, hi = destination.lastAddress().value;
  std::set<uint64_t> cuts = {lo};
  for (const auto& [node, rib] : dataPlane.ribs) {
    // Routes sort by address, then length: the ones inside `destination` follow it directly.
    const auto& routes = rib.routes();
    auto it = std::lower_bound(routes.begin(), routes.end(), destination,
                               [](const sim::Route& r, const model::Prefix& p) { return r.prefix < p; });
    for (; it != routes.end() && destination.contains(it->prefix); ++it)
      if (it->prefix.length > destination.length)
        addCuts<uint64_t>(lo, hi, it->prefix.address.value, it->prefix.lastAddress().value, cuts);
  }
  for (const auto& device : network.devices)
    for (const auto& [name, acl] : device.access_lists)
      for (const auto& e : acl.entries) {
        // Contiguous high-order part of the wildcard: the covering prefix of the range.
        uint32_t care = ~e.destination.wildcard;
        uint8_t len = 0;
        while (len < 32 && (care & (0x80000000u >> len))) ++len;
        model::Prefix range(e.destination.address, len);
        addCuts<uint64_t>(lo, hi, range.address.value, range.lastAddress().value, cuts);
      }
  std::vector<model::Ipv4> reps;
  for (uint64_t pick : pickPerInterval(cuts, hi, destination.length < 31))
    reps.push_back(model::Ipv4{static_cast<uint32_t>(pick)});
  return reps;
}

std::vector<model::IpAddress> representativeAddresses(const model::Network& network,
                                                      const sim::DataPlane& dataPlane,
                                                      const model::IpPrefix& destination) {
  if (!destination.address.isV4()) return ipv6Representatives(dataPlane, destination);
  std::vector<model::IpAddress> out;
  for (auto a : representativeAddresses(network, dataPlane, destination.v4())) out.push_back(model::IpAddress::fromV4(a));
  return out;
}

namespace {

std::string endKey(const std::string& node, const std::string& interface) {
  std::string key = node + '\0' + interface;
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

}  // namespace

LinkIndex::LinkIndex(const model::Network& network) {
  for (const auto& l : network.links) {
    byEnd_.emplace(endKey(l.a, l.a_interface), &l);
    byEnd_.emplace(endKey(l.b, l.b_interface), &l);
  }
}

const model::Link* LinkIndex::at(const std::string& node, const std::string& interface) const {
  auto it = byEnd_.find(endKey(node, interface));
  return it == byEnd_.end() ? nullptr : it->second;
}

std::vector<model::Link> linksBetween(const model::Network& network, const std::string& a,
                                      const std::string& b) {
  std::vector<model::Link> out;
  for (const auto& l : network.links)
    if ((sameName(l.a, a) && sameName(l.b, b)) || (sameName(l.a, b) && sameName(l.b, a)))
      out.push_back(l);
  return out;
}

namespace {

// Per table the prefixes learned by BGP or OSPF and the connected subnets of 8 addresses or
// more (a /29, a /125). Ribs: the IPv4 or the IPv6 tables of a data plane.
template <class Prefix, class Ribs>
std::set<Prefix> destinationsIn(const Ribs& ribs, uint8_t longestSubnet) {
  std::set<Prefix> out;
  for (const auto& [node, rib] : ribs)
    for (const auto& r : rib.routes()) {
      std::string family = protocolFamily(r.protocol);
      if (family == "bgp" || family == "ospf" || (r.protocol == sim::Protocol::Connected && r.prefix.length <= longestSubnet))
        out.insert(r.prefix);
    }
  return out;
}

}  // namespace

std::set<model::Prefix> trafficDestinations(const sim::DataPlane& dataPlane) {
  return destinationsIn<model::Prefix>(dataPlane.ribs, 29);
}

std::set<model::IpPrefix> ipv6TrafficDestinations(const sim::DataPlane& dataPlane) {
  return destinationsIn<model::IpPrefix>(dataPlane.ipv6.ribs, 125);
}

std::string protocolFamily(sim::Protocol p) {
  switch (p) {
    case sim::Protocol::Bgp:
    case sim::Protocol::Ibgp:
    case sim::Protocol::Aggregate: return "bgp";
    case sim::Protocol::Ospf:
    case sim::Protocol::OspfInterArea:
    case sim::Protocol::OspfE1:
    case sim::Protocol::OspfE2: return "ospf";
    case sim::Protocol::Connected:
    case sim::Protocol::Local: return "connected";
    case sim::Protocol::Static: return "static";
    case sim::Protocol::Eigrp:
    case sim::Protocol::EigrpExternal: return "eigrp";
  }
  return "unknown";
}

std::vector<std::string> nodesOf(const sim::TracePath& path) {
  std::vector<std::string> nodes;
  for (const auto& h : path.hops) nodes.push_back(h.node);
  return nodes;
}

bool reachesDestination(const sim::TracePath& path) {
  return path.outcome == sim::TraceOutcome::Delivered || path.outcome == sim::TraceOutcome::Exited;
}

std::string linkName(const model::Link& link) {
  return link.a + "[" + link.a_interface + "]--" + link.b + "[" + link.b_interface + "]";
}

}  // namespace routefix::verify
