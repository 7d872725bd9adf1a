#include "repair/patch_printer.h"

#include <algorithm>

#include "repair/junos_patch_printer.h"
#include "semantics/config_rules.h"

namespace routefix::repair {

namespace {

using symsim::KnobKind;

std::string join(const std::vector<std::string>& words, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to && i < words.size(); ++i) out += (out.empty() ? "" : " ") + words[i];
  return out;
}

size_t wordIndex(const std::vector<std::string>& words, std::initializer_list<const char*> any) {
  for (size_t i = 0; i < words.size(); ++i)
    for (const char* w : any)
      if (words[i] == w) return i;
  return words.size();
}

// FRR, EOS and NX-OS write prefixes as A/len; IOS as an address and a mask.
bool writesSlashPrefixes(const model::Device& d) { return d.vendor != model::Vendor::Ios; }

std::string networkLine(const model::Device& d, const model::Prefix& p) {
  if (writesSlashPrefixes(d)) return "network " + p.str();
  return "network " + p.address.str() + " mask " + model::Ipv4{model::maskOf(p.length)}.str();
}

// The interface that has this address (primary or secondary).
const model::Interface* ownerOf(const model::Device& d, model::Ipv4 address) {
  for (const auto& i : d.interfaces) {
    if (i.address && i.address->address == address) return &i;
    for (const auto& a : i.secondary)
      if (a.address == address) return &i;
  }
  return nullptr;
}

}  // namespace

bool PatchPrinter::apply(const symsim::Knob& k, int64_t value, std::string& why) {
  const model::Device* d = network_.findDevice(k.node);
  if (!d) {
    why = "unknown device " + k.node;
    return false;
  }
  // Junos IPv6 changes: prefix-list entries and route-filters only (they are written as the
  // IPv4 ones are); the rest of the IPv6 and VRF knobs has no Junos printer yet.
  bool junosWritten = !k.ipv6 || k.kind == KnobKind::PrefixListEntryMatch || k.kind == KnobKind::PrefixListAddPermit;
  bool vrf = k.kind == KnobKind::FamilyActivate || k.kind == KnobKind::RouteTargetImport ||
             k.kind == KnobKind::RouteTargetExport || k.kind == KnobKind::InterfaceVrf;
  if (d->vendor == model::Vendor::Junos && (!junosWritten || vrf)) {
    why = "this IPv6 or VRF change is not written in Junos syntax yet";
    return false;
  }
  if (d->vendor == model::Vendor::Junos && k.kind != KnobKind::SessionUp)
    return JunosPatchPrinter(network_, sessions_, edits_).apply(*d, k, value, why);
  // NX-OS keeps each neighbor's settings in its own `neighbor X` block, which the
  // line-oriented neighbor edits below do not write.
  if (d->vendor == model::Vendor::Nxos &&
      (k.kind == KnobKind::SessionUp || k.kind == KnobKind::RouteReflectorClient)) {
    why = "NX-OS neighbor blocks are not written by the patch printer yet";
    return false;
  }
  switch (k.kind) {
    case KnobKind::ClauseAction: return clauseAction(*d, k, value != 0, why);
    case KnobKind::PrefixListEntryMatch:
    case KnobKind::PrefixListEntryAction: return prefixListEntry(*d, k, value, why);
    case KnobKind::PrefixListAddPermit: return prefixListAdd(*d, k, why);
    case KnobKind::SetValue: return setValue(*d, k, value, why);
    case KnobKind::PrependCount: return prepend(*d, k, value, why);
    case KnobKind::NetworkStatement:
      return k.ipv6 ? ipv6Network(*d, k, value != 0, why) : network(*d, k, value != 0, why);
    case KnobKind::Redistribution: return redistribution(*d, k, why);
    case KnobKind::RouteReflectorClient: return reflectorClient(*d, k, value != 0, why);
    case KnobKind::SessionUp: return session(k, value != 0, why);
    case KnobKind::OspfCost: return ospfCost(*d, k, value, why);
    case KnobKind::OspfInterface:
      if (value) return ospfInterface(*d, k, why);
      break;
    case KnobKind::StaticRoute:
      if (value) return nullRoute(*d, k, why);
      break;
    case KnobKind::FamilyActivate:
      if (value) return k.ipv6 ? activateIpv6(*d, k, why) : activateInVrf(*d, k, why);
      break;
    case KnobKind::RouteTargetImport:
    case KnobKind::RouteTargetExport:
      if (value) return routeTarget(*d, k, why);
      break;
    case KnobKind::InterfaceVrf:
      if (value) return interfaceVrf(*d, k, why);
      break;
  }
  why = "no printer for " + symsim::knobKindName(k.kind);
  return false;
}

