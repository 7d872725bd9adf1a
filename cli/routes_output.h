// The output of `routefix routes`: the installed routes of every node and VRF, filtered, as the
// text table, the JSON document (spec.md's shape) or NDJSON (one route per line). The JSON and
// NDJSON writers stream: a route is written as it is formatted, so a fabric's RIBs (a gigabyte
// of JSON at fat-tree k=32) never sit in memory as a document.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "model/ip.h"
#include "model/ip_address.h"
#include "sim/dataplane.h"

namespace routefix::cli {

inline constexpr const char* kDefaultVrf = "default";

struct RouteFilter {
  std::string node;  // canonical device name, or "" for all
  std::string vrf;   // "" every VRF, "default" the default VRF only, else that named VRF only
  std::optional<model::IpPrefix> prefix;  // either family: only that family's routes to it
  std::string protocol;

  bool keepsDefaultVrf() const { return vrf.empty() || vrf == kDefaultVrf; }
  bool keepsVrf(const std::string& name) const { return vrf.empty() || vrf == name; }
  bool keeps(const sim::Route& r) const {
    if (prefix && (!prefix->address.isV4() || r.prefix != prefix->v4())) return false;
    return protocol.empty() || sim::protocolName(r.protocol) == protocol;
  }
  bool keeps(const sim::Ipv6Route& r) const {
    if (prefix && r.prefix != *prefix) return false;
    return protocol.empty() || sim::protocolName(r.protocol) == protocol;
  }
};

// IPv6 routes (issue 16) come beside the IPv4 ones, so that a reader of the IPv4 document sees
// exactly what it always saw: in JSON a table's "ipv6_routes" array (there only for a device
// that has an IPv6 table), in NDJSON lines with "family": "ipv6", in text tables titled
// "NODE ipv6" after the IPv4 one. IPv6 routes have the IPv4 routes' fields.
//
// Nodes are formatted on `threads` threads; the output is the same for any number.
//
// Each node's default VRF under its name, then its named VRFs as "NODE vrf NAME".
void writeRoutesText(const sim::DataPlane& dp, const RouteFilter& filter, std::ostream& out,
                     unsigned threads = 1);
// `{"converged": .., "nodes": {name: {"ipv6_routes": [..], "routes": [..], "vrfs": {vrf:
// {"ipv6_routes": [..], "routes": [..]}}}}}`,
// byte for byte as nlohmann's dump(2) of that tree. `routes` is the default VRF's; `vrfs` is
// there for a node with named VRFs. Filtered to a named VRF, a node has only `vrfs` (and is
// left out without it).
void writeRoutesJson(const sim::DataPlane& dp, const RouteFilter& filter, std::ostream& out,
                     unsigned threads = 1);
// One compact JSON object per route and line: "node", "vrf" ("default" for the default VRF),
// then the route's fields as in the JSON document; nodes and VRFs in the JSON's order.
void writeRoutesNdjson(const sim::DataPlane& dp, const RouteFilter& filter, std::ostream& out,
                       unsigned threads = 1);

}  // namespace routefix::cli
