#include "semantics/add_path.h"

#include <algorithm>

namespace routefix::semantics {

AddPathSelection addPathSent(const model::Device& sender, const model::BgpNeighbor& toReceiver,
                             const model::Device& receiver, const model::BgpNeighbor& toSender) {
  AddPathSelection s;
  if (!sender.bgp || !receiver.bgp) return s;
  const auto& tx = toReceiver.add_path;
  if (!tx.transmits()) return s;
  using model::AddPathCapability;
  bool receives = false;
  if (receiver.defaults.bgp_add_path == AddPathCapability::ReceiveAlways)
    receives = true;
  else if (receiver.defaults.bgp_add_path == AddPathCapability::Configured)
    receives = toSender.add_path.receive.value_or(receiver.bgp->add_path.receive);
  if (!receives) return s;
  if (sender.defaults.bgp_add_path == AddPathCapability::Configured) {
    const auto& af = sender.bgp->add_path;
    if (!tx.send.value_or(af.send)) return s;
    s.all = tx.tx_all && af.select_all;
    s.unique_next_hops = true;
    s.best_per_as = tx.tx_best_per_as && af.select_group_best;
    if (tx.tx_best > 1 && af.select_best > 1) s.best = std::min(tx.tx_best, af.select_best);
  } else if (sender.defaults.bgp_add_path == AddPathCapability::ReceiveAlways) {
    s.all = tx.tx_all;
    s.best_per_as = tx.tx_best_per_as;
  }
  if (!s.any()) s = {};
  return s;
}

}  // namespace routefix::semantics
