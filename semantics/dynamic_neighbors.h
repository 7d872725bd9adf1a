// `bgp listen range` (FRR, EOS): a router accepts BGP connections from any address in the range
// and configures the peer from the range's peer group. The rule is applied to the model once,
// after every device is read, so that every engine (sim, symsim, repair's re-check) sees the
// accepted peers as the neighbor statements they behave like.
#pragma once

#include "model/network.h"

namespace routefix::semantics {

// For each router R with listen ranges, and each neighbor statement elsewhere that names one of
// R's addresses: the address the other router connects from (its update-source, else its
// address on the subnet shared with R) is accepted when it lies in a range (the first, in
// config order) and R has no statement of its own for it. R gains a neighbor for it
// (BgpNeighbor::dynamic), up to `bgp listen limit`. A peer that reaches R over several hops
// without update-source is not found (its source address depends on the IGP routes): a warning
// names it.
void acceptDynamicNeighbors(model::Network& network);

}  // namespace routefix::semantics
