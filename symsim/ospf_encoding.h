// OSPF shortest paths to one destination prefix in Z3, for intents about prefixes that OSPF
// (not BGP) carries. Per router: whether it reaches the prefix and its distance, which is the
// minimum over "owns it" (the stub interface's cost) and every adjacency (interface cost plus
// the neighbour's distance). Costs are positive, so the equalities along next hops exclude
// self-supporting cycles. Next hops are all neighbours on a shortest path (ECMP). Knobs:
// each interface's cost, and whether an interface that is not in OSPF joins it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "model/network.h"
#include "symsim/bgp_encoding.h"
#include "symsim/destination_intent.h"
#include "symsim/knobs.h"

namespace routefix::symsim {

// True when OSPF carries the prefix: some OSPF router has it as a connected subnet and no
// router puts it into BGP.
bool ospfCarries(const model::Network& network, const model::Prefix& prefix);

class OspfEncoding {
 public:
  OspfEncoding(z3::context& ctx, KnobTable& knobs, const model::Network& network,
               model::Prefix prefix, const Scenario& scenario = {});

  const z3::expr_vector& constraints() const { return constraints_; }
  std::optional<z3::expr> intent(const DestinationIntent& intent);

  z3::expr reaches(const std::string& node) const;
  z3::expr distance(const std::string& node) const;
  z3::expr nextHop(const std::string& node, const std::string& next) const;
  const model::Prefix& prefix() const { return prefix_; }

 private:
  struct Adjacency {
    std::string peer;
    z3::expr up;    // both ends run OSPF on the link (and it has not failed)
    z3::expr cost;  // this end's interface cost
  };
  struct NodeVars {
    z3::expr reach, dist, paths;
    std::optional<z3::expr> owns;  // a stub interface with the prefix in OSPF
    z3::expr own_cost;
    std::vector<Adjacency> adjacencies;
  };
  z3::expr enabled(const model::Device& d, const model::Interface& i);
  z3::expr cost(const model::Device& d, const model::Interface& i);
  z3::expr isNextHop(const NodeVars& v, const Adjacency& a) const;
  z3::expr throughStage(const std::string& node, const std::vector<std::string>& through,
                               size_t stage, std::map<std::pair<std::string, size_t>, z3::expr>& memo,
                               const std::string& tag);

  z3::context& ctx_;
  KnobTable& knobs_;
  const model::Network& network_;
  model::Prefix prefix_;
  Scenario scenario_;
  std::string tag_;
  std::map<std::string, NodeVars> nodes_;
  z3::expr_vector constraints_;
  int intent_counter_ = 0;
};

}  // namespace routefix::symsim
