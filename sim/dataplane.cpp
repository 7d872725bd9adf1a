// simulate(): connected -> static + OSPF (iterated: statics may resolve over OSPF and be
// redistributed into it) -> BGP sessions over that IGP -> BGP per prefix -> main RIB.
// The stages are in simulation_stages.cpp.
#include "sim/dataplane.h"

#include <algorithm>

#include "sim/rib.h"
#include "sim/simulation_stages.h"
#include "sim/topology.h"

namespace routefix::sim {

using namespace detail;

std::string protocolName(Protocol p) {
  switch (p) {
    case Protocol::Connected: return "connected";
    case Protocol::Local: return "local";
    case Protocol::Static: return "static";
    case Protocol::Ospf: return "ospf";
    case Protocol::OspfInterArea: return "ospf-ia";
    case Protocol::OspfE1: return "ospf-e1";
    case Protocol::OspfE2: return "ospf-e2";
    case Protocol::Bgp: return "bgp";
    case Protocol::Ibgp: return "ibgp";
    case Protocol::Aggregate: return "aggregate";
  }
  return "unknown";
}

std::string outcomeName(TraceOutcome o) {
  switch (o) {
    case TraceOutcome::Delivered: return "delivered";
    case TraceOutcome::Exited: return "exited";
    case TraceOutcome::NoRoute: return "no-route";
    case TraceOutcome::NullRoute: return "null-route";
    case TraceOutcome::Loop: return "loop";
    case TraceOutcome::Filtered: return "filtered";
  }
  return "unknown";
}

NodeRib::NodeRib(std::vector<Route> sortedRoutes) {
  for (const auto& r : sortedRoutes) lengths_ |= uint64_t{1} << r.prefix.length;
  routes_ = std::move(sortedRoutes);
}

std::vector<Route> NodeRib::release() && {
  lengths_ = 0;
  return std::move(routes_).release();
}

const Route* NodeRib::exact(const Prefix& p) const {
  if (!(lengths_ >> p.length & 1)) return nullptr;
  auto it = std::lower_bound(routes_.begin(), routes_.end(), p,
                             [](const Route& r, const Prefix& q) { return r.prefix < q; });
  return it != routes_.end() && it->prefix == p ? &*it : nullptr;
}

const Route* NodeRib::longestMatch(Ipv4 address) const {
  for (int len = 32; len >= 0; --len)
    if (lengths_ >> len & 1)
      if (const Route* r = exact(Prefix(address, static_cast<uint8_t>(len)))) return r;
  return nullptr;
}

DataPlane simulate(const model::Network& network, const SimulationOptions& options) {
  auto topology = std::make_shared<Topology>(network, options);
  PolicyContext context(network);
  IgpRoutes igp = computeIgp(*topology, context.policies);
  // FRR resolves BGP next hops, and reaches multihop peers, over any route of its RIB, BGP
  // routes included. A round resolves over the IGP first; while its unresolved next hops
  // resolve over the main RIBs it produced, another round resolves over those (bounded).
  constexpr int kMaxRounds = 4;
  std::vector<NodeRib> ribs;
  BgpSessionSetup setup;
  BgpOutcome outcome;
  for (int round = 0; round < kMaxRounds; ++round) {
    const std::vector<NodeRib>& over = round == 0 ? igp.ribs : ribs;
    setup = establishSessions(*topology, over);
    outcome = computeBgp(*topology, igp.ribs, setup, context.policies, context.tables, false,
                         round == 0 ? nullptr : &ribs);
    std::vector<NodeRib> main(topology->nodeCount());
    for (uint32_t i = 0; i < topology->nodeCount(); ++i)
      main[i] = installRoutes(*topology, i, igp, std::move(outcome.routes[i]));
    bool again = resolvesAny(*topology, outcome.unresolved, main);
    ribs = std::move(main);
    if (!again) break;
  }
  DataPlane dp;
  for (uint32_t i = 0; i < topology->nodeCount(); ++i) dp.ribs[network.devices[i].name] = std::move(ribs[i]);
  recordOutcome(dp, std::move(setup), std::move(outcome), std::move(topology));
  return dp;
}

std::optional<NextHopResolution> resolveBgpNextHop(const DataPlane& dp, std::string_view node, Ipv4 address,
                                                   const Prefix& destination) {
  auto index = dp.topology ? dp.topology->nodeIndex(node) : std::nullopt;
  if (!index) return std::nullopt;
  auto rib = dp.ribs.find(dp.topology->device(*index).name);
  if (rib == dp.ribs.end()) return std::nullopt;
  auto res = resolveNextHop(*dp.topology, *index, rib->second, address, destination);
  if (!res) return std::nullopt;
  return NextHopResolution{res->metric, res->connected};
}

}  // namespace routefix::sim
