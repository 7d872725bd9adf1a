// The memory of loading a snapshot, estimated from the size of its configs before loading
// them, so that a snapshot too large for the machine is refused with a message
// (model::requireWithinBudget) instead of being killed by the kernel half way.
#pragma once

#include <cstdint>
#include <filesystem>

#include "model/input_file.h"
#include "model/memory_budget.h"

namespace routefix::parser {

// Measured by streaming each config file once (nothing is kept). Dense bytes are those of
// lines that are neither blank nor comments (`!`, `#`): the only ones that become tokens
// and parse-tree nodes.
struct ConfigVolume {
  uint64_t files = 0;
  uint64_t bytes = 0;
  uint64_t lines = 0;
  uint64_t dense_bytes = 0;
  uint64_t largest_device_dense_bytes = 0;  // one device's files are parsed at a time
};
ConfigVolume measureConfigs(const std::filesystem::path& root, const model::SnapshotAccess& access = {});

// What stays after loading (the model), and the peak while loading (the model, the file
// texts and the parse tree of the largest device).
model::MemoryEstimate modelMemory(const ConfigVolume& volume);
model::MemoryEstimate loadingMemory(const ConfigVolume& volume);

}  // namespace routefix::parser
