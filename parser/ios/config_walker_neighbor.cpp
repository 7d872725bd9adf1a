// `neighbor X ...` statements of router bgp. X is a peer address, a peer group, or (FRR) an
// interface for an unnumbered session. Each statement records its line under a keyword, so
// repair can rewrite exactly that line and peer-group settings can be inherited per keyword.
#include <algorithm>
#include <map>

#include "parser/ios/config_values.h"
#include "parser/ios/config_walker.h"

namespace routefix::parser::ios {

namespace {
std::string direction(antlr4::tree::TerminalNode* in) { return in ? " in" : " out"; }
}  // namespace

antlrcpp::Any ConfigWalker::visitBgpNeighbor(IosParser::BgpNeighborContext* ctx) {
  std::string id = ctx->name()->getText();
  auto* setting = ctx->neighbor_setting();
  auto* peerGroup = dynamic_cast<IosParser::NbrPeerGroupContext*>(setting);
  bool definesGroup = peerGroup && !peerGroup->name();
  bool createsPeer = dynamic_cast<IosParser::NbrRemoteAsContext*>(setting) ||
                     dynamic_cast<IosParser::NbrInterfaceContext*>(setting);
  negated_ = ctx->NO() != nullptr;
  if (address_family_ipv6_) {  // only configures a neighbor or peer group defined before
    selectDefinedNeighbor(id);
    setIpv6NeighborSetting(setting);
    return {};
  }
  if (model::BgpNeighbor* g = out_.findPeerGroup(id))
    neighbor_ = g;
  else if (model::BgpNeighbor* n = out_.findNeighbor(id))
    neighbor_ = n;
  else if (definesGroup)
    neighbor_ = &out_.addPeerGroup(id);
  else if (model::Ipv4::parse(id) || model::IpAddress::parseV6(id) || createsPeer)
    neighbor_ = &out_.addNeighbor(id);
  else
    throw ValueError("neighbor " + id + " is neither a peer address nor a defined peer-group");
  visit(setting);
  // NX-OS: `neighbor X remote-as N` may open the neighbor's block like `neighbor X` alone.
  if (out_.dialect() == model::Vendor::Nxos && mode_ == Mode::Bgp &&
      dynamic_cast<IosParser::NbrRemoteAsContext*>(setting))
    openNeighborBlock();
  return {};
}

void ConfigWalker::openNeighborBlock() {
  mode_ = Mode::NxNeighbor;
  neighbor_column_ = column_;
  negated_ = false;
}

antlrcpp::Any ConfigWalker::visitBgpNeighborBlock(IosParser::BgpNeighborBlockContext* ctx) {
  std::string id = ctx->name()->getText();
  if (out_.dialect() != model::Vendor::Nxos || mode_ != Mode::Bgp) {
    warnUnrecognized();
    return {};
  }
  if (model::BgpNeighbor* n = out_.findNeighbor(id))
    neighbor_ = n;
  else if (model::Ipv4::parse(id))
    neighbor_ = &out_.addNeighbor(id);
  else
    throw ValueError("neighbor " + id + " is not a peer address (prefix peers are not modelled)");
  openNeighborBlock();
  noteNeighborStatement("neighbor");
  return {};
}

// A setting inside an NX-OS neighbor block: the `neighbor X` part is the block's header.
antlrcpp::Any ConfigWalker::visitBgpNeighborBody(IosParser::BgpNeighborBodyContext* ctx) {
  if (!inNeighborBlock()) {
    warnUnrecognized();
    return {};
  }
  negated_ = ctx->NO() != nullptr;
  visit(ctx->neighbor_setting());
  negated_ = false;
  return {};
}

// A line that only configures a neighbor or peer group defined before (not one that creates it).
void ConfigWalker::selectDefinedNeighbor(const std::string& id) {
  neighbor_ = out_.findPeerGroup(id);
  if (!neighbor_) neighbor_ = out_.findNeighbor(id);
  if (!neighbor_) throw ValueError("neighbor " + id + " is not defined (remote-as or peer-group) before");
}

void ConfigWalker::noteNeighborStatement(const std::string& keyword) {
  neighbor_->statement_spans[keyword] = here();
  model::SourceSpan& s = neighbor_->span;
  if (!s.known()) {
    s = here();
  } else if (s.file == file_) {
    s.first_line = std::min(s.first_line, line_);
    s.last_line = std::max(s.last_line, line_);
  }
}

namespace {
void requirePositive(bool negated, const std::string& what) {
  if (negated) throw ValueError("`no neighbor ... " + what + "` is not modelled");
}

void applyRemoteAs(model::BgpNeighbor& n, IosParser::Remote_as_valueContext* v, uint32_t localAs) {
  n.remote_as_external = v->EXTERNAL() != nullptr;
  n.remote_as_internal = v->INTERNAL() != nullptr;
  if (v->NUMBER())
    n.remote_as = parseNumber(v->NUMBER()->getText(), 1);
  else if (v->INTERNAL())
    n.remote_as = localAs;
  else
    n.remote_as.reset();  // external: any AS but ours, learnt from the OPEN
}
}  // namespace

antlrcpp::Any ConfigWalker::visitNbrRemoteAs(IosParser::NbrRemoteAsContext* ctx) {
  requirePositive(negated_, "remote-as");
  applyRemoteAs(*neighbor_, ctx->remote_as_value(), currentBgp().asn);
  noteNeighborStatement("remote-as");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrInterface(IosParser::NbrInterfaceContext* ctx) {
  requirePositive(negated_, "interface");
  neighbor_->interface = neighbor_->id;
  if (ctx->REMOTE_AS()) {
    applyRemoteAs(*neighbor_, ctx->remote_as_value(), currentBgp().asn);
    noteNeighborStatement("remote-as");
  } else if (ctx->PEER_GROUP()) {
    std::string group = ctx->name()->getText();
    if (!out_.findPeerGroup(group)) throw ValueError("undefined peer-group " + group);
    neighbor_->peer_group = group;
    noteNeighborStatement("peer-group");
  } else {
    noteNeighborStatement("interface");
  }
  return {};
}

// EOS `neighbor interface Ethernet1 peer-group G [remote-as N]`: an unnumbered session on
// the interface, its settings from the group.
antlrcpp::Any ConfigWalker::visitBgpNeighborInterface(IosParser::BgpNeighborInterfaceContext* ctx) {
  if (out_.dialect() != model::Vendor::Eos) {
    warnUnrecognized();
    return {};
  }
  requirePositive(ctx->NO() != nullptr, "interface");
  std::string itf = ctx->name(0)->getText();
  std::string group = ctx->name(1)->getText();
  if (!out_.findPeerGroup(group)) throw ValueError("undefined peer-group " + group);
  neighbor_ = out_.findNeighbor(itf);
  if (!neighbor_) neighbor_ = &out_.addNeighbor(itf);
  neighbor_->interface = itf;
  neighbor_->peer_group = group;
  noteNeighborStatement("peer-group");
  if (ctx->REMOTE_AS()) {
    applyRemoteAs(*neighbor_, ctx->remote_as_value(), currentBgp().asn);
    noteNeighborStatement("remote-as");
  }
  return {};
}

// `bgp listen range P peer-group G [remote-as N]` (FRR, EOS): the group's settings are
// copied in when the device is finished (DeviceBuilder::finishNeighbors), as for members.
antlrcpp::Any ConfigWalker::visitBgpListenRange(IosParser::BgpListenRangeContext* ctx) {
  std::string group = ctx->name()->getText();
  if (!out_.findPeerGroup(group)) throw ValueError("undefined peer-group " + group);
  model::BgpListenRange range;
  range.range = parsePrefix(ctx->IP_PREFIX()->getText());
  range.group.id = range.range.str();
  range.group.peer_group = group;
  range.group.dynamic = true;
  range.span = here();
  range.group.span = here();
  if (ctx->REMOTE_AS()) {
    applyRemoteAs(range.group, ctx->remote_as_value(), currentBgp().asn);
    range.group.statement_spans["remote-as"] = here();
  }
  currentBgp().listen_ranges.push_back(std::move(range));
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpListenLimit(IosParser::BgpListenLimitContext* ctx) {
  currentBgp().listen_limit = parseNumber(ctx->NUMBER()->getText(), 1, 65535);
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrPeerGroup(IosParser::NbrPeerGroupContext* ctx) {
  requirePositive(negated_, "peer-group");
  if (!ctx->name()) {  // the definition
    if (out_.findPeerGroup(neighbor_->id) != neighbor_)
      throw ValueError("neighbor " + neighbor_->id + " already exists as a peer");
    noteNeighborStatement("peer-group");
    return {};
  }
  std::string group = ctx->name()->getText();
  if (out_.findPeerGroup(neighbor_->id)) throw ValueError("a peer-group cannot join another");
  if (!out_.findPeerGroup(group)) throw ValueError("undefined peer-group " + group);
  neighbor_->peer_group = group;
  noteNeighborStatement("peer-group");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrUpdateSource(IosParser::NbrUpdateSourceContext* ctx) {
  requirePositive(negated_, "update-source");
  neighbor_->update_source = ctx->name()->getText();
  noteNeighborStatement("update-source");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrNextHopSelf(IosParser::NbrNextHopSelfContext* ctx) {
  if (ctx->WORD() && ctx->WORD()->getText() != "all" && ctx->WORD()->getText() != "force")
    throw ValueError("unknown next-hop-self option " + ctx->WORD()->getText());
  neighbor_->next_hop_self = !negated_;
  neighbor_->next_hop_self_force = !negated_ && ctx->WORD();
  noteNeighborStatement("next-hop-self");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrRouteReflectorClient(IosParser::NbrRouteReflectorClientContext*) {
  neighbor_->route_reflector_client = !negated_;
  noteNeighborStatement("route-reflector-client");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrRouteMap(IosParser::NbrRouteMapContext* ctx) {
  requirePositive(negated_, "route-map");
  // Through a reference: GCC 12 miscompiles `(c ? a : b) = {x}` (x is evaluated in one arm only).
  std::vector<std::string>& chain = ctx->IN() ? neighbor_->import_policies : neighbor_->export_policies;
  chain = {ctx->name()->getText()};
  noteNeighborStatement("route-map" + direction(ctx->IN()));
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrPrefixList(IosParser::NbrPrefixListContext* ctx) {
  requirePositive(negated_, "prefix-list");
  (ctx->IN() ? neighbor_->prefix_list_in : neighbor_->prefix_list_out) = ctx->name()->getText();
  noteNeighborStatement("prefix-list" + direction(ctx->IN()));
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrFilterList(IosParser::NbrFilterListContext* ctx) {
  requirePositive(negated_, "filter-list");
  (ctx->IN() ? neighbor_->filter_list_in : neighbor_->filter_list_out) = ctx->name()->getText();
  noteNeighborStatement("filter-list" + direction(ctx->IN()));
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrSendCommunity(IosParser::NbrSendCommunityContext* ctx) {
  bool standard = true, extended = false, large = false;
  if (ctx->BOTH()) {
    extended = true;
  } else if (ctx->EXTENDED()) {
    standard = false;
    extended = true;
  } else if (ctx->WORD()) {
    std::string kind = ctx->WORD()->getText();
    if (kind == "all") {
      extended = large = true;
    } else if (kind == "large") {
      standard = false;
      large = true;
    } else {
      throw ValueError("unknown send-community option " + kind);
    }
  }
  if (standard) neighbor_->send_community = !negated_;
  if (extended) neighbor_->send_community_extended = !negated_;
  if (large) neighbor_->send_community_large = !negated_;
  noteNeighborStatement("send-community");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrEbgpMultihop(IosParser::NbrEbgpMultihopContext* ctx) {
  if (negated_)
    neighbor_->ebgp_multihop.reset();
  else
    neighbor_->ebgp_multihop = ctx->NUMBER() ? parseNumber(ctx->NUMBER()->getText(), 1, 255) : 255;
  noteNeighborStatement("ebgp-multihop");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrShutdown(IosParser::NbrShutdownContext*) {
  neighbor_->shutdown = !negated_;
  noteNeighborStatement("shutdown");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrDescription(IosParser::NbrDescriptionContext* ctx) {
  requirePositive(negated_, "description");
  neighbor_->description = textAfter(ctx->DESCRIPTION()->getSymbol());
  noteNeighborStatement("description");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrDefaultOriginate(IosParser::NbrDefaultOriginateContext* ctx) {
  neighbor_->default_originate = !negated_;
  neighbor_->default_originate_route_map = ctx->name() && !negated_ ? ctx->name()->getText() : "";
  noteNeighborStatement("default-originate");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrAllowasIn(IosParser::NbrAllowasInContext* ctx) {
  if (ctx->ORIGIN()) throw ValueError("allowas-in origin is not modelled");
  if (negated_)
    neighbor_->allowas_in.reset();
  else
    neighbor_->allowas_in = ctx->NUMBER() ? parseNumber(ctx->NUMBER()->getText(), 1, 10) : 3;
  noteNeighborStatement("allowas-in");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrWeight(IosParser::NbrWeightContext* ctx) {
  requirePositive(negated_, "weight");
  neighbor_->weight = parseNumber(ctx->NUMBER()->getText(), 0, 65535);
  noteNeighborStatement("weight");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrLocalAs(IosParser::NbrLocalAsContext* ctx) {
  requirePositive(negated_, "local-as");
  // `dual-as` only lets the peer open with either AS: the paths are the same.
  for (auto* w : ctx->WORD())
    if (w->getText() != "dual-as") throw ValueError("unknown local-as option " + w->getText());
  const uint32_t as = parseNumber(ctx->NUMBER()->getText(), 1);
  if (out_.dialect() == model::Vendor::Frr) {
    // bgpd refuses both (peer_local_as_set): the command fails and the session keeps its AS.
    if (as == currentBgp().asn) throw ValueError("local-as is the router's own AS; bgpd rejects it");
    auto remote = neighbor_->remote_as;
    if (!remote && !neighbor_->peer_group.empty())
      if (const auto* group = out_.findPeerGroup(neighbor_->peer_group)) remote = group->remote_as;
    if (remote && *remote == as) throw ValueError("local-as equals the remote-as; bgpd rejects it");
  }
  neighbor_->local_as = as;
  neighbor_->local_as_no_prepend = !ctx->NO_PREPEND().empty();
  neighbor_->local_as_replace_as = !ctx->REPLACE_AS().empty();
  noteNeighborStatement("local-as");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrActivate(IosParser::NbrActivateContext*) {
  neighbor_->activate = !negated_;
  noteNeighborStatement("activate");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrAsOverride(IosParser::NbrAsOverrideContext*) {
  neighbor_->as_override = !negated_;
  noteNeighborStatement("as-override");
  return {};
}

antlrcpp::Any ConfigWalker::visitNbrRemovePrivateAs(IosParser::NbrRemovePrivateAsContext* ctx) {
  for (auto* w : ctx->WORD())
    if (w->getText() != "all") throw ValueError("unknown remove-private-as option " + w->getText());
  neighbor_->remove_private_as = !negated_;
  neighbor_->remove_private_as_all = !negated_ && !ctx->WORD().empty();
  neighbor_->remove_private_as_replace = !negated_ && !ctx->REPLACE_AS().empty();
  noteNeighborStatement("remove-private-as");
  return {};
}

// FRR `neighbor X passive`, EOS the same: this end only waits for the peer's connection.
antlrcpp::Any ConfigWalker::visitNbrPassive(IosParser::NbrPassiveContext*) {
  if (!dialectHas({model::Vendor::Frr, model::Vendor::Eos})) return {};
  neighbor_->passive = !negated_;
  noteNeighborStatement("passive");
  return {};
}

// FRR `[no] neighbor X local-role provider|customer|peer|rs-server|rs-client [strict-mode]`.
antlrcpp::Any ConfigWalker::visitNbrLocalRole(IosParser::NbrLocalRoleContext* ctx) {
  static const std::map<std::string, model::BgpRole> roles = {
      {"provider", model::BgpRole::Provider}, {"customer", model::BgpRole::Customer},
      {"peer", model::BgpRole::Peer},         {"rs-server", model::BgpRole::RsServer},
      {"rs-client", model::BgpRole::RsClient}};
  if (!dialectHas({model::Vendor::Frr})) return {};
  auto it = roles.find(ctx->name()->getText());
  if (it == roles.end()) throw ValueError("unknown BGP role " + ctx->name()->getText());
  neighbor_->local_role = negated_ ? model::BgpRole::None : it->second;
  neighbor_->role_strict = !negated_ && ctx->STRICT_MODE();
  noteNeighborStatement("local-role");
  return {};
}

// FRR `neighbor X addpath-tx-all-paths|addpath-tx-bestpath-per-AS` (RFC 7911), in IPv4
// unicast; one strategy at a time (the later line replaces the earlier, as in FRR).
antlrcpp::Any ConfigWalker::visitNbrAddpathTx(IosParser::NbrAddpathTxContext* ctx) {
  if (!dialectHas({model::Vendor::Frr})) return {};
  if (!addPathModelledHere()) {
    warn(kAddPathNotModelled);
    return {};
  }
  auto& a = neighbor_->add_path;
  a.tx_all = !negated_ && ctx->ADDPATH_TX_ALL_PATHS();
  a.tx_best_per_as = !negated_ && ctx->ADDPATH_TX_BESTPATH_PER_AS();
  noteNeighborStatement("addpath-tx");
  return {};
}

// Where add-path statements are modelled: IPv4 unicast of IOS and FRR.
bool ConfigWalker::addPathModelledHere() {
  return dialectHas({model::Vendor::Frr, model::Vendor::Ios}) && !address_family_ipv6_ && !vpn_af_;
}

namespace {

// IOS `... all [best N] [group-best]` words from `at` on into the choices they name; false
// when a word is not one of them (`backup`, `best-external`: not modelled).
bool readAddPathChoices(const std::vector<std::string>& words, size_t at, bool& all, uint32_t& best,
                        bool& groupBest) {
  for (size_t i = at; i < words.size(); ++i) {
    if (words[i] == "all") {
      all = true;
    } else if (words[i] == "group-best") {
      groupBest = true;
    } else if (words[i] == "best" && i + 1 < words.size() &&
               std::all_of(words[i + 1].begin(), words[i + 1].end(), ::isdigit) && !words[i + 1].empty()) {
      best = static_cast<uint32_t>(std::stoul(words[++i]));
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

// IOS / IOS-XE add-path, per neighbor (the line's words from `skip`, after `neighbor X`):
// `advertise additional-paths [all] [best N] [group-best]` chooses the paths sent,
// `additional-paths send [receive]|receive|disable` the capability on this session. The
// process-wide `bgp additional-paths ...` lines are read in readProcessAdditionalPaths.
// False: not an add-path line.
bool ConfigWalker::readAdditionalPaths(const std::vector<std::string>& words, size_t skip) {
  const bool advertise = words.size() > skip + 2 && words[skip] == "advertise" && words[skip + 1] == "additional-paths";
  const bool capability = words.size() > skip + 1 && words[skip] == "additional-paths";
  if (out_.dialect() == model::Vendor::Frr || (!advertise && !capability)) return false;
  if (!addPathModelledHere()) {
    warn(kAddPathNotModelled);
    return true;
  }
  const bool negated = words.front() == "no";
  const auto written = splitWordsAsWritten(currentLine());
  selectDefinedNeighbor(written[skip - 1]);
  auto& a = neighbor_->add_path;
  if (advertise) {
    bool all = false, groupBest = false;
    uint32_t best = 0;
    if (!readAddPathChoices(words, skip + 2, all, best, groupBest)) {
      warn(kAddPathNotModelled);
      return true;
    }
    a.tx_all = !negated && all;
    a.tx_best_per_as = !negated && groupBest;
    a.tx_best = negated ? 0 : best;
    noteNeighborStatement("addpath-tx");
    return true;
  }
  bool send = false, receive = false, disable = false;
  for (size_t i = skip + 1; i < words.size(); ++i) {
    send = send || words[i] == "send";
    receive = receive || words[i] == "receive";
    disable = disable || words[i] == "disable";
  }
  if (negated) {  // back to the address family's capability
    if (send) a.send.reset();
    if (receive) a.receive.reset();
  } else if (disable) {
    a.send = a.receive = false;
  } else {
    if (send) a.send = true;
    if (receive) a.receive = true;
  }
  noteNeighborStatement("additional-paths");
  return true;
}

// IOS `[no] bgp additional-paths send [receive]|receive|select ...|install` (words from `at`,
// after a leading `no`).
void ConfigWalker::readProcessAdditionalPaths(const std::vector<std::string>& words, size_t at) {
  const bool negated = at == 1;
  const std::string& verb = words[at + 2];
  if (!addPathModelledHere() || verb == "install") {
    warn(kAddPathNotModelled);
    return;
  }
  auto& a = currentBgp().add_path;
  if (verb == "select") {
    bool all = false, groupBest = false;
    uint32_t best = 0;
    if (!readAddPathChoices(words, at + 3, all, best, groupBest)) {
      warn(kAddPathNotModelled);
      return;
    }
    if (negated) {  // `no ... select X` takes back the choices it names
      a.select_all = a.select_all && !all;
      a.select_group_best = a.select_group_best && !groupBest;
      if (best) a.select_best = 0;
    } else {
      a.select_all = a.select_all || all;
      a.select_group_best = a.select_group_best || groupBest;
      if (best) a.select_best = best;
    }
    return;
  }
  if (verb != "send" && verb != "receive") {
    warnUnrecognized();
    return;
  }
  for (size_t i = at + 2; i < words.size(); ++i) {
    if (words[i] == "send") a.send = !negated;
    if (words[i] == "receive") a.receive = !negated;
  }
}

// FRR conditional advertisement (model::BgpConditionalAdvertisement), IPv4 unicast. IOS and
// EOS write the same line; their semantics (which table, whether the advertise-map's sets
// apply) are not checked against a device yet, so it stays a warning there.
void ConfigWalker::readAdvertiseMap(const std::vector<std::string>& words, size_t skip) {
  const bool negated = words.front() == "no";
  if (out_.dialect() != model::Vendor::Frr || address_family_ipv6_ || vpn_af_) {
    warn("not modelled: conditional advertisement (advertise-map); the routes it governs are advertised as without it");
    return;
  }
  const bool exist = words.size() > skip + 2 && words[skip + 2] == "exist-map";
  if (words.size() != skip + 4 || (!exist && words[skip + 2] != "non-exist-map")) {
    warnUnrecognized();
    return;
  }
  const auto written = splitWordsAsWritten(currentLine());  // route-map and group names keep their case
  selectDefinedNeighbor(written[skip - 1]);
  if (negated)
    neighbor_->conditional_advertisement.reset();
  else
    neighbor_->conditional_advertisement = model::BgpConditionalAdvertisement{written[skip + 1], written[skip + 3], exist};
  noteNeighborStatement("advertise-map");
}

}  // namespace routefix::parser::ios
