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

// Adds the cut points of the interval [first, last] if it lies strictly inside `dest`.
void addCuts(const model::Prefix& dest, uint64_t first, uint64_t last, std::set<uint64_t>& cuts) {
  uint64_t lo = dest.address.value, hi = dest.lastAddress().value;
  if (last < lo || first > hi) return;
  if (first > lo) cuts.insert(first);
  if (last < hi) cuts.insert(last + 1);
}

}  // namespace

std::vector<model::Ipv4> representativeAddresses(const model::Network& network,
                                                 const sim::DataPlane& dataPlane,
                                                 const model::Prefix& destination) {
  std::set<uint64_t> cuts = {destination.address.value};
  for (const auto& [node, rib] : dataPlane.ribs) {
    // Routes sort by address, then length: the ones inside `destination` follow it directly.
    const auto& routes = rib.routes();
    auto it = std::lower_bound(routes.begin(), routes.end(), destination,
                               [](const sim::Route& r, const model::Prefix& p) { return r.prefix < p; });
    for (; it != routes.end() && destination.contains(it->prefix); ++it)
      if (it->prefix.length > destination.length)
        addCuts(destination, it->prefix.address.value, it->prefix.lastAddress().value, cuts);
  }
  for (const auto& device : network.devices)
    for (const auto& [name, acl] : device.access_lists)
      for (const auto& e : acl.entries) {
        // Contiguous high-order part of the wildcard: the covering prefix of the range.
        uint32_t care = ~e.destination.wildcard;
        uint8_t len = 0;
        while (len < 32 && (care & (0x80000000u >> len))) ++len;
        model::Prefix range(e.destination.address, len);
        addCuts(destination, range.address.value, range.lastAddress().value, cuts);
      }
  std::vector<model::Ipv4> reps;
  uint64_t end = uint64_t{destination.lastAddress().value} + 1;
  for (auto it = cuts.begin(); it != cuts.end(); ++it) {
    uint64_t start = *it;
    uint64_t next = std::next(it) == cuts.end() ? end : *std::next(it);
    // Prefer a host address over the network address when the interval allows it: same
    // forwarding, and it reads like the address an operator would test.
    bool networkAddress = start == destination.address.value && destination.length < 31;
    uint64_t pick = (networkAddress && next - start > 1) ? start + 1 : start;
    reps.push_back(model::Ipv4{static_cast<uint32_t>(pick)});
  }
  return reps;
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

std::set<model::Prefix> trafficDestinations(const sim::DataPlane& dataPlane) {
  std::set<model::Prefix> out;
  for (const auto& [node, rib] : dataPlane.ribs)
    for (const auto& r : rib.routes()) {
      std::string family = protocolFamily(r.protocol);
      if (family == "bgp" || family == "ospf" || (r.protocol == sim::Protocol::Connected && r.prefix.length <= 29))
        out.insert(r.prefix);
    }
  return out;
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
