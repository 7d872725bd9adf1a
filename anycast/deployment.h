// What an anycast operator controls and wants: the origin AS, its PoPs and their upstream
// sessions (each session may be prepended), and the client groups with their targets or
// latencies. Loaded from the POPS / CLIENTS / prepend documents of spec.md (YAML or JSON;
// CLIENTS may also be CSV).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "anycast/as_graph.h"

namespace routefix::anycast {

struct SourceRef {
  std::string file;
  int line = 0;
};

// One (PoP, upstream) announcement session.
struct AnnouncementSession {
  size_t pop = 0;                   // index into Deployment::pops
  Asn upstream = 0;
  std::optional<int> max_prepend;   // operator cap for this session; 0 = must not be prepended
  std::string neighbor;             // neighbor address / group used in config snippets
  SourceRef source{};
};

struct Deployment {
  Asn origin = 0;
  std::string prefix;               // the anycast prefix, optional (snippets match it if set)
  std::vector<std::string> pops;    // names, in file order (the lowest-id tie-break uses it)
  std::vector<AnnouncementSession> sessions;  // PoP order, then upstream order
  std::string source_file;

  std::optional<size_t> findPop(const std::string& name) const;
  // Highest prepend allowed on session s when the global limit is `max_prepend`.
  int sessionCap(size_t s, int max_prepend) const;
};

struct ClientGroup {
  Asn asn = 0;
  double weight = 1;
  std::optional<size_t> target{};           // PoP index
  std::map<size_t, double> latency_ms{};    // PoP index -> measured latency
  bool pinned = false;                      // must end up at its target
  SourceRef source{};
};

enum class TieBreak { LowestId, KeepAll };
TieBreak parseTieBreak(const std::string& text);  // throws InputError
std::string tieBreakName(TieBreak t);

using PrependVector = std::vector<int>;  // one count per session

}  // namespace routefix::anycast

namespace YAML {
class Node;
}

namespace routefix::anycast {

// Loaders. A document may come from a file or be given inline (batch jobs); `source` names
// it in error messages. All throw model::InputError with file:line.
Deployment loadDeployment(const std::string& path, Asn origin);
Deployment parseDeployment(const YAML::Node& doc, const std::string& source, Asn origin);
std::vector<ClientGroup> loadClients(const std::string& path, const Deployment& deployment);
std::vector<ClientGroup> parseClients(const YAML::Node& doc, const std::string& source,
                                      const Deployment& deployment);
PrependVector loadPrepends(const std::string& path, const Deployment& deployment);

// Checks that every ASN the deployment and clients name exists in the graph.
void checkAgainstGraph(const AsGraph& graph, const Deployment& deployment,
                       const std::vector<ClientGroup>& clients);

}  // namespace routefix::anycast