bool PatchPrinter::clauseAction(const model::Device& d, const symsim::Knob& k, bool permit,
                                std::string& why) {
  const auto& span = d.route_policies.at(k.policy).clauses[k.clause].span;
  std::string line = edits_.line(span.file, span.first_line);
  auto words = splitWords(line);
  if (words.size() < 3 || words[0] != "route-map" || (words[2] != "permit" && words[2] != "deny")) {
    why = "route-map clause header not found at " + span.file + ":" + std::to_string(span.first_line);
    return false;
  }
  edits_.replace(span.file, span.first_line, replaceWord(line, 2, permit ? "permit" : "deny"));
  return true;
}

namespace {

// A prefix-list entry's change, for either family's lists (`Entry`: PrefixListEntry or
// IpPrefixListEntry; `P` the prefix type it holds).
template <typename Entry, typename P>
bool writeEntryChange(ConfigEdits& edits, const Entry& entry, const symsim::Knob& k, int64_t value, const P& p,
                      uint8_t maxLength, std::string& why) {
  std::string line = edits.line(entry.span.file, entry.span.first_line);
  auto words = splitWords(line);
  size_t action = wordIndex(words, {"permit", "deny"});
  if (action + 1 >= words.size() || words[action + 1].find('/') == std::string::npos) {
    why = "prefix-list entry not found at " + entry.span.file + ":" + std::to_string(entry.span.first_line);
    return false;
  }
  if (k.kind == KnobKind::PrefixListEntryAction) {
    edits.replace(entry.span.file, entry.span.first_line, replaceWord(line, action, value ? "permit" : "deny"));
    return true;
  }
  // Rewrite the entry to cover the prefix; keep its length and ge/le when the prefix fits
  // them (a typo in the address bits), else make it an exact match.
  uint8_t lo = entry.ge ? *entry.ge : entry.prefix.length;
  uint8_t hi = entry.le ? *entry.le : (entry.ge ? maxLength : entry.prefix.length);
  if (entry.prefix.length <= p.length && p.length >= lo && p.length <= hi) {
    P rewritten(p.address, entry.prefix.length);
    edits.replace(entry.span.file, entry.span.first_line, replaceWord(line, action + 1, rewritten.str()));
  } else {
    edits.replace(entry.span.file, entry.span.first_line, indentOf(line) + join(words, 0, action + 1) + " " + p.str());
  }
  return true;
}

// A new `permit` entry before entry k.entry of the list (after the last one when past the end).
template <typename List>
bool writeEntryAdd(ConfigEdits& edits, const List& list, const symsim::Knob& k, const std::string& keyword,
                   std::string& why) {
  if (list.entries.empty()) {
    why = "prefix-list " + k.list + " has no entries to place a new one by";
    return false;
  }
  uint32_t seq;
  bool before = k.entry < list.entries.size();
  const auto* anchor = before ? &list.entries[k.entry] : &list.entries.back();
  if (before) {
    uint32_t prev = k.entry > 0 ? list.entries[k.entry - 1].seq : 0;
    if (anchor->seq - prev < 2) {
      why = "no free sequence number before " + k.list + " seq " + std::to_string(anchor->seq);
      return false;
    }
    seq = prev + (anchor->seq - prev) / 2;
  } else {
    seq = anchor->seq + 5;
  }
  std::string ref = edits.line(anchor->span.file, anchor->span.first_line);
  // EOS block form (`ip prefix-list NAME` then `seq N ...` lines) or one-liners.
  bool block = !splitWords(ref).empty() && splitWords(ref)[0] == "seq";
  std::string text = indentOf(ref) + (block ? "" : keyword + " " + k.list + " ") + "seq " + std::to_string(seq) +
                     " permit " + k.prefixText();
  edits.insertAfter(anchor->span.file, anchor->span.first_line - (before ? 1 : 0), text);
  return true;
}

}  // namespace

