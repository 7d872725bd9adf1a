// batfish/isp_config.json: Batfish's description of the ISPs that a snapshot's border routers
// peer with but whose configs are not in the snapshot. Batfish models each such ISP as a node
// of the peer's AS that passes on what a modelled Internet node (AS 65537) originates: the
// default route 0.0.0.0/0 (IspModelingUtils.createInternetNode). We read it the same way, as
// external announcements, so a Batfish-style snapshot that relies on it "works as is"
// (spec.md): each border node's ISP session offers 0.0.0.0/0 with AS path [ISP AS, 65537].
#pragma once

#include <string>
#include <vector>

#include "model/network.h"
#include "parser/source_text.h"

namespace routefix::parser {

// The AS Batfish gives its modelled Internet node, last on the announced AS path.
inline constexpr uint32_t kBatfishInternetAs = 65537;

// `{"bgpPeers": [{"hostname", "peerAddress"}], "filter": {"onlyRemoteAsns", "onlyRemoteIps"}}`.
// A peer is used when the node has a BGP neighbor at that address with a remote AS (the
// ISP's AS) that the filter lets through; otherwise it is skipped with a warning, as Batfish
// skips it. `borderInterfaces` (ISPs found from the interface's eBGP neighbors) is not
// modelled and warned about.
std::vector<model::ExternalAnnouncement> readIspConfiguration(
    const std::string& path, const SourceText& text, const std::vector<model::Device>& devices,
    std::vector<model::ParseWarning>& warnings);

}  // namespace routefix::parser
