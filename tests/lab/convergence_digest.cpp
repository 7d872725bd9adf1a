#include "tests/lab/convergence_digest.h"

namespace routefix::lab {

using nlohmann::json;

std::vector<json> splitJsonObjects(std::string_view text) {
  std::vector<json> objects;
  int depth = 0;
  bool inString = false, escaped = false;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') inString = false;
      continue;
    }
    if (depth > 0 && c == '"') inString = true;
    else if (c == '{') {
      if (depth++ == 0) start = i;
    } else if (c == '}' && depth > 0 && --depth == 0) {
      json parsed = json::parse(text.substr(start, i - start + 1), nullptr, false);
      if (!parsed.is_discarded()) objects.push_back(std::move(parsed));
    }
  }
  return objects;
}

namespace {

template <typename T>
void copyIfPresent(const json& from, json& to, const char* key) {
  if (from.contains(key)) to[key] = from[key].get<T>();
}

json stableRoutes(const json& routeTable) {
  json out = json::object();
  for (const auto& [prefix, entries] : routeTable.items()) {
    if (!entries.is_array()) continue;
    json list = json::array();
    for (const auto& e : entries) {
      json r;
      copyIfPresent<std::string>(e, r, "protocol");
      copyIfPresent<bool>(e, r, "selected");
      copyIfPresent<bool>(e, r, "installed");
      copyIfPresent<int64_t>(e, r, "distance");
      copyIfPresent<int64_t>(e, r, "metric");
      json hops = json::array();
      for (const auto& nh : e.value("nexthops", json::array())) {
        json h;
        copyIfPresent<std::string>(nh, h, "ip");
        copyIfPresent<std::string>(nh, h, "interfaceName");
        copyIfPresent<bool>(nh, h, "active");
        copyIfPresent<bool>(nh, h, "fib");
        hops.push_back(std::move(h));
      }
      r["nexthops"] = std::move(hops);
      list.push_back(std::move(r));
    }
    out[prefix] = std::move(list);
  }
  return out;
}

json stableBgpPeers(const json& summary) {
  json out = json::object();
  for (const auto& [afi, body] : summary.items()) {
    if (!body.is_object() || !body.contains("peers")) continue;
    for (const auto& [peer, p] : body["peers"].items()) {
      // Idle/Connect/Active/OpenSent alternate while a session cannot come up: all are "down".
      out[afi + " " + peer] = {p.value("state", "") == "Established", p.value("pfxRcd", 0),
                               p.value("pfxSnt", 0)};
    }
  }
  return out;
}

json stableOspfNeighbours(const json& neighbours) {
  json out = json::object();
  if (neighbours["neighbors"].is_array()) {  // ospf6d: one list, each neighbour with its id
    for (const auto& n : neighbours["neighbors"])
      if (n.is_object())
        out["v3 " + n.value("neighborId", "") + " " + n.value("interfaceName", "")] = n.value("state", "");
    return out;
  }
  for (const auto& [id, list] : neighbours["neighbors"].items()) {
    json states = json::array();
    for (const auto& n : list) states.push_back(n.value("nbrState", n.value("state", "")));
    out[id] = std::move(states);
  }
  return out;
}

}  // namespace

json stableRoutingState(std::string_view pollOutput) {
  json state = {{"routes", json::object()}, {"bgp", json::object()}, {"ospf", json::object()}};
  for (const auto& doc : splitJsonObjects(pollOutput)) {
    if (doc.contains("neighbors")) state["ospf"].update(stableOspfNeighbours(doc));
    else if (doc.contains("ipv4Unicast")) state["bgp"].update(stableBgpPeers(doc));
    else state["routes"].update(stableRoutes(doc));
  }
  return state;
}

}  // namespace routefix::lab

namespace routefix::lab {

// Every peer of `show bgp summary json`, in every address family it lists (ipv4Unicast,
// ipv6Unicast, ipv4Vpn, ...): a session carrying IPv6 alone is not under ipv4Unicast.
template <class Visit>
void forEachBgpPeer(const json& summary, Visit visit) {
  if (!summary.is_object()) return;
  for (const auto& [family, body] : summary.items())
    if (body.is_object() && body.contains("peers") && body["peers"].is_object())
      for (const auto& [peer, p] : body["peers"].items())
        if (p.is_object()) visit(p);
}

int transientCount(std::string_view pollOutput) {
  int count = 0;
  for (const auto& doc : splitJsonObjects(pollOutput)) {
    if (doc.contains("neighbors")) {
      auto settling = [](const json& n) {
        if (!n.is_object()) return false;
        std::string s = n.value("nbrState", n.value("state", ""));
        // A Full neighbour with LSAs awaiting acknowledgement or request is still
        // flooding: a lost LSA is resent only after the 5 s retransmit interval.
        bool flooding = n.value("linkStateRetransmissionListCounter", 0) > 0 ||
                        n.value("linkStateRequestListCounter", 0) > 0;
        return (s.rfind("Full", 0) != 0 && s.rfind("2-Way", 0) != 0 && s != "TwoWay") || flooding;
      };
      const json& neighbors = doc["neighbors"];
      if (neighbors.is_array()) {  // ospf6d: one list of neighbours
        for (const auto& n : neighbors) count += settling(n);
      } else {  // ospfd: per neighbour id, a list
        for (const auto& [id, list] : neighbors.items())
          for (const auto& n : list) count += settling(n);
      }
    } else {
      forEachBgpPeer(doc, [&](const json& p) {
        std::string s = p.value("state", "");
        if (s == "OpenSent" || s == "OpenConfirm" || p.value("inq", 0) > 0 || p.value("outq", 0) > 0) ++count;
      });
    }
  }
  return count;
}

namespace {

// The nesting of this output differs between FRR releases (per VRF, under "interfaces" or
// not), so every object holding a "state" counts; ospf6d names it "ospf6InterfaceState".
int countWaiting(const json& node) {
  int count = 0;
  if (node.is_object()) {
    for (const char* key : {"state", "ospf6InterfaceState"})
      if (node.value(key, json()).is_string() && node[key] == "Waiting") ++count;
    for (const auto& [key, child] : node.items()) count += countWaiting(child);
  } else if (node.is_array()) {
    for (const auto& child : node) count += countWaiting(child);
  }
  return count;
}

}  // namespace

int waitingInterfaceCount(std::string_view ospfInterfaceOutput) {
  int count = 0;
  for (const auto& doc : splitJsonObjects(ospfInterfaceOutput)) count += countWaiting(doc);
  return count;
}

int undecidedBgpPrefixCount(std::string_view bgpTableOutput) {
  int count = 0;
  for (const auto& doc : splitJsonObjects(bgpTableOutput)) {
    const json routes = doc.value("routes", json::object());
    if (!routes.is_object()) continue;
    for (const auto& [prefix, paths] : routes.items()) {
      if (!paths.is_array()) continue;
      bool valid = false, best = false;
      for (const auto& p : paths) {
        if (!p.is_object()) continue;
        valid = valid || p.value("valid", false);
        // The table view says "bestpath": true; the detailed view nests {"overall": true}.
        const json b = p.value("bestpath", json());
        best = best || (b.is_boolean() && b.get<bool>()) || (b.is_object() && b.value("overall", false));
      }
      if (valid && !best) ++count;
    }
  }
  return count;
}

}  // namespace routefix::lab
