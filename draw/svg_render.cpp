#include "draw/svg_render.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <memory>
#include <stdexcept>

namespace routefix::draw {

std::string renderSvg(const std::string& dot) {
  // Graphviz objects are C handles; owners release them in reverse order of creation.
  std::unique_ptr<GVC_t, int (*)(GVC_t*)> context(gvContext(), gvFreeContext);
  if (!context) throw std::runtime_error("graphviz: cannot create a context");
  std::unique_ptr<Agraph_t, int (*)(Agraph_t*)> graph(agmemread(dot.c_str()), agclose);
  if (!graph) throw std::runtime_error("graphviz: cannot read the generated DOT");
  if (gvLayout(context.get(), graph.get(), "dot") != 0)
    throw std::runtime_error("graphviz: layout failed (is the dot layout plugin installed?)");
  char* data = nullptr;
  unsigned int length = 0;
  int rc = gvRenderData(context.get(), graph.get(), "svg", &data, &length);
  std::string svg = (rc == 0 && data) ? std::string(data, length) : std::string();
  if (data) gvFreeRenderData(data);
  gvFreeLayout(context.get(), graph.get());
  if (rc != 0) throw std::runtime_error("graphviz: SVG rendering failed");
  return svg;
}

}  // namespace routefix::draw
