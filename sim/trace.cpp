// Forwarding: follow the installed routes hop by hop from a node towards an address,
// branching on every ECMP next hop, until the packet is delivered, leaves the network, is
// dropped (no route, null route, ACL) or loops.
#include <algorithm>
#include <set>
#include <type_traits>

#include "model/input_error.h"
#include "sim/dataplane.h"
#include "sim/forwarding_step.h"
#include "sim/topology.h"
#include "sim/vrf_instances.h"

namespace routefix::sim {

using namespace detail;

namespace {

constexpr size_t kMaxPaths = 4096;
constexpr size_t kMaxHops = 64;

// Address: Ipv4 (the IPv4 tables) or model::IpAddress (IPv6; see forwarding_step.h).
template <class Address>
class Tracer {
 public:
  Tracer(const Topology& topo, const DataPlane& dp, Address to) : topo_(topo), dp_(dp), to_(to) {}

  std::vector<TracePath> run(uint32_t from) {
    source_ = packetSource(topo_, dp_, from, to_);
    std::vector<uint32_t> visited;
    walk(from, {}, visited, nullptr);
    return std::move(paths_);
  }

 private:
  void finish(std::vector<Hop> hops, TraceOutcome outcome, uint32_t at) {
    if (paths_.size() >= kMaxPaths) return;
    paths_.push_back(TracePath{std::move(hops), outcome, std::string(nodeVrf(topo_.device(at).name).device)});
  }

  // Node x as a hop: its device, and its VRF when it is a VRF instance.
  Hop hop(uint32_t x, std::string interface) const {
    auto [device, vrf] = nodeVrf(topo_.device(x).name);
    return Hop{std::string(device), std::move(interface), std::string(vrf)};
  }

  // Inside a VPN tunnel (IPv4 only), the packet is forwarded towards the tunnel's endpoint and
  // continues at its egress VRF there.
  void walk(uint32_t x, std::vector<Hop> hops, std::vector<uint32_t>& visited, const VpnTunnel* tunnel) {
    if (paths_.size() >= kMaxPaths) return;
    if (std::find(visited.begin(), visited.end(), x) != visited.end() || hops.size() >= kMaxHops) {
      hops.push_back(hop(x, ""));
      finish(std::move(hops), TraceOutcome::Loop, x);
      return;
    }
    visited.push_back(x);
    Address dst = to_;
    if constexpr (std::is_same_v<Address, Ipv4>)
      if (tunnel) dst = tunnel->endpoint;
    if (owns(topo_, x, dst)) {
      hops.push_back(hop(x, ""));
      if (tunnel) walk(tunnel->egress, std::move(hops), visited, nullptr);
      else finish(std::move(hops), TraceOutcome::Delivered, x);
      visited.pop_back();
      return;
    }
    const auto* r = forwardingRoute(topo_, dp_, x, dst);
    if (!r) {
      hops.push_back(hop(x, ""));
      finish(std::move(hops), TraceOutcome::NoRoute, x);
      visited.pop_back();
      return;
    }
    if constexpr (std::is_same_v<Address, Ipv4>) {
      if (auto vpn = tunnel ? std::nullopt : vpnTunnel(topo_, dp_, x, *r, to_)) {
        hops.push_back(hop(x, ""));
        walk(vpn->ingress, std::move(hops), visited, &*vpn);
        visited.pop_back();
        return;
      }
    }
    for (const auto& nh : r->next_hops) {
      auto path = hops;
      ForwardingStep step = forwardOver(topo_, x, *r, nh, source_, dst);
      path.push_back(hop(x, nh.discard ? "" : nh.interface));
      if (step.outcome) {
        // Dropped on the next router's ingress: the path shows that router as its end.
        if (step.at != x) path.push_back(hop(step.at, ""));
        finish(std::move(path), *step.outcome, step.at);
        continue;
      }
      walk(step.at, std::move(path), visited, tunnel);
    }
    visited.pop_back();
  }

  const Topology& topo_;
  const DataPlane& dp_;
  Address to_;
  Address source_;
  std::vector<TracePath> paths_;
};

}  // namespace

Trace trace(const model::Network& network, const DataPlane& dataPlane, std::string_view from,
            const model::IpAddress& to, const SimulationOptions& options, std::string_view vrf) {
  auto topo = topologyFor(network, dataPlane, options);
  auto node = topo->nodeIndex(from);
  if (!node) throw model::InputError("unknown node '" + std::string(from) + "'");
  Trace t;
  t.from = topo->device(*node).name;
  if (!vrf.empty()) {
    node = topo->nodeIndex(vrfInstanceName(t.from, std::string(vrf)));
    if (!node) throw model::InputError("node '" + t.from + "' routes in no VRF named '" + std::string(vrf) + "'");
  }
  t.to = to;
  t.paths = to.isV4() ? Tracer<Ipv4>(*topo, dataPlane, to.v4()).run(*node)
                      : Tracer<model::IpAddress>(*topo, dataPlane, to).run(*node);
  return t;
}

}  // namespace routefix::sim
