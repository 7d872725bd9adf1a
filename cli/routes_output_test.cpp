// The streamed `routes` JSON is byte for byte the document the CLI printed before it streamed:
// nlohmann's dump(2) of the whole tree (built here as it was built then), on every snapshot in
// the repository and on generated fabrics, unfiltered and under each filter. NDJSON carries the
// same routes, one per line.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/json_stream.h"
#include "cli/routes_output.h"
#include "model/input_error.h"
#include "model/policy.h"
#include "parser/parser.h"

namespace routefix::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The tree `routes --format json` dumped before it streamed; IPv6 routes (issue 16) have the
// IPv4 routes' members.
template <typename RouteT>
json referenceRoute(const RouteT& r) {
  json hops = json::array();
  for (const auto& nh : r.next_hops) {
    json h{{"ip", nh.ip ? json(nh.ip->str()) : json(nullptr)}, {"interface", nh.interface}, {"node", nh.node}};
    if (nh.discard) h["discard"] = true;
    hops.push_back(std::move(h));
  }
  json communities = json::array();
  for (auto c : r.communities) communities.push_back(model::communityStr(c));
  json asPath = json::array();
  for (uint32_t as : r.as_path) asPath.push_back(as);
  json route{{"prefix", r.prefix.str()},
             {"protocol", sim::protocolName(r.protocol)},
             {"next_hops", std::move(hops)},
             {"admin_distance", r.admin_distance},
             {"metric", r.metric},
             {"as_path", std::move(asPath)},
             {"local_pref", r.local_pref ? json(*r.local_pref) : json(nullptr)},
             {"communities", std::move(communities)}};
  if (!r.protocol_next_hops.empty()) {
    json protocolHops = json::array();
    for (const auto& nh : r.protocol_next_hops) protocolHops.push_back({{"ip", nh.ip->str()}, {"node", nh.node}});
    route["protocol_next_hops"] = std::move(protocolHops);
  }
  return route;
}

template <typename Routes>
json referenceRoutes(const Routes& table, const RouteFilter& filter) {
  json routes = json::array();
  for (const auto& r : table)
    if (filter.keeps(r)) routes.push_back(referenceRoute(r));
  return routes;
}

// A table's members: its IPv4 routes, and its IPv6 routes where the device has an IPv6 table.
json referenceTable(const sim::NodeRib& rib, const sim::Ipv6Rib* ipv6, const RouteFilter& filter) {
  json table{{"routes", referenceRoutes(rib.routes(), filter)}};
  if (ipv6) table["ipv6_routes"] = referenceRoutes(ipv6->routes(), filter);
  return table;
}

json referenceDocument(const sim::DataPlane& dp, const RouteFilter& filter) {
  json nodes = json::object();
  for (const auto& [name, rib] : dp.ribs) {
    if (!filter.node.empty() && name != filter.node) continue;
    json node = json::object();
    if (filter.keepsDefaultVrf()) {
      auto ipv6 = dp.ipv6.ribs.find(name);
      node = referenceTable(rib, ipv6 == dp.ipv6.ribs.end() ? nullptr : &ipv6->second, filter);
    }
    json vrfs = json::object();
    if (auto it = dp.vrf_ribs.find(name); it != dp.vrf_ribs.end())
      for (const auto& [vrf, vrfRib] : it->second) {
        if (!filter.keepsVrf(vrf)) continue;
        const sim::Ipv6Rib* ipv6 = nullptr;
        if (auto v6 = dp.ipv6.vrf_ribs.find(name); v6 != dp.ipv6.vrf_ribs.end())
          if (auto t = v6->second.find(vrf); t != v6->second.end()) ipv6 = &t->second;
        vrfs[vrf] = referenceTable(vrfRib, ipv6, filter);
      }
    if (!vrfs.empty()) node["vrfs"] = std::move(vrfs);
    if (!node.empty()) nodes[name] = std::move(node);
  }
  return {{"converged", dp.converged}, {"nodes", std::move(nodes)}};
}

