// `routefix trace SNAPSHOT --from NODE --to ADDRESS [--vrf NAME] [--format text|json] [--timeout S]`: every
// ECMP forwarding path from a node (its default table or VRF NAME's) towards an address and
// how each one ends.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/input_options.h"
#include "cli/memory_guard.h"
#include "model/input_error.h"
#include "parser/parser.h"
#include "sim/dataplane.h"
#include "sim/memory_estimate.h"

namespace routefix::cli {

namespace {

nlohmann::json traceJson(const sim::Trace& t) {
  nlohmann::json paths = nlohmann::json::array();
  for (const auto& p : t.paths) {
    nlohmann::json hops = nlohmann::json::array();
    for (const auto& h : p.hops) {
      nlohmann::json hop = {{"node", h.node}, {"interface", h.interface}};
      if (!h.vrf.empty()) hop["vrf"] = h.vrf;  // additive: only where a VRF table forwarded
      hops.push_back(std::move(hop));
    }
    paths.push_back({{"hops", std::move(hops)}, {"outcome", sim::outcomeName(p.outcome)}, {"at", p.at}});
  }
  return {{"from", t.from}, {"to", t.to.str()}, {"paths", std::move(paths)}};
}

void printText(const sim::Trace& t, std::ostream& out) {
  out << "trace from " << t.from << " to " << t.to.str() << ": " << t.paths.size()
      << (t.paths.size() == 1 ? " path\n" : " paths\n");
  for (size_t i = 0; i < t.paths.size(); ++i) {
    const auto& p = t.paths[i];
    out << "  " << i + 1 << ". ";
    for (size_t h = 0; h < p.hops.size(); ++h) {
      out << (h ? " -> " : "") << p.hops[h].node;
      if (!p.hops[h].vrf.empty()) out << " vrf " << p.hops[h].vrf;
      if (!p.hops[h].interface.empty()) out << " [" << p.hops[h].interface << "]";
    }
    out << "  => " << sim::outcomeName(p.outcome) << " at " << p.at << "\n";
  }
}

const RegisterCommand kTrace{
    "trace", "forwarding paths from a node to an address", [](CLI::App& app) {
      auto snapshot = std::make_shared<std::string>();
      auto from = std::make_shared<std::string>();
      auto to = std::make_shared<std::string>();
      auto format = std::make_shared<std::string>("text");
      auto access = std::make_shared<model::SnapshotAccess>();
      auto maxMemory = std::make_shared<std::string>();
      auto vrf = std::make_shared<std::string>();
      auto timeout = std::make_shared<double>(0);
      app.add_option("SNAPSHOT", *snapshot, "snapshot directory (configs/ inside)")->required();
      addAccessOption(app, *access);
      addMemoryOption(app, *maxMemory);
      addTimeoutOption(app, *timeout, "seconds for the whole run (default: no limit)");
      app.add_option("--from", *from, "source node")->required();
      app.add_option("--to", *to, "destination address (IPv4 or IPv6)")->required();
      app.add_option("--vrf", *vrf, "start in this VRF of the source node (default: its default VRF)");
      app.add_option("--format", *format, "output format")
          ->check(CLI::IsMember({"text", "json"}))
          ->capture_default_str();
      return [=]() {
        sim::Deadline deadline = deadlineIn(*timeout);
        auto address = model::IpAddress::parse(*to);
        if (!address) throw model::InputError("--to: '" + *to + "' is not an IPv4 or IPv6 address");
        MemoryGuard memory(*maxMemory);
        memory.beforeLoading(*snapshot, *access);
        model::Network net = parser::loadSnapshot(*snapshot, *access);
        if (!net.findDevice(*from)) throw model::InputError("--from: no device named '" + *from + "' in the snapshot");
        memory.beforeSimulating(sim::estimateSimulationMemory(net, {}));
        sim::DataPlane dp = sim::simulate(net, {.deadline = deadline});
        for (const auto& w : dp.warnings) std::cerr << "routefix: warning: " << w << "\n";
        sim::Trace t = sim::trace(net, dp, *from, *address, {}, *vrf);
        if (*format == "json")
          std::cout << traceJson(t).dump(2) << "\n";
        else
          printText(t, std::cout);
        return kExitOk;
      };
    }};

}  // namespace

}  // namespace routefix::cli
