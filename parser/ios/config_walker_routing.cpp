// router bgp / router ospf statements, and the ones both processes share.
#include <algorithm>

#include "parser/ios/config_values.h"
#include "parser/ios/config_walker.h"

namespace routefix::parser::ios {

namespace {
model::RouteSource redistributionSource(IosParser::Redistribute_sourceContext* ctx) {
  if (ctx->CONNECTED()) return model::RouteSource::Connected;
  if (ctx->STATIC()) return model::RouteSource::Static;
  if (ctx->OSPF()) return model::RouteSource::Ospf;
  if (ctx->BGP()) return model::RouteSource::Bgp;
  if (ctx->EIGRP()) return model::RouteSource::Eigrp;
  if (ctx->WORD()->getText() == "kernel") return model::RouteSource::Kernel;
  if (ctx->WORD()->getText() == "direct") return model::RouteSource::Connected;  // NX-OS
  throw ValueError("redistribution from " + ctx->WORD()->getText() + " is not modelled");
}
}  // namespace

antlrcpp::Any ConfigWalker::visitRouterBgp(IosParser::RouterBgpContext* ctx) {
  uint32_t asn = parseNumber(ctx->NUMBER()->getText(), 1);
  model::Device& d = out_.device();
  bgp_vrf_.clear();
  bgp_vrf_by_af_ = false;
  vpn_af_ = false;
  frr_bgp_vrf_ = ctx->VRF() ? ctx->name()->getText() : "";
  if (ctx->VRF()) {  // FRR: the VRF's own instance, with an AS of its own
    router_bgp_ = &out_.vrfBgp(frr_bgp_vrf_, asn, here());
  } else if (d.bgp && d.bgp->asn != asn) {
    enterIgnoredBlock();
    throw ValueError("a second BGP instance is not modelled; block ignored");
  } else {
    router_bgp_ = &out_.bgp(asn, here());
  }
  mode_ = Mode::Bgp;
  address_family_modelled_ = true;
  extendBlock();
  return {};
}

antlrcpp::Any ConfigWalker::visitRouterOspf(IosParser::RouterOspfContext* ctx) {
  uint32_t id = ctx->NUMBER() ? parseNumber(ctx->NUMBER()->getText(), 1, 65535) : 0;
  model::Device& d = out_.device();
  if (ctx->VRF()) {
    out_.vrfOspf(ctx->name()->getText(), id, here());
  } else if (d.ospf && d.ospf->process_id != id) {
    enterIgnoredBlock();
    throw ValueError("a second OSPF process is not modelled; block ignored");
  } else {
    out_.ospf(id, here());
  }
  mode_ = Mode::Ospf;
  ospf6_ = false;
  extendBlock();
  return {};
}

// ---- shared -----------------------------------------------------------------------------

antlrcpp::Any ConfigWalker::visitRedistribute(IosParser::RedistributeContext* ctx) {
  model::Redistribution r;
  r.source = redistributionSource(ctx->redistribute_source());
  if (r.source == model::RouteSource::Eigrp) {
    auto* as = ctx->redistribute_source()->NUMBER();
    if (!as) throw ValueError("redistribute eigrp needs the AS number");
    r.process = parseNumber(as->getText(), 1, 65535);
  }
  r.span = here();
  bool ospf = mode_ == Mode::Ospf, eigrp = mode_ == Mode::Eigrp;
  for (auto* option : ctx->redistribute_option()) {
    if (option->METRIC()) {
      if (eigrp != (option->NUMBER().size() == 5))
        throw ValueError(eigrp ? "redistribute into EIGRP takes `metric BANDWIDTH DELAY RELIABILITY LOAD MTU`"
                               : "redistribute ... metric takes one value outside EIGRP");
      if (eigrp)
        r.eigrp_metric = model::EigrpMetric{parseNumber(option->NUMBER(0)->getText(), 1),
                                            parseNumber(option->NUMBER(1)->getText())};
      else
        r.metric = parseNumber(option->NUMBER(0)->getText());
    } else if (option->METRIC_TYPE()) {
      if (!ospf) throw ValueError("metric-type applies to OSPF redistribution only");
      r.metric_type = parseNumber(option->NUMBER(0)->getText(), 1, 2);
    } else if (option->ROUTE_MAP()) {
      r.route_map = option->name()->getText();
    } else if (option->TAG()) {
      warn("redistribute ... tag is not modelled; the redistribution is kept without it");
    }
    // `subnets`: classless redistribution, what the model assumes anyway.
  }
  if (address_family_ipv6_ && r.source != model::RouteSource::Connected && r.source != model::RouteSource::Static)
    throw ValueError("only connected and static redistribution into IPv6 BGP is modelled");
  auto& into = eigrp ? currentEigrp().redistributions
               : ospf ? currentOspf().redistributions
               : address_family_ipv6_ ? currentBgp().ipv6_redistributions
                                      : currentBgp().redistributions;
  into.push_back(std::move(r));
  return {};
}

antlrcpp::Any ConfigWalker::visitMaximumPaths(IosParser::MaximumPathsContext* ctx) {
  uint32_t paths = parseNumber(ctx->NUMBER(0)->getText(), 1, 256);
  if (mode_ == Mode::Eigrp) {
    if (ctx->IBGP() || ctx->EIBGP() || ctx->ECMP()) throw ValueError("maximum-paths ibgp/eibgp/ecmp outside router bgp");
    currentEigrp().maximum_paths = paths;
    return {};
  }
  if (ctx->ECMP() && out_.dialect() != model::Vendor::Eos)
    throw ValueError("maximum-paths ... ecmp is EOS syntax");
  if (mode_ == Mode::Ospf) {
    if (ctx->IBGP() || ctx->EIBGP() || ctx->ECMP())
      throw ValueError("maximum-paths ibgp/eibgp/ecmp outside router bgp");
    currentOspf().maximum_paths = paths;
  } else if (out_.dialect() == model::Vendor::Eos) {
    // EOS: one limit for every BGP path (`ecmp N` sizes the hardware group, not the choice).
    currentBgp().maximum_paths_ebgp = currentBgp().maximum_paths_ibgp = paths;
  } else if (ctx->EIBGP()) {
    // IOS `maximum-paths eibgp N`: N paths for iBGP and eBGP routes alike. (It also lets an
    // eBGP and an iBGP path share a route, which the decision process does not model yet.)
    currentBgp().maximum_paths_ebgp = currentBgp().maximum_paths_ibgp = paths;
  } else {
    (ctx->IBGP() ? currentBgp().maximum_paths_ibgp : currentBgp().maximum_paths_ebgp) = paths;
  }
  return {};
}

antlrcpp::Any ConfigWalker::visitDefaultInformation(IosParser::DefaultInformationContext* ctx) {
  if (mode_ != Mode::Ospf) throw ValueError("default-information originate in BGP is not modelled");
  model::OspfDefaultOriginate o;
  o.metric_type = out_.device().defaults.ospf_external_type;
  for (auto* option : ctx->default_originate_option()) {
    if (option->ALWAYS())
      o.always = true;
    else if (option->METRIC())
      o.metric = parseNumber(option->NUMBER()->getText());
    else if (option->METRIC_TYPE())
      o.metric_type = parseNumber(option->NUMBER()->getText(), 1, 2);
    else
      o.route_map = option->name()->getText();
  }
  o.span = here();
  currentOspf().default_originate = o;
  return {};
}

// ---- router bgp -------------------------------------------------------------------------

// `router-id A` in router ospf and (EOS, NX-OS) router bgp; IOS/FRR `bgp router-id A`.
antlrcpp::Any ConfigWalker::visitRouterId(IosParser::RouterIdContext* ctx) {
  model::Ipv4 id = parseAddress(ctx->IP_ADDRESS()->getText());
  if (mode_ == Mode::Ospf) {
    if (ctx->BGP()) throw ValueError("bgp router-id inside router ospf");
    if (ctx->OSPF6() && !ospf6_) throw ValueError("ospf6 router-id inside router ospf");
    currentOspf().router_id = id;
  } else {
    if (ctx->OSPF() || ctx->OSPF6()) throw ValueError("ospf router-id inside router bgp");
    currentBgp().router_id = id;
  }
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpEbgpRequiresPolicy(IosParser::BgpEbgpRequiresPolicyContext* ctx) {
  currentBgp().ebgp_requires_policy = ctx->NO() == nullptr;
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpDefaultIpv4Unicast(IosParser::BgpDefaultIpv4UnicastContext* ctx) {
  currentBgp().default_ipv4_unicast = ctx->NO() == nullptr;
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpDefaultLocalPreference(
    IosParser::BgpDefaultLocalPreferenceContext* ctx) {
  out_.device().defaults.bgp_local_pref = parseNumber(ctx->NUMBER()->getText());
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpImportCheck(IosParser::BgpImportCheckContext* ctx) {
  out_.device().defaults.bgp_network_requires_rib = ctx->NO() == nullptr;
  return {};
}

// IOS/EOS `[no] bgp redistribute-internal`: iBGP routes into the IGPs too.
antlrcpp::Any ConfigWalker::visitBgpRedistributeInternal(IosParser::BgpRedistributeInternalContext* ctx) {
  currentBgp().redistribute_internal = ctx->NO() == nullptr;
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpBestpath(IosParser::BgpBestpathContext* ctx) {
  model::BgpProcess& b = currentBgp();
  auto* option = ctx->bestpath_option();
  if (option->ROUTER_ID() && option->WORD()->getText() != "tie-break")
    throw ValueError("unknown bgp bestpath option " + option->WORD()->getText());
  // EOS `tie-break router-id`: equal paths are decided by router-id, not by age.
  if (option->COMPARE_ROUTERID() || option->ROUTER_ID()) b.compare_router_id = true;
  if (!option->MISSING_AS_WORST().empty()) b.med_missing_as_worst = true;
  if (option->IGNORE()) b.as_path_ignore = true;
  if (option->MULTIPATH_RELAX()) b.as_path_multipath_relax = true;
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpAlwaysCompareMed(IosParser::BgpAlwaysCompareMedContext*) {
  currentBgp().always_compare_med = true;
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpDeterministicMed(IosParser::BgpDeterministicMedContext*) {
  currentBgp().deterministic_med = true;
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpClusterId(IosParser::BgpClusterIdContext* ctx) {
  currentBgp().cluster_id = ctx->IP_ADDRESS() ? parseAddress(ctx->IP_ADDRESS()->getText())
                                              : model::Ipv4{parseNumber(ctx->NUMBER()->getText())};
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpConfedIdentifier(IosParser::BgpConfedIdentifierContext* ctx) {
  currentBgp().confederation_id = parseNumber(ctx->NUMBER()->getText(), 1);
  return {};
}

// `bgp confederation peers A B`: adds to the list, as FRR and IOS do with a second line.
antlrcpp::Any ConfigWalker::visitBgpConfedPeers(IosParser::BgpConfedPeersContext* ctx) {
  auto& peers = currentBgp().confederation_peers;
  for (auto* n : ctx->NUMBER()) {
    uint32_t asn = parseNumber(n->getText(), 1);
    if (std::find(peers.begin(), peers.end(), asn) == peers.end()) peers.push_back(asn);
  }
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpDistance(IosParser::BgpDistanceContext* ctx) {
  model::BgpProcess& b = currentBgp();
  b.distance_ebgp = parseNumber(ctx->NUMBER(0)->getText(), 1, 255);
  b.distance_ibgp = parseNumber(ctx->NUMBER(1)->getText(), 1, 255);
  b.distance_local = parseNumber(ctx->NUMBER(2)->getText(), 1, 255);
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpNetwork(IosParser::BgpNetworkContext* ctx) {
  if (address_family_ipv6_) throw ValueError("an IPv4 network inside address-family ipv6");
  model::BgpNetwork n;
  auto* dest = ctx->bgp_network_dest();
  if (mode_ == Mode::Eigrp) {  // EIGRP `network A`: the classful network of A
    if (dest->IP_PREFIX() || dest->MASK() || !ctx->name().empty() || !ctx->BACKDOOR().empty())
      throw ValueError("EIGRP network takes an address and an optional wildcard");
    model::Ipv4 a = parseAddress(dest->IP_ADDRESS(0)->getText());
    uint8_t length = classfulLength(a);
    uint32_t wildcard = length == 0 ? 0xffffffffu : (length >= 32 ? 0 : (0xffffffffu >> length));
    addEigrpNetwork({model::Ipv4{a.value & ~wildcard}, wildcard});
    return {};
  }
  if (dest->IP_PREFIX()) {
    n.prefix = parsePrefix(dest->IP_PREFIX()->getText());
  } else if (dest->MASK()) {
    n.prefix = parsePrefixWithMask(dest->IP_ADDRESS(0)->getText(), dest->IP_ADDRESS(1)->getText());
  } else {
    model::Ipv4 a = parseAddress(dest->IP_ADDRESS(0)->getText());
    n.prefix = model::Prefix(a, classfulLength(a));
  }
  if (!ctx->BACKDOOR().empty()) throw ValueError("network ... backdoor is not modelled");
  if (!ctx->name().empty()) n.route_map = ctx->name().back()->getText();
  n.span = here();
  currentBgp().networks.push_back(std::move(n));
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpAggregate(IosParser::BgpAggregateContext* ctx) {
  model::BgpAggregate a;
  auto* dest = ctx->route_dest();
  a.prefix = dest->IP_PREFIX() ? parsePrefix(dest->IP_PREFIX()->getText())
                               : parsePrefixWithMask(dest->IP_ADDRESS(0)->getText(),
                                                     dest->IP_ADDRESS(1)->getText());
  for (auto* option : ctx->aggregate_option()) {
    if (option->SUMMARY_ONLY())
      a.summary_only = true;
    else if (option->AS_SET())
      a.as_set = true;
    else
      a.route_map = option->name()->getText();
  }
  a.span = here();
  currentBgp().aggregates.push_back(std::move(a));
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpAddressFamily(IosParser::BgpAddressFamilyContext* ctx) {
  auto* af = ctx->address_family_name();
  // IOS writes `address-family ipv4` for IPv4 unicast; FRR `address-family ipv4 unicast`.
  address_family_modelled_ = af->IPV4() && af->MULTICAST().empty() && af->WORD().empty();
  auto words = splitWords(currentLine());
  vpn_af_ = words.size() >= 2 && (words[1] == "vpnv4" || words[1] == "vpn-ipv4" ||
                                   (words[1] == "ipv4" && words.size() >= 3 && words[2] == "vpn"));
  // IPv6 unicast of router bgp itself (not of a VRF by IOS `address-family ipv6 vrf X`, nor
  // of an NX-OS neighbor block), read into the BgpNeighborIpv6 and ipv6_* parts of the model.
  address_family_ipv6_ = af->IPV6() && af->MULTICAST().empty() && af->WORD().empty() &&
                         af->VRF().empty() && !inNeighborBlock();
  if (address_family_ipv6_) address_family_modelled_ = true;
  if (inNeighborBlock()) {  // NX-OS: the neighbor's address family, IPv4 unicast activates it
    mode_ = Mode::NxNeighborAf;
    neighbor_af_column_ = column_;
    if (address_family_modelled_) {
      neighbor_->activate = true;
      noteNeighborStatement("activate");
    }
    return {};
  }
  if (bgp_vrf_by_af_) leaveBgpVrf();
  mode_ = Mode::BgpAddressFamily;
  af_column_ = column_;
  // IOS `address-family ipv4 vrf X`: the VRF's BGP instance, until the address family ends.
  if (!af->VRF().empty()) enterBgpVrf(af->name(0)->getText(), true);
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpNeighborOther(IosParser::BgpNeighborOtherContext*) {
  auto words = splitWords(currentLine());
  size_t skip = words.size() > 0 && words[0] == "no" ? 3 : 2;
  if (words.size() > skip && words[skip] == "advertise-map") {
    readAdvertiseMap(words, skip);
    return {};
  }
  if (readAdditionalPaths(words, skip)) return {};
  if (words.size() <= skip ||
      !isIgnoredStatement(IgnoreScope::BgpNeighbor, {words.begin() + skip, words.end()}))
    warnUnrecognized();
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpOther(IosParser::BgpOtherContext* ctx) {
  auto words = splitWords(currentLine());
  // EOS `[no] bgp advertise-inactive`: advertise the best path even while another protocol's
  // route is active.
  size_t at = ctx->NO() ? 1 : 0;
  if (out_.dialect() == model::Vendor::Eos && words.size() == at + 2 && words[at + 1] == "advertise-inactive") {
    currentBgp().advertise_inactive = ctx->NO() == nullptr;
    return {};
  }
  if (words.size() == at + 3 && words[at + 1] == "route-reflector" && words[at + 2] == "allow-outbound-policy") {
    currentBgp().rr_allow_outbound_policy = ctx->NO() == nullptr;
    return {};
  }
  // IOS / IOS-XE `bgp additional-paths select ...|send|receive|install` (RFC 7911 add-path).
  if (out_.dialect() != model::Vendor::Frr && words.size() > at + 2 && words[at + 1] == "additional-paths") {
    readProcessAdditionalPaths(words, at);
    return {};
  }
  if (!isIgnoredStatement(IgnoreScope::RouterBgp, words)) warnUnrecognized();
  return {};
}

// ---- router ospf ------------------------------------------------------------------------

antlrcpp::Any ConfigWalker::visitOspfNetworkWildcard(IosParser::OspfNetworkWildcardContext* ctx) {
  if (ospf6_) throw ValueError("OSPFv3 has no network statements");
  model::OspfNetwork n;
  n.match = {parseAddress(ctx->IP_ADDRESS(0)->getText()), parseAddress(ctx->IP_ADDRESS(1)->getText()).value};
  n.area = parseArea(ctx->area_id()->getText());
  n.span = here();
  currentOspf().networks.push_back(n);
  return {};
}

antlrcpp::Any ConfigWalker::visitOspfNetworkPrefix(IosParser::OspfNetworkPrefixContext* ctx) {
  if (ospf6_) throw ValueError("OSPFv3 has no network statements");
  model::OspfNetwork n;
  model::Prefix p = parsePrefix(ctx->IP_PREFIX()->getText());
  n.match = {p.address, ~model::maskOf(p.length)};
  n.area = parseArea(ctx->area_id()->getText());
  n.span = here();
  currentOspf().networks.push_back(n);
  return {};
}

antlrcpp::Any ConfigWalker::visitOspfPassiveDefault(IosParser::OspfPassiveDefaultContext* ctx) {
  if (mode_ == Mode::Eigrp) {
    currentEigrp().passive_default = ctx->NO() == nullptr;
    return {};
  }
  currentOspf().passive_default = ctx->NO() == nullptr;
  return {};
}

antlrcpp::Any ConfigWalker::visitOspfPassiveInterface(IosParser::OspfPassiveInterfaceContext* ctx) {
  auto [passive, active] = mode_ == Mode::Eigrp
                               ? std::tie(currentEigrp().passive_interfaces, currentEigrp().non_passive_interfaces)
                               : std::tie(currentOspf().passive_interfaces, currentOspf().non_passive_interfaces);
  (ctx->NO() ? active : passive).push_back(ctx->name()->getText());
  return {};
}

antlrcpp::Any ConfigWalker::visitOspfAutoCost(IosParser::OspfAutoCostContext* ctx) {
  currentOspf().reference_bandwidth_mbps = parseNumber(ctx->NUMBER()->getText(), 1);
  return {};
}

antlrcpp::Any ConfigWalker::visitOspfAreaRange(IosParser::OspfAreaRangeContext* ctx) {
  model::OspfAreaRange r;
  r.area = parseArea(ctx->area_id()->getText());
  auto* dest = ctx->route_dest();
  r.prefix = dest->IP_PREFIX() ? parsePrefix(dest->IP_PREFIX()->getText())
                               : parsePrefixWithMask(dest->IP_ADDRESS(0)->getText(),
                                                     dest->IP_ADDRESS(1)->getText());
  r.advertise = ctx->NOT_ADVERTISE().empty();
  if (!ctx->NUMBER().empty()) r.cost = parseNumber(ctx->NUMBER().back()->getText(), 0, 16777215);
  r.span = here();
  currentOspf().area_ranges.push_back(r);
  return {};
}

model::OspfAreaSettings& ConfigWalker::ospfAreaSettings(IosParser::Area_idContext* area) {
  uint32_t id = parseArea(area->getText());
  auto& areas = currentOspf().areas;
  for (auto& a : areas)
    if (a.area == id) {
      extendSpan(a.span, file_, line_);
      return a;
    }
  model::OspfAreaSettings a;
  a.area = id;
  a.span = here();
  areas.push_back(a);
  return areas.back();
}

antlrcpp::Any ConfigWalker::visitOspfAreaStub(IosParser::OspfAreaStubContext* ctx) {
  if (parseArea(ctx->area_id()->getText()) == 0) throw ValueError("the backbone cannot be a stub area");
  auto& a = ospfAreaSettings(ctx->area_id());
  a.type = model::OspfAreaType::Stub;
  a.no_summary = ctx->NO_SUMMARY() != nullptr;
  return {};
}

antlrcpp::Any ConfigWalker::visitOspfAreaNssa(IosParser::OspfAreaNssaContext* ctx) {
  if (parseArea(ctx->area_id()->getText()) == 0) throw ValueError("the backbone cannot be an NSSA");
  auto& a = ospfAreaSettings(ctx->area_id());
  a.type = model::OspfAreaType::Nssa;
  // Options after `nssa` (translate-*, default-information-originate, no-redistribution,
  // suppress-fa, range) change what is translated or originated: not modelled yet.
  std::vector<std::string> unmodelled;
  for (size_t i = 3; i < ctx->children.size(); ++i) {
    std::string word = ctx->children[i]->getText();
    if (word == "no-summary")
      a.no_summary = true;
    else
      unmodelled.push_back(word);
  }
  if (!unmodelled.empty()) warn("not modelled: NSSA option `" + unmodelled.front() + "`");
  return {};
}

antlrcpp::Any ConfigWalker::visitOspfAreaDefaultCost(IosParser::OspfAreaDefaultCostContext* ctx) {
  ospfAreaSettings(ctx->area_id()).default_cost = parseNumber(ctx->NUMBER()->getText(), 0, 16777215);
  return {};
}

antlrcpp::Any ConfigWalker::visitOspfDistance(IosParser::OspfDistanceContext* ctx) {
  currentOspf().distance = parseNumber(ctx->NUMBER()->getText(), 1, 255);
  return {};
}

antlrcpp::Any ConfigWalker::visitOspfOther(IosParser::OspfOtherContext*) {
  auto words = splitWords(currentLine());
  if (ospf6_ && words.size() > 2 && words[0] == "area" && words[2] == "range")
    throw ValueError("OSPFv3 area ranges are not modelled");
  if (!isIgnoredStatement(IgnoreScope::RouterOspf, words)) warnUnrecognized();
  return {};
}

}  // namespace routefix::parser::ios
