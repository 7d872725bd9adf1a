#include "anycast/snippets.h"

#include <sstream>

namespace routefix::anycast {

namespace {

const char* kPrefixList = "ANYCAST-PREFIX";

std::string policyName(const AnnouncementSession& s) { return "ANYCAST-OUT-AS" + std::to_string(s.upstream); }

std::string originRepeated(Asn origin, int count, const char* separator) {
  std::string out;
  for (int i = 0; i < count; ++i) out += (i ? separator : "") + std::to_string(origin);
  return out;
}

bool looksLikeAddress(const std::string& neighbor) {
  return neighbor.find_first_not_of("0123456789.:abcdefABCDEF") == std::string::npos &&
         neighbor.find_first_of(".:") != std::string::npos;
}

// FRR and IOS share the route-map language; they differ in the BGP block.
std::string routeMapConfig(const Deployment& d, size_t pop, const PrependVector& p, bool frr) {
  std::ostringstream out;
  out << "! routefix anycast: PoP " << d.pops[pop] << ", origin AS " << d.origin << "\n";
  if (!d.prefix.empty()) out << "ip prefix-list " << kPrefixList << " seq 5 permit " << d.prefix << "\n";
  for (size_t s = 0; s < d.sessions.size(); ++s) {
    const auto& session = d.sessions[s];
    if (session.pop != pop) continue;
    out << "route-map " << policyName(session) << " permit 10\n";
    if (!d.prefix.empty()) out << " match ip address prefix-list " << kPrefixList << "\n";
    if (p[s] > 0) out << " set as-path prepend " << originRepeated(d.origin, p[s], " ") << "\n";
    if (frr) out << "exit\n";
    if (!d.prefix.empty()) {
      out << "route-map " << policyName(session) << " permit 20\n";
      if (frr) out << "exit\n";
    }
  }
  out << "router bgp " << d.origin << "\n";
  out << " address-family ipv4 unicast\n";
  for (const auto& session : d.sessions)
    if (session.pop == pop)
      out << "  neighbor " << session.neighbor << " route-map " << policyName(session) << " out\n";
  out << " exit-address-family\n";
  if (frr) out << "exit\n";
  return out.str();
}

std::string junosConfig(const Deployment& d, size_t pop, const PrependVector& p) {
  std::ostringstream out;
  out << "/* routefix anycast: PoP " << d.pops[pop] << ", origin AS " << d.origin << " */\n";
  out << "policy-options {\n";
  if (!d.prefix.empty()) out << "    prefix-list " << kPrefixList << " {\n        " << d.prefix << ";\n    }\n";
  for (size_t s = 0; s < d.sessions.size(); ++s) {
    const auto& session = d.sessions[s];
    if (session.pop != pop) continue;
    out << "    policy-statement " << policyName(session) << " {\n";
    out << "        term anycast {\n";
    if (!d.prefix.empty()) out << "            from {\n                prefix-list " << kPrefixList << ";\n            }\n";
    out << "            then {\n";
    if (p[s] > 0) out << "                as-path-prepend \"" << originRepeated(d.origin, p[s], " ") << "\";\n";
    out << "                accept;\n            }\n        }\n    }\n";
  }
  out << "}\nprotocols {\n    bgp {\n";
  for (const auto& session : d.sessions) {
    if (session.pop != pop) continue;
    if (looksLikeAddress(session.neighbor))
      out << "        group ANYCAST-UPSTREAMS {\n            neighbor " << session.neighbor << " {\n"
          << "                export " << policyName(session) << ";\n            }\n        }\n";
    else
      out << "        group " << session.neighbor << " {\n            export " << policyName(session)
          << ";\n        }\n";
  }
  out << "    }\n}\n";
  return out.str();
}

}  // namespace

std::map<std::string, PopSnippets> configSnippets(const Deployment& d, const PrependVector& prepends) {
  std::map<std::string, PopSnippets> out;
  for (size_t pop = 0; pop < d.pops.size(); ++pop)
    out[d.pops[pop]] = {routeMapConfig(d, pop, prepends, true), routeMapConfig(d, pop, prepends, false),
                        junosConfig(d, pop, prepends)};
  return out;
}

}  // namespace routefix::anycast