bool PatchPrinter::prefixListEntry(const model::Device& d, const symsim::Knob& k, int64_t value,
                                   std::string& why) {
  if (k.ipv6)
    return writeEntryChange(edits_, d.ipv6_prefix_lists.at(k.list).entries[k.entry], k, value, k.ip_prefix,
                            model::maxPrefixLength(k.ip_prefix.family()), why);
  return writeEntryChange(edits_, d.prefix_lists.at(k.list).entries[k.entry], k, value, k.prefix, 32, why);
}

bool PatchPrinter::prefixListAdd(const model::Device& d, const symsim::Knob& k, std::string& why) {
  if (k.ipv6) return writeEntryAdd(edits_, d.ipv6_prefix_lists.at(k.list), k, "ipv6 prefix-list", why);
  return writeEntryAdd(edits_, d.prefix_lists.at(k.list), k, "ip prefix-list", why);
}

bool PatchPrinter::setValue(const model::Device& d, const symsim::Knob& k, int64_t value,
                            std::string& why) {
  const auto& set = d.route_policies.at(k.policy).clauses[k.clause].sets[k.set_index];
  std::string line = edits_.line(set.span.file, set.span.first_line);
  auto words = splitWords(line);
  if (words.size() < 3 || words[0] != "set") {
    why = "set statement not found at " + set.span.file + ":" + std::to_string(set.span.first_line);
    return false;
  }
  edits_.replace(set.span.file, set.span.first_line,
                 replaceWord(line, words.size() - 1, std::to_string(value)));
  return true;
}

bool PatchPrinter::prepend(const model::Device& d, const symsim::Knob& k, int64_t count,
                           std::string& why) {
  const auto& set = d.route_policies.at(k.policy).clauses[k.clause].sets[k.set_index];
  std::string line = edits_.line(set.span.file, set.span.first_line);
  auto words = splitWords(line);
  if (words.size() < 3 || words[0] != "set" || words[1] != "as-path") {
    why = "as-path prepend not found at " + set.span.file + ":" + std::to_string(set.span.first_line);
    return false;
  }
  if (count == 0) {
    edits_.remove(set.span.file, set.span.first_line);
    return true;
  }
  uint32_t asn = set.asns.empty() ? d.bgp->asn : set.asns.front();
  std::string text = indentOf(line) + "set as-path prepend";
  for (int64_t i = 0; i < count; ++i) text += " " + std::to_string(asn);
  edits_.replace(set.span.file, set.span.first_line, text);
  return true;
}

PatchPrinter::Block PatchPrinter::bgpBlock(const model::Device& d) {
  const auto& span = d.bgp->span;
  if (span.known()) return {span.file, span.first_line, span.last_line};
  for (const auto& file : d.files) {
    const auto& lines = edits_.lines(file);
    for (size_t i = 0; i < lines.size(); ++i) {
      if (splitWords(lines[i]).size() < 2 || splitWords(lines[i])[0] != "router" ||
          splitWords(lines[i])[1] != "bgp")
        continue;
      size_t end = i + 1;
      while (end < lines.size() && (lines[end].empty() || lines[end][0] == ' ')) ++end;
      return {file, static_cast<int>(i + 1), static_cast<int>(end)};
    }
  }
  return {};
}

int PatchPrinter::findBgpLine(const model::Device& d, const std::vector<std::string>& words, bool last) {
  Block b = bgpBlock(d);
  int found = 0;
  for (int l = b.first; l <= b.last && b.first > 0; ++l) {
    auto w = splitWords(edits_.line(b.file, l));
    if (w.size() < words.size() || !std::equal(words.begin(), words.end(), w.begin())) continue;
    found = l;
    if (!last) break;
  }
  return found;
}

