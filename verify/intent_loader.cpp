#include "verify/intent_loader.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <set>

#include "model/input_error.h"
#include "model/input_file.h"

namespace routefix::verify {

namespace {

struct TypeName {
  IntentType type;
  const char* name;
};
constexpr TypeName kTypeNames[] = {
    {IntentType::Reachability, "reachability"}, {IntentType::Isolation, "isolation"},
    {IntentType::Waypoint, "waypoint"},         {IntentType::Path, "path"},
    {IntentType::Preference, "preference"},     {IntentType::Multipath, "multipath"},
    {IntentType::Route, "route"},               {IntentType::LoopFree, "loop-free"},
    {IntentType::BlackholeFree, "blackhole-free"},
};

// Fields each type accepts besides name/type/failures/description.
std::set<std::string> fieldsOf(IntentType t) {
  switch (t) {
    case IntentType::Reachability:
    case IntentType::Isolation: return {"from", "to", "vrf"};
    case IntentType::Waypoint: return {"from", "to", "through", "vrf"};
    case IntentType::Path: return {"from", "to", "path", "vrf"};
    case IntentType::Preference: return {"from", "to", "paths", "vrf"};
    case IntentType::Multipath: return {"from", "to", "min_paths", "vrf"};
    case IntentType::Route: return {"node", "prefix", "present", "protocol", "next_hop_node", "vrf"};
    case IntentType::LoopFree:
    case IntentType::BlackholeFree: return {"from", "to", "vrf"};
  }
  return {};
}

// Reads one intent; every error names file, line and field.
class IntentReader {
 public:
  IntentReader(const std::string& file, const model::Network& network)
      : file_(file), network_(network) {}

  Intent read(const YAML::Node& node, size_t index) {
    if (!node.IsMap()) fail(node, "", "an intent must be a mapping (type: ..., from: ..., to: ...)");
    Intent intent;
    intent.file = file_;
    intent.line = line(node);
    const YAML::Node typeNode = node["type"];
    if (!typeNode) fail(node, "type", "missing field 'type'");
    auto type = parseIntentType(scalar(typeNode, "type"));
    if (!type) fail(typeNode, "type", "unknown intent type '" + scalar(typeNode, "type") + "'");
    intent.type = *type;
    intent.name = node["name"] ? scalar(node["name"], "name")
                               : intentTypeName(intent.type) + "-" + std::to_string(index + 1);
    context_ = "intent '" + intent.name + "'";

    auto allowed = fieldsOf(intent.type);
    for (const auto& kv : node) {
      std::string key = scalar(kv.first, "field name");
      if (key == "name" || key == "type" || key == "failures" || key == "description") continue;
      if (!allowed.count(key))
        fail(kv.first, key, "field '" + key + "' does not apply to a " +
                                intentTypeName(intent.type) + " intent");
    }

    if (node["failures"]) intent.failures = number(node["failures"], "failures");
    switch (intent.type) {
      case IntentType::Route: readRoute(node, intent); break;
      case IntentType::LoopFree:
      case IntentType::BlackholeFree:
        if (node["from"]) intent.from = nodeList(node["from"], "from");
        if (node["to"]) intent.to = prefix(node["to"], "to");
        break;
      default: readFlow(node, intent); break;
    }
    if (node["vrf"]) readVrf(node, intent);
    return intent;
  }

 private:
  void readFlow(const YAML::Node& node, Intent& intent) {
    intent.from = nodeList(require(node, "from"), "from");
    intent.to = prefix(require(node, "to"), "to");
    bool single = intent.type == IntentType::Path || intent.type == IntentType::Preference;
    if (single && intent.from.size() != 1)
      fail(node["from"], "from", "a " + intentTypeName(intent.type) + " intent has one source");
    switch (intent.type) {
      case IntentType::Waypoint:
        intent.through = waypointList(require(node, "through"));
        break;
      case IntentType::Path:
        intent.path = nodePath(require(node, "path"), "path", intent.from.front());
        break;
      case IntentType::Preference: {
        const YAML::Node paths = require(node, "paths");
        if (!paths.IsSequence() || paths.size() == 0)
          fail(paths, "paths", "expected a list of node paths, e.g. [[r1, r2], [r1, r3]]");
        for (const auto& p : paths) intent.paths.push_back(nodePath(p, "paths", intent.from.front()));
        break;
      }
      case IntentType::Multipath:
        intent.min_paths = number(require(node, "min_paths"), "min_paths");
        if (intent.min_paths == 0) fail(node["min_paths"], "min_paths", "min_paths must be at least 1");
        break;
      default: break;
    }
  }

