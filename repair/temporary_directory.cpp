#include "repair/temporary_directory.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <set>

#include "model/input_error.h"

namespace routefix::repair {

namespace fs = std::filesystem;

namespace {

std::mutex& registryMutex() {
  static std::mutex m;
  return m;
}
std::set<fs::path>& liveDirectories() {
  static std::set<fs::path> live;
  return live;
}
bool terminating = false;  // under registryMutex(): set once the signal path has cleaned up

// The process is about to die of a signal: a thread that wants a new directory waits for it.
[[noreturn]] void waitForTheEnd() {
  for (;;) ::pause();
}

void forget(const fs::path& p) {
  std::lock_guard lock(registryMutex());
  liveDirectories().erase(p);
}

}  // namespace

TemporaryDirectory::TemporaryDirectory(const fs::path& parent, const std::string& stem) {
  static std::atomic<unsigned> counter{0};
  std::string prefix = "." + stem + "." + std::to_string(::getpid()) + ".";
  for (;;) {
    fs::path p = parent / (prefix + std::to_string(counter++));
    std::error_code ec;
    // Created and registered under the lock the signal path takes: it never sees a directory
    // of ours unregistered, nor removes one that is not ours.
    {
      std::unique_lock lock(registryMutex());
      if (terminating) {
        lock.unlock();
        waitForTheEnd();
      }
      if (fs::create_directory(p, ec)) {
        liveDirectories().insert(p);
        path_ = p;
        return;
      }
    }
    if (!ec) continue;  // the name was taken
    throw model::InputError("cannot create a temporary directory: " + ec.message(), parent.string());
  }
}

TemporaryDirectory::~TemporaryDirectory() {
  if (path_.empty()) return;
  std::error_code ec;
  fs::remove_all(path_, ec);
  forget(path_);
}

fs::path systemTempDirectory() {
  std::error_code ec;
  fs::path p = fs::temp_directory_path(ec);
  if (ec) {
    const char* env = std::getenv("TMPDIR");
    throw model::InputError("no usable temporary directory (TMPDIR=" + std::string(env ? env : "") +
                            "): " + ec.message());
  }
  return p;
}

void removeLiveTemporaryDirectories() {
  std::lock_guard lock(registryMutex());
  for (const auto& p : liveDirectories()) {
    std::error_code ec;
    // The main thread may still be copying into it, by paths under its name: moved aside
    // first, the directory can only shrink (a path under the old name no longer resolves), so
    // removing it cannot race with a file or folder created meanwhile.
    fs::path doomed = p;
    doomed += ".removing";
    fs::rename(p, doomed, ec);
    if (ec) doomed = p;
    for (int pass = 0; pass < 3 && fs::exists(fs::symlink_status(doomed, ec)); ++pass) fs::remove_all(doomed, ec);
  }
  liveDirectories().clear();
  terminating = true;
}

}  // namespace routefix::repair
