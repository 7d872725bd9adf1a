#include "parser/external_routes.h"


#include "model/input_error.h"
#include "model/names.h"
#include "parser/json_input.h"

namespace routefix::parser {

namespace {

using model::equalsIgnoreCase;

uint32_t requireUnsigned(const nlohmann::json& v, const std::string& what, const std::string& path,
                         int line) {
  if (!v.is_number_unsigned() || v.get<uint64_t>() > 0xffffffffu)
    throw model::InputError(what + ": expected an unsigned 32-bit number", path, line);
  return v.get<uint32_t>();
}

}  // namespace

std::vector<model::ExternalAnnouncement> readExternalAnnouncements(
    const std::string& path, const SourceText& text, const std::vector<model::Device>& devices,
    std::vector<model::ParseWarning>& warnings) {
  const std::string& raw = text.whole(path);
  nlohmann::json doc = parseJsonInput(raw, path);
  const auto& entries = requireArray(doc, "announcements", path);
  std::vector<int> lines = arrayElementLines(raw, "announcements");
  std::vector<model::ExternalAnnouncement> result;
  for (size_t i = 0; i < entries.size(); ++i) {
    int line = i < lines.size() ? lines[i] : 1;
    const auto& e = entries[i];
    std::string what = "announcements[" + std::to_string(i) + "]";
    model::ExternalAnnouncement a;

    std::string node = requireString(e, "node", what, path, line);
    const model::Device* device = nullptr;
    for (const auto& d : devices)
      if (equalsIgnoreCase(d.name, node)) device = &d;
    if (!device) throw model::InputError(what + ": unknown node " + node, path, line);
    a.node = device->name;

    std::string peer = requireString(e, "peer", what, path, line);
    auto peerIp = model::Ipv4::parse(peer);
    if (!peerIp) throw model::InputError(what + ": peer is not an IPv4 address: " + peer, path, line);
    a.peer = *peerIp;

    std::string prefix = requireString(e, "prefix", what, path, line);
    auto p = model::Prefix::parse(prefix);
    if (!p) throw model::InputError(what + ": prefix is not an IPv4 prefix: " + prefix, path, line);
    a.prefix = *p;

    if (e.contains("as_path")) {
      if (!e["as_path"].is_array()) throw model::InputError(what + ": as_path must be an array", path, line);
      for (const auto& asn : e["as_path"]) a.as_path.push_back(requireUnsigned(asn, what + ".as_path", path, line));
    }
    if (e.contains("communities")) {
      if (!e["communities"].is_array())
        throw model::InputError(what + ": communities must be an array", path, line);
      for (const auto& c : e["communities"]) {
        auto community = c.is_string() ? model::parseCommunity(c.get<std::string>()) : std::nullopt;
        if (!community)
          throw model::InputError(what + ": not a community: " + c.dump(), path, line);
        a.communities.push_back(*community);
      }
    }
    if (e.contains("med")) a.med = requireUnsigned(e["med"], what + ".med", path, line);

    if (!device->bgp || !device->bgp->findNeighbor(a.peer))
      warnings.push_back({path, line, text.line(path, line),
                          "node " + device->name + " has no BGP neighbor " + peer +
                              "; announcement of " + prefix + " never enters the network"});
    result.push_back(std::move(a));
  }
  return result;
}

}  // namespace routefix::parser
