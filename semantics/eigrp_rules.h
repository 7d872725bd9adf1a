// EIGRP rules that read only the configuration: which interfaces a process runs on, the
// bandwidth and delay an interface contributes, and the composite metric routes compare by.
// Cisco's EIGRP (RFC 7868) with the default K values K1 = K3 = 1, K2 = K4 = K5 = 0.
#pragma once

#include <cstdint>

#include "model/device.h"

namespace routefix::semantics {

// The bandwidth and delay an interface adds to a route received on it: the configured
// `bandwidth` / `delay`, else IOS's default for the interface type (GigabitEthernet 1 Gbit/s
// and 10 us, FastEthernet 100 Mbit/s and 100 us, Ethernet 10 Mbit/s and 1 ms, Loopback
// 8 Gbit/s and 5 ms, Serial 1,544 kbit/s and 20 ms, Tunnel 100 kbit/s and 50 ms; other
// types as GigabitEthernet).
model::EigrpMetric eigrpInterfaceMetric(const model::Interface& itf);

// Whether the process runs on the interface: up, in the default VRF, and a `network`
// statement covers its address.
bool eigrpEnabled(const model::Device& device, const model::EigrpProcess& process, const model::Interface& itf);

// `passive-interface X`, else `no passive-interface X` under `passive-interface default`.
bool eigrpPassive(const model::EigrpProcess& process, const model::Interface& itf);

// The metric routes are compared by. Classic: 256 * (10^7 / minimum bandwidth in kbit/s +
// total delay in tens of microseconds). Wide (named mode): 65536 * 10^7 / bandwidth plus
// the delay in picoseconds * 65536 / 10^6.
uint64_t eigrpCompositeMetric(const model::EigrpProcess& process, const model::EigrpMetric& m);

// The metric the routing table shows: the classic composite, or the wide one divided by the
// default rib-scale 128, capped to 32 bits.
uint32_t eigrpRibMetric(const model::EigrpProcess& process, const model::EigrpMetric& m);

}  // namespace routefix::semantics
