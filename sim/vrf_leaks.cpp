#include "sim/vrf_leaks.h"

#include <algorithm>

#include "semantics/config_rules.h"
#include "sim/vrf_instances.h"

namespace routefix::sim::detail {

void appendLeakPeerings(const Topology& topo, std::vector<BgpPeering>& peerings) {
  for (uint32_t n = 0; n < topo.nodeCount(); ++n) {
    const auto& d = topo.device(n);
    if (d.vrfs.empty()) continue;
    auto nodeOf = [&](const std::string& vrf) -> std::optional<uint32_t> {
      auto node = vrf.empty() ? std::optional<uint32_t>(n) : topo.nodeIndex(vrfInstanceName(d.name, vrf));
      if (!node || !topo.device(*node).bgp) return std::nullopt;
      return node;
    };
    for (auto& leak : semantics::vrfLeaks(d)) {
      auto from = nodeOf(leak.from), to = nodeOf(leak.to);
      if (!from || !to) continue;
      BgpPeering p;
      p.sender = *from;
      p.receiver = *to;
      p.ebgp = false;
      p.sender_as = topo.device(*from).bgp->asn;
      p.receiver_as = topo.device(*to).bgp->asn;
      p.sender_router_id = semantics::bgpRouterId(topo.device(*from));
      p.leak = std::make_shared<const semantics::VrfLeak>(std::move(leak));
      peerings.push_back(std::move(p));
    }
  }
}

bool leakSubject(const semantics::VrfLeak& leak, PolicyEvaluator& exporter, PolicyEvaluator& importer,
                 TextCommunityTable& ext, PolicySubject& subject) {
  if (leak.byRouteTarget()) {
    // The VRF's export targets; an export map that permits the route may set others (IOS
    // `set extcommunity rt`, replacing them unless `additive`); one that denies it leaves them.
    std::vector<model::TextCommunity> carried = ext.get(subject.ext_communities);
    carried.insert(carried.end(), leak.export_targets.begin(), leak.export_targets.end());
    subject.ext_communities = ext.intern(std::move(carried));
    if (!leak.export_map.empty()) {
      PolicySubject mapped = subject;
      if (exporter.applyOne(leak.export_map, mapped)) subject.ext_communities = mapped.ext_communities;
    }
    const auto& targets = ext.get(subject.ext_communities);
    if (std::none_of(leak.import_targets.begin(), leak.import_targets.end(), [&](const model::TextCommunity& t) {
          return std::binary_search(targets.begin(), targets.end(), t);
        }))
      return false;
  }
  return leak.import_map.empty() || importer.applyOne(leak.import_map, subject);
}

}  // namespace routefix::sim::detail
