#include "semantics/dynamic_neighbors.h"

#include <map>

namespace routefix::semantics {

namespace {

// The default-VRF interface addresses (primary and secondary) of a device.
bool ownsAddress(const model::Device& d, model::Ipv4 a) {
  for (const auto& i : d.interfaces) {
    if (!i.vrf.empty()) continue;
    if (i.address && i.address->address == a) return true;
    for (const auto& s : i.secondary)
      if (s.address == a) return true;
  }
  return false;
}

// Where `device` connects to `peer` from: its update-source (an address, or an interface's
// address), else its own address on a subnet that holds the peer's.
std::optional<model::Ipv4> connectionSource(const model::Device& device, const model::BgpNeighbor& n) {
  if (!n.update_source.empty()) {
    if (auto ip = model::Ipv4::parse(n.update_source)) return ip;
    const auto* itf = device.findInterface(n.update_source);
    if (!itf || !itf->address) return std::nullopt;
    return itf->address->address;
  }
  const auto* itf = device.interfaceFor(*n.address);
  if (!itf || !itf->vrf.empty() || !itf->address) return std::nullopt;
  if (itf->address->subnet().contains(*n.address)) return itf->address->address;
  for (const auto& s : itf->secondary)
    if (s.subnet().contains(*n.address)) return s.address;
  return std::nullopt;
}

}  // namespace

void acceptDynamicNeighbors(model::Network& network) {
  for (auto& listener : network.devices) {
    if (!listener.bgp || listener.bgp->listen_ranges.empty()) continue;
    auto& bgp = *listener.bgp;
    std::map<uint32_t, bool> accepted;  // address -> added (ordered: deterministic warnings)
    for (const auto& peer : network.devices) {
      if (&peer == &listener || !peer.bgp) continue;
      for (const auto& n : peer.bgp->neighbors) {
        if (!n.address || n.shutdown || !ownsAddress(listener, *n.address)) continue;
        auto source = connectionSource(peer, n);
        if (!source) {
          bool configured = false;
          for (const auto& own : bgp.neighbors) configured = configured || (own.address && ownsAddress(peer, *own.address));
          if (configured) continue;
          network.warnings.push_back({n.span.file, n.span.first_line, "neighbor " + n.id,
                                      peer.name + " connects to " + listener.name +
                                          "'s listen range from an address found only over the IGP "
                                          "(no update-source): not accepted by the model"});
          continue;
        }
        if (bgp.findNeighbor(*source) || accepted.count(source->value)) continue;
        for (const auto& r : bgp.listen_ranges) {
          if (!r.range.contains(*source)) continue;
          if (accepted.size() >= bgp.listen_limit) {
            network.warnings.push_back({r.span.file, r.span.first_line, "bgp listen range " + r.range.str(),
                                        "bgp listen limit " + std::to_string(bgp.listen_limit) +
                                            " reached: " + source->str() + " refused"});
            break;
          }
          model::BgpNeighbor dynamic = r.group;
          dynamic.id = source->str();
          dynamic.address = *source;
          accepted[source->value] = true;
          bgp.neighbors.push_back(std::move(dynamic));
          break;
        }
      }
    }
  }
}

}  // namespace routefix::semantics
