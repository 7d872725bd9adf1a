// Pictures of the network: the topology as Graphviz DOT, nodes grouped by AS / OSPF area,
// with forwarding paths (a trace, or a failing intent's counterexample) drawn on top.
// Layout and rendering are Graphviz's (svg_render.h); this file only says what to draw.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "model/network.h"
#include "sim/dataplane.h"

namespace routefix::draw {

struct Highlight {
  std::string title;                   // graph label
  std::vector<sim::TracePath> paths;   // drawn as directed, coloured edges
  std::set<model::Link> failed_links;  // drawn dashed, "down"
  std::vector<std::string> waypoints;  // drawn with a double border
};

// "AS 65000" for BGP speakers, "OSPF area N" for OSPF-only routers, else "".
std::string groupOf(const model::Device& device);

std::string topologyDot(const model::Network& network, const Highlight& highlight = {});

}  // namespace routefix::draw
