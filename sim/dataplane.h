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
#include "sim/deadline.h"
#include "sim/ipv6_rib.h"
#include "sim/next_hops.h"
#include "sim/shared_value.h"

namespace routefix::sim {

using model::Ipv4;
using model::Prefix;

// Names as spec.md prints them: connected, local, static, ospf, ospf-ia, ospf-e1, ospf-e2,
// bgp, ibgp, aggregate.
enum class Protocol : uint8_t { Connected, Local, Static, Ospf, OspfInterArea, OspfE1, OspfE2, Bgp, Ibgp, Aggregate, Eigrp, EigrpExternal };
std::string protocolName(Protocol p);

struct Route {
  // Fields ordered to leave no padding: a large WAN holds tens of millions of routes.
  Prefix prefix;
  NextHops next_hops;  // ECMP next hops together, sorted
  // The next hops the route was learned or configured with, where they are not the
  // forwarding ones above (no interface; node = the device owning the address): the BGP next
  // hops of a learned BGP route, the configured next hops of a recursive static. IOS `show
  // ip route` prints these.
  NextHops protocol_next_hops;
  // BGP attributes (empty/nullopt for other protocols). The lists are shared between the
  // routes that carry the same ones (every route through the same neighbour repeats its AS
  // path; a WAN's routes carry a handful of community sets), and so are the names below.
  SharedList<uint32_t> as_path;
  SharedList<model::Community> communities;
  SharedValue<std::string> received_from;     // BGP: peer node name or peer address
  SharedValue<model::SourceSpan> origin_span; // the statement that put the route into the network, if any
  std::optional<uint32_t> local_pref;
  std::optional<uint32_t> weight;
  uint32_t admin_distance = 0;
  uint32_t metric = 0;
  uint32_t eigrp_as = 0;         // EIGRP: the AS number of the process that learned it
  Protocol protocol = Protocol::Connected;
  uint8_t origin = 0;            // 0 igp, 1 egp, 2 incomplete

  bool operator==(const Route&) const = default;
};

// A node's installed routes, sorted by prefix. Copies share the routes (a failure scenario
// keeps most nodes' tables as they were).
class NodeRib {
 public:
  NodeRib() = default;
  explicit NodeRib(std::vector<Route> sortedRoutes);

  const SharedList<Route>& routes() const { return routes_; }
  // The routes as a vector of one's own, leaving this table empty.
  std::vector<Route> release() &&;
  // The routes appended to `out` (moved unless another table shares them), leaving this empty.
  void appendTo(std::vector<Route>& out) &&;
  bool sharesWith(const NodeRib& other) const { return routes_.sharesWith(other.routes_); }

  const Route* exact(const Prefix& p) const;
  const Route* longestMatch(Ipv4 address) const;

 private:
  SharedList<Route> routes_;
  uint64_t lengths_ = 0;  // bit n: some route has prefix length n (longestMatch skips the rest)
};

struct BgpSessionStatus {
  std::string node;       // the side that configures the neighbor
  std::string peer_node;  // "" if the address belongs to no device in the snapshot
  std::string vrf;        // the VRF of node's BGP instance ("" the default VRF)
  std::string peer_vrf;   // the VRF of peer_node's
  Ipv4 local_ip;
  Ipv4 peer_ip;
  // Unnumbered (the session runs over IPv6 link-local addresses): the node's interface it
  // runs over; local_ip and peer_ip are then unset (0.0.0.0).
  std::string interface;
  bool ebgp = true;
  bool established = false;
  std::string reason;     // why not: "no neighbor statement on r2", "peer unreachable", ...
  model::SourceSpan span; // the neighbor statement
};

struct SimulationOptions {
  std::set<model::Link> failed_links = {};  // links (as in Network::links) that are down
  // BGP decides its prefixes on this many threads (the same tables with any number).
  unsigned threads = 1;
  // Past it, simulate() throws TimeLimitExceeded (tested between two BGP prefixes, two OSPF
  // shortest-path trees and two stages).
  Deadline deadline;
};

namespace detail {
class Topology;
}

struct DataPlane {
  std::map<std::string, NodeRib> ribs;  // by device name: each device's default VRF
  // The named VRFs' tables (VRF-lite, see sim/vrf_instances.h): device -> VRF -> RIB.
  std::map<std::string, std::map<std::string, NodeRib>> vrf_ribs;
  Ipv6Tables ipv6;  // the IPv6 tables, default VRF's and named VRFs' (sim/ipv6_rib.h)
  std::vector<BgpSessionStatus> sessions;
  bool converged = true;
  std::vector<std::string> warnings;  // e.g. BGP oscillation: which prefix, which nodes
  std::vector<Prefix> oscillating_prefixes;  // BGP prefixes that did not converge
  // The layer-2/3 view the simulation used, kept so trace() need not rebuild it.
  std::shared_ptr<const detail::Topology> topology;
  // The network that topology views when it is not the caller's (one with the VRFs as
  // devices of their own), kept alive with it.
  std::shared_ptr<const model::Network> simulated_network;

