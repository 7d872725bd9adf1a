// OSPFv3: FRR `router ospf6` (with `interface X area A` inside it, which FRR 8.4 still
// accepts beside the interface's `ipv6 ospf6 area A`) and IOS `ipv6 router ospf N`; the
// interfaces' `ipv6 ospf6 ...` / `ipv6 ospf ...` settings. The process block takes OSPFv2's
// statements (router-id, redistribute, passive-interface, area types, auto-cost, distance,
// maximum-paths, default-information): ConfigWalker::currentOspf() is the OSPFv3 process
// while the block is open.
#include "parser/ios/config_values.h"
#include "parser/ios/config_walker.h"

namespace routefix::parser::ios {

void ConfigWalker::openOspf6(uint32_t processId, bool inVrf) {
  model::Device& d = out_.device();
  if (inVrf) {
    enterIgnoredBlock();
    throw ValueError("OSPFv3 in a VRF is not modelled; block ignored");
  }
  if (d.ospf6 && d.ospf6->process_id != processId) {
    enterIgnoredBlock();
    throw ValueError("a second OSPFv3 process is not modelled; block ignored");
  }
  out_.ospf6(processId, here());
  mode_ = Mode::Ospf;
  ospf6_ = true;
  extendBlock();
}

antlrcpp::Any ConfigWalker::visitRouterOspf6(IosParser::RouterOspf6Context* ctx) {
  openOspf6(0, ctx->VRF() != nullptr);
  return {};
}

antlrcpp::Any ConfigWalker::visitIpv6RouterOspf(IosParser::Ipv6RouterOspfContext* ctx) {
  openOspf6(parseNumber(ctx->NUMBER()->getText(), 1, 65535), ctx->VRF() != nullptr);
  return {};
}

void ConfigWalker::setOspf6Area(model::Interface& itf, IosParser::Area_idContext* area) {
  itf.ospf6.area = parseArea(area->getText());
  itf.ospf6.area_span = here();
}

antlrcpp::Any ConfigWalker::visitOspf6InterfaceArea(IosParser::Ospf6InterfaceAreaContext* ctx) {
  if (!ospf6_) throw ValueError("interface X area A belongs to router ospf6");
  setOspf6Area(out_.interface(ctx->name()->getText(), here()), ctx->area_id());
  return {};
}

antlrcpp::Any ConfigWalker::visitIfOspf6Area(IosParser::IfOspf6AreaContext* ctx) {
  setOspf6Area(currentInterface(), ctx->area_id());
  return {};
}

antlrcpp::Any ConfigWalker::visitIfIpv6OspfProcessArea(IosParser::IfIpv6OspfProcessAreaContext* ctx) {
  uint32_t id = parseNumber(ctx->NUMBER()->getText(), 1, 65535);
  setOspf6Area(currentInterface(), ctx->area_id());
  // IOS creates the process this names when there is none yet (`show running-config` then
  // lists `ipv6 router ospf N`).
  if (!out_.device().ospf6) out_.ospf6(id, here());
  return {};
}

antlrcpp::Any ConfigWalker::visitIfOspf6Cost(IosParser::IfOspf6CostContext* ctx) {
  model::Interface& i = currentInterface();
  i.ospf6.cost = parseNumber(ctx->NUMBER()->getText(), 1, 65535);
  i.ospf6.cost_span = here();
  return {};
}

antlrcpp::Any ConfigWalker::visitIfOspf6Network(IosParser::IfOspf6NetworkContext* ctx) {
  if (ctx->WORD() && ctx->WORD()->getText() != "broadcast")
    throw ValueError("OSPFv3 network type " + ctx->WORD()->getText() + " is not modelled");
  currentInterface().ospf6.point_to_point = ctx->POINT_TO_POINT() != nullptr;
  return {};
}

antlrcpp::Any ConfigWalker::visitIfOspf6Passive(IosParser::IfOspf6PassiveContext* ctx) {
  currentInterface().ospf6.passive = ctx->NO() == nullptr;
  return {};
}

}  // namespace routefix::parser::ios
