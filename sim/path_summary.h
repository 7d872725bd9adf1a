// The forwarding paths from every node towards one address, summarised per node in one
// memoised pass over the forwarding graph (as ForwardingOutcomes does for outcomes): how many
// distinct node sequences arrive, and which nodes every path crosses. Intent mining asks this
// for every (source, destination) pair, where listing paths with trace() would cost (k/2)^2
// paths per fat-tree pair. Exact when no ACL matches on the source address
// (aclsMatchSource) and no path from the node loops (`loops`; then use trace()).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/dataplane.h"

namespace routefix::sim {

struct PathFacts {
  bool loops = false;     // some path from the node loops: the rest is not exact
  bool dropped = false;   // some path ends no-route, null-route or filtered
  uint64_t arriving = 0;  // distinct node sequences that are delivered or leave the network
  // Nodes that every path which is not dropped crosses after the node and before its last
  // node, in path order; nullopt when every path is dropped (no constraint).
  std::optional<std::vector<std::string>> transit;
};

class PathSummary {
 public:
  PathSummary(const model::Network& network, const DataPlane& dataPlane, Ipv4 to,
              const SimulationOptions& options = {});
  ~PathSummary();
  PathSummary(const PathSummary&) = delete;
  PathSummary& operator=(const PathSummary&) = delete;

  // Unknown nodes have no path (arriving 0, transit empty).
  PathFacts from(std::string_view node);

 private:
  struct Graph;
  std::unique_ptr<Graph> graph_;
};

}  // namespace routefix::sim
