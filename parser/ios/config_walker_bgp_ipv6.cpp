// BGP's IPv6 unicast address family (issue 16): FRR `address-family ipv6 unicast`, IOS and EOS
// `address-family ipv6`. Inside it, `neighbor X activate` puts the session (over an IPv6 or an
// IPv4 address: MP-BGP) into the family, `neighbor X route-map|prefix-list|filter-list|
// next-hop-self|route-reflector-client` configure it for IPv6 routes only, and `network P` / `redistribute
// connected|static` originate IPv6 routes. Any other statement there is a warning naming its
// line: it is not modelled for IPv6, and taking it as the IPv4 family's would be wrong.
#include "parser/ios/config_values.h"
#include "parser/ios/config_walker.h"

namespace routefix::parser::ios {

bool ConfigWalker::ipv6FamilyTakes(IosParser::StatementContext* s) const {
  if (auto* bgp = s->bgp_stmt())
    return dynamic_cast<IosParser::BgpNeighborContext*>(bgp) ||
           dynamic_cast<IosParser::BgpNeighborOtherContext*>(bgp) ||
           dynamic_cast<IosParser::BgpIpv6NetworkContext*>(bgp) ||
           dynamic_cast<IosParser::BgpAddressFamilyContext*>(bgp);
  return s->router_stmt() && dynamic_cast<IosParser::RedistributeContext*>(s->router_stmt());
}

antlrcpp::Any ConfigWalker::visitBgpDefaultIpv6Unicast(IosParser::BgpDefaultIpv6UnicastContext* ctx) {
  currentBgp().default_ipv6_unicast = ctx->NO() == nullptr;
  return {};
}

antlrcpp::Any ConfigWalker::visitBgpIpv6Network(IosParser::BgpIpv6NetworkContext* ctx) {
  if (!address_family_ipv6_) throw ValueError("an IPv6 network outside address-family ipv6");
  model::BgpIpv6Network n;
  n.prefix = parseIpv6Prefix(ctx->IPV6_PREFIX()->getText());
  if (ctx->name()) n.route_map = ctx->name()->getText();
  n.span = here();
  currentBgp().ipv6_networks.push_back(std::move(n));
  return {};
}

void ConfigWalker::noteIpv6NeighborStatement(const std::string& keyword) {
  neighbor_->ipv6.statement_spans[keyword] = here();
  model::SourceSpan& s = neighbor_->span;
  if (s.known() && s.file == file_) {
    s.first_line = std::min(s.first_line, line_);
    s.last_line = std::max(s.last_line, line_);
  }
}

void ConfigWalker::setIpv6NeighborSetting(IosParser::Neighbor_settingContext* setting) {
  model::BgpNeighborIpv6& af = neighbor_->ipv6;
  auto direction = [](antlr4::tree::TerminalNode* in) { return std::string(in ? " in" : " out"); };
  if (dynamic_cast<IosParser::NbrActivateContext*>(setting)) {
    af.activate = !negated_;
    noteIpv6NeighborStatement("activate");
    return;
  }
  if (dynamic_cast<IosParser::NbrRouteReflectorClientContext*>(setting)) {
    af.route_reflector_client = !negated_;
    noteIpv6NeighborStatement("route-reflector-client");
    return;
  }
  if (auto* nhs = dynamic_cast<IosParser::NbrNextHopSelfContext*>(setting)) {
    if (nhs->WORD() && nhs->WORD()->getText() != "all" && nhs->WORD()->getText() != "force")
      throw ValueError("unknown next-hop-self option " + nhs->WORD()->getText());
    af.next_hop_self = !negated_;
    af.next_hop_self_force = !negated_ && nhs->WORD();
    noteIpv6NeighborStatement("next-hop-self");
    return;
  }
  if (negated_) throw ValueError("`no neighbor ...` in address-family ipv6 is not modelled");
  if (auto* rm = dynamic_cast<IosParser::NbrRouteMapContext*>(setting)) {
    std::vector<std::string>& chain = rm->IN() ? af.import_policies : af.export_policies;
    chain = {rm->name()->getText()};
    noteIpv6NeighborStatement("route-map" + direction(rm->IN()));
    return;
  }
  if (auto* pl = dynamic_cast<IosParser::NbrPrefixListContext*>(setting)) {
    std::string& list = pl->IN() ? af.prefix_list_in : af.prefix_list_out;
    list = pl->name()->getText();
    noteIpv6NeighborStatement("prefix-list" + direction(pl->IN()));
    return;
  }
  if (auto* fl = dynamic_cast<IosParser::NbrFilterListContext*>(setting)) {
    std::string& list = fl->IN() ? af.filter_list_in : af.filter_list_out;
    list = fl->name()->getText();
    noteIpv6NeighborStatement("filter-list" + direction(fl->IN()));
    return;
  }
  throw ValueError("this neighbor setting in address-family ipv6 is not modelled");
}

}  // namespace routefix::parser::ios
