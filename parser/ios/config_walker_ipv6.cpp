// IPv6 statements: `ipv6 unicast-routing`, `ipv6 route`, `ipv6 prefix-list` and the
// interface's `ipv6 address` (issue 16). Other `ipv6 ...` lines (neighbour discovery, OSPFv3,
// IPv6 ACLs) stay in the ignore list until the model holds them.
#include "parser/ios/config_values.h"
#include "parser/ios/config_walker.h"
#include "parser/ios/prefix_list_entries.h"

namespace routefix::parser::ios {

antlrcpp::Any ConfigWalker::visitIpv6UnicastRouting(IosParser::Ipv6UnicastRoutingContext* ctx) {
  model::Device& d = out_.device();
  d.ipv6_unicast_routing = ctx->NO() == nullptr;
  d.ipv6_unicast_routing_span = here();
  return {};
}

// FRR `ipv6 route P NH [IFACE] [DISTANCE]`, `ipv6 route P IFACE`, `ipv6 route P blackhole`;
// IOS `ipv6 route [vrf V] P IFACE [NH] [DISTANCE]`, `ipv6 route P NH [DISTANCE]`.
antlrcpp::Any ConfigWalker::visitIpv6Route(IosParser::Ipv6RouteContext* ctx) {
  model::Ipv6StaticRoute r;
  r.prefix = parseIpv6Prefix(ctx->IPV6_PREFIX()->getText());
  auto* target = ctx->ipv6_route_target();
  if (target->BLACKHOLE() || target->REJECT()) {
    r.null_route = true;
  } else {
    if (target->IPV6_ADDRESS()) r.next_hop = parseIpv6Address(target->IPV6_ADDRESS()->getText());
    if (target->WORD()) {
      r.interface = target->WORD()->getText();
      if (toLower(r.interface).rfind("null", 0) == 0) r.null_route = true;
    }
    // A link-local next hop means nothing without the link it is on.
    if (r.next_hop && r.next_hop->isLinkLocal() && r.interface.empty())
      throw ValueError("link-local next hop " + r.next_hop->str() + " without an interface");
  }
  readStaticOptions(ctx->static_option(), r.distance, r.tag);
  r.span = here();
  std::string vrf = staticRouteVrf(ctx->VRF(), ctx->name());
  auto& routes = vrf.empty() ? out_.device().ipv6_static_routes : out_.vrf(vrf, here()).ipv6_static_routes;
  routes.push_back(std::move(r));
  return {};
}

antlrcpp::Any ConfigWalker::visitIpv6PrefixListEntry(IosParser::Ipv6PrefixListEntryContext* ctx) {
  auto* match = ctx->ipv6_prefix_list_match();
  model::IpPrefixListEntry e;
  e.action = ctx->action()->PERMIT() ? model::Action::Permit : model::Action::Deny;
  if (match->ANY()) {
    e.prefix = model::IpPrefix(model::IpAddress::v6(0, 0), 0);
    e.le = 128;
  } else {
    e.prefix = parseIpv6Prefix(match->IPV6_PREFIX()->getText());
  }
  readLengthRange(match, 128, e);
  e.span = here();
  std::optional<uint32_t> number;
  if (ctx->SEQ()) number = parseNumber(ctx->NUMBER()->getText(), 1);
  std::string name = ctx->name()->getText();
  model::IpPrefixList& list = structures_.ipv6_prefix_lists[name];
  list.name = name;
  insertBySeq(list.entries, std::move(e), number);
  if (!list.span.known()) list.span = here();
  extendSpan(list.span, file_, line_);
  noteStructureLine("ipv6 prefix-list " + name);
  return {};
}

antlrcpp::Any ConfigWalker::visitIpv6PrefixListDescription(IosParser::Ipv6PrefixListDescriptionContext* ctx) {
  std::string name = ctx->name()->getText();
  model::IpPrefixList& list = structures_.ipv6_prefix_lists[name];
  list.name = name;
  if (!list.span.known()) list.span = here();
  extendSpan(list.span, file_, line_);
  noteStructureLine("ipv6 prefix-list " + name);
  return {};
}

// `ipv6 address 2001:db8::1/64` (every address counts: IPv6 has no primary), IOS
// `ipv6 address 2001:db8::/64 eui-64`.
antlrcpp::Any ConfigWalker::visitIfIpv6Address(IosParser::IfIpv6AddressContext* ctx) {
  auto parts = model::IpPrefix::parseInterfaceAddress(ctx->IPV6_PREFIX()->getText());
  if (!parts || parts->first.isV4()) throw ValueError("invalid IPv6 address " + ctx->IPV6_PREFIX()->getText());
  model::Ipv6InterfaceAddress a;
  a.address = parts->first;
  a.length = parts->second;
  a.link_local = a.address.isLinkLocal();
  a.span = here();
  if (ctx->EUI_64()) {
    if (a.length > 64) throw ValueError("eui-64 needs a prefix of /64 or shorter");
    a.eui64 = true;
    a.address = a.subnet().address;
    warn("eui-64: the interface identifier comes from the MAC address; the subnet " + a.subnet().str() +
         " is modelled, the address is not");
  }
  model::Interface& i = currentInterface();
  for (const auto& existing : i.ipv6_addresses)
    if (existing.address == a.address && existing.length == a.length && existing.eui64 == a.eui64) return {};
  i.ipv6_addresses.push_back(a);
  return {};
}

// IOS `ipv6 address fe80::1 link-local`: replaces the automatic link-local address.
antlrcpp::Any ConfigWalker::visitIfIpv6LinkLocal(IosParser::IfIpv6LinkLocalContext* ctx) {
  model::Ipv6InterfaceAddress a;
  a.address = parseIpv6Address(ctx->IPV6_ADDRESS()->getText());
  if (!a.address.isLinkLocal()) throw ValueError(a.address.str() + " is not a link-local address (fe80::/10)");
  a.length = 64;
  a.link_local = true;
  a.span = here();
  model::Interface& i = currentInterface();
  std::erase_if(i.ipv6_addresses, [](const auto& x) { return x.link_local; });
  i.ipv6_addresses.push_back(a);
  return {};
}

// `no ipv6 address` removes every address; with one, that one.
antlrcpp::Any ConfigWalker::visitIfNoIpv6Address(IosParser::IfNoIpv6AddressContext* ctx) {
  model::Interface& i = currentInterface();
  if (ctx->IPV6_PREFIX()) {
    auto parts = model::IpPrefix::parseInterfaceAddress(ctx->IPV6_PREFIX()->getText());
    if (!parts) throw ValueError("invalid IPv6 address " + ctx->IPV6_PREFIX()->getText());
    std::erase_if(i.ipv6_addresses, [&](const auto& x) { return x.address == parts->first && x.length == parts->second; });
  } else if (ctx->IPV6_ADDRESS()) {
    auto address = parseIpv6Address(ctx->IPV6_ADDRESS()->getText());
    std::erase_if(i.ipv6_addresses, [&](const auto& x) { return x.link_local && x.address == address; });
  } else {
    i.ipv6_addresses.clear();
  }
  return {};
}

}  // namespace routefix::parser::ios
