#include "parser/ios/config_walker.h"

#include <algorithm>

#include "parser/ios/config_values.h"

namespace routefix::parser::ios {

namespace {
std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\f");
  if (b == std::string::npos) return {};
  size_t e = s.find_last_not_of(" \t\r\f");
  return s.substr(b, e - b + 1);
}
}  // namespace

ConfigWalker::ConfigWalker(DeviceBuilder& out, std::string file, const std::vector<std::string_view>& lines)
    : out_(out), file_(std::move(file)), lines_(lines) {}

void ConfigWalker::walk(IosParser::ConfigContext* config) {
  for (auto* line : config->line()) handleLine(line);
  out_.addStructures(file_, std::move(structures_));
}

void ConfigWalker::noteStructureLine(const std::string& key) {
  std::string normalised;
  for (const auto& word : splitWords(currentLine())) normalised += (normalised.empty() ? "" : " ") + word;
  structures_.statements[key].push_back(normalised);
  structures_.first_line.emplace(key, line_);
}

void ConfigWalker::handleLine(IosParser::LineContext* ctx) {
  if (!ctx->statement() && !ctx->unrecognized()) return;  // blank or comment-only
  antlr4::Token* first = ctx->getStart();
  line_ = static_cast<int>(first->getLine());
  column_ = first->getCharPositionInLine();
  if (mode_ == Mode::IgnoredBlock) {
    if (column_ > block_column_) return;
    mode_ = resume_mode_;
  }
  closeIndentedBlocks();
  try {
    auto words = splitWords(currentLine());
    if (mode_ == Mode::VrfDefinition) {
      if (column_ > 0 || words[0] == "exit-vrf") {
        handleVrfDefinitionLine(ctx, words);
        return;
      }
      mode_ = Mode::Global;
    }
    if (column_ == 0 && openVrfDefinition(words)) return;
    if (!bgp_vrf_.empty() && (mode_ == Mode::Bgp || mode_ == Mode::BgpAddressFamily) &&
        recordVrfAttribute(words, out_.vrf(bgp_vrf_, here()))) {
      extendBlock();
      return;
    }
    if (ctx->statement())
      handleStatement(ctx->statement());
    else
      handleUnrecognized();
  } catch (const ValueError& e) {
    warn(e.what());
  }
}

void ConfigWalker::closeIndentedBlocks() {
  model::Vendor dialect = out_.dialect();
  if (dialect != model::Vendor::Eos && dialect != model::Vendor::Nxos) return;
  if (mode_ == Mode::NxNeighborAf && column_ <= neighbor_af_column_) {
    mode_ = Mode::NxNeighbor;
    address_family_modelled_ = true;
  }
  if (mode_ == Mode::NxNeighbor && column_ <= neighbor_column_) mode_ = Mode::Bgp;
  if (mode_ == Mode::BgpAddressFamily && column_ <= af_column_) {
    mode_ = Mode::Bgp;
    address_family_modelled_ = true;
    address_family_ipv6_ = false;
    if (bgp_vrf_by_af_) leaveBgpVrf();
  }
  if (!bgp_vrf_.empty() && column_ <= bgp_vrf_column_) leaveBgpVrf();
}

bool ConfigWalker::modeAccepts(IosParser::StatementContext* s) const {
  switch (mode_) {
    case Mode::Interface: return s->interface_stmt() || s->description_stmt() || s->vrf_stmt();
    case Mode::Bgp: return s->bgp_stmt() || s->router_stmt() || s->vrf_stmt();
    case Mode::BgpAddressFamily: return s->bgp_stmt() || s->router_stmt();
    case Mode::NxNeighbor:
    case Mode::NxNeighborAf:
      return s->bgp_stmt() || s->description_stmt() ||
             (s->interface_stmt() && dynamic_cast<IosParser::IfShutdownContext*>(s->interface_stmt()));
    case Mode::Ospf: return s->ospf_stmt() || s->router_stmt();
    case Mode::Eigrp:
      return s->eigrp_stmt() || s->router_stmt() ||
             dynamic_cast<IosParser::BgpNetworkContext*>(s->bgp_stmt()) ||
             dynamic_cast<IosParser::OspfPassiveDefaultContext*>(s->ospf_stmt()) ||
             dynamic_cast<IosParser::OspfPassiveInterfaceContext*>(s->ospf_stmt());
    case Mode::RouteMap: return s->route_map_stmt() || s->description_stmt();
    case Mode::AccessList: return s->acl_entry_stmt() || s->prefix_list_block_stmt();
    case Mode::PrefixList: return s->prefix_list_block_stmt();
    case Mode::Global:
    case Mode::VrfDefinition:
    case Mode::IgnoredBlock: return false;
  }
  return false;
}