  // A device's routing table: its default VRF's, or VRF `vrf`'s. nullptr: none.
  const NodeRib* table(std::string_view device, std::string_view vrf = {}) const;
  // Its IPv6 table, likewise (nullptr: the device routes no IPv6 there).
  const Ipv6Rib* ipv6Table(std::string_view device, std::string_view vrf = {}) const;
};

DataPlane simulate(const model::Network& network, const SimulationOptions& options = {});

// The name the forwarding queries below (trace's hops aside) know a device's VRF by.
std::string forwardingNode(std::string_view device, std::string_view vrf);

// How `node` resolves a BGP next hop for routes to `destination` (FRR/zebra never over the
// destination's own route): the IGP cost the decision process compares (the metric of the
// route it resolves over) and whether the address is on a connected subnet (eBGP single-hop
// wants that). nullopt: it does not resolve, or the node is unknown.
struct NextHopResolution {
  uint32_t metric = 0;
  bool connected = false;
};
std::optional<NextHopResolution> resolveBgpNextHop(const DataPlane& dp, std::string_view node, Ipv4 address,
                                                   const Prefix& destination);

// Link-failure scenarios of one network. simulate() costs the same for every scenario; this
// keeps the converged state of the network without failures and per scenario recomputes the
// IGP, then re-decides BGP only for the prefixes and nodes the failed links can reach, and
// shares the routing tables of untouched nodes with the baseline. Its results equal
// simulate()'s (a test compares them scenario by scenario). When the baseline did not
// converge it falls back to simulate(). Not thread-safe: scenarios share attribute tables.
// The baseline's simulation throws TimeLimitExceeded past `deadline`; each scenario's
// simulation past its own options' deadline.
class FailureSimulator {
 public:
  explicit FailureSimulator(const model::Network& network, const Deadline& deadline = {});
  ~FailureSimulator();
  FailureSimulator(const FailureSimulator&) = delete;
  FailureSimulator& operator=(const FailureSimulator&) = delete;

  const DataPlane& baseline() const;
  DataPlane simulate(const SimulationOptions& scenario);

 private:
  struct State;
  // Both over the network with VRFs as devices of their own (sim/vrf_instances.h).
  static DataPlane baselineOf(State& st, const Deadline& deadline);
  static DataPlane simulateScenario(State& st, const SimulationOptions& scenario);
  std::unique_ptr<State> state_;
};

// ---- forwarding -------------------------------------------------------------------
enum class TraceOutcome {
  Delivered,  // a node that owns the address received it: connected, or originated (a null
              // route for a prefix the node announces into BGP anchors that announcement)
  Exited,     // left the network towards an external peer that announced the prefix
  NoRoute,
  NullRoute,  // discarded by a null route the node does not announce
  Loop,
  Filtered,   // dropped by an ACL
};
std::string outcomeName(TraceOutcome o);  // delivered, exited, no-route, null-route, loop, filtered

struct Hop {
  std::string node;
  std::string interface;  // egress interface ("" at the last hop)
  std::string vrf;        // the VRF whose table the node forwarded with ("" the default)
};

struct TracePath {
  std::vector<Hop> hops;
  TraceOutcome outcome = TraceOutcome::Delivered;
  std::string at;  // node where the path ends
};

struct Trace {
  std::string from;
  model::IpAddress to;  // either family
  std::vector<TracePath> paths;  // every ECMP path, deterministic order
};

// From `from`'s default table, or its VRF `vrf`'s (an InputError if it has no such VRF).
// `to` of either family: an IPv6 address follows the IPv6 tables (DataPlane::ipv6).
Trace trace(const model::Network& network, const DataPlane& dataPlane, std::string_view from,
            const model::IpAddress& to, const SimulationOptions& options = {}, std::string_view vrf = {});
inline Trace trace(const model::Network& network, const DataPlane& dataPlane, std::string_view from,
                   Ipv4 to, const SimulationOptions& options = {}, std::string_view vrf = {}) {
  return trace(network, dataPlane, from, model::IpAddress::fromV4(to), options, vrf);
}

// Every path from every node towards one address, summarised per node in one pass over the
// forwarding graph (memoised), where trace() lists paths one by one: a fat-tree pair alone
// has (k/2)^2 of them. Exact when no ACL on a forwarding path matches on the packet's source
// address (see aclsMatchSource), since that address depends on where the path started.
class ForwardingOutcomes {
 public:
  ForwardingOutcomes(const model::Network& network, const DataPlane& dataPlane,
                     const model::IpAddress& to, const SimulationOptions& options = {});
  ForwardingOutcomes(const model::Network& network, const DataPlane& dataPlane, Ipv4 to,
                     const SimulationOptions& options = {})
      : ForwardingOutcomes(network, dataPlane, model::IpAddress::fromV4(to), options) {}
  ~ForwardingOutcomes();
  ForwardingOutcomes(const ForwardingOutcomes&) = delete;
  ForwardingOutcomes& operator=(const ForwardingOutcomes&) = delete;

  // Whether some path from `node` ends with `outcome`. Unknown nodes have no paths.
  bool has(std::string_view node, TraceOutcome outcome);
  // Whether some path from `node` is forwarded at least once and then finds no route.
  bool blackholedDownstream(std::string_view node);

 private:
  struct Graph;
  std::unique_ptr<Graph> graph_;
};

// Whether an ACL entry in the snapshot matches on the source address (not "any").
bool aclsMatchSource(const model::Network& network);

}  // namespace routefix::sim
