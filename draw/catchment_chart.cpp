#include "draw/catchment_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "html/html_text.h"

namespace routefix::draw {

namespace {

constexpr int kLabelWidth = 150;
constexpr int kBarArea = 460;
constexpr int kValueWidth = 90;
constexpr int kRowHeight = 46;
constexpr int kBarHeight = 16;
constexpr int kTop = 56;

std::string formatted(const char* format, double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}
std::string number(double v) { return formatted("%.4g", v); }  // a value as a label
std::string px(double v) { return formatted("%.1f", v); }      // a coordinate

}  // namespace

std::string beforeAfterChartSvg(const std::string& title, const std::vector<ChartRow>& rows) {
  double scale = 0;
  for (const auto& r : rows) scale = std::max({scale, r.before, r.after, r.target.value_or(0)});
  auto width = [&](double v) { return scale > 0 && std::isfinite(v) ? std::max(0.0, v) / scale * kBarArea : 0.0; };

  const int svgWidth = kLabelWidth + kBarArea + kValueWidth + 20;
  const int svgHeight = kTop + kRowHeight * static_cast<int>(rows.size()) + 16;
  std::string out;
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(svgWidth) + "\" height=\"" +
         std::to_string(svgHeight) + "\" viewBox=\"0 0 " + std::to_string(svgWidth) + " " +
         std::to_string(svgHeight) + "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  out += "<title>" + html::escape(title) + "</title>\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  out += "<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">" + html::escape(title) + "</text>\n";
  // Legend.
  out += "<rect x=\"10\" y=\"32\" width=\"12\" height=\"10\" fill=\"#b0b0b0\"/>"
         "<text x=\"26\" y=\"41\">before</text>\n"
         "<rect x=\"80\" y=\"32\" width=\"12\" height=\"10\" fill=\"#2f6db5\"/>"
         "<text x=\"96\" y=\"41\">after</text>\n"
         "<line x1=\"140\" y1=\"30\" x2=\"140\" y2=\"44\" stroke=\"#d9480f\" stroke-width=\"2\"/>"
         "<text x=\"146\" y=\"41\">target</text>\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    const ChartRow& r = rows[i];
    int y = kTop + kRowHeight * static_cast<int>(i);
    out += "<g>\n";
    out += "<text x=\"10\" y=\"" + std::to_string(y + 20) + "\">" + html::escape(r.label) + "</text>\n";
    auto bar = [&](double value, int dy, const char* fill) {
      out += "<rect x=\"" + std::to_string(kLabelWidth) + "\" y=\"" + std::to_string(y + dy) + "\" width=\"" +
             px(width(value)) + "\" height=\"" + std::to_string(kBarHeight) + "\" fill=\"" + fill + "\"/>";
      out += "<text x=\"" + px(kLabelWidth + width(value) + 4) + "\" y=\"" + std::to_string(y + dy + 12) + "\">" +
             number(value) + "</text>\n";
    };
    bar(r.before, 4, "#b0b0b0");
    bar(r.after, 4 + kBarHeight + 2, "#2f6db5");
    if (r.target) {
      std::string x = px(kLabelWidth + width(*r.target));
      out += "<line x1=\"" + x + "\" y1=\"" + std::to_string(y + 1) + "\" x2=\"" + x + "\" y2=\"" +
             std::to_string(y + 4 + 2 * kBarHeight + 5) + "\" stroke=\"#d9480f\" stroke-width=\"2\">"
             "<title>target " + number(*r.target) + "</title></line>\n";
    }
    out += "</g>\n";
  }
  out += "</svg>\n";
  return out;
}

}  // namespace routefix::draw
