#include "draw/topology_dot.h"

#include <doctest/doctest.h>

#include "draw/svg_render.h"

using namespace routefix;

namespace {

model::Network triangle() {
  model::Network n;
  for (const char* name : {"r1", "r2", "r3"}) {
    model::Device d;
    d.name = name;
    d.bgp = model::BgpProcess{};
    d.bgp->asn = std::string(name) == "r3" ? 65003 : 65000;
    n.devices.push_back(d);
  }
  n.links = {{"r1", "eth0", "r2", "eth0"}, {"r2", "eth1", "r3", "eth0"}, {"r1", "eth1", "r3", "eth1"}};
  return n;
}

}  // namespace

TEST_CASE("topology DOT groups nodes by AS and highlights a path that stops") {
  sim::TracePath path;
  path.hops = {{"r1", "eth1", ""}, {"r3", "eth0", ""}, {"r2", "", ""}};
  path.outcome = sim::TraceOutcome::NoRoute;
  path.at = "r2";
  draw::Highlight h;
  h.title = "trace r1 -> 10.0.0.1";
  h.paths = {path};
  h.failed_links = {{"r1", "eth0", "r2", "eth0"}};
  h.waypoints = {"r3"};
  std::string dot = draw::topologyDot(triangle(), h);
  CHECK(dot.find("label=\"AS 65000\"") != std::string::npos);
  CHECK(dot.find("label=\"AS 65003\"") != std::string::npos);
  // r1 -> r3 follows the link's a -> b direction; r3 -> r2 runs against r2--r3.
  CHECK(dot.find("\"r1\" -- \"r3\" [taillabel=\"eth1\", headlabel=\"eth1\", color=\"#cc0000\", penwidth=3, dir=forward, class=\"hop\"]") !=
        std::string::npos);
  CHECK(dot.find("\"r2\" -- \"r3\" [taillabel=\"eth1\", headlabel=\"eth0\", color=\"#cc0000\", penwidth=3, dir=back, class=\"hop\"]") !=
        std::string::npos);
  CHECK(dot.find("\"r1\" -- \"r2\" [taillabel=\"eth0\", headlabel=\"eth0\", style=dashed") != std::string::npos);
  CHECK(dot.find("\"r2\" [label=\"r2\\nstops: no-route\", fillcolor=\"#f4cccc\"") != std::string::npos);
  CHECK(dot.find("\"r1\" [label=\"r1\\nsource\"") != std::string::npos);
  CHECK(dot.find("peripheries=2") != std::string::npos);
  CHECK(dot.find("class=\"stopped\"") != std::string::npos);
  CHECK(dot.find("class=\"onpath waypoint\"") != std::string::npos);
  CHECK(dot.find("class=\"down\"") != std::string::npos);
}

TEST_CASE("a picture's id prefixes its SVG element ids, so pictures can share a page") {
  draw::Highlight h;
  h.id = "p7";
  std::string svg = draw::renderSvg(draw::topologyDot(triangle(), h));
  CHECK(svg.find("id=\"p7\"") != std::string::npos);
  CHECK(svg.find("id=\"p7_node1\"") != std::string::npos);
  CHECK(svg.find("id=\"node1\"") == std::string::npos);
}

TEST_CASE("Graphviz lays out and renders the DOT as SVG") {
  std::string svg = draw::renderSvg(draw::topologyDot(triangle()));
  CHECK(svg.find("<svg") != std::string::npos);
  CHECK(svg.find(">r1</text>") != std::string::npos);
  CHECK_THROWS(draw::renderSvg("graph { this is not dot"));
}
