// PatchPrinter's edits inside a BGP address family: the IPv6 unicast family (FRR
// `address-family ipv6 unicast`, IOS/EOS `address-family ipv6`), where `activate` and `network`
// lines are the IPv6 counterparts of the IPv4 family's, and a VRF's IPv4 family (IOS
// `address-family ipv4 vrf X` in `router bgp`, FRR `address-family ipv4 unicast` in `router
// bgp N vrf X`), where a neighbor needs `activate` as in the default VRF.
#include "repair/patch_printer.h"

#include <algorithm>

namespace routefix::repair {

namespace {

bool isIpv6FamilyHeader(const std::vector<std::string>& w) {
  return w.size() >= 2 && w[0] == "address-family" && w[1] == "ipv6" &&
         std::find(w.begin(), w.end(), "vrf") == w.end();
}

}  // namespace

bool PatchPrinter::addToFamily(const Block& b, const FamilyPlace& place, const std::string& line, std::string& why) {
  int header = 0, last = 0;  // the family's header and the last line of its block
  for (int l = b.first + 1; l <= b.last; ++l) {
    auto w = splitWords(edits_.line(b.file, l));
    if (!header) {
      if (place.isHeader(w)) header = last = l;
      continue;
    }
    if (!w.empty() && (w[0] == "exit-address-family" || w[0] == "address-family" || w[0] == "exit")) break;
    if (!w.empty() && w[0] != "!") last = l;
  }
  if (!header) {
    if (place.newHeader.empty()) {
      why = "the address family's block not found";
      return false;
    }
    // No such family yet: one at the end of the BGP block.
    std::string indent = indentOf(edits_.line(b.file, b.first + 1));
    if (indent.empty()) indent = " ";
    edits_.insertAfter(b.file, b.last, indent + place.newHeader);
    edits_.insertAfter(b.file, b.last, indent + " " + line);
    edits_.insertAfter(b.file, b.last, indent + "exit-address-family");
    return true;
  }
  int at = header;
  std::string indent = indentOf(edits_.line(b.file, header)) + " ";
  bool placed = false;
  for (int l = header + 1; l <= last; ++l) {
    auto w = splitWords(edits_.line(b.file, l));
    if (w.empty() || w[0] == "!") continue;
    indent = indentOf(edits_.line(b.file, l));
    bool companion = !place.companion.empty() && w.size() >= 2 && w[0] + " " + w[1] == place.companion;
    if (companion && !place.afterCompanion) {
      at = l - 1;  // first among the lines it goes with
      break;
    }
    if (companion) {
      at = l;
      placed = true;
    } else if (!placed && w[0] == place.after) {
      at = l;
    }
  }
  edits_.insertAfter(b.file, at, indent + line);
  return true;
}

bool PatchPrinter::activateIpv6(const model::Device& d, const symsim::Knob& k, std::string& why) {
  Block b = bgpBlock(d);
  if (!b.first) {
    why = "router bgp block of " + d.name + " not found";
    return false;
  }
  const std::string id = d.bgp->neighbors.at(k.neighbor).id;
  FamilyPlace place{isIpv6FamilyHeader, ipv6FamilyHeader(d), "neighbor", "neighbor " + id, false};
  return addToFamily(b, place, "neighbor " + id + " activate", why);
}

bool PatchPrinter::ipv6Network(const model::Device& d, const symsim::Knob& k, bool present, std::string& why) {
  if (!present) {
    edits_.remove(k.span.file, k.span.first_line);
    return true;
  }
  Block b = bgpBlock(d);
  if (!b.first) {
    why = "router bgp block of " + d.name + " not found";
    return false;
  }
  FamilyPlace place{isIpv6FamilyHeader, ipv6FamilyHeader(d), "network", "", false};
  return addToFamily(b, place, "network " + k.ip_prefix.str(), why);
}

std::string PatchPrinter::ipv6FamilyHeader(const model::Device& d) {
  return d.vendor == model::Vendor::Frr ? "address-family ipv6 unicast" : "address-family ipv6";
}

bool PatchPrinter::activateInVrf(const model::Device& d, const symsim::Knob& k, std::string& why) {
  const auto& vrf = d.vrfs.at(k.vrf);
  const std::string id = vrf.bgp->neighbors.at(k.neighbor).id;
  // After the neighbor's own lines there (IOS defines it inside the family: `remote-as` first).
  std::string line = "neighbor " + id + " activate";
  if (d.vendor == model::Vendor::Frr) {
    // `router bgp N vrf X`: a block of its own, with its own `address-family ipv4 unicast`.
    for (const auto& file : d.files) {
      const auto& lines = edits_.lines(file);
      for (size_t i = 0; i < lines.size(); ++i) {
        auto w = splitWords(lines[i]);
        if (w.size() != 5 || w[0] != "router" || w[1] != "bgp" || w[3] != "vrf" || w[4] != k.vrf) continue;
        size_t end = i + 1;
        while (end < lines.size() && (lines[end].empty() || lines[end][0] == ' ')) ++end;
        Block b{file, static_cast<int>(i + 1), static_cast<int>(end)};
        auto header = [](const std::vector<std::string>& h) {
          return h.size() >= 2 && h[0] == "address-family" && h[1] == "ipv4" &&
                 (h.size() == 2 || h[2] == "unicast");
        };
        return addToFamily(b, {header, "address-family ipv4 unicast", "neighbor", "neighbor " + id, true}, line, why);
      }
    }
    why = "router bgp ... vrf " + k.vrf + " of " + d.name + " not found";
    return false;
  }
  Block b = bgpBlock(d);
  if (!b.first) {
    why = "router bgp block of " + d.name + " not found";
    return false;
  }
  auto header = [&](const std::vector<std::string>& h) {
    return h.size() == 4 && h[0] == "address-family" && h[1] == "ipv4" && h[2] == "vrf" && h[3] == k.vrf;
  };
  return addToFamily(b, {header, "", "neighbor", "neighbor " + id, true}, line, why);
}

}  // namespace routefix::repair
