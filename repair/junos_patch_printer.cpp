#include "repair/junos_patch_printer.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "repair/junos_statement_placer.h"
#include "semantics/config_rules.h"

namespace routefix::repair {

namespace {

using symsim::KnobKind;

// The word without Junos' statement terminator.
std::string bare(const std::string& word) {
  return !word.empty() && word.back() == ';' ? word.substr(0, word.size() - 1) : word;
}

// Replaces the word at `index`, keeping a trailing ';' if it had one.
std::string replaceKeepingTerminator(const std::string& line, const std::vector<std::string>& words,
                                     size_t index, const std::string& word) {
  bool terminated = !words[index].empty() && words[index].back() == ';';
  return replaceWord(line, index, word + (terminated ? ";" : ""));
}

std::string where(const model::SourceSpan& span) { return span.file + ":" + std::to_string(span.first_line); }

std::string joinWords(const std::vector<std::string>& words, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to && i < words.size(); ++i) out += (out.empty() ? "" : " ") + words[i];
  return out;
}

// The device's configuration file (Junos devices are read from one file).
std::string configFile(const model::Device& d) { return d.files.empty() ? std::string() : d.files.front(); }

// A statement line that came from a `groups` stanza applies to everything the group's
// wildcard matches; rewriting it would change more than the knob.
bool fromGroup(JunosStatementPlacer& placer, int line) {
  auto path = placer.pathWords(line);
  return !path.empty() && path.front() == "groups";
}

bool within(const model::SourceSpan& inner, const model::SourceSpan& outer) {
  return inner.known() && outer.known() && inner.file == outer.file && inner.first_line >= outer.first_line &&
         inner.first_line <= std::max(outer.first_line, outer.last_line);
}

// The route-filter (or prefix-list) match-type words after a prefix: `exact`, `orlonger`,
// `longer`, `upto /N`, `prefix-length-range /A-/B`, `through P`.
size_t matchTypeWords(const std::vector<std::string>& words, size_t at) {
  if (at >= words.size()) return 0;
  std::string w = bare(words[at]);
  if (w == "exact" || w == "orlonger" || w == "longer") return 1;
  if (w == "upto" || w == "prefix-length-range" || w == "through") return 2;
  return 0;
}

// The first BGP group of the file declared `type TYPE` (internal or external) and not in
// `skip`, also one whose neighbors were all deleted: the model lists neighbors only, but the
// group keeps its local-address and policies.
std::optional<std::string> groupOfType(JunosStatementPlacer& placer, ConfigEdits& edits, const std::string& type,
                                       const std::set<std::string>& skip = {}) {
  const auto& lines = edits.lines(placer.file());
  for (int n = 1; n <= static_cast<int>(lines.size()); ++n) {
    auto words = splitWords(lines[n - 1]);
    if (words.size() < 2 || bare(words.back()) != type || words[words.size() - 2] != "type") continue;
    auto path = placer.pathWords(n);
    if (path.size() < 3 || path[0] != "protocols" || path[1] != "bgp") continue;
    std::optional<std::string> group;
    if (placer.setForm() && path.size() >= 4 && path[2] == "group") group = path[3];
    if (!placer.setForm() && path[2].rfind("group ", 0) == 0) group = path[2].substr(6);
    if (group && !skip.count(*group)) return group;
  }
  return std::nullopt;
}

}  // namespace

bool JunosPatchPrinter::apply(const model::Device& d, const symsim::Knob& k, int64_t value, std::string& why) {
  switch (k.kind) {
    case KnobKind::ClauseAction: return termAction(d, k, value != 0, why);
    case KnobKind::SetValue: return setValue(d, k, value, why);
    case KnobKind::PrependCount: return prepend(d, k, value, why);
    case KnobKind::PrefixListEntryMatch: return prefixListEntry(d, k, why);
    case KnobKind::PrefixListAddPermit: return prefixListAdd(d, k, why);
    case KnobKind::OspfCost: return ospfCost(d, k, value, why);
    case KnobKind::RouteReflectorClient: return reflectorClient(d, k, value != 0, why);
    case KnobKind::NetworkStatement: return originate(d, k, value != 0, why);
    case KnobKind::StaticRoute:
      if (!value) break;
      // Junos's Null0: `discard` drops silently, as IOS's Null0 does (`reject` sends ICMP).
      return JunosStatementPlacer(edits_, configFile(d))
          .add({"routing-options", "static"}, {"route " + k.prefix.str() + " discard"}, why);
    case KnobKind::PrefixListEntryAction:
      // Junos prefix-list entries and route-filters have no action of their own.
      why = "a Junos prefix-list entry or route-filter has no permit/deny of its own";
      return false;
    default: break;
  }
  why = "no Junos patch printer for " + symsim::knobKindName(k.kind);
  return false;
}

