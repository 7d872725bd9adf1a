#include "semantics/session_as_path.h"

#include <algorithm>

#include "semantics/config_rules.h"

namespace routefix::semantics {

bool privateAs(uint32_t asn) {
  return (asn >= 64512u && asn <= 65535u) || (asn >= 4200000000u && asn <= 4294967294u);
}

std::vector<uint32_t> ebgpExportPrepend(const model::BgpProcess& bgp, const model::BgpNeighbor& toward) {
  uint32_t presented = presentedAs(bgp, toward);
  if (!toward.local_as || *toward.local_as == bgp.asn) return {presented};
  uint32_t own = bgp.confederation_id.value_or(bgp.asn);
  bool hideOwn = toward.local_as_replace_as || (privateAs(own) && toward.remove_private_as);
  if (hideOwn) return {presented};
  return {presented, own};
}

std::optional<uint32_t> receivedPathPrepend(const model::BgpProcess& bgp, const model::BgpNeighbor& from) {
  if (!from.local_as || *from.local_as == bgp.asn || from.local_as_no_prepend) return std::nullopt;
  return from.local_as;
}

std::optional<AsOverride> asOverride(const model::BgpNeighbor& toward, bool ebgp, bool confed, uint32_t peerAs,
                                     uint32_t ownAs) {
  if (!ebgp || confed || !toward.as_override) return std::nullopt;
  return AsOverride{peerAs, ownAs};
}

std::vector<std::optional<uint32_t>> withoutPrivateAs(const model::VendorDefaults& vendor,
                                                      const model::BgpNeighbor& toward,
                                                      const std::vector<uint32_t>& path, uint32_t ownAs,
                                                      uint32_t peerAs) {
  if (!toward.remove_private_as || path.empty()) return {};
  std::vector<std::optional<uint32_t>> out(path.begin(), path.end());
  if (vendor.bgp_remove_private_leading_only) {
    for (size_t i = 0; i < path.size() && privateAs(path[i]) && path[i] != peerAs; ++i) out[i].reset();
    return out;
  }
  if (!toward.remove_private_as_all && !std::all_of(path.begin(), path.end(), privateAs)) return {};
  for (size_t i = 0; i < path.size(); ++i)
    if (privateAs(path[i]) && path[i] != peerAs) {
      if (toward.remove_private_as_replace)
        out[i] = ownAs;
      else
        out[i].reset();
    }
  return out;
}

}  // namespace routefix::semantics
