#include "tests/lab/rib_compare.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace routefix::lab {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string str(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

std::optional<int64_t> integer(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<int64_t>();
}

bool flag(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_boolean() && it->get<bool>();
}

std::string ospfProtocol(const std::string& routeType) {
  if (routeType == "N") return "ospf";
  if (routeType == "N IA") return "ospf-ia";
  if (routeType == "N E1") return "ospf-e1";
  if (routeType == "N E2") return "ospf-e2";
  return "";
}

// ospf6d's path types, as `show ipv6 ospf6 route json` writes them ("IA" is intra-area there,
// "IE" inter-area: ospf6_path_type_substr).
std::string ospf6Protocol(const std::string& pathType) {
  if (pathType == "IA") return "ospf";
  if (pathType == "IE") return "ospf-ia";
  if (pathType == "E1") return "ospf-e1";
  if (pathType == "E2") return "ospf-e2";
  return "";
}

std::string protocolFamily(const std::string& p) {
  if (p.rfind("ospf", 0) == 0) return "ospf";
  if (p == "ibgp" || p == "aggregate") return "bgp";
  return p;
}

const json* bestBgpPath(const json& paths) {
  for (const auto& p : paths)
    if (flag(p, "bestpath")) return &p;
  return nullptr;
}

// A path's BGP next hops as routefix names them. Of an IPv4 route, an IPv6 one (BGP
// unnumbered, RFC 5549: the link-local address of the peer's end of the link, global or not) is
// "", as routefix names no address for it. Of an IPv6 route, the global one; the link-local
// address FRR receives beside it is the kernel's (routefix names the interface instead).
std::set<std::string> pathNextHopIps(const json& path, bool ipv6Route) {
  std::set<std::string> ips;
  for (const auto& nh : path.value("nexthops", json::array())) {
    auto ip = str(nh, "ip");
    if (ip.empty()) continue;
    if (!ipv6Route) ips.insert(ip.find(':') == std::string::npos ? ip : "");
    else if (str(nh, "scope") != "link-local" && ip.rfind("fe80:", 0) != 0) ips.insert(ip);
  }
  return ips;
}

// The BGP next hops the route was installed with: the best path's and its multipath members'.
std::set<std::string> chosenNextHopIps(const json& paths, bool ipv6Route) {
  std::set<std::string> ips;
  for (const auto& p : paths)
    if (flag(p, "bestpath") || flag(p, "multipath")) ips.merge(pathNextHopIps(p, ipv6Route));
  return ips;
}

// FRR prints an AS path as text ("path"): "65002 65003", confed segments in parentheses, an
// AS_SET in braces ("{65004,65005}"), asdot where configured ("1.10"). routefix's as_path is the
// same ASes as one flat list.
std::optional<std::vector<int64_t>> frrAsPath(const json& path) {
  auto it = path.find("path");
  if (it == path.end() || !it->is_string()) return std::nullopt;
  std::string text = it->get<std::string>();
  std::replace_if(text.begin(), text.end(), [](char c) { return c == '(' || c == ')' || c == '{' ||
                                                                c == '}' || c == ','; }, ' ');
  std::istringstream words(text);
  std::vector<int64_t> asns;
  for (std::string w; words >> w;) {
    size_t dot = w.find('.');
    try {
      asns.push_back(dot == std::string::npos ? std::stoll(w)
                                              : std::stoll(w.substr(0, dot)) * 65536 + std::stoll(w.substr(dot + 1)));
    } catch (const std::exception&) {
      return std::nullopt;  // not an AS path we can read: not compared
    }
  }
  return asns;
}

std::string formatAddresses(const std::set<std::string>& ips) {
  std::string out = "{";
  for (const auto& ip : ips) out += (out.size() > 1 ? ", " : "") + (ip.empty() ? std::string("unnumbered") : ip);
  return out + "}";
}

