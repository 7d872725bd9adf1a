// Writing a patched snapshot: a full copy of the original with the patched files replaced.
// Used for the concrete re-check of every candidate repair and for `repair --out DIR`, which
// builds the copy in a temporary directory next to DIR and swaps it into place, so DIR is
// either the old content or the complete new snapshot, and nothing is written outside it.
//
// Safety rules (issue 20): a copy never follows a symbolic link (links are copied as links,
// so a link to / copies nothing); --out never is, contains or lies inside the snapshot, as
// the file system resolves them; an existing non-empty --out is replaced only with `force`,
// and only when it holds a snapshot (a configs/ folder).
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "repair/temporary_directory.h"

namespace routefix::repair {

using PatchedFiles = std::map<std::string, std::string>;  // path relative to the root -> text

// Copies `snapshot` into `target` (created; it must not exist or be empty) and writes `files`
// over it. Links are copied as links: one that leads inside the snapshot is re-aimed at the
// same place in the copy, one that leads outside keeps its absolute destination; FIFOs,
// sockets and devices are not copied. A patched file replaces a link rather than writing
// through it. Throws model::InputError for a file path that would land outside `target`.
void writePatchedSnapshot(const std::filesystem::path& snapshot, const std::filesystem::path& target,
                          const PatchedFiles& files);

// The checks `--out DIR` must pass, run before a long search so it fails early: InputError
// when DIR is a link, is or contains or lies inside the snapshot, is an existing file, or
// is a non-empty directory without `force` (or with it, one that holds no snapshot).
void checkOutDirectory(const std::filesystem::path& snapshot, const std::filesystem::path& out, bool force);

// `--out DIR`: the whole patched snapshot at DIR, replacing what was there atomically.
void writeSnapshotAtomically(const std::filesystem::path& snapshot, const std::filesystem::path& out,
                             const PatchedFiles& files, bool force = false);

}  // namespace routefix::repair
