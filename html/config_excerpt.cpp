#include "html/config_excerpt.h"

#include <algorithm>

#include "html/html_text.h"

namespace routefix::html {

const std::vector<std::string>* ConfigExcerpts::lines(const std::string& file) {
  auto it = files_.find(file);
  if (it == files_.end()) {
    std::optional<std::vector<std::string>> split;
    try {
      auto path = model::resolveInSnapshot(snapshot_, snapshot_ / file, file, access_);
      std::string text = model::readInputFile(path, file);
      split.emplace();
      size_t start = 0;
      while (start < text.size()) {
        size_t nl = text.find('\n', start);
        if (nl == std::string::npos) nl = text.size();
        std::string line = text.substr(start, nl - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        split->push_back(std::move(line));
        start = nl + 1;
      }
    } catch (const std::exception&) {
      // A report still renders when a file moved away since loading: it shows file:line only.
      split.reset();
    }
    it = files_.emplace(file, std::move(split)).first;
  }
  return it->second ? &*it->second : nullptr;
}

std::string ConfigExcerpts::excerpt(const model::SourceSpan& span) {
  if (!span.known() || span.file.empty()) return "";
  const auto* text = lines(span.file);
  if (!text || span.first_line > static_cast<int>(text->size())) return "";
  int last = std::clamp(span.last_line, span.first_line, span.first_line + kMaxSpanLines - 1);
  int from = std::max(1, span.first_line - kContextLines);
  int to = std::min(static_cast<int>(text->size()), last + kContextLines);
  int width = static_cast<int>(std::to_string(to).size());
  std::string out = "<pre class=\"excerpt\">";
  for (int n = from; n <= to; ++n) {
    std::string number = std::to_string(n);
    number.insert(0, static_cast<size_t>(width) - number.size(), ' ');
    std::string line = "<span class=\"no\">" + number + "</span>  " + escape((*text)[static_cast<size_t>(n - 1)]);
    bool blamed = n >= span.first_line && n <= last;
    out += blamed ? "<span class=\"blamed\">" + line + "</span>\n" : line + "\n";
  }
  return out + "</pre>\n";
}

}  // namespace routefix::html