namespace {

// `address-family ipv4 [unicast]`: the default VRF's IPv4 unicast family (not `ipv4 vrf X`,
// `ipv4 vpn`, `ipv4 multicast`).
bool isIpv4UnicastHeader(const std::vector<std::string>& w) {
  return w.size() >= 2 && w[0] == "address-family" && w[1] == "ipv4" && (w.size() == 2 || (w.size() == 3 && w[2] == "unicast"));
}

}  // namespace

int PatchPrinter::addressFamilyLine(const model::Device& d) {
  Block b = bgpBlock(d);
  for (int l = b.first; l <= b.last && b.first > 0; ++l)
    if (isIpv4UnicastHeader(splitWords(edits_.line(b.file, l)))) return l;
  return 0;
}

int PatchPrinter::lastIpv4NetworkLine(const model::Device& d) {
  Block b = bgpBlock(d);
  int found = 0;
  bool otherFamily = false;  // inside an address family other than IPv4 unicast
  for (int l = b.first; l <= b.last && b.first > 0; ++l) {
    auto w = splitWords(edits_.line(b.file, l));
    if (w.empty()) continue;
    if (w[0] == "address-family") otherFamily = !isIpv4UnicastHeader(w);
    else if (w[0] == "exit-address-family") otherFamily = false;
    else if (w[0] == "network" && !otherFamily) found = l;
  }
  return found;
}

bool PatchPrinter::network(const model::Device& d, const symsim::Knob& k, bool present,
                           std::string& why) {
  Block b = bgpBlock(d);
  if (!b.first) {
    why = "router bgp block of " + d.name + " not found";
    return false;
  }
  if (!present) {
    edits_.remove(k.span.file, k.span.first_line);
    return true;
  }
  int after = lastIpv4NetworkLine(d);
  std::string indent;
  if (after) {
    indent = indentOf(edits_.line(b.file, after));
  } else if (int af = addressFamilyLine(d)) {
    after = af;
    indent = indentOf(edits_.line(b.file, af)) + " ";
  } else {
    after = b.first;
    indent = " ";
  }
  edits_.insertAfter(b.file, after, indent + networkLine(d, k.prefix));
  return true;
}

// `ip route <prefix> Null0` after the router's last static route, else just above its BGP
// block: where the generated and usual configs keep the routes their `network` lines anchor.
bool PatchPrinter::nullRoute(const model::Device& d, const symsim::Knob& k, std::string& why) {
  Block b = bgpBlock(d);
  if (!b.first) {
    why = "router bgp block of " + d.name + " not found";
    return false;
  }
  int lastStatic = 0;
  for (const auto& s : d.static_routes)
    if (s.span.file == b.file && s.span.known() && s.span.first_line < b.first)
      lastStatic = std::max(lastStatic, s.span.last_line);
  int after = lastStatic ? lastStatic : b.first - 1;
  std::string prefix = writesSlashPrefixes(d)
                           ? k.prefix.str()
                           : k.prefix.address.str() + " " + model::Ipv4{model::maskOf(k.prefix.length)}.str();
  edits_.insertAfter(b.file, after, "ip route " + prefix + " Null0");
  return true;
}

bool PatchPrinter::redistribution(const model::Device&, const symsim::Knob& k, std::string&) {
  edits_.remove(k.span.file, k.span.first_line);
  return true;
}

bool PatchPrinter::reflectorClient(const model::Device& d, const symsim::Knob& k, bool client,
                                   std::string& why) {
  const auto& s = sessions_[k.session];
  const auto& side = s.side(d.name);
  Block b = bgpBlock(d);
  // A side with no statement yet gets one from the session knob, which copies its template's
  // lines (fixSessionSide): the client line then goes where the template's lines are.
  const model::BgpNeighbor* placeBy =
      side.neighbor ? &d.bgp->neighbors[*side.neighbor] : semantics::sessionTemplate(*d.bgp, s.ebgp);
  if (!placeBy || (!side.neighbor && (!client || !b.first))) {
    why = d.name + " has no neighbor statement for " + k.peer_node;
    return false;
  }
  const std::string id = side.neighbor ? placeBy->id : s.other(d.name).address.str();
  if (!client) {
    int line = findBgpLine(d, {"neighbor", id, "route-reflector-client"});
    if (!line) {
      why = "route-reflector-client of " + id + " on " + d.name + " comes from a peer-group";
      return false;
    }
    edits_.remove(b.file, line);
    return true;
  }
  int af = addressFamilyLine(d);
  int after = 0;
  for (int l = std::max(af, b.first); l <= b.last; ++l) {
    auto w = splitWords(edits_.line(b.file, l));
    if (w.size() >= 2 && w[0] == "neighbor" && w[1] == placeBy->id) after = l;
  }
  std::string indent = after ? indentOf(edits_.line(b.file, after))
                             : indentOf(edits_.line(b.file, af ? af : b.first)) + " ";
  if (!after) after = af ? af : b.first;
  edits_.insertAfter(b.file, after, indent + "neighbor " + id + " route-reflector-client");
  return true;
}

