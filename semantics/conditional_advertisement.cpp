#include "semantics/conditional_advertisement.h"

namespace routefix::semantics {

ConditionalUpdate conditionalUpdate(const model::BgpConditionalAdvertisement& c, bool present) {
  return present == c.exist ? ConditionalUpdate::Advertise : ConditionalUpdate::Withdraw;
}

bool conditionalAdvertisementActive(const model::Device& device, const model::BgpConditionalAdvertisement& c) {
  return device.route_policies.count(c.advertise_map) && device.route_policies.count(c.condition_map);
}

ConditionalExport conditionalExport(ConditionalUpdate update, bool advertiseMapPermits) {
  if (!advertiseMapPermits) return ConditionalExport::AsUsual;
  return update == ConditionalUpdate::Advertise ? ConditionalExport::ByAdvertiseMap : ConditionalExport::Withheld;
}

}  // namespace routefix::semantics