std::string formatAsPath(const std::vector<int64_t>& asns) {
  std::string out = "[";
  for (int64_t as : asns) out += (out.size() > 1 ? " " : "") + std::to_string(as);
  return out + "]";
}

json readJsonOrEmpty(const fs::path& file) {
  std::ifstream in(file);
  if (!in) return json::object();
  json doc = json::parse(in, nullptr, false);
  return doc.is_discarded() ? json::object() : doc;
}

std::string formatNextHops(const std::set<LabNextHop>& hops) {
  std::string out = "{";
  for (const auto& h : hops) {
    if (out.size() > 1) out += ", ";
    if (h.discard) out += "discard";
    else out += (h.ip.empty() ? "" : h.ip + " ") + h.interface;
  }
  return out + "}";
}

std::string describe(const LabRoute& r) {
  std::string s = r.protocol + " " + formatNextHops(r.next_hops);
  if (!r.via.empty()) {
    s += " via";
    for (const auto& v : r.via) s += " " + v;
  }
  return s;
}

std::set<std::string> ipsOf(const std::set<LabNextHop>& hops) {
  std::set<std::string> ips;
  for (const auto& h : hops) ips.insert(h.ip);
  return ips;
}

std::set<std::string> interfacesOf(const std::set<LabNextHop>& hops) {
  std::set<std::string> ifs;
  for (const auto& h : hops) ifs.insert(h.interface);
  return ifs;
}

// Equal forwarding, or routefix names the BGP next hop itself (recursive) with the egress
// interfaces FRR resolved it to.
bool sameNextHops(const LabRoute& frr, const LabRoute& rf) {
  if (frr.next_hops == rf.next_hops) return true;
  return !frr.via.empty() && ipsOf(rf.next_hops) == frr.via &&
         interfacesOf(rf.next_hops) == interfacesOf(frr.next_hops);
}

bool sameProtocol(const LabRoute& frr, const LabRoute& rf) {
  if (frr.protocol_refined) return frr.protocol == rf.protocol;
  return protocolFamily(frr.protocol) == protocolFamily(rf.protocol);
}

// Administrative distance always; the metric where both sides mean the same path cost by it
// (OSPF intra-area, inter-area, E1). "" when nothing differs.
std::string costDifference(const LabRoute& frr, const LabRoute& rf) {
  std::string out;
  if (frr.distance && rf.distance && *frr.distance != *rf.distance)
    out = "distance " + std::to_string(*frr.distance) + " vs " + std::to_string(*rf.distance);
  static const std::set<std::string> costed = {"ospf", "ospf-ia", "ospf-e1"};
  if (frr.protocol_refined && costed.count(frr.protocol) && frr.metric && rf.metric &&
      *frr.metric != *rf.metric)
    out += (out.empty() ? "metric " : ", metric ") + std::to_string(*frr.metric) + " vs " +
           std::to_string(*rf.metric);
  return out;
}

// The BGP next hops and AS path of the chosen path(s), where both sides give them. "" when
// nothing differs.
std::string bgpDifference(const LabRoute& frr, const LabRoute& rf) {
  std::string out;
  if (frr.bgp_next_hops && rf.bgp_next_hops && *frr.bgp_next_hops != *rf.bgp_next_hops)
    out = "BGP next hop " + formatAddresses(*frr.bgp_next_hops) + " vs " + formatAddresses(*rf.bgp_next_hops);
  if (frr.as_path && rf.as_path && *frr.as_path != *rf.as_path)
    out += (out.empty() ? "AS path " : ", AS path ") + formatAsPath(*frr.as_path) + " vs " +
           formatAsPath(*rf.as_path);
  return out;
}

bool wildcardEquals(const std::string& pattern, const std::string& value) {
  return pattern == "*" || pattern == value;
}

