// The hierarchical and the set form of one configuration must give the same model; only
// the line numbers differ (each points into its own file).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "parser/parser.h"

using namespace routefix;

namespace {

std::string readFile(const std::string& rel) {
  std::ifstream in(std::string(ROUTEFIX_SOURCE_DIR) + "/" + rel);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

template <typename T>
std::string opt(const std::optional<T>& v) {
  if (!v) return "-";
  if constexpr (std::is_same_v<T, model::Ipv4>) return v->str();
  else return std::to_string(*v);
}

// Everything the simulator reads, without source lines.
std::string describe(const model::Device& d) {
  std::ostringstream o;
  o << "device " << d.name << " " << model::vendorName(d.vendor) << "\n";
  for (const auto& i : d.interfaces) {
    o << "if " << i.name << " " << (i.address ? i.address->subnet().str() + "@" + i.address->address.str() : "-")
      << " shut=" << i.shutdown << " bw=" << i.bandwidth_kbps << " area=" << opt(i.ospf_area)
      << " cost=" << opt(i.ospf_cost) << " passive=" << (i.ospf_passive ? int(*i.ospf_passive) : -1)
      << " p2p=" << i.ospf_point_to_point << " desc=" << i.description << "\n";
  }
  for (const auto& s : d.static_routes)
    o << "static " << s.prefix.str() << " " << opt(s.next_hop) << " " << s.interface << " null=" << s.null_route
      << " d=" << s.distance << " tag=" << s.tag << "\n";
  if (d.ospf) {
    o << "ospf rid=" << opt(d.ospf->router_id) << " ref=" << d.ospf->reference_bandwidth_mbps;
    for (const auto& e : d.ospf->export_policies) o << " export " << e;
    for (const auto& r : d.ospf->redistributions) o << " redist " << int(r.source);
    o << "\n";
  }
  if (d.bgp) {
    const auto& b = *d.bgp;
    o << "bgp " << b.asn << " rid=" << opt(b.router_id) << " mp=" << b.maximum_paths_ibgp << "/"
      << b.maximum_paths_ebgp << " cluster=" << opt(b.cluster_id);
    for (const auto& r : b.redistributions) o << " redist " << int(r.source);
    o << "\n";
    for (const auto& n : b.neighbors) {
      o << " nb " << n.id << " as=" << opt(n.remote_as) << " grp=" << n.peer_group << " src=" << n.update_source
        << " rr=" << n.route_reflector_client << " act=" << n.activate << " desc=" << n.description << " in:";
      for (const auto& p : n.import_policies) o << " " << p;
      o << " out:";
      for (const auto& p : n.export_policies) o << " " << p;
      for (const auto& [k, s] : n.statement_spans) o << " [" << k << "]";
      o << "\n";
    }
  }
  for (const auto& [name, l] : d.prefix_lists) {
    o << "pl " << name << ":";
    for (const auto& e : l.entries)
      o << " " << int(e.action) << e.prefix.str() << "/" << opt(e.ge) << "/" << opt(e.le);
    o << "\n";
  }
  for (const auto& [name, l] : d.community_lists) {
    o << "cl " << name << " " << l.expanded << ":";
    for (const auto& e : l.entries) {
      for (auto c : e.communities) o << " " << model::communityStr(c);
      o << " " << e.regex;
    }
    o << "\n";
  }
  for (const auto& [name, p] : d.route_policies) {
    o << "policy " << name << "\n";
    for (const auto& c : p.clauses) {
      o << "  clause " << c.name << " " << int(c.action) << ":";
      for (const auto& m : c.matches) {
        o << " m" << int(m.kind) << "=" << m.value;
        for (const auto& n : m.names) o << "," << n;
        for (auto s : m.protocols) o << ",p" << int(s);
      }
      for (const auto& s : c.sets) {
        o << " s" << int(s.kind) << "=" << s.value << "/" << s.delta << "/" << int(s.origin) << "/" << s.additive;
        for (auto x : s.communities) o << "," << model::communityStr(x);
      }
      o << "\n";
    }
  }
  return o.str();
}

}  // namespace

TEST_CASE("core1 in hierarchical and set form: the same model") {
  auto braces = parser::parseJunos({{"configs/core1.conf", readFile("tests/data/junos/core1.conf")}});
  auto set = parser::parseJunos({{"configs/core1.set", readFile("tests/data/junos/core1.set")}});
  for (const auto& w : braces.warnings) MESSAGE("braces " << w.line << ": " << w.message);
  for (const auto& w : set.warnings) MESSAGE("set " << w.line << ": " << w.message);
  CHECK(braces.warnings.empty());
  CHECK(set.warnings.empty());
  CHECK(describe(braces.device) == describe(set.device));
  // The deactivated OSPF interface is out in both forms.
  CHECK_FALSE(braces.device.findInterface("ge-0/0/3.0")->ospf_area);
  CHECK_FALSE(set.device.findInterface("ge-0/0/3.0")->ospf_area);
  // Lines point into each file.
  const auto* b4 = braces.device.bgp->findNeighbor(*model::Ipv4::parse("10.255.0.4"));
  const auto* s4 = set.device.bgp->findNeighbor(*model::Ipv4::parse("10.255.0.4"));
  REQUIRE(b4);
  REQUIRE(s4);
  CHECK(b4->span == model::SourceSpan{"configs/core1.conf", 110, 112});
  CHECK(s4->span == model::SourceSpan{"configs/core1.set", 38, 39});
  CHECK(b4->statement_spans.at("import").first_line == 112);
  CHECK(s4->statement_spans.at("import").first_line == 39);
  CHECK(braces.device.route_policies.at("EDGE2-IN").clauses[0].span ==
        model::SourceSpan{"configs/core1.conf", 150, 154});
  CHECK(set.device.route_policies.at("EDGE2-IN").clauses[0].span ==
        model::SourceSpan{"configs/core1.set", 51, 53});
}
