#include "repair/patched_snapshot.h"

#include <fcntl.h>
#include <stdio.h>

#include <cerrno>
#include <fstream>

#include "model/input_error.h"
#include "model/input_file.h"

namespace routefix::repair {

namespace fs = std::filesystem;

namespace {

// Where the link `link` (an entry of the tree at canonical `root`, copied to `copyRoot`)
// should point in the copy.
fs::path copiedLinkTarget(const fs::path& link, const fs::path& root, const fs::path& copyRoot,
                          const fs::path& copiedLink) {
  std::error_code ec;
  fs::path real = fs::canonical(link, ec);
  if (ec) return fs::read_symlink(link);  // dangling or looping: as written
  if (!model::isWithin(root, real)) return real;
  fs::path relative = (copyRoot / real.lexically_relative(root)).lexically_normal()
                          .lexically_relative(copiedLink.parent_path());
  return relative.empty() ? fs::path(".") : relative;
}

void copyTree(const fs::path& from, const fs::path& to) {
  fs::path root = fs::canonical(from);
  fs::path copyRoot = fs::absolute(to).lexically_normal();
  // One level only, here and below: should a signal remove the temporary directory this
  // copy goes to, the copy fails instead of creating it again.
  fs::create_directory(copyRoot);
  // The iterator does not descend through directory links (no follow_directory_symlink).
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    fs::path dest = copyRoot / it->path().lexically_relative(root);
    fs::file_status st = it->symlink_status();
    if (fs::is_symlink(st))
      fs::create_symlink(copiedLinkTarget(it->path(), root, copyRoot, dest), dest);
    else if (fs::is_directory(st))
      fs::create_directory(dest);
    else if (fs::is_regular_file(st))
      fs::copy_file(it->path(), dest);
  }
}

fs::path withoutTrailingSlash(fs::path p) {
  p = fs::absolute(p).lexically_normal();
  if (p.filename().empty() && p.has_parent_path() && p != p.root_path()) p = p.parent_path();
  return p;
}

// The --out directory as the file system resolves it (its final name left as written).
fs::path resolvedOut(const fs::path& out) {
  fs::path target = withoutTrailingSlash(out);
  if (target == target.root_path()) return target;
  return fs::weakly_canonical(target.parent_path()) / target.filename();
}

// Swaps the complete `staging` copy into `target`; afterwards `staging` holds the old content.
void swapInto(const fs::path& staging, const fs::path& target) {
  if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) == 0) return;
  if (errno != EINVAL && errno != ENOSYS)
    throw fs::filesystem_error("cannot replace the directory", target, std::error_code(errno, std::generic_category()));
  // No atomic exchange on this file system: two renames, old content aside first.
  TemporaryDirectory old(target.parent_path(), target.filename().string() + ".old");
  fs::remove(old.path());
  fs::rename(target, old.path());
  fs::rename(staging, target);
  fs::create_directory(staging);
  fs::rename(old.path(), staging / "old");
}

}  // namespace

void writePatchedSnapshot(const fs::path& snapshot, const fs::path& target, const PatchedFiles& files) {
  copyTree(snapshot, target);
  fs::path realTarget = fs::canonical(target);
  for (const auto& [rel, text] : files) {
    fs::path relative(rel);
    fs::path dest = target / relative;
    if (relative.is_absolute() || !model::isWithin(target.lexically_normal(), dest.lexically_normal()))
      throw model::InputError("patched file would be written outside the snapshot", rel);
    for (fs::path folder = target; const auto& part : relative.parent_path()) fs::create_directory(folder /= part);
    // A folder on the way may be a copied link that leads out of the copy.
    if (!model::isWithin(realTarget, fs::canonical(dest.parent_path())))
      throw model::InputError("patched file would be written through a link outside the snapshot", rel);
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(dest, ec))) fs::remove(dest);
    std::ofstream out(dest, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) throw model::InputError("cannot write patched file", dest.string());
  }
}

void checkOutDirectory(const fs::path& snapshot, const fs::path& out, bool force) {
  const std::string name = out.string();
  try {
    fs::path target = resolvedOut(out);
    fs::path snap = fs::canonical(snapshot);
    if (fs::is_symlink(fs::symlink_status(withoutTrailingSlash(out))))
      throw model::InputError("--out is a symbolic link; name the directory itself", name);
    if (model::isWithin(snap, target))
      throw model::InputError("--out must not be the snapshot or inside it", name);
    if (model::isWithin(target, snap))
      throw model::InputError("--out must not contain the snapshot (it would be deleted)", name);
    fs::file_status st = fs::symlink_status(target);
    if (!fs::exists(st)) return;
    if (!fs::is_directory(st)) throw model::InputError("--out names an existing file, not a directory", name);
    if (fs::is_empty(target)) return;
    if (!force)
      throw model::InputError("--out exists and is not empty; pass --force to replace it", name);
    if (!fs::is_directory(fs::symlink_status(target / "configs")))
      throw model::InputError("--force replaces only a snapshot (a directory with configs/); this is not one",
                              name);
  } catch (const fs::filesystem_error& e) {
    throw model::InputError("--out: " + e.code().message(), name);
  }
}

void writeSnapshotAtomically(const fs::path& snapshot, const fs::path& out, const PatchedFiles& files,
                             bool force) {
  checkOutDirectory(snapshot, out, force);
  try {
    fs::path target = resolvedOut(out);
    fs::create_directories(target.parent_path());
    // The copy is made one level below the registered directory: should a signal remove that
    // directory while the copy starts, creating the copy fails instead of creating a
    // directory of ours that no one would remove (issue 20).
    TemporaryDirectory staging(target.parent_path(), target.filename().string());
    fs::path copy = staging.path() / "snapshot";
    writePatchedSnapshot(snapshot, copy, files);
    // Either way the old content, if any, is left in `staging` and goes with it.
    if (fs::exists(fs::symlink_status(target))) swapInto(copy, target);
    else fs::rename(copy, target);
  } catch (const fs::filesystem_error& e) {
    throw model::InputError("--out: cannot write the patched snapshot: " + e.code().message(), out.string());
  }
}

}  // namespace routefix::repair
