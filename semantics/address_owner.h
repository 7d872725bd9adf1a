// Which device a router means when it names an address that several interfaces hold (VRF
// instances reuse each other's addresses; separate segments may reuse a subnet, as FRR's
// topotests do), written once for sim's Topology::owner and symsim's session graph. A
// template over the engine's notion of an owner and of its links.
#pragma once

#include <vector>

namespace routefix::semantics {

// Of the holders of one address (the engine's order), the one a router means: one of its own
// interfaces (`own`), else one across a link from it (`across`), else the first.
template <class Owner, class Own, class Across>
const Owner& addressOwnerSeenFrom(const std::vector<Owner>& holders, const Own& own, const Across& across) {
  for (const auto& o : holders)
    if (own(o)) return o;
  for (const auto& o : holders)
    if (across(o)) return o;
  return holders.front();
}

}  // namespace routefix::semantics