std::string verdictName(Verdict v) {
  switch (v) {
    case Verdict::Match: return "match";
    case Verdict::OlderPathTie: return "older-path-tie";
    case Verdict::Known: return "known";
    case Verdict::Mismatch: return "mismatch";
    case Verdict::MissingInRoutefix: return "missing";
    case Verdict::ExtraInRoutefix: return "extra";
  }
  return "?";
}

json routeToJson(const LabRoute* r) {
  if (!r) return nullptr;
  json hops = json::array();
  for (const auto& h : r->next_hops)
    hops.push_back({{"ip", h.ip}, {"interface", h.interface}, {"discard", h.discard}});
  json out = {{"protocol", r->protocol}, {"next_hops", hops}};
  if (!r->via.empty()) out["via"] = r->via;
  if (r->bgp_next_hops) out["bgp_next_hops"] = *r->bgp_next_hops;
  if (r->as_path) out["as_path"] = *r->as_path;
  return out;
}

}  // namespace

namespace {

// The installed entry of one prefix in `show ip[v6] route json`, protocol as FRR names it.
std::optional<LabRoute> installedRoute(const json& entries, bool linkLocalIsConfigured) {
  if (!entries.is_array()) return std::nullopt;
  for (const auto& e : entries) {
    if (!flag(e, "selected")) continue;
    LabRoute route;
    route.protocol = str(e, "protocol");
    route.distance = integer(e, "distance");
    route.metric = integer(e, "metric");
    for (const auto& nh : e.value("nexthops", json::array())) {
      if (flag(nh, "recursive")) {
        route.via.insert(str(nh, "ip"));
        continue;
      }
      if (!flag(nh, "active")) continue;
      if (nh.contains("unreachable")) {
        route.next_hops.insert({"", "", true});
        continue;
      }
      // BGP unnumbered (RFC 5549): the IPv6 link-local next hop of an IPv4 route is the
      // kernel's address for the peer's end of the link; the configs decide only the interface.
      std::string ip = str(nh, "ip");
      if (!linkLocalIsConfigured && ip.rfind("fe80:", 0) == 0) ip.clear();
      route.next_hops.insert({ip, str(nh, "interfaceName"), false});
    }
    return route;
  }
  return std::nullopt;
}

}  // namespace

namespace {

// An installed BGP route (FRR says only "bgp") refined by the BGP table of its family:
// iBGP or aggregate, the BGP next hops and AS path of the chosen paths.
void refineBgpRoute(const std::string& prefix, const json& bgpRoutes, bool ipv6Route, LabRoute& route,
                    FrrRouterState& state) {
  auto it = bgpRoutes.find(prefix);
  const json* best = it != bgpRoutes.end() ? bestBgpPath(*it) : nullptr;
  if (!best) {
    route.protocol_refined = false;
    return;
  }
  // A best path from no peer is locally originated or leaked from another VRF (`import vrf`:
  // its next hop's VRF named as nhVrfName); the only originated route bgpd installs is an
  // aggregate (a blackhole at distance 200).
  if (str(*best, "peerId") == "(unspec)" && !best->contains("nhVrfName")) route.protocol = "aggregate";
  else if (str(*best, "pathFrom") == "internal") route.protocol = "ibgp";
  if (route.protocol != "aggregate") {
    route.bgp_next_hops = chosenNextHopIps(*it, ipv6Route);
    route.as_path = frrAsPath(*best);
  }
  if (str(*best, "selectionReason") == "Older Path") {
    auto& candidates = state.older_path_candidates[prefix];
    for (const auto& p : *it)
      if (flag(p, "valid")) candidates.push_back(pathNextHopIps(p, ipv6Route));
  }
}

}  // namespace

