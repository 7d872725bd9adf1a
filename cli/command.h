// Subcommands register themselves here; main() only wires CLI11 to them. A command's
// setup() declares its options on the CLI11 subcommand and returns the function that runs
// it (returning the process exit code, see spec.md).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace routefix::cli {

using CommandRunner = std::function<int()>;
using CommandSetup = std::function<CommandRunner(CLI::App& subcommand)>;

// Whether a command splits its work among the processes of an MPI job (`mpirun -np N
// routefix verify ...`). Under mpirun, the other commands run on rank 0 alone; the other
// ranks exit at once with 0.
enum class SharesWork { No, AcrossProcesses };

struct CommandSpec {
  std::string name;
  std::string description;
  CommandSetup setup;
  SharesWork shares = SharesWork::No;
};

std::vector<CommandSpec>& commandRegistry();

// Define one at namespace scope in the command's file:
//   static const RegisterCommand kParse{"parse", "...", [](CLI::App& app) { ... }};
struct RegisterCommand {
  RegisterCommand(std::string name, std::string description, CommandSetup setup) {
    commandRegistry().push_back({std::move(name), std::move(description), std::move(setup)});
  }
  RegisterCommand(std::string name, std::string description, SharesWork shares, CommandSetup setup) {
    commandRegistry().push_back({std::move(name), std::move(description), std::move(setup), shares});
  }
};

// Exit codes (spec.md).
inline constexpr int kExitOk = 0;
inline constexpr int kExitViolated = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitInternal = 3;

}  // namespace routefix::cli
