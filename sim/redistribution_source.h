// Which routes a `redistribute <protocol> [N]` statement takes, by the route's protocol: one
// rule for redistribution into BGP, OSPF and EIGRP. Vendor rules on top of it (iBGP into an
// IGP, the connected subnets a source protocol runs on) stay with the receiving protocol.
#pragma once

#include "model/device.h"
#include "sim/dataplane.h"

namespace routefix::sim::detail {

// A route of protocol `p` (learned by EIGRP AS `eigrpAs`, if EIGRP).
inline bool takenFromSource(const model::Redistribution& r, Protocol p, uint32_t eigrpAs = 0) {
  switch (r.source) {
    case model::RouteSource::Connected: return p == Protocol::Connected;
    case model::RouteSource::Static: return p == Protocol::Static;
    case model::RouteSource::Aggregate: return p == Protocol::Aggregate;
    case model::RouteSource::Ospf:
      return p == Protocol::Ospf || p == Protocol::OspfInterArea || p == Protocol::OspfE1 || p == Protocol::OspfE2;
    case model::RouteSource::Bgp: return p == Protocol::Bgp;  // eBGP; iBGP is the receiver's rule
    case model::RouteSource::Eigrp:
      return (p == Protocol::Eigrp || p == Protocol::EigrpExternal) && (r.process == 0 || eigrpAs == r.process);
    case model::RouteSource::Kernel: return false;
  }
  return false;
}

inline bool takenFromSource(const model::Redistribution& r, const Route& route) {
  return takenFromSource(r, route.protocol, route.eigrp_as);
}

// The BGP routes an IGP's `redistribute bgp` takes: eBGP ones, and iBGP and aggregate ones
// where the device redistributes internal routes (IOS `bgp redistribute-internal`, its VRFs,
// FRR and Junos: BgpProcess::redistribute_internal).
inline bool takenFromBgp(const model::Device& d, const Route& route) {
  if (route.protocol == Protocol::Ibgp || route.protocol == Protocol::Aggregate) return d.bgp && d.bgp->redistribute_internal;
  return route.protocol == Protocol::Bgp;
}

}  // namespace routefix::sim::detail
