// Directories routefix creates and must not leave behind: the candidate snapshots of a repair
// search under $TMPDIR, the staging copy beside `--out DIR`. Each registers itself while it
// lives, so a SIGINT/SIGTERM can remove exactly these and nothing else.
#pragma once

#include <filesystem>
#include <string>

namespace routefix::repair {

// A fresh directory `parent/.stem.PID.N`, removed (recursively) when the object goes away.
// model::InputError when it cannot be created (read-only or missing parent).
class TemporaryDirectory {
 public:
  TemporaryDirectory(const std::filesystem::path& parent, const std::string& stem);
  ~TemporaryDirectory();
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// The system temporary directory ($TMPDIR, else /tmp); model::InputError naming TMPDIR when
// it is not a directory.
std::filesystem::path systemTempDirectory();

// Removes every TemporaryDirectory still alive. For the termination path only (a signal
// thread): the process exits right after, and a thread that asks for a new directory from
// then on waits for that.
void removeLiveTemporaryDirectories();

}  // namespace routefix::repair
