// Region selection: the routers (and so the knobs) that can matter for one destination.
// A router is in the region when it lies on a walk from a source to an origin of the
// prefix that is at most `slack` hops longer than that source's shortest one (or, narrowest,
// on one chosen shortest walk), in the graph of BGP sessions (configured or half-configured)
// and OSPF adjacencies. Everything else is kept concrete.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "model/network.h"
#include "symsim/session_graph.h"

namespace routefix::symsim {

struct Region {
  std::set<std::string> nodes;
};

// Devices that can put `prefix` into BGP or own it: connected subnet, static route, network
// statement, external announcement.
std::set<std::string> prefixOrigins(const model::Network& network, const model::Prefix& prefix);

// How wide a region is, from narrowest to widest.
struct RegionWidth {
  enum class Kind {
    OneWalk,  // one shortest walk per source (through the required routers, in order)
    Slack,    // every walk at most `slack` hops longer than the source's shortest one
    Whole,    // the whole network
  };
  Kind kind = Kind::Slack;
  int slack = 0;
  std::string describe() const;
};

Region selectRegion(const model::Network& network, const std::vector<BgpSession>& sessions,
                    const std::vector<std::string>& sources, const std::set<std::string>& origins,
                    const std::vector<std::string>& required, RegionWidth width);

}  // namespace routefix::symsim
