#include "anycast/deployment.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "anycast/yaml_input.h"
#include "model/input_error.h"
#include "model/input_file.h"

namespace routefix::anycast {

using model::InputError;

namespace {

constexpr int kMaxPrependLimit = 64;

YAML::Node required(const YAML::Node& map, const char* key, const std::string& source) {
  YAML::Node value = map[key];
  if (!value.IsDefined()) yaml::fail(std::string("missing '") + key + "'", source, map);
  return value;
}

Asn asnValue(const YAML::Node& node, const std::string& source, const std::string& what) {
  long long v = yaml::integer(node, source, what);
  if (v < 1 || v > 0xffffffffLL) yaml::fail(what + " must be an AS number 1..4294967295", source, node);
  return static_cast<Asn>(v);
}

int prependValue(const YAML::Node& node, const std::string& source, const std::string& what) {
  long long v = yaml::integer(node, source, what);
  if (v < 0 || v > kMaxPrependLimit)
    yaml::fail(what + " must be 0.." + std::to_string(kMaxPrependLimit), source, node);
  return static_cast<int>(v);
}

// A session cap from `max_prepend` / `no_prepend` keys of a map, if any.
std::optional<int> capOf(const YAML::Node& map, const std::string& source) {
  std::optional<int> cap;
  if (map["max_prepend"]) cap = prependValue(map["max_prepend"], source, "max_prepend");
  if (map["no_prepend"] && yaml::boolean(map["no_prepend"], source, "no_prepend")) cap = 0;
  return cap;
}

size_t popIndex(const Deployment& d, const YAML::Node& node, const std::string& source) {
  std::string name = yaml::text(node, source, "PoP name");
  auto pop = d.findPop(name);
  if (!pop) yaml::fail("unknown PoP '" + name + "'", source, node);
  return *pop;
}

ClientGroup clientFromYaml(const YAML::Node& item, const std::string& source, const Deployment& d) {
  if (!item.IsMap()) yaml::fail("a client group must be a map {asn, weight, target|latency}", source, item);
  ClientGroup c;
  c.source = {source, yaml::lineOf(item)};
  c.asn = asnValue(required(item, "asn", source), source, "asn");
  if (item["weight"]) {
    c.weight = yaml::number(item["weight"], source, "weight");
    if (c.weight < 0) yaml::fail("weight must not be negative", source, item["weight"]);
  }
  if (item["target"]) c.target = popIndex(d, item["target"], source);
  if (YAML::Node lat = item["latency"]) {
    if (!lat.IsMap()) yaml::fail("latency must be a map {pop: ms}", source, lat);
    for (const auto& kv : lat) {
      double ms = yaml::number(kv.second, source, "latency");
      if (ms < 0) yaml::fail("latency must not be negative", source, kv.second);
      c.latency_ms[popIndex(d, kv.first, source)] = ms;
    }
  }
  if (item["pinned"]) c.pinned = yaml::boolean(item["pinned"], source, "pinned");
  if (c.pinned && !c.target) yaml::fail("a pinned client group needs a target", source, item);
  return c;
}

std::vector<std::string> splitCsv(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, ',')) {
    while (!field.empty() && (field.back() == '\r' || field.back() == ' ')) field.pop_back();
    while (!field.empty() && field.front() == ' ') field.erase(0, 1);
    fields.push_back(field);
  }
  return fields;
}

// CSV clients: a header naming the columns asn, weight, target, pinned, and latency:<pop>.
std::vector<ClientGroup> parseClientsCsv(const std::string& path, const Deployment& d) {
  std::istringstream in(model::readInputFile(path, path));
  std::string line;
  int line_number = 0;
  std::vector<std::string> header;
  std::vector<ClientGroup> clients;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    auto fields = splitCsv(line);
    if (header.empty()) {
      header = fields;
      if (std::find(header.begin(), header.end(), "asn") == header.end())
        throw InputError("CSV header must name an 'asn' column", path, line_number);
      continue;
    }
    if (fields.size() != header.size())
      throw InputError("expected " + std::to_string(header.size()) + " fields, got " +
                           std::to_string(fields.size()),
                       path, line_number);
    YAML::Node item(YAML::NodeType::Map);
    YAML::Node latency(YAML::NodeType::Map);
    for (size_t i = 0; i < header.size(); ++i) {
      if (fields[i].empty()) continue;
      if (header[i].rfind("latency:", 0) == 0)
        latency[header[i].substr(8)] = fields[i];
      else
        item[header[i]] = fields[i];
    }
    if (latency.size() > 0) item["latency"] = latency;
    try {
      ClientGroup c = clientFromYaml(item, path, d);
      c.source.line = line_number;
      clients.push_back(std::move(c));
    } catch (const InputError& e) {
      // Nodes built in memory carry no line: re-anchor the message on the CSV line.
      std::string message = e.what();
      std::string prefix = path + ": ";
      if (message.rfind(prefix, 0) == 0) message.erase(0, prefix.size());
      throw InputError(message, path, line_number);
    }
  }
  return clients;
}

bool isCsvPath(const std::string& path) {
  return path.size() >= 4 && path.compare(path.size() - 4, 4, ".csv") == 0;
}

}  // namespace

std::optional<size_t> Deployment::findPop(const std::string& name) const {
  for (size_t i = 0; i < pops.size(); ++i)
    if (pops[i] == name) return i;
  return std::nullopt;
}

int Deployment::sessionCap(size_t s, int max_prepend) const {
  const auto& cap = sessions[s].max_prepend;
  return cap ? std::min(*cap, max_prepend) : max_prepend;
}

