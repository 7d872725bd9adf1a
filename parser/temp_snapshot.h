// Test support: a snapshot directory under the system temp dir, removed when it goes away.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace routefix::parser {

class TempSnapshot {
 public:
  TempSnapshot() {
    static int counter = 0;
    root_ = std::filesystem::temp_directory_path() /
            ("routefix-snapshot-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
  }
  ~TempSnapshot() {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
  }
  TempSnapshot(const TempSnapshot&) = delete;
  TempSnapshot& operator=(const TempSnapshot&) = delete;

  // Writes `text` to root/relative, creating folders.
  void write(const std::string& relative, const std::string& text) const {
    auto p = root_ / relative;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
  }
  const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path root_;
};

}  // namespace routefix::parser
