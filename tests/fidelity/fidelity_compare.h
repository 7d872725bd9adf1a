// Scores routefix's computed RIBs against routing tables that real devices computed, by the
// matching rules of tests/fidelity/corpus/README.md: key (host, prefix); protocol equal up to
// the documented equivalences; the set of next hops equal, where a device that prints the
// protocol next hop (IOS: the BGP next hop) may match our protocol next hops instead.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace routefix::fidelity {

// What a host's own table allows: FRR of the corpus's version prints no OSPF route type and
// does not tell iBGP from eBGP, so ospf-ia/e1/e2 read as ospf and ibgp/aggregate as bgp.
struct HostRules {
  bool coarse_protocols = false;
};

enum class Verdict { Match, Mismatch, Missing, Extra };

struct RouteResult {
  std::string host, prefix;
  Verdict verdict = Verdict::Match;
  std::string detail;  // what differs
};

struct HostScore {
  std::string host;
  size_t expected = 0;  // device routes scored (local/kernel/EIGRP left out)
  size_t matched = 0;
  size_t extra = 0;     // our routes the device does not have
  std::vector<RouteResult> mismatches;  // everything but Match, sorted by prefix
};

// Scores one host: `expected` and `ours` are the `routes` arrays of the two documents (ours may
// be null when routefix has no such node: every device route is then missing).
HostScore scoreHost(const std::string& host, const nlohmann::json& expected,
                    const nlohmann::json& ours, const HostRules& rules);

// Looks a node up in a `routes` document's "nodes" case-insensitively; null json if absent.
nlohmann::json findNode(const nlohmann::json& routesDoc, const std::string& host);

// A next-hop set in comparable form: "discard", an address, or "if:<interface, lowercased>".
// Connected routes compare by interface even where an address is printed, and so does an
// IPv6 link-local next hop (BGP unnumbered, as real FRR prints it): the address comes from
// the kernel, the interface is what the config decides (labval's corpus writes it that way).
std::set<std::string> nextHopKeys(const nlohmann::json& hops, bool connected);

}  // namespace routefix::fidelity
