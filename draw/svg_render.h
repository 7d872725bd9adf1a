// Lays out and renders DOT with Graphviz's own library (libgvc, the `dot` layout engine).
#pragma once

#include <string>

namespace routefix::draw {

// Throws std::runtime_error when Graphviz rejects the input or has no SVG renderer.
std::string renderSvg(const std::string& dot);

}  // namespace routefix::draw
