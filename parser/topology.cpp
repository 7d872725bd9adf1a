#include "parser/topology.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <optional>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "model/input_error.h"
#include "model/names.h"
#include "parser/json_input.h"

namespace routefix::parser {

namespace {

using model::equalsIgnoreCase;
using model::lowercase;

// "Gi0/1" and "GigabitEthernet0/1": the alphabetic type of one abbreviates the other's and
// the rest (slot/port numbering) is identical.
bool sameInterfaceName(std::string_view a, std::string_view b) {
  if (equalsIgnoreCase(a, b)) return true;
  auto split = [](std::string_view s) {
    size_t i = 0;
    while (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i]))) ++i;
    return std::pair{s.substr(0, i), s.substr(i)};
  };
  auto [typeA, restA] = split(a);
  auto [typeB, restB] = split(b);
  if (typeA.empty() || typeB.empty() || restA.empty() || !equalsIgnoreCase(restA, restB)) return false;
  std::string_view shorter = typeA.size() < typeB.size() ? typeA : typeB;
  std::string_view longer = typeA.size() < typeB.size() ? typeB : typeA;
  return equalsIgnoreCase(longer.substr(0, shorter.size()), shorter);
}

struct Endpoint {
  std::string node;
  std::string interface;
};

// Devices by lowercased name: a fabric's topology file names two devices per link, and a
// scan of every device for each of them is quadratic. Of devices whose names differ only
// in case, the last one is found.
class DevicesByName {
 public:
  explicit DevicesByName(const std::vector<model::Device>& devices) {
    for (const auto& d : devices) byName_.insert_or_assign(lowercase(d.name), &d);
  }
  const model::Device* find(std::string_view name) const {
    auto it = byName_.find(lowercase(name));
    return it == byName_.end() ? nullptr : it->second;
  }

 private:
  std::unordered_map<std::string, const model::Device*> byName_;
};

