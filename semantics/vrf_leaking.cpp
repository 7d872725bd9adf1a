#include "semantics/vrf_leaking.h"

#include <algorithm>

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

bool meet(const std::vector<model::TextCommunity>& a, const std::vector<model::TextCommunity>& b) {
  return std::any_of(a.begin(), a.end(), [&](const auto& c) { return std::binary_search(b.begin(), b.end(), c); });
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

// The VRF pairs of `exporter` and `importer` (one device, or two PEs) whose route targets meet,
// or whose exporter has an export map (which may add the importer's target to some routes).
// A VRF never imports its own routes.
std::vector<VrfLeak> byRouteTarget(const model::Device& exporterDevice, const model::Device& importerDevice) {
  std::vector<VrfLeak> out;
  for (const auto& [from, exporter] : exporterDevice.vrfs) {
    if (!exportsToVpn(exporterDevice.vendor, exporter)) continue;
    for (const auto& [to, importer] : importerDevice.vrfs) {
      if ((&exporterDevice == &importerDevice && from == to) || !importsFromVpn(importerDevice.vendor, importer))
        continue;
      VrfLeak leak{from, to, communities(exporter.export_targets), communities(importer.import_targets),
                   exporter.export_map ? exporter.export_map->name : "",
                   importer.import_map ? importer.import_map->name : ""};
      if (leak.import_targets.empty()) continue;
      if (leak.export_map.empty() && !meet(leak.export_targets, leak.import_targets)) continue;
      out.push_back(std::move(leak));
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
