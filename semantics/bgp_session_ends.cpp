#include "semantics/bgp_session_ends.h"

namespace routefix::semantics {

std::optional<UnnumberedPeer> unnumberedPeer(const model::Device& d, const model::BgpNeighbor& n,
                                             const LinkEnds& across, std::string& why) {
  const auto* itf = d.findInterface(n.interface);
  if (!itf) {
    why = "no interface " + n.interface;
    return std::nullopt;
  }
  if (!itf->routes()) {
    why = "interface " + n.interface + (itf->shutdown ? " is shut down" : " is in VRF " + itf->vrf);
    return std::nullopt;
  }
  std::string seen;
  for (const auto& end : across(*itf)) {
    seen += (seen.empty() ? "" : ", ") + end.device->name + " " + end.interface->name;
    if (!end.device->bgp || !end.interface->vrf.empty()) continue;
    if (const auto* answer = end.device->bgp->findUnnumberedNeighbor(end.interface->name))
      return UnnumberedPeer{end.node, end.device, answer, end.interface};
  }
  why = seen.empty() ? "no link on " + n.interface
                     : "no unnumbered neighbor across " + n.interface + " (" + seen + ")";
  return std::nullopt;
}

std::optional<model::Ipv4> sessionSourceAddress(const model::Device& d, const model::BgpNeighbor& n,
                                                const model::Interface* egress) {
  if (!n.update_source.empty()) {
    if (auto ip = model::Ipv4::parse(n.update_source)) return ip;
    const auto* itf = d.findInterface(n.update_source);
    if (!itf || !itf->routes() || !itf->address) return std::nullopt;
    return itf->address->address;
  }
  if (!egress || !egress->address) return std::nullopt;
  return egress->address->address;
}

}  // namespace routefix::semantics