// The logical units "<port>.<N>" of a physical port.
std::vector<const model::Interface*> unitsOf(const model::Device& device, std::string_view port) {
  std::vector<const model::Interface*> units;
  for (const auto& i : device.interfaces) {
    std::string_view name = i.name;
    if (name.size() <= port.size() + 1 || name[port.size()] != '.' ||
        !equalsIgnoreCase(name.substr(0, port.size()), port))
      continue;
    std::string_view unit = name.substr(port.size() + 1);
    if (std::all_of(unit.begin(), unit.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      units.push_back(&i);
  }
  return units;
}

// The device's own spelling of node and interface, or a warning and nullopt.
std::optional<Endpoint> resolve(const DevicesByName& devices, const std::string& node,
                                const std::string& interface, const std::string& path, int line,
                                const SourceText& text, std::vector<model::ParseWarning>& warnings) {
  const model::Device* device = devices.find(node);
  if (!device) {
    warnings.push_back({path, line, text.line(path, line), "unknown node " + node + "; link ignored"});
    return std::nullopt;
  }
  const model::Interface* match = device->findInterface(interface);
  if (!match)
    for (const auto& i : device->interfaces)
      if (sameInterfaceName(i.name, interface)) match = &i;
  if (!match) {
    // A physical Junos port ("ge-0/0/0", as Batfish's layer-1 topology names it) is not an
    // interface of the model, only its logical units ("ge-0/0/0.0") are: the link is on the
    // unit when the port has exactly one.
    std::vector<const model::Interface*> units = unitsOf(*device, interface);
    if (units.size() == 1) match = units.front();
    if (units.size() > 1) {
      warnings.push_back({path, line, text.line(path, line),
                          "physical port " + interface + " on node " + device->name + " has " +
                              std::to_string(units.size()) + " units; name one; link ignored"});
      return std::nullopt;
    }
  }
  if (!match) {
    warnings.push_back({path, line, text.line(path, line),
                        "unknown interface " + interface + " on node " + device->name + "; link ignored"});
    return std::nullopt;
  }
  return Endpoint{device->name, match->name};
}

int lineOf(const std::vector<int>& lines, size_t index) {
  return index < lines.size() ? lines[index] : 1;
}

}  // namespace

std::vector<model::Link> readTopologyJson(const std::string& path, const SourceText& text,
                                          const std::vector<model::Device>& devices,
                                          std::vector<model::ParseWarning>& warnings) {
  std::string raw = text.whole(path);
  nlohmann::json doc = parseJsonInput(raw, path);
  const auto& entries = requireArray(doc, "links", path);
  std::vector<int> lines = arrayElementLines(raw, "links");
  DevicesByName byName(devices);
  std::vector<model::Link> links;
  for (size_t i = 0; i < entries.size(); ++i) {
    int line = lineOf(lines, i);
    std::string what = "links[" + std::to_string(i) + "]";
    const auto& e = entries[i];
    auto a = resolve(byName, requireString(e, "a", what, path, line),
                     requireString(e, "a_interface", what, path, line), path, line, text, warnings);
    auto b = resolve(byName, requireString(e, "b", what, path, line),
                     requireString(e, "b_interface", what, path, line), path, line, text, warnings);
    if (a && b) links.push_back({a->node, a->interface, b->node, b->interface});
  }
  normalizeLinks(links);
  return links;
}

std::vector<model::Link> readBatfishLayer1(const std::string& path, const SourceText& text,
                                           const std::vector<model::Device>& devices,
                                           std::vector<model::ParseWarning>& warnings) {
  std::string raw = text.whole(path);
  nlohmann::json doc = parseJsonInput(raw, path);
  const auto& edges = requireArray(doc, "edges", path);
  std::vector<int> lines = arrayElementLines(raw, "edges");
  DevicesByName byName(devices);
  std::vector<model::Link> links;
  for (size_t i = 0; i < edges.size(); ++i) {
    int line = lineOf(lines, i);
    std::string what = "edges[" + std::to_string(i) + "]";
    std::optional<Endpoint> ends[2];
    for (int side = 0; side < 2; ++side) {
      std::string key = side == 0 ? "node1" : "node2";
      const auto& e = edges[i];
      if (!e.is_object() || !e.contains(key) || !e[key].is_object())
        throw model::InputError(what + ": missing object \"" + key + "\"", path, line);
      ends[side] = resolve(byName, requireString(e[key], "hostname", what + "." + key, path, line),
                           requireString(e[key], "interfaceName", what + "." + key, path, line), path,
                           line, text, warnings);
    }
    if (ends[0] && ends[1])
      links.push_back({ends[0]->node, ends[0]->interface, ends[1]->node, ends[1]->interface});
  }
  normalizeLinks(links);
  return links;
}

std::vector<model::Link> inferLinks(const std::vector<model::Device>& devices,
                                    const SourceText& text,
                                    std::vector<model::ParseWarning>& warnings) {
  struct Member {
    const model::Device* device;
    const model::Interface* interface;
    const model::SourceSpan* address_span;
    bool operator<(const Member& o) const {
      return std::tie(device->name, interface->name) < std::tie(o.device->name, o.interface->name);
    }
  };
  // By subnet, IPv4 and IPv6 alike (an IPv6-only link is a link; a dual-stack one is found
  // twice and kept once). VRFs reuse addresses, so inside a subnet the interfaces of one VRF
  // name link among themselves (VRF-lite: both ends in the same VRF); an interface whose VRF
  // name has no partner there (a PE's customer VRF facing a CE's default table, VRF names
  // being local to a device) links with the other such interfaces.
  std::map<model::IpPrefix, std::map<std::string, std::vector<Member>>> bySubnet;
  for (const auto& d : devices)
    for (const auto& i : d.interfaces) {
      if (i.shutdown || i.isLoopback()) continue;
      auto add = [&](const model::IpPrefix& subnet, const model::SourceSpan& span) {
        // A host route connects nothing.
        if (subnet.length >= model::maxPrefixLength(subnet.family())) return;
        auto& members = bySubnet[subnet][i.vrf];
        // One interface per device per subnet: a second one on the same device is the
        // same segment seen twice, not another neighbour.
        for (const auto& m : members)
          if (m.device == &d) return;
        members.push_back({&d, &i, &span});
      };
      if (i.address) add(model::IpPrefix::fromV4(i.address->subnet()), i.address->span);
      for (const auto& s : i.secondary) add(model::IpPrefix::fromV4(s.subnet()), s.span);
      // Link-local subnets are on every link: they say nothing about who shares one.
      for (const auto& a : i.ipv6_addresses)
        if (!a.link_local) add(a.subnet(), a.span);
    }

  std::vector<model::Link> links;
  std::set<std::vector<Member>> warnedLans;  // a dual-stack LAN is one LAN
  auto link = [&](const model::IpPrefix& subnet, std::vector<Member> members) {
    for (size_t x = 0; x < members.size(); ++x)
      for (size_t y = x + 1; y < members.size(); ++y)
        if (members[x].device != members[y].device)
          links.push_back({members[x].device->name, members[x].interface->name,
                           members[y].device->name, members[y].interface->name});
    std::set<const model::Device*> devicesThere;
    for (const auto& m : members) devicesThere.insert(m.device);
    if (devicesThere.size() > 2) {
      std::string who;
      for (const auto& m : members)
        who += (who.empty() ? "" : ", ") + m.device->name + " " + m.interface->name;
      const auto& span = *members.front().address_span;
      std::sort(members.begin(), members.end());
      if (!warnedLans.insert(members).second) return;
      warnings.push_back({span.file, span.first_line, text.line(span.file, span.first_line),
                          "ambiguous LAN: " + std::to_string(members.size()) + " interfaces share " +
                              subnet.str() + " (" + who +
                              "); linked pairwise, give topology.json to be exact"});
    }
  };
  for (const auto& [subnet, byVrf] : bySubnet) {
    std::vector<Member> unpaired;
    for (const auto& [vrf, members] : byVrf) {
      if (members.size() >= 2) link(subnet, members);
      else unpaired.push_back(members.front());
    }
    if (unpaired.size() >= 2) link(subnet, unpaired);
  }
  normalizeLinks(links);
  return links;
}

void addLinksOutsideLayer1(const std::string& layer1Path, const SourceText& text,
                           const std::vector<model::Device>& devices, std::vector<model::Link>& links,
                           std::vector<model::ParseWarning>& warnings) {
  std::set<std::string> named;
  for (const auto& l : links) named.insert({l.a, l.b});
  std::vector<model::ParseWarning> lanWarnings;  // the file was given: its LANs are not ambiguous
  std::set<std::string> inferred;
  for (auto& l : inferLinks(devices, text, lanWarnings)) {
    if (named.count(l.a) && named.count(l.b)) continue;
    for (const auto* end : {&l.a, &l.b})
      if (!named.count(*end)) inferred.insert(*end);
    links.push_back(std::move(l));
  }
  if (inferred.empty()) return;
  std::string who;
  for (const auto& d : inferred) who += (who.empty() ? "" : ", ") + d;
  warnings.push_back({layer1Path, 1, text.line(layer1Path, 1),
                      "not in the layer-1 topology, linked by shared subnets: " + who});
  normalizeLinks(links);
}

void normalizeLinks(std::vector<model::Link>& links) {
  for (auto& l : links)
    if (std::tie(l.b, l.b_interface) < std::tie(l.a, l.a_interface)) {
      std::swap(l.a, l.b);
      std::swap(l.a_interface, l.b_interface);
    }
  std::sort(links.begin(), links.end());
  links.erase(std::unique(links.begin(), links.end()), links.end());
}

}  // namespace routefix::parser
