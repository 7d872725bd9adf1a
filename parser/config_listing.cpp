#include "parser/config_listing.h"

#include <algorithm>

#include "model/input_error.h"

namespace routefix::parser {

namespace fs = std::filesystem;

namespace {

bool isHidden(const fs::path& p) { return p.filename().string().starts_with("."); }

std::vector<fs::path> sortedEntries(const fs::path& dir, const std::string& rel) {
  std::error_code ec;
  std::vector<fs::path> entries;
  fs::directory_iterator it(dir, ec), end;
  if (ec) throw model::InputError("cannot list directory: " + ec.message(), rel);
  for (; it != end; it.increment(ec)) {
    if (ec) throw model::InputError("cannot list directory: " + ec.message(), rel);
    if (!isHidden(it->path())) entries.push_back(it->path());
  }
  std::sort(entries.begin(), entries.end());
  return entries;
}

}  // namespace

std::string relativePath(const fs::path& p, const fs::path& root) {
  return p.lexically_relative(root).generic_string();
}

std::vector<DeviceEntry> listDeviceEntries(const fs::path& root, const model::SnapshotAccess& access,
                                           std::vector<model::ParseWarning>* warnings) {
  std::error_code ec;
  if (!fs::exists(root, ec)) throw model::InputError("snapshot directory does not exist", root.string());
  if (!fs::is_directory(root, ec)) throw model::InputError("snapshot is not a directory", root.string());
  fs::path configs = root / "configs";
  if (!fs::is_directory(configs, ec))
    throw model::InputError("not a snapshot: no configs/ directory", root.string());
  model::resolveInSnapshot(root, configs, "configs", access);

  std::vector<DeviceEntry> devices;
  for (const auto& entry : sortedEntries(configs, configs.string())) {
    if (!fs::is_directory(entry, ec)) {
      devices.push_back({entry.stem().string(), "", {entry}});
      continue;
    }
    std::string folder = relativePath(entry, root);
    model::resolveInSnapshot(root, entry, folder, access);
    DeviceEntry device{entry.filename().string(), folder, {}};
    for (const auto& inner : sortedEntries(entry, folder)) {
      if (!fs::is_directory(inner, ec))
        device.files.push_back(inner);
      else if (warnings)
        warnings->push_back({relativePath(inner, root), 0, "", "nested folder ignored"});
    }
    devices.push_back(std::move(device));
  }
  return devices;
}

}  // namespace routefix::parser
