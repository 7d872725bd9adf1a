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

void appendVpnPeerings(const Topology& topo, std::vector<BgpPeering>& peerings) {
  size_t sessions = peerings.size();
  for (size_t i = 0; i < sessions; ++i) {
    const BgpPeering& session = peerings[i];
    if (session.leak || session.sender == kNone || session.ebgp || !session.sender_neighbor->vpnv4 ||
        !session.receiver_neighbor->vpnv4)
      continue;
    const auto& from = topo.device(session.sender);
    const auto& to = topo.device(session.receiver);
    for (auto& leak : semantics::vpnLeaks(from, to)) {
      auto sender = topo.nodeIndex(vrfInstanceName(from.name, leak.from));
      auto receiver = topo.nodeIndex(vrfInstanceName(to.name, leak.to));
      if (!sender || !receiver || !topo.device(*sender).bgp || !topo.device(*receiver).bgp) continue;
      BgpPeering p;
      p.sender = *sender;
      p.receiver = *receiver;
      // The session's statements, which name the peering for failure scenarios (one per
      // receiving statement, sender and receiver); their policies are the IPv4 family's.
      p.sender_neighbor = session.sender_neighbor;
      p.receiver_neighbor = session.receiver_neighbor;
      p.ebgp = false;
      p.sender_address = session.sender_address;
      p.receiver_address = session.receiver_address;
      p.sender_as = session.sender_as;
      p.receiver_as = session.receiver_as;
      p.sender_router_id = session.sender_router_id;
      p.leak = std::make_shared<const semantics::VrfLeak>(std::move(leak));
      p.vpn_resolver = session.receiver;
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
