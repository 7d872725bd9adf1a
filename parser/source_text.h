// The text of every file read from a snapshot, by its snapshot-relative path, so that
// warnings raised after parsing (references, topology) can quote the line they point at.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace routefix::parser {

// True when `text` is binary data rather than a configuration: a NUL byte, or more than one
// byte in ten that is a control character or not valid UTF-8, within its first 8 KiB (the
// test git and grep make; a stray Latin-1 or escape character in a description stays text).
bool looksBinary(std::string_view text);

class SourceText {
 public:
  void add(const std::string& path, std::string text);
  // The line as written (without its line break), or "" when the file or line is unknown.
  std::string line(const std::string& path, int number) const;
  // The whole file, or "" when it is unknown.
  const std::string& whole(const std::string& path) const;

 private:
  struct File {
    std::string text;
    std::vector<size_t> line_starts;
  };
  std::map<std::string, File, std::less<>> files_;
};

}  // namespace routefix::parser
