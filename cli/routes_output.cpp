#include "cli/routes_output.h"

#include <charconv>
#include <map>
#include <type_traits>

#include "cli/json_stream.h"
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
void writeTable(const std::string& title, const Routes& routes, const RouteFilter& filter, std::ostream& out) {
  using RouteT = std::decay_t<decltype(*routes.begin())>;
  constexpr bool kIpv4 = std::is_same_v<RouteT, sim::Route>;
  std::string text = title + ":\n";
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
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

// A table and, when the device has one, its IPv6 table after it.
void writeTables(const std::string& title, const sim::NodeRib& rib, const sim::Ipv6Rib* ipv6,
                 const RouteFilter& filter, std::ostream& out) {
  writeTable(title, rib.routes(), filter, out);
  if (ipv6) writeTable(title + " ipv6", ipv6->routes(), filter, out);
}

}  // namespace

void writeRoutesText(const sim::DataPlane& dp, const RouteFilter& filter, std::ostream& out) {
  for (const auto& [node, rib] : dp.ribs) {
    if (!filter.node.empty() && node != filter.node) continue;
    if (filter.keepsDefaultVrf()) writeTables(node, rib, ipv6Table(dp, node, ""), filter, out);
    for (const auto& [vrf, vrfRib] : namedVrfTables(dp, node))
      if (filter.keepsVrf(vrf)) writeTables(node + " vrf " + vrf, vrfRib, ipv6Table(dp, node, vrf), filter, out);
  }
}

void writeRoutesJson(const sim::DataPlane& dp, const RouteFilter& filter, std::ostream& out) {
  JsonStream json(out, 2);
  json.beginObject();
  json.key("converged");
  json.boolean(dp.converged);
  json.key("nodes");
  json.beginObject();
  for (const auto& [name, rib] : dp.ribs) {
    if (!filter.node.empty() && name != filter.node) continue;
    bool vrfs = hasNamedVrf(dp, name, filter);
    if (!filter.keepsDefaultVrf() && !vrfs) continue;
    json.key(name);
    json.beginObject();
    if (filter.keepsDefaultVrf()) writeTableMembers(json, rib, ipv6Table(dp, name, ""), filter);
    if (vrfs) {
      json.key("vrfs");
      json.beginObject();
      for (const auto& [vrf, vrfRib] : namedVrfTables(dp, name)) {
        if (!filter.keepsVrf(vrf)) continue;
        json.key(vrf);
        json.beginObject();
        writeTableMembers(json, vrfRib, ipv6Table(dp, name, vrf), filter);
        json.endObject();
      }
      json.endObject();
    }
    json.endObject();
  }
  json.endObject();
  json.endObject();
  json.newline();
}

void writeRoutesNdjson(const sim::DataPlane& dp, const RouteFilter& filter, std::ostream& out) {
  JsonStream json(out, -1);
  for (const auto& [name, rib] : dp.ribs) {
    if (!filter.node.empty() && name != filter.node) continue;
    if (filter.keepsDefaultVrf()) writeNdjsonLines(json, name, kDefaultVrf, rib, ipv6Table(dp, name, ""), filter);
    for (const auto& [vrf, vrfRib] : namedVrfTables(dp, name))
      if (filter.keepsVrf(vrf)) writeNdjsonLines(json, name, vrf, vrfRib, ipv6Table(dp, name, vrf), filter);
  }
}

}  // namespace routefix::cli
