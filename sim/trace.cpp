// Forwarding: follow the installed routes hop by hop from a node towards an address,
// branching on every ECMP next hop, until the packet is delivered, leaves the network, is
// dropped (no route, null route, ACL) or loops.
#include <algorithm>
#include <set>

#include "model/input_error.h"
#include "sim/dataplane.h"
#include "sim/topology.h"

namespace routefix::sim {

using namespace detail;

namespace {

constexpr size_t kMaxPaths = 4096;
constexpr size_t kMaxHops = 64;

// Route-map-free packet filter check: the trace packet is plain IP, so entries for tcp/udp
// ports never match it. An ACL that is referenced but not defined permits (IOS behaviour).
bool aclPermits(const model::Device& d, const std::string& name, Ipv4 src, Ipv4 dst) {
  if (name.empty()) return true;
  auto it = d.access_lists.find(name);
  if (it == d.access_lists.end()) return true;
  for (const auto& e : it->second.entries) {
    if (e.protocol != "ip" && e.protocol != "0") continue;
    if (!e.ports.empty()) continue;
    if (e.source.matches(src) && e.destination.matches(dst)) return e.action == model::Action::Permit;
  }
  return false;
}

class Tracer {
 public:
  Tracer(const Topology& topo, const DataPlane& dp, Ipv4 to) : topo_(topo), dp_(dp), to_(to) {}

  std::vector<TracePath> run(uint32_t from) {
    const auto& d = topo_.device(from);
    source_ = Ipv4{0};
    if (const auto& rib = dp_.ribs.find(d.name); rib != dp_.ribs.end())
      if (const Route* r = rib->second.longestMatch(to_); r && !r->next_hops.empty())
        if (const auto* itf = d.findInterface(r->next_hops.front().interface); itf && itf->address)
          source_ = itf->address->address;
    std::vector<uint32_t> visited;
    walk(from, {}, visited);
    return std::move(paths_);
  }

 private:
  void finish(std::vector<Hop> hops, TraceOutcome outcome, uint32_t at) {
    if (paths_.size() >= kMaxPaths) return;
    paths_.push_back(TracePath{std::move(hops), outcome, topo_.device(at).name});
  }

  void walk(uint32_t x, std::vector<Hop> hops, std::vector<uint32_t>& visited) {
    if (paths_.size() >= kMaxPaths) return;
    const auto& d = topo_.device(x);
    if (std::find(visited.begin(), visited.end(), x) != visited.end() || hops.size() >= kMaxHops) {
      hops.push_back(Hop{d.name, ""});
      finish(std::move(hops), TraceOutcome::Loop, x);
      return;
    }
    visited.push_back(x);
    auto owner = topo_.owner(to_);
    if (owner && owner->node == x) {
      hops.push_back(Hop{d.name, ""});
      finish(std::move(hops), TraceOutcome::Delivered, x);
      visited.pop_back();
      return;
    }
    const Route* r = nullptr;
    if (auto rib = dp_.ribs.find(d.name); rib != dp_.ribs.end()) r = rib->second.longestMatch(to_);
    if (!r || r->next_hops.empty()) {
      hops.push_back(Hop{d.name, ""});
      finish(std::move(hops), TraceOutcome::NoRoute, x);
      visited.pop_back();
      return;
    }
    bool connected = r->protocol == Protocol::Connected || r->protocol == Protocol::Local;
    for (const auto& nh : r->next_hops) {
      auto path = hops;
      if (nh.discard) {
        path.push_back(Hop{d.name, ""});
        finish(std::move(path), TraceOutcome::NullRoute, x);
        continue;
      }
      path.push_back(Hop{d.name, nh.interface});
      const auto* egress = d.findInterface(nh.interface);
      if (egress && !aclPermits(d, egress->acl_out, source_, to_)) {
        finish(std::move(path), TraceOutcome::Filtered, x);
        continue;
      }
      // The next router: the one owning the next-hop address, or, on a connected subnet,
      // the one owning the destination itself.
      Ipv4 target = nh.ip ? *nh.ip : to_;
      std::optional<InterfaceRef> next;
      if (egress) {
        InterfaceRef here{x, static_cast<uint32_t>(egress - d.interfaces.data())};
        auto o = topo_.owner(target);
        const auto& peers = topo_.segmentPeers(here);
        if (o && std::find(peers.begin(), peers.end(), *o) != peers.end()) next = o;
      }
      if (!next) {
        // Nobody in the snapshot: a host on a connected subnet, or an external peer.
        finish(std::move(path), connected ? TraceOutcome::Delivered : TraceOutcome::Exited, x);
        continue;
      }
      const auto& nd = topo_.device(next->node);
      if (!aclPermits(nd, nd.interfaces[next->iface].acl_in, source_, to_)) {
        path.push_back(Hop{nd.name, ""});
        finish(std::move(path), TraceOutcome::Filtered, next->node);
        continue;
      }
      walk(next->node, std::move(path), visited);
    }
    visited.pop_back();
  }

  const Topology& topo_;
  const DataPlane& dp_;
  Ipv4 to_;
  Ipv4 source_;
  std::vector<TracePath> paths_;
};

}  // namespace

Trace trace(const model::Network& network, const DataPlane& dataPlane, std::string_view from,
            Ipv4 to, const SimulationOptions& options) {
  std::shared_ptr<const Topology> topo = dataPlane.topology;
  if (!topo || &topo->network() != &network || !options.failed_links.empty())
    topo = std::make_shared<Topology>(network, options);
  auto node = topo->nodeIndex(from);
  if (!node) throw model::InputError("unknown node '" + std::string(from) + "'");
  Trace t;
  t.from = topo->device(*node).name;
  t.to = to;
  t.paths = Tracer(*topo, dataPlane, to).run(*node);
  return t;
}

}  // namespace routefix::sim
