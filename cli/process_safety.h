// What the routefix process guarantees around the commands (issue 20): a SIGINT/SIGTERM/SIGHUP
// removes the temporary directories it created before the process dies of the signal; what
// reaches the terminal or a report file is valid UTF-8 without control characters (bytes
// from configs that are not appear as \xNN); a failed write to stdout is an error.
#pragma once

#include <memory>
#include <streambuf>

namespace routefix::cli {

// Blocks the termination signals in every thread and starts the one thread that waits for
// them. Call first in main(), before any other thread exists.
void installTerminationCleanup();
// Does not return once a termination signal has arrived (the process dies of it).
void holdWhileTerminating();

// While it lives, std::cout and std::cerr escape control characters and invalid UTF-8.
class SafeOutput {
 public:
  SafeOutput();
  ~SafeOutput();
  SafeOutput(const SafeOutput&) = delete;
  SafeOutput& operator=(const SafeOutput&) = delete;
  // Flushes stdout: 0, or the errno of a write that lost output.
  int finishStdout();

 private:
  std::unique_ptr<std::streambuf> out_, err_;
  std::streambuf* originalOut_;
  std::streambuf* originalErr_;
};

}  // namespace routefix::cli
