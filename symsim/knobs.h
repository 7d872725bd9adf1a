// Configuration knobs: the parts of the configuration a repair may change, each a Z3
// variable with its original value and a change cost. Knobs exist only for routers inside
// the selected region; everywhere else the same question gets the concrete constant.
#pragma once

#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <z3++.h>

#include "model/ip_address.h"
#include "model/policy.h"
#include "model/source_span.h"

namespace routefix::symsim {

enum class KnobKind {
  SessionUp,             // BGP session between node and peer_node established
  ClauseAction,          // route-map clause permits (1) or denies (0)
  PrefixListEntryMatch,  // the entry is rewritten to match `prefix` exactly
  PrefixListEntryAction, // the entry (which matches `prefix`) permits (1) or denies (0)
  PrefixListAddPermit,   // a new `permit prefix` entry before the first entry matching it
  SetValue,              // value of a set local-preference / metric / weight
  PrependCount,          // number of ASNs a `set as-path prepend` adds
  NetworkStatement,      // `network prefix` present on node
  Redistribution,        // the existing `redistribute` statement (index) stays
  RouteReflectorClient,  // node reflects to peer_node as a client
  OspfCost,              // OSPF cost of node's interface
  OspfInterface,         // node's interface runs OSPF (a `network ... area` covers it)
  StaticRoute,           // static route for prefix on node towards peer_node
  // Knobs no symbolic encoding uses: the concrete search of repair/concrete_search.h proposes
  // them for intents symsim cannot encode (IPv6 destinations, VRFs) and the simulator judges.
  FamilyActivate,        // node's neighbor (index) activated in the IPv6 unicast family, or in
                         // VRF `vrf`'s IPv4 family (the neighbor of that VRF's BGP instance)
  RouteTargetImport,     // VRF `vrf` on node imports `route_target` (replacing `replaces`)
  RouteTargetExport,     // VRF `vrf` on node exports `route_target` (replacing `replaces`)
  InterfaceVrf,          // node's interface moved into VRF `vrf` ("" the default VRF)
};
std::string knobKindName(KnobKind k);

struct Knob {
  std::string key;  // unique: kind and the elements it names
  KnobKind kind = KnobKind::ClauseAction;
  std::string node;
  int64_t original = 0;
  int64_t cost = 1;     // per change from the original
  bool integer = false; // Int (values) rather than Bool
  int64_t low = 0, high = 1;
  std::string description;  // "route-map RM_IN clause 10 on r2"
  model::SourceSpan span;   // the line(s) it lives on (unknown for absent statements)
  // The model elements it names (those that apply to its kind).
  std::string peer_node;
  std::string policy;
  size_t clause = 0;
  size_t set_index = 0;
  model::PolicySet::Kind set_kind = model::PolicySet::Kind::LocalPref;
  std::string list;
  size_t entry = 0;
  std::string interface;
  model::Prefix prefix;
  size_t session = 0;       // SessionUp: index into the session list
  size_t statement = 0;     // Redistribution: index into the BGP redistributions
  // The IPv6 unicast family's element (an `ipv6 prefix-list`, a `network` in `address-family
  // ipv6`, an activation there): `ip_prefix` is the prefix, `prefix` unused.
  bool ipv6 = false;
  model::IpPrefix ip_prefix;
  size_t neighbor = 0;       // FamilyActivate: index into the BGP process's neighbors
  std::string vrf;           // RouteTarget*: the VRF changed; InterfaceVrf: the VRF moved into
  std::string route_target;  // RouteTarget*: the target written
  std::string replaces;      // RouteTarget*: the target it rewrites ("" a new statement)

  // The prefix it names, in either family.
  std::string prefixText() const { return ipv6 ? ip_prefix.str() : prefix.str(); }
};

struct KnobChange {
  size_t knob;
  int64_t value;
  auto operator<=>(const KnobChange&) const = default;  // change sets are kept sorted and compared
};

class KnobTable {
 public:
  explicit KnobTable(z3::context& ctx) : ctx_(ctx) {}

  // Nodes whose knobs are symbolic; every other node gets the concrete original.
  void setRegion(std::set<std::string> nodes) { region_ = std::move(nodes); }
  bool inRegion(const std::string& node) const { return region_.count(node) > 0; }

  // The variable for this knob, created on first use (same key -> same variable). Outside
  // the region: the original value as a constant.
  z3::expr get(const Knob& knob);

  size_t size() const { return knobs_.size(); }
  const Knob& knob(size_t i) const { return knobs_[i]; }
  const std::vector<Knob>& knobs() const { return knobs_; }
  z3::expr variable(size_t i) const { return vars_[i]; }
  z3::expr keepsOriginal(size_t i) const;
  z3::expr equals(size_t i, int64_t value) const;
  std::optional<size_t> find(const std::string& key) const;
  // The knob variables get() handed out since the last call: which knobs a part of the
  // problem uses, so that parts sharing none can be solved apart.
  std::set<size_t> takeUsed() { return std::exchange(used_, {}); }
  // Changed knobs in a model of the constraints.
  std::vector<KnobChange> changes(const z3::model& model) const;
  // The same, looking only at these knobs (the others are not in the model's problem).
  std::vector<KnobChange> changes(const z3::model& model, const std::set<size_t>& among) const;

 private:
  z3::context& ctx_;
  std::set<std::string> region_;
  std::vector<Knob> knobs_;
  std::vector<z3::expr> vars_;
  std::map<std::string, size_t> index_;
  std::set<size_t> used_;
};

}  // namespace routefix::symsim
