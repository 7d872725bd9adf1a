// What every page shows of a failing intent (or a destination a change made unreachable): the
// reason, the topology with the counterexample drawn on it (draw/, inline SVG), the forwarding
// paths hop by hop, the links down, the failing sources and the config line most responsible.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "html/config_excerpt.h"
#include "model/network.h"
#include "verify/intent_check.h"
#include "verify/verifier.h"

namespace routefix::html {

// What a page's parts share while it is written: the network pictures are drawn on, the
// config lines quoted, and counters that keep element ids unique within the page.
class PageContext {
 public:
  PageContext(const model::Network& network, ConfigExcerpts excerpts)
      : network_(network), excerpts_(std::move(excerpts)) {}

  // `file:line` as a link to the quoted lines below it, then the lines; "" for no line.
  std::string location(const model::SourceSpan& span);

  // The topology with the paths, failed links and waypoints drawn, as inline <svg>; a note
  // instead past kMaxPictures pictures, on networks over kMaxPictureDevices devices (Graphviz
  // lays those out in minutes and the drawing is unreadable), or when Graphviz fails.
  std::string picture(const verify::Counterexample& c, const std::vector<std::string>& waypoints);

  // <article class="intent" id=anchorId>: heading, reason, picture, paths, links down,
  // failing sources, location.
  std::string failureArticle(std::string_view anchorId, std::string_view headingText, const verify::Counterexample& c,
                             const std::vector<std::string>& waypoints);

  // An article per failing intent of `report`, ids intentAnchor(index in the report).
  std::string failingIntents(const verify::VerifyReport& report);

  static constexpr int kMaxPictures = 20;
  static constexpr size_t kMaxPictureDevices = 300;

 private:
  const model::Network& network_;
  ConfigExcerpts excerpts_;
  int pictures_ = 0;
  int locations_ = 0;
};

// "intent-N": the id of the article of a report's N-th intent (1-based).
std::string intentAnchor(size_t index);

// The forwarding paths, one line each: hops, then how the path ends.
std::string pathsMarkup(const std::vector<sim::TracePath>& paths);

}  // namespace routefix::html
