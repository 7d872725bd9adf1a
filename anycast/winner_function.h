// The lowest-id winner of an AS as a decision diagram over its own tie set. route_model.h
// shows that when v's tie set is T, an in-neighbour u offering sessions O_u is equally good
// exactly when T meets O_u, and u's own tie set is then T restricted to O_u. So the winner
// of v is F(v, T) with
//   F(u, T) = F(w, T & O_w) for the lowest-ASN offer w of u that meets T
//             (the first session of T for the origin's own sessions),
// a function of T alone: tests "T meets S" and PoP leaves, whatever the prepend vector.
// Encoding that function over the client's own "s is among my best" literals needs no
// variables for the ASes in between, and clients whose distances and diagrams agree get
// the very same formula (so the optimiser can merge them into one weighted soft constraint).
// Nodes are hash-consed: equal sub-functions share one id.
#pragma once

#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include "anycast/deployment.h"
#include "anycast/route_model.h"

namespace routefix::anycast {

class WinnerFunctions {
 public:
  using NodeId = uint32_t;
  using Sessions = std::vector<uint32_t>;  // ascending session indices

  struct Node {
    bool leaf = false;
    size_t pop = 0;      // leaf: the winner's PoP
    Sessions meets;      // test: the tie set meets these sessions ...
    NodeId then_node = 0;  // ... then this decides
    NodeId else_node = 0;  // ... else this
  };

  WinnerFunctions(const AsGraph& graph, const Deployment& deployment, const RouteModel& model);

  // The winner of v for every tie set that is a nonempty subset of `possible` (v's
  // candidate sessions, ascending; sessions must have a route at v).
  NodeId root(AsIndex v, const std::vector<size_t>& possible);
  const Node& node(NodeId id) const { return nodes_[id]; }
  size_t size() const { return nodes_.size(); }
  // Follows the diagram for one tie set (tied[s] = s is among the best).
  size_t evaluate(NodeId id, const std::vector<bool>& tied) const;

 private:
  NodeId build(AsIndex u, const Sessions& possible);
  NodeId leaf(size_t pop);
  NodeId test(Sessions meets, NodeId then_node, NodeId else_node);

  const AsGraph& graph_;
  const Deployment& d_;
  const RouteModel& model_;
  std::vector<Node> nodes_;
  std::map<size_t, NodeId> leaves_;
  std::map<std::tuple<Sessions, NodeId, NodeId>, NodeId> tests_;
  std::map<std::pair<AsIndex, Sessions>, NodeId> built_;
};

}  // namespace routefix::anycast
