#include "cli/routes_output.h"

#include <charconv>
#include <map>
#include <type_traits>
#include <utility>
#include <vector>

#include "cli/json_stream.h"
#include "cluster/parallel_for.h"
#include "model/policy.h"

namespace routefix::cli {

namespace {

const std::map<std::string, sim::NodeRib>& namedVrfTables(const sim::DataPlane& dp, const std::string& node) {
  static const std::map<std::string, sim::NodeRib> kNone;
  auto it = dp.vrf_ribs.find(node);
  return it == dp.vrf_ribs.end() ? kNone : it->second;
}

bool hasNamedVrf(const sim::DataPlane& dp, const std::string& node, const RouteFilter& filter) {
  for (const auto& [vrf, rib] : namedVrfTables(dp, node))
    if (filter.keepsVrf(vrf)) return true;
  return false;
}

const sim::Ipv6Rib* ipv6Table(const sim::DataPlane& dp, const std::string& node, const std::string& vrf) {
  if (vrf.empty()) {
    auto it = dp.ipv6.ribs.find(node);
    return it == dp.ipv6.ribs.end() ? nullptr : &it->second;
  }
  auto it = dp.ipv6.vrf_ribs.find(node);
  if (it == dp.ipv6.vrf_ribs.end()) return nullptr;
  auto table = it->second.find(vrf);
  return table == it->second.end() ? nullptr : &table->second;
}

void writeAddress(JsonStream& json, model::Ipv4 ip) { json.address(ip); }
void writeAddress(JsonStream& json, const model::IpAddress& ip) {
  char text[model::IpAddress::kMaxText];
  json.string(std::string_view(text, ip.write(text)));
}
void writePrefix(JsonStream& json, const model::Prefix& p) { json.prefix(p); }
void writePrefix(JsonStream& json, const model::IpPrefix& p) {
  char text[model::IpPrefix::kMaxText];
  json.string(std::string_view(text, p.write(text)));
}

// A next hop's "ip" (null for an unnumbered one) and "node".
template <typename Hop>
void writeAddressAndNode(JsonStream& json, const Hop& nh) {
  json.key("ip");
  if (nh.ip) writeAddress(json, *nh.ip);
  else json.null();
  json.key("node");
  json.string(nh.node);
}

// A route's members, keys sorted as nlohmann's objects sort them. Routes of either family
// (sim::Route, sim::Ipv6Route); non-BGP ones have the BGP members empty.
template <typename RouteT>
void writeRouteMembers(JsonStream& json, const RouteT& r) {
  json.key("admin_distance");
  json.number(r.admin_distance);
  json.key("as_path");
  json.beginArray();
  for (uint32_t as : r.as_path) json.number(as);
  json.endArray();
  json.key("communities");
  json.beginArray();
  for (auto c : r.communities) json.string(model::communityStr(c));
  json.endArray();
  json.key("local_pref");
  if (r.local_pref) json.number(*r.local_pref);
  else json.null();
  json.key("metric");
  json.number(r.metric);
  json.key("next_hops");
  json.beginArray();
  for (const auto& nh : r.next_hops) {
    json.beginObject();
    if (nh.discard) {
      json.key("discard");
      json.boolean(true);
    }
    json.key("interface");
    json.string(nh.interface);
    writeAddressAndNode(json, nh);
    json.endObject();
  }
  json.endArray();
  json.key("prefix");
  writePrefix(json, r.prefix);
  json.key("protocol");
  json.string(sim::protocolName(r.protocol));
  if (!r.protocol_next_hops.empty()) {
    json.key("protocol_next_hops");
    json.beginArray();
    for (const auto& nh : r.protocol_next_hops) {
      json.beginObject();
      writeAddressAndNode(json, nh);
      json.endObject();
    }
    json.endArray();
  }
}

template <typename Routes>
void writeRoutesArray(JsonStream& json, std::string_view key, const Routes& routes, const RouteFilter& filter) {
  json.key(key);
  json.beginArray();
  for (const auto& r : routes) {
    if (!filter.keeps(r)) continue;
    json.beginObject();
    writeRouteMembers(json, r);
    json.endObject();
  }
  json.endArray();
}

// One table's members: "ipv6_routes" (when the table has IPv6 routes at all), "routes".
void writeTableMembers(JsonStream& json, const sim::NodeRib& rib, const sim::Ipv6Rib* ipv6, const RouteFilter& filter) {
  if (ipv6) writeRoutesArray(json, "ipv6_routes", ipv6->routes(), filter);
  writeRoutesArray(json, "routes", rib.routes(), filter);
}

void writeNdjsonLines(JsonStream& json, const std::string& node, const std::string& vrf, const sim::NodeRib& rib,
                      const sim::Ipv6Rib* ipv6, const RouteFilter& filter) {
  auto lines = [&](const auto& routes, bool v6) {
    for (const auto& r : routes) {
      if (!filter.keeps(r)) continue;
      json.beginObject();
      json.key("node");
      json.string(node);
      json.key("vrf");
      json.string(vrf);
      if (v6) {
        json.key("family");
        json.string("ipv6");
      }
      writeRouteMembers(json, r);
      json.endObject();
      json.newline();
    }
  };
  lines(rib.routes(), false);
  if (ipv6) lines(ipv6->routes(), true);
}

// `text` then spaces up to `width` characters (std::left << std::setw(width)).
void appendPadded(std::string& line, std::string_view text, size_t width) {
  line += text;
  if (text.size() < width) line.append(width - text.size(), ' ');
}

void appendNumber(std::string& line, uint64_t value) {
  char digits[24];
  line.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
}

template <typename Hop>
void appendNextHop(std::string& line, const Hop& nh) {
  if (nh.discard) {
    line += "Null0";
    return;
  }
  if (nh.ip) {
    char text[model::IpAddress::kMaxText];
    line += "via ";
    line.append(text, nh.ip->write(text));
  } else {
    line += "directly connected";
  }
  if (!nh.node.empty()) line += " (" + nh.node + ")";
  line += ", ";
  line += nh.interface;
}

// One table: "  PROTOCOL  PREFIX             [AD/METRIC] NEXT HOP" per next hop, the later
// next hops under the first, and a BGP route's attributes on a line of their own. IPv6
// prefixes get a wider column.
template <typename Routes>
void writeTable(const std::string& title, const Routes& routes, const RouteFilter& filter, std::string& text) {
  using RouteT = std::decay_t<decltype(*routes.begin())>;
  constexpr bool kIpv4 = std::is_same_v<RouteT, sim::Route>;
  text += title + ":\n";
  for (const auto& r : routes) {
    if (!filter.keeps(r)) continue;
    std::string head = "  ";
    appendPadded(head, sim::protocolName(r.protocol), 10);
    char prefix[model::IpPrefix::kMaxText];
    appendPadded(head, std::string_view(prefix, r.prefix.write(prefix)), kIpv4 ? 19 : 26);
    head += '[';
    appendNumber(head, r.admin_distance);
    head += '/';
    appendNumber(head, r.metric);
    head += ']';
    std::string indent(head.size(), ' ');
    for (size_t i = 0; i < r.next_hops.size(); ++i) {
      text += i == 0 ? head : indent;
      text += ' ';
      appendNextHop(text, r.next_hops[i]);
      text += '\n';
    }
    if (r.protocol == sim::Protocol::Bgp || r.protocol == sim::Protocol::Ibgp ||
        r.protocol == sim::Protocol::Aggregate) {
      text += indent;
      text += " as-path [";
      for (size_t i = 0; i < r.as_path.size(); ++i) {
        if (i) text += ' ';
        appendNumber(text, r.as_path[i]);
      }
      text += "] local-pref ";
      appendNumber(text, r.local_pref.value_or(0));
      if (!r.communities.empty()) {
        text += " communities";
        for (auto c : r.communities) text += " " + model::communityStr(c);
      }
      text += '\n';
    }
  }
}

// A table and, when the device has one, its IPv6 table after it.
void writeTables(const std::string& title, const sim::NodeRib& rib, const sim::Ipv6Rib* ipv6,
                 const RouteFilter& filter, std::string& text) {
  writeTable(title, rib.routes(), filter, text);
  if (ipv6) writeTable(title + " ipv6", ipv6->routes(), filter, text);
}

using NodeTables = std::pair<const std::string, sim::NodeRib>;

// The nodes the filter keeps, in the output's order.
std::vector<const NodeTables*> nodesKept(const sim::DataPlane& dp, const RouteFilter& filter) {
  std::vector<const NodeTables*> nodes;
  for (const auto& entry : dp.ribs)
    if (filter.node.empty() || entry.first == filter.node) nodes.push_back(&entry);
  return nodes;
}

// Formats each node's part of the output on `threads` threads, a few nodes per thread at a
// time, and hands the parts to `write` in node order: the output is the same for any number
// of threads.
template <typename Part, typename Format, typename Write>
void formatNodes(const sim::DataPlane& dp, const RouteFilter& filter, unsigned threads, Format&& format,
                 Write&& write) {
  auto nodes = nodesKept(dp, filter);
  size_t window = threads <= 1 ? 1 : size_t{4} * threads;
  cluster::parallelForInOrder<Part>(
      nodes.size(), threads, window, [&](size_t i) { return format(nodes[i]->first, nodes[i]->second); },
      [&](size_t, const Part& part) { write(part); });
}

}  // namespace

void writeRoutesText(const sim::DataPlane& dp, const RouteFilter& filter, std::ostream& out, unsigned threads) {
  formatNodes<std::string>(
      dp, filter, threads,
      [&](const std::string& node, const sim::NodeRib& rib) {
        std::string text;
        if (filter.keepsDefaultVrf()) writeTables(node, rib, ipv6Table(dp, node, ""), filter, text);
        for (const auto& [vrf, vrfRib] : namedVrfTables(dp, node))
          if (filter.keepsVrf(vrf)) writeTables(node + " vrf " + vrf, vrfRib, ipv6Table(dp, node, vrf), filter, text);
        return text;
      },
      [&](const std::string& text) { out.write(text.data(), static_cast<std::streamsize>(text.size())); });
}

void writeRoutesJson(const sim::DataPlane& dp, const RouteFilter& filter, std::ostream& out, unsigned threads) {
  JsonStream json(out, 2);
  json.beginObject();
  json.key("converged");
  json.boolean(dp.converged);
  json.key("nodes");
  json.beginObject();
  // A node is a member of "nodes", two levels down.
  formatNodes<JsonFragment>(
      dp, filter, threads,
      [&](const std::string& name, const sim::NodeRib& rib) {
        JsonStream node(2, 2);
        bool vrfs = hasNamedVrf(dp, name, filter);
        if (!filter.keepsDefaultVrf() && !vrfs) return node.takeFragment();
        node.key(name);
        node.beginObject();
        if (filter.keepsDefaultVrf()) writeTableMembers(node, rib, ipv6Table(dp, name, ""), filter);
        if (vrfs) {
          node.key("vrfs");
          node.beginObject();
          for (const auto& [vrf, vrfRib] : namedVrfTables(dp, name)) {
            if (!filter.keepsVrf(vrf)) continue;
            node.key(vrf);
            node.beginObject();
            writeTableMembers(node, vrfRib, ipv6Table(dp, name, vrf), filter);
            node.endObject();
          }
          node.endObject();
        }
        node.endObject();
        return node.takeFragment();
      },
      [&](const JsonFragment& node) { json.append(node); });
  json.endObject();
  json.endObject();
  json.newline();
}

void writeRoutesNdjson(const sim::DataPlane& dp, const RouteFilter& filter, std::ostream& out, unsigned threads) {
  JsonStream json(out, -1);
  formatNodes<JsonFragment>(
      dp, filter, threads,
      [&](const std::string& name, const sim::NodeRib& rib) {
        JsonStream lines(-1, 0);
        if (filter.keepsDefaultVrf()) writeNdjsonLines(lines, name, kDefaultVrf, rib, ipv6Table(dp, name, ""), filter);
        for (const auto& [vrf, vrfRib] : namedVrfTables(dp, name))
          if (filter.keepsVrf(vrf)) writeNdjsonLines(lines, name, vrf, vrfRib, ipv6Table(dp, name, vrf), filter);
        return lines.takeFragment();
      },
      [&](const JsonFragment& lines) { json.append(lines); });
}

}  // namespace routefix::cli