FrrRouterState frrRouterState(const json& routeJson, const json& bgpJson, const json& ospfRouteJson) {
  FrrRouterState state;
  const json bgpRoutes = bgpJson.value("routes", json::object());
  for (const auto& [prefix, entries] : routeJson.items()) {
    auto installed = installedRoute(entries, false);
    if (!installed) continue;
    LabRoute route = std::move(*installed);
    if (route.protocol == "ospf") {
      auto it = ospfRouteJson.find(prefix);
      std::string refined = it != ospfRouteJson.end() ? ospfProtocol(str(*it, "routeType")) : "";
      if (refined.empty()) route.protocol_refined = false;
      else route.protocol = refined;
    } else if (route.protocol == "bgp") {
      refineBgpRoute(prefix, bgpRoutes, false, route, state);
    }
    state.rib[prefix] = std::move(route);
  }
  return state;
}

void addFrrIpv6Routes(FrrRouterState& state, const json& route6Json, const json& bgp6Json,
                      const json& ospf6RouteJson) {
  const json bgpRoutes = bgp6Json.value("routes", json::object());
  const json ospfRoutes = ospf6RouteJson.value("routes", json::object());
  for (const auto& [prefix, entries] : route6Json.items()) {
    if (prefix.rfind("fe80:", 0) == 0) continue;
    auto route = installedRoute(entries, true);
    if (!route) continue;
    if (route->protocol == "ospf6") {  // intra-area, inter-area or external: ospf6d tells
      auto it = ospfRoutes.find(prefix);
      std::string refined = it != ospfRoutes.end() && it->is_object() ? ospf6Protocol(str(*it, "pathType")) : "";
      route->protocol = refined.empty() ? "ospf" : refined;
      route->protocol_refined = !refined.empty();
    }
    // BGP and OSPFv3 forward to the neighbour's link-local address, which the kernel chose
    // (routefix names the interface); a static's link-local next hop is the configured one.
    if (route->protocol == "bgp" || route->protocol.rfind("ospf", 0) == 0) {
      std::set<LabNextHop> hops;
      for (LabNextHop nh : route->next_hops) {
        if (nh.ip.rfind("fe80:", 0) == 0) nh.ip.clear();
        hops.insert(std::move(nh));
      }
      route->next_hops = std::move(hops);
    }
    if (route->protocol == "bgp") refineBgpRoute(prefix, bgpRoutes, true, *route, state);
    state.rib[prefix] = std::move(*route);
  }
}

namespace {

// One table's dumps (route.json and the BGP/OSPF detail beside it) as a router's state.
FrrRouterState loadFrrTable(const fs::path& dir) {
  std::ifstream in(dir / "route.json");
  json routes = json::parse(in, nullptr, false);
  if (routes.is_discarded()) throw std::runtime_error((dir / "route.json").string() + ": not JSON");
  FrrRouterState state = frrRouterState(routes, readJsonOrEmpty(dir / "bgp.json"),
                                        readJsonOrEmpty(dir / "ospf-route.json"));
  addFrrIpv6Routes(state, readJsonOrEmpty(dir / "route6.json"), readJsonOrEmpty(dir / "bgp6.json"),
                   readJsonOrEmpty(dir / "ospf6-route.json"));
  return state;
}

}  // namespace

FrrRibs loadFrrDump(const fs::path& dumpDir) {
  if (!fs::is_directory(dumpDir)) throw std::runtime_error(dumpDir.string() + ": no such directory");
  FrrRibs ribs;
  for (const auto& entry : fs::directory_iterator(dumpDir)) {
    if (!entry.is_directory() || !fs::exists(entry.path() / "route.json")) continue;
    std::string router = entry.path().filename().string();
    ribs[router] = loadFrrTable(entry.path());
    // A VRF's table (OUTDIR/<router>/vrf-<VRF>/) compares as the table "<router> vrf <VRF>".
    for (const auto& sub : fs::directory_iterator(entry.path())) {
      std::string name = sub.path().filename().string();
      if (sub.is_directory() && name.rfind("vrf-", 0) == 0 && fs::exists(sub.path() / "route.json"))
        ribs[vrfTableName(router, name.substr(4))] = loadFrrTable(sub.path());
    }
  }
  return ribs;
}

