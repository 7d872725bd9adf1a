// Reads an intents file (YAML, or JSON which is read as YAML) and checks it against the
// snapshot: unknown fields, unknown node names and malformed prefixes are model::InputError
// naming the file, the line and the field.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/network.h"
#include "verify/intent.h"

namespace routefix::verify {

// `fileLabel` is how messages name the file.
std::vector<Intent> parseIntents(const std::string& text, const std::string& fileLabel,
                                 const model::Network& network);
std::vector<Intent> loadIntents(const std::filesystem::path& file, const model::Network& network);

// SNAPSHOT/intents.yaml, else SNAPSHOT/intents.json, else nullopt.
std::optional<std::filesystem::path> defaultIntentsFile(const std::filesystem::path& snapshot);

}  // namespace routefix::verify
