// The pieces every report page is made of. A page is one self-contained HTML5 document:
// inline CSS and inline SVG, no script, no external asset; its Content-Security-Policy forbids
// scripts and fetches, so even markup that slipped through escaping could not load anything.
// Arguments named `text` are plain text (escaped here); `markup` is HTML built by these
// functions or escaped by the caller.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace routefix::html {

std::string document(std::string_view titleText, std::string_view bodyMarkup);

// <section id="ID"><h2>heading</h2>content</section>; `id` is ours, never user text.
std::string section(std::string_view id, std::string_view headingText, std::string_view contentMarkup);

// A coloured status word: "pass" green, "FAIL" red.
std::string statusBadge(bool ok, std::string_view text);

struct Table {
  std::vector<std::string> header;             // text
  std::vector<std::vector<std::string>> rows;  // markup cells
  std::vector<std::string> row_classes;        // optional, per row (ours, not user text)

  std::string render() const;
};

// <pre class="diff"> with added, removed and hunk lines coloured.
std::string unifiedDiff(std::string_view diffText);

}  // namespace routefix::html