void ConfigWalker::handleStatement(IosParser::StatementContext* s) {
  if (s->mode_exit_stmt()) {
    visit(s);
    return;
  }
  bool outsideModel =
      (mode_ == Mode::BgpAddressFamily || mode_ == Mode::NxNeighborAf) && !address_family_modelled_;
  if (modeAccepts(s)) {
    extendBlock();
    // Statements of an address family the model does not hold (IPv6, EVPN, VPNv4) are
    // recognised and dropped; only switching to another address family matters.
    auto* bgp = s->bgp_stmt();
    if (outsideModel && vpn_af_ && recordVpnActivation(bgp)) return;
    if (outsideModel && !(bgp && dynamic_cast<IosParser::BgpAddressFamilyContext*>(bgp))) return;
    if (address_family_ipv6_ && mode_ == Mode::BgpAddressFamily && !ipv6FamilyTakes(s))
      throw ValueError("not modelled in address-family ipv6");
    visit(s);
    return;
  }
  if (s->global_stmt()) {
    mode_ = Mode::Global;
    visit(s);
    return;
  }
  if (column_ == 0) mode_ = Mode::Global;
  // A statement of another mode: IOS would reject it here, unless it opens a block we
  // recognise and ignore (`ip vrf X`).
  if (mode_ == Mode::Global && isIgnoredStatement(IgnoreScope::Global, splitWords(currentLine()))) {
    enterIgnoredBlock();
    return;
  }
  warnUnrecognized();
}

void ConfigWalker::handleUnrecognized() {
  if ((mode_ == Mode::BgpAddressFamily || mode_ == Mode::NxNeighborAf) && !address_family_modelled_)
    return;
  auto words = splitWords(currentLine());
  if ((mode_ == Mode::Bgp || (mode_ == Mode::BgpAddressFamily && !address_family_ipv6_)) &&
      (recordVrfImport(words) || recordVpnPolicy(words))) {
    extendBlock();
    return;
  }
  if (mode_ != Mode::Global) {
    // A block with a scope of its own (an access-list has none: a global statement at column
    // 0 ends it, below). Lines indented under an ignored statement are its sub-block
    // (EIGRP `service-family`, ...) and ignored with it.
    if (ignoreScope() != IgnoreScope::Global && isIgnoredStatement(ignoreScope(), words)) {
      extendBlock();
      enterIgnoredBlock(mode_);
      return;
    }
    if (column_ > 0) {  // an unknown sub-command of the block
      extendBlock();
      warnUnrecognized();
      return;
    }
    mode_ = Mode::Global;
  }
  // FRR's ldpd block: its sessions and bindings are not modelled, that it labels the IGP
  // routes is (VPN next hops resolve over them: semantics::vpnNextHopUsable).
  if (out_.dialect() == model::Vendor::Frr && column_ == 0 && words == std::vector<std::string>{"mpls", "ldp"}) {
    out_.device().label_distribution = here();
    enterIgnoredBlock();
    return;
  }
  if (isIgnoredStatement(IgnoreScope::Global, words)) {
    enterIgnoredBlock();
    return;
  }
  warnUnrecognized();
}

IgnoreScope ConfigWalker::ignoreScope() const {
  switch (mode_) {
    case Mode::Interface: return IgnoreScope::Interface;
    case Mode::Bgp:
    case Mode::BgpAddressFamily: return IgnoreScope::RouterBgp;
    case Mode::NxNeighbor:
    case Mode::NxNeighborAf: return IgnoreScope::BgpNeighbor;
    case Mode::Ospf: return IgnoreScope::RouterOspf;
    case Mode::Eigrp: return IgnoreScope::RouterEigrp;
    case Mode::RouteMap: return IgnoreScope::RouteMap;
    default: return IgnoreScope::Global;
  }
}

void ConfigWalker::enterIgnoredBlock(Mode resume) {
  mode_ = Mode::IgnoredBlock;
  resume_mode_ = resume;
  block_column_ = column_;
}

void extendSpan(model::SourceSpan& span, const std::string& file, int line) {
  if (span.file != file) return;
  if (!span.known() || line < span.first_line) span.first_line = line;
  if (line > span.last_line) span.last_line = line;
}