bool PatchPrinter::session(const symsim::Knob& k, bool up, std::string& why) {
  const auto& s = sessions_[k.session];
  if (!up) {
    const model::Device* d = network_.findDevice(k.node);
    const auto& side = s.side(d->name);
    if (!side.neighbor) {
      why = "session has no statement on " + d->name;
      return false;
    }
    const std::string& id = d->bgp->neighbors[*side.neighbor].id;
    int line = findBgpLine(*d, {"neighbor", id, "remote-as"});
    if (!line) {
      why = "remote-as line of " + id + " on " + d->name + " not found";
      return false;
    }
    std::string ref = edits_.line(bgpBlock(*d).file, line);
    edits_.insertAfter(bgpBlock(*d).file, line, indentOf(ref) + "neighbor " + id + " shutdown");
    return true;
  }
  for (const auto* side : {&s.a, &s.b}) {
    const model::Device* d = network_.findDevice(side->node);
    const auto& peer = side == &s.a ? s.b : s.a;
    bool fixed = d->vendor == model::Vendor::Junos
                     ? JunosPatchPrinter(network_, sessions_, edits_).fixSessionSide(*d, *side, peer, s.ebgp, why)
                     : fixSessionSide(*d, *side, peer, s.ebgp, why);
    if (!fixed) return false;
  }
  return s.refused.empty() || unrefuse(s, why);
}

bool PatchPrinter::unrefuse(const symsim::BgpSession& s, std::string& why) {
  for (const std::vector<std::string>& keywords : {std::vector<std::string>{"passive"}, {"local-role"},
                                                  {"passive", "local-role"}}) {
    for (const auto* side : {&s.a, &s.b}) {
      const model::Device* d = network_.findDevice(side->node);
      const model::Device* peer = network_.findDevice(s.other(side->node).node);
      const model::BgpNeighbor& n = d->bgp->neighbors[*side->neighbor];
      const model::BgpNeighbor& other = peer->bgp->neighbors[*s.other(side->node).neighbor];
      model::BgpNeighbor relaxed = n;
      std::vector<int> lines;
      for (const auto& keyword : keywords) {
        if (keyword == "passive") relaxed.passive = false;
        else relaxed.local_role = model::BgpRole::None;
        lines.push_back(findBgpLine(*d, {"neighbor", n.id, keyword}));
      }
      if (std::count(lines.begin(), lines.end(), 0) || !semantics::sessionRefusal(relaxed, other, s.ebgp).empty())
        continue;
      for (int line : lines) edits_.remove(bgpBlock(*d).file, line);
      return true;
    }
  }
  why = s.refused + " between " + s.a.node + " and " + s.b.node + " (set on a peer-group?)";
  return false;
}

