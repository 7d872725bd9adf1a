// Connected and static IPv6 routes per device and VRF: computeIpv6Tables (sim/ipv6_rib.h).
#include <algorithm>
#include <map>

#include "sim/dataplane.h"
#include "sim/ipv6_rib.h"

namespace routefix::sim {

using model::IpAddress;
using model::IpPrefix;

Ipv6Neighbours::Ipv6Neighbours(const model::Network& network, const std::set<model::Link>& failed)
    : network_(network) {
  for (const auto& l : network.links) {
    if (failed.count(l)) continue;
    ends_[{l.a, l.a_interface}].push_back({l.b, l.b_interface});
    ends_[{l.b, l.b_interface}].push_back({l.a, l.a_interface});
  }
  for (const auto& d : network.devices)
    for (const auto& i : d.interfaces)
      for (const auto& a : i.ipv6_addresses)
        if (!a.link_local && !a.eui64) owners_.try_emplace(a.address, d.name);
}

std::string Ipv6Neighbours::nodeBehind(const std::string& device, const std::string& interface,
                                       const IpAddress& ip) const {
  auto it = ends_.find({device, interface});
  if (it == ends_.end()) return "";
  for (const auto& [peer, peerInterface] : it->second) {
    const model::Device* d = network_.findDevice(peer);
    const model::Interface* i = d ? d->findInterface(peerInterface) : nullptr;
    if (!i) continue;
    for (const auto& a : i->ipv6_addresses)
      if (a.address == ip && !a.eui64) return d->name;
  }
  return "";
}

std::string Ipv6Neighbours::owner(const IpAddress& ip) const {
  auto it = owners_.find(ip);
  return it == owners_.end() ? "" : it->second;
}

namespace {

// One routing table's inputs: the device, which of its interfaces route in it, its statics.
struct TableScope {
  const model::Device& device;
  const std::string& vrf;  // "" the default VRF
  const std::vector<model::Ipv6StaticRoute>& statics;

  const model::Interface* routingInterface(const std::string& name) const {
    const model::Interface* i = device.findInterface(name);
    return i && routes(*i) ? i : nullptr;
  }
  bool routes(const model::Interface& i) const {
    return !i.shutdown && !i.tunnel_source_down && i.vrf == vrf;
  }
};

std::vector<Ipv6Route> connectedRoutes(const TableScope& scope) {
  const model::Device& d = scope.device;
  std::vector<Ipv6Route> out;
  for (const auto& itf : d.interfaces) {
    if (!scope.routes(itf)) continue;
    for (const auto& a : itf.ipv6_addresses) {
      if (a.link_local) continue;
      Ipv6Route c;
      c.prefix = a.subnet();
      c.protocol = Protocol::Connected;
      c.admin_distance = d.defaults.distance_connected;
      c.next_hops.push_back(Ipv6NextHop{std::nullopt, itf.name, "", false});
      c.origin_span = a.span;
      out.push_back(c);
      if (d.defaults.local_routes && a.length < 128 && !a.eui64) {
        c.prefix = IpPrefix(a.address, 128);
        c.protocol = Protocol::Local;
        out.push_back(std::move(c));
      }
    }
  }
  return out;
}

std::vector<Ipv6Route> staticRoutes(const TableScope& scope, const Ipv6Neighbours& neighbours, const Ipv6Rib& rib) {
  // As for IPv4: the statements for one prefix at one distance are one route over all their
  // next hops; a higher distance is a floating backup.
  struct Merged {
    Ipv6Route route;
    std::vector<Ipv6NextHop> hops, configured;
    bool recursive = false;
  };
  std::vector<Merged> merged;
  std::map<std::pair<IpPrefix, uint32_t>, size_t> routeOf;
  for (const auto& s : scope.statics) {
    std::vector<Ipv6NextHop> hops;
    bool recursive = false;
    if (s.null_route) {
      hops.push_back(Ipv6NextHop{std::nullopt, "Null0", "", true});
    } else if (!s.interface.empty()) {
      const model::Interface* itf = scope.routingInterface(s.interface);
      if (!itf) continue;
      hops.push_back(Ipv6NextHop{s.next_hop, itf->name,
                                 s.next_hop ? neighbours.nodeBehind(scope.device.name, itf->name, *s.next_hop) : "", false});
    } else if (s.next_hop) {
      auto res = resolveIpv6NextHop(scope.device, neighbours, rib, *s.next_hop, s.prefix);
      if (!res) continue;
      hops = std::move(*res).next_hops.release();
      recursive = !res->connected;
    } else {
      continue;
    }
    auto [it, fresh] = routeOf.try_emplace({s.prefix, s.distance}, merged.size());
    if (fresh) {
      Merged& m = merged.emplace_back();
      m.route.prefix = s.prefix;
      m.route.protocol = Protocol::Static;
      m.route.admin_distance = s.distance;
      m.route.origin_span = s.span;
    }
    Merged& m = merged[it->second];
    m.hops.insert(m.hops.end(), hops.begin(), hops.end());
    m.recursive = m.recursive || recursive;
    if (s.next_hop) m.configured.push_back(Ipv6NextHop{s.next_hop, "", neighbours.owner(*s.next_hop), false});
  }
  std::vector<Ipv6Route> out;
  for (auto& m : merged) {
    sortIpv6NextHops(m.hops);
    m.route.next_hops = std::move(m.hops);
    if (m.recursive) {
      sortIpv6NextHops(m.configured);
      m.route.protocol_next_hops = std::move(m.configured);
    }
    out.push_back(std::move(m.route));
  }
  return out;
}

std::optional<Ipv6Rib> computeTable(const TableScope& scope, const Ipv6Neighbours& neighbours) {
  std::vector<Ipv6Route> connected = connectedRoutes(scope);
  if (connected.empty() && scope.statics.empty()) return std::nullopt;
  Ipv6Rib rib = selectIpv6Installed(connected);
  std::vector<Ipv6Route> statics;
  // A static may resolve over another one: until the statics stop changing (bounded, as
  // IPv4's rounds are).
  for (int round = 0; round < 8; ++round) {
    auto next = staticRoutes(scope, neighbours, rib);
    if (round > 0 && next == statics) break;
    statics = std::move(next);
    std::vector<Ipv6Route> candidates = connected;
    candidates.insert(candidates.end(), statics.begin(), statics.end());
    rib = selectIpv6Installed(candidates);
  }
  return rib;
}

bool configuresIpv6(const model::Device& d) {
  if (!d.ipv6_static_routes.empty()) return true;
  for (const auto& [name, vrf] : d.vrfs)
    if (!vrf.ipv6_static_routes.empty()) return true;
  return std::any_of(d.interfaces.begin(), d.interfaces.end(),
                     [](const model::Interface& i) { return !i.ipv6_addresses.empty(); });
}

}  // namespace

void sortIpv6NextHops(std::vector<Ipv6NextHop>& hops) {
  std::sort(hops.begin(), hops.end());
  hops.erase(std::unique(hops.begin(), hops.end()), hops.end());
}

// Per prefix the candidate of the lowest distance, then protocol (connected before local
// before static before BGP), then the one listed first.
Ipv6Rib selectIpv6Installed(const std::vector<Ipv6Route>& candidates) {
  std::vector<size_t> order(candidates.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto key = [&](size_t i) {
    const auto& r = candidates[i];
    return std::tie(r.prefix, r.admin_distance, r.protocol);
  };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return key(a) < key(b); });
  std::vector<Ipv6Route> installed;
  for (size_t i : order)
    if (installed.empty() || installed.back().prefix != candidates[i].prefix) installed.push_back(candidates[i]);
  return Ipv6Rib(std::move(installed));
}