// Every filter the command takes, each with a value the data plane has.
std::vector<RouteFilter> filtersFor(const sim::DataPlane& dp) {
  std::vector<RouteFilter> filters(1);
  if (dp.ribs.empty()) return filters;
  auto add = [&](const std::string& node, const std::string& vrf, const std::string& protocol) -> RouteFilter& {
    RouteFilter& f = filters.emplace_back();
    f.node = node;
    f.vrf = vrf;
    f.protocol = protocol;
    return f;
  };
  const auto& [node, rib] = *std::next(dp.ribs.begin(), static_cast<long>(dp.ribs.size() / 2));
  add(node, "", "");
  add("", kDefaultVrf, "");
  add("", "", "bgp");
  if (!rib.routes().empty()) add("", "", "").prefix = model::IpPrefix::fromV4(rib.routes().back().prefix);
  for (const auto& [device, ipv6] : dp.ipv6.ribs)
    if (!ipv6.routes().empty()) {
      add("", "", "").prefix = ipv6.routes().front().prefix;
      add(device, "", "static");
      break;
    }
  for (const auto& [device, vrfs] : dp.vrf_ribs)
    for (const auto& [vrf, vrfRib] : vrfs) {
      add("", vrf, "");
      add(device, vrf, "");
    }
  return filters;
}

std::string streamed(void (*write)(const sim::DataPlane&, const RouteFilter&, std::ostream&, unsigned),
                     const sim::DataPlane& dp, const RouteFilter& filter, unsigned threads = 1) {
  std::ostringstream out;
  write(dp, filter, out, threads);
  return out.str();
}

void checkSnapshot(const fs::path& snapshot, const model::Network& network) {
  CAPTURE(snapshot.string());
  sim::DataPlane dp = sim::simulate(network);
  for (const RouteFilter& filter : filtersFor(dp)) {
    CAPTURE(filter.node);
    CAPTURE(filter.vrf);
    CAPTURE(filter.protocol);
    json reference = referenceDocument(dp, filter);
    std::string document = streamed(writeRoutesJson, dp, filter);
    CHECK(document == reference.dump(2) + "\n");
    // Nodes formatted on several threads (a window of 12 nodes at a time) come out the same.
    CHECK(streamed(writeRoutesJson, dp, filter, 3) == document);
    CHECK(streamed(writeRoutesText, dp, filter, 3) == streamed(writeRoutesText, dp, filter));

    // NDJSON: the same routes in the same order, each with its node and VRF.
    json expected = json::array();
    for (const auto& [node, tables] : reference["nodes"].items()) {
      auto add = [&](const std::string& vrf, const json& table) {
        for (const char* family : {"routes", "ipv6_routes"}) {
          if (!table.contains(family)) continue;
          for (json route : table[family]) {
            route["node"] = node;
            route["vrf"] = vrf;
            if (std::string(family) == "ipv6_routes") route["family"] = "ipv6";
            expected.push_back(std::move(route));
          }
        }
      };
      add(kDefaultVrf, tables);
      if (tables.contains("vrfs"))
        for (const auto& [vrf, table] : tables["vrfs"].items()) add(vrf, table);
    }
    std::string ndjson = streamed(writeRoutesNdjson, dp, filter);
    CHECK(streamed(writeRoutesNdjson, dp, filter, 3) == ndjson);
    std::istringstream lines(ndjson);
    json got = json::array();
    for (std::string line; std::getline(lines, line);) got.push_back(json::parse(line));
    CHECK(got == expected);
  }
}

fs::path source(const std::string& relative) { return fs::path(ROUTEFIX_SOURCE_DIR) / relative; }

}  // namespace

TEST_CASE("routes JSON streamed equals the dumped tree on every snapshot in the repository") {
  size_t snapshots = 0;
  for (const char* root : {"examples", "tests"})
    for (const auto& entry : fs::recursive_directory_iterator(source(root)))
      if (entry.is_directory() && entry.path().filename() == "configs") {
        fs::path snapshot = entry.path().parent_path();
        model::Network network;
        try {
          network = parser::loadSnapshot(snapshot);
        } catch (const model::InputError&) {
          continue;  // test input that is meant to be refused
        }
        checkSnapshot(snapshot, network);
        ++snapshots;
      }
  CHECK(snapshots > 100);
}

