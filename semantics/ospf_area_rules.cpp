#include "semantics/ospf_area_rules.h"

namespace routefix::semantics {

model::OspfAreaSettings ospfAreaSettings(const model::OspfProcess& ospf, uint32_t area) {
  for (const auto& a : ospf.areas)
    if (a.area == area) return a;
  model::OspfAreaSettings normal;
  normal.area = area;
  return normal;
}

bool ospfAreaTakesExternals(model::OspfAreaType type) { return type == model::OspfAreaType::Normal; }

bool ospfAreaTypesAgree(model::OspfAreaType a, model::OspfAreaType b) { return a == b; }

std::optional<uint32_t> ospfAbrDefaultSummaryCost(const model::VendorDefaults& vendor,
                                                  const model::OspfAreaSettings& area) {
  bool sends = area.type == model::OspfAreaType::Stub ||
               (area.type == model::OspfAreaType::Nssa && (vendor.ospf_nssa_abr_sends_default || area.no_summary));
  if (!sends) return std::nullopt;
  return area.default_cost;
}

bool ospfAbrSendsSummaries(const model::OspfAreaSettings& area) {
  return area.type == model::OspfAreaType::Normal || !area.no_summary;
}

}  // namespace routefix::semantics
