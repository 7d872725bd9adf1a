// Reading YAML/JSON documents with line numbers in every error (JSON is read as YAML, so
// both formats report file:line the same way).
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

namespace routefix::anycast::yaml {

YAML::Node loadFile(const std::string& path);  // throws model::InputError
int lineOf(const YAML::Node& node);             // 1-based, 0 if unknown

[[noreturn]] void fail(const std::string& message, const std::string& source, const YAML::Node& at);

long long integer(const YAML::Node& node, const std::string& source, const std::string& what);
double number(const YAML::Node& node, const std::string& source, const std::string& what);
std::string text(const YAML::Node& node, const std::string& source, const std::string& what);
bool boolean(const YAML::Node& node, const std::string& source, const std::string& what);

}  // namespace routefix::anycast::yaml