  void readRoute(const YAML::Node& node, Intent& intent) {
    intent.node = deviceName(require(node, "node"), "node");
    intent.prefix = prefix(require(node, "prefix"), "prefix");
    if (node["present"]) {
      const YAML::Node p = node["present"];
      std::string v = scalar(p, "present");
      if (v == "true" || v == "yes") intent.present = true;
      else if (v == "false" || v == "no") intent.present = false;
      else fail(p, "present", "expected true or false, got '" + v + "'");
    }
    if (node["protocol"]) {
      intent.protocol = scalar(node["protocol"], "protocol");
      static const std::set<std::string> kFamilies = {"connected", "static", "ospf", "bgp"};
      if (!kFamilies.count(intent.protocol))
        fail(node["protocol"], "protocol",
             "unknown protocol '" + intent.protocol + "' (connected, static, ospf or bgp)");
    }
    if (node["next_hop_node"]) intent.next_hop_node = deviceName(node["next_hop_node"], "next_hop_node");
  }

  const YAML::Node require(const YAML::Node& node, const std::string& field) {
    const YAML::Node v = node[field];
    if (!v) fail(node, field, "missing field '" + field + "'");
    return v;
  }

  std::string scalar(const YAML::Node& node, const std::string& field) {
    if (!node.IsScalar()) fail(node, field, "expected a single value");
    return node.Scalar();
  }

  uint32_t number(const YAML::Node& node, const std::string& field) {
    std::string text = scalar(node, field);
    bool digits = !text.empty() && text.size() <= 9 &&
                  std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits) fail(node, field, "expected a non-negative number, got '" + text + "'");
    return static_cast<uint32_t>(std::stoul(text));
  }

  model::IpPrefix prefix(const YAML::Node& node, const std::string& field) {
    std::string text = scalar(node, field);
    auto p = model::IpPrefix::parse(text);
    if (!p)
      fail(node, field, "malformed prefix '" + text +
                            "' (expected a.b.c.d/len, an IPv6 prefix such as 2001:db8::/64, or an address)");
    auto given = model::IpAddress::parse(text.substr(0, text.find('/')));
    if (given && *given != p->address)
      fail(node, field, "prefix '" + text + "' has host bits set (did you mean " + p->str() + "?)");
    return *p;
  }

  // `vrf: NAME` ("default": the default VRF). Every named source, or the route intent's node,
  // must route in it; of `from: *` the devices that do are kept.
  void readVrf(const YAML::Node& node, Intent& intent) {
    const YAML::Node v = node["vrf"];
    std::string name = scalar(v, "vrf");
    if (name == "default") return;
    auto routesIn = [&](const std::string& device) {
      const model::Device* d = network_.findDevice(device);
      if (d->vrfs.count(name)) return true;
      return std::any_of(d->interfaces.begin(), d->interfaces.end(), [&](const auto& i) { return i.vrf == name; });
    };
    if (intent.type == IntentType::Route) {
      if (!routesIn(intent.node)) fail(v, "vrf", "node '" + intent.node + "' has no VRF '" + name + "'");
    } else if (namesEveryDevice(node["from"])) {
      std::erase_if(intent.from, [&](const std::string& d) { return !routesIn(d); });
      if (intent.from.empty()) fail(v, "vrf", "no device has a VRF '" + name + "'");
    } else {
      for (const auto& d : intent.from)
        if (!routesIn(d)) fail(v, "vrf", "source '" + d + "' has no VRF '" + name + "'");
    }
    intent.vrf = name;
  }

  static bool namesEveryDevice(const YAML::Node& from) {
    if (!from) return true;  // loop-free / blackhole-free without `from`: every device
    if (from.IsScalar()) return from.Scalar() == "*";
    return std::any_of(from.begin(), from.end(), [](const YAML::Node& n) { return n.IsScalar() && n.Scalar() == "*"; });
  }

  std::string deviceName(const YAML::Node& node, const std::string& field) {
    std::string text = scalar(node, field);
    const model::Device* d = network_.findDevice(text);
    if (!d) fail(node, field, "unknown node '" + text + "'");
    return d->name;
  }

