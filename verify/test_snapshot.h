// Test support: copies an example snapshot into a temporary directory, optionally rewriting
// config lines, so tests can check a broken example and its fixed twin side by side.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace routefix::verify::testing {

struct Edit {
  std::string file;  // relative to the snapshot root
  std::string from;  // exact text to replace (must occur)
  std::string to;
};

class TempSnapshot {
 public:
  // `example` names a folder of examples/; "" starts from an empty snapshot.
  explicit TempSnapshot(const std::string& example, const std::vector<Edit>& edits = {}) {
    static std::atomic<int> counter{0};
    root_ = std::filesystem::temp_directory_path() /
            ("routefix-verify-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    if (example.empty())
      std::filesystem::create_directories(root_ / "configs");
    else
      std::filesystem::copy(std::filesystem::path(ROUTEFIX_SOURCE_DIR) / "examples" / example, root_,
                            std::filesystem::copy_options::recursive);
    for (const auto& e : edits) {
      auto path = root_ / e.file;
      std::ifstream in(path);
      std::stringstream ss;
      ss << in.rdbuf();
      std::string text = ss.str();
      auto at = text.find(e.from);
      if (at == std::string::npos) throw std::runtime_error("edit target not found in " + e.file);
      text.replace(at, e.from.size(), e.to);
      std::ofstream(path) << text;
    }
  }
  // Writes a new file (a config, an intents file) into the snapshot.
  void write(const std::string& relative, const std::string& text) const {
    std::filesystem::create_directories((root_ / relative).parent_path());
    std::ofstream(root_ / relative) << text;
  }
  ~TempSnapshot() {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
  }
  TempSnapshot(const TempSnapshot&) = delete;
  TempSnapshot& operator=(const TempSnapshot&) = delete;

  const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path root_;
};

}  // namespace routefix::verify::testing
