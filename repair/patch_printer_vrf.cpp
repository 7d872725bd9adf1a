// PatchPrinter's VRF edits: a route target added beside the VRF's others (IOS `route-target
// import X`, EOS `route-target import [vpn-ipv4] X`, FRR `rt vpn import X`) or rewritten in
// place, and an interface moved into another VRF (IOS `vrf forwarding` / `ip vrf forwarding`,
// EOS `vrf`, NX-OS `vrf member`, FRR `interface X vrf V`).
#include "repair/patch_printer.h"

#include <algorithm>

namespace routefix::repair {

namespace {

bool isTarget(const std::string& word) { return word.find(':') != std::string::npos; }

size_t directionWord(const std::vector<std::string>& w) {
  for (size_t i = 0; i < w.size(); ++i)
    if (w[i] == "import" || w[i] == "export" || w[i] == "both") return i;
  return w.size();
}

// Whether the device defines its VRFs the old IOS way (`ip vrf X`), whose interfaces join
// with `ip vrf forwarding`.
bool oldStyleVrfs(ConfigEdits& edits, const model::Device& d) {
  for (const auto& file : d.files)
    for (const auto& line : edits.lines(file)) {
      auto w = splitWords(line);
      if (w.size() == 3 && w[0] == "ip" && w[1] == "vrf" && indentOf(line).empty()) return true;
    }
  return false;
}

}  // namespace

bool PatchPrinter::routeTarget(const model::Device& d, const symsim::Knob& k, std::string& why) {
  const model::Vrf& v = d.vrfs.at(k.vrf);
  const std::string direction = k.kind == symsim::KnobKind::RouteTargetImport ? "import" : "export";
  if (!k.replaces.empty()) {
    std::string line = edits_.line(k.span.file, k.span.first_line);
    auto w = splitWords(line);
    size_t dir = directionWord(w);
    auto at = std::find(w.begin(), w.end(), k.replaces);
    if (dir == w.size() || w[dir] != direction || at == w.end()) {
      why = "route-target " + direction + " " + k.replaces + " not found alone at " + k.span.file + ":" +
            std::to_string(k.span.first_line);
      return false;
    }
    edits_.replace(k.span.file, k.span.first_line, replaceWord(line, at - w.begin(), k.route_target));
    return true;
  }
  // A new line after the VRF's last route-target line, in that line's words.
  const model::SourceSpan* last = nullptr;
  for (const auto* targets : {&v.import_targets, &v.export_targets})
    for (const auto& t : *targets)
      if (t.span.known() && (!last || t.span.first_line > last->first_line)) last = &t.span;
  if (!last) {
    why = "vrf " + k.vrf + " on " + d.name + " has no route-target line to write one by";
    return false;
  }
  std::string ref = edits_.line(last->file, last->first_line);
  auto w = splitWords(ref);
  size_t dir = directionWord(w);
  if (dir == w.size()) {
    why = "route-target line not understood at " + last->file + ":" + std::to_string(last->first_line);
    return false;
  }
  std::string text = indentOf(ref);
  for (size_t i = 0; i < dir; ++i) text += w[i] + " ";
  text += direction;
  for (size_t i = dir + 1; i < w.size(); ++i)
    if (!isTarget(w[i])) text += " " + w[i];  // EOS `vpn-ipv4`, `evpn`
  edits_.insertAfter(last->file, last->first_line, text + " " + k.route_target);
  return true;
}

bool PatchPrinter::interfaceVrf(const model::Device& d, const symsim::Knob& k, std::string& why) {
  const model::Interface* i = d.findInterface(k.interface);
  if (!i || !i->span.known()) {
    why = "interface " + k.interface + " of " + d.name + " has no source lines";
    return false;
  }
  const auto& span = i->span;
  std::string header = edits_.line(span.file, span.first_line);
  auto hw = splitWords(header);
  if (d.vendor == model::Vendor::Frr && hw.size() >= 2 && hw[0] == "interface") {
    // FRR names the VRF on the interface line itself.
    std::string text = indentOf(header) + "interface " + hw[1];
    if (!k.vrf.empty()) text += " vrf " + k.vrf;
    edits_.replace(span.file, span.first_line, text);
    return true;
  }
  for (int l = span.first_line + 1; l <= span.last_line; ++l) {
    std::string line = edits_.line(span.file, l);
    auto w = splitWords(line);
    bool vrfLine = (w.size() == 3 && w[0] == "vrf" && (w[1] == "forwarding" || w[1] == "member")) ||
                   (w.size() == 4 && w[0] == "ip" && w[1] == "vrf" && w[2] == "forwarding") ||
                   (w.size() == 2 && w[0] == "vrf");
    if (!vrfLine) continue;
    if (k.vrf.empty()) edits_.remove(span.file, l);
    else edits_.replace(span.file, l, replaceWord(line, w.size() - 1, k.vrf));
    return true;
  }
  if (k.vrf.empty()) {
    why = "the vrf statement of " + k.interface + " on " + d.name + " not found";
    return false;
  }
  // Above the interface's first address (else under its header): IOS drops the addresses
  // of an interface that changes VRF, so they must come after it.
  std::string stmt = d.vendor == model::Vendor::Eos    ? "vrf "
                     : d.vendor == model::Vendor::Nxos ? "vrf member "
                     : oldStyleVrfs(edits_, d)         ? "ip vrf forwarding "
                                                       : "vrf forwarding ";
  int after = span.first_line;
  std::string indent = span.last_line > span.first_line ? indentOf(edits_.line(span.file, span.first_line + 1)) : " ";
  for (int l = span.first_line + 1; l <= span.last_line; ++l) {
    auto w = splitWords(edits_.line(span.file, l));
    if (w.size() >= 2 && (w[0] == "ip" || w[0] == "ipv6") && w[1] == "address") {
      after = l - 1;
      indent = indentOf(edits_.line(span.file, l));
      break;
    }
  }
  if (indent.empty()) indent = " ";
  edits_.insertAfter(span.file, after, indent + stmt + k.vrf);
  return true;
}

}  // namespace routefix::repair