void ConfigWalker::extendBlock(bool statement) {
  switch (mode_) {
    case Mode::Interface: extendSpan(currentInterface().span, file_, line_); break;
    case Mode::Bgp:
    case Mode::BgpAddressFamily:
    case Mode::NxNeighbor:
    case Mode::NxNeighborAf: extendSpan(currentBgp().span, file_, line_); break;
    case Mode::Ospf: extendSpan(currentOspf().span, file_, line_); break;
    case Mode::Eigrp:
      if (eigrp_open_) extendSpan(currentEigrp().span, file_, line_);
      break;
    case Mode::RouteMap:
      extendSpan(currentClause().span, file_, line_);
      extendSpan(structures_.route_policies[route_map_].span, file_, line_);
      if (statement) noteStructureLine("route-map " + route_map_);
      break;
    case Mode::AccessList:
      extendSpan(structures_.access_lists[access_list_].span, file_, line_);
      if (statement) noteStructureLine("access-list " + access_list_);
      break;
    case Mode::PrefixList:
      extendSpan(structures_.prefix_lists[prefix_list_].span, file_, line_);
      break;
    case Mode::Global:
    case Mode::VrfDefinition:
    case Mode::IgnoredBlock: break;
  }
}

void ConfigWalker::warn(const std::string& message) {
  out_.warn(file_, line_, trim(currentLine()), message);
}

std::string ConfigWalker::textFrom(antlr4::Token* token) const {
  // Columns count bytes (ByteCharStream).
  std::string_view line = lines_[token->getLine() - 1];
  return trim(std::string(line.substr(std::min<size_t>(token->getCharPositionInLine(), line.size()))));
}

std::string ConfigWalker::textAfter(antlr4::Token* token) const {
  std::string text = textFrom(token);
  size_t end = text.find_first_of(" \t\f");
  return end == std::string::npos ? "" : trim(text.substr(end));
}

model::Interface& ConfigWalker::currentInterface() { return out_.interface(interface_, here()); }


// ---- global ---------------------------------------------------------------------------

antlrcpp::Any ConfigWalker::visitHostname(IosParser::HostnameContext* ctx) {
  model::Device& d = out_.device();
  std::string name = ctx->name()->getText();
  if (!d.name.empty() && d.name != name)
    warn("hostname " + name + " differs from " + d.name + " set at " + d.hostname_span.file +
         ":" + std::to_string(d.hostname_span.first_line) + "; keeping " + d.name);
  if (d.name.empty()) {
    d.name = name;
    d.hostname_span = here();
  }
  return {};
}

antlrcpp::Any ConfigWalker::visitInterfaceHeader(IosParser::InterfaceHeaderContext* ctx) {
  interface_ = ctx->name(0)->getText();
  out_.interface(interface_, here());
  extendSpan(currentInterface().span, file_, line_);
  mode_ = Mode::Interface;
  if (ctx->VRF()) putInVrf(currentInterface(), ctx->name(1)->getText());
  return {};
}

antlrcpp::Any ConfigWalker::visitIpRoute(IosParser::IpRouteContext* ctx) {
  model::StaticRoute r;
  auto* dest = ctx->route_dest();
  r.prefix = dest->IP_PREFIX() ? parsePrefix(dest->IP_PREFIX()->getText())
                               : parsePrefixWithMask(dest->IP_ADDRESS(0)->getText(),
                                                     dest->IP_ADDRESS(1)->getText());
  auto* target = ctx->route_target();
  if (target->BLACKHOLE() || target->REJECT()) {
    r.null_route = true;
  } else {
    if (target->IP_ADDRESS()) r.next_hop = parseAddress(target->IP_ADDRESS()->getText());
    if (target->WORD()) {
      r.interface = target->WORD()->getText();
      if (toLower(r.interface).rfind("null", 0) == 0) r.null_route = true;
    }
  }
  readStaticOptions(ctx->static_option(), r.distance, r.tag);
  r.span = here();
  std::string vrf = staticRouteVrf(ctx->VRF(), ctx->name());
  (vrf.empty() ? out_.device().static_routes : out_.vrf(vrf, here()).static_routes).push_back(std::move(r));
  return {};
}

void ConfigWalker::readStaticOptions(const std::vector<IosParser::Static_optionContext*>& options,
                                     uint32_t& distance, uint32_t& tag) const {
  distance = out_.device().defaults.distance_static;
  for (auto* option : options) {
    if (option->TAG())
      tag = parseNumber(option->NUMBER()->getText());
    else if (option->NUMBER())
      distance = parseNumber(option->NUMBER()->getText(), 1, 255);
  }
}

