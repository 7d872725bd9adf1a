// A bar chart of a quantity per group before and after a change, as an SVG document: the
// anycast optimiser's client weight per PoP before and after prepending (`anycast optimize
// --chart`). Plain SVG text, no layout engine: it builds without Graphviz.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace routefix::draw {

struct ChartRow {
  std::string label;              // hostile text (a PoP name from the user's file): escaped
  double before = 0, after = 0;   // non-negative
  std::optional<double> target{};  // drawn as a mark across the row
};

// One row per entry, a grey bar for `before` and a blue one for `after` on a common scale,
// each labelled with its value; `title` and the labels are escaped.
std::string beforeAfterChartSvg(const std::string& title, const std::vector<ChartRow>& rows);

}  // namespace routefix::draw
