// simulate(): connected -> static + OSPF (iterated: statics may resolve over OSPF and be
// redistributed into it) -> BGP sessions over that IGP -> BGP per prefix -> main RIB.
// The stages are in simulation_stages.cpp.
#include "sim/dataplane.h"

#include <algorithm>

#include "sim/bgp_ipv6.h"
#include "sim/ospf.h"
#include "sim/rib.h"
#include "sim/simulation_stages.h"
#include "sim/topology.h"
#include "sim/vrf_instances.h"

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
    case Protocol::Eigrp: return "eigrp";
    case Protocol::EigrpExternal: return "eigrp-ex";
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

void NodeRib::appendTo(std::vector<Route>& out) && {
  lengths_ = 0;
  std::move(routes_).appendTo(out);
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

std::string forwardingNode(std::string_view device, std::string_view vrf) {
  return vrf.empty() ? std::string(device) : detail::vrfInstanceName(std::string(device), std::string(vrf));
}

namespace {

// A device's table of one family: its default VRF's in `ribs`, VRF `vrf`'s in `vrfRibs`.
template <class Rib>
const Rib* tableIn(const std::map<std::string, Rib>& ribs,
                   const std::map<std::string, std::map<std::string, Rib>>& vrfRibs, std::string_view device,
                   std::string_view vrf) {
  if (vrf.empty()) {
    auto rib = ribs.find(std::string(device));
    return rib == ribs.end() ? nullptr : &rib->second;
  }
  auto vrfs = vrfRibs.find(std::string(device));
  if (vrfs == vrfRibs.end()) return nullptr;
  auto rib = vrfs->second.find(std::string(vrf));
  return rib == vrfs->second.end() ? nullptr : &rib->second;
}

}  // namespace

const NodeRib* DataPlane::table(std::string_view device, std::string_view vrf) const {
  return tableIn(ribs, vrf_ribs, device, vrf);
}

const Ipv6Rib* DataPlane::ipv6Table(std::string_view device, std::string_view vrf) const {
  return tableIn(ipv6.ribs, ipv6.vrf_ribs, device, vrf);
}

DataPlane simulate(const model::Network& network, const SimulationOptions& options) {
  VrfInstances vrfs(network);
  DataPlane dp = simulateInstances(vrfs.network(), vrfs.options(options));
  vrfs.fold(dp);
  dp.ipv6 = computeIpv6Tables(network);
  detail::addIpv6ProtocolRoutes(dp);
  return dp;
}

namespace detail {

void addIpv6ProtocolRoutes(DataPlane& dp) {
  addOspf6Routes(dp);
  addIpv6BgpRoutes(dp);
}

namespace {

// One BGP computation over a fixed IGP, and the main RIBs it gives.
struct BgpRun {
  std::vector<NodeRib> ribs;
  BgpSessionSetup setup;
  BgpOutcome outcome;
  std::vector<std::vector<Route>> redistributable;  // active BGP routes, when asked for
};

// `lastUse`: the caller reads `igp`'s tables no more, so the last round may move their routes
// into the main RIBs (a WAN's IGP routes are most of its routes: held once, not twice).
BgpRun runBgp(const Topology& topology, PolicyContext& context, IgpRoutes& igp, bool keepActive, unsigned threads,
             bool lastUse) {
  // FRR resolves BGP next hops, and reaches multihop peers, over any route of its RIB, BGP
  // routes included. A round resolves over the IGP first; while its unresolved next hops
  // resolve over the main RIBs it produced, another round resolves over those (bounded).
  constexpr int kMaxRounds = 4;
  BgpRun run;
  for (int round = 0; round < kMaxRounds; ++round) {
    const std::vector<NodeRib>& over = round == 0 ? igp.ribs : run.ribs;
    run.setup = establishSessions(topology, over);
    run.outcome = computeBgpOnThreads(topology, igp.ribs, run.setup, context, threads,
                                      round == 0 ? nullptr : &run.ribs);
    std::vector<std::vector<Route>> bgp;
    if (keepActive) bgp = run.outcome.routes;
    std::vector<NodeRib> main(topology.nodeCount());
    // With no next hop left unresolved, no further round reads the IGP tables.
    bool moveIgp = lastUse && run.outcome.unresolved.empty();
    for (uint32_t i = 0; i < topology.nodeCount(); ++i)
      main[i] = installRoutes(topology, i, moveIgp ? std::move(igp.ribs[i]) : igp.ribs[i], igp.statics[i],
                              std::move(run.outcome.routes[i]));
    bool again = resolvesAny(topology, run.outcome.unresolved, main);
    run.ribs = std::move(main);
    if (keepActive) run.redistributable = activeBgpRoutes(bgp, run.ribs);
    if (!again) break;
  }
  return run;
}

bool sameIgp(const IgpRoutes& a, const IgpRoutes& b) {
  for (size_t i = 0; i < a.ribs.size(); ++i)
    if (!sameIgpRoutes(a.ribs[i], b.ribs[i])) return false;
  return true;
}

}  // namespace

DataPlane simulateInstances(const model::Network& network, const SimulationOptions& options) {
  auto topology = std::make_shared<Topology>(network, options);
  PolicyContext context(network);
  IgpRoutes igp = computeIgp(*topology, context.policies);
  keepTablesOnly(igp);
  // BGP routes redistributed into OSPF change the IGP, and the IGP what BGP decides: the two
  // are computed in turn until the IGP stops changing (bounded; a network whose
  // redistribution feeds back on itself may not settle, and says so).
  bool feedback = redistributesBgpIntoIgp(network);
  BgpRun run = runBgp(*topology, context, igp, feedback, options.threads, /*lastUse=*/!feedback);
  constexpr int kMaxIgpRounds = 6;
  bool settled = !feedback;
  for (int round = 0; feedback && round < kMaxIgpRounds && !settled; ++round) {
    IgpRoutes next = computeIgp(*topology, context.policies, nullptr, &run.redistributable);
    settled = sameIgp(next, igp);
    if (settled) break;
    keepTablesOnly(next);
    igp = std::move(next);
    run = runBgp(*topology, context, igp, true, options.threads, /*lastUse=*/false);
  }
  if (!settled)
    run.outcome.warnings.push_back("BGP routes redistributed into OSPF did not settle after " +
                                   std::to_string(kMaxIgpRounds) + " rounds of OSPF and BGP");
  DataPlane dp;
  for (uint32_t i = 0; i < topology->nodeCount(); ++i) dp.ribs[network.devices[i].name] = std::move(run.ribs[i]);
  recordOutcome(dp, std::move(run.setup), std::move(run.outcome), std::move(topology));
  return dp;
}

}  // namespace detail

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
