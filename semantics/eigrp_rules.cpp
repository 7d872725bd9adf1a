#include "semantics/eigrp_rules.h"

#include <algorithm>
#include <limits>
#include <string>

#include "model/names.h"

namespace routefix::semantics {

namespace {

bool startsWith(const std::string& lower, const char* prefix) { return lower.rfind(prefix, 0) == 0; }

model::EigrpMetric typeDefault(const model::Interface& itf) {
  std::string n = model::lowercase(itf.name);
  if (itf.isLoopback()) return {8000000, 500};
  if (startsWith(n, "fastethernet")) return {100000, 10};
  if (startsWith(n, "ethernet")) return {10000, 100};
  if (startsWith(n, "serial")) return {1544, 2000};
  if (startsWith(n, "tunnel")) return {100, 5000};
  if (startsWith(n, "tengigabitethernet")) return {10000000, 1};
  return {1000000, 1};
}

}  // namespace

model::EigrpMetric eigrpInterfaceMetric(const model::Interface& itf) {
  model::EigrpMetric m = typeDefault(itf);
  if (itf.bandwidth_kbps) m.bandwidth_kbps = itf.bandwidth_kbps;
  if (itf.delay_tens_usec) m.delay_tens_usec = *itf.delay_tens_usec;
  return m;
}

bool eigrpEnabled(const model::Device& device, const model::EigrpProcess& process, const model::Interface& itf) {
  auto source = device.sourceAddress(itf);
  if (!itf.routes() || !source) return false;
  return std::any_of(process.networks.begin(), process.networks.end(),
                     [&](const model::WildcardMatch& w) { return w.matches(source->address); });
}

bool eigrpPassive(const model::EigrpProcess& process, const model::Interface& itf) {
  auto listed = [&](const std::vector<std::string>& names) {
    return std::any_of(names.begin(), names.end(),
                       [&](const std::string& n) { return model::equalsIgnoreCase(n, itf.name); });
  };
  if (listed(process.passive_interfaces)) return true;
  if (listed(process.non_passive_interfaces)) return false;
  return process.passive_default;
}

uint64_t eigrpCompositeMetric(const model::EigrpProcess& process, const model::EigrpMetric& m) {
  uint64_t bandwidth = std::max<uint64_t>(m.bandwidth_kbps, 1);
  if (!process.wide_metrics) return 256 * (10000000 / bandwidth + m.delay_tens_usec);
  // Wide: throughput 65536 * 10^7 / kbit/s; latency 65536 per microsecond of delay.
  return 65536ull * 10000000 / bandwidth + m.delay_tens_usec * 10 * 65536;
}

uint32_t eigrpRibMetric(const model::EigrpProcess& process, const model::EigrpMetric& m) {
  uint64_t c = eigrpCompositeMetric(process, m);
  if (process.wide_metrics) c /= 128;
  return static_cast<uint32_t>(std::min<uint64_t>(c, std::numeric_limits<uint32_t>::max()));
}

}  // namespace routefix::semantics
