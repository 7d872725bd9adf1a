// PatchPrinter's edits in BGP's IPv6 unicast family (FRR `address-family ipv6 unicast`,
// IOS/EOS `address-family ipv6`), the IPv6 counterparts of the IPv4 family's `activate` and
// `network` lines.
#include "repair/patch_printer.h"

#include <algorithm>

namespace routefix::repair {

namespace {

bool isIpv6FamilyHeader(const std::vector<std::string>& w) {
  return w.size() >= 2 && w[0] == "address-family" && w[1] == "ipv6" &&
         std::find(w.begin(), w.end(), "vrf") == w.end();
}

}  // namespace

bool PatchPrinter::addToIpv6Family(const model::Device& d, const std::string& after, const std::string& before,
                                   const std::string& line, std::string& why) {
  Block b = bgpBlock(d);
  if (!b.first) {
    why = "router bgp block of " + d.name + " not found";
    return false;
  }
  int header = 0, last = 0;  // the family's header and the last line of its block
  for (int l = b.first + 1; l <= b.last; ++l) {
    auto w = splitWords(edits_.line(b.file, l));
    if (!header) {
      if (isIpv6FamilyHeader(w)) header = last = l;
      continue;
    }
    if (!w.empty() && (w[0] == "exit-address-family" || w[0] == "address-family" || w[0] == "exit")) break;
    if (!w.empty() && w[0] != "!") last = l;
  }
  if (!header) {
    // No IPv6 family yet: one at the end of the BGP block, in the vendor's own words.
    std::string indent = indentOf(edits_.line(b.file, b.first + 1));
    if (indent.empty()) indent = " ";
    std::string family = d.vendor == model::Vendor::Frr ? "address-family ipv6 unicast" : "address-family ipv6";
    edits_.insertAfter(b.file, b.last, indent + family);
    edits_.insertAfter(b.file, b.last, indent + " " + line);
    edits_.insertAfter(b.file, b.last, indent + "exit-address-family");
    return true;
  }
  int at = header;
  std::string indent = indentOf(edits_.line(b.file, header)) + " ";
  for (int l = header + 1; l <= last; ++l) {
    auto w = splitWords(edits_.line(b.file, l));
    if (w.empty() || w[0] == "!") continue;
    indent = indentOf(edits_.line(b.file, l));
    if (!before.empty() && w.size() >= 2 && w[0] + " " + w[1] == before) {
      at = l - 1;  // first among the lines it goes with
      break;
    }
    if (w[0] == after) at = l;
  }
  edits_.insertAfter(b.file, at, indent + line);
  return true;
}

bool PatchPrinter::activateIpv6(const model::Device& d, const symsim::Knob& k, std::string& why) {
  const model::BgpNeighbor& n = d.bgp->neighbors.at(k.neighbor);
  return addToIpv6Family(d, "neighbor", "neighbor " + n.id, "neighbor " + n.id + " activate", why);
}

bool PatchPrinter::ipv6Network(const model::Device& d, const symsim::Knob& k, bool present, std::string& why) {
  if (!present) {
    edits_.remove(k.span.file, k.span.first_line);
    return true;
  }
  return addToIpv6Family(d, "network", "", "network " + k.ip_prefix.str(), why);
}

}  // namespace routefix::repair