// `ip[v6] route vrf X ...` (IOS, EOS), or a route inside a VRF's block (NX-OS, FRR).
std::string ConfigWalker::staticRouteVrf(antlr4::tree::TerminalNode* vrfKeyword, IosParser::NameContext* name) const {
  if (vrfKeyword) return name->getText();
  return mode_ == Mode::VrfDefinition ? vrf_ : "";
}

antlrcpp::Any ConfigWalker::visitBanner(IosParser::BannerContext* ctx) {
  if (!ctx->BANNER_TYPE()) {
    warnUnrecognized();
    return {};
  }
  if (auto* body = ctx->BANNER_BODY()) {
    std::string text = body->getText();
    std::string delimiter = text.rfind("^C", 0) == 0 ? "^C" : text.substr(0, 1);
    bool closed = text.size() >= 2 * delimiter.size() &&
                  text.compare(text.size() - delimiter.size(), delimiter.size(), delimiter) == 0;
    if (!closed) warn("unterminated banner: the rest of the file was read as banner text");
  }
  return {};
}

antlrcpp::Any ConfigWalker::visitFrrDefaults(IosParser::FrrDefaultsContext* ctx) {
  std::string profile = ctx->name()->getText();
  if (profile == "datacenter")
    out_.useFrrDatacenterDefaults();
  else if (profile != "traditional")
    throw ValueError("unknown frr defaults profile " + profile);
  return {};
}

// FRR zebra's `ip router-id`: the router-id of every process that sets none of its own.
antlrcpp::Any ConfigWalker::visitSystemRouterId(IosParser::SystemRouterIdContext* ctx) {
  out_.device().router_id = parseAddress(ctx->IP_ADDRESS()->getText());
  out_.device().router_id_span = here();
  return {};
}

antlrcpp::Any ConfigWalker::visitMode_exit_stmt(IosParser::Mode_exit_stmtContext* ctx) {
  if (ctx->END()) {
    mode_ = Mode::Global;
    return {};
  }
  if (mode_ != Mode::Global && mode_ != Mode::IgnoredBlock) extendBlock(false);
  if (mode_ == Mode::NxNeighborAf) {
    mode_ = Mode::NxNeighbor;
    address_family_modelled_ = true;
  } else if (mode_ == Mode::NxNeighbor) {
    mode_ = Mode::Bgp;
  } else if (mode_ == Mode::Eigrp && ctx->EXIT_ADDRESS_FAMILY()) {
    closeEigrpAddressFamily();
  } else if (mode_ == Mode::BgpAddressFamily && !ctx->EXIT_VRF()) {
    mode_ = Mode::Bgp;
    address_family_modelled_ = true;
    address_family_ipv6_ = false;
    if (bgp_vrf_by_af_) leaveBgpVrf();
  } else if (!ctx->EXIT_ADDRESS_FAMILY()) {
    mode_ = Mode::Global;
  }
  return {};
}

// ---- interface mode -------------------------------------------------------------------

antlrcpp::Any ConfigWalker::visitIfIpAddress(IosParser::IfIpAddressContext* ctx) {
  model::InterfaceAddress a;
  if (ctx->IP_PREFIX()) {
    std::tie(a.address, a.length) = parseAddressWithLength(ctx->IP_PREFIX()->getText());
  } else {
    a.address = parseAddress(ctx->IP_ADDRESS(0)->getText());
    auto length = model::maskLength(parseAddress(ctx->IP_ADDRESS(1)->getText()));
    if (!length) throw ValueError("invalid netmask " + ctx->IP_ADDRESS(1)->getText());
    a.length = *length;
  }
  a.span = here();
  model::Interface& i = currentInterface();
  // IOS: a second primary address replaces the first. FRR: every address counts, the
  // first one is the primary.
  bool secondary = ctx->SECONDARY() || (out_.dialect() == model::Vendor::Frr && i.address);
  if (secondary) {
    i.secondary.push_back(a);
  } else {
    i.address = a;
    i.unnumbered.clear();
  }
  return {};
}

antlrcpp::Any ConfigWalker::visitIfNoIpAddress(IosParser::IfNoIpAddressContext*) {
  model::Interface& i = currentInterface();
  i.address.reset();
  i.secondary.clear();
  i.unnumbered.clear();
  return {};
}

