// The routefix command: argument parsing and dispatch only; every stage is a library.
#include <algorithm>
#include <iostream>

#include "cli/command.h"
#include "model/input_error.h"

namespace routefix::cli {
std::vector<CommandSpec>& commandRegistry() {
  static std::vector<CommandSpec> registry;
  return registry;
}
}  // namespace routefix::cli

int main(int argc, char** argv) {
  using namespace routefix::cli;
  CLI::App app{"routefix: routing configuration verifier and repair engine"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "routefix 0.1");

  auto& registry = commandRegistry();
  std::sort(registry.begin(), registry.end(),
            [](const CommandSpec& a, const CommandSpec& b) { return a.name < b.name; });
  std::vector<std::pair<CLI::App*, CommandRunner>> commands;
  for (auto& spec : registry) {
    CLI::App* sub = app.add_subcommand(spec.name, spec.description);
    commands.emplace_back(sub, spec.setup(*sub));
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? kExitOk : kExitBadInput;
  }

  try {
    for (auto& [sub, run] : commands)
      if (sub->parsed()) return run();
  } catch (const routefix::model::InputError& e) {
    std::cerr << "routefix: error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "routefix: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
  return kExitInternal;
}
