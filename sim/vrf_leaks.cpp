#include "sim/vrf_leaks.h"

#include <algorithm>
#include <iterator>

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

namespace {

// The VPN peerings for routes `exporter` sends to `importer`: over `first` (exporter -> its
// peer), which is also the last hop when `last` is null, else reflected by first's receiver
// over `last` (that route reflector -> importer).
void addVpnPeerings(const Topology& topo, const BgpPeering& first, const BgpPeering* last,
                    std::vector<BgpPeering>& out) {
  const BgpPeering& into = last ? *last : first;
  const auto& from = topo.device(first.sender);
  const auto& to = topo.device(into.receiver);
  for (auto& leak : semantics::vpnLeaks(from, to)) {
    auto sender = topo.nodeIndex(vrfInstanceName(from.name, leak.from));
    auto receiver = topo.nodeIndex(vrfInstanceName(to.name, leak.to));
    if (!sender || !receiver || !topo.device(*sender).bgp || !topo.device(*receiver).bgp) continue;
    BgpPeering p;
    p.sender = *sender;
    p.receiver = *receiver;
    // The statements at both ends of the hop into the importer name the peering for failure
    // scenarios (one per receiving statement, sender and receiver); their policies are the
    // IPv4 family's and do not apply.
    p.sender_neighbor = into.sender_neighbor;
    p.receiver_neighbor = into.receiver_neighbor;
    p.ebgp = false;
    p.sender_address = first.sender_address;  // the exporting PE's end: the next hop
    p.receiver_address = into.receiver_address;
    p.sender_as = first.sender_as;
    p.receiver_as = into.receiver_as;
    p.sender_router_id = first.sender_router_id;
    p.leak = std::make_shared<const semantics::VrfLeak>(std::move(leak));
    p.vpn_resolver = into.receiver;
    out.push_back(std::move(p));
  }
}

}  // namespace

void appendVpnPeerings(const Topology& topo, std::vector<BgpPeering>& peerings) {
  std::vector<const BgpPeering*> vpn;  // iBGP sessions both ends activated for VPNv4
  for (const auto& p : peerings)
    if (!p.leak && p.sender != kNone && !p.ebgp && p.sender_neighbor->vpnv4 && p.receiver_neighbor->vpnv4)
      vpn.push_back(&p);
  std::vector<BgpPeering> added;
  for (const BgpPeering* first : vpn) {
    addVpnPeerings(topo, *first, nullptr, added);
    // One route reflector between the PEs (no VRFs needed there): it passes a client's routes
    // to every peer and anyone's to its clients; the next hop stays the exporting PE's.
    for (const BgpPeering* last : vpn)
      if (last->sender == first->receiver && last->receiver != first->sender &&
          (first->sender_is_client || last->receiver_is_client))
        addVpnPeerings(topo, *first, last, added);
  }
  peerings.insert(peerings.end(), std::make_move_iterator(added.begin()), std::make_move_iterator(added.end()));
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
