// `--out FILE` of a command that writes one file (intents mine): the same care as repair's
// `--out DIR` (patched_snapshot.h): refuse before the work what the write would refuse, and
// write atomically so that a reader, a failure or a signal never sees half a file.
#pragma once

#include <filesystem>
#include <string>

namespace routefix::cli {

// model::InputError naming --out when `out` is a directory, a symbolic link, a special file,
// an existing file without `force`, a file in a missing folder, or lies in the snapshot's
// configs/ (it would be read as a device configuration).
void checkOutFile(const std::filesystem::path& snapshot, const std::filesystem::path& out, bool force);

// Checks again, then writes `text` to a new file beside `out` and renames it over `out`.
void writeFileAtomically(const std::filesystem::path& snapshot, const std::filesystem::path& out,
                         const std::string& text, bool force);

}  // namespace routefix::cli
