// `routefix routes SNAPSHOT [--node N] [--vrf V] [--prefix P] [--protocol X]
// [--format text|json|ndjson] [--threads N] [--timeout S]`: the installed (best) routes of every node as the simulation
// computes them, per VRF (formats in cli/routes_output.h).
#include <algorithm>
#include <iostream>

#include "cli/command.h"
#include "cli/input_options.h"
#include "cli/memory_guard.h"
#include "cli/routes_output.h"
#include "model/input_error.h"
#include "parser/parser.h"
#include "sim/dataplane.h"
#include "sim/memory_estimate.h"

namespace routefix::cli {

namespace {

const std::vector<std::string> kProtocols = {"connected", "local",  "static", "ospf",
                                             "ospf-ia",   "ospf-e1", "ospf-e2", "bgp",
                                             "ibgp",      "aggregate"};

const RegisterCommand kRoutes{
    "routes", "computed RIBs (best routes) of every node", [](CLI::App& app) {
      auto snapshot = std::make_shared<std::string>();
      auto node = std::make_shared<std::string>();
      auto prefix = std::make_shared<std::string>();
      auto protocol = std::make_shared<std::string>();
      auto format = std::make_shared<std::string>("text");
      auto access = std::make_shared<model::SnapshotAccess>();
      auto maxMemory = std::make_shared<std::string>();
      auto threads = std::make_shared<unsigned>(1);
      auto timeout = std::make_shared<double>(0);
      app.add_option("SNAPSHOT", *snapshot, "snapshot directory (configs/ inside)")->required();
      addAccessOption(app, *access);
      addMemoryOption(app, *maxMemory);
      addThreadsOption(app, *threads, "threads parsing configs, deciding BGP prefixes and formatting the output (default: the usable CPUs)");
      addTimeoutOption(app, *timeout, "seconds for the whole run (default: no limit)");
      auto vrf = std::make_shared<std::string>();
      app.add_option("--node", *node, "only this node");
      app.add_option("--vrf", *vrf, "only this VRF's tables (\"default\": the default VRF's)");
      app.add_option("--prefix", *prefix, "only routes for exactly this prefix (IPv4 or IPv6)");
      app.add_option("--protocol", *protocol, "only routes of this protocol")
          ->check(CLI::IsMember(kProtocols));
      app.add_option("--format", *format, "output format")
          ->check(CLI::IsMember({"text", "json", "ndjson"}))
          ->capture_default_str();
      return [=]() {
        sim::Deadline deadline = deadlineIn(*timeout);
        RouteFilter filter;
        filter.protocol = *protocol;
        filter.vrf = *vrf;
        if (!prefix->empty()) {
          filter.prefix = model::IpPrefix::parse(*prefix);
          if (!filter.prefix)
            throw model::InputError("--prefix: '" + *prefix + "' is not an IPv4 or IPv6 prefix");
        }
        MemoryGuard memory(*maxMemory);
        memory.beforeLoading(*snapshot, *access);
        model::Network net = parser::loadSnapshot(*snapshot, *access, *threads);
        if (!node->empty()) {
          const auto* d = net.findDevice(*node);
          if (!d) throw model::InputError("--node: no device named '" + *node + "' in the snapshot");
          filter.node = d->name;
        }
        if (!filter.keepsDefaultVrf() &&
            std::none_of(net.devices.begin(), net.devices.end(),
                         [&](const model::Device& d) { return d.vrfs.count(filter.vrf); }))
          throw model::InputError("--vrf: no device has a VRF named '" + filter.vrf + "'");
        memory.beforeSimulating(sim::estimateSimulationMemory(net, {.routes_json = *format != "text"}));
        sim::SimulationOptions options;
        options.threads = *threads;
        options.deadline = deadline;
        sim::DataPlane dp = sim::simulate(net, options);
        for (const auto& w : dp.warnings) std::cerr << "routefix: warning: " << w << "\n";
        if (*format == "json") writeRoutesJson(dp, filter, std::cout, *threads);
        else if (*format == "ndjson") writeRoutesNdjson(dp, filter, std::cout, *threads);
        else writeRoutesText(dp, filter, std::cout, *threads);
        return kExitOk;
      };
    }};

}  // namespace

}  // namespace routefix::cli
