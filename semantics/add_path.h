// BGP add-path (RFC 7911) in IPv4 unicast: which paths a router sends a peer over one session
// besides its best, as FRR 8.4 and IOS decide it. The engine keeps every path a session
// delivers in the receiver's Adj-RIB-In, where the decision process and multipath see them.
// Engines: sim (bgp_engine.cpp); symsim sends the best path only (sim_equivalence_gaps.txt).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "model/device.h"

namespace routefix::semantics {

// The paths a session carries besides the best one (none when nothing is set).
struct AddPathSelection {
  bool all = false;               // every valid path
  bool best_per_as = false;       // the best path of each neighbouring AS
  uint32_t best = 0;              // the N best paths (N > 1)
  bool unique_next_hops = false;  // `all` takes the first path of each next hop (IOS)
  bool any() const { return all || best_per_as || best > 1; }
  bool operator==(const AddPathSelection&) const = default;
};

// What the sender's statement for the receiver (`toReceiver`) sends over the session, given
// the receiver's statement for the sender (`toSender`): only when the sender offers to send
// and the receiver to receive (the capability's two directions, RFC 7911 section 4).
// FRR (VendorDefaults::bgp_add_path ReceiveAlways) offers to receive on every session and to
// send where a neighbor has `addpath-tx-*` (bgp_open.c bgp_open_capability); IOS
// (Configured) negotiates by `additional-paths send|receive` of the
// neighbor, else of the address family, and advertises only choices `bgp additional-paths
// select` made eligible (`best N`: the smaller N). Other vendors send and receive none.
AddPathSelection addPathSent(const model::Device& sender, const model::BgpNeighbor& toReceiver,
                             const model::Device& receiver, const model::BgpNeighbor& toSender);

// Which of a router's valid paths for a prefix, ranked best first (`count` of them), go to the
// peer: the best always (it is sent without add-path too), then what `s` chooses (FRR
// bgp_addpath_tx_path: all, or the DMED-selected best of each group of paths with the same
// leftmost AS). groupOf(i) is path i's neighbouring AS (0 for an empty path), nextHopOf(i) its
// next hop. Returns one flag per path.
template <class GroupOf, class NextHopOf>
std::vector<char> addPathChosen(const AddPathSelection& s, size_t count, GroupOf groupOf, NextHopOf nextHopOf) {
  std::vector<char> chosen(count, 0);
  if (count == 0) return chosen;
  chosen[0] = 1;
  for (size_t i = 1; i < count; ++i) {
    bool take = s.best > i;
    if (s.all) {
      bool fresh = true;
      if (s.unique_next_hops)
        for (size_t j = 0; j < i && fresh; ++j) fresh = nextHopOf(j) != nextHopOf(i);
      take = take || fresh;
    }
    if (s.best_per_as) {  // ranked best first: the first of its group is the group's best
      bool first = true;
      for (size_t j = 0; j < i && first; ++j) first = groupOf(j) != groupOf(i);
      take = take || first;
    }
    chosen[i] = take;
  }
  return chosen;
}

}  // namespace routefix::semantics
