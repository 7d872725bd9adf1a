// A route's next hops, shared between routes (see shared_list.h): one copy per route made the
// next hops most of the RIB's memory and of the time spent building it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/network.h"
#include "sim/shared_list.h"

namespace routefix::sim {

struct NextHop {
  std::optional<model::Ipv4> ip;  // none for connected routes and interface statics
  std::string interface;          // egress interface on this node
  std::string node;               // neighbouring device, or "" when it is outside the snapshot
  bool discard = false;           // Null0 / blackhole / discard
  auto operator<=>(const NextHop&) const = default;
};

using NextHops = SharedList<NextHop>;

}  // namespace routefix::sim
