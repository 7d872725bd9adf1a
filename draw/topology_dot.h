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
  // Prefix of the SVG element ids ("" keeps Graphviz's "node1", "edge1"), so that several
  // pictures can share one HTML page.
  std::string id;
};

// Each highlighted element also carries an SVG class (Graphviz `class`), so a page can style
// or find them: edges "hop" (traffic crosses it) and "down" (failed); nodes "stopped" (traffic
// stops there), "arrived", "onpath", "waypoint".

// "AS 65000" for BGP speakers, "OSPF area N" for OSPF-only routers, else "".
std::string groupOf(const model::Device& device);

std::string topologyDot(const model::Network& network, const Highlight& highlight = {});

}  // namespace routefix::draw
