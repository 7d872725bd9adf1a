// Which neighbor statement on the other router answers a router's BGP neighbor statement: the
// pairing rules sim's establishSessions (sim/bgp_sessions.cpp) and symsim's session graph
// (symsim/session_graph.cpp) share. Each engine brings its own view of the network (sim its
// RIBs and segments, symsim the configuration alone); the rule that reads the statements is
// this one.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/device.h"

namespace routefix::semantics {

// An interface at the far end of a link, as the engine's topology has it.
struct LinkEnd {
  uint32_t node = 0;  // the device's index in the engine's device list
  const model::Device* device = nullptr;
  const model::Interface* interface = nullptr;
};

// The up interfaces across the links of an interface.
using LinkEnds = std::function<std::vector<LinkEnd>(const model::Interface&)>;

// The answering end of an unnumbered statement.
struct UnnumberedPeer {
  uint32_t node = 0;
  const model::Device* device = nullptr;
  const model::BgpNeighbor* neighbor = nullptr;
  const model::Interface* interface = nullptr;  // the peer's end of the link
};

// The other end of an unnumbered statement (FRR `neighbor swp1 interface ...`, EOS `neighbor
// interface Ethernet1 peer-group G`) on device d: the first device across the interface (up,
// in the default VRF) that configures an unnumbered neighbor on its own end of the link. The
// session runs over the two ends' IPv6 link-local addresses (RFC 5549), so nothing else can
// answer it. None, with the reason in `why`, when no device does.
std::optional<UnnumberedPeer> unnumberedPeer(const model::Device& d, const model::BgpNeighbor& n,
                                             const LinkEnds& across, std::string& why);

// The address a router opens a numbered session from, which the peer must have configured as
// its neighbor (FRR and IOS accept a connection from a configured address only): the
// statement's update-source (an address, or an up interface of the default VRF with an
// address), else the address of `egress`, the interface the router's route to the peer leaves
// by (the engine's lookup: sim the IGP's RIB, symsim the connected subnets). None if neither
// gives one.
std::optional<model::Ipv4> sessionSourceAddress(const model::Device& d, const model::BgpNeighbor& n,
                                                const model::Interface* egress);

}  // namespace routefix::semantics
