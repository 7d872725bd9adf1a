// Prefix-lists, community-lists, AS-path lists, access-lists and route-maps.
#include <algorithm>
#include <map>
#include <optional>

#include "model/cisco_regex.h"
#include "parser/ios/config_values.h"
#include "parser/ios/config_walker.h"
#include "parser/ios/prefix_list_entries.h"

namespace routefix::parser::ios {

namespace {

model::Action actionOf(IosParser::ActionContext* ctx) {
  return ctx->PERMIT() ? model::Action::Permit : model::Action::Deny;
}

// Grows a list's span to cover `line` of `file` (the first file that defined it wins).
void cover(model::SourceSpan& span, const model::SourceSpan& line) {
  if (!span.known()) {
    span = line;
  } else if (span.file == line.file) {
    span.first_line = std::min(span.first_line, line.first_line);
    span.last_line = std::max(span.last_line, line.last_line);
  }
}

// Source text of a rule (regexes and community values keep their spacing).
std::string sourceText(antlr4::ParserRuleContext* ctx) {
  return ctx->getStart()->getInputStream()->getText(
      antlr4::misc::Interval(ctx->getStart()->getStartIndex(), ctx->getStop()->getStopIndex()));
}

std::vector<std::string> names(const std::vector<IosParser::NameContext*>& ctxs) {
  std::vector<std::string> out;
  for (auto* c : ctxs) out.push_back(c->getText());
  return out;
}

model::WildcardMatch aclAddress(IosParser::Acl_addressContext* ctx) {
  if (ctx->ANY()) return {model::Ipv4{0}, 0xffffffffu};
  if (ctx->HOST()) return {parseAddress(ctx->IP_ADDRESS(0)->getText()), 0};
  if (ctx->IP_PREFIX()) {
    model::Prefix p = parsePrefix(ctx->IP_PREFIX()->getText());
    return {p.address, ~model::maskOf(p.length)};
  }
  uint32_t wildcard = ctx->IP_ADDRESS().size() > 1 ? parseAddress(ctx->IP_ADDRESS(1)->getText()).value : 0;
  return {parseAddress(ctx->IP_ADDRESS(0)->getText()), wildcard};
}

std::string aclPort(IosParser::Acl_portContext* ctx) {
  if (!ctx) return "";
  std::string op = ctx->RANGE() ? "range" : ctx->children[0]->getText();
  std::string out = op;
  for (auto* v : ctx->acl_port_value()) out += " " + v->getText();
  return out;
}

// Fills an access-list entry from a standard or extended body; `extended` says which the
// list is, and the body must agree.
void fillAclEntry(model::AccessListEntry& e, IosParser::Acl_bodyContext* body, bool extended) {
  if (auto* s = dynamic_cast<IosParser::StandardAclBodyContext*>(body)) {
    if (extended) throw ValueError("standard entry in an extended access-list");
    e.source = aclAddress(s->acl_address());
    return;
  }
  auto* x = dynamic_cast<IosParser::ExtendedAclBodyContext*>(body);
  if (!extended) throw ValueError("extended entry in a standard access-list");
  e.protocol = x->acl_protocol()->getText();
  e.source = aclAddress(x->acl_address(0));
  e.destination = aclAddress(x->acl_address(1));
  // Ports: the grammar puts a port after each address; the one after the destination is
  // the one the model keeps.
  IosParser::Acl_portContext* destinationPort = nullptr;
  for (auto* port : x->acl_port())
    if (port->getStart()->getTokenIndex() > x->acl_address(1)->getStop()->getTokenIndex())
      destinationPort = port;
  e.ports = aclPort(destinationPort);
  for (auto* option : x->acl_option())
    if ((option->WORD() || option->NUMBER()) && e.protocol != "icmp")
      throw ValueError("unknown access-list option " + option->getText());
}

// IOS numbered lists: 1-99 and 1300-1999 standard, 100-199 and 2000-2699 extended.
// FRR's named zebra access-lists are standard.
bool numberedExtended(const std::string& name) {
  uint64_t n = 0;
  for (char c : name) {
    if (c < '0' || c > '9' || n > 100000) return false;
    n = n * 10 + static_cast<uint64_t>(c - '0');
  }
  return (n >= 100 && n <= 199) || (n >= 2000 && n <= 2699);
}

void addAclEntry(model::AccessList& acl, model::AccessListEntry e) {
  if (e.seq == 0) e.seq = acl.entries.empty() ? 10 : acl.entries.back().seq + 10;
  auto pos = std::find_if(acl.entries.begin(), acl.entries.end(),
                          [&](const auto& x) { return x.seq >= e.seq; });
  if (pos != acl.entries.end() && pos->seq == e.seq)
    *pos = std::move(e);
  else
    acl.entries.insert(pos, std::move(e));
}

model::PolicyMatch matchOf(model::PolicyMatch::Kind kind, std::vector<std::string> names = {},
                           uint32_t value = 0) {
  model::PolicyMatch m;
  m.kind = kind;
  m.names = std::move(names);
  m.value = value;
  return m;
}

model::PolicySet setOf(model::PolicySet::Kind kind, uint32_t value = 0) {
  model::PolicySet s;
  s.kind = kind;
  s.value = value;
  return s;
}

}  // namespace

// ---- prefix-lists ---------------------------------------------------------------------------

namespace {
// An entry's prefix and length range; `eq N` (EOS) is `ge N le N`.
model::PrefixListEntry prefixListEntry(IosParser::ActionContext* action,
                                       IosParser::Prefix_list_matchContext* match) {
  model::PrefixListEntry e;
  e.action = actionOf(action);
  if (match->ANY()) {
    e.prefix = model::Prefix(model::Ipv4{0}, 0);
    e.le = 32;
  } else {
    e.prefix = parsePrefix(match->IP_PREFIX()->getText());
  }
  readLengthRange(match, 32, e);
  return e;
}
}  // namespace

void ConfigWalker::addPrefixListEntry(const std::string& name, model::PrefixListEntry e,
                                      antlr4::tree::TerminalNode* seq) {
  e.span = here();
  // The sequence number is checked before the list exists: a rejected entry must not leave
  // an empty list behind (it would be reported "unused" with no file or line).
  std::optional<uint32_t> number;
  if (seq) number = parseNumber(seq->getText(), 1);
  model::PrefixList& list = structures_.prefix_lists[name];
  list.name = name;
  insertBySeq(list.entries, std::move(e), number);
  cover(list.span, here());
  noteStructureLine("prefix-list " + list.name);
}

antlrcpp::Any ConfigWalker::visitPrefixListEntry(IosParser::PrefixListEntryContext* ctx) {
  addPrefixListEntry(ctx->name()->getText(), prefixListEntry(ctx->action(), ctx->prefix_list_match()),
                     ctx->SEQ() ? ctx->NUMBER() : nullptr);
  return {};
}

antlrcpp::Any ConfigWalker::visitPrefixListHeader(IosParser::PrefixListHeaderContext* ctx) {
  prefix_list_ = ctx->name()->getText();
  model::PrefixList& list = structures_.prefix_lists[prefix_list_];
  list.name = prefix_list_;
  cover(list.span, here());
  noteStructureLine("prefix-list " + prefix_list_);
  mode_ = Mode::PrefixList;
  return {};
}

antlrcpp::Any ConfigWalker::visitPrefix_list_block_stmt(IosParser::Prefix_list_block_stmtContext* ctx) {
  model::PrefixListEntry e = prefixListEntry(ctx->action(), ctx->prefix_list_match());
  if (mode_ == Mode::PrefixList) {
    addPrefixListEntry(prefix_list_, e, ctx->NUMBER());
    return {};
  }
  // `seq N permit A/len` in an access-list block: a standard entry for exactly that prefix.
  if (e.ge || e.le) throw ValueError("ge/le in an access-list entry");
  model::AccessList& acl = structures_.access_lists[access_list_];
  model::AccessListEntry a;
  a.action = e.action;
  a.seq = parseNumber(ctx->NUMBER()->getText(), 1);
  if (acl.extended) throw ValueError("standard entry in an extended access-list");
  a.source = {e.prefix.address, ~model::maskOf(e.prefix.length)};
  a.span = here();
  addAclEntry(acl, std::move(a));
  return {};
}

antlrcpp::Any ConfigWalker::visitPrefixListDescription(IosParser::PrefixListDescriptionContext* ctx) {
  model::PrefixList& list = structures_.prefix_lists[ctx->name()->getText()];
  list.name = ctx->name()->getText();
  cover(list.span, here());
  noteStructureLine("prefix-list " + list.name);
  return {};
}

// ---- community-lists ----------------------------------------------------------------------

namespace {
void addCommunityEntry(model::CommunityList& list, bool expanded, model::Action action,
                       const std::string& values, const model::SourceSpan& span) {
  if (!list.entries.empty() && list.expanded != expanded)
    throw ValueError("community-list " + list.name + " mixes standard and expanded entries");
  list.expanded = expanded;
  model::CommunityListEntry e;
  e.action = action;
  e.span = span;
  if (expanded) {
    e.regex = values;
  } else {
    for (const auto& word : splitWords(values)) {
      auto c = model::parseCommunity(word);
      if (!c) throw ValueError("invalid community " + word);
      e.communities.push_back(*c);
    }
  }
  list.entries.push_back(std::move(e));
  cover(list.span, span);
}

model::CommunityList& communityList(FileStructures& d, const std::string& name) {
  model::CommunityList& list = d.community_lists[name];
  list.name = name;
  return list;
}
}  // namespace

antlrcpp::Any ConfigWalker::visitCommunityListTyped(IosParser::CommunityListTypedContext* ctx) {
  std::string name = ctx->name()->getText();
  std::string values = sourceText(ctx->rest());
  if (ctx->EXPANDED()) warnIfInvalidRegex(values, "community-list " + name);
  addCommunityEntry(communityList(structures_, name), ctx->EXPANDED() != nullptr,
                    actionOf(ctx->action()), values, here());
  noteStructureLine("community-list " + name);
  return {};
}

antlrcpp::Any ConfigWalker::visitCommunityListUntyped(IosParser::CommunityListUntypedContext* ctx) {
  std::string name = ctx->name()->getText();
  std::string values = sourceText(ctx->rest());
  bool expanded;
  if (!name.empty() && std::all_of(name.begin(), name.end(), ::isdigit)) {
    uint32_t n = parseNumber(name, 1, 500);
    expanded = n >= 100;
  } else {  // a named list without a type: standard if every value is a community
    auto words = splitWords(values);
    expanded = !std::all_of(words.begin(), words.end(),
                            [](const std::string& w) { return model::parseCommunity(w).has_value(); });
  }
  if (expanded) warnIfInvalidRegex(values, "community-list " + name);
  addCommunityEntry(communityList(structures_, name), expanded, actionOf(ctx->action()), values,
                    here());
  noteStructureLine("community-list " + name);
  return {};
}

// FRR `bgp extcommunity-list|large-community-list [standard|expanded] NAME [seq N] permit|deny
// VALUES|REGEX`: a number names a standard list below 100, an expanded one from 100 (as for
// community-lists); a standard entry's values must all be on the route.
antlrcpp::Any ConfigWalker::visitTextCommunityList(IosParser::TextCommunityListContext* ctx) {
  bool large = ctx->LARGE_COMMUNITY_LIST() != nullptr;
  std::string kind = large ? "large-community-list" : "extcommunity-list";
  std::string name = ctx->name()->getText();
  std::string values = sourceText(ctx->rest());
  bool expanded = ctx->EXPANDED() != nullptr;
  if (!ctx->STANDARD() && !ctx->EXPANDED() && !name.empty() &&
      std::all_of(name.begin(), name.end(), ::isdigit))
    expanded = parseNumber(name, 1, 500) >= 100;
  auto& lists = large ? structures_.large_community_lists : structures_.ext_community_lists;
  model::CommunityList& list = lists[name];
  list.name = name;
  if (!list.entries.empty() && list.expanded != expanded)
    throw ValueError(kind + " " + name + " mixes standard and expanded entries");
  list.expanded = expanded;
  model::CommunityListEntry e;
  e.action = actionOf(ctx->action());
  e.span = here();
  if (expanded) {
    warnIfInvalidRegex(values, kind + " " + name);
    e.regex = values;
  } else {
    auto parsed = large ? model::parseLargeCommunities(values) : model::parseExtCommunities(values);
    if (!parsed) throw ValueError("invalid " + kind + " values " + values);
    e.values = std::move(*parsed);
  }
  list.entries.push_back(std::move(e));
  cover(list.span, here());
  noteStructureLine(kind + " " + name);
  return {};
}

// ---- AS-path lists --------------------------------------------------------------------------

// FRR refuses such a line; the entry is kept so the list exists, and it matches nothing.
void ConfigWalker::warnIfInvalidRegex(const std::string& pattern, const std::string& list) {
  model::CiscoRegex regex(pattern);
  if (!regex.valid())
    warn("invalid regular expression in " + list + " (" + regex.error() + "): this entry matches nothing");
}

antlrcpp::Any ConfigWalker::visitAsPathListEntry(IosParser::AsPathListEntryContext* ctx) {
  std::string name = ctx->name()->getText();
  model::AsPathList& list = structures_.as_path_lists[name];
  list.name = name;
  model::AsPathListEntry e;
  e.action = actionOf(ctx->action());
  e.regex = sourceText(ctx->rest());
  e.span = here();
  warnIfInvalidRegex(e.regex, "as-path list " + name);
  list.entries.push_back(std::move(e));
  cover(list.span, here());
  noteStructureLine("as-path access-list " + name);
  return {};
}

// ---- access-lists -----------------------------------------------------------------------------

antlrcpp::Any ConfigWalker::visitAccessListEntry(IosParser::AccessListEntryContext* ctx) {
  std::string name = ctx->name()->getText();
  model::AccessList& acl = structures_.access_lists[name];
  acl.name = name;
  acl.extended = numberedExtended(name);
  model::AccessListEntry e;
  e.action = actionOf(ctx->action());
  if (ctx->SEQ()) e.seq = parseNumber(ctx->NUMBER()->getText(), 1);
  fillAclEntry(e, ctx->acl_body(), acl.extended);
  e.span = here();
  addAclEntry(acl, std::move(e));
  cover(acl.span, here());
  noteStructureLine("access-list " + name);
  return {};
}

antlrcpp::Any ConfigWalker::visitAccessListRemark(IosParser::AccessListRemarkContext* ctx) {
  model::AccessList& acl = structures_.access_lists[ctx->name()->getText()];
  acl.name = ctx->name()->getText();
  cover(acl.span, here());
  noteStructureLine("access-list " + acl.name);
  return {};
}

antlrcpp::Any ConfigWalker::visitIpAccessListHeader(IosParser::IpAccessListHeaderContext* ctx) {
  access_list_ = ctx->name()->getText();
  model::AccessList& acl = structures_.access_lists[access_list_];
  if (!acl.entries.empty() && acl.extended != (ctx->EXTENDED() != nullptr))
    throw ValueError("access-list " + access_list_ + " redefined with another type");
  acl.name = access_list_;
  acl.extended = ctx->EXTENDED() != nullptr;
  cover(acl.span, here());
  noteStructureLine("access-list " + access_list_);
  mode_ = Mode::AccessList;
  return {};
}

antlrcpp::Any ConfigWalker::visitAclBlockEntry(IosParser::AclBlockEntryContext* ctx) {
  model::AccessList& acl = structures_.access_lists[access_list_];
  model::AccessListEntry e;
  e.action = actionOf(ctx->action());
  if (ctx->NUMBER()) e.seq = parseNumber(ctx->NUMBER()->getText(), 1);
  fillAclEntry(e, ctx->acl_body(), acl.extended);
  e.span = here();
  addAclEntry(acl, std::move(e));
  return {};
}

antlrcpp::Any ConfigWalker::visitAclBlockRemark(IosParser::AclBlockRemarkContext*) { return {}; }

// ---- route-maps -------------------------------------------------------------------------------

antlrcpp::Any ConfigWalker::visitRouteMapHeader(IosParser::RouteMapHeaderContext* ctx) {
  route_map_ = ctx->name()->getText();
  clause_seq_ = ctx->NUMBER() ? parseNumber(ctx->NUMBER()->getText(), 1, 65535) : 10;
  model::RoutePolicy& policy = structures_.route_policies[route_map_];
  policy.name = route_map_;
  auto pos = std::find_if(policy.clauses.begin(), policy.clauses.end(),
                          [&](const auto& c) { return c.seq >= clause_seq_; });
  if (pos == policy.clauses.end() || pos->seq != clause_seq_) {
    model::PolicyClause clause;
    clause.seq = clause_seq_;
    clause.name = std::to_string(clause_seq_);
    clause.span = here();
    pos = policy.clauses.insert(pos, std::move(clause));
  }
  // Re-entering a clause edits it (IOS); the action is the one written last.
  pos->action = !ctx->action() || ctx->action()->PERMIT() ? model::ClauseAction::Permit
                                                          : model::ClauseAction::Deny;
  cover(policy.span, here());
  noteStructureLine("route-map " + route_map_);
  mode_ = Mode::RouteMap;
  return {};
}

model::PolicyClause& ConfigWalker::currentClause() {
  auto& clauses = structures_.route_policies[route_map_].clauses;
  return *std::find_if(clauses.begin(), clauses.end(),
                       [&](const auto& c) { return c.seq == clause_seq_; });
}

void ConfigWalker::addPolicyMatch(model::PolicyMatch match) {
  match.span = here();
  currentClause().matches.push_back(std::move(match));
}

void ConfigWalker::addPolicySet(model::PolicySet set) {
  set.span = here();
  currentClause().sets.push_back(std::move(set));
}

antlrcpp::Any ConfigWalker::visitMatchIpPrefixList(IosParser::MatchIpPrefixListContext* ctx) {
  addPolicyMatch(matchOf(model::PolicyMatch::Kind::PrefixList, names(ctx->name())));
  return {};
}

antlrcpp::Any ConfigWalker::visitMatchIpAccessList(IosParser::MatchIpAccessListContext* ctx) {
  addPolicyMatch(matchOf(model::PolicyMatch::Kind::AccessList, names(ctx->name())));
  return {};
}

antlrcpp::Any ConfigWalker::visitMatchNextHopPrefixList(IosParser::MatchNextHopPrefixListContext* ctx) {
  addPolicyMatch(matchOf(model::PolicyMatch::Kind::NextHopPrefixList, names(ctx->name())));
  return {};
}

antlrcpp::Any ConfigWalker::visitMatchIpv6PrefixList(IosParser::MatchIpv6PrefixListContext* ctx) {
  addPolicyMatch(matchOf(model::PolicyMatch::Kind::Ipv6PrefixList, names(ctx->name())));
  return {};
}

antlrcpp::Any ConfigWalker::visitMatchCommunity(IosParser::MatchCommunityContext* ctx) {
  std::vector<std::string> lists;
  for (auto* l : ctx->list_name()) lists.push_back(l->getText());
  model::PolicyMatch m = matchOf(model::PolicyMatch::Kind::CommunityList, std::move(lists));
  m.exact = ctx->EXACT_MATCH() != nullptr;
  addPolicyMatch(std::move(m));
  return {};
}

antlrcpp::Any ConfigWalker::visitMatchAsPath(IosParser::MatchAsPathContext* ctx) {
  addPolicyMatch(matchOf(model::PolicyMatch::Kind::AsPathList, names(ctx->name())));
  return {};
}

antlrcpp::Any ConfigWalker::visitMatchTag(IosParser::MatchTagContext* ctx) {
  if (ctx->NUMBER().size() > 1) throw ValueError("matching several tags is not modelled");
  addPolicyMatch(matchOf(model::PolicyMatch::Kind::Tag, {}, parseNumber(ctx->NUMBER(0)->getText())));
  return {};
}

antlrcpp::Any ConfigWalker::visitMatchInterface(IosParser::MatchInterfaceContext* ctx) {
  addPolicyMatch(matchOf(model::PolicyMatch::Kind::Interface, names(ctx->name())));
  return {};
}

antlrcpp::Any ConfigWalker::visitMatchMetric(IosParser::MatchMetricContext* ctx) {
  addPolicyMatch(matchOf(model::PolicyMatch::Kind::Metric, {}, parseNumber(ctx->NUMBER()->getText())));
  return {};
}

antlrcpp::Any ConfigWalker::visitMatchSourceProtocol(IosParser::MatchSourceProtocolContext* ctx) {
  static const std::map<std::string, model::RouteSource> protocols = {
      {"connected", model::RouteSource::Connected}, {"static", model::RouteSource::Static},
      {"ospf", model::RouteSource::Ospf},           {"bgp", model::RouteSource::Bgp},
      {"kernel", model::RouteSource::Kernel}};
  model::PolicyMatch m = matchOf(model::PolicyMatch::Kind::SourceProtocol);
  for (const auto& name : names(ctx->name())) {
    auto it = protocols.find(name);
    if (it == protocols.end()) throw ValueError("source-protocol " + name + " is not modelled");
    m.protocols.push_back(it->second);
  }
  m.protocol = m.protocols.front();
  addPolicyMatch(std::move(m));
  return {};
}

// FRR `match peer A.B.C.D|local|WORD` (bgpd route-maps; semantics::peerMatches).
antlrcpp::Any ConfigWalker::visitMatchPeer(IosParser::MatchPeerContext* ctx) {
  if (!dialectHas({model::Vendor::Frr})) return {};
  std::string peer = ctx->name()->getText();
  if (peer == "local") {
    addPolicyMatch(matchOf(model::PolicyMatch::Kind::LocalOrigin));
  } else if (auto address = model::Ipv4::parse(peer)) {
    model::PolicyMatch m = matchOf(model::PolicyMatch::Kind::Neighbor);
    m.address = *address;
    addPolicyMatch(std::move(m));
  } else if (model::IpAddress::parseV6(peer)) {
    throw ValueError("match peer on an IPv6 address is not modelled");
  } else {
    addPolicyMatch(matchOf(model::PolicyMatch::Kind::PeerName, {peer}));
  }
  return {};
}

antlrcpp::Any ConfigWalker::visitMatchTextCommunity(IosParser::MatchTextCommunityContext* ctx) {
  auto kind = ctx->EXTCOMMUNITY() ? model::PolicyMatch::Kind::ExtCommunityList
                                  : model::PolicyMatch::Kind::LargeCommunityList;
  model::PolicyMatch m = matchOf(kind, {ctx->list_name()->getText()});
  m.exact = ctx->EXACT_MATCH() != nullptr;
  addPolicyMatch(std::move(m));
  return {};
}

antlrcpp::Any ConfigWalker::visitMatchOther(IosParser::MatchOtherContext*) {
  warnUnrecognized();
  return {};
}

namespace {
// `N` sets, `+N` / `-N` (FRR) add or subtract.
model::PolicySet adjustingSet(model::PolicySet::Kind kind, antlr4::tree::TerminalNode* number,
                              antlr4::tree::TerminalNode* signedNumber) {
  model::PolicySet s = setOf(kind);
  if (number) {
    s.value = parseNumber(number->getText());
  } else {
    std::string text = signedNumber->getText();
    s.delta = text[0] == '+' ? 1 : -1;
    s.value = parseNumber(text.substr(1));
  }
  return s;
}
}  // namespace

antlrcpp::Any ConfigWalker::visitSetLocalPreference(IosParser::SetLocalPreferenceContext* ctx) {
  addPolicySet(adjustingSet(model::PolicySet::Kind::LocalPref, ctx->NUMBER(), ctx->SIGNED_NUMBER()));
  return {};
}

antlrcpp::Any ConfigWalker::visitSetMetric(IosParser::SetMetricContext* ctx) {
  addPolicySet(adjustingSet(model::PolicySet::Kind::Metric, ctx->NUMBER(), ctx->SIGNED_NUMBER()));
  return {};
}

antlrcpp::Any ConfigWalker::visitSetWeight(IosParser::SetWeightContext* ctx) {
  addPolicySet(setOf(model::PolicySet::Kind::Weight, parseNumber(ctx->NUMBER()->getText(), 0, 65535)));
  return {};
}

antlrcpp::Any ConfigWalker::visitSetCommunityNone(IosParser::SetCommunityNoneContext*) {
  addPolicySet(setOf(model::PolicySet::Kind::Community));
  return {};
}

antlrcpp::Any ConfigWalker::visitSetCommunity(IosParser::SetCommunityContext* ctx) {
  model::PolicySet s = setOf(model::PolicySet::Kind::Community);
  s.additive = ctx->ADDITIVE() != nullptr;
  for (auto* child : ctx->children) {
    auto* token = dynamic_cast<antlr4::tree::TerminalNode*>(child);
    // `blackhole` (RFC 7999) is a keyword elsewhere (`ip route P blackhole`).
    auto type = token ? token->getSymbol()->getType() : 0;
    if (type != IosParser::WORD && type != IosParser::NUMBER && type != IosParser::BLACKHOLE) continue;
    auto c = model::parseCommunity(token->getText());
    if (!c) throw ValueError("invalid community " + token->getText());
    s.communities.push_back(*c);
  }
  addPolicySet(std::move(s));
  return {};
}

antlrcpp::Any ConfigWalker::visitSetCommListDelete(IosParser::SetCommListDeleteContext* ctx) {
  model::PolicySet s = setOf(model::PolicySet::Kind::CommunityDelete);
  s.names = {ctx->name()->getText()};
  addPolicySet(std::move(s));
  return {};
}

// FRR `set extcommunity rt|soo VALUES` (added to the route's), IOS / EOS / NX-OS `set
// extcommunity rt VALUES [additive]` (replacing the route's unless additive) /
// `set extcommunity none`, `set large-community VALUES [additive]` / `set large-community none`.
antlrcpp::Any ConfigWalker::visitSetTextCommunity(IosParser::SetTextCommunityContext* ctx) {
  bool ext = ctx->EXTCOMMUNITY() != nullptr;
  model::PolicySet s = setOf(ext ? model::PolicySet::Kind::ExtCommunity : model::PolicySet::Kind::LargeCommunity);
  auto words = splitWords(sourceText(ctx->rest()));
  if (words.size() == 1 && words[0] == "none") {
    addPolicySet(std::move(s));
    return {};
  }
  s.additive = ext && out_.dialect() == model::Vendor::Frr;
  if (!words.empty() && words.back() == "additive") {
    s.additive = true;
    words.pop_back();
  }
  std::string values;
  for (const auto& w : words) values += (values.empty() ? "" : " ") + w;
  auto parsed = ext ? model::parseExtCommunities(values) : model::parseLargeCommunities(values);
  if (!parsed) throw ValueError(std::string(ext ? "set extcommunity " : "set large-community ") + values +
                                " is not modelled");
  s.text_communities = std::move(*parsed);
  addPolicySet(std::move(s));
  return {};
}

antlrcpp::Any ConfigWalker::visitSetAsPathPrependLastAs(IosParser::SetAsPathPrependLastAsContext* ctx) {
  model::PolicySet s = setOf(model::PolicySet::Kind::AsPathPrepend);
  s.prepend_last_as = parseNumber(ctx->NUMBER()->getText(), 1, 10);
  addPolicySet(std::move(s));
  return {};
}

antlrcpp::Any ConfigWalker::visitSetAsPathPrepend(IosParser::SetAsPathPrependContext* ctx) {
  model::PolicySet s = setOf(model::PolicySet::Kind::AsPathPrepend);
  for (auto* n : ctx->NUMBER()) s.asns.push_back(parseNumber(n->getText(), 1));
  addPolicySet(std::move(s));
  return {};
}

// FRR `set as-path exclude ASN...` (8.4 has no `all` nor `as-path-access-list` form).
antlrcpp::Any ConfigWalker::visitSetAsPathExclude(IosParser::SetAsPathExcludeContext* ctx) {
  if (!dialectHas({model::Vendor::Frr})) return {};
  model::PolicySet s = setOf(model::PolicySet::Kind::AsPathExclude);
  for (auto* n : ctx->NUMBER()) s.asns.push_back(parseNumber(n->getText(), 1));
  addPolicySet(std::move(s));
  return {};
}

antlrcpp::Any ConfigWalker::visitSetNextHop(IosParser::SetNextHopContext* ctx) {
  model::PolicySet s = setOf(model::PolicySet::Kind::NextHop);
  if (ctx->IP_ADDRESS()) s.address = parseAddress(ctx->IP_ADDRESS()->getText());
  s.peer_address = ctx->PEER_ADDRESS() != nullptr;
  s.unchanged = ctx->UNCHANGED() != nullptr;
  addPolicySet(std::move(s));
  return {};
}

antlrcpp::Any ConfigWalker::visitSetTag(IosParser::SetTagContext* ctx) {
  addPolicySet(setOf(model::PolicySet::Kind::Tag, parseNumber(ctx->NUMBER()->getText())));
  return {};
}

antlrcpp::Any ConfigWalker::visitSetOrigin(IosParser::SetOriginContext* ctx) {
  model::PolicySet s = setOf(model::PolicySet::Kind::Origin);
  s.origin = ctx->IGP() ? 0 : ctx->EGP() ? 1 : 2;
  addPolicySet(std::move(s));
  return {};
}

antlrcpp::Any ConfigWalker::visitSetMetricType(IosParser::SetMetricTypeContext* ctx) {
  if (!ctx->TYPE_1() && !ctx->TYPE_2())
    throw ValueError("set metric-type " + ctx->children.back()->getText() + " is not modelled");
  addPolicySet(setOf(model::PolicySet::Kind::MetricType, ctx->TYPE_1() ? 1u : 2u));
  return {};
}

antlrcpp::Any ConfigWalker::visitSetOther(IosParser::SetOtherContext*) {
  if (!isIgnoredStatement(IgnoreScope::RouteMap, splitWords(currentLine()))) warnUnrecognized();
  return {};
}

antlrcpp::Any ConfigWalker::visitContinue(IosParser::ContinueContext* ctx) {
  currentClause().continue_to = ctx->NUMBER() ? parseNumber(ctx->NUMBER()->getText(), 1, 65535) : 0;
  return {};
}

antlrcpp::Any ConfigWalker::visitOnMatchNext(IosParser::OnMatchNextContext*) {
  currentClause().continue_to = 0;
  return {};
}

antlrcpp::Any ConfigWalker::visitOnMatchGoto(IosParser::OnMatchGotoContext* ctx) {
  currentClause().continue_to = parseNumber(ctx->NUMBER()->getText(), 1, 65535);
  return {};
}

antlrcpp::Any ConfigWalker::visitCall(IosParser::CallContext* ctx) {
  currentClause().call = ctx->name()->getText();
  return {};
}

}  // namespace routefix::parser::ios
