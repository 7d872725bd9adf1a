// router eigrp: classic (`router eigrp N`) and named mode (`router eigrp NAME`, then
// `address-family ipv4 unicast autonomous-system N` with `af-interface` and `topology base`
// sub-blocks). An address family of a VRF (`address-family ipv4 [unicast] vrf X autonomous-system
// N`, either mode) is a process of that VRF.
#include "parser/ios/config_values.h"
#include "parser/ios/config_walker.h"


namespace routefix::parser::ios {

model::EigrpProcess& ConfigWalker::currentEigrp() {
  if (!eigrp_open_) throw ValueError("named EIGRP statement outside `address-family ipv4 ... autonomous-system N`");
  return eigrp_vrf_.empty() ? out_.device().eigrp.back() : out_.vrf(eigrp_vrf_, here()).eigrp.back();
}

void ConfigWalker::closeEigrpAddressFamily() {
  // A classic process stays open around its families; a named one's family was the process.
  eigrp_vrf_.clear();
  eigrp_open_ = eigrp_classic_;
  eigrp_af_interface_.clear();
}

void ConfigWalker::addEigrpNetwork(model::WildcardMatch match) { currentEigrp().networks.push_back(match); }

antlrcpp::Any ConfigWalker::visitRouterEigrp(IosParser::RouterEigrpContext* ctx) {
  std::string id = ctx->name()->getText();
  mode_ = Mode::Eigrp;
  eigrp_af_interface_.clear();
  bool classic = !id.empty() && id.find_first_not_of("0123456789") == std::string::npos;
  eigrp_open_ = eigrp_classic_ = classic;
  eigrp_vrf_.clear();
  if (classic) {
    model::EigrpProcess p;
    p.asn = parseNumber(id, 1, 65535);
    p.span = here();
    out_.device().eigrp.push_back(std::move(p));
  }
  return {};
}

antlrcpp::Any ConfigWalker::visitEigrpAddressFamily(IosParser::EigrpAddressFamilyContext* ctx) {
  model::EigrpProcess p;
  p.asn = parseNumber(ctx->NUMBER()->getText(), 1, 65535);
  // An address family inside `router eigrp N` (classic) keeps classic metrics.
  p.wide_metrics = !eigrp_classic_;
  p.span = here();
  eigrp_vrf_ = ctx->name().empty() ? std::string() : ctx->name(0)->getText();
  auto& processes = eigrp_vrf_.empty() ? out_.device().eigrp : out_.vrf(eigrp_vrf_, here()).eigrp;
  processes.push_back(std::move(p));
  eigrp_open_ = true;
  return {};
}

antlrcpp::Any ConfigWalker::visitEigrpNetwork(IosParser::EigrpNetworkContext* ctx) {
  addEigrpNetwork({parseAddress(ctx->IP_ADDRESS(0)->getText()), parseAddress(ctx->IP_ADDRESS(1)->getText()).value});
  return {};
}

antlrcpp::Any ConfigWalker::visitEigrpDefaultMetric(IosParser::EigrpDefaultMetricContext* ctx) {
  currentEigrp().default_metric =
      model::EigrpMetric{parseNumber(ctx->NUMBER(0)->getText(), 1), parseNumber(ctx->NUMBER(1)->getText())};
  return {};
}

antlrcpp::Any ConfigWalker::visitEigrpAfInterface(IosParser::EigrpAfInterfaceContext* ctx) {
  currentEigrp();  // only inside an address family
  eigrp_af_interface_ = ctx->name()->getText();
  return {};
}

antlrcpp::Any ConfigWalker::visitEigrpAfPassive(IosParser::EigrpAfPassiveContext* ctx) {
  if (eigrp_af_interface_.empty()) throw ValueError("passive-interface needs an interface or `default`");
  model::EigrpProcess& p = currentEigrp();
  bool passive = ctx->NO() == nullptr;
  if (eigrp_af_interface_ == "default")
    p.passive_default = passive;
  else
    (passive ? p.passive_interfaces : p.non_passive_interfaces).push_back(eigrp_af_interface_);
  return {};
}

antlrcpp::Any ConfigWalker::visitEigrpExitSubmode(IosParser::EigrpExitSubmodeContext*) {
  eigrp_af_interface_.clear();
  return {};
}

// `topology base`: the unicast topology, where named mode's redistribution lives.
antlrcpp::Any ConfigWalker::visitEigrpTopology(IosParser::EigrpTopologyContext* ctx) {
  if (ctx->name()->getText() != "base") throw ValueError("EIGRP topology " + ctx->name()->getText() + " is not modelled");
  return {};
}

antlrcpp::Any ConfigWalker::visitEigrpOther(IosParser::EigrpOtherContext*) {
  auto words = splitWords(currentLine());
  // The router-id and neighbour logging do not change routes; anything else (stub, ...) does.
  if (words.size() >= 2 && (words[1] == "router-id" || words[1] == "log-neighbor-changes")) return {};
  throw ValueError("EIGRP setting `eigrp " + (words.size() >= 2 ? words[1] : std::string()) + "` is not modelled");
}

// `distribute-list route-map RM|prefix PL in|out [INTERFACE]`. The access-list and gateway
// forms (`distribute-list 10 in`, `... gateway PL`) are not modelled.
antlrcpp::Any ConfigWalker::visitEigrpDistributeList(IosParser::EigrpDistributeListContext*) {
  model::EigrpProcess& p = currentEigrp();
  auto words = splitWords(currentLine());
  bool known = (words.size() == 4 || words.size() == 5) && (words[1] == "route-map" || words[1] == "prefix") &&
               (words[3] == "in" || words[3] == "out");
  if (!known) throw ValueError("this form of EIGRP distribute-list is not modelled");
  model::EigrpDistributeList list;
  list.inbound = words[3] == "in";
  list.prefix_list = words[1] == "prefix";
  // Names keep their case (splitWords lowers every word).
  std::vector<std::string> raw = splitWordsAsWritten(currentLine());
  list.name = raw[2];
  if (raw.size() == 5) list.interface = raw[4];
  list.span = here();
  p.distribute_lists.push_back(std::move(list));
  return {};
}

}  // namespace routefix::parser::ios
