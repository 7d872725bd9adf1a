#include "semantics/bgp_roles.h"

namespace routefix::semantics {

using model::BgpRole;

model::BgpRole effectiveRole(const model::BgpNeighbor& neighbor, bool ebgp) {
  return ebgp ? neighbor.local_role : BgpRole::None;
}

namespace {
bool pairAllowed(BgpRole local, BgpRole remote) {
  return (local == BgpRole::Peer && remote == BgpRole::Peer) ||
         (local == BgpRole::Provider && remote == BgpRole::Customer) ||
         (local == BgpRole::Customer && remote == BgpRole::Provider) ||
         (local == BgpRole::RsServer && remote == BgpRole::RsClient) ||
         (local == BgpRole::RsClient && remote == BgpRole::RsServer);
}
}  // namespace

std::string roleRefusal(const model::BgpNeighbor& a, const model::BgpNeighbor& b, bool ebgp) {
  BgpRole ra = effectiveRole(a, ebgp), rb = effectiveRole(b, ebgp);
  if (ra != BgpRole::None && rb != BgpRole::None && !pairAllowed(ra, rb)) return "BGP roles do not match";
  if ((ra != BgpRole::None && a.role_strict && rb == BgpRole::None) ||
      (rb != BgpRole::None && b.role_strict && ra == BgpRole::None))
    return "strict-mode BGP role and no role on the other end";
  return {};
}

bool otcAccepts(BgpRole role, uint32_t peerAs, uint32_t& otc) {
  if (otc != 0) {
    if (role == BgpRole::Provider || role == BgpRole::RsServer) return false;
    return !(role == BgpRole::Peer && otc != peerAs);
  }
  if (role == BgpRole::Customer || role == BgpRole::Peer || role == BgpRole::RsClient) otc = peerAs;
  return true;
}

bool otcSends(BgpRole role, uint32_t ownAs, uint32_t& otc) {
  if (otc != 0) return !(role == BgpRole::Customer || role == BgpRole::RsClient || role == BgpRole::Peer);
  if (role == BgpRole::Provider || role == BgpRole::Peer || role == BgpRole::RsServer) otc = ownAs;
  return true;
}

}  // namespace routefix::semantics
