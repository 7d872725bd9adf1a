// Unusable user input (missing file, malformed intent, unknown node). The CLI turns it into
// exit code 2 with the message; the message names the file and, where known, the line.
#pragma once

#include <stdexcept>
#include <string>

namespace routefix::model {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message, std::string file = {}, int line = 0)
      : std::runtime_error(format(message, file, line)), file_(std::move(file)), line_(line) {}

  const std::string& file() const { return file_; }
  int line() const { return line_; }

 private:
  static std::string format(const std::string& message, const std::string& file, int line) {
    if (file.empty()) return message;
    return file + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + message;
  }
  std::string file_;
  int line_;
};

}  // namespace routefix::model