  std::vector<std::string> nodeList(const YAML::Node& node, const std::string& field) {
    std::vector<std::string> names;
    auto add = [&](const YAML::Node& n) {
      if (n.IsScalar() && n.Scalar() == "*") {
        for (const auto& d : network_.devices) names.push_back(d.name);
      } else {
        names.push_back(deviceName(n, field));
      }
    };
    if (node.IsSequence()) {
      if (node.size() == 0) fail(node, field, "empty node list");
      for (const auto& n : node) add(n);
    } else {
      add(node);
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
  }

  // Waypoints are visited in the order given, so the list keeps it; naming a node twice is
  // almost certainly a mistake and is refused rather than silently merged.
  std::vector<std::string> waypointList(const YAML::Node& node) {
    if (!node.IsSequence()) return {deviceName(node, "through")};
    if (node.size() == 0) fail(node, "through", "empty node list");
    std::vector<std::string> names;
    for (const auto& n : node) {
      std::string name = deviceName(n, "through");
      if (std::find(names.begin(), names.end(), name) != names.end())
        fail(n, "through", "node '" + name + "' is listed twice");
      names.push_back(name);
    }
    return names;
  }

  NodePath nodePath(const YAML::Node& node, const std::string& field, const std::string& source) {
    if (!node.IsSequence() || node.size() == 0) fail(node, field, "expected a list of node names");
    NodePath path;
    for (const auto& n : node) path.push_back(deviceName(n, field));
    if (path.front() != source)
      fail(node, field, "the path must start at the source '" + source + "'");
    return path;
  }

  static int line(const YAML::Node& node) { return node.Mark().line + 1; }

  [[noreturn]] void fail(const YAML::Node& node, const std::string& field, const std::string& what) {
    std::string msg = context_.empty() ? "" : context_ + ": ";
    if (!field.empty()) msg += "field '" + field + "': ";
    throw model::InputError(msg + what, file_, node ? line(node) : 0);
  }

  std::string file_;
  const model::Network& network_;
  std::string context_;
};

}  // namespace

std::string intentTypeName(IntentType t) {
  for (const auto& tn : kTypeNames)
    if (tn.type == t) return tn.name;
  return "unknown";
}

std::optional<IntentType> parseIntentType(std::string_view text) {
  for (const auto& tn : kTypeNames)
    if (text == tn.name) return tn.type;
  return std::nullopt;
}

std::vector<Intent> parseIntents(const std::string& text, const std::string& fileLabel,
                                 const model::Network& network) {
  // JSON is YAML, except that YAML forbids tabs as indentation: outside JSON strings a tab
  // can only be whitespace, and inside them JSON requires the escape, so replace them.
  std::string input = text;
  if (!input.empty() && input.find_first_not_of(" \t\r\n") != std::string::npos &&
      input[input.find_first_not_of(" \t\r\n")] == '{')
    std::replace(input.begin(), input.end(), '\t', ' ');
  YAML::Node loaded;
  try {
    loaded = YAML::Load(input);
  } catch (const YAML::Exception& e) {
    throw model::InputError("not valid YAML/JSON: " + e.msg, fileLabel, e.mark.line + 1);
  }
  // Only const access: yaml-cpp's non-const operator[] inserts missing keys.
  const YAML::Node& root = loaded;
  if (!root || root.IsNull()) return {};
  if (!root.IsMap() || !root["intents"])
    throw model::InputError("expected a top-level 'intents:' list", fileLabel,
                            root.Mark().line + 1);
  for (const auto& kv : root) {
    if (kv.first.IsScalar() && kv.first.Scalar() != "intents")
      throw model::InputError("unknown top-level field '" + kv.first.Scalar() + "'", fileLabel,
                              kv.first.Mark().line + 1);
  }
  const YAML::Node list = root["intents"];
  if (list.IsNull()) return {};
  if (!list.IsSequence())
    throw model::InputError("field 'intents': expected a list", fileLabel, list.Mark().line + 1);
  std::vector<Intent> intents;
  IntentReader reader(fileLabel, network);
  std::set<std::string> names;
  for (size_t i = 0; i < list.size(); ++i) {
    intents.push_back(reader.read(list[i], i));
    if (!names.insert(intents.back().name).second)
      throw model::InputError("intent '" + intents.back().name + "': duplicate intent name",
                              fileLabel, intents.back().line);
  }
  return intents;
}

std::vector<Intent> loadIntents(const std::filesystem::path& file, const model::Network& network,
                                bool allowNoIntents) {
  // Intents are small; the bound keeps `--intents /dev/zero`-like input from exhausting memory.
  constexpr std::uintmax_t kMaxIntentsBytes = std::uintmax_t{64} << 20;
  auto intents = parseIntents(model::readInputFile(file, file.string(), kMaxIntentsBytes), file.string(), network);
  if (intents.empty() && !allowNoIntents)
    throw model::InputError("the intents file holds no intent (pass --allow-no-intents to accept that)",
                            file.string());
  return intents;
}

std::optional<std::filesystem::path> defaultIntentsFile(const std::filesystem::path& snapshot,
                                                        const model::SnapshotAccess& access) {
  for (const char* name : {"intents.yaml", "intents.yml", "intents.json"}) {
    auto p = snapshot / name;
    std::error_code ec;
    // Whatever stands there is the default file: a FIFO, folder or dangling link is an error
    // when it is read, not a reason to check nothing.
    if (!std::filesystem::exists(std::filesystem::symlink_status(p, ec))) continue;
    model::resolveInSnapshot(snapshot, p, p.string(), access);
    return p;
  }
  return std::nullopt;
}

}  // namespace routefix::verify
