// Intents back to the intents-file format of spec.md, as parseIntents reads it: for the
// files `routefix intents mine` writes for people to review and commit.
#pragma once

#include <string>
#include <vector>

#include "model/network.h"
#include "verify/intent.h"

namespace routefix::verify {

// `header` lines become `# ` comments on top. A `from` that names every device of `network`
// is written `"*"`. Node names are quoted (any spelling survives); prefixes are written bare.
std::string intentsYaml(const std::vector<Intent>& intents, const model::Network& network,
                        const std::vector<std::string>& header);

}  // namespace routefix::verify
