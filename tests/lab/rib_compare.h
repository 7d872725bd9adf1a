// The differential check: FRR's installed routes (from the lab's dumps) against routefix's
// computed RIBs (`routefix routes --format json`), per router and prefix, on a normalised
// protocol, the set of forwarding next hops and, for BGP routes, the BGP next hops and AS path
// of the path(s) chosen (FRR: `show ip bgp json`).
#pragma once

#include <compare>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace routefix::lab {

struct LabNextHop {
  std::string ip;         // "" for connected / interface routes
  std::string interface;  // "" for discard
  bool discard = false;   // Null0 / blackhole
  auto operator<=>(const LabNextHop&) const = default;
};

struct LabRoute {
  // routefix's names: connected, static, ospf, ospf-ia, ospf-e1, ospf-e2, bgp, ibgp, aggregate.
  // FRR's "ospf"/"bgp" are refined from `show ip ospf route json` / `show ip bgp json`.
  std::string protocol;
  std::set<LabNextHop> next_hops;   // what the FIB forwards to (resolved)
  std::set<std::string> via;        // FRR: recursive next-hop addresses (the BGP next hop)
  bool protocol_refined = true;     // false when FRR gave no OSPF/BGP detail for the prefix
  std::optional<int64_t> distance;  // administrative distance
  std::optional<int64_t> metric;    // compared for ospf, ospf-ia, ospf-e1 (path costs)
  // Learned BGP routes only: the BGP next hops of the best path and its multipath members ("" for
  // an unnumbered session's IPv6 link-local one), and the best path's AS path as a flat list of
  // ASes (confed segments and AS_SETs included in order). Unset where a side does not say.
  std::optional<std::set<std::string>> bgp_next_hops;
  std::optional<std::vector<int64_t>> as_path;
};

using LabRib = std::map<std::string, LabRoute>;  // by prefix, "10.1.0.0/24"

struct FrrRouterState {
  LabRib rib;
  // Prefixes whose BGP best path won on arrival order ("Older Path"): the BGP next hops of every
  // valid path, best or not. routefix may pick any of them.
  std::map<std::string, std::vector<std::set<std::string>>> older_path_candidates;
};

using FrrRibs = std::map<std::string, FrrRouterState>;  // by router name
using RoutefixRibs = std::map<std::string, LabRib>;

// Reads OUTDIR/<router>/{route,route6,bgp,bgp6,ospf-route}.json as written by `frr_lab dump`; the
// IPv6 routes (route6.json, when there) join the IPv4 ones in the router's table.
FrrRibs loadFrrDump(const std::filesystem::path& dumpDir);
// Builds the FRR side from the three documents of one router (unit-testable).
FrrRouterState frrRouterState(const nlohmann::json& routeJson, const nlohmann::json& bgpJson,
                              const nlohmann::json& ospfRouteJson);
// Adds `show ipv6 route json`'s installed routes to `state`, BGP ones refined by `show bgp ipv6
// unicast json` (`bgp6Json`) as IPv4's are by `show ip bgp json`. Link-local subnets (fe80::/64
// on every interface the kernel enables IPv6 on) are left out: they are never routed and
// routefix has no route for them. Link-local next hops of static routes keep their address (it
// comes from the configs); a BGP route's link-local next hop is the kernel's address for the
// peer's end of the link, so only its interface counts, as for RFC 5549 next hops of IPv4 routes;
// so does an OSPFv3 route's. OSPFv3 routes (zebra: "ospf6") are refined by `show ipv6 ospf6
// route json` (`ospf6RouteJson`): intra-area, inter-area, E1, E2.
void addFrrIpv6Routes(FrrRouterState& state, const nlohmann::json& route6Json,
                      const nlohmann::json& bgp6Json = nlohmann::json::object(),
                      const nlohmann::json& ospf6RouteJson = nlohmann::json::object());
// Parses routefix's spec.md `routes` document, "routes" and "ipv6_routes", and each VRF's
// table (nodes.X.vrfs.V) as the table vrfTableName(X, V). Routes of protocol "local" are
// left out: FRR 8.4 has no local /32 routes to compare them with.
RoutefixRibs parseRoutefixRoutes(const nlohmann::json& doc);
// One table's routes (a node's, or a VRF's: {"routes": [...], "ipv6_routes": [...]}) into `rib`.
void addRoutefixTable(LabRib& rib, const nlohmann::json& table);
// A VRF's table as the comparison names it, on both sides: "pe1 vrf RED". The lab dumps it
// to OUTDIR/<router>/vrf-<VRF>/ (route.json, bgp.json), read by loadFrrDump.
std::string vrfTableName(const std::string& router, const std::string& vrf);

// A documented limitation: a mismatch on (router, prefix) that is known and explained.
// "*" matches any router or prefix.
struct KnownMismatch {
  std::string router, prefix, reason;
};
std::vector<KnownMismatch> parseKnownMismatches(const nlohmann::json& doc);

enum class Verdict { Match, OlderPathTie, Known, Mismatch, MissingInRoutefix, ExtraInRoutefix };

struct RouteComparison {
  std::string router, prefix;
  Verdict verdict = Verdict::Match;
  const LabRoute* frr = nullptr;       // null when FRR has no route
  const LabRoute* routefix = nullptr;  // null when routefix has no route
  std::string detail;                  // what differs, or the known reason
};

struct ComparisonReport {
  std::vector<RouteComparison> routes;  // every (router, prefix) of either side, sorted
  size_t total() const { return routes.size(); }
  size_t matched() const;               // Match + OlderPathTie
  size_t unexplainedMismatches() const; // Mismatch + Missing + Extra
};

// The report points into frr and routefix: keep them alive while using it.
ComparisonReport compareRibs(const FrrRibs& frr, const RoutefixRibs& routefix,
                             const std::vector<KnownMismatch>& known);

std::string formatReport(const ComparisonReport& report);
nlohmann::json reportToJson(const ComparisonReport& report);

}  // namespace routefix::lab
