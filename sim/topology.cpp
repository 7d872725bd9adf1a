#include "sim/topology.h"

#include <algorithm>
#include <numeric>

#include "semantics/address_owner.h"

namespace routefix::sim::detail {

namespace {

uint32_t findRoot(std::vector<uint32_t>& parent, uint32_t x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

}  // namespace

Topology::Topology(const model::Network& network, const SimulationOptions& options)
    : network_(network), failed_(options.failed_links), deadline_(options.deadline) {
  uint32_t total = 0;
  for (uint32_t n = 0; n < network.devices.size(); ++n) {
    offsets_.push_back(total);
    total += static_cast<uint32_t>(network.devices[n].interfaces.size());
    nodeByLowerName_.emplace(lowercase(network.devices[n].name), n);
    nodeByName_.emplace(network.devices[n].name, n);
  }
  peers_.resize(total);

  // Segments: union-find over the surviving links, so a LAN given as pairwise links (or a
  // switch inferred from a shared subnet) becomes one broadcast domain.
  std::vector<uint32_t> parent(total);
  std::iota(parent.begin(), parent.end(), 0u);
  std::vector<bool> linked(total, false);
  for (const auto& link : network.links) {
    if (options.failed_links.count(link)) continue;
    model::Link reversed{link.b, link.b_interface, link.a, link.a_interface};
    if (options.failed_links.count(reversed)) continue;
    auto a = nodeIndex(link.a), b = nodeIndex(link.b);
    if (!a || !b) continue;
    const auto* ia = network.devices[*a].findInterface(link.a_interface);
    const auto* ib = network.devices[*b].findInterface(link.b_interface);
    if (!ia || !ib) continue;
    uint32_t fa = offsets_[*a] + static_cast<uint32_t>(ia - network.devices[*a].interfaces.data());
    uint32_t fb = offsets_[*b] + static_cast<uint32_t>(ib - network.devices[*b].interfaces.data());
    linked[fa] = linked[fb] = true;
    parent[findRoot(parent, fa)] = findRoot(parent, fb);
  }
  std::unordered_map<uint32_t, std::vector<InterfaceRef>> members;
  for (uint32_t n = 0; n < network.devices.size(); ++n) {
    const auto& d = network.devices[n];
    for (uint32_t i = 0; i < d.interfaces.size(); ++i) {
      InterfaceRef r{n, i};
      if (!up(r)) continue;
      uint32_t f = flat(r);
      if (linked[f]) members[findRoot(parent, f)].push_back(r);
      auto own = [&](const model::InterfaceAddress& a) {
        auto [first, added] = owners_.emplace(a.address.value, r);
        if (added) return;
        auto& all = reused_[a.address.value];
        if (all.empty()) all.push_back(first->second);
        all.push_back(r);
      };
      if (d.interfaces[i].address) own(*d.interfaces[i].address);
      for (const auto& s : d.interfaces[i].secondary) own(s);
    }
  }
  for (auto& [root, group] : members)
    for (const auto& r : group)
      for (const auto& other : group)
        if (!(other == r)) peers_[flat(r)].push_back(other);
}

std::optional<uint32_t> Topology::nodeIndex(std::string_view name) const {
  if (auto it = nodeByName_.find(name); it != nodeByName_.end()) return it->second;
  auto it = nodeByLowerName_.find(lowercase(name));
  if (it == nodeByLowerName_.end()) return std::nullopt;
  return it->second;
}

const std::vector<InterfaceRef>& Topology::segmentPeers(InterfaceRef r) const {
  return peers_[flat(r)];
}

std::optional<InterfaceRef> Topology::owner(Ipv4 address) const {
  auto it = owners_.find(address.value);
  if (it == owners_.end()) return std::nullopt;
  return it->second;
}

std::optional<InterfaceRef> Topology::owner(Ipv4 address, uint32_t from) const {
  auto it = reused_.find(address.value);
  if (it == reused_.end()) return owner(address);
  auto across = [&](InterfaceRef o) {
    for (uint32_t i = 0; i < network_.devices[from].interfaces.size(); ++i) {
      const auto& peers = segmentPeers({from, i});
      if (std::find(peers.begin(), peers.end(), o) != peers.end()) return true;
    }
    return false;
  };
  return semantics::addressOwnerSeenFrom(it->second, [&](InterfaceRef o) { return o.node == from; }, across);
}

bool Topology::owns(uint32_t node, Ipv4 address) const {
  if (auto it = reused_.find(address.value); it != reused_.end())
    return std::any_of(it->second.begin(), it->second.end(), [&](const InterfaceRef& o) { return o.node == node; });
  auto o = owner(address);
  return o && o->node == node;
}

std::optional<uint32_t> Topology::interfaceFor(uint32_t node, Ipv4 address) const {
  const auto& d = network_.devices[node];
  for (uint32_t i = 0; i < d.interfaces.size(); ++i) {
    const auto& itf = d.interfaces[i];
    if (!itf.routes()) continue;
    if (itf.address && itf.address->subnet().contains(address)) return i;
    for (const auto& s : itf.secondary)
      if (s.subnet().contains(address)) return i;
  }
  return std::nullopt;
}

std::string Topology::ownerName(Ipv4 address) const {
  auto o = owner(address);
  return o ? network_.devices[o->node].name : std::string();
}

std::string Topology::nodeBehind(InterfaceRef r, Ipv4 address) const {
  auto o = owner(address, r.node);
  if (!o) return {};
  const auto& peers = segmentPeers(r);
  if (std::find(peers.begin(), peers.end(), *o) != peers.end()) return network_.devices[o->node].name;
  // An address on several interfaces of one device (an unnumbered link reusing the
  // loopback's): the owner found first may be another of them.
  for (const auto& p : peers)
    if (p.node == o->node) return network_.devices[o->node].name;
  return {};
}

}  // namespace routefix::sim::detail
