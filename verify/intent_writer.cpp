#include "verify/intent_writer.h"

#include <algorithm>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

namespace routefix::verify {

namespace {

// A JSON string is a YAML double-quoted scalar.
std::string quoted(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string nodeList(const std::vector<std::string>& nodes) {
  std::string out = "[";
  for (size_t i = 0; i < nodes.size(); ++i) out += (i ? ", " : "") + quoted(nodes[i]);
  return out + "]";
}

}  // namespace

std::string intentsYaml(const std::vector<Intent>& intents, const model::Network& network,
                        const std::vector<std::string>& header) {
  std::set<std::string> everyNode;
  for (const auto& d : network.devices) everyNode.insert(d.name);
  std::ostringstream out;
  for (const auto& line : header) out << (line.empty() ? "#" : "# " + line) << "\n";
  if (intents.empty()) {
    out << "intents: []\n";
    return out.str();
  }
  out << "intents:\n";
  for (const auto& i : intents) {
    out << "  - name: " << quoted(i.name) << "\n";
    out << "    type: " << intentTypeName(i.type) << "\n";
    if (!i.from.empty()) {
      bool every = std::set<std::string>(i.from.begin(), i.from.end()) == everyNode;
      out << "    from: " << (every ? std::string("\"*\"") : nodeList(i.from)) << "\n";
    }
    if (i.to) out << "    to: " << i.to->str() << "\n";
    if (!i.through.empty()) out << "    through: " << nodeList(i.through) << "\n";
    if (!i.path.empty()) out << "    path: " << nodeList(i.path) << "\n";
    if (!i.paths.empty()) {
      out << "    paths: [";
      for (size_t p = 0; p < i.paths.size(); ++p) out << (p ? ", " : "") << nodeList(i.paths[p]);
      out << "]\n";
    }
    if (i.type == IntentType::Multipath) out << "    min_paths: " << i.min_paths << "\n";
    if (i.type == IntentType::Route) {
      out << "    node: " << quoted(i.node) << "\n";
      out << "    prefix: " << i.prefix->str() << "\n";
      out << "    present: " << (i.present ? "true" : "false") << "\n";
      if (!i.protocol.empty()) out << "    protocol: " << i.protocol << "\n";
      if (!i.next_hop_node.empty()) out << "    next_hop_node: " << quoted(i.next_hop_node) << "\n";
    }
    if (i.failures > 0) out << "    failures: " << i.failures << "\n";
  }
  return out.str();
}

}  // namespace routefix::verify