bool PatchPrinter::fixSessionSide(const model::Device& d, const symsim::SessionSide& side,
                                  const symsim::SessionSide& peer, bool ebgp, std::string& why) {
  const model::Device* peerDevice = network_.findDevice(peer.node);
  std::string peerAs = std::to_string(peerDevice->bgp->asn);
  Block b = bgpBlock(d);
  if (!b.first) {
    why = "router bgp block of " + d.name + " not found";
    return false;
  }
  if (!side.neighbor) {
    // A peer-group for the peer's AS holds everything such a session needs (update-source,
    // next-hop-self, policies), so joining it is one line and what the operator removed.
    if (joinPeerGroup(d, b, peer.address.str(), peerAs, ebgp)) return true;
    // Otherwise configure it like the device's other sessions of the same kind: copy each of
    // that neighbor's lines (not its description) right after the original.
    const model::BgpNeighbor* tmpl = semantics::sessionTemplate(*d.bgp, ebgp);
    std::string addr = peer.address.str();
    bool wrote = false;
    if (tmpl) {
      for (int l = b.first; l <= b.last; ++l) {
        std::string text = edits_.line(b.file, l);
        auto w = splitWords(text);
        // Whether the new neighbor is a reflector client is its own knob (reflectorClient).
        if (w.size() < 3 || w[0] != "neighbor" || w[1] != tmpl->id || w[2] == "description" ||
            w[2] == "route-reflector-client")
          continue;
        std::string copy = replaceWord(text, 1, addr);
        if (w[2] == "remote-as") copy = replaceWord(copy, 3, peerAs);
        edits_.insertAfter(b.file, l, copy);
        wrote = true;
      }
    }
    if (!wrote) {
      int after = findBgpLine(d, {"neighbor"});
      int af = addressFamilyLine(d);
      if (!after || (af && after > af)) after = b.first;
      // The first session of its kind here: the peer addresses this side at side.address,
      // so the session is sourced from the interface holding it (a loopback, for iBGP to a
      // reflector) unless that is the interface facing the peer anyway.
      const model::Interface* source = ownerOf(d, side.address);
      bool facing = source && source == d.interfaceFor(peer.address);
      edits_.insertAfter(b.file, after, " neighbor " + addr + " remote-as " + peerAs);
      if (source && !facing)
        edits_.insertAfter(b.file, after, " neighbor " + addr + " update-source " + source->name);
    }
    return true;
  }
  const std::string& id = d.bgp->neighbors[*side.neighbor].id;
  if (!side.remote_as_ok) {
    int line = findBgpLine(d, {"neighbor", id, "remote-as"});
    if (!line) {
      why = "remote-as line of " + id + " on " + d.name + " not found (peer-group?)";
      return false;
    }
    edits_.replace(b.file, line, replaceWord(edits_.line(b.file, line), 3, peerAs));
  }
  if (side.shutdown) {
    int line = findBgpLine(d, {"neighbor", id, "shutdown"});
    if (!line) {
      why = "shutdown line of " + id + " on " + d.name + " not found";
      return false;
    }
    edits_.remove(b.file, line);
  }
  if (!side.activated) {
    int af = addressFamilyLine(d);
    if (!af) {
      why = "no address-family block on " + d.name + " to activate " + id + " in";
      return false;
    }
    edits_.insertAfter(b.file, af, indentOf(edits_.line(b.file, af)) + " neighbor " + id + " activate");
  }
  return true;
}

bool PatchPrinter::joinPeerGroup(const model::Device& d, const Block& b, const std::string& addr,
                                 const std::string& peerAs, bool ebgp) {
  // Group definitions and their session settings come before the address-family block.
  int af = addressFamilyLine(d);
  int end = af ? af - 1 : b.last;
  std::vector<std::pair<std::string, std::string>> groups;  // name, how the config joins one
  for (int l = b.first; l <= end; ++l) {
    auto w = splitWords(edits_.line(b.file, l));
    // `neighbor G peer-group`, EOS also `neighbor G peer group`.
    if ((w.size() == 3 && w[0] == "neighbor" && w[2] == "peer-group") ||
        (w.size() == 4 && w[0] == "neighbor" && w[2] == "peer" && w[3] == "group"))
      groups.emplace_back(w[1], w.size() == 3 ? " peer-group " : " peer group ");
  }
  for (const auto& [g, joins] : groups) {
    int lastLine = 0;
    bool sameAs = false;
    for (int l = b.first; l <= end; ++l) {
      std::string text = edits_.line(b.file, l);
      auto w = splitWords(text);
      if (w.size() < 3 || w[0] != "neighbor" || w[1] != g) continue;
      lastLine = l;
      if (w[2] == "remote-as" && w.size() == 4)
        sameAs = w[3] == peerAs || (w[3] == "internal" && !ebgp) || (w[3] == "external" && ebgp);
    }
    if (!sameAs) continue;
    std::string indent = indentOf(edits_.line(b.file, lastLine));
    edits_.insertAfter(b.file, lastLine, indent + "neighbor " + addr + joins + g);
    return true;
  }
  return false;
}

