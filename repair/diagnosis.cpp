#include "repair/diagnosis.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <tuple>

#include "repair/config_edit.h"
#include "symsim/session_graph.h"

namespace routefix::repair {

namespace {

using symsim::KnobKind;

std::string deviceOfFile(const model::Network& network, const std::string& file) {
  for (const auto& d : network.devices)
    if (std::find(d.files.begin(), d.files.end(), file) != d.files.end()) return d.name;
  return {};
}

std::string trimmedLine(ConfigEdits& text, const std::string& file, int line) {
  std::string l = text.line(file, line);
  size_t a = l.find_first_not_of(" \t"), b = l.find_last_not_of(" \t");
  return a == std::string::npos ? std::string() : l.substr(a, b - a + 1);
}

// The block a statement written after `line` belongs to. Junos (braces): the innermost one,
// its header (after a closing brace, the block around the one that brace closes: a neighbor
// written after another neighbor's block is in their group). IOS
// style: the top-level section (`router bgp`, not `address-family`, as error_injection.py and
// the zoo corpus count a deleted line's block).
int enclosingHeader(ConfigEdits& text, const std::string& file, int line, bool braces) {
  if (!braces) {
    for (int n = line; n >= 1; --n) {
      std::string l = text.line(file, n);
      if (!l.empty() && !std::isspace(static_cast<unsigned char>(l[0])) && l[0] != '!') return n;
    }
    return line;
  }
  std::string at = trimmedLine(text, file, line);
  if (at != "}" && !at.empty() && at.back() == '{') return line;
  int depth = 1;  // find the brace that opens the block the line sits in (a `}` closes its own first)
  for (int n = line; n >= 1; --n) {
    std::string l = trimmedLine(text, file, n);
    depth += static_cast<int>(std::count(l.begin(), l.end(), '}')) - static_cast<int>(std::count(l.begin(), l.end(), '{'));
    if (depth <= 0) return n;
  }
  return line;
}

// Where a change lands: the knob's own line (for a statement that does not exist, the line of
// what it serves, such as the `network` a Null0 route anchors), else the BGP process; and
// where the patch writes it when that is elsewhere: the line it rewrites (a wrong peer-as
// below the `neighbor` line the session knob lives on), or the block it goes into (a Junos
// discard route into `static { }`, a lost eBGP neighbor beside the emptied external group).
// A top-level statement's place in the file says nothing, so it is left out.
std::vector<model::SourceSpan> anchors(const model::Network& network, ConfigEdits& text, const KnobEdit& edit) {
  const symsim::Knob& k = edit.knob;
  std::vector<model::SourceSpan> out;
  const auto& w = edit.written;
  std::optional<model::SourceSpan> written;
  if (!w.file.empty() && (!w.insertion || w.indented)) {
    int line = std::max(w.line, 1);
    if (w.insertion) {
      const auto* d = network.findDevice(deviceOfFile(network, w.file));
      line = enclosingHeader(text, w.file, line, d && d->vendor == model::Vendor::Junos);
    }
    written = model::SourceSpan{w.file, line, line};
  }
  const auto* d = network.findDevice(k.node);
  if (k.span.known()) out.push_back(k.span);
  else if (written) out.push_back(*written);
  else if (d && d->bgp && d->bgp->span.known()) out.push_back(d->bgp->span);
  else if (d) out.push_back(d->hostname_span);
  if (written && (written->file != out.front().file || written->first_line != out.front().first_line))
    out.push_back(*written);
  return out;
}

std::string why(const model::Network& network, const symsim::Knob& k, int64_t value) {
  std::string v = std::to_string(value);
  switch (k.kind) {
    case KnobKind::ClauseAction:
      return value ? "this clause denies a route the intent needs" : "this clause lets through a route the intent forbids";
    case KnobKind::PrefixListEntryMatch:
      return "this entry does not match " + k.prefixText() + ", so the list does not permit it";
    case KnobKind::PrefixListEntryAction:
      return value ? "this entry denies " + k.prefixText() : "this entry permits " + k.prefixText();
    case KnobKind::PrefixListAddPermit:
      return "no entry of prefix-list " + k.list + " permits " + k.prefixText();
    case KnobKind::SetValue:
      return "the value " + std::to_string(k.original) +
             " set here makes the router prefer a route that breaks the intent";
    case KnobKind::PrependCount:
      return "prepending " + std::to_string(k.original) + " times here steers the route choice";
    case KnobKind::NetworkStatement:
      return value ? k.prefixText() + " is never originated into BGP on " + k.node
                   : "this statement originates " + k.prefixText();
    case KnobKind::Redistribution:
      return "this redistribution originates the destination";
    case KnobKind::RouteReflectorClient:
      return value ? k.node + " does not reflect routes to or from " + k.peer_node +
                         " (not a route-reflector client)"
                   : k.node + " reflects routes to " + k.peer_node;
    case KnobKind::SessionUp: {
      auto sessions = symsim::discoverSessions(network);
      if (value && k.session < sessions.size()) return "BGP session down: " + sessions[k.session].problem();
      return "BGP session " + k.node + " - " + k.peer_node + " carries the route";
    }
    case KnobKind::OspfCost:
      return "OSPF cost " + std::to_string(k.original) + " steers the path";
    case KnobKind::OspfInterface:
      return "interface " + k.interface + " is not in OSPF, so no adjacency forms on it";
    case KnobKind::StaticRoute:
      return value ? k.prefix.str() + " is not in the RIB of " + k.node +
                         " (no static route to Null0 anchors it), so this statement announces nothing"
                   : "this static route anchors " + k.prefix.str();
    case KnobKind::FamilyActivate:
      return "the session with " + k.peer_node + (k.ipv6 ? " does not carry IPv6 routes: " : " is down: ") +
             k.node + " does not activate it in address-family " + (k.ipv6 ? "ipv6" : "ipv4 vrf " + k.vrf);
    case KnobKind::RouteTargetImport:
      return "vrf " + k.vrf + " on " + k.node + " does not import route target " + k.route_target +
             (k.replaces.empty() ? "" : " (it imports " + k.replaces + ", which no VRF exports)");
    case KnobKind::RouteTargetExport:
      return "vrf " + k.vrf + " on " + k.node + " does not export route target " + k.route_target +
             (k.replaces.empty() ? "" : " (it exports " + k.replaces + ", which no VRF imports)");
    case KnobKind::InterfaceVrf:
      return "interface " + k.interface + " routes in the wrong VRF (" + k.description + ")";
  }
  return k.description;
}

}  // namespace

std::vector<Finding> diagnose(const std::filesystem::path& snapshot, const model::Network& network,
                              const verify::VerifyReport& before, const RepairResult& repair) {
  ConfigEdits text(snapshot);
  auto lineText = [&](const std::string& file, int line) -> std::string {
    if (file.empty() || line <= 0) return {};
    try {
      auto l = text.line(file, line);
      auto start = l.find_first_not_of(" \t");
      return start == std::string::npos ? std::string() : l.substr(start);
    } catch (const std::exception&) {
      return {};
    }
  };
  std::vector<Finding> out;
  for (size_t i = 0; i < before.intents.size(); ++i) {
    const auto& report = before.intents[i];
    if (report.holds) continue;
    const std::string& name = report.intent.name;
    if (report.counterexample && report.counterexample->location.known()) {
      const auto& c = *report.counterexample;
      Finding f;
      f.intent = name;
      f.file = c.location.file;
      f.line = c.location.first_line;
      f.node = deviceOfFile(network, f.file);
      f.text = lineText(f.file, f.line);
      f.reason = c.reason;
      f.kind = "decision-point";
      out.push_back(f);
    }
    bool fixed = i < repair.after.size() && repair.after[i].holds && repair.verified;
    if (!fixed) continue;
    for (const auto& edit : repair.changes) {
      for (const auto& span : anchors(network, text, edit)) {
        Finding f;
        f.intent = name;
        f.node = edit.knob.node;
        f.file = span.file;
        f.line = span.first_line;
        f.text = lineText(f.file, f.line);
        f.reason = why(network, edit.knob, edit.value);
        f.kind = "minimal-change";
        f.change = edit.summary;
        out.push_back(f);
      }
    }
  }
  // One finding per (intent, line, reason); decision points first, as found.
  std::vector<Finding> unique;
  for (auto& f : out) {
    bool dup = std::any_of(unique.begin(), unique.end(), [&](const Finding& u) {
      return std::tie(u.intent, u.file, u.line, u.reason, u.kind) ==
             std::tie(f.intent, f.file, f.line, f.reason, f.kind);
    });
    if (!dup) unique.push_back(std::move(f));
  }
  return unique;
}

}  // namespace routefix::repair