std::optional<Ipv6Resolution> resolveIpv6NextHop(const model::Device& device, const Ipv6Neighbours& neighbours,
                                                 const Ipv6Rib& rib, const IpAddress& address,
                                                 std::optional<IpPrefix> excluded) {
  bool viaDefault = device.defaults.bgp_next_hop_via_default;
  Ipv6Resolution res;
  std::vector<IpAddress> pending{address};
  std::vector<Ipv6NextHop> hops;
  for (int depth = 0; depth < 8 && !pending.empty(); ++depth) {
    std::vector<IpAddress> next;
    for (const IpAddress& ip : pending) {
      const Ipv6Route* r = nullptr;
      for (int len = 128; len >= (viaDefault ? 0 : 1) && !r; --len) {
        IpPrefix p(ip, static_cast<uint8_t>(len));
        if (p != excluded) r = rib.exact(p);
      }
      if (!r) continue;
      if (depth == 0) res.metric = r->metric;
      if (r->protocol == Protocol::Connected || r->protocol == Protocol::Local) {
        if (depth == 0) res.connected = true;
        for (const auto& nh : r->next_hops)
          hops.push_back(Ipv6NextHop{ip, nh.interface, neighbours.nodeBehind(device.name, nh.interface, ip), false});
        continue;
      }
      for (const auto& nh : r->next_hops) {
        if (nh.ip && !nh.discard && nh.interface.empty())
          next.push_back(*nh.ip);
        else
          hops.push_back(nh);
      }
    }
    pending = std::move(next);
  }
  if (hops.empty()) return std::nullopt;
  sortIpv6NextHops(hops);
  res.next_hops = std::move(hops);
  return res;
}

Ipv6Tables computeIpv6Tables(const model::Network& network) {
  Ipv6Tables tables;
  // An IPv4-only fabric of thousands of devices pays one scan, not the neighbour index.
  if (std::none_of(network.devices.begin(), network.devices.end(), configuresIpv6)) return tables;
  Ipv6Neighbours neighbours(network);
  for (const auto& d : network.devices) {
    if (!d.ipv6_unicast_routing) continue;
    static const std::string kDefaultVrf;
    if (auto rib = computeTable({d, kDefaultVrf, d.ipv6_static_routes}, neighbours)) tables.ribs[d.name] = std::move(*rib);
    for (const auto& [name, vrf] : d.vrfs)
      if (auto rib = computeTable({d, name, vrf.ipv6_static_routes}, neighbours))
        tables.vrf_ribs[d.name][name] = std::move(*rib);
  }
  return tables;
}

}  // namespace routefix::sim
