// `routefix parse SNAPSHOT [--format text|json]`: the model summary and every warning.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/input_options.h"
#include "cli/memory_guard.h"
#include "parser/parser.h"

namespace routefix::cli {

namespace {

struct DeviceSummary {
  std::string name, vendor, file;
  std::vector<std::string> files;
  size_t interfaces = 0, bgp_neighbors = 0, route_policies = 0;
};

DeviceSummary summarize(const model::Device& d) {
  DeviceSummary s{d.name, model::vendorName(d.vendor), "", d.files,
                  d.interfaces.size(), d.bgp ? d.bgp->neighbors.size() : 0, d.route_policies.size()};
  // A device of several files (configs/<device>/) is shown by its folder.
  if (d.files.size() == 1)
    s.file = d.files.front();
  else if (!d.files.empty())
    s.file = std::filesystem::path(d.files.front()).parent_path().generic_string();
  return s;
}

nlohmann::json toJson(const model::Network& net) {
  nlohmann::json out;
  out["devices"] = nlohmann::json::array();
  for (const auto& d : net.devices) {
    DeviceSummary s = summarize(d);
    out["devices"].push_back({{"name", s.name},
                              {"vendor", s.vendor},
                              {"file", s.file},
                              {"files", s.files},
                              {"interfaces", s.interfaces},
                              {"bgp_neighbors", s.bgp_neighbors},
                              {"route_policies", s.route_policies}});
  }
  out["warnings"] = nlohmann::json::array();
  for (const auto& w : net.warnings)
    out["warnings"].push_back({{"file", w.file}, {"line", w.line}, {"text", w.text}, {"message", w.message}});
  out["links"] = nlohmann::json::array();
  for (const auto& l : net.links)
    out["links"].push_back(
        {{"a", l.a}, {"a_interface", l.a_interface}, {"b", l.b}, {"b_interface", l.b_interface}});
  return out;
}

void printText(const model::Network& net, std::ostream& out) {
  const std::vector<std::string> header = {"DEVICE", "VENDOR", "FILE", "INTERFACES", "BGP NEIGHBORS",
                                           "ROUTE POLICIES"};
  std::vector<std::vector<std::string>> rows;
  for (const auto& d : net.devices) {
    DeviceSummary s = summarize(d);
    rows.push_back({s.name, s.vendor, s.file, std::to_string(s.interfaces),
                    std::to_string(s.bgp_neighbors), std::to_string(s.route_policies)});
  }
  std::vector<size_t> width(header.size());
  for (size_t c = 0; c < header.size(); ++c) {
    width[c] = header[c].size();
    for (const auto& r : rows) width[c] = std::max(width[c], r[c].size());
  }
  auto printRow = [&](const std::vector<std::string>& r) {
    for (size_t c = 0; c < r.size(); ++c) {
      bool numeric = c >= 3;  // counts are right-aligned
      out << (numeric ? std::right : std::left) << std::setw(static_cast<int>(width[c])) << r[c]
          << (c + 1 < r.size() ? "  " : "\n");
    }
  };
  printRow(header);
  for (const auto& r : rows) printRow(r);

  out << "\n" << net.devices.size() << " devices, " << net.links.size() << " links, "
      << net.warnings.size() << " warnings\n";
  if (!net.links.empty()) {
    out << "\nlinks:\n";
    for (const auto& l : net.links)
      out << "  " << l.a << " " << l.a_interface << " -- " << l.b << " " << l.b_interface << "\n";
  }
  if (!net.warnings.empty()) {
    out << "\nwarnings:\n";
    for (const auto& w : net.warnings)
      // file:line when both are known; a whole-file warning has no line (never ":0:").
      out << w.file << (w.line > 0 ? ":" + std::to_string(w.line) : "") << (w.file.empty() ? "" : ": ")
          << w.message << (w.text.empty() ? "" : ": " + w.text) << "\n";
  }
}

const RegisterCommand kParse{
    "parse", "model summary and every parse warning (file:line)", [](CLI::App& app) {
      auto snapshot = std::make_shared<std::string>();
      auto format = std::make_shared<std::string>("text");
      auto access = std::make_shared<model::SnapshotAccess>();
      auto maxMemory = std::make_shared<std::string>();
      app.add_option("SNAPSHOT", *snapshot, "snapshot directory (configs/ inside)")->required();
      addAccessOption(app, *access);
      addMemoryOption(app, *maxMemory);
      app.add_option("--format", *format, "output format")
          ->check(CLI::IsMember({"text", "json"}))
          ->capture_default_str();
      return [snapshot, format, access, maxMemory]() {
        // Loading throws model::InputError (exit 2) before anything reaches stdout.
        MemoryGuard(*maxMemory).beforeLoading(*snapshot, *access);
        model::Network net = parser::loadSnapshot(*snapshot, *access);
        if (*format == "json")
          // Config text may hold invalid UTF-8 (a binary file in configs/): replace, not throw.
          std::cout << toJson(net).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                    << "\n";
        else
          printText(net, std::cout);
        return kExitOk;
      };
    }};

}  // namespace

}  // namespace routefix::cli
