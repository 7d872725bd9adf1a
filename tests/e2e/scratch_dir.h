// Test support: a throwaway directory under the system temp dir, removed with the object,
// into which tests copy bundled snapshots and write hostile files.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace routefix::e2e {

class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name) {
    static int counter = 0;
    root_ = std::filesystem::temp_directory_path() /
            ("routefix-e2e-" + name + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& root() const { return root_; }
  std::filesystem::path operator/(const std::string& relative) const { return root_ / relative; }

  // Copies examples/<example> (or any source-tree folder) to root/<as>; returns where.
  std::filesystem::path copy(const std::string& sourceFolder, const std::string& as) const {
    auto to = root_ / as;
    std::filesystem::create_directories(to.parent_path());
    std::filesystem::copy(std::filesystem::path(ROUTEFIX_SOURCE_DIR) / sourceFolder, to,
                          std::filesystem::copy_options::recursive);
    return to;
  }
  // Writes `text` to root/<relative>, creating folders.
  void write(const std::string& relative, const std::string& text) const {
    auto p = root_ / relative;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
  }

 private:
  std::filesystem::path root_;
};

}  // namespace routefix::e2e
