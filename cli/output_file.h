// A file a command writes (`intents mine --out FILE`, `anycast ... --chart FILE`): the same care as repair's
// `--out DIR` (patched_snapshot.h): refuse before the work what the write would refuse, and
// write atomically so that a reader, a failure or a signal never sees half a file.
#pragma once

#include <filesystem>
#include <string>

namespace routefix::cli {

// A file a command writes (`intents mine --out`, `anycast optimize --chart`).
struct OutFile {
  std::filesystem::path path;
  std::string option = "--out";    // the option errors name
  std::filesystem::path snapshot;  // the snapshot the command reads; empty when none
  bool force = false;              // replace an existing file
};

// model::InputError naming the option when the path is a directory, a symbolic link, a
// special file, an existing file without `force`, a file in a missing folder, or lies in the
// snapshot's configs/ (it would be read as a device configuration).
void checkOutFile(const OutFile& out);

// Checks again, then writes `text` to a new file beside the path and renames it over it.
void writeFileAtomically(const OutFile& out, const std::string& text);

}  // namespace routefix::cli
