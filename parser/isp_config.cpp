#include "parser/isp_config.h"

#include <algorithm>
#include <sstream>

#include "model/input_error.h"
#include "model/names.h"
#include "parser/json_input.h"

namespace routefix::parser {

namespace {

// The filter's `onlyRemoteAsns` / `onlyRemoteIps`: an empty list lets everything through.
struct IspFilter {
  std::vector<uint32_t> asns;
  std::vector<model::Prefix> ips;

  bool admits(uint32_t asn, model::Ipv4 ip) const {
    bool asnOk = asns.empty() || std::find(asns.begin(), asns.end(), asn) != asns.end();
    bool ipOk = ips.empty() || std::any_of(ips.begin(), ips.end(),
                                           [&](const model::Prefix& p) { return p.contains(ip); });
    return asnOk && ipOk;
  }
};

IspFilter readFilter(const nlohmann::json& doc, const std::string& path) {
  IspFilter filter;
  if (!doc.contains("filter")) return filter;
  const auto& f = doc["filter"];
  if (!f.is_object()) throw model::InputError("filter must be an object", path, 1);
  if (f.contains("onlyRemoteAsns")) {
    for (const auto& asn : requireArray(f, "onlyRemoteAsns", path)) {
      if (!asn.is_number_unsigned() || asn.get<uint64_t>() > 0xffffffffu)
        throw model::InputError("filter.onlyRemoteAsns: expected unsigned 32-bit numbers", path, 1);
      filter.asns.push_back(asn.get<uint32_t>());
    }
  }
  if (f.contains("onlyRemoteIps")) {
    for (const auto& ip : requireArray(f, "onlyRemoteIps", path)) {
      auto p = ip.is_string() ? model::Prefix::parse(ip.get<std::string>()) : std::nullopt;
      if (!p) throw model::InputError("filter.onlyRemoteIps: not an IPv4 address or prefix: " + ip.dump(), path, 1);
      filter.ips.push_back(*p);
    }
  }
  return filter;
}

// The first JSON value of `raw`. Batfish reads this file with Jackson's defaults, which stop
// after the first value, and public snapshots do carry files with more appended (a second
// tool's output); what follows the first value is ignored, with a warning.
nlohmann::json parseFirstValue(const std::string& raw, const std::string& path, bool& trailing) {
  std::istringstream in(raw);
  nlohmann::json doc;
  try {
    in >> doc;
  } catch (const nlohmann::json::exception&) {
    return parseJsonInput(raw, path);  // throws the InputError naming the line
  }
  in >> std::ws;
  trailing = in.good() && !in.eof();
  return doc;
}

}  // namespace

std::vector<model::ExternalAnnouncement> readIspConfiguration(
    const std::string& path, const SourceText& text, const std::vector<model::Device>& devices,
    std::vector<model::ParseWarning>& warnings) {
  const std::string& raw = text.whole(path);
  bool trailing = false;
  nlohmann::json doc = parseFirstValue(raw, path, trailing);
  if (!doc.is_object()) throw model::InputError("expected a JSON object", path, 1);
  auto warn = [&](int line, const std::string& message) {
    warnings.push_back({path, line, text.line(path, line), message});
  };
  if (trailing) warn(1, "text after the first JSON value is ignored");
  if (doc.contains("borderInterfaces") && !requireArray(doc, "borderInterfaces", path).empty()) {
    std::vector<int> at = arrayElementLines(raw, "borderInterfaces");
    warn(at.empty() ? 1 : at.front(), "not modelled: ISPs given by borderInterfaces (give them as bgpPeers)");
  }
  std::vector<model::ExternalAnnouncement> result;
  if (!doc.contains("bgpPeers")) return result;

  IspFilter filter = readFilter(doc, path);
  const auto& peers = requireArray(doc, "bgpPeers", path);
  std::vector<int> lines = arrayElementLines(raw, "bgpPeers");
  for (size_t i = 0; i < peers.size(); ++i) {
    int line = i < lines.size() ? lines[i] : 1;
    std::string what = "bgpPeers[" + std::to_string(i) + "]";
    std::string host = requireString(peers[i], "hostname", what, path, line);
    std::string address = requireString(peers[i], "peerAddress", what, path, line);
    auto peer = model::Ipv4::parse(address);
    if (!peer) throw model::InputError(what + ": peerAddress is not an IPv4 address: " + address, path, line);

    auto device = std::find_if(devices.begin(), devices.end(),
                               [&](const model::Device& d) { return model::equalsIgnoreCase(d.name, host); });
    if (device == devices.end()) {
      warn(line, "ISP peer " + address + " of unknown node " + host + " is skipped");
      continue;
    }
    const model::BgpNeighbor* neighbor = device->bgp ? device->bgp->findNeighbor(*peer) : nullptr;
    if (!neighbor || !neighbor->remote_as) {
      warn(line, "node " + device->name + " has no BGP neighbor " + address +
                     " with a remote AS; its ISP is skipped");
      continue;
    }
    // Batfish models ISPs on eBGP sessions only.
    uint32_t localAs = neighbor->local_as.value_or(device->bgp->asn);
    if (*neighbor->remote_as == localAs) {
      warn(line, "node " + device->name + " peers with " + address + " over iBGP; its ISP is skipped");
      continue;
    }
    if (!filter.admits(*neighbor->remote_as, *peer)) continue;
    model::ExternalAnnouncement a;
    a.node = device->name;
    a.peer = *peer;
    a.prefix = model::Prefix(model::Ipv4{}, 0);
    a.as_path = {*neighbor->remote_as, kBatfishInternetAs};
    result.push_back(std::move(a));
  }
  return result;
}

}  // namespace routefix::parser
