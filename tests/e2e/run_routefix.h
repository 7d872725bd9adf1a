// Runs the built routefix binary for end-to-end tests: captures stdout, stderr, exit code.
#pragma once

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace routefix::e2e {

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;

  nlohmann::json json() const { return nlohmann::json::parse(out); }
};

inline std::string shellQuote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// The bundled example snapshots, as paths relative to the source tree ("examples/NAME"), sorted.
inline std::vector<std::string> bundledExamples() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(ROUTEFIX_SOURCE_DIR) + "/examples"))
    if (e.is_directory()) out.push_back("examples/" + e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

// Arguments are passed quoted; relative paths resolve against the source tree. `environment`
// ("TMPDIR=/x", unquoted) prefixes the command; `stdoutTo` sends stdout to that file instead.
inline RunResult runRoutefix(const std::vector<std::string>& args, const std::string& environment = "",
                             const std::string& stdoutTo = "") {
  namespace fs = std::filesystem;
  static int counter = 0;
  fs::path errFile = fs::temp_directory_path() /
                     ("routefix-e2e-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::string cmd = "cd " + shellQuote(ROUTEFIX_SOURCE_DIR) + " && " + environment + " " + shellQuote(ROUTEFIX_BIN);
  for (const auto& a : args) cmd += " " + shellQuote(a);
  if (!stdoutTo.empty()) cmd += " >" + shellQuote(stdoutTo);
  cmd += " 2>" + shellQuote(errFile.string());
  RunResult r;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(errFile);
  std::stringstream ss;
  ss << in.rdbuf();
  r.err = ss.str();
  fs::remove(errFile);
  return r;
}

}  // namespace routefix::e2e
