// What the statement table collects from a Junos configuration before it becomes model
// objects. Junos states a thing in pieces that may come in any order (a static route's
// next hop and its preference, a BGP group's settings and its neighbors', a policy's terms
// and the communities they name), so the pieces are gathered here and assembled at the end.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "model/device.h"
#include "parser/junos/set_path.h"

namespace routefix::parser::junos {

// Widens a span to cover a line of a file.
void cover(model::SourceSpan& span, const std::string& file, int line);

struct Named {
  std::string value;
  int line = 0;
};

struct PhysicalInterfaceDraft {
  bool disable = false;
  std::string description;
  uint64_t bandwidth_kbps = 0;
};

// A static route of inet.0 or (IPv6) of `rib inet6.0`: the same statements for both.
struct StaticRouteDraft {
  model::IpPrefix prefix;
  std::vector<Named> next_hops;  // addresses or interface names
  struct Qualified {
    std::string next_hop;
    std::optional<uint32_t> preference;
    std::string interface;  // `qualified-next-hop A interface X` (a link-local A needs one)
    int line = 0;
  };
  std::vector<Qualified> qualified;
  bool discard = false;
  std::optional<uint32_t> preference;
  std::optional<uint32_t> tag;
  model::SourceSpan span;
};

struct OspfInterfaceDraft {
  std::string name;  // as the unit is named in the model ("ge-0/0/0.0")
  uint32_t area = 0;
  std::optional<uint32_t> metric;
  model::SourceSpan metric_span;
  bool passive = false;
  bool point_to_point = false;
  bool disable = false;
  model::SourceSpan span;
};

struct OspfDraft {
  bool present = false;
  model::SourceSpan span;
  std::optional<uint32_t> reference_bandwidth_mbps;
  std::optional<uint32_t> preference;
  std::vector<Named> export_policies;
  std::vector<OspfInterfaceDraft> interfaces;
  std::unordered_map<std::string, size_t> interface_index;  // name -> position in interfaces
  std::vector<model::OspfAreaRange> area_ranges;
};

// BGP settings at one level (global, group, neighbor); the neighbor's resolved settings are
// the most specific level that sets each one.
struct BgpSettings {
  std::optional<std::string> type;  // internal / external
  std::optional<uint32_t> peer_as;
  std::optional<uint32_t> local_as;
  std::optional<std::string> local_address;
  std::vector<Named> import_policies;
  std::vector<Named> export_policies;
  std::optional<model::Ipv4> cluster;
  std::optional<bool> multipath;
  bool multiple_as = false;
  std::optional<uint32_t> multihop_ttl;
  std::optional<std::string> description;
  bool remove_private = false;
  bool passive = false;
  // Junos enables only the families configured; with none, inet unicast is on (and inet6
  // unicast only with `family inet6 unicast|any`).
  bool family_configured = false;
  bool family_inet_unicast = false;
  bool family_inet6_unicast = false;
  std::map<std::string, model::SourceSpan> spans;  // by statement keyword
  model::SourceSpan span;
};

struct BgpNeighborDraft {
  std::string address;
  BgpSettings settings;
};

struct BgpGroupDraft {
  std::string name;
  BgpSettings settings;
  std::vector<BgpNeighborDraft> neighbors;
};

struct BgpDraft {
  bool present = false;
  BgpSettings global;
  std::vector<BgpGroupDraft> groups;
  bool always_compare_med = false;
  model::SourceSpan span;
};

// One `then` statement of a policy term.
struct ThenAction {
  enum class Kind { Accept, Reject, NextTerm, NextPolicy, Set, CommunityAdd, CommunitySet, CommunityDelete };
  Kind kind = Kind::Set;
  model::PolicySet set;    // Kind::Set
  std::string community;   // Community* kinds: the named community
  int line = 0;
};

// One `from` condition of a policy term.
struct FromCondition {
  enum class Kind {
    Protocol, PrefixList, PrefixListFilter, RouteFilter, Community, AsPath, Neighbor,
    NextHop, Tag, Metric, Interface, Family
  };
  Kind kind = Kind::Protocol;
  std::string name;          // list / community / as-path / interface name, protocol, family
  model::IpPrefix prefix;    // route-filter: the filter prefix (either family)
  std::optional<uint8_t> ge;  // route-filter match range (both unset = exact)
  std::optional<uint8_t> le;
  std::string match_type;    // prefix-list-filter: exact / orlonger / longer
  std::vector<ThenAction> actions;  // route-filter with its own: `... exact accept`
  model::Ipv4 address;       // neighbor, next-hop
  uint32_t value = 0;        // tag, metric
  int line = 0;
};

struct TermDraft {
  std::string name;
  std::vector<FromCondition> from;
  std::vector<ThenAction> then;
  model::SourceSpan span;
};

struct PolicyDraft {
  std::string name;
  std::vector<TermDraft> terms;
  model::SourceSpan span;
};

struct CommunityDraft {
  std::string name;
  std::vector<Named> members;
  model::SourceSpan span;
};

// A routing instance (`routing-instances R`): its own statements are gathered in the same
// drafts as the master instance's, swapped in while they are read and assembled, so one set
// of rules serves both.
struct InstanceDraft {
  model::Vrf vrf;  // name, route distinguisher, targets and span; routes once assembled
  std::vector<StaticRouteDraft> static_routes;
  std::map<model::IpPrefix, size_t> static_route_index;
  OspfDraft ospf;
  BgpDraft bgp;
  std::optional<Named> router_id;
  std::optional<Named> autonomous_system;
};

struct JunosDraft {
  model::Device device;  // name, hostname span, interfaces and aggregates go straight here
  std::map<std::string, PhysicalInterfaceDraft> physical;
  std::vector<StaticRouteDraft> static_routes;
  std::optional<Named> router_id;
  std::optional<Named> autonomous_system;
  OspfDraft ospf;
  OspfDraft ospf3;  // `protocols ospf3`: the master instance's IPv6 OSPF (the model's ospf6)
  BgpDraft bgp;
  // `policy-options prefix-list`: entries of both families, split into the model's IPv4 and
  // IPv6 lists of the same name when assembled (each matches routes of its family only).
  std::map<std::string, model::IpPrefixList> prefix_lists;
  std::vector<CommunityDraft> communities;
  std::map<std::string, model::AsPathList> as_paths;
  std::vector<PolicyDraft> policies;
  std::set<std::string> forwarding_table_policies;  // `routing-options forwarding-table export`
  // `routing-instances R interface X`: unit X (as in device.interfaces) -> instance R.
  std::map<std::string, std::string> interface_instance;
  std::map<std::string, InstanceDraft> instances;
  std::vector<model::ParseWarning> warnings;
  std::map<std::string, TextLines> file_lines;  // for warning text
  // Lookups by name that a scan made quadratic on large configs (270k `set interfaces`):
  // positions in device.interfaces and static_routes (OSPF interfaces: OspfDraft's), and the
  // "not modelled" messages warned already.
  std::unordered_map<std::string, size_t> interface_index;
  std::map<model::IpPrefix, size_t> static_route_index;
  std::unordered_set<std::string> not_modelled_warned;
  std::set<std::pair<std::string, int>> group_lines;  // lines inside `groups { }`

