// Operator intents (spec.md "Intents file"): what must hold of the network's forwarding.
// Node names are resolved to the devices' configured spelling when the file is loaded.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/ip_address.h"

namespace routefix::verify {

enum class IntentType {
  Reachability,
  Isolation,
  Waypoint,
  Path,
  Preference,
  Multipath,
  Route,
  LoopFree,
  BlackholeFree,
};
std::string intentTypeName(IntentType t);  // as written in the file: "loop-free", ...
std::optional<IntentType> parseIntentType(std::string_view text);

// A node path as written in `path:` / `paths:`.
using NodePath = std::vector<std::string>;

struct Intent {
  std::string name;  // from the file, or "<type>-<index>"
  IntentType type = IntentType::Reachability;
  std::vector<std::string> from;    // source devices ("*" already expanded)
  // The VRF the sources send in (flows) or whose table `node` is read from (route); "" the
  // default VRF.
  std::string vrf;
  // Destination of either family (a bare address is a /32 or /128); an IPv6 one is judged
  // on the IPv6 tables.
  std::optional<model::IpPrefix> to;
  std::vector<std::string> through;  // waypoint: in order
  NodePath path;                      // path
  std::vector<NodePath> paths;        // preference: primary first
  uint32_t min_paths = 0;             // multipath
  // route
  std::string node;
  std::optional<model::IpPrefix> prefix;  // either family
  bool present = true;
  std::string protocol;  // "", connected, static, ospf, bgp (a family: bgp matches ibgp too)
  std::string next_hop_node;
  uint32_t failures = 0;  // must hold under every set of up to this many link failures
  // Where the intent is written, for messages and SARIF.
  std::string file;
  int line = 0;
};

}  // namespace routefix::verify
