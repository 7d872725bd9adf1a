// The routefix command: argument parsing and dispatch only; every stage is a library.
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "cli/command.h"
#include "cli/process_safety.h"
#include "cluster/process_group.h"
#include "model/input_error.h"
#include "sim/deadline.h"

namespace routefix::cli {
std::vector<CommandSpec>& commandRegistry() {
  static std::vector<CommandSpec> registry;
  return registry;
}

namespace {

// CLI11 answers an unknown command with "A subcommand is required"; name it instead.
bool reportUnknownCommand(int argc, char** argv, const std::vector<CommandSpec>& registry) {
  if (argc < 2 || argv[1][0] == '-') return false;
  std::string word = argv[1];
  std::string names;
  for (const auto& spec : registry) {
    if (spec.name == word) return false;
    names += (names.empty() ? "" : ", ") + spec.name;
  }
  std::cerr << "routefix: error: unknown command '" << word << "' (commands: " << names
            << "; see routefix --help)\n";
  return true;
}

int runCommand(const std::vector<CommandSpec>& registry,
               const std::vector<std::pair<CLI::App*, CommandRunner>>& commands) {
  const auto& processes = routefix::cluster::ProcessGroup::current();
  try {
    for (size_t c = 0; c < commands.size(); ++c) {
      auto& [sub, run] = commands[c];
      if (!sub->parsed()) continue;
      if (!processes.leader() && registry[c].shares == SharesWork::No) return kExitOk;
      return run();
    }
  } catch (const routefix::model::InputError& e) {
    std::cerr << "routefix: error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const routefix::sim::TimeLimitExceeded& e) {
    std::cerr << "routefix: error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::filesystem::filesystem_error& e) {
    // The file system refused (permissions, a full disk, a file where a folder should be):
    // the user's environment, not a routefix bug.
    std::cerr << "routefix: error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "routefix: error: out of memory\n";
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "routefix: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
  return kExitInternal;
}

}  // namespace
}  // namespace routefix::cli

int main(int argc, char** argv) {
  using namespace routefix::cli;
  installTerminationCleanup();
  routefix::cluster::JobMembership job(argc, argv);
  SafeOutput output;
  CLI::App app{"routefix: routing configuration verifier and repair engine"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "routefix " ROUTEFIX_VERSION);  // the package's version too

  auto& registry = commandRegistry();
  std::sort(registry.begin(), registry.end(),
            [](const CommandSpec& a, const CommandSpec& b) { return a.name < b.name; });
  if (reportUnknownCommand(argc, argv, registry)) return kExitBadInput;
  std::vector<std::pair<CLI::App*, CommandRunner>> commands;
  for (auto& spec : registry) {
    CLI::App* sub = app.add_subcommand(spec.name, spec.description);
    commands.emplace_back(sub, spec.setup(*sub));
  }

  int code;
  try {
    app.parse(argc, argv);
    code = runCommand(registry, commands);
  } catch (const CLI::ParseError& e) {
    code = app.exit(e) == 0 ? kExitOk : kExitBadInput;
  }
  holdWhileTerminating();
  // A report that did not reach its file (a full disk in CI) must not pass as success.
  if (int error = output.finishStdout()) {
    std::cerr << "routefix: error: cannot write the output: " << std::strerror(error) << "\n";
    code = kExitBadInput;
  }
  return job.finish(code);
}
