// `routefix routes SNAPSHOT [--node N] [--vrf V] [--prefix P] [--protocol X] [--format text|json]`:
// the installed (best) routes of every node as the simulation computes them, per VRF.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/command.h"
#include "cli/input_options.h"
#include "cli/memory_guard.h"
#include "model/input_error.h"
#include "parser/parser.h"
#include "sim/dataplane.h"
#include "sim/memory_estimate.h"

namespace routefix::cli {

namespace {

const std::vector<std::string> kProtocols = {"connected", "local",  "static", "ospf",
                                             "ospf-ia",   "ospf-e1", "ospf-e2", "bgp",
                                             "ibgp",      "aggregate"};

constexpr const char* kDefaultVrf = "default";

struct RouteFilter {
  std::string node;  // canonical device name, or "" for all
  std::string vrf;   // "" every VRF, "default" the default VRF only, else that named VRF only
  std::optional<model::Prefix> prefix;
  std::string protocol;

  bool keepsDefaultVrf() const { return vrf.empty() || vrf == kDefaultVrf; }
  bool keepsVrf(const std::string& name) const { return vrf.empty() || vrf == name; }

  bool keeps(const sim::Route& r) const {
    if (prefix && r.prefix != *prefix) return false;
    return protocol.empty() || sim::protocolName(r.protocol) == protocol;
  }
};

nlohmann::json routeJson(const sim::Route& r) {
  nlohmann::json hops = nlohmann::json::array();
  for (const auto& nh : r.next_hops) {
    nlohmann::json h{{"ip", nh.ip ? nlohmann::json(nh.ip->str()) : nlohmann::json(nullptr)},
                     {"interface", nh.interface},
                     {"node", nh.node}};
    if (nh.discard) h["discard"] = true;
    hops.push_back(std::move(h));
  }
  nlohmann::json communities = nlohmann::json::array();
  for (auto c : r.communities) communities.push_back(model::communityStr(c));
  nlohmann::json route{{"prefix", r.prefix.str()},
                     {"protocol", sim::protocolName(r.protocol)},
                     {"next_hops", std::move(hops)},
                     {"admin_distance", r.admin_distance},
                     {"metric", r.metric},
                     {"as_path", r.as_path},
                     {"local_pref", r.local_pref ? nlohmann::json(*r.local_pref) : nlohmann::json(nullptr)},
                     {"communities", std::move(communities)}};
  if (!r.protocol_next_hops.empty()) {
    nlohmann::json protocolHops = nlohmann::json::array();
    for (const auto& nh : r.protocol_next_hops) protocolHops.push_back({{"ip", nh.ip->str()}, {"node", nh.node}});
    route["protocol_next_hops"] = std::move(protocolHops);
  }
  return route;
}

std::string nextHopText(const sim::NextHop& nh) {
  if (nh.discard) return "Null0";
  std::string s = nh.ip ? "via " + nh.ip->str() : "directly connected";
  if (!nh.node.empty()) s += " (" + nh.node + ")";
  return s + ", " + nh.interface;
}

void printTable(const std::string& title, const sim::NodeRib& rib, const RouteFilter& filter, std::ostream& out) {
  out << title << ":\n";
  for (const auto& r : rib.routes()) {
    if (!filter.keeps(r)) continue;
    std::ostringstream line;
    line << "  " << std::left << std::setw(10) << sim::protocolName(r.protocol) << std::setw(19)
         << r.prefix.str() << "[" << r.admin_distance << "/" << r.metric << "]";
    std::string indent(line.str().size(), ' ');
    for (size_t i = 0; i < r.next_hops.size(); ++i)
      out << (i == 0 ? line.str() : indent) << " " << nextHopText(r.next_hops[i]) << "\n";
    if (r.protocol == sim::Protocol::Bgp || r.protocol == sim::Protocol::Ibgp ||
        r.protocol == sim::Protocol::Aggregate) {
      out << indent << " as-path [";
      for (size_t i = 0; i < r.as_path.size(); ++i) out << (i ? " " : "") << r.as_path[i];
      out << "] local-pref " << r.local_pref.value_or(0);
      if (!r.communities.empty()) {
        out << " communities";
        for (auto c : r.communities) out << " " << model::communityStr(c);
      }
      out << "\n";
    }
  }
}

const std::map<std::string, sim::NodeRib>& namedVrfTables(const sim::DataPlane& dp, const std::string& node) {
  static const std::map<std::string, sim::NodeRib> kNone;
  auto it = dp.vrf_ribs.find(node);
  return it == dp.vrf_ribs.end() ? kNone : it->second;
}

// Each node's default VRF under its name, then its named VRFs as "NODE vrf NAME".
void printText(const sim::DataPlane& dp, const RouteFilter& filter, std::ostream& out) {
  for (const auto& [node, rib] : dp.ribs) {
    if (!filter.node.empty() && node != filter.node) continue;
    if (filter.keepsDefaultVrf()) printTable(node, rib, filter, out);
    for (const auto& [vrf, vrfRib] : namedVrfTables(dp, node))
      if (filter.keepsVrf(vrf)) printTable(node + " vrf " + vrf, vrfRib, filter, out);
  }
}

nlohmann::json routesJson(const sim::NodeRib& rib, const RouteFilter& filter) {
  nlohmann::json routes = nlohmann::json::array();
  for (const auto& r : rib.routes())
    if (filter.keeps(r)) routes.push_back(routeJson(r));
  return routes;
}

// The document `{"converged": .., "nodes": {name: {"routes": [..], "vrfs": {vrf: {"routes":
// [..]}}}}}` as nlohmann's dump(2) writes it, one node at a time: a fabric's whole RIB set as
// one JSON tree needs gigabytes. `routes` is the default VRF's; `vrfs` is there for a node with
// named VRFs. Filtered to a named VRF, a node has only `vrfs` (and is left out without it).
void printJson(const sim::DataPlane& dp, const RouteFilter& filter, std::ostream& out) {
  out << "{\n  \"converged\": " << (dp.converged ? "true" : "false") << ",\n  \"nodes\": {";
  bool first = true;
  for (const auto& [name, rib] : dp.ribs) {
    if (!filter.node.empty() && name != filter.node) continue;
    nlohmann::json node = nlohmann::json::object();
    if (filter.keepsDefaultVrf()) node["routes"] = routesJson(rib, filter);
    nlohmann::json vrfs = nlohmann::json::object();
    for (const auto& [vrf, vrfRib] : namedVrfTables(dp, name))
      if (filter.keepsVrf(vrf)) vrfs[vrf] = {{"routes", routesJson(vrfRib, filter)}};
    if (!vrfs.empty()) node["vrfs"] = std::move(vrfs);
    if (node.empty()) continue;
    std::string body = node.dump(2);
    out << (first ? "\n" : ",\n") << "    " << nlohmann::json(name).dump() << ": ";
    // Nested two levels deep: every line after the first gains four spaces.
    size_t start = 0;
    for (size_t nl = body.find('\n'); nl != std::string::npos; nl = body.find('\n', start)) {
      out.write(body.data() + start, static_cast<std::streamsize>(nl + 1 - start));
      out << "    ";
      start = nl + 1;
    }
    out.write(body.data() + start, static_cast<std::streamsize>(body.size() - start));
    first = false;
  }
  out << (first ? "}" : "\n  }") << "\n}\n";
}

const RegisterCommand kRoutes{
    "routes", "computed RIBs (best routes) of every node", [](CLI::App& app) {
      auto snapshot = std::make_shared<std::string>();
      auto node = std::make_shared<std::string>();
      auto prefix = std::make_shared<std::string>();
      auto protocol = std::make_shared<std::string>();
      auto format = std::make_shared<std::string>("text");
      auto access = std::make_shared<model::SnapshotAccess>();
      auto maxMemory = std::make_shared<std::string>();
      app.add_option("SNAPSHOT", *snapshot, "snapshot directory (configs/ inside)")->required();
      addAccessOption(app, *access);
      addMemoryOption(app, *maxMemory);
      auto vrf = std::make_shared<std::string>();
      app.add_option("--node", *node, "only this node");
      app.add_option("--vrf", *vrf, "only this VRF's tables (\"default\": the default VRF's)");
      app.add_option("--prefix", *prefix, "only routes for exactly this prefix");
      app.add_option("--protocol", *protocol, "only routes of this protocol")
          ->check(CLI::IsMember(kProtocols));
      app.add_option("--format", *format, "output format")
          ->check(CLI::IsMember({"text", "json"}))
          ->capture_default_str();
      return [=]() {
        RouteFilter filter;
        filter.protocol = *protocol;
        filter.vrf = *vrf;
        if (!prefix->empty()) {
          filter.prefix = model::Prefix::parse(*prefix);
          if (!filter.prefix) throw model::InputError("--prefix: '" + *prefix + "' is not an IPv4 prefix");
        }
        MemoryGuard memory(*maxMemory);
        memory.beforeLoading(*snapshot, *access);
        model::Network net = parser::loadSnapshot(*snapshot, *access);
        if (!node->empty()) {
          const auto* d = net.findDevice(*node);
          if (!d) throw model::InputError("--node: no device named '" + *node + "' in the snapshot");
          filter.node = d->name;
        }
        if (!filter.keepsDefaultVrf() &&
            std::none_of(net.devices.begin(), net.devices.end(),
                         [&](const model::Device& d) { return d.vrfs.count(filter.vrf); }))
          throw model::InputError("--vrf: no device has a VRF named '" + filter.vrf + "'");
        memory.beforeSimulating(sim::estimateSimulationMemory(net, {.routes_json = *format == "json"}));
        sim::DataPlane dp = sim::simulate(net);
        for (const auto& w : dp.warnings) std::cerr << "routefix: warning: " << w << "\n";
        if (*format == "json") {
          printJson(dp, filter, std::cout);
        } else {
          printText(dp, filter, std::cout);
        }
        return kExitOk;
      };
    }};

}  // namespace

}  // namespace routefix::cli