bool PatchPrinter::ospfCost(const model::Device& d, const symsim::Knob& k, int64_t cost,
                            std::string& why) {
  const model::Interface* i = d.findInterface(k.interface);
  if (!i || !i->span.known()) {
    why = "interface " + k.interface + " of " + d.name + " has no source lines";
    return false;
  }
  if (i->ospf_cost_span.known()) {
    const auto& span = i->ospf_cost_span;
    std::string line = edits_.line(span.file, span.first_line);
    edits_.replace(span.file, span.first_line,
                   replaceWord(line, splitWords(line).size() - 1, std::to_string(cost)));
    return true;
  }
  // A new line at the end of the interface block, indented like the block's other lines.
  int last = i->span.last_line > i->span.first_line ? i->span.last_line : i->span.first_line;
  std::string indent = last > i->span.first_line ? indentOf(edits_.line(i->span.file, last)) : " ";
  if (indent.empty()) indent = " ";
  edits_.insertAfter(i->span.file, last, indent + "ip ospf cost " + std::to_string(cost));
  return true;
}

bool PatchPrinter::ospfInterface(const model::Device& d, const symsim::Knob& k, std::string& why) {
  const model::Interface* i = d.findInterface(k.interface);
  if (!i || !i->address || !d.ospf) {
    why = "interface " + k.interface + " of " + d.name + " cannot join OSPF";
    return false;
  }
  // The area: the one the other end of the link uses, else the process's first network's.
  uint32_t area = d.ospf->networks.empty() ? 0 : d.ospf->networks.front().area;
  for (const auto& l : network_.links) {
    bool here = (l.a == d.name && l.a_interface == i->name) || (l.b == d.name && l.b_interface == i->name);
    if (!here) continue;
    const auto* peer = network_.findDevice(l.a == d.name ? l.b : l.a);
    const auto* pi = peer ? peer->findInterface(l.a == d.name ? l.b_interface : l.a_interface) : nullptr;
    if (pi)
      if (auto a = semantics::ospfArea(*peer, *pi)) area = *a;
  }
  model::Prefix subnet = i->address->subnet();
  const auto& span = d.ospf->span;
  if (d.ospf->networks.empty() || !span.known()) {
    // Interface-level style (FRR `ip ospf area`, or no network statements to follow).
    if (!i->span.known()) {
      why = "interface " + k.interface + " of " + d.name + " has no source lines";
      return false;
    }
    int last = std::max(i->span.first_line, i->span.last_line);
    std::string indent = last > i->span.first_line ? indentOf(edits_.line(i->span.file, last)) : " ";
    if (indent.empty()) indent = " ";
    std::string stmt = d.vendor == model::Vendor::Frr || d.vendor == model::Vendor::Eos
                           ? "ip ospf area "
                       : d.vendor == model::Vendor::Nxos
                           ? "ip router ospf " + std::to_string(d.ospf->process_id) + " area "
                           : "ip ospf " + std::to_string(d.ospf->process_id) + " area ";
    edits_.insertAfter(i->span.file, last, indent + stmt + std::to_string(area));
    return true;
  }
  int after = 0;
  std::string indent = " ";
  for (const auto& n : d.ospf->networks)
    if (n.span.known() && n.span.first_line > after) {
      after = n.span.first_line;
      indent = indentOf(edits_.line(n.span.file, after));
    }
  if (!after) after = span.first_line;
  std::string text = writesSlashPrefixes(d)
                         ? "network " + subnet.str() + " area " + std::to_string(area)
                         : "network " + subnet.address.str() + " " +
                               model::Ipv4{~model::maskOf(subnet.length)}.str() + " area " +
                               std::to_string(area);
  edits_.insertAfter(span.file, after, indent + text);
  return true;
}

}  // namespace routefix::repair
