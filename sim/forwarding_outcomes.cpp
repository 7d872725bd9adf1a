// ForwardingOutcomes: a depth-first search over the forwarding graph towards one address.
// A node's outcome set is the union of its branches'; reaching a node that is still on the
// search stack closes a cycle, so that branch (and every node that reaches it) loops, as the
// path trace() follows would revisit a node there.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "sim/dataplane.h"
#include "sim/forwarding_step.h"
#include "sim/topology.h"

namespace routefix::sim {

using namespace detail;

namespace {

uint32_t bit(TraceOutcome o) { return 1u << static_cast<uint32_t>(o); }

}  // namespace

struct ForwardingOutcomes::Graph {
  enum class State : uint8_t { New, OnStack, Done };

  Graph(std::shared_ptr<const Topology> topology, const DataPlane& dp, const model::IpAddress& to)
      : holder(std::move(topology)), topo(*holder), dp(dp), to(to),
        state(topo.nodeCount(), State::New), outcomes(topo.nodeCount(), 0),
        downstreamNoRoute(topo.nodeCount(), 0) {}

  uint32_t visit(uint32_t x) { return to.isV4() ? visit(x, to.v4()) : visit(x, to); }

  // Address: Ipv4 or model::IpAddress (IPv6), as trace()'s walk.
  template <class Address>
  uint32_t visit(uint32_t x, const Address& dst) {
    if (state[x] == State::Done) return outcomes[x];
    if (state[x] == State::OnStack) return bit(TraceOutcome::Loop);
    state[x] = State::OnStack;
    uint32_t bits = 0;
    if (owns(topo, x, dst)) {
      bits = bit(TraceOutcome::Delivered);
    } else if (const auto* r = forwardingRoute(topo, dp, x, dst)) {
      std::optional<VpnTunnel> vpn;
      if constexpr (std::is_same_v<Address, Ipv4>) vpn = vpnTunnel(topo, dp, x, *r, dst);
      if (vpn) {
        // Through the core towards the endpoint (its own search), then on at the egress VRF.
        uint32_t core = tunnel(vpn->endpoint).visit(vpn->ingress);
        bits = core & ~bit(TraceOutcome::Delivered);
        if (core & bit(TraceOutcome::Delivered)) bits |= visit(vpn->egress, dst);
        if (bits & bit(TraceOutcome::NoRoute)) downstreamNoRoute[x] = 1;
      } else {
        for (const auto& nh : r->next_hops) {
          // Source-independent ACLs (the precondition) judge any source alike.
          ForwardingStep step = forwardOver(topo, x, *r, nh, Address{}, dst);
          if (step.outcome) {
            bits |= bit(*step.outcome);
            continue;
          }
          uint32_t next = visit(step.at, dst);
          bits |= next;
          if (next & bit(TraceOutcome::NoRoute)) downstreamNoRoute[x] = 1;
        }
      }
    } else {
      bits = bit(TraceOutcome::NoRoute);
    }
    state[x] = State::Done;
    outcomes[x] = bits;
    return bits;
  }

  // The search towards a VPN tunnel's endpoint (a PE's address), shared by every VRF route
  // into that PE.
  Graph& tunnel(Ipv4 endpoint) {
    auto& g = tunnels[endpoint.value];
    if (!g) g = std::make_unique<Graph>(holder, dp, model::IpAddress::fromV4(endpoint));
    return *g;
  }

  std::shared_ptr<const Topology> holder;
  const Topology& topo;
  const DataPlane& dp;
  model::IpAddress to;
  std::vector<State> state;
  std::vector<uint32_t> outcomes;
  std::vector<char> downstreamNoRoute;
  std::map<uint32_t, std::unique_ptr<Graph>> tunnels;
};

ForwardingOutcomes::ForwardingOutcomes(const model::Network& network, const DataPlane& dataPlane,
                                       const model::IpAddress& to, const SimulationOptions& options)
    : graph_(std::make_unique<Graph>(topologyFor(network, dataPlane, options), dataPlane, to)) {}

ForwardingOutcomes::~ForwardingOutcomes() = default;

bool ForwardingOutcomes::has(std::string_view node, TraceOutcome outcome) {
  auto i = graph_->topo.nodeIndex(node);
  return i && (graph_->visit(*i) & bit(outcome));
}

bool ForwardingOutcomes::blackholedDownstream(std::string_view node) {
  auto i = graph_->topo.nodeIndex(node);
  if (!i) return false;
  graph_->visit(*i);
  return graph_->downstreamNoRoute[*i];
}

bool aclsMatchSource(const model::Network& network) {
  for (const auto& d : network.devices)
    for (const auto& [name, acl] : d.access_lists)
      for (const auto& e : acl.entries)
        if (e.source.wildcard != 0xffffffffu) return true;
  return false;
}

}  // namespace routefix::sim