// The term's `then accept` / `then reject` line, which the parser recorded.
bool JunosPatchPrinter::termAction(const model::Device& d, const symsim::Knob& k, bool accept,
                                   std::string& why) {
  const auto& clause = d.route_policies.at(k.policy).clauses[k.clause];
  const auto& span = clause.action_span;
  std::string line = edits_.line(span.file, span.first_line);
  auto words = splitWords(line);
  auto action = std::find_if(words.rbegin(), words.rend(), [](const std::string& w) {
    return bare(w) == "accept" || bare(w) == "reject";
  });
  if (!span.known() || action == words.rend()) {
    why = "no accept/reject action in term " + clause.name + " of " + k.policy;
    return false;
  }
  size_t index = static_cast<size_t>(words.rend() - action) - 1;
  edits_.replace(span.file, span.first_line, replaceKeepingTerminator(line, words, index, accept ? "accept" : "reject"));
  return true;
}

bool JunosPatchPrinter::setValue(const model::Device& d, const symsim::Knob& k, int64_t value, std::string& why) {
  const auto& set = d.route_policies.at(k.policy).clauses[k.clause].sets[k.set_index];
  std::string line = edits_.line(set.span.file, set.span.first_line);
  auto words = splitWords(line);
  auto keyword = std::find_if(words.begin(), words.end(), [](const std::string& w) {
    return w == "local-preference" || w == "metric";
  });
  if (keyword == words.end() || keyword + 1 == words.end() || bare(*(keyword + 1)).empty()) {
    why = "value statement not found at " + where(set.span);
    return false;
  }
  size_t index = static_cast<size_t>(keyword - words.begin()) + 1;
  // `metric add 5` / `local-preference subtract 5`: the value follows the operator.
  if (bare(words[index]) == "add" || bare(words[index]) == "subtract") ++index;
  if (index >= words.size()) {
    why = "value statement not found at " + where(set.span);
    return false;
  }
  edits_.replace(set.span.file, set.span.first_line,
                 replaceKeepingTerminator(line, words, index, std::to_string(value)));
  return true;
}

bool JunosPatchPrinter::prepend(const model::Device& d, const symsim::Knob& k, int64_t count, std::string& why) {
  const auto& set = d.route_policies.at(k.policy).clauses[k.clause].sets[k.set_index];
  std::string line = edits_.line(set.span.file, set.span.first_line);
  size_t at = line.find("as-path-prepend");
  if (at == std::string::npos) {
    why = "as-path-prepend not found at " + where(set.span);
    return false;
  }
  if (count == 0) {
    edits_.remove(set.span.file, set.span.first_line);
    return true;
  }
  uint32_t asn = set.asns.empty() ? d.bgp->asn : set.asns.front();
  std::string list;
  for (int64_t i = 0; i < count; ++i) list += (i ? " " : "") + std::to_string(asn);
  bool terminated = line.find(';', at) != std::string::npos;
  edits_.replace(set.span.file, set.span.first_line,
                 line.substr(0, at) + "as-path-prepend \"" + list + "\"" + (terminated ? ";" : ""));
  return true;
}

}  // namespace routefix::repair