TEST_CASE("routes JSON streamed equals the dumped tree on generated networks") {
  fs::path scratch = fs::temp_directory_path() / ("routefix-routes-output-" + std::to_string(::getpid()));
  std::string bench = std::string(ROUTEFIX_BINARY_DIR) + "/bench/";
  for (const std::string& generate :
       {bench + "gen_fattree 6 " + (scratch / "fattree").string(),
        bench + "gen_wan " + (scratch / "wan").string() + " --routers 12 --rrs 2 --externals 4 --prefixes 5 --seed 3"}) {
    REQUIRE(std::system((generate + " >/dev/null 2>&1").c_str()) == 0);
  }
  for (const char* name : {"fattree", "wan"}) checkSnapshot(scratch / name, parser::loadSnapshot(scratch / name));
  fs::remove_all(scratch);
}

TEST_CASE("IPv6 routes sit beside the IPv4 ones in every format; --prefix takes either family") {
  sim::DataPlane dp = sim::simulate(parser::loadSnapshot(source("tests/lab/scenarios/dual-stack-statics")));
  RouteFilter all;
  json doc = json::parse(streamed(writeRoutesJson, dp, all));
  const json& r1 = doc["nodes"]["r1"];
  CHECK(r1["routes"].size() == dp.ribs.at("r1").routes().size());
  REQUIRE(r1["ipv6_routes"].size() == 12);
  CHECK(r1["ipv6_routes"][0]["prefix"] == "::/0");
  json recursive;
  for (const auto& r : r1["ipv6_routes"])
    if (r["prefix"] == "2001:db8:a3::/64") recursive = r;
  CHECK(recursive["admin_distance"] == 1);
  CHECK(recursive["next_hops"] == json::parse(R"([{"interface": "eth-r2", "ip": "2001:db8:12::2", "node": "r2"}])"));
  CHECK(recursive["protocol_next_hops"] == json::parse(R"([{"ip": "2001:db8:23::3", "node": "r3"}])"));

  std::string text = streamed(writeRoutesText, dp, all);
  CHECK(text.find("r1 ipv6:\n") != std::string::npos);
  CHECK(text.find("  static    2001:db8:77::/48          [150/0] via 2001:db8:12::2 (r2), eth-r2\n") != std::string::npos);

  RouteFilter v6;
  v6.prefix = model::IpPrefix::parse("2001:db8:99::/48");
  json only = json::parse(streamed(writeRoutesJson, dp, v6));
  CHECK(only["nodes"]["r1"]["routes"].empty());
  CHECK(only["nodes"]["r1"]["ipv6_routes"].size() == 1);
  CHECK(only["nodes"]["r2"]["ipv6_routes"].empty());
  RouteFilter v4;
  v4.prefix = model::IpPrefix::parse("10.0.0.2/32");
  json four = json::parse(streamed(writeRoutesJson, dp, v4));
  CHECK(four["nodes"]["r1"]["routes"].size() == 1);
  CHECK(four["nodes"]["r1"]["ipv6_routes"].empty());
  std::string lines = streamed(writeRoutesNdjson, dp, v6);
  CHECK(lines.find("\"family\":\"ipv6\"") != std::string::npos);
}

TEST_CASE("JSON strings that need escaping are written as nlohmann writes them") {
  std::ostringstream out;
  {
    JsonStream json(out, 2);
    json.beginObject();
    json.key("empty");
    json.beginArray();
    json.endArray();
    json.key("q\"uote\\");
    json.string("tab\there \x01 caf\xc3\xa9");
    json.endObject();
  }
  nlohmann::json reference{{"q\"uote\\", "tab\there \x01 caf\xc3\xa9"}, {"empty", nlohmann::json::array()}};
  CHECK(out.str() == reference.dump(2));
}

}  // namespace routefix::cli
