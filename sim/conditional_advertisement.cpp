#include "sim/conditional_advertisement.h"

#include <algorithm>
#include <string>

namespace routefix::sim::detail {

namespace {
// Each round either settles or changes some session's type; a network with n sessions has
// 2^n type vectors, but real configurations chain conditions a few levels deep at most.
constexpr int kMaxRounds = 16;

void addSessions(uint32_t node, const model::Device& device, const model::BgpProcess& bgp, ConditionalScan& scan) {
  for (const auto& n : bgp.neighbors)
    if (n.conditional_advertisement && semantics::conditionalAdvertisementActive(device, *n.conditional_advertisement))
      scan.sessions.push_back({node, &n, &*n.conditional_advertisement});
}
}  // namespace

ConditionalScan conditionalSessions(const Topology& topo) {
  ConditionalScan scan;
  for (uint32_t i = 0; i < topo.nodeCount(); ++i)
    if (const auto& bgp = topo.device(i).bgp) addSessions(i, topo.device(i), *bgp, scan);
  scan.updates.assign(scan.sessions.size(), semantics::kInitialConditionalUpdate);
  return scan;
}

bool hasConditionalAdvertisement(const model::Network& network) {
  auto configures = [](const model::BgpProcess& bgp) {
    return std::any_of(bgp.neighbors.begin(), bgp.neighbors.end(),
                       [](const auto& n) { return n.conditional_advertisement.has_value(); });
  };
  for (const auto& d : network.devices) {
    if (d.bgp && configures(*d.bgp)) return true;
    for (const auto& [name, vrf] : d.vrfs)
      if (vrf.bgp && configures(*vrf.bgp)) return true;
  }
  return false;
}

BgpOutcome settleConditionalAdvertisement(const Topology& topo, ConditionalScan& scan,
                                          const std::function<BgpOutcome()>& run) {
  std::vector<std::vector<semantics::ConditionalUpdate>> seen;
  for (int round = 0;; ++round) {
    scan.present.assign(scan.sessions.size(), 0);
    BgpOutcome outcome = run();
    std::vector<semantics::ConditionalUpdate> next(scan.sessions.size());
    for (size_t i = 0; i < next.size(); ++i)
      next[i] = semantics::conditionalUpdate(*scan.sessions[i].config, scan.present[i]);
    if (next == scan.updates) return outcome;
    seen.push_back(scan.updates);
    bool cycles = std::find(seen.begin(), seen.end(), next) != seen.end();
    if (cycles || round + 1 == kMaxRounds) {
      for (size_t i = 0; i < next.size(); ++i)
        if (next[i] != scan.updates[i])
          outcome.warnings.push_back("conditional advertisement does not settle: " +
                                     topo.device(scan.sessions[i].node).name + " neighbor " +
                                     scan.sessions[i].neighbor->id + " (advertise-map " +
                                     scan.sessions[i].config->advertise_map +
                                     ") keeps switching between advertising and withdrawing");
      return outcome;
    }
    scan.updates = std::move(next);
  }
}

}  // namespace routefix::sim::detail