  void warn(const SetPath& path, std::string message);
  // Widens `span` to the statement at `at`, from the line of its word `headerWord`.
  void coverPath(model::SourceSpan& span, const SetPath& at, size_t headerWord) const;
  model::Interface& unit(const std::string& physical, const std::string& unit, const SetPath& at);
  // `headerWord`: the word `route` of the statement (its span starts there).
  StaticRouteDraft& staticRoute(const model::IpPrefix& prefix, const SetPath& at, size_t headerWord);
  OspfInterfaceDraft& ospfInterface(OspfDraft& process, const std::string& name, uint32_t area, const SetPath& at);
  BgpGroupDraft& bgpGroup(const std::string& name, const SetPath& at);
  BgpNeighborDraft& bgpNeighbor(BgpGroupDraft& group, const std::string& address, const SetPath& at);
  TermDraft& term(const std::string& policy, const std::string& term, const SetPath& at);
  CommunityDraft& community(const std::string& name, const SetPath& at);
  // Exchanges the master instance's routing drafts (static routes, OSPF, BGP, router-id,
  // AS) with the instance's; a second call swaps them back.
  void swapRouting(InstanceDraft& instance);
};

// `routing-instances R <statement>` other than its routing-options and protocols: instance
// type, interfaces, route distinguisher, VRF targets. False when not recognised.
bool instanceStatement(JunosDraft& d, InstanceDraft& instance, const SetPath& p);

// Applies the statement table to every set-path (warning about unknown ones).
void walkStatements(const std::vector<SetPath>& paths, JunosDraft& draft);

// Turns the drafts into the device's model objects; warns about what cannot be modelled.
void assembleDevice(JunosDraft& draft);
// Policies, prefix lists, communities and AS-path lists (policy_translation.cpp).
void assemblePolicies(JunosDraft& draft);
// Each routing instance's static routes, OSPF and BGP into its VRF (device_assembly.cpp).
void assembleInstances(JunosDraft& draft);

}  // namespace routefix::parser::junos
