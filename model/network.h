// The whole snapshot as the simulator sees it: devices, layer-1 links, routes from
// outside, and everything the parser had to say about the input.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/device.h"

namespace routefix::model {

struct Link {
  std::string a;
  std::string a_interface;
  std::string b;
  std::string b_interface;
  auto operator<=>(const Link&) const = default;
};

// A BGP route offered to `node` by a peer outside the snapshot (external.json).
struct ExternalAnnouncement {
  std::string node;
  Ipv4 peer;
  Prefix prefix;
  std::vector<uint32_t> as_path;
  std::vector<Community> communities;
  uint32_t med = 0;
};

struct Network {
  std::vector<Device> devices;  // sorted by name for deterministic output
  std::vector<Link> links;
  std::vector<ExternalAnnouncement> externals;
  std::vector<ParseWarning> warnings;

  const Device* findDevice(std::string_view name) const;  // case-insensitive
  Device* findDevice(std::string_view name);
};

}  // namespace routefix::model