TieBreak parseTieBreak(const std::string& text) {
  if (text == "lowest-id") return TieBreak::LowestId;
  if (text == "keep-all") return TieBreak::KeepAll;
  throw InputError("tie-break must be lowest-id or keep-all, got '" + text + "'");
}

std::string tieBreakName(TieBreak t) { return t == TieBreak::LowestId ? "lowest-id" : "keep-all"; }

Deployment parseDeployment(const YAML::Node& doc, const std::string& source, Asn origin) {
  Deployment d;
  d.origin = origin;
  d.source_file = source;
  if (!doc.IsMap()) yaml::fail("expected a map {\"pops\": [...]}", source, doc);
  if (doc["prefix"]) d.prefix = yaml::text(doc["prefix"], source, "prefix");
  YAML::Node pops = required(doc, "pops", source);
  if (!pops.IsSequence() || pops.size() == 0) yaml::fail("'pops' must be a non-empty list", source, pops);
  std::set<std::pair<size_t, Asn>> seen;
  for (const auto& pop : pops) {
    if (!pop.IsMap()) yaml::fail("a PoP must be a map {name, upstreams}", source, pop);
    std::string name = yaml::text(required(pop, "name", source), source, "PoP name");
    if (d.findPop(name)) yaml::fail("PoP '" + name + "' listed twice", source, pop);
    size_t pop_index = d.pops.size();
    d.pops.push_back(name);
    std::optional<int> pop_cap = capOf(pop, source);
    YAML::Node upstreams = required(pop, "upstreams", source);
    if (!upstreams.IsSequence() || upstreams.size() == 0)
      yaml::fail("'upstreams' must be a non-empty list", source, upstreams);
    for (const auto& up : upstreams) {
      AnnouncementSession s;
      s.pop = pop_index;
      s.source = {source, yaml::lineOf(up)};
      s.max_prepend = pop_cap;
      if (up.IsMap()) {
        s.upstream = asnValue(required(up, "asn", source), source, "upstream asn");
        if (auto cap = capOf(up, source)) s.max_prepend = cap;
        if (up["neighbor"]) s.neighbor = yaml::text(up["neighbor"], source, "neighbor");
      } else {
        s.upstream = asnValue(up, source, "upstream");
      }
      if (s.upstream == origin)
        yaml::fail("upstream " + std::to_string(s.upstream) + " is the origin AS itself", source, up);
      if (!seen.insert({pop_index, s.upstream}).second)
        yaml::fail("upstream " + std::to_string(s.upstream) + " listed twice for PoP '" + name + "'",
                   source, up);
      if (s.neighbor.empty()) s.neighbor = "UPSTREAM-AS" + std::to_string(s.upstream);
      d.sessions.push_back(std::move(s));
    }
  }
  return d;
}

Deployment loadDeployment(const std::string& path, Asn origin) {
  return parseDeployment(yaml::loadFile(path), path, origin);
}

std::vector<ClientGroup> parseClients(const YAML::Node& doc, const std::string& source,
                                      const Deployment& deployment) {
  YAML::Node list = doc;
  if (doc.IsMap()) list = required(doc, "clients", source);
  if (!list.IsSequence()) yaml::fail("expected a list of client groups", source, list);
  std::vector<ClientGroup> clients;
  for (const auto& item : list) clients.push_back(clientFromYaml(item, source, deployment));
  return clients;
}

std::vector<ClientGroup> loadClients(const std::string& path, const Deployment& deployment) {
  if (isCsvPath(path)) return parseClientsCsv(path, deployment);
  return parseClients(yaml::loadFile(path), path, deployment);
}

PrependVector loadPrepends(const std::string& path, const Deployment& d) {
  YAML::Node doc = yaml::loadFile(path);
  if (!doc.IsMap()) yaml::fail("expected a map {\"prepends\": [...]}", path, doc);
  YAML::Node list = required(doc, "prepends", path);
  if (!list.IsSequence()) yaml::fail("'prepends' must be a list", path, list);
  PrependVector prepends(d.sessions.size(), 0);
  for (const auto& item : list) {
    if (!item.IsMap()) yaml::fail("a prepend entry must be a map {pop, upstream, prepend}", path, item);
    size_t pop = popIndex(d, required(item, "pop", path), path);
    Asn upstream = asnValue(required(item, "upstream", path), path, "upstream");
    int count = prependValue(required(item, "prepend", path), path, "prepend");
    auto it = std::find_if(d.sessions.begin(), d.sessions.end(), [&](const AnnouncementSession& s) {
      return s.pop == pop && s.upstream == upstream;
    });
    if (it == d.sessions.end())
      yaml::fail("PoP '" + d.pops[pop] + "' has no session to upstream " + std::to_string(upstream),
                 path, item);
    prepends[static_cast<size_t>(it - d.sessions.begin())] = count;
  }
  return prepends;
}

void checkAgainstGraph(const AsGraph& graph, const Deployment& d, const std::vector<ClientGroup>& clients) {
  for (const auto& s : d.sessions)
    if (!graph.find(s.upstream))
      throw InputError("upstream AS " + std::to_string(s.upstream) + " is not in the AS graph",
                       s.source.file, s.source.line);
  for (const auto& c : clients)
    if (!graph.find(c.asn))
      throw InputError("client AS " + std::to_string(c.asn) + " is not in the AS graph", c.source.file,
                       c.source.line);
}

}  // namespace routefix::anycast
