#include "semantics/vrf_leaking.h"

#include <algorithm>
#include <map>

namespace routefix::semantics {

model::TextCommunity routeTargetCommunity(const std::string& written) {
  std::string value = written.rfind("target:", 0) == 0 ? written.substr(7) : written;
  auto parsed = model::parseExtCommunities("rt " + value);
  return parsed && parsed->size() == 1 ? parsed->front() : model::TextCommunity();
}

namespace {

std::vector<model::TextCommunity> communities(const std::vector<model::RouteTarget>& targets) {
  std::vector<model::TextCommunity> out;
  for (const auto& t : targets)
    if (auto c = routeTargetCommunity(t.value); !c.empty()) out.push_back(c);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Whether a VRF's routes go to the VPN table / are taken from it: FRR only with `export vpn`
// / `import vpn` (bgp_mplsvpn.c vpn_leak_from_vrf_update checks the instance's export flag,
// vpn_leak_to_vrf_update its import flag), the IOS family and EOS whenever route targets
// say so. Junos (vrf-target) is not modelled.
bool exportsToVpn(model::Vendor vendor, const model::Vrf& v) {
  return vendor == model::Vendor::Frr ? v.export_vpn.has_value() : vendor != model::Vendor::Junos;
}
bool importsFromVpn(model::Vendor vendor, const model::Vrf& v) {
  return vendor == model::Vendor::Frr ? v.import_vpn.has_value() : vendor != model::Vendor::Junos;
}

// A device's VRFs with their targets read once: a PE pair compares every VRF of one with every
// VRF of the other, and reading targets is string work.
struct VrfTargets {
  const std::string* name;
  const model::Vrf* vrf;
  bool exports, imports;  // takes part in the VPN table at all (exportsToVpn / importsFromVpn)
  std::vector<model::TextCommunity> export_targets, import_targets;
};

std::vector<VrfTargets> targetsOf(const model::Device& d) {
  std::vector<VrfTargets> out;
  for (const auto& [name, vrf] : d.vrfs)
    out.push_back({&name, &vrf, exportsToVpn(d.vendor, vrf), importsFromVpn(d.vendor, vrf),
                   communities(vrf.export_targets), communities(vrf.import_targets)});
  return out;
}

// The VRF pairs of `exporter` and `importer` (one device, or two PEs) whose route targets meet,
// or whose exporter has an export map (which may add the importer's target to some routes).
// A VRF never imports its own routes. In the order of the exporter's VRFs, then the importer's.
std::vector<VrfLeak> byRouteTarget(const model::Device& exporterDevice, const model::Device& importerDevice) {
  const auto exporters = targetsOf(exporterDevice);
  const auto importers = &exporterDevice == &importerDevice ? exporters : targetsOf(importerDevice);
  // Importing VRFs by import target, each list in the importer's VRF order.
  std::map<model::TextCommunity, std::vector<size_t>> importersOf;
  for (size_t i = 0; i < importers.size(); ++i)
    if (importers[i].imports)
      for (const auto& t : importers[i].import_targets) importersOf[t].push_back(i);
  std::vector<VrfLeak> out;
  std::vector<size_t> takers;
  for (size_t e = 0; e < exporters.size(); ++e) {
    const auto& from = exporters[e];
    if (!from.exports) continue;
    takers.clear();
    if (from.vrf->export_map) {
      for (size_t i = 0; i < importers.size(); ++i)
        if (importers[i].imports && !importers[i].import_targets.empty()) takers.push_back(i);
    } else {
      for (const auto& t : from.export_targets)
        if (auto it = importersOf.find(t); it != importersOf.end()) takers.insert(takers.end(), it->second.begin(), it->second.end());
      std::sort(takers.begin(), takers.end());
      takers.erase(std::unique(takers.begin(), takers.end()), takers.end());
    }
    for (size_t i : takers) {
      const auto& to = importers[i];
      if (&exporterDevice == &importerDevice && i == e) continue;
      out.push_back({*from.name, *to.name, from.export_targets, to.import_targets,
                     from.vrf->export_map ? from.vrf->export_map->name : "",
                     to.vrf->import_map ? to.vrf->import_map->name : ""});
    }
  }
  return out;
}

// FRR: the instances' `import vrf` statements, the default VRF's first.
std::vector<VrfLeak> byImportVrf(const model::Device& d) {
  std::vector<VrfLeak> out;
  auto imports = [&](const std::string& to, const model::BgpProcess& bgp) {
    for (const auto& from : bgp.vrf_imports) {
      std::string source = from.name == "default" ? "" : from.name;
      if (source == to) continue;
      VrfLeak leak;
      leak.from = source;
      leak.to = to;
      if (bgp.vrf_import_map) leak.import_map = bgp.vrf_import_map->name;
      out.push_back(std::move(leak));
    }
  };
  if (d.bgp) imports("", *d.bgp);
  for (const auto& [name, vrf] : d.vrfs)
    if (vrf.bgp) imports(name, *vrf.bgp);
  return out;
}

}  // namespace

std::vector<VrfLeak> vrfLeaks(const model::Device& d) {
  switch (d.vendor) {
    case model::Vendor::Ios:
    case model::Vendor::Nxos:
    case model::Vendor::Eos: return byRouteTarget(d, d);
    case model::Vendor::Frr: return byImportVrf(d);
    case model::Vendor::Junos: return {};
  }
  return {};
}

bool vpnNextHopUsable(const model::Device& receivingPe) {
  return !receivingPe.defaults.bgp_vpn_import_needs_labels || receivingPe.label_distribution.has_value();
}

std::vector<VrfLeak> vpnLeaks(const model::Device& exporter, const model::Device& importer) {
  if (&exporter == &importer) return {};
  return byRouteTarget(exporter, importer);
}

}  // namespace routefix::semantics
