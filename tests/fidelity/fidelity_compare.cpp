#include "tests/fidelity/fidelity_compare.h"

#include <algorithm>
#include <cctype>

namespace routefix::fidelity {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Routes neither side scores: local/kernel host routes. (EIGRP is scored since it is modelled.)
bool leftOut(const std::string& protocol) { return protocol == "local" || protocol == "kernel"; }

std::string canonicalProtocol(const std::string& protocol, const HostRules& rules) {
  if (!rules.coarse_protocols) return protocol;
  if (protocol == "ospf-ia" || protocol == "ospf-e1" || protocol == "ospf-e2") return "ospf";
  if (protocol == "ibgp" || protocol == "aggregate") return "bgp";
  return protocol;
}

std::string keysText(const std::set<std::string>& keys) {
  std::string s = "[";
  for (const auto& k : keys) s += (s.size() > 1 ? " " : "") + k;
  return s + "]";
}

// Routes by prefix; a table may in principle list a prefix twice (we keep both).
std::map<std::string, std::vector<const nlohmann::json*>> byPrefix(const nlohmann::json& routes) {
  std::map<std::string, std::vector<const nlohmann::json*>> out;
  if (!routes.is_array()) return out;
  for (const auto& r : routes) {
    std::string protocol = r.value("protocol", "");
    if (leftOut(protocol)) continue;
    out[r.value("prefix", "")].push_back(&r);
  }
  return out;
}

// Every next-hop set the device accepts for this route: its own, and for a BGP route chosen by
// arrival order among tied paths, each tied path's.
std::vector<std::set<std::string>> acceptableNextHops(const nlohmann::json& route,
                                                      bool connected) {
  std::vector<std::set<std::string>> sets{nextHopKeys(route.value("next_hops", nlohmann::json()),
                                                      connected)};
  if (auto it = route.find("tied_paths"); it != route.end() && it->is_array())
    for (const auto& path : *it)
      sets.push_back(nextHopKeys(path.value("next_hops", nlohmann::json()), connected));
  return sets;
}

// Empty when the two routes match, else what differs.
std::string difference(const nlohmann::json& device, const nlohmann::json& ours,
                       const HostRules& rules) {
  std::string theirProtocol = canonicalProtocol(device.value("protocol", ""), rules);
  std::string ourProtocol = canonicalProtocol(ours.value("protocol", ""), rules);
  if (theirProtocol != ourProtocol) return "protocol " + theirProtocol + ", ours " + ourProtocol;
  bool connected = theirProtocol == "connected";
  auto ourResolved = nextHopKeys(ours.value("next_hops", nlohmann::json()), connected);
  auto ourProtocolHops =
      nextHopKeys(ours.value("protocol_next_hops", nlohmann::json()), connected);
  auto acceptable = acceptableNextHops(device, connected);
  for (const auto& set : acceptable)
    if (set == ourResolved || (!ourProtocolHops.empty() && set == ourProtocolHops)) return "";
  std::string d = "next hops " + keysText(acceptable.front()) + ", ours " + keysText(ourResolved);
  if (!ourProtocolHops.empty()) d += " (protocol next hops " + keysText(ourProtocolHops) + ")";
  return d;
}

}  // namespace

std::set<std::string> nextHopKeys(const nlohmann::json& hops, bool connected) {
  std::set<std::string> keys;
  if (!hops.is_array()) return keys;
  for (const auto& h : hops) {
    if (h.value("discard", false)) {
      keys.insert("discard");
      continue;
    }
    auto ip = h.find("ip");
    auto iface = h.find("interface");
    bool hasIp = ip != h.end() && ip->is_string() && !ip->get<std::string>().empty();
    bool hasIface = iface != h.end() && iface->is_string() && !iface->get<std::string>().empty();
    bool linkLocal = hasIp && lower(ip->get<std::string>()).rfind("fe80:", 0) == 0;
    if (hasIp && !((connected || linkLocal) && hasIface))
      keys.insert(ip->get<std::string>());
    else if (hasIface)
      keys.insert("if:" + lower(iface->get<std::string>()));
  }
  return keys;
}

nlohmann::json findNode(const nlohmann::json& routesDoc, const std::string& host) {
  auto nodes = routesDoc.find("nodes");
  if (nodes == routesDoc.end() || !nodes->is_object()) return nullptr;
  std::string want = lower(host);
  for (auto it = nodes->begin(); it != nodes->end(); ++it)
    if (lower(it.key()) == want) return it.value().value("routes", nlohmann::json::array());
  return nullptr;
}

HostScore scoreHost(const std::string& host, const nlohmann::json& expected,
                    const nlohmann::json& ours, const HostRules& rules) {
  HostScore score;
  score.host = host;
  auto theirs = byPrefix(expected);
  auto mine = byPrefix(ours);
  for (const auto& [prefix, deviceRoutes] : theirs) {
    score.expected += deviceRoutes.size();
    auto it = mine.find(prefix);
    for (const auto* device : deviceRoutes) {
      if (it == mine.end()) {
        score.mismatches.push_back({host, prefix, Verdict::Missing,
                                    "missing (device: " + device->value("protocol", "") + ")"});
        continue;
      }
      std::string detail;
      for (const auto* candidate : it->second) {
        detail = difference(*device, *candidate, rules);
        if (detail.empty()) break;
      }
      if (detail.empty())
        ++score.matched;
      else
        score.mismatches.push_back({host, prefix, Verdict::Mismatch, detail});
    }
  }
  for (const auto& [prefix, ourRoutes] : mine) {
    if (theirs.count(prefix)) continue;
    score.extra += ourRoutes.size();
    score.mismatches.push_back(
        {host, prefix, Verdict::Extra, "extra (ours: " + ourRoutes.front()->value("protocol", "") + ")"});
  }
  std::sort(score.mismatches.begin(), score.mismatches.end(),
            [](const RouteResult& a, const RouteResult& b) { return a.prefix < b.prefix; });
  return score;
}

}  // namespace routefix::fidelity
