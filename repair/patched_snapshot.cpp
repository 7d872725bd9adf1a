#include "repair/patched_snapshot.h"

#include <unistd.h>

#include <atomic>
#include <fstream>

#include "model/input_error.h"

namespace routefix::repair {

namespace fs = std::filesystem;

namespace {

fs::path uniqueName(const fs::path& parent, const std::string& stem) {
  static std::atomic<unsigned> counter{0};
  for (;;) {
    fs::path p = parent / ("." + stem + "." + std::to_string(::getpid()) + "." +
                           std::to_string(counter++));
    if (!fs::exists(p)) return p;
  }
}

// True when `inner` (already normalised) lies inside `root`.
bool inside(const fs::path& root, const fs::path& inner) {
  auto r = root.lexically_normal();
  auto i = inner.lexically_normal();
  auto rel = i.lexically_relative(r);
  return !rel.empty() && *rel.begin() != ".." && rel.is_relative();
}

}  // namespace

TemporaryDirectory::TemporaryDirectory(const fs::path& parent, const std::string& stem)
    : path_(uniqueName(parent, stem)) {
  fs::create_directories(path_);
}

TemporaryDirectory::~TemporaryDirectory() {
  if (path_.empty()) return;
  std::error_code ec;
  fs::remove_all(path_, ec);
}

void writePatchedSnapshot(const fs::path& snapshot, const fs::path& target, const PatchedFiles& files) {
  fs::copy(snapshot, target, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  for (const auto& [rel, text] : files) {
    fs::path relative(rel);
    fs::path dest = target / relative;
    if (relative.is_absolute() || !inside(target, dest))
      throw model::InputError("patched file would be written outside the snapshot", rel);
    fs::create_directories(dest.parent_path());
    std::ofstream out(dest, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) throw model::InputError("cannot write patched file", dest.string());
  }
}

void writeSnapshotAtomically(const fs::path& snapshot, const fs::path& out, const PatchedFiles& files) {
  fs::path target = fs::absolute(out).lexically_normal();
  if (target.filename().empty()) target = target.parent_path();
  if (inside(fs::absolute(snapshot), target) || fs::absolute(snapshot).lexically_normal() == target)
    throw model::InputError("--out must not be the snapshot or inside it", out.string());
  fs::path parent = target.parent_path();
  fs::create_directories(parent);
  TemporaryDirectory staging(parent, target.filename().string());
  writePatchedSnapshot(snapshot, staging.path(), files);
  if (fs::exists(target)) {
    // Swap: the old content moves aside, the new one in, then the old one goes.
    TemporaryDirectory old(parent, target.filename().string() + ".old");
    fs::remove(old.path());
    fs::rename(target, old.path());
    fs::rename(staging.path(), target);
    staging.release();
  } else {
    fs::rename(staging.path(), target);
    staging.release();
  }
}

}  // namespace routefix::repair
