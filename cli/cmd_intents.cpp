// routefix intents mine SNAPSHOT [--failures K] [--kinds ...] [--out FILE] [--timeout S]:
// the intents that hold on the network as it is, as an intents file to review and commit.
#include <chrono>
#include <iostream>
#include <sstream>

#include "cli/command.h"
#include "cli/input_options.h"
#include "cli/memory_guard.h"
#include "cli/output_file.h"
#include "parser/parser.h"
#include "sim/memory_estimate.h"
#include "verify/intent_mining.h"
#include "verify/intent_writer.h"

namespace routefix::cli {
namespace {

struct MineArgs {
  std::string snapshot;
  uint32_t failures = 0;
  std::string kinds = "reachability,isolation,waypoint,multipath";
  std::string out;
  bool force = false;
  double timeout = 0;  // seconds; 0: no limit
  model::SnapshotAccess access;
  std::string max_memory;
};

// The file's header: how it was mined and what was not explored.
std::vector<std::string> header(const MineArgs& args, const verify::MiningResult& r) {
  std::vector<std::string> lines = {
      "Intents mined by `routefix intents mine` from " + args.snapshot + ": what holds on the",
      "simulated network as it is. Review before committing: a fact of a broken network is mined too.",
      "Kinds: " + args.kinds + ".",
      "Sources: every router (" + std::to_string(r.sources) + "), a group of all of them written \"*\".",
      "Destinations (" + std::to_string(r.destinations) +
          "): every prefix learned by BGP or OSPF, every connected subnet of /29 or larger.",
      "waypoint: a node every forwarding path crosses; multipath: the fewest equal-cost paths.",
  };
  if (r.failures == 0) {
    lines.push_back("Failures: none explored (--failures 0): every intent holds on the network as it is.");
  } else {
    lines.push_back("Failures: an intent's `failures` is the most simultaneous link failures, up to " +
                    std::to_string(r.failures) + ", it survives (absent: 0).");
    lines.push_back(std::to_string(r.scenarios_simulated) +
                    " failure scenarios simulated; as in verify, a link that carries none of a destination's");
    lines.push_back("traffic is not failed for it (it cannot change that traffic).");
  }
  if (r.scenarios_not_simulated > 0)
    lines.push_back("NOT EXPLORED (--timeout): scenarios with " + std::to_string(r.failures_complete + 1) +
                    " or more links down (" + std::to_string(r.scenarios_not_simulated) +
                    " left at that size); no intent claims more than " + std::to_string(r.failures_complete) +
                    " failure(s).");
  if (!r.destinations_not_mined.empty()) {
    std::string list;
    for (size_t i = 0; i < r.destinations_not_mined.size() && i < 10; ++i)
      list += (i ? ", " : "") + r.destinations_not_mined[i].str();
    if (r.destinations_not_mined.size() > 10) list += ", ...";
    lines.push_back("NOT MINED (--timeout): " + std::to_string(r.destinations_not_mined.size()) +
                    " destination(s): " + list);
  }
  lines.push_back(std::to_string(r.intents.size()) + " intents from " + std::to_string(r.facts) +
                  " (source, destination) facts.");
  return lines;
}

int runMineCommand(const MineArgs& args) {
  auto start = std::chrono::steady_clock::now();
  sim::Deadline deadline = deadlineIn(args.timeout);
  verify::MiningOptions options;
  options.kinds = verify::parseMiningKinds(args.kinds);
  options.failures = args.failures;
  options.deadline = deadline;
  options.progress = [](const std::string& line) { std::cerr << "routefix: " << line << "\n"; };
  OutFile out{.path = args.out, .snapshot = args.snapshot, .force = args.force};
  if (!args.out.empty()) checkOutFile(out);
  MemoryGuard memory(args.max_memory);
  memory.beforeLoading(args.snapshot, args.access);
  model::Network network = parser::loadSnapshot(args.snapshot, args.access);
  memory.beforeSimulating(sim::estimateSimulationMemory(network, {.failure_scenarios = args.failures > 0}));
  sim::DataPlane baseline = sim::simulate(network, {.deadline = deadline});
  verify::MiningResult result = verify::mineIntents(network, baseline, options);
  std::string text = verify::intentsYaml(result.intents, network, header(args, result));
  if (args.out.empty()) {
    std::cout << text;
  } else {
    writeFileAtomically(out, text);
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::ostringstream summary;
  summary.precision(3);
  summary << "routefix: mined " << result.intents.size() << " intents (" << result.facts << " facts, "
          << result.sources << " sources x " << result.destinations << " destinations, "
          << result.scenarios_simulated << " failure scenarios) in " << seconds << " s"
          << (args.out.empty() ? "" : "; wrote " + args.out) << "\n";
  std::cerr << summary.str();
  return kExitOk;
}

const RegisterCommand kIntents{
    "intents", "intents files: `intents mine` writes the intents that hold on a snapshot", [](CLI::App& app) {
      auto args = std::make_shared<MineArgs>();
      app.require_subcommand(1);
      CLI::App* mine = app.add_subcommand("mine", "the intents that hold on the network as it is (intents file)");
      mine->add_option("snapshot", args->snapshot, "snapshot directory")->required();
      mine->add_option("--failures", args->failures,
                       "also find, for each intent, how many simultaneous link failures (up to K) it survives");
      mine->add_option("--kinds", args->kinds, "comma-separated: reachability,isolation,waypoint,multipath");
      mine->add_option("--out", args->out, "write the intents file here (atomically) instead of stdout");
      mine->add_flag("--force", args->force, "replace an existing --out file");
      addTimeoutOption(*mine, args->timeout,
                       "seconds for mining; what is left is named in the file's header (default: no limit)");
      addAccessOption(*mine, args->access);
      addMemoryOption(*mine, args->max_memory);
      return [args, mine] { return mine->parsed() ? runMineCommand(*args) : kExitBadInput; };
    }};

}  // namespace
}  // namespace routefix::cli
