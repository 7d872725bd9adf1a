#include "parser/json_input.h"

#include <algorithm>
#include <cctype>

#include "model/input_error.h"

namespace routefix::parser {

nlohmann::json parseJsonInput(const std::string& text, const std::string& path) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is the 1-based offset of the character where parsing failed.
    size_t end = std::min(e.byte == 0 ? 0 : e.byte - 1, text.size());
    int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + end, '\n'));
    std::string what = e.what();
    auto colon = what.find("parse error");
    throw model::InputError("malformed JSON (" + what.substr(colon == std::string::npos ? 0 : colon) +
                                ")",
                            path, line);
  } catch (const nlohmann::json::out_of_range& e) {
    // A number too large for a double (1e400): nlohmann names the token but not where it is.
    std::string what = e.what();
    size_t open = what.find('\''), close = what.rfind('\'');
    std::string token = open < close ? what.substr(open + 1, close - open - 1) : "";
    size_t at = token.empty() ? std::string::npos : text.find(token);
    int line = at == std::string::npos ? 0 : 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
    throw model::InputError("number out of range: " + (token.empty() ? what : token), path, line);
  }
}

std::vector<int> arrayElementLines(std::string_view text, std::string_view key) {
  std::vector<int> lines;
  int depth = 0, line = 1;
  bool inString = false, escaped = false, inTarget = false, expectElement = false;
  std::string current, lastString;
  for (char c : text) {
    if (c == '\n') ++line;
    if (inString) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        inString = false;
        if (depth == 1) lastString = current;
      } else if (depth == 1) {
        current += c;
      }
      continue;
    }
    if (inTarget && depth == 2 && expectElement &&
        !std::isspace(static_cast<unsigned char>(c)) && c != ']') {
      lines.push_back(line);
      expectElement = false;
    }
    switch (c) {
      case '"':
        inString = true;
        current.clear();
        break;
      case '[':
        if (depth == 1 && lastString == key) inTarget = expectElement = true;
        ++depth;
        break;
      case '{':
        ++depth;
        break;
      case ']':
      case '}':
        --depth;
        if (depth <= 1) inTarget = false;
        break;
      case ',':
        if (inTarget && depth == 2) expectElement = true;
        break;
      default:
        break;
    }
  }
  return lines;
}

const nlohmann::json& requireArray(const nlohmann::json& doc, const std::string& key,
                                   const std::string& path) {
  if (!doc.is_object() || !doc.contains(key) || !doc[key].is_array())
    throw model::InputError("expected a top-level object with an array \"" + key + "\"", path, 1);
  return doc[key];
}

std::string requireString(const nlohmann::json& obj, const std::string& key,
                          const std::string& what, const std::string& path, int line) {
  if (!obj.is_object() || !obj.contains(key) || !obj[key].is_string())
    throw model::InputError(what + ": missing string field \"" + key + "\"", path, line);
  return obj[key].get<std::string>();
}

}  // namespace routefix::parser
