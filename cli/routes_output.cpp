#include "cli/routes_output.h"

#include <charconv>
#include <map>

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

// A next hop's "ip" (null for an unnumbered one) and "node".
void writeAddressAndNode(JsonStream& json, const sim::NextHop& nh) {
  json.key("ip");
  if (nh.ip) json.address(*nh.ip);
  else json.null();
  json.key("node");
  json.string(nh.node);
}

// A route's members, keys sorted as nlohmann's objects sort them.
void writeRouteMembers(JsonStream& json, const sim::Route& r) {
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
  json.prefix(r.prefix);
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

void writeRoutesArray(JsonStream& json, const sim::NodeRib& rib, const RouteFilter& filter) {
  json.key("routes");
  json.beginArray();
  for (const auto& r : rib.routes()) {
    if (!filter.keeps(r)) continue;
    json.beginObject();
    writeRouteMembers(json, r);
    json.endObject();
  }
  json.endArray();
}

void writeNdjsonLines(JsonStream& json, const std::string& node, const std::string& vrf,
                      const sim::NodeRib& rib, const RouteFilter& filter) {
  for (const auto& r : rib.routes()) {
    if (!filter.keeps(r)) continue;
    json.beginObject();
    json.key("node");
    json.string(node);
    json.key("vrf");
    json.string(vrf);
    writeRouteMembers(json, r);
    json.endObject();
    json.newline();
  }
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

void appendNextHop(std::string& line, const sim::NextHop& nh) {
  if (nh.discard) {
    line += "Null0";
    return;
  }
  if (nh.ip) {
    char text[model::Ipv4::kMaxText];
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
// next hops under the first, and a BGP route's attributes on a line of their own.
void writeTable(const std::string& title, const sim::NodeRib& rib, const RouteFilter& filter, std::ostream& out) {
  std::string text = title + ":\n";
  for (const auto& r : rib.routes()) {
    if (!filter.keeps(r)) continue;
    std::string head = "  ";
    appendPadded(head, sim::protocolName(r.protocol), 10);
    char prefix[model::Prefix::kMaxText];
    appendPadded(head, std::string_view(prefix, r.prefix.write(prefix)), 19);
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

}  // namespace

void writeRoutesText(const sim::DataPlane& dp, const RouteFilter& filter, std::ostream& out) {
  for (const auto& [node, rib] : dp.ribs) {
    if (!filter.node.empty() && node != filter.node) continue;
    if (filter.keepsDefaultVrf()) writeTable(node, rib, filter, out);
    for (const auto& [vrf, vrfRib] : namedVrfTables(dp, node))
      if (filter.keepsVrf(vrf)) writeTable(node + " vrf " + vrf, vrfRib, filter, out);
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
    if (filter.keepsDefaultVrf()) writeRoutesArray(json, rib, filter);
    if (vrfs) {
      json.key("vrfs");
      json.beginObject();
      for (const auto& [vrf, vrfRib] : namedVrfTables(dp, name)) {
        if (!filter.keepsVrf(vrf)) continue;
        json.key(vrf);
        json.beginObject();
        writeRoutesArray(json, vrfRib, filter);
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
    if (filter.keepsDefaultVrf()) writeNdjsonLines(json, name, kDefaultVrf, rib, filter);
    for (const auto& [vrf, vrfRib] : namedVrfTables(dp, name))
      if (filter.keepsVrf(vrf)) writeNdjsonLines(json, name, vrf, vrfRib, filter);
  }
}

}  // namespace routefix::cli
