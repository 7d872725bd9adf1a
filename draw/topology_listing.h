// What `routefix draw` shows, without the picture (`--format text|json`, spec.md: every
// command takes them): the nodes with their groups, the links (failed ones marked down),
// the highlighted paths in `routefix trace`'s shape, and the waypoints.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "draw/topology_dot.h"

namespace routefix::draw {

// {"title", "nodes": [{"name", "group"}], "links": [{"a", "a_interface", "b", "b_interface",
// "down"}], "paths": [{"hops": [{"node", "interface"}], "outcome", "at"}], "waypoints": [..]}
nlohmann::json topologyJson(const model::Network& network, const Highlight& highlight = {});
std::string topologyText(const model::Network& network, const Highlight& highlight = {});

}  // namespace routefix::draw
