// Reading the snapshot's JSON side files (topology.json, batfish/layer1_topology.json,
// external.json): malformed input becomes a model::InputError naming file and line.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace routefix::parser {

nlohmann::json parseJsonInput(const std::string& text, const std::string& path);

// The 1-based line on which each element of the array under the top-level key `key` starts,
// in order (nlohmann::json keeps no positions; warnings about an entry want its line).
std::vector<int> arrayElementLines(std::string_view text, std::string_view key);

// The array under `key` of a top-level object; InputError when it is not one.
const nlohmann::json& requireArray(const nlohmann::json& doc, const std::string& key,
                                   const std::string& path);

// obj[key] as a string; InputError "<what>: missing string field <key>" otherwise.
std::string requireString(const nlohmann::json& obj, const std::string& key,
                          const std::string& what, const std::string& path, int line);

}  // namespace routefix::parser
