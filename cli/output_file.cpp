#include "cli/output_file.h"

#include <fstream>

#include "model/input_error.h"
#include "model/input_file.h"
#include "repair/temporary_directory.h"

namespace routefix::cli {

namespace fs = std::filesystem;

void checkOutFile(const OutFile& file) {
  const fs::path& out = file.path;
  const std::string& option = file.option;
  const std::string name = out.string();
  try {
    if (out.empty() || out.filename().empty() || out.filename() == "." || out.filename() == "..")
      throw model::InputError(option + " must name a file", name);
    fs::path absolute = fs::absolute(out).lexically_normal();
    fs::file_status st = fs::symlink_status(absolute);
    if (fs::is_symlink(st)) throw model::InputError(option + " is a symbolic link; name the file itself", name);
    if (fs::is_directory(st)) throw model::InputError(option + " names a directory, not a file", name);
    if (fs::exists(st) && !fs::is_regular_file(st))
      throw model::InputError(option + " names a special file (not a regular file)", name);
    if (fs::exists(st) && !file.force) throw model::InputError(option + " exists; pass --force to replace it", name);
    fs::path folder = absolute.parent_path();
    if (!fs::is_directory(folder)) throw model::InputError(option + ": the folder " + folder.string() + " does not exist", name);
    fs::path target = fs::canonical(folder) / absolute.filename();
    if (!file.snapshot.empty() && model::isWithin(fs::canonical(file.snapshot) / "configs", target))
      throw model::InputError(option + " must not be inside the snapshot's configs/ (it would be read as a device)",
                              name);
  } catch (const fs::filesystem_error& e) {
    throw model::InputError(option + ": " + e.code().message(), name);
  }
}

void writeFileAtomically(const OutFile& file, const std::string& text) {
  checkOutFile(file);
  const fs::path& out = file.path;
  try {
    fs::path absolute = fs::absolute(out).lexically_normal();
    // The staging folder sits beside the target (same file system: the rename is atomic) and
    // is removed on return or on a termination signal.
    repair::TemporaryDirectory staging(absolute.parent_path(), absolute.filename().string());
    fs::path written = staging.path() / absolute.filename();
    std::ofstream stream(written, std::ios::binary | std::ios::trunc);
    stream << text;
    stream.close();
    if (!stream) throw model::InputError(file.option + ": cannot write the file (disk full?)", out.string());
    fs::rename(written, absolute);
  } catch (const fs::filesystem_error& e) {
    throw model::InputError(file.option + ": cannot write the file: " + e.code().message(), out.string());
  }
}

}  // namespace routefix::cli
