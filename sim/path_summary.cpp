// PathSummary: a depth-first search over the forwarding graph towards one address, like
// ForwardingOutcomes. Per node: the distinct arriving node sequences are one for a path that
// ends there plus those of each distinct next node (parallel links give the same sequence);
// the nodes every surviving path crosses are the intersection over the branches of
// {next} + the next node's own set, a dropped branch constraining nothing. Reaching a node
// still on the stack closes a cycle: that node and every node reaching it is marked looping.
#include "sim/path_summary.h"

#include <algorithm>
#include <set>

#include "sim/forwarding_step.h"
#include "sim/topology.h"
#include "sim/vrf_instances.h"

namespace routefix::sim {

using namespace detail;

namespace {
// Beyond this the count only says "very many" (trace() lists at most 4,096 paths anyway).
constexpr uint64_t kManyPaths = uint64_t{1} << 40;
}  // namespace

struct PathSummary::Graph {
  enum class State : uint8_t { New, OnStack, Done };
  struct Node {
    State state = State::New;
    bool loops = false;
    bool dropped = false;
    uint64_t arriving = 0;
    uint32_t height = 0;  // longest hop count to where a path ends: orders the transit nodes
    bool last = false;    // every path from here ends here (the owner, an exit): not transit
    std::optional<std::vector<uint32_t>> transit;  // sorted node indices; nullopt: no constraint
  };

  Graph(std::shared_ptr<const Topology> topology, const DataPlane& dp, Ipv4 to)
      : holder(std::move(topology)), topo(*holder), dp(dp), to(to),
        nodes(topo.nodeCount()) {}

  static void intersect(std::optional<std::vector<uint32_t>>& into, const std::vector<uint32_t>& branch) {
    if (!into) {
      into = branch;
      return;
    }
    std::vector<uint32_t> common;
    std::set_intersection(into->begin(), into->end(), branch.begin(), branch.end(), std::back_inserter(common));
    *into = std::move(common);
  }

  void visit(uint32_t x) {
    Node& self = nodes[x];
    if (self.state != State::New) return;
    self.state = State::OnStack;
    std::optional<std::vector<uint32_t>> transit;  // intersection so far
    bool endsHere = false;
    std::set<uint32_t> next;
    if (topo.owns(x, to)) {
      endsHere = true;
    } else if (const Route* r = forwardingRoute(topo, dp, x, to)) {
      for (const auto& nh : r->next_hops) {
        ForwardingStep step = forwardOver(topo, x, *r, nh, Ipv4{0}, to);
        if (!step.outcome) {
          next.insert(step.at);
        } else if (*step.outcome == TraceOutcome::Delivered || *step.outcome == TraceOutcome::Exited) {
          endsHere = true;
        } else {
          nodes[x].dropped = true;
        }
      }
    } else {
      nodes[x].dropped = true;
    }
    if (endsHere) transit.emplace();
    uint64_t arriving = endsHere ? 1 : 0;
    uint32_t height = 0;
    for (uint32_t n : next) {
      if (nodes[n].state == State::OnStack) {
        nodes[x].loops = true;
        continue;
      }
      visit(n);
      const Node& down = nodes[n];
      Node& here = nodes[x];
      here.loops |= down.loops;
      here.dropped |= down.dropped;
      arriving = std::min(kManyPaths, arriving + down.arriving);
      height = std::max(height, down.height + 1);
      if (!down.transit) continue;  // every path through n is dropped
      std::vector<uint32_t> branch = *down.transit;
      branch.insert(std::upper_bound(branch.begin(), branch.end(), n), n);
      intersect(transit, branch);
    }
    Node& done = nodes[x];
    done.arriving = arriving;
    done.height = height;
    done.transit = std::move(transit);
    done.last = endsHere && next.empty() && !done.dropped;
    done.state = State::Done;
  }

  std::shared_ptr<const Topology> holder;
  const Topology& topo;
  const DataPlane& dp;
  Ipv4 to;
  std::vector<Node> nodes;
};

PathSummary::PathSummary(const model::Network& network, const DataPlane& dataPlane, Ipv4 to,
                         const SimulationOptions& options)
    : graph_(std::make_unique<Graph>(topologyFor(network, dataPlane, options), dataPlane, to)) {}

PathSummary::~PathSummary() = default;

PathFacts PathSummary::from(std::string_view node) {
  PathFacts facts;
  auto i = graph_->topo.nodeIndex(node);
  if (!i) {
    facts.transit.emplace();
    return facts;
  }
  graph_->visit(*i);
  const Graph::Node& n = graph_->nodes[*i];
  facts.loops = n.loops;
  facts.dropped = n.dropped;
  facts.arriving = n.arriving;
  if (n.transit) {
    // Nodes on every path lie in the same order on each (the graph below a loop-free node is
    // acyclic), so the longest distance to the end orders them.
    std::vector<uint32_t> order;
    for (uint32_t t : *n.transit)
      if (!graph_->nodes[t].last) order.push_back(t);
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return graph_->nodes[a].height > graph_->nodes[b].height; });
    facts.transit.emplace();
    for (uint32_t t : order) facts.transit->push_back(std::string(nodeVrf(graph_->topo.device(t).name).device));
  }
  return facts;
}

}  // namespace routefix::sim
