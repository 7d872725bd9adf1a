// routefix draw SNAPSHOT [--intent NAME | --from N --to A] [--intents FILE] --format dot|svg|text|json
// [--timeout S]
#include <iostream>

#include "cli/command.h"
#include "cli/input_options.h"
#include "cli/memory_guard.h"
#include "draw/svg_render.h"
#include "draw/topology_dot.h"
#include "draw/topology_listing.h"
#include "model/input_error.h"
#include "parser/parser.h"
#include "sim/memory_estimate.h"
#include "verify/intent_check.h"
#include "verify/intent_loader.h"
#include "verify/verifier.h"

namespace routefix::cli {
namespace {

struct DrawArgs {
  std::string snapshot;
  std::string intent;
  std::string intents;
  std::string from;
  std::string to;
  std::string format = "dot";
  model::SnapshotAccess access;
  std::string max_memory;
  double timeout = 0;  // seconds; 0: no limit
};

// The intent's counterexample when it fails; when it holds, its forwarding from each source.
draw::Highlight intentHighlight(const model::Network& network, const sim::DataPlane& dp,
                                const DrawArgs& args, const sim::Deadline& deadline) {
  std::optional<std::filesystem::path> file;
  if (!args.intents.empty()) file = std::filesystem::path(args.intents);
  else file = verify::defaultIntentsFile(args.snapshot, args.access);
  if (!file) throw model::InputError("no intents file (give --intents FILE)", args.snapshot);
  auto intents = verify::loadIntents(*file, network);
  auto it = std::find_if(intents.begin(), intents.end(),
                         [&](const verify::Intent& i) { return i.name == args.intent; });
  if (it == intents.end()) throw model::InputError("no intent named '" + args.intent + "'", file->string());
  verify::VerifyOptions check;
  check.deadline = deadline;  // the intent's `failures:` may ask for many scenarios
  verify::VerifyReport report = verify::runVerify(network, dp, {*it}, check);
  const verify::IntentReport& r = report.intents.front();
  draw::Highlight h;
  h.waypoints = it->through;
  if (!r.holds) {
    h.title = "intent " + it->name + " FAILS: " + r.counterexample->reason;
    h.paths = r.counterexample->paths;
    h.failed_links = r.counterexample->failed_links;
    return h;
  }
  h.title = "intent " + it->name + " holds";
  auto addresses = verify::intentAddresses(network, dp, *it);
  if (!addresses.empty())
    for (const auto& src : it->from) {
      auto t = sim::trace(network, dp, src, addresses.front());
      h.paths.insert(h.paths.end(), t.paths.begin(), t.paths.end());
    }
  return h;
}

int runDrawCommand(const DrawArgs& args) {
  sim::Deadline deadline = deadlineIn(args.timeout);
  MemoryGuard memory(args.max_memory);
  memory.beforeLoading(args.snapshot, args.access);
  model::Network network = parser::loadSnapshot(args.snapshot, args.access);
  if (!args.intent.empty() && (!args.from.empty() || !args.to.empty()))
    throw model::InputError("give either --intent or --from/--to, not both");
  if (args.from.empty() != args.to.empty()) throw model::InputError("--from and --to go together");
  draw::Highlight highlight;
  if (!args.intent.empty() || !args.from.empty()) {
    memory.beforeSimulating(sim::estimateSimulationMemory(network, {}));
    sim::DataPlane dp = sim::simulate(network, {.deadline = deadline});
    if (!args.intent.empty()) {
      highlight = intentHighlight(network, dp, args, deadline);
    } else {
      const model::Device* src = network.findDevice(args.from);
      if (!src) throw model::InputError("--from: unknown node '" + args.from + "'");
      auto address = model::IpAddress::parse(args.to);
      if (!address) throw model::InputError("--to: malformed address '" + args.to + "'");
      auto t = sim::trace(network, dp, src->name, *address);
      highlight.title = "trace " + src->name + " -> " + address->str();
      highlight.paths = t.paths;
    }
  }
  if (args.format == "json") {
    std::cout << draw::topologyJson(network, highlight).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
              << "\n";
  } else if (args.format == "text") {
    std::cout << draw::topologyText(network, highlight);
  } else {
    std::string dot = draw::topologyDot(network, highlight);
    std::cout << (args.format == "svg" ? draw::renderSvg(dot) : dot);
  }
  return kExitOk;
}

const RegisterCommand kDraw{
    "draw", "picture of the topology, with a trace or an intent's counterexample", [](CLI::App& app) {
      auto args = std::make_shared<DrawArgs>();
      app.add_option("snapshot", args->snapshot, "snapshot directory")->required();
      app.add_option("--intent", args->intent, "draw this intent's counterexample (or its paths)");
      app.add_option("--intents", args->intents, "intents file; default SNAPSHOT/intents.yaml");
      app.add_option("--from", args->from, "trace source node");
      app.add_option("--to", args->to, "trace destination address (IPv4 or IPv6)");
      addAccessOption(app, args->access);
      addMemoryOption(app, args->max_memory);
      addTimeoutOption(app, args->timeout, "seconds for the simulation and the intent's check (default: no limit)");
      app.add_option("--format", args->format, "dot|svg|text|json (default dot)")
          ->check(CLI::IsMember({"dot", "svg", "text", "json"}));
      return [args] { return runDrawCommand(*args); };
    }};

}  // namespace
}  // namespace routefix::cli
