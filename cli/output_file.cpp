#include "cli/output_file.h"

#include <fstream>

#include "model/input_error.h"
#include "model/input_file.h"
#include "repair/temporary_directory.h"

namespace routefix::cli {

namespace fs = std::filesystem;

void checkOutFile(const fs::path& snapshot, const fs::path& out, bool force) {
  const std::string name = out.string();
  try {
    if (out.empty() || out.filename().empty() || out.filename() == "." || out.filename() == "..")
      throw model::InputError("--out must name a file", name);
    fs::path absolute = fs::absolute(out).lexically_normal();
    fs::file_status st = fs::symlink_status(absolute);
    if (fs::is_symlink(st)) throw model::InputError("--out is a symbolic link; name the file itself", name);
    if (fs::is_directory(st)) throw model::InputError("--out names a directory, not a file", name);
    if (fs::exists(st) && !fs::is_regular_file(st))
      throw model::InputError("--out names a special file (not a regular file)", name);
    if (fs::exists(st) && !force) throw model::InputError("--out exists; pass --force to replace it", name);
    fs::path folder = absolute.parent_path();
    if (!fs::is_directory(folder)) throw model::InputError("--out: the folder " + folder.string() + " does not exist", name);
    fs::path target = fs::canonical(folder) / absolute.filename();
    if (model::isWithin(fs::canonical(snapshot) / "configs", target))
      throw model::InputError("--out must not be inside the snapshot's configs/ (it would be read as a device)",
                              name);
  } catch (const fs::filesystem_error& e) {
    throw model::InputError("--out: " + e.code().message(), name);
  }
}

void writeFileAtomically(const fs::path& snapshot, const fs::path& out, const std::string& text, bool force) {
  checkOutFile(snapshot, out, force);
  try {
    fs::path absolute = fs::absolute(out).lexically_normal();
    // The staging folder sits beside the target (same file system: the rename is atomic) and
    // is removed on return or on a termination signal.
    repair::TemporaryDirectory staging(absolute.parent_path(), absolute.filename().string());
    fs::path written = staging.path() / absolute.filename();
    std::ofstream file(written, std::ios::binary | std::ios::trunc);
    file << text;
    file.close();
    if (!file) throw model::InputError("--out: cannot write the file (disk full?)", out.string());
    fs::rename(written, absolute);
  } catch (const fs::filesystem_error& e) {
    throw model::InputError("--out: cannot write the file: " + e.code().message(), out.string());
  }
}

}  // namespace routefix::cli
