#include "draw/topology_dot.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <sstream>

namespace routefix::draw {

namespace {

std::string quoted(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') q += '\\';
    q += c == '\n' ? std::string("\\n") : std::string(1, c);
  }
  return q + "\"";
}

bool sameName(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// The link that leaves `node` through `interface` towards `next`.
const model::Link* hopLink(const model::Network& net, const std::string& node, const std::string& interface,
                           const std::string& next) {
  const model::Link* byPeer = nullptr;
  for (const auto& l : net.links) {
    bool aSide = sameName(l.a, node) && sameName(l.b, next);
    bool bSide = sameName(l.b, node) && sameName(l.a, next);
    if (!aSide && !bSide) continue;
    const std::string& itf = aSide ? l.a_interface : l.b_interface;
    if (sameName(itf, interface)) return &l;
    if (!byPeer) byPeer = &l;
  }
  return byPeer;
}

struct EdgeStyle {
  bool forward = false;  // traversed a -> b
  bool backward = false;
  bool failed = false;
  bool stopping = false;  // the path's last hop, towards where traffic stops
};

std::string outcomeLabel(const sim::TracePath& p) {
  switch (p.outcome) {
    case sim::TraceOutcome::Delivered: return "delivered";
    case sim::TraceOutcome::Exited: return "exits";
    default: return "stops: " + sim::outcomeName(p.outcome);
  }
}

}  // namespace

std::string groupOf(const model::Device& d) {
  if (d.bgp) return "AS " + std::to_string(d.bgp->asn);
  if (d.ospf) {
    std::optional<uint32_t> area;
    for (const auto& n : d.ospf->networks) area = std::min(area.value_or(n.area), n.area);
    for (const auto& i : d.interfaces)
      if (i.ospf_area) area = std::min(area.value_or(*i.ospf_area), *i.ospf_area);
    return "OSPF area " + std::to_string(area.value_or(0));
  }
  return "";
}

std::string topologyDot(const model::Network& net, const Highlight& h) {
  std::map<const model::Link*, EdgeStyle> edges;
  std::map<std::string, std::vector<std::string>> notes;  // node -> labels under it
  std::set<std::string> onPath, stopped, arrived;
  for (const auto& p : h.paths) {
    for (size_t i = 0; i < p.hops.size(); ++i) {
      onPath.insert(p.hops[i].node);
      if (i + 1 == p.hops.size()) break;
      const model::Link* l = hopLink(net, p.hops[i].node, p.hops[i].interface, p.hops[i + 1].node);
      if (!l) continue;
      auto& style = edges[l];
      (sameName(l->a, p.hops[i].node) ? style.forward : style.backward) = true;
    }
    if (p.hops.empty()) continue;
    const std::string& at = p.at.empty() ? p.hops.back().node : p.at;
    std::string label = outcomeLabel(p);
    auto& n = notes[at];
    if (std::find(n.begin(), n.end(), label) == n.end()) n.push_back(label);
    (sim::outcomeName(p.outcome) == "delivered" || sim::outcomeName(p.outcome) == "exited" ? arrived : stopped)
        .insert(at);
  }
  if (!h.paths.empty() && !h.paths.front().hops.empty()) {
    auto& n = notes[h.paths.front().hops.front().node];
    n.insert(n.begin(), "source");
  }
  for (const auto& l : net.links)
    if (h.failed_links.count(l)) edges[&l].failed = true;

  std::ostringstream out;
  out << "graph routefix {\n";
  out << "  graph [fontname=\"Helvetica\", fontsize=11, labelloc=t, overlap=false, splines=true";
  if (!h.title.empty()) out << ", label=" << quoted(h.title);
  if (!h.id.empty()) out << ", id=" << quoted(h.id);
  out << "];\n";
  out << "  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Helvetica\", fontsize=10];\n";
  out << "  edge [fontname=\"Helvetica\", fontsize=7, color=gray60];\n";

  std::map<std::string, std::vector<const model::Device*>> groups;
  for (const auto& d : net.devices) groups[groupOf(d)].push_back(&d);
  auto emitNode = [&](const model::Device& d, const std::string& indent) {
    out << indent << quoted(d.name) << " [";
    std::string label = d.name;
    for (const auto& n : notes[d.name]) label += "\n" + n;
    out << "label=" << quoted(label);
    std::string classes;
    if (stopped.count(d.name)) {
      out << ", fillcolor=\"#f4cccc\", color=\"#cc0000\", penwidth=2";
      classes = "stopped";
    } else if (arrived.count(d.name)) {
      out << ", fillcolor=\"#d9ead3\", color=\"#38761d\", penwidth=2";
      classes = "arrived";
    } else if (onPath.count(d.name)) {
      out << ", fillcolor=\"#fff2cc\"";
      classes = "onpath";
    }
    if (std::find(h.waypoints.begin(), h.waypoints.end(), d.name) != h.waypoints.end()) {
      out << ", peripheries=2, color=\"#1155cc\"";
      classes += classes.empty() ? "waypoint" : " waypoint";
    }
    if (!classes.empty()) out << ", class=" << quoted(classes);
    out << "];\n";
  };
  int cluster = 0;
  for (const auto& [group, devices] : groups) {
    if (group.empty()) {
      for (const auto* d : devices) emitNode(*d, "  ");
      continue;
    }
    out << "  subgraph cluster_" << cluster++ << " {\n";
    out << "    label=" << quoted(group) << "; style=\"rounded,dashed\"; color=gray50;\n";
    for (const auto* d : devices) emitNode(*d, "    ");
    out << "  }\n";
  }
  for (const auto& l : net.links) {
    out << "  " << quoted(l.a) << " -- " << quoted(l.b) << " [taillabel=" << quoted(l.a_interface)
        << ", headlabel=" << quoted(l.b_interface);
    auto it = edges.find(&l);
    if (it != edges.end()) {
      const EdgeStyle& s = it->second;
      if (s.failed) {
        out << ", style=dashed, color=\"#999999\", label=\"down\", fontcolor=\"#cc0000\", class=\"down\"";
      } else if (s.forward || s.backward) {
        out << ", color=\"#cc0000\", penwidth=3, dir="
            << (s.forward && s.backward ? "both" : s.forward ? "forward" : "back") << ", class=\"hop\"";
      }
    }
    out << "];\n";
  }
  out << "}\n";
  return out.str();
}

}  // namespace routefix::draw
