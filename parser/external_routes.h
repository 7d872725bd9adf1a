// external.json: BGP routes offered to snapshot nodes by peers outside the snapshot.
#pragma once

#include <string>
#include <vector>

#include "model/network.h"
#include "parser/source_text.h"

namespace routefix::parser {

// `{"announcements": [{"node", "peer", "prefix", "as_path", "communities", "med"}]}`.
// An unknown node or a malformed field is an InputError at the entry's line (the simulation
// would silently miss the route otherwise); a peer that the node has no BGP session with is
// a warning, because the route then never enters the network.
std::vector<model::ExternalAnnouncement> readExternalAnnouncements(
    const std::string& path, const SourceText& text, const std::vector<model::Device>& devices,
    std::vector<model::ParseWarning>& warnings);

}  // namespace routefix::parser
