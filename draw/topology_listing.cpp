#include "draw/topology_listing.h"

#include <sstream>

namespace routefix::draw {

nlohmann::json topologyJson(const model::Network& net, const Highlight& h) {
  nlohmann::json nodes = nlohmann::json::array(), links = nlohmann::json::array(),
                 paths = nlohmann::json::array();
  for (const auto& d : net.devices) nodes.push_back({{"name", d.name}, {"group", groupOf(d)}});
  for (const auto& l : net.links)
    links.push_back({{"a", l.a}, {"a_interface", l.a_interface}, {"b", l.b}, {"b_interface", l.b_interface},
                     {"down", h.failed_links.count(l) > 0}});
  for (const auto& p : h.paths) {
    nlohmann::json hops = nlohmann::json::array();
    for (const auto& hop : p.hops) hops.push_back({{"node", hop.node}, {"interface", hop.interface}});
    paths.push_back({{"hops", std::move(hops)}, {"outcome", sim::outcomeName(p.outcome)}, {"at", p.at}});
  }
  return {{"title", h.title}, {"nodes", std::move(nodes)}, {"links", std::move(links)},
          {"paths", std::move(paths)}, {"waypoints", h.waypoints}};
}

std::string topologyText(const model::Network& net, const Highlight& h) {
  std::ostringstream out;
  if (!h.title.empty()) out << h.title << "\n\n";
  out << "nodes:\n";
  for (const auto& d : net.devices) {
    std::string group = groupOf(d);
    out << "  " << d.name << (group.empty() ? "" : "  (" + group + ")") << "\n";
  }
  out << "links:\n";
  for (const auto& l : net.links)
    out << "  " << l.a << " " << l.a_interface << " -- " << l.b << " " << l.b_interface
        << (h.failed_links.count(l) ? "  DOWN" : "") << "\n";
  if (!h.paths.empty()) out << "paths:\n";
  for (size_t i = 0; i < h.paths.size(); ++i) {
    const auto& p = h.paths[i];
    out << "  " << i + 1 << ". ";
    for (size_t k = 0; k < p.hops.size(); ++k)
      out << (k ? " -> " : "") << p.hops[k].node
          << (p.hops[k].interface.empty() ? "" : " [" + p.hops[k].interface + "]");
    out << "  => " << sim::outcomeName(p.outcome) << (p.at.empty() ? "" : " at " + p.at) << "\n";
  }
  if (!h.waypoints.empty()) {
    out << "waypoints:";
    for (const auto& w : h.waypoints) out << " " << w;
    out << "\n";
  }
  return out.str();
}

}  // namespace routefix::draw
