#include "html/failure_article.h"

#include "draw/svg_render.h"
#include "draw/topology_dot.h"
#include "html/html_text.h"

namespace routefix::html {

namespace {

std::string linkText(const model::Link& l) {
  return l.a + "[" + l.a_interface + "] -- " + l.b + "[" + l.b_interface + "]";
}

// Graphviz writes a standalone SVG file; inside HTML only the <svg> element belongs.
std::string inlineSvg(const std::string& svg) {
  size_t start = svg.find("<svg");
  return start == std::string::npos ? std::string() : svg.substr(start);
}

}  // namespace

std::string intentAnchor(size_t index) { return "intent-" + std::to_string(index + 1); }

std::string pathsMarkup(const std::vector<sim::TracePath>& paths) {
  std::string out;
  for (const auto& p : paths) {
    out += "<ol class=\"hops\">";
    for (const auto& hop : p.hops) {
      out += "<li>" + escape(hop.node);
      if (!hop.interface.empty()) out += " <span class=\"note\">(" + escape(hop.interface) + ")</span>";
      out += "</li>";
    }
    bool arrived = p.outcome == sim::TraceOutcome::Delivered || p.outcome == sim::TraceOutcome::Exited;
    out += std::string("<li><span class=\"outcome") + (arrived ? " ok" : "") + "\">" +
           escape(sim::outcomeName(p.outcome) + (p.at.empty() ? "" : " at " + p.at)) + "</span></li></ol>\n";
  }
  return out;
}

std::string PageContext::location(const model::SourceSpan& span) {
  if (span.file.empty()) return "";
  std::string id = "src-" + std::to_string(++locations_);
  std::string where = span.file + (span.known() ? ":" + std::to_string(span.first_line) : "");
  return "<div class=\"location\" id=\"" + id + "\"><a class=\"where\" href=\"#" + id + "\">" + escape(where) +
         "</a>\n" + excerpts_.excerpt(span) + "</div>\n";
}

std::string PageContext::picture(const verify::Counterexample& c, const std::vector<std::string>& waypoints) {
  if (network_.devices.size() > kMaxPictureDevices)
    return "<p class=\"note\">No picture: " + std::to_string(network_.devices.size()) + " devices are more than " +
           std::to_string(kMaxPictureDevices) + " (use routefix draw --intent).</p>\n";
  if (pictures_ >= kMaxPictures)
    return "<p class=\"note\">No picture: the page draws the first " + std::to_string(kMaxPictures) +
           " (use routefix draw --intent).</p>\n";
  draw::Highlight h;
  h.paths = c.paths;
  h.failed_links = c.failed_links;
  h.waypoints = waypoints;
  h.id = "pic" + std::to_string(++pictures_);
  try {
    return "<figure class=\"picture\">" + inlineSvg(draw::renderSvg(draw::topologyDot(network_, h))) + "</figure>\n";
  } catch (const std::exception& e) {
    return "<p class=\"note\">No picture: " + escape(e.what()) + "</p>\n";
  }
}

std::string PageContext::failureArticle(std::string_view anchorId, std::string_view headingText,
                                        const verify::Counterexample& c, const std::vector<std::string>& waypoints) {
  std::string out = "<article class=\"intent\" id=\"" + std::string(anchorId) + "\">\n<h3>" + escape(headingText) +
                    "</h3>\n<p class=\"reason\">" + escape(c.reason) + "</p>\n";
  out += picture(c, waypoints);
  if (!c.paths.empty()) {
    std::string to = c.address ? " to " + c.address->str() : "";
    out += "<h4>Counterexample path" + std::string(c.paths.size() > 1 ? "s" : "") + escape(to) + "</h4>\n";
    out += pathsMarkup(c.paths);
  }
  if (!c.failed_links.empty()) {
    out += "<p>Links down in this scenario:</p><ul class=\"links\">";
    for (const auto& l : c.failed_links) out += "<li>" + escape(linkText(l)) + "</li>";
    out += "</ul>\n";
  }
  if (c.failing_sources.size() > 1) {
    std::string sources;
    for (const auto& s : c.failing_sources) sources += (sources.empty() ? "" : ", ") + s;
    out += "<p>Fails from: " + escape(sources) + "</p>\n";
  }
  out += location(c.location);
  return out + "</article>\n";
}

std::string PageContext::failingIntents(const verify::VerifyReport& report) {
  std::string out;
  for (size_t i = 0; i < report.intents.size(); ++i) {
    const auto& r = report.intents[i];
    if (r.holds || !r.counterexample) continue;
    out += failureArticle(intentAnchor(i), r.intent.name + " (" + verify::intentTypeName(r.intent.type) + ")",
                          *r.counterexample, r.intent.through);
  }
  return out;
}

}  // namespace routefix::html
