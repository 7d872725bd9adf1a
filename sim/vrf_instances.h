// VRF-lite: each named VRF of a device routes on its own. The simulator runs it as one more
// device (vrfInstanceName(device, VRF)) holding the VRF's interfaces, static routes and
// protocol instances together with the device's policies, and re-points the links of those
// interfaces at it; so connected/static/OSPF/BGP, sessions and next-hop resolution stay inside
// the VRF with the per-device machinery unchanged. The device itself is its default VRF, as
// before: a VRF interface stays out of it. A network without named VRFs is simulated as is.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "model/network.h"
#include "sim/dataplane.h"

namespace routefix::sim::detail {

// "r1 vrf RED": a name no hostname has (hostnames have no spaces), readable in warnings.
std::string vrfInstanceName(const std::string& device, const std::string& vrf);

// A simulated node's device and the VRF it routes in ("" the default VRF).
struct NodeVrf {
  std::string_view device;
  std::string_view vrf;
};
NodeVrf nodeVrf(std::string_view node);

class VrfInstances {
 public:
  explicit VrfInstances(const model::Network& snapshot);

  // The network to simulate: the snapshot itself when it has no named VRF.
  const model::Network& network() const { return expanded_ ? *expanded_ : snapshot_; }
  // The snapshot's failed links as links of network().
  SimulationOptions options(const SimulationOptions& snapshotOptions) const;
  // Moves the VRF instances' tables to DataPlane::vrf_ribs and names their sessions by device
  // and VRF, and next hops by device; keeps network() alive for the data plane's topology.
  void fold(DataPlane& dataPlane) const;

 private:
  model::Link repoint(const model::Link& link) const;
  std::string deviceOf(const std::string& node) const;  // an instance's device, else node
  void nameDevices(NodeRib& rib) const;

  const model::Network& snapshot_;
  std::shared_ptr<const model::Network> expanded_;
  std::unordered_map<std::string, std::pair<std::string, std::string>> instances_;  // name -> device, VRF
};

}  // namespace routefix::sim::detail
