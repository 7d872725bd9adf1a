#include "parser/load_estimate.h"

#include <algorithm>
#include <fstream>
#include <string>

#include "parser/config_listing.h"

namespace routefix::parser {

namespace fs = std::filesystem;

namespace {

// Measured with /usr/bin/time on `routefix parse` (bench/memory_bench.sh; README "Bounds on
// time and memory"), raised 15-20 %. A config of 200 MiB of comment lines peaks at 3.4 times
// its size over the process (the text the parser reads, the copy warnings quote, and the
// copies on the way), plus an 8-byte line start per line.
constexpr uint64_t kTextCopies = 4;
constexpr uint64_t kBytesPerLine = 8;
// 404k prefix-list entries (20 MB, all dense) peak at 47 bytes per byte beyond their text:
// ANTLR's tokens and parse tree of the device and the vendor-neutral model.
constexpr uint64_t kParseTreeBytesPerDenseByte = 44;
constexpr uint64_t kModelBytesPerDenseByte = 10;

struct FileVolume {
  uint64_t bytes = 0, lines = 0, dense_bytes = 0;
};

// Only what the loader would read: a regular file within its size bound (a FIFO would block
// here, and the loader refuses it with a message anyway).
FileVolume measureFile(const fs::path& file) {
  FileVolume v;
  std::error_code ec;
  if (!fs::is_regular_file(file, ec) || fs::file_size(file, ec) > model::kMaxInputFileBytes) return v;
  std::ifstream in(file, std::ios::binary);
  std::string line;
  while (std::getline(in, line)) {
    ++v.lines;
    v.bytes += line.size() + 1;
    size_t first = line.find_first_not_of(" \t\r\f\v");
    if (first != std::string::npos && line[first] != '!' && line[first] != '#') v.dense_bytes += line.size() + 1;
  }
  return v;
}

}  // namespace

ConfigVolume measureConfigs(const fs::path& root, const model::SnapshotAccess& access) {
  ConfigVolume volume;
  for (const auto& device : listDeviceEntries(root, access, nullptr)) {
    uint64_t deviceDense = 0;
    for (const auto& p : device.files) {
      // A file the loader will refuse is its to report; here it adds nothing.
      FileVolume f = measureFile(model::resolveInSnapshot(root, p, relativePath(p, root), access));
      ++volume.files;
      volume.bytes += f.bytes;
      volume.lines += f.lines;
      volume.dense_bytes += f.dense_bytes;
      deviceDense += f.dense_bytes;
    }
    volume.largest_device_dense_bytes = std::max(volume.largest_device_dense_bytes, deviceDense);
  }
  return volume;
}

model::MemoryEstimate modelMemory(const ConfigVolume& volume) {
  model::MemoryEstimate e;
  e.add("the model of " + model::formatBytes(volume.dense_bytes) + " of configuration", volume.dense_bytes * kModelBytesPerDenseByte);
  return e;
}

model::MemoryEstimate loadingMemory(const ConfigVolume& volume) {
  model::MemoryEstimate e = modelMemory(volume);
  e.add("the text of " + std::to_string(volume.files) + " config files (" + model::formatBytes(volume.bytes) + ")",
        kTextCopies * volume.bytes + kBytesPerLine * volume.lines);
  e.add("the parse tree of the largest device (" + model::formatBytes(volume.largest_device_dense_bytes) + " of configuration)",
        volume.largest_device_dense_bytes * kParseTreeBytesPerDenseByte);
  return e;
}

}  // namespace routefix::parser
