// Writing a patched snapshot: a full copy of the original with the patched files replaced.
// Used for the concrete re-check of every candidate repair and for `repair --out DIR`, which
// builds the copy in a temporary directory next to DIR and renames it into place, so DIR is
// either the old content or the complete new snapshot, and nothing is written outside it.
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace routefix::repair {

using PatchedFiles = std::map<std::string, std::string>;  // path relative to the root -> text

// A directory removed (recursively) when the object goes away.
class TemporaryDirectory {
 public:
  explicit TemporaryDirectory(const std::filesystem::path& parent, const std::string& stem);
  ~TemporaryDirectory();
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }
  void release() { path_.clear(); }  // keep it (it was renamed away)

 private:
  std::filesystem::path path_;
};

// Copies `snapshot` into the empty directory `target` and writes `files` over it. Throws
// model::InputError for a file path that would land outside `target`.
void writePatchedSnapshot(const std::filesystem::path& snapshot, const std::filesystem::path& target,
                          const PatchedFiles& files);

// `--out DIR`: the whole patched snapshot at DIR, replacing what was there atomically.
void writeSnapshotAtomically(const std::filesystem::path& snapshot, const std::filesystem::path& out,
                             const PatchedFiles& files);

}  // namespace routefix::repair
