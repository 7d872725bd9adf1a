// Reading the user's input files safely (issue 20): routefix runs in CI on snapshots anyone
// can put in a merge request, so it reads only regular files of bounded size, and a file
// found inside a snapshot only when it resolves inside that snapshot.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace routefix::model {

// More than any real config or intents file; a bound so /dev/zero-like input cannot exhaust
// memory.
inline constexpr std::uintmax_t kMaxInputFileBytes = std::uintmax_t{1} << 30;  // 1 GiB

// The whole file. model::InputError naming `label` for a missing file or dangling link, a
// directory, FIFO, socket or device, a file larger than `maxBytes`, or a read error.
std::string readInputFile(const std::filesystem::path& path, const std::string& label,
                          std::uintmax_t maxBytes = kMaxInputFileBytes);

// How far reading a snapshot may reach.
struct SnapshotAccess {
  // Read snapshot files whose symbolic links lead outside the snapshot
  // (--allow-outside-links); by default they are refused, so a merge request cannot make CI
  // print /etc/shadow as parse warnings.
  bool allow_outside_links = false;
};

// True when `inner` is `root` or lies below it (both canonical or both lexically normal).
bool isWithin(const std::filesystem::path& root, const std::filesystem::path& inner);

// Where `path` (an entry of the snapshot at `root`) really is: its canonical path, which
// must lie inside the snapshot unless `access` allows otherwise. `label` names it in errors.
// A dangling or looping link is an InputError too.
std::filesystem::path resolveInSnapshot(const std::filesystem::path& root, const std::filesystem::path& path,
                                        const std::string& label, const SnapshotAccess& access);

}  // namespace routefix::model
