#include "sim/bgp_address_family.h"

#include <algorithm>

namespace routefix::sim::detail {

Ipv6Unicast::Ipv6Unicast(const Topology& topo, const Ipv6Neighbours& neighbours,
                         const std::vector<PeeringAddresses>& addresses)
    : topo_(topo), neighbours_(neighbours) {
  // Session addresses first and in order: the decision compares their ids as it compares
  // the addresses (lowest neighbor address wins the last tie).
  std::vector<model::IpAddress> sessions;
  for (const auto& a : addresses) sessions.push_back(a.session);
  std::sort(sessions.begin(), sessions.end());
  for (const auto& a : sessions) intern(a);
  for (const auto& a : addresses) {
    session_.push_back(ids_.at(a.session));
    selfNextHop_.push_back(a.self_next_hop ? intern(*a.self_next_hop) : 0);
    sharedLink_.push_back(a.shared_link);
  }
}

uint32_t Ipv6Unicast::intern(const model::IpAddress& a) {
  auto [it, fresh] = ids_.try_emplace(a, static_cast<uint32_t>(addresses_.size()));
  if (fresh) addresses_.push_back(a);
  return it->second;
}

std::optional<uint32_t> Ipv6Unicast::ownerNode(uint32_t hop, uint32_t) const {
  if (hop == 0) return std::nullopt;
  return topo_.nodeIndex(neighbours_.owner(addresses_[hop]));
}

std::optional<Ipv6Resolution> Ipv6Unicast::resolve(uint32_t node, const Ipv6Rib& rib, uint32_t hop) const {
  if (hop == 0) return std::nullopt;
  return resolveIpv6NextHop(topo_.device(node), neighbours_, rib, addresses_[hop]);
}

Ipv6NextHop Ipv6Unicast::protocolHop(uint32_t hop) const {
  return Ipv6NextHop{addresses_[hop], "", neighbours_.owner(addresses_[hop]), false};
}

}  // namespace routefix::sim::detail
