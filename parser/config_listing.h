// Which files of SNAPSHOT/configs make which device (spec.md "Snapshot directory"), shared
// by the loader and the memory estimate that runs before it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "model/input_file.h"
#include "model/network.h"

namespace routefix::parser {

std::string relativePath(const std::filesystem::path& p, const std::filesystem::path& root);

struct DeviceEntry {
  std::string fallback_name;  // file stem or folder name
  std::string folder;         // snapshot-relative folder of a split config, "" for one file
  std::vector<std::filesystem::path> files;  // sorted, hidden entries skipped
};

// configs/<file> is one device; configs/<folder>/ is one device of the files directly in it
// (a nested folder is ignored, with a warning when `warnings` is given). InputError when
// there is no configs/ directory, it cannot be listed, or it or a device folder leads outside
// the snapshot against `access`, and when the snapshot itself is missing or not a directory.
std::vector<DeviceEntry> listDeviceEntries(const std::filesystem::path& root, const model::SnapshotAccess& access,
                                           std::vector<model::ParseWarning>* warnings);

}  // namespace routefix::parser