namespace routefix::repair {

bool JunosPatchPrinter::rewriteValue(const model::SourceSpan& span, const std::string& keyword,
                                     const std::string& value, std::string& why) {
  std::string line = edits_.line(span.file, span.first_line);
  auto words = splitWords(line);
  auto at = std::find_if(words.begin(), words.end(), [&](const std::string& w) { return bare(w) == keyword; });
  if (at == words.end() || at + 1 == words.end()) {
    why = keyword + " statement not found at " + where(span);
    return false;
  }
  size_t index = static_cast<size_t>(at - words.begin()) + 1;
  edits_.replace(span.file, span.first_line, replaceKeepingTerminator(line, words, index, value));
  return true;
}

namespace {

// The prefix type `P` (model::Prefix, model::IpPrefix) read from a word of the config.
template <typename P>
std::optional<P> parsePrefix(const std::string& word) {
  return P::parse(bare(word));
}

// A prefix-list entry (`10.33.0.0/24;`) or route-filter (`route-filter 10.33.0.0/24 exact;`)
// of either family (`Entry` holds a `P`) rewritten to cover `p`. The length and match type
// stay when the prefix fits them (a typo in the address bits); otherwise the entry becomes an
// exact match of the prefix.
template <typename Entry, typename P>
bool rewriteEntry(ConfigEdits& edits, const Entry& entry, const P& p, uint8_t maxLength, std::string& why) {
  std::string line = edits.line(entry.span.file, entry.span.first_line);
  auto words = splitWords(line);
  size_t at = 0;
  while (at < words.size() && !(parsePrefix<P>(words[at]) && *parsePrefix<P>(words[at]) == entry.prefix)) ++at;
  if (at == words.size()) {
    why = "prefix " + entry.prefix.str() + " not found at " + where(entry.span);
    return false;
  }
  uint8_t lo = entry.ge ? *entry.ge : entry.prefix.length;
  uint8_t hi = entry.le ? *entry.le : (entry.ge ? maxLength : entry.prefix.length);
  if (entry.prefix.length <= p.length && p.length >= lo && p.length <= hi) {
    edits.replace(entry.span.file, entry.span.first_line,
                  replaceKeepingTerminator(line, words, at, P(p.address, entry.prefix.length).str()));
    return true;
  }
  bool routeFilter = at > 0 && words[at - 1] == "route-filter";
  size_t typeWords = matchTypeWords(words, at + 1);
  bool terminated = !words.back().empty() && words.back().back() == ';';
  std::string rest = joinWords(words, at + 1 + typeWords, words.size());
  if (!rest.empty() && bare(rest).empty()) rest.clear();
  std::string text = indentOf(line) + joinWords(words, 0, at) + (at ? " " : "") + p.str() +
                     (routeFilter ? " exact" : "") + (rest.empty() || rest == ";" ? "" : " " + bare(rest));
  edits.replace(entry.span.file, entry.span.first_line, text + (terminated ? ";" : ""));
  return true;
}

}  // namespace

bool JunosPatchPrinter::prefixListEntry(const model::Device& d, const symsim::Knob& k, std::string& why) {
  if (k.ipv6)
    return rewriteEntry(edits_, d.ipv6_prefix_lists.at(k.list).entries[k.entry], k.ip_prefix,
                        model::maxPrefixLength(k.ip_prefix.family()), why);
  return rewriteEntry(edits_, d.prefix_lists.at(k.list).entries[k.entry], k.prefix, 32, why);
}

// A new prefix in the list the policy names. The parser's derived lists say where they come
// from: `L~orlonger` is prefix-list L seen through prefix-list-filter, `P/t/route-filter` the
// route-filters of term t of policy-statement P.
bool JunosPatchPrinter::prefixListAdd(const model::Device& d, const symsim::Knob& k, std::string& why) {
  JunosStatementPlacer placer(edits_, configFile(d));
  std::string name = k.list.substr(0, k.list.find('~'));
  size_t slash = name.find('/');
  if (slash == std::string::npos)
    return placer.add({"policy-options", "prefix-list " + name}, {k.prefixText()}, why);
  size_t second = name.find('/', slash + 1);
  if (second == std::string::npos || name.compare(second + 1, 12, "route-filter") != 0 ||
      name.size() != second + 13) {
    why = "route-filters of " + k.list + " carry their own actions; a new one would need one too";
    return false;
  }
  // Longest match: an exact filter for the prefix wins over the shorter ones that missed it.
  return placer.add({"policy-options", "policy-statement " + name.substr(0, slash),
                     "term " + name.substr(slash + 1, second - slash - 1), "from"},
                    {"route-filter " + k.prefixText() + " exact"}, why);
}

bool JunosPatchPrinter::ospfCost(const model::Device& d, const symsim::Knob& k, int64_t cost, std::string& why) {
  const model::Interface* i = d.findInterface(k.interface);
  if (!i || !i->ospf_area) {
    why = "interface " + k.interface + " of " + d.name + " is not in an OSPF area";
    return false;
  }
  JunosStatementPlacer placer(edits_, configFile(d));
  const auto& span = i->ospf_cost_span;
  if (span.known() && span.file == placer.file() && !fromGroup(placer, span.first_line))
    return rewriteValue(span, "metric", std::to_string(cost), why);
  // No metric of its own (or one inherited from a group): the interface's own statement
  // overrides the group's.
  return placer.add({"protocols", "ospf", "area " + dottedQuad(*i->ospf_area), "interface " + i->name},
                    {"metric " + std::to_string(cost)}, why);
}

// Junos makes a neighbor a route-reflector client by giving it (or its group) a `cluster`.
bool JunosPatchPrinter::reflectorClient(const model::Device& d, const symsim::Knob& k, bool client,
                                        std::string& why) {
  const auto& side = sessions_[k.session].side(d.name);
  if (!side.neighbor) {
    why = d.name + " has no neighbor statement for " + k.peer_node;
    return false;
  }
  const auto& n = d.bgp->neighbors[*side.neighbor];
  JunosStatementPlacer placer(edits_, configFile(d));
  if (client) {
    auto id = d.bgp->cluster_id ? d.bgp->cluster_id : d.bgp->router_id;
    if (!id) {
      why = d.name + " has no router-id to use as cluster id";
      return false;
    }
    return placer.add({"protocols", "bgp", "group " + n.peer_group, "neighbor " + n.id}, {"cluster " + id->str()},
                      why);
  }
  auto span = n.statement_spans.find("cluster");
  size_t inGroup = std::count_if(d.bgp->neighbors.begin(), d.bgp->neighbors.end(),
                                 [&](const model::BgpNeighbor& o) { return o.peer_group == n.peer_group; });
  if (span == n.statement_spans.end() || (!within(span->second, n.span) && inGroup > 1)) {
    why = "the cluster of " + n.id + " on " + d.name + " is its group's, shared with other neighbors";
    return false;
  }
  edits_.remove(span->second.file, span->second.first_line);
  return true;
}

// A `network` statement's Junos equivalent: a first term in the export policy the BGP
// neighbors use, accepting the prefix from the protocol that holds it. First, so no later
// term of the policy rejects it before it is reached.
bool JunosPatchPrinter::originate(const model::Device& d, const symsim::Knob& k, bool present, std::string& why) {
  if (!present) {
    why = "withdrawing " + k.prefix.str() + " on Junos needs a reject term (not written)";
    return false;
  }
  std::map<std::string, int> users;
  for (const auto& n : d.bgp->neighbors)
    if (!n.export_policies.empty()) ++users[n.export_policies.front()];
  if (users.empty()) {
    why = "no BGP export policy on " + d.name + " to add a term for " + k.prefix.str() + " to";
    return false;
  }
  std::string policy = std::max_element(users.begin(), users.end(), [](const auto& a, const auto& b) {
                         return a.second < b.second;
                       })->first;
  bool connected = std::any_of(d.interfaces.begin(), d.interfaces.end(), [&](const model::Interface& i) {
    return i.address && !i.shutdown && i.address->subnet() == k.prefix;
  });
  JunosStatementPlacer placer(edits_, configFile(d));
  // A term that accepts the routes of a prefix-list (`from prefix-list CUSTOMER`, and at most
  // the matching protocol) announces what the list holds: the prefix joins the list, one line
  // where the operator keeps them.
  auto source = connected ? model::RouteSource::Connected : model::RouteSource::Static;
  for (const auto& clause : d.route_policies.at(policy).clauses) {
    if (clause.action != model::ClauseAction::Permit) continue;
    const model::PolicyMatch* list = nullptr;
    bool other = false;
    for (const auto& m : clause.matches) {
      if (m.kind == model::PolicyMatch::Kind::PrefixList && m.names.size() == 1 && !list) list = &m;
      else if (m.kind != model::PolicyMatch::Kind::SourceProtocol || !m.matchesProtocol(source)) other = true;
    }
    // Derived lists (route-filters, `prefix-list-filter`) carry '/' or '~' in their names.
    if (!list || other || list->names[0].find_first_of("/~") != std::string::npos) continue;
    return placer.add({"policy-options", "prefix-list " + list->names[0]}, {k.prefix.str()}, why);
  }
  std::string name = k.prefix.str();
  std::replace(name.begin(), name.end(), '/', '-');
  return placer.addFirstBlock({"policy-options", "policy-statement " + policy}, "term originate-" + name,
                              {std::string("from protocol ") + (connected ? "direct" : "static"),
                               "from route-filter " + k.prefix.str() + " exact", "then accept"},
                              why);
}

bool JunosPatchPrinter::fixSessionSide(const model::Device& d, const symsim::SessionSide& side,
                                       const symsim::SessionSide& peer, bool ebgp, std::string& why) {
  const model::Device* peerDevice = network_.findDevice(peer.node);
  std::string peerAs = std::to_string(peerDevice->bgp->asn);
  JunosStatementPlacer placer(edits_, configFile(d));
  if (!side.neighbor) {
    // Join a group of the same kind: for iBGP any internal group (local-address and
    // policies come with it), for eBGP one whose peer-as is the peer's.
    for (const auto& n : d.bgp->neighbors) {
      bool internal = n.remote_as_internal;
      if (ebgp == internal || (ebgp && (!n.remote_as || std::to_string(*n.remote_as) != peerAs))) continue;
      auto peerAsSpan = n.statement_spans.find("peer-as");
      bool groupLevel = !ebgp || (peerAsSpan != n.statement_spans.end() && !within(peerAsSpan->second, n.span));
      if (groupLevel) return placer.add({"protocols", "bgp", "group " + n.peer_group}, {"neighbor " + peer.address.str()}, why);
      return placer.add({"protocols", "bgp", "group " + n.peer_group, "neighbor " + peer.address.str()},
                        {"peer-as " + peerAs}, why);
    }
    if (!ebgp)
      if (auto group = groupOfType(placer, edits_, "internal"))
        return placer.add({"protocols", "bgp", "group " + *group}, {"neighbor " + peer.address.str()}, why);
    // An external group left without neighbors: most likely the one the session was deleted
    // from, and it holds what its neighbors share.
    std::set<std::string> peopled;
    for (const auto& n : d.bgp->neighbors) peopled.insert(n.peer_group);
    if (ebgp)
      if (auto group = groupOfType(placer, edits_, "external", peopled))
        return placer.add({"protocols", "bgp", "group " + *group, "neighbor " + peer.address.str()},
                          {"peer-as " + peerAs}, why);
    // An external group whose neighbors each name their peer-as (one group for several
    // peer ASes): the new neighbor joins it configured like the device's other eBGP neighbor,
    // as the IOS and FRR printers copy that neighbor's lines; what its block does not say
    // (policies written for the whole group) it inherits there too.
    if (ebgp)
      if (const auto* tmpl = semantics::sessionTemplate(*d.bgp, true); tmpl && !tmpl->peer_group.empty()) {
        auto written = [&](const char* key) {
          auto span = tmpl->statement_spans.find(key);
          return span != tmpl->statement_spans.end() && within(span->second, tmpl->span);
        };
        if (written("peer-as")) {
          std::vector<std::string> statements{"peer-as " + peerAs};
          auto chain = [&](const char* key, const std::vector<std::string>& policies) {
            if (!written(key) || policies.empty()) return;
            std::string list = policies.front();
            if (policies.size() > 1) {
              list = "[";
              for (const auto& p : policies) list += " " + p;
              list += " ]";
            }
            statements.push_back(std::string(key) + " " + list);
          };
          chain("import", tmpl->import_policies);
          chain("export", tmpl->export_policies);
          return placer.add({"protocols", "bgp", "group " + tmpl->peer_group, "neighbor " + peer.address.str()},
                            statements, why);
        }
      }
    // A new group, with the policies of the device's other groups of the same kind.
    std::vector<std::string> statements{ebgp ? "type external" : "type internal"};
    if (ebgp) statements.push_back("peer-as " + peerAs);
    for (const auto& n : d.bgp->neighbors) {
      if (n.remote_as_internal == ebgp) continue;
      for (const auto& p : n.import_policies) statements.push_back("import " + p);
      for (const auto& p : n.export_policies) statements.push_back("export " + p);
      if (!ebgp && !n.update_source.empty()) statements.push_back("local-address " + n.update_source);
      break;
    }
    statements.push_back("neighbor " + peer.address.str());
    std::string group = peer.node;
    std::transform(group.begin(), group.end(), group.begin(), ::toupper);
    if (placer.hasBlock({"protocols", "bgp", "group " + group})) group += "-" + peerAs;
    return placer.add({"protocols", "bgp", "group " + group}, statements, why);
  }
  const auto& n = d.bgp->neighbors[*side.neighbor];
  if (!side.remote_as_ok) {
    if (n.remote_as_internal) {
      why = n.id + " on " + d.name + " is in internal group " + n.peer_group + " but the peer is in AS " + peerAs;
      return false;
    }
    auto span = n.statement_spans.find("peer-as");
    size_t inGroup = std::count_if(d.bgp->neighbors.begin(), d.bgp->neighbors.end(),
                                   [&](const model::BgpNeighbor& o) { return o.peer_group == n.peer_group; });
    if (span != n.statement_spans.end() && (within(span->second, n.span) || inGroup == 1) &&
        !fromGroup(placer, span->second.first_line))
      return rewriteValue(span->second, "peer-as", peerAs, why);
    // The group's peer-as serves other neighbors too: this neighbor gets its own.
    return placer.add({"protocols", "bgp", "group " + n.peer_group, "neighbor " + n.id}, {"peer-as " + peerAs}, why);
  }
  if (side.shutdown || !side.activated) {
    why = n.id + " on " + d.name + (side.shutdown ? " is disabled" : " has no family inet unicast") +
          " (no Junos printer for that)";
    return false;
  }
  return true;
}

}  // namespace routefix::repair
