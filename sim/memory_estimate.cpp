#include "sim/memory_estimate.h"

#include <algorithm>
#include <set>
#include <string>

namespace routefix::sim {

namespace {

// Costs per unit, fitted to the maximum resident set size (/usr/bin/time) of `routes` on
// bench/gen_wan WANs of 540, 1,040 and 2,040 routers, then raised about 15 % so the estimate
// stays over the peak (bench/memory_bench.sh prints the comparison; README "Bounds on time
// and memory" has the table). A route is an 88-byte Route in its table (the IGP's routes
// move into the main table), next-hop lists, AS paths, community sets and peer names shared
// between routes (issue 17), and the state that computes it: a WAN router's OSPF candidates
// and BGP's next-hop resolutions. Per counted route 177 B at 540 routers, 179 at 1,040, 169 at
// 2,040.
constexpr uint64_t kBytesPerRoute = 205;
// A received path kept for failure scenarios, with the scenarios' own state: a BgpPath in
// the prefix's arena, its slot in the per-session Adj-RIB-In vector, the re-decided tables.
// Fitted to one run (`verify`, an intent with `failures: 1` on gen_wan's 140 + 40-router WAN,
// 264 scenarios: 847 MiB, of which 635 MiB past the tables) and raised 15 %.
constexpr uint64_t kBytesPerKeptPath = 290;
// One route as an nlohmann::json object (8 members in a std::map) plus its dump(2) text.
constexpr uint64_t kBytesPerJsonRoute = 2048;
constexpr uint64_t kBytesPerJsonAsHop = 48;
// An interned AS-path node and its hash-table entry, per hop of an announced path and per
// AS it can be prepended with.
constexpr uint64_t kBytesPerAsPathHop = 64;

std::string count(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

struct DevicePrefixes {
  std::vector<model::Prefix> connected, statics, aggregates;
  uint64_t local_addresses = 0;  // /32 local routes (IOS, Junos)
};

DevicePrefixes devicePrefixes(const model::Device& d) {
  DevicePrefixes p;
  for (const auto& i : d.interfaces) {
    if (!i.routes() || !i.unnumbered.empty()) continue;
    auto addAddress = [&](const model::InterfaceAddress& a) {
      p.connected.push_back(a.subnet());
      if (d.defaults.local_routes) ++p.local_addresses;
    };
    if (i.address) addAddress(*i.address);
    for (const auto& a : i.secondary) addAddress(a);
  }
  for (const auto& s : d.static_routes) p.statics.push_back(s.prefix);
  for (const auto& a : d.aggregate_routes) p.aggregates.push_back(a.prefix);
  if (d.bgp)
    for (const auto& a : d.bgp->aggregates) p.aggregates.push_back(a.prefix);
  return p;
}

bool redistributes(const std::vector<model::Redistribution>& list, model::RouteSource source) {
  return std::any_of(list.begin(), list.end(), [&](const model::Redistribution& r) { return r.source == source; });
}

}  // namespace

RoutingVolume routingVolume(const model::Network& network) {
  RoutingVolume v;
  v.devices = network.devices.size();
  std::vector<DevicePrefixes> prefixes;
  std::set<model::Prefix> igp, bgp;
  bool bgpIntoOspf = false, ospfIntoBgp = false;
  for (const auto& d : network.devices) {
    prefixes.push_back(devicePrefixes(d));
    const DevicePrefixes& p = prefixes.back();
    if (d.ospf) {
      // Upper bound: every subnet of an OSPF router, and its statics when redistributed.
      igp.insert(p.connected.begin(), p.connected.end());
      if (redistributes(d.ospf->redistributions, model::RouteSource::Static) || !d.ospf->export_policies.empty())
        igp.insert(p.statics.begin(), p.statics.end());
      bgpIntoOspf |= redistributes(d.ospf->redistributions, model::RouteSource::Bgp);
    }
    if (!d.bgp) continue;
    v.bgp_sessions += d.bgp->neighbors.size();
    for (const auto& n : d.bgp->networks) bgp.insert(n.prefix);
    bgp.insert(p.aggregates.begin(), p.aggregates.end());
    // Junos has no network statement: its export policies can announce any local route.
    bool junos = d.vendor == model::Vendor::Junos;
    const auto& r = d.bgp->redistributions;
    if (junos || redistributes(r, model::RouteSource::Connected)) bgp.insert(p.connected.begin(), p.connected.end());
    if (junos || redistributes(r, model::RouteSource::Static)) bgp.insert(p.statics.begin(), p.statics.end());
    ospfIntoBgp |= junos || redistributes(r, model::RouteSource::Ospf);
  }
  for (const auto& a : network.externals) {
    bgp.insert(a.prefix);
    v.as_path_hops += a.as_path.size();
  }
  if (ospfIntoBgp) bgp.insert(igp.begin(), igp.end());
  if (bgpIntoOspf) igp.insert(bgp.begin(), bgp.end());
  v.igp_prefixes = igp.size();
  v.bgp_prefixes = bgp.size();
  std::set<model::Prefix> both = igp;
  both.insert(bgp.begin(), bgp.end());

  for (size_t i = 0; i < network.devices.size(); ++i) {
    const auto& d = network.devices[i];
    const DevicePrefixes& p = prefixes[i];
    uint64_t learned = d.ospf && d.bgp ? both.size() : d.ospf ? igp.size() : d.bgp ? bgp.size() : 0;
    uint64_t routes = p.connected.size() + p.local_addresses + p.statics.size() + p.aggregates.size() + learned;
    v.routes += routes;
    v.largest_rib = std::max(v.largest_rib, routes);
  }
  v.adj_in_paths = v.bgp_sessions * v.bgp_prefixes;
  // A path is prepended with each AS it crosses: at most every AS of the network per hop.
  std::set<uint32_t> asns;
  for (const auto& d : network.devices)
    if (d.bgp) asns.insert(d.bgp->asn);
  v.as_path_hops += network.externals.size() * asns.size();
  return v;
}

model::MemoryEstimate estimateSimulationMemory(const model::Network& network, const SimulationShape& shape) {
  RoutingVolume v = routingVolume(network);
  model::MemoryEstimate e;
  std::string networks = shape.networks > 1 ? " (" + std::to_string(shape.networks) + " networks at once)" : "";
  // A failure scenario's tables live next to the baseline's.
  uint64_t tableSets = shape.networks * (shape.failure_scenarios ? 2u : 1u);
  e.add(count(v.devices) + " routing tables of up to " + count(v.routes) + " routes" + networks,
        tableSets * v.routes * kBytesPerRoute);
  e.add("AS paths of " + count(v.as_path_hops) + " hops", shape.networks * v.as_path_hops * kBytesPerAsPathHop);
  if (shape.failure_scenarios)
    e.add(count(v.adj_in_paths) + " received BGP paths kept for failure scenarios (" + count(v.bgp_sessions) +
              " sessions x " + count(v.bgp_prefixes) + " prefixes)",
          shape.networks * v.adj_in_paths * kBytesPerKeptPath);
  if (shape.routes_json) {
    uint64_t hopsPerRoute = network.externals.empty() ? 0 : v.as_path_hops / network.externals.size();
    e.add("the JSON of the largest table (" + count(v.largest_rib) + " routes)",
          v.largest_rib * (kBytesPerJsonRoute + hopsPerRoute * kBytesPerJsonAsHop));
  }
  return e;
}

}  // namespace routefix::sim
