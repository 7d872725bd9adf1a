#include "anycast/yaml_input.h"

#include <charconv>
#include <cmath>
#include <filesystem>

#include "model/input_error.h"
#include "model/input_file.h"

namespace routefix::anycast::yaml {

using model::InputError;

YAML::Node loadFile(const std::string& path) {
  std::string text = model::readInputFile(path, path);
  try {
    return YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw InputError(e.msg, path, e.mark.is_null() ? 0 : e.mark.line + 1);
  }
}

int lineOf(const YAML::Node& node) {
  if (!node.IsDefined()) return 0;
  YAML::Mark m = node.Mark();
  return m.is_null() ? 0 : m.line + 1;
}

void fail(const std::string& message, const std::string& source, const YAML::Node& at) {
  throw InputError(message, source, lineOf(at));
}

long long integer(const YAML::Node& node, const std::string& source, const std::string& what) {
  if (!node.IsScalar()) fail(what + " must be an integer", source, node);
  const std::string& s = node.Scalar();
  long long value = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || ptr != s.data() + s.size())
    fail(what + " must be an integer, got '" + s + "'", source, node);
  return value;
}

double number(const YAML::Node& node, const std::string& source, const std::string& what) {
  if (!node.IsScalar()) fail(what + " must be a number", source, node);
  try {
    size_t used = 0;
    double value = std::stod(node.Scalar(), &used);
    if (used == node.Scalar().size() && std::isfinite(value)) return value;
  } catch (const std::exception&) {
  }
  fail(what + " must be a number, got '" + node.Scalar() + "'", source, node);
}

std::string text(const YAML::Node& node, const std::string& source, const std::string& what) {
  if (!node.IsScalar() || node.Scalar().empty()) fail(what + " must be a non-empty string", source, node);
  return node.Scalar();
}

bool boolean(const YAML::Node& node, const std::string& source, const std::string& what) {
  if (node.IsScalar()) {
    const std::string& s = node.Scalar();
    if (s == "true" || s == "yes" || s == "True") return true;
    if (s == "false" || s == "no" || s == "False") return false;
  }
  fail(what + " must be true or false", source, node);
}

}  // namespace routefix::anycast::yaml
