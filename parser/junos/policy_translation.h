// Junos policy pieces the rest of the Junos parser (and its tests) need by name.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/device.h"

namespace routefix::parser::junos {

// A Junos AS-path regex ("65000 .*", ".* 64512-64520", "()") as the model's CiscoRegex over
// "65001 65002"; nullopt for what it cannot translate.
std::optional<std::string> asPathRegexFromJunos(std::string_view junos);

// The route sources an export policy chain can accept (a term that accepts without
// `from protocol` accepts every source). Undefined policies contribute nothing.
std::vector<model::RouteSource> sourcesAccepted(const model::Device& device,
                                                const std::vector<std::string>& chain);

}  // namespace routefix::parser::junos
