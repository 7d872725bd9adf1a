// The exact shape of every AS's route as a function of the prepend vector, computed from
// the graph instead of learned by polling. Under Gao-Rexford the route class of each AS does
// not depend on prepending (every session is always announced; prepends only change
// lengths), so once the classes are known, each AS v has a fixed distance D_v(s) to each
// session s along links that carry its class, and for any prepend vector p:
//   length_v(p) = min_s (p_s + D_v(s)),   tie set T_v(p) = argmin_s (p_s + D_v(s)).
// An in-neighbour u (a neighbour whose routes v accepts in its class) offers an equally good
// route exactly when T_v contains a session s with D_u(s) + 1 = D_v(s), and then its own tie
// set is T_v restricted to those sessions. The lowest-id winner of v is therefore the winner
// of the lowest-ASN equally good in-neighbour (or, for sessions announced straight to v, the
// first such session) - a function of p the optimiser can encode exactly, with no
// unobserved tie outcomes left free.
#pragma once

#include <cstdint>
#include <vector>

#include "anycast/propagation.h"

namespace routefix::anycast {

class RouteModel {
 public:
  static constexpr uint16_t kUnreachable = 0xFFFF;

  explicit RouteModel(const AnycastPropagation& propagation);

  size_t sessions() const { return sessions_; }
  RouteClass routeClass(AsIndex v) const { return class_[v]; }
  // D_v(s): path length (the announcing hop counts 1) of the best route of v's class via s.
  uint16_t distance(AsIndex v, size_t s) const { return dist_[static_cast<size_t>(v) * sessions_ + s]; }

  // The neighbours whose routes v accepts in its own class, ascending by ASN (= index).
  std::vector<AsIndex> inNeighbours(AsIndex v) const;
  // Sessions announced straight to v in v's class (their next hop is the origin), ascending.
  const std::vector<size_t>& directSessions(AsIndex v) const;
  Asn originAsn() const { return origin_; }

 private:
  const AsGraph& graph_;
  size_t sessions_ = 0;
  Asn origin_ = 0;
  std::vector<RouteClass> class_;
  std::vector<uint16_t> dist_;
  std::vector<std::vector<size_t>> direct_;  // per AS, usually empty
  std::vector<size_t> no_direct_;
};

}  // namespace routefix::anycast
