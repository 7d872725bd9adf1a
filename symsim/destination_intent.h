// An intent reduced to what the symbolic encoding of one destination prefix needs. The
// repair stage builds these from verify's intents; symsim does not depend on verify.
#pragma once

#include <string>
#include <vector>

#include "model/ip.h"

namespace routefix::symsim {

struct DestinationIntent {
  enum class Kind {
    Reachable,     // every source's traffic is delivered (by an owner or an external exit)
    Isolated,      // no source's traffic is delivered
    Waypoint,      // every source's path passes `through`, in order, and is delivered
    Path,          // the forwarding path of path[0] is exactly `path`
    RoutePresent,  // `node` has a route (from `next_hop_node`, if set)
    RouteAbsent,   // `node` has no route
    Multipath,     // each source has at least `min_paths` equal-cost forwarding paths
  };
  std::string name;
  Kind kind = Kind::Reachable;
  model::Prefix destination;  // the prefix that carries the traffic
  std::vector<std::string> sources;
  std::vector<std::string> through;
  std::vector<std::string> path;
  std::string node;
  std::string next_hop_node;
  // RoutePresent with next_hop_node, for a route learned over iBGP: the forwarding next hop is
  // the IGP neighbour towards the route's exit (the router that took it in over eBGP or
  // originated it), not the iBGP peer. These are the exits whose IGP path from `node` starts
  // at next_hop_node; the caller reads them off the concrete IGP, which BGP knobs do not move.
  std::vector<std::string> exits_via_next_hop;
  uint32_t min_paths = 0;
};

}  // namespace routefix::symsim