std::string vrfTableName(const std::string& router, const std::string& vrf) { return router + " vrf " + vrf; }

RoutefixRibs parseRoutefixRoutes(const json& doc) {
  if (!doc.contains("nodes") || !doc["nodes"].is_object())
    throw std::runtime_error("routefix routes JSON has no \"nodes\" object");
  RoutefixRibs ribs;
  for (const auto& [node, body] : doc["nodes"].items()) {
    addRoutefixTable(ribs[node], body);
    const json vrfs = body.value("vrfs", json::object());  // items() must not outlive it
    for (const auto& [vrf, table] : vrfs.items()) addRoutefixTable(ribs[vrfTableName(node, vrf)], table);
  }
  return ribs;
}

void addRoutefixTable(LabRib& rib, const json& body) {
  json routes = body.value("routes", json::array());
  for (const auto& r : body.value("ipv6_routes", json::array())) routes.push_back(r);
  for (const auto& r : routes) {
    LabRoute route;
    route.protocol = str(r, "protocol");
    if (route.protocol == "local") continue;
    route.distance = integer(r, "admin_distance");
    route.metric = integer(r, "metric");
    for (const auto& nh : r.value("next_hops", json::array())) {
      std::string ifname = str(nh, "interface");
      std::string lower = ifname;
      std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
      if (flag(nh, "discard") || lower == "null0" || lower == "blackhole")
        route.next_hops.insert({"", "", true});
      else route.next_hops.insert({str(nh, "ip"), ifname, false});
    }
    if (route.protocol == "bgp" || route.protocol == "ibgp") {
      // protocol_next_hops holds a learned route's BGP next hops; without it (an unnumbered
      // session's, or output that names the BGP next hop as the forwarding one) next_hops do.
      const char* key = r.contains("protocol_next_hops") ? "protocol_next_hops" : "next_hops";
      std::set<std::string> learned;
      for (const auto& nh : r.value(key, json::array())) learned.insert(str(nh, "ip"));
      route.bgp_next_hops = std::move(learned);
      if (auto it = r.find("as_path"); it != r.end() && it->is_array())
        route.as_path = it->get<std::vector<int64_t>>();
    }
    rib[str(r, "prefix")] = std::move(route);
  }
}

std::vector<KnownMismatch> parseKnownMismatches(const json& doc) {
  std::vector<KnownMismatch> known;
  for (const auto& k : doc.value("known", json::array()))
    known.push_back({k.value("router", "*"), k.value("prefix", "*"), k.at("reason").get<std::string>()});
  return known;
}

size_t ComparisonReport::matched() const {
  return std::count_if(routes.begin(), routes.end(), [](const RouteComparison& c) {
    return c.verdict == Verdict::Match || c.verdict == Verdict::OlderPathTie;
  });
}

size_t ComparisonReport::unexplainedMismatches() const {
  return std::count_if(routes.begin(), routes.end(), [](const RouteComparison& c) {
    return c.verdict == Verdict::Mismatch || c.verdict == Verdict::MissingInRoutefix ||
           c.verdict == Verdict::ExtraInRoutefix;
  });
}

