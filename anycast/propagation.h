// Route propagation of one anycast prefix on an AS graph (Gao-Rexford): every AS prefers
// customer routes over peer routes over provider routes, then the shortest AS path, then the
// route from the lowest neighbour ASN (at an upstream with several sessions from the origin:
// the PoP listed first). Export is valley-free: customer routes go to everyone, peer and
// provider routes only to customers. Instead of simulating BGP messages, the stable state is
// computed in three phases in O(V+E): up (customer routes, climbing provider links by
// increasing path length), across (one peer hop), down (provider routes, descending).
// Loop prevention: the origin never accepts its own prefix; elsewhere a looping path is
// always strictly longer than the route the AS already holds, so it is never chosen.
#pragma once

#include <cstdint>
#include <vector>

#include "anycast/as_graph.h"
#include "anycast/deployment.h"

namespace routefix::anycast {

enum class RouteClass : uint8_t { None = 0, Provider = 1, Peer = 2, Customer = 3 };

// The stable state after one propagation. Buffers are reused across runs.
struct PropagationState {
  std::vector<RouteClass> route_class;
  std::vector<uint32_t> length;    // AS-path length of the best route, prepends included
  std::vector<Asn> next_hop;       // neighbour ASN the best route came from (origin for direct)
  std::vector<int32_t> session;    // winning session under lowest-id, -1 = no route
  size_t tie_words = 0;            // 64-bit words per AS in `ties` (0 = not tracked)
  std::vector<uint64_t> ties;      // per AS: sessions of all equally good routes (keep-all)

  // Scratch space for the bucket queue.
  std::vector<std::vector<AsIndex>> buckets;
  std::vector<uint8_t> finished;

  bool hasRoute(AsIndex v) const { return session[v] >= 0; }
  bool tied(AsIndex v, size_t s) const { return (ties[v * tie_words + s / 64] >> (s % 64)) & 1; }
  std::vector<size_t> tieSet(AsIndex v) const;  // ascending session indices
};

class AnycastPropagation {
 public:
  // Throws model::InputError if an upstream is not in the graph.
  AnycastPropagation(const AsGraph& graph, const Deployment& deployment);

  // One announcement set: session s announced with prepends[s] extra copies of the origin.
  // With track_ties, also records for every AS the sessions of all equally good routes.
  void run(const PrependVector& prepends, bool track_ties, PropagationState& state) const;

  const AsGraph& graph() const { return graph_; }
  const Deployment& deployment() const { return deployment_; }
  size_t sessionCount() const { return sessions_.size(); }

 private:
  struct SessionStart {
    AsIndex upstream;
    RouteClass route_class;  // how the upstream classifies the origin's route
  };

  const AsGraph& graph_;
  const Deployment& deployment_;
  std::vector<SessionStart> sessions_;
  int64_t origin_index_ = -1;  // the origin's index if it is in the graph
};

}  // namespace routefix::anycast
