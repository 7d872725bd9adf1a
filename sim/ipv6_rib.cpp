#include "sim/ipv6_rib.h"

#include <algorithm>

namespace routefix::sim {

const Ipv6Route* Ipv6Rib::exact(const model::IpPrefix& p) const {
  auto it = std::lower_bound(routes_.begin(), routes_.end(), p,
                             [](const Ipv6Route& r, const model::IpPrefix& key) { return r.prefix < key; });
  return it != routes_.end() && it->prefix == p ? &*it : nullptr;
}

const Ipv6Route* Ipv6Rib::longestMatch(const model::IpAddress& address) const {
  for (int len = model::maxPrefixLength(address.family); len >= 0; --len)
    if (const Ipv6Route* r = exact(model::IpPrefix(address, static_cast<uint8_t>(len)))) return r;
  return nullptr;
}

}  // namespace routefix::sim