ComparisonReport compareRibs(const FrrRibs& frr, const RoutefixRibs& routefix,
                             const std::vector<KnownMismatch>& known) {
  static const LabRib kEmpty;
  std::set<std::string> routers;
  for (const auto& [r, _] : frr) routers.insert(r);
  for (const auto& [r, _] : routefix) routers.insert(r);

  ComparisonReport report;
  for (const auto& router : routers) {
    auto fIt = frr.find(router);
    auto rIt = routefix.find(router);
    const LabRib& frrRib = fIt != frr.end() ? fIt->second.rib : kEmpty;
    const LabRib& rfRib = rIt != routefix.end() ? rIt->second : kEmpty;
    std::set<std::string> prefixes;
    for (const auto& [p, _] : frrRib) prefixes.insert(p);
    for (const auto& [p, _] : rfRib) prefixes.insert(p);

    for (const auto& prefix : prefixes) {
      RouteComparison c;
      c.router = router;
      c.prefix = prefix;
      auto f = frrRib.find(prefix);
      auto r = rfRib.find(prefix);
      c.frr = f != frrRib.end() ? &f->second : nullptr;
      c.routefix = r != rfRib.end() ? &r->second : nullptr;
      if (!c.routefix) {
        c.verdict = Verdict::MissingInRoutefix;
        c.detail = "FRR " + describe(*c.frr) + "; routefix has no route";
      } else if (!c.frr) {
        c.verdict = Verdict::ExtraInRoutefix;
        c.detail = "FRR has no route; routefix " + describe(*c.routefix);
      } else {
        bool protoOk = sameProtocol(*c.frr, *c.routefix);
        bool hopsOk = sameNextHops(*c.frr, *c.routefix);
        std::string costs = costDifference(*c.frr, *c.routefix);
        std::string bgp = bgpDifference(*c.frr, *c.routefix);
        if (!protoOk || !hopsOk || !costs.empty() || !bgp.empty()) {
          c.verdict = Verdict::Mismatch;
          std::string what;
          for (const auto& part : {protoOk ? std::string() : "protocol",
                                   hopsOk ? std::string() : "next hops", costs, bgp})
            if (!part.empty()) what += (what.empty() ? "" : ", ") + part;
          c.detail = what + ": FRR " + describe(*c.frr) + " vs routefix " + describe(*c.routefix);
          const auto& ties = fIt->second.older_path_candidates;
          if (auto t = ties.find(prefix); protoOk && t != ties.end()) {
            std::set<std::string> chosen = c.routefix->bgp_next_hops.value_or(ipsOf(c.routefix->next_hops));
            if (std::find(t->second.begin(), t->second.end(), chosen) != t->second.end()) {
              c.verdict = Verdict::OlderPathTie;
              c.detail = "FRR kept the older of tied paths; routefix chose another tied path: " + c.detail;
            }
          }
        }
      }
      if (c.verdict != Verdict::Match && c.verdict != Verdict::OlderPathTie) {
        for (const auto& k : known)
          if (wildcardEquals(k.router, router) && wildcardEquals(k.prefix, prefix)) {
            c.verdict = Verdict::Known;
            c.detail = "known limitation (" + k.reason + "): " + c.detail;
            break;
          }
      }
      report.routes.push_back(std::move(c));
    }
  }
  return report;
}

std::string formatReport(const ComparisonReport& report) {
  std::ostringstream out;
  size_t ties = 0, known = 0;
  for (const auto& c : report.routes) {
    if (c.verdict == Verdict::Match) continue;
    if (c.verdict == Verdict::OlderPathTie) ++ties;
    if (c.verdict == Verdict::Known) ++known;
    std::string tag = verdictName(c.verdict);
    std::transform(tag.begin(), tag.end(), tag.begin(), ::toupper);
    out << tag << ' ' << c.router << ' ' << c.prefix << ": " << c.detail << '\n';
  }
  out << "routes matched " << report.matched() << "/" << report.total() << " (" << ties
      << " older-path ties, " << known << " known limitations, " << report.unexplainedMismatches()
      << " mismatches)\n";
  return out.str();
}

json reportToJson(const ComparisonReport& report) {
  json routes = json::array();
  for (const auto& c : report.routes)
    routes.push_back({{"router", c.router}, {"prefix", c.prefix}, {"verdict", verdictName(c.verdict)},
                      {"frr", routeToJson(c.frr)}, {"routefix", routeToJson(c.routefix)},
                      {"detail", c.detail}});
  return {{"matched", report.matched()}, {"total", report.total()},
          {"mismatches", report.unexplainedMismatches()}, {"routes", routes}};
}

}  // namespace routefix::lab
