#include "semantics/decision.h"

#include <algorithm>

namespace routefix::semantics {

DecisionOptions decisionOptions(const model::Device& device) {
  const model::BgpProcess& bgp = *device.bgp;
  DecisionOptions o;
  o.multipath_match = device.defaults.bgp_multipath_match;
  o.always_compare_med = bgp.always_compare_med;
  o.med_missing_as_worst = bgp.med_missing_as_worst;
  o.as_path_ignore = bgp.as_path_ignore;
  o.multipath_relax = bgp.as_path_multipath_relax;
  o.maximum_paths_ebgp = std::max(1u, bgp.maximum_paths_ebgp);
  o.maximum_paths_ibgp = std::max(1u, bgp.maximum_paths_ibgp);
  return o;
}

}  // namespace routefix::semantics
