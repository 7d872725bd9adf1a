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
  for (const auto& [node, rib] : dataPlane.ribs)
    for (const auto& r : rib.routes)
      if (destination.contains(r.prefix) && r.prefix.length > destination.length)
        addCuts(destination, r.prefix.address.value, r.prefix.lastAddress().value, cuts);
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

const model::Link* linkAt(const model::Network& network, const std::string& node,
                          const std::string& interface) {
  for (const auto& l : network.links) {
    if (sameName(l.a, node) && sameName(l.a_interface, interface)) return &l;
    if (sameName(l.b, node) && sameName(l.b_interface, interface)) return &l;
  }
  return nullptr;
}

std::vector<model::Link> linksBetween(const model::Network& network, const std::string& a,
                                      const std::string& b) {
  std::vector<model::Link> out;
  for (const auto& l : network.links)
    if ((sameName(l.a, a) && sameName(l.b, b)) || (sameName(l.a, b) && sameName(l.b, a)))
      out.push_back(l);
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
