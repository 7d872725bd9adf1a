#include "verify/report_formats.h"

#include <algorithm>
#include <map>
#include <sstream>

namespace routefix::verify {

namespace {

std::vector<std::string> splitLines(const std::string& s) {
  std::vector<std::string> lines;
  std::stringstream ss(s);
  std::string line;
  while (std::getline(ss, line)) lines.push_back(line);
  if (lines.empty()) lines.emplace_back();
  return lines;
}

std::string joinUri(const std::string& prefix, const std::string& file) {
  if (prefix.empty() || prefix == ".") return file;
  return prefix.back() == '/' ? prefix + file : prefix + "/" + file;
}

nlohmann::json physicalLocation(const model::SourceSpan& span, const std::string& uriPrefix) {
  nlohmann::json loc = {{"artifactLocation", {{"uri", joinUri(uriPrefix, span.file)}}}};
  if (span.first_line > 0) {
    loc["region"] = {{"startLine", span.first_line}};
    if (span.last_line >= span.first_line) loc["region"]["endLine"] = span.last_line;
  }
  return loc;
}

// FNV-1a, 64 bits: stable across runs, platforms and versions (std::hash is none of these).
uint64_t fnv1a(const std::string& text, uint64_t seed) {
  uint64_t h = seed;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string hex(uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[i] = digits[v & 15];
  return out;
}

std::string severity(const std::string& sarifLevel) {
  if (sarifLevel == "error") return "major";
  if (sarifLevel == "warning") return "minor";
  return "info";
}

}  // namespace

std::string TextTable::render() const {
  size_t columns = header.size();
  std::vector<size_t> width(columns, 0);
  auto measure = [&](const std::vector<std::string>& row) {
    for (size_t c = 0; c < columns && c < row.size(); ++c)
      for (const auto& line : splitLines(row[c])) width[c] = std::max(width[c], line.size());
  };
  measure(header);
  for (const auto& r : rows) measure(r);
  std::string out;
  auto emit = [&](const std::vector<std::string>& row) {
    std::vector<std::vector<std::string>> cells;
    size_t height = 1;
    for (size_t c = 0; c < columns; ++c) {
      cells.push_back(splitLines(c < row.size() ? row[c] : ""));
      height = std::max(height, cells.back().size());
    }
    for (size_t l = 0; l < height; ++l) {
      std::string line;
      for (size_t c = 0; c < columns; ++c) {
        std::string cell = l < cells[c].size() ? cells[c][l] : "";
        line += cell;
        if (c + 1 < columns) line += std::string(width[c] - cell.size() + 2, ' ');
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  };
  emit(header);
  std::vector<std::string> rule;
  for (size_t c = 0; c < columns; ++c) rule.push_back(std::string(width[c], '-'));
  emit(rule);
  for (const auto& r : rows) emit(r);
  return out;
}

nlohmann::json sarifLog(const std::string& toolVersion, const std::vector<SarifRule>& rules,
                        const std::vector<SarifResult>& results, const std::string& uriPrefix) {
  nlohmann::json ruleArray = nlohmann::json::array();
  for (const auto& r : rules)
    ruleArray.push_back({{"id", r.id}, {"shortDescription", {{"text", r.description}}}});
  nlohmann::json resultArray = nlohmann::json::array();
  for (const auto& r : results) {
    auto ruleIt = std::find_if(rules.begin(), rules.end(), [&](const SarifRule& x) { return x.id == r.rule_id; });
    nlohmann::json res = {{"ruleId", r.rule_id},
                          {"level", r.level},
                          {"message", {{"text", r.message}}},
                          {"locations", nlohmann::json::array()}};
    if (ruleIt != rules.end()) res["ruleIndex"] = ruleIt - rules.begin();
    if (!r.location.file.empty())
      res["locations"].push_back({{"physicalLocation", physicalLocation(r.location, uriPrefix)}});
    if (!r.related.empty()) {
      res["relatedLocations"] = nlohmann::json::array();
      int id = 0;
      for (const auto& rel : r.related)
        if (!rel.file.empty())
          res["relatedLocations"].push_back({{"id", id++}, {"physicalLocation", physicalLocation(rel, "")}});
    }
    if (!r.properties.empty()) res["properties"] = r.properties;
    resultArray.push_back(std::move(res));
  }
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs",
           {{{"tool",
              {{"driver",
                {{"name", "routefix"},
                 {"version", toolVersion},
                 {"informationUri", "https://github.com/routefix/routefix"},
                 {"rules", ruleArray}}}}},
             {"columnKind", "utf16CodeUnits"},
             {"results", resultArray}}}}};
}

nlohmann::json codeQualityJson(const std::vector<SarifResult>& results, const std::string& uriPrefix) {
  nlohmann::json issues = nlohmann::json::array();
  std::map<std::string, int> seen;  // GitLab wants fingerprints unique within a report
  for (const auto& r : results) {
    std::string key = r.rule_id + "\n" + (r.identity.empty() ? r.message : r.identity);
    int n = seen[key]++;
    if (n > 0) key += "\n" + std::to_string(n);
    std::string path = r.location.file.empty() ? (uriPrefix.empty() ? std::string(".") : uriPrefix)
                                               : joinUri(uriPrefix, r.location.file);
    issues.push_back({{"type", "issue"},
                      {"description", r.message},
                      {"check_name", r.rule_id},
                      {"fingerprint", hex(fnv1a(key, 0xcbf29ce484222325ULL)) + hex(fnv1a(key, 0x84222325cbf29ce4ULL))},
                      {"severity", severity(r.level)},
                      {"location", {{"path", path}, {"lines", {{"begin", std::max(1, r.location.first_line)}}}}}});
  }
  return issues;
}

std::string xmlEscape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // XML 1.0 forbids most control characters even escaped.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r') out += ' ';
        else out += c;
    }
  }
  return out;
}

std::string junitXml(const std::string& suiteName, const std::vector<JUnitCase>& cases) {
  size_t failures = std::count_if(cases.begin(), cases.end(),
                                  [](const JUnitCase& c) { return c.failure_message.has_value(); });
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"routefix\" tests=\"" << cases.size() << "\" failures=\"" << failures
      << "\" errors=\"0\">\n";
  out << "  <testsuite name=\"" << xmlEscape(suiteName) << "\" tests=\"" << cases.size()
      << "\" failures=\"" << failures << "\" errors=\"0\" skipped=\"0\" time=\"0\">\n";
  for (const auto& c : cases) {
    out << "    <testcase name=\"" << xmlEscape(c.name) << "\" classname=\"" << xmlEscape(c.classname)
        << "\" time=\"0\"";
    if (!c.failure_message) {
      out << "/>\n";
      continue;
    }
    out << ">\n      <failure message=\"" << xmlEscape(*c.failure_message) << "\" type=\"violated\">"
        << xmlEscape(c.failure_text) << "</failure>\n    </testcase>\n";
  }
  out << "  </testsuite>\n</testsuites>\n";
  return out.str();
}

}  // namespace routefix::verify
