// Reads an intents file (YAML, or JSON which is read as YAML) and checks it against the
// snapshot: unknown fields, unknown node names and malformed prefixes are model::InputError
// naming the file, the line and the field.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/input_file.h"
#include "model/network.h"
#include "verify/intent.h"

namespace routefix::verify {

// `fileLabel` is how messages name the file.
std::vector<Intent> parseIntents(const std::string& text, const std::string& fileLabel,
                                 const model::Network& network);
// Reads `file` (a regular file of at most 64 MiB). A file that yields no intent is an
// InputError unless `allowNoIntents`: a check of nothing must not pass silently.
std::vector<Intent> loadIntents(const std::filesystem::path& file, const model::Network& network,
                                bool allowNoIntents = false);

// SNAPSHOT/intents.yaml, else .yml, else .json, else nullopt. Whatever entry has that name
// counts (loadIntents then refuses a FIFO or folder); an InputError when it is a link that
// leads outside the snapshot and `access` does not allow that.
std::optional<std::filesystem::path> defaultIntentsFile(const std::filesystem::path& snapshot,
                                                        const model::SnapshotAccess& access = {});

}  // namespace routefix::verify
