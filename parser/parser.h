// Public header of the parser stage: router configs in, vendor-neutral model out.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "model/input_file.h"
#include "model/network.h"

namespace routefix::parser {

struct ConfigFile {
  std::string path;  // relative to the snapshot root, as warnings and spans print it
  std::string text;
};

struct DeviceParse {
  model::Device device;
  std::vector<model::ParseWarning> warnings;
};

// Decides from content: Junos (braces / `set` lines), FRR (frr version, `!`-style with FRR
// keywords such as `frr defaults`/`address-family ipv4 unicast` + vtysh markers), Arista EOS
// (its banner, `service routing protocols model`, ...), NX-OS (`feature`, `vrf context`,
// ...), else IOS.
model::Vendor detectVendor(const std::vector<ConfigFile>& files);

// IOS / IOS-XE and the FRR, EOS and NX-OS dialects (grammar/ios). The files are one
// device's config.
DeviceParse parseIosFamily(const std::vector<ConfigFile>& files, model::Vendor dialect);
// Junos, hierarchical or `set` form (grammar/junos).
DeviceParse parseJunos(const std::vector<ConfigFile>& files);
// Detects the vendor and dispatches.
DeviceParse parseDevice(const std::vector<ConfigFile>& files);

// Reads SNAPSHOT/ (spec.md): configs/ (files, or one folder per device), topology.json or
// batfish/layer1_topology.json or links inferred from shared subnets, external.json.
// Resolves references and warns about undefined or unused structures.
// Throws model::InputError (exit 2) for a missing/empty snapshot, an unreadable file, or a
// file whose link leads outside the snapshot when `access` does not allow it.
// Configs are parsed on `threads` threads; the network is the same for any number.
model::Network loadSnapshot(const std::filesystem::path& root, const model::SnapshotAccess& access = {},
                            unsigned threads = 1);

}  // namespace routefix::parser
