#include "html/html_page.h"

#include "html/html_text.h"

namespace routefix::html {

namespace {

constexpr std::string_view kStyle = R"(
body{font-family:Helvetica,Arial,sans-serif;margin:0 auto;max-width:1200px;padding:0 16px 32px;color:#222}
h1{font-size:22px;margin:16px 0 4px}h2{font-size:18px;border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:28px}
h3{font-size:15px;margin:14px 0 6px}.subject{color:#555;margin:0 0 12px;font-family:monospace}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-weight:bold;font-size:13px}
.badge.ok{background:#d9ead3;color:#274e13}.badge.bad{background:#f4cccc;color:#990000}
table{border-collapse:collapse;margin:6px 0;font-size:13px}th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f3f3f3}tr.fail td{background:#fff4f4}
article.intent{border:1px solid #e6b8b8;border-left:6px solid #e06666;border-radius:4px;padding:4px 14px 10px;margin:14px 0}
.reason{font-size:14px}figure.picture{margin:8px 0;overflow-x:auto}figure.picture svg{max-width:100%;height:auto}
ol.hops{list-style:none;padding:0;margin:4px 0;font-family:monospace;font-size:13px}
ol.hops li{display:inline}ol.hops li+li:before{content:" \2192  "}
.outcome{font-weight:bold;color:#990000}.outcome.ok{color:#274e13}
pre{background:#f7f7f7;border:1px solid #e3e3e3;padding:6px 8px;font-size:12px;overflow-x:auto;margin:4px 0}
pre.excerpt .blamed{background:#fce5cd;display:inline-block;min-width:100%}pre.excerpt .no{color:#999;user-select:none}
pre.diff .add{color:#1e6b1e;background:#e6f4e6}pre.diff .del{color:#a00;background:#fbe9e9}pre.diff .hunk{color:#1155cc}
a.where{font-family:monospace}.note{color:#666;font-size:13px}footer{margin-top:32px;color:#888;font-size:12px}
)";

}  // namespace

std::string document(std::string_view titleText, std::string_view bodyMarkup) {
  std::string out;
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<title>" + escape(titleText) + "</title>\n<style>" + std::string(kStyle) + "</style>\n</head>\n<body>\n";
  out += bodyMarkup;
  out += "<footer>routefix report: one self-contained page, no scripts, no external assets.</footer>\n";
  out += "</body>\n</html>\n";
  return out;
}

std::string section(std::string_view id, std::string_view headingText, std::string_view contentMarkup) {
  return "<section id=\"" + std::string(id) + "\">\n<h2>" + escape(headingText) + "</h2>\n" +
         std::string(contentMarkup) + "</section>\n";
}

std::string statusBadge(bool ok, std::string_view text) {
  return std::string("<span class=\"badge ") + (ok ? "ok" : "bad") + "\">" + escape(text) + "</span>";
}

std::string Table::render() const {
  std::string out = "<table>\n<tr>";
  for (const auto& h : header) out += "<th>" + escape(h) + "</th>";
  out += "</tr>\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    bool classed = i < row_classes.size() && !row_classes[i].empty();
    out += classed ? "<tr class=\"" + row_classes[i] + "\">" : "<tr>";
    for (const auto& cell : rows[i]) out += "<td>" + cell + "</td>";
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

std::string unifiedDiff(std::string_view diffText) {
  std::string out = "<pre class=\"diff\">";
  size_t start = 0;
  while (start < diffText.size()) {
    size_t nl = diffText.find('\n', start);
    if (nl == std::string_view::npos) nl = diffText.size();
    std::string_view line = diffText.substr(start, nl - start);
    const char* cls = line.starts_with("@@")                                ? "hunk"
                      : line.starts_with("+++") || line.starts_with("---") ? "file"
                      : line.starts_with("+")                               ? "add"
                      : line.starts_with("-")                               ? "del"
                                                                            : "";
    out += *cls ? std::string("<span class=\"") + cls + "\">" + escape(line) + "</span>\n" : escape(line) + "\n";
    start = nl + 1;
  }
  return out + "</pre>\n";
}

}  // namespace routefix::html
