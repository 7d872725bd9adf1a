#include <doctest/doctest.h>

#include "draw/catchment_chart.h"

using routefix::draw::beforeAfterChartSvg;
using routefix::draw::ChartRow;

TEST_CASE("before/after chart: bars on one scale, values, target marks") {
  std::string svg = beforeAfterChartSvg("shift", {{.label = "fra", .before = 3, .after = 1},
                                                  {.label = "nyc", .before = 1, .after = 3, .target = 4.0}});
  CHECK(svg.rfind("<svg ", 0) == 0);
  CHECK(svg.find("</svg>") != std::string::npos);
  // The largest value (the target, 4) spans the whole bar area (460 px): 3 is 345 px.
  CHECK(svg.find("width=\"345.0\"") != std::string::npos);
  CHECK(svg.find("width=\"115.0\"") != std::string::npos);
  CHECK(svg.find("<title>target 4</title>") != std::string::npos);
  CHECK(svg.find(">fra</text>") != std::string::npos);
}

TEST_CASE("before/after chart: labels from the user's files are escaped, empty rows draw nothing") {
  std::string svg = beforeAfterChartSvg("t<i>tle", {{.label = "<script>x</script>&\x01", .before = 0, .after = 0}});
  CHECK(svg.find("<script>") == std::string::npos);
  CHECK(svg.find("&lt;script&gt;x&lt;/script&gt;&amp;\\x01") != std::string::npos);
  CHECK(svg.find("t&lt;i&gt;tle") != std::string::npos);
  CHECK(svg.find("width=\"0.0\"") != std::string::npos);  // all zero: no division by zero
  CHECK(beforeAfterChartSvg("none", {}).find("</svg>") != std::string::npos);
}