// IOS / NX-OS `ip unnumbered X`, EOS `ip address unnumbered X`: the interface has no subnet of
// its own and sends from X's address; it replaces an `ip address` as a new primary would.
antlrcpp::Any ConfigWalker::visitIfIpUnnumbered(IosParser::IfIpUnnumberedContext* ctx) {
  model::Interface& i = currentInterface();
  i.address.reset();
  i.secondary.clear();
  i.unnumbered = ctx->name()->getText();
  return {};
}

antlrcpp::Any ConfigWalker::visitIfShutdown(IosParser::IfShutdownContext* ctx) {
  if (inNeighborBlock()) {  // NX-OS neighbor block
    neighbor_->shutdown = ctx->NO() == nullptr;
    noteNeighborStatement("shutdown");
    return {};
  }
  currentInterface().shutdown = ctx->NO() == nullptr;
  return {};
}

antlrcpp::Any ConfigWalker::visitIfTunnelSource(IosParser::IfTunnelSourceContext* ctx) {
  currentInterface().tunnel_source = ctx->name()->getText();
  return {};
}

// IOS `delay N`: tens of microseconds, what EIGRP adds up along a path.
antlrcpp::Any ConfigWalker::visitIfDelay(IosParser::IfDelayContext* ctx) {
  currentInterface().delay_tens_usec = parseNumber(ctx->NUMBER()->getText(), 1, 16777215);
  return {};
}

antlrcpp::Any ConfigWalker::visitIfBandwidth(IosParser::IfBandwidthContext* ctx) {
  currentInterface().bandwidth_kbps = parseNumber(ctx->NUMBER()->getText(), 1);
  return {};
}

antlrcpp::Any ConfigWalker::visitIfOspfCost(IosParser::IfOspfCostContext* ctx) {
  model::Interface& i = currentInterface();
  i.ospf_cost = parseNumber(ctx->NUMBER()->getText(), 1, 65535);
  i.ospf_cost_span = here();
  return {};
}

antlrcpp::Any ConfigWalker::visitIfOspfProcessArea(IosParser::IfOspfProcessAreaContext* ctx) {
  parseNumber(ctx->NUMBER()->getText(), 1, 65535);
  currentInterface().ospf_area = parseArea(ctx->area_id()->getText());
  return {};
}

antlrcpp::Any ConfigWalker::visitIfOspfArea(IosParser::IfOspfAreaContext* ctx) {
  // FRR `ip ospf area A ADDR` puts only that address's subnet in the area: the same as the
  // whole interface when it is the interface's only address.
  if (ctx->IP_ADDRESS()) {
    const auto& itf = currentInterface();
    auto address = model::Ipv4::parse(ctx->IP_ADDRESS()->getText());
    if (!itf.address || !address || itf.address->address != *address || !itf.secondary.empty())
      throw ValueError("per-address OSPF areas are not modelled (other than the interface's only address)");
  }
  currentInterface().ospf_area = parseArea(ctx->area_id()->getText());
  return {};
}

antlrcpp::Any ConfigWalker::visitIfOspfNetwork(IosParser::IfOspfNetworkContext* ctx) {
  static const std::vector<std::string> otherTypes = {"broadcast", "non-broadcast",
                                                      "point-to-multipoint"};
  if (ctx->WORD() && std::find(otherTypes.begin(), otherTypes.end(), ctx->WORD()->getText()) ==
                         otherTypes.end())
    throw ValueError("unknown OSPF network type " + ctx->WORD()->getText());
  currentInterface().ospf_point_to_point = ctx->POINT_TO_POINT() != nullptr;
  return {};
}

antlrcpp::Any ConfigWalker::visitIfOspfPassive(IosParser::IfOspfPassiveContext* ctx) {
  if (ctx->IP_ADDRESS()) throw ValueError("per-address OSPF passive is not modelled");
  currentInterface().ospf_passive = ctx->NO() == nullptr;
  return {};
}

antlrcpp::Any ConfigWalker::visitIfAccessGroup(IosParser::IfAccessGroupContext* ctx) {
  model::Interface& i = currentInterface();
  (ctx->IN() ? i.acl_in : i.acl_out) = ctx->name()->getText();
  return {};
}

antlrcpp::Any ConfigWalker::visitDescription_stmt(IosParser::Description_stmtContext* ctx) {
  // Route-map descriptions carry no meaning for the model.
  if (inNeighborBlock()) {
    neighbor_->description = textAfter(ctx->DESCRIPTION()->getSymbol());
    noteNeighborStatement("description");
  } else if (mode_ == Mode::Interface) {
    currentInterface().description = textAfter(ctx->DESCRIPTION()->getSymbol());
  }
  return {};
}

}  // namespace routefix::parser::ios
