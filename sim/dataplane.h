// The concrete control plane's result: per-node RIBs (best routes), BGP session states,
// and forwarding traces. Public header of the sim stage; verify/symsim/repair build on it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "model/network.h"
#include "sim/next_hops.h"

namespace routefix::sim {

using model::Ipv4;
using model::Prefix;

// Names as spec.md prints them: connected, local, static, ospf, ospf-ia, ospf-e1, ospf-e2,
// bgp, ibgp, aggregate.
enum class Protocol { Connected, Local, Static, Ospf, OspfInterArea, OspfE1, OspfE2, Bgp, Ibgp, Aggregate };
std::string protocolName(Protocol p);

struct Route {
  Prefix prefix;
  Protocol protocol = Protocol::Connected;
  NextHops next_hops;  // ECMP next hops together, sorted
  uint32_t admin_distance = 0;
  uint32_t metric = 0;
  // BGP attributes (empty/nullopt for other protocols)
  std::vector<uint32_t> as_path;
  std::optional<uint32_t> local_pref;
  std::vector<model::Community> communities;
  std::optional<uint32_t> weight;
  uint8_t origin = 0;            // 0 igp, 1 egp, 2 incomplete
  std::string received_from;     // BGP: peer node name or peer address
  model::SourceSpan origin_span; // the statement that put the route into the network, if any
};

struct NodeRib {
  std::vector<Route> routes;  // installed routes, sorted by prefix

  const Route* exact(const Prefix& p) const;
  const Route* longestMatch(Ipv4 address) const;
};

struct BgpSessionStatus {
  std::string node;       // the side that configures the neighbor
  std::string peer_node;  // "" if the address belongs to no device in the snapshot
  Ipv4 local_ip;
  Ipv4 peer_ip;
  bool ebgp = true;
  bool established = false;
  std::string reason;     // why not: "no neighbor statement on r2", "peer unreachable", ...
  model::SourceSpan span; // the neighbor statement
};

struct SimulationOptions {
  std::set<model::Link> failed_links;  // links (as in Network::links) that are down
};

namespace detail {
class Topology;
}

struct DataPlane {
  std::map<std::string, NodeRib> ribs;  // by device name
  std::vector<BgpSessionStatus> sessions;
  bool converged = true;
  std::vector<std::string> warnings;  // e.g. BGP oscillation: which prefix, which nodes
  std::vector<Prefix> oscillating_prefixes;  // BGP prefixes that did not converge
  // The layer-2/3 view the simulation used, kept so trace() need not rebuild it.
  std::shared_ptr<const detail::Topology> topology;
};

DataPlane simulate(const model::Network& network, const SimulationOptions& options = {});

// ---- forwarding -------------------------------------------------------------------
enum class TraceOutcome {
  Delivered,  // a node that owns the address (connected) received it
  Exited,     // left the network towards an external peer that announced the prefix
  NoRoute,
  NullRoute,
  Loop,
  Filtered,   // dropped by an ACL
};
std::string outcomeName(TraceOutcome o);  // delivered, exited, no-route, null-route, loop, filtered

struct Hop {
  std::string node;
  std::string interface;  // egress interface ("" at the last hop)
};

struct TracePath {
  std::vector<Hop> hops;
  TraceOutcome outcome = TraceOutcome::Delivered;
  std::string at;  // node where the path ends
};

struct Trace {
  std::string from;
  Ipv4 to;
  std::vector<TracePath> paths;  // every ECMP path, deterministic order
};

Trace trace(const model::Network& network, const DataPlane& dataPlane, std::string_view from,
            Ipv4 to, const SimulationOptions& options = {});

}  // namespace routefix::sim
