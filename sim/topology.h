// Layer-2/3 view of the snapshot the protocols run on: node and interface indexes, which
// interfaces share a segment (from Network::links minus failed links), who owns an address.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/names.h"
#include "model/network.h"
#include "sim/dataplane.h"

namespace routefix::sim::detail {

inline constexpr uint32_t kNone = 0xffffffffu;

struct InterfaceRef {
  uint32_t node = kNone;
  uint32_t iface = kNone;  // index into Device::interfaces
  bool operator==(const InterfaceRef&) const = default;
};

class Topology {
 public:
  // An address may belong to several devices: VRF instances (sim/vrf_instances.h) reuse each
  // other's, and separate segments may reuse a subnet (FRR's topotests do);
  // owner(address, from) then tells the owners apart.
  Topology(const model::Network& network, const SimulationOptions& options);

  const model::Network& network() const { return network_; }
  size_t nodeCount() const { return network_.devices.size(); }
  const model::Device& device(uint32_t node) const { return network_.devices[node]; }
  const model::Interface& interface(InterfaceRef r) const {
    return network_.devices[r.node].interfaces[r.iface];
  }
  std::optional<uint32_t> nodeIndex(std::string_view name) const;
  const std::set<model::Link>& failedLinks() const { return failed_; }
  // The run's time limit: every stage that computes over this view checks it between steps.
  const Deadline& deadline() const { return deadline_; }

  // Up = not shut down. Interfaces without a link stay up (host-facing ports, stubs).
  bool up(InterfaceRef r) const { return !interface(r).shutdown; }
  // Interfaces on the same segment as r (excluding r), up, whatever their address.
  const std::vector<InterfaceRef>& segmentPeers(InterfaceRef r) const;
  // The up interface that has this address (primary or secondary), if any.
  std::optional<InterfaceRef> owner(Ipv4 address) const;
  // The owner as node `from` sees it: of several owners (VRF instances, reused subnets), one of
  // from's own interfaces, else one across a link from it, else the first.
  std::optional<InterfaceRef> owner(Ipv4 address, uint32_t from) const;
  // Whether `node` has the address on an up interface (each VRF instance reusing it has).
  bool owns(uint32_t node, Ipv4 address) const;
  // The up interface of `node` whose subnet contains the address.
  std::optional<uint32_t> interfaceFor(uint32_t node, Ipv4 address) const;
  // Device that owns `address` on an up interface, or "".
  std::string ownerName(Ipv4 address) const;
  // Device across interface r that owns `address`, or "" (outside the snapshot).
  std::string nodeBehind(InterfaceRef r, Ipv4 address) const;

 private:
  uint32_t flat(InterfaceRef r) const { return offsets_[r.node] + r.iface; }

  const model::Network& network_;
  std::set<model::Link> failed_;
  Deadline deadline_;
  std::vector<uint32_t> offsets_;  // first flat interface index of each node
  std::vector<std::vector<InterfaceRef>> peers_;  // by flat interface index
  std::unordered_map<uint32_t, InterfaceRef> owners_;
  std::unordered_map<uint32_t, std::vector<InterfaceRef>> reused_;  // address -> its owners, when several
  std::unordered_map<std::string, uint32_t> nodeByLowerName_;
  std::unordered_map<std::string_view, uint32_t> nodeByName_;  // as written (views into network_)
};

using model::lowercase;

}  // namespace routefix::sim::detail
