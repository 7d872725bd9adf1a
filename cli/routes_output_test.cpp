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

// The tree `routes --format json` dumped before it streamed.
json referenceRoute(const sim::Route& r) {
  json hops = json::array();
  for (const auto& nh : r.next_hops) {
    json h{{"ip", nh.ip ? json(nh.ip->str()) : json(nullptr)}, {"interface", nh.interface}, {"node", nh.node}};
    if (nh.discard) h["discard"] = true;
    hops.push_back(std::move(h));
  }
  json communities = json::array();
  for (auto c : r.communities) communities.push_back(model::communityStr(c));
  json route{{"prefix", r.prefix.str()},
             {"protocol", sim::protocolName(r.protocol)},
             {"next_hops", std::move(hops)},
             {"admin_distance", r.admin_distance},
             {"metric", r.metric},
             {"as_path", r.as_path},
             {"local_pref", r.local_pref ? json(*r.local_pref) : json(nullptr)},
             {"communities", std::move(communities)}};
  if (!r.protocol_next_hops.empty()) {
    json protocolHops = json::array();
    for (const auto& nh : r.protocol_next_hops) protocolHops.push_back({{"ip", nh.ip->str()}, {"node", nh.node}});
    route["protocol_next_hops"] = std::move(protocolHops);
  }
  return route;
}

json referenceRoutes(const sim::NodeRib& rib, const RouteFilter& filter) {
  json routes = json::array();
  for (const auto& r : rib.routes())
    if (filter.keeps(r)) routes.push_back(referenceRoute(r));
  return routes;
}

json referenceDocument(const sim::DataPlane& dp, const RouteFilter& filter) {
  json nodes = json::object();
  for (const auto& [name, rib] : dp.ribs) {
    if (!filter.node.empty() && name != filter.node) continue;
    json node = json::object();
    if (filter.keepsDefaultVrf()) node["routes"] = referenceRoutes(rib, filter);
    json vrfs = json::object();
    if (auto it = dp.vrf_ribs.find(name); it != dp.vrf_ribs.end())
      for (const auto& [vrf, vrfRib] : it->second)
        if (filter.keepsVrf(vrf)) vrfs[vrf] = {{"routes", referenceRoutes(vrfRib, filter)}};
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
  if (!rib.routes().empty()) add("", "", "").prefix = rib.routes().back().prefix;
  for (const auto& [device, vrfs] : dp.vrf_ribs)
    for (const auto& [vrf, vrfRib] : vrfs) {
      add("", vrf, "");
      add(device, vrf, "");
    }
  return filters;
}

std::string streamed(void (*write)(const sim::DataPlane&, const RouteFilter&, std::ostream&),
                     const sim::DataPlane& dp, const RouteFilter& filter) {
  std::ostringstream out;
  write(dp, filter, out);
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
    CHECK(streamed(writeRoutesJson, dp, filter) == reference.dump(2) + "\n");

    // NDJSON: the same routes in the same order, each with its node and VRF.
    json expected = json::array();
    for (const auto& [node, tables] : reference["nodes"].items()) {
      auto add = [&](const std::string& vrf, const json& routes) {
        for (json route : routes) {
          route["node"] = node;
          route["vrf"] = vrf;
          expected.push_back(std::move(route));
        }
      };
      if (tables.contains("routes")) add(kDefaultVrf, tables["routes"]);
      if (tables.contains("vrfs"))
        for (const auto& [vrf, table] : tables["vrfs"].items()) add(vrf, table["routes"]);
    }
    std::istringstream lines(streamed(writeRoutesNdjson, dp, filter));
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
