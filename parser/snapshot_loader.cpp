// SNAPSHOT/ -> model::Network (spec.md "Snapshot directory").
//
// Decisions worth knowing:
// - configs/<file> is one device; configs/<folder>/ is one device of all the files directly
//   inside it (FRR's per-daemon split). Hidden entries (".gitkeep") are skipped.
// - A device is named by its hostname, else by the file's stem or the folder's name.
// - Two devices with the same name (case-insensitive, as lookups are) are an input error:
//   every later stage, intents and topology address devices by name, and silently renaming
//   one would make them point at the wrong router.
// - Links: topology.json if present, else batfish/layer1_topology.json, else inferred; a
//   device the layer-1 file does not name is linked by inference (addLinksOutsideLayer1).
// - External routes: external.json, plus the default route of each ISP that Batfish's
//   batfish/isp_config.json names (parser/isp_config.h).
// - Every file and device folder is read only where it really is inside the snapshot (links
//   leading out are refused unless SnapshotAccess allows them), only when it is a regular
//   file of bounded size (model/input_file.h), and a config that is binary data is skipped
//   with a warning rather than parsed as some vendor's syntax.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <fstream>
#include <iterator>
#include <map>

#include "cluster/parallel_for.h"
#include "model/input_error.h"
#include "model/input_file.h"
#include "model/names.h"
#include "parser/config_listing.h"
#include "parser/external_routes.h"
#include "parser/isp_config.h"
#include "parser/parser.h"
#include "parser/reference_check.h"
#include "semantics/dynamic_neighbors.h"
#include "parser/source_text.h"
#include "parser/topology.h"

namespace routefix::parser {

namespace fs = std::filesystem;

namespace {

// Reads what the snapshot entry `p` leads to, within the rules of `access`.
std::string readFile(const fs::path& root, const fs::path& p, const std::string& rel,
                     const model::SnapshotAccess& access) {
  return model::readInputFile(model::resolveInSnapshot(root, p, rel, access), rel);
}

struct DeviceSource {
  std::string fallback_name;  // file stem or folder name
  std::vector<ConfigFile> files;
};

std::vector<DeviceSource> readConfigs(const fs::path& root, const model::SnapshotAccess& access,
                                      SourceText& text, std::vector<model::ParseWarning>& warnings) {
  std::vector<DeviceSource> sources;
  for (const auto& entry : listDeviceEntries(root, access, &warnings)) {
    DeviceSource s{entry.fallback_name, {}};
    for (const auto& p : entry.files) {
      std::string rel = relativePath(p, root);
      ConfigFile f{rel, readFile(root, p, rel, access)};
      if (looksBinary(f.text)) {
        warnings.push_back({rel, 1, "", "binary data, not a configuration: file skipped"});
        continue;
      }
      text.add(rel, f.text);
      s.files.push_back(std::move(f));
    }
    if (!s.files.empty())
      sources.push_back(std::move(s));
    else if (!entry.folder.empty())
      warnings.push_back({entry.folder, 0, "", "empty device folder ignored"});
  }
  if (sources.empty())
    throw model::InputError("no configuration files in the directory", (root / "configs").string());
  return sources;
}

// Devices are parsed on `threads` threads (each config on its own); names are checked and
// warnings kept in the sources' order, so the result is the same for any number.
std::vector<model::Device> parseDevices(std::vector<DeviceSource> sources, std::vector<model::ParseWarning>& warnings,
                                        unsigned threads) {
  std::vector<DeviceParse> parses(sources.size());
  std::vector<std::exception_ptr> failures(sources.size());  // the first source's error wins
  cluster::parallelFor(sources.size(), threads, [&](unsigned, size_t i) {
    try {
      parses[i] = parseDevice(sources[i].files);
    } catch (...) {
      failures[i] = std::current_exception();
    }
  });
  for (const auto& failure : failures)
    if (failure) std::rethrow_exception(failure);
  std::vector<model::Device> devices;
  std::map<std::string, std::string> fileOfName;  // lowercased name -> where it was defined
  for (size_t i = 0; i < sources.size(); ++i) {
    const DeviceSource& source = sources[i];
    DeviceParse& parsed = parses[i];
    model::Device& d = parsed.device;
    if (d.name.empty()) d.name = source.fallback_name;
    if (d.files.empty())
      for (const auto& f : source.files) d.files.push_back(f.path);
    const std::string& where = d.files.front();
    auto [it, fresh] = fileOfName.emplace(model::lowercase(d.name), where);
    if (!fresh)
      throw model::InputError("duplicate device name " + d.name + " (also the name of " + it->second + ")",
                              d.hostname_span.known() ? d.hostname_span.file : where,
                              d.hostname_span.first_line);
    warnings.insert(warnings.end(), std::make_move_iterator(parsed.warnings.begin()),
                    std::make_move_iterator(parsed.warnings.end()));
    devices.push_back(std::move(d));
  }
  std::sort(devices.begin(), devices.end(),
            [](const model::Device& a, const model::Device& b) { return a.name < b.name; });
  return devices;
}

// Adds the file to `text` and returns its relative path, or "" when it is absent.
std::string readSideFile(const fs::path& root, const std::string& rel, const model::SnapshotAccess& access,
                         SourceText& text) {
  std::error_code ec;
  fs::path p = root / rel;
  if (!fs::exists(p, ec) && !fs::is_symlink(p, ec)) return {};
  text.add(rel, readFile(root, p, rel, access));
  return rel;
}

}  // namespace

model::Network loadSnapshot(const fs::path& root, const model::SnapshotAccess& access, unsigned threads) {
  model::Network net;
  SourceText text;
  net.devices = parseDevices(readConfigs(root, access, text, net.warnings), net.warnings, threads);
  for (const auto& d : net.devices) {
    auto refs = checkReferences(d, text);
    net.warnings.insert(net.warnings.end(), refs.begin(), refs.end());
  }
  semantics::acceptDynamicNeighbors(net);

  if (auto topo = readSideFile(root, "topology.json", access, text); !topo.empty()) {
    net.links = readTopologyJson(topo, text, net.devices, net.warnings);
    addLinksOutsideLayer1(topo, text, net.devices, net.links, net.warnings);
  } else if (auto l1 = readSideFile(root, "batfish/layer1_topology.json", access, text); !l1.empty()) {
    net.links = readBatfishLayer1(l1, text, net.devices, net.warnings);
    addLinksOutsideLayer1(l1, text, net.devices, net.links, net.warnings);
  } else {
    net.links = inferLinks(net.devices, text, net.warnings);
  }

  if (auto ext = readSideFile(root, "external.json", access, text); !ext.empty())
    net.externals = readExternalAnnouncements(ext, text, net.devices, net.warnings);
  if (auto isp = readSideFile(root, "batfish/isp_config.json", access, text); !isp.empty()) {
    auto ispRoutes = readIspConfiguration(isp, text, net.devices, net.warnings);
    net.externals.insert(net.externals.end(), ispRoutes.begin(), ispRoutes.end());
  }

  std::stable_sort(net.warnings.begin(), net.warnings.end(),
                   [](const model::ParseWarning& a, const model::ParseWarning& b) {
                     return std::tie(a.file, a.line) < std::tie(b.file, b.line);
                   });
  return net;
}

}  // namespace routefix::parser
