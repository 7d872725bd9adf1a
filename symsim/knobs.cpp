#include "symsim/knobs.h"

namespace routefix::symsim {

std::string knobKindName(KnobKind k) {
  switch (k) {
    case KnobKind::SessionUp: return "bgp-session";
    case KnobKind::ClauseAction: return "route-map-action";
    case KnobKind::PrefixListEntryMatch: return "prefix-list-entry";
    case KnobKind::PrefixListEntryAction: return "prefix-list-action";
    case KnobKind::PrefixListAddPermit: return "prefix-list-add";
    case KnobKind::SetValue: return "set-value";
    case KnobKind::PrependCount: return "as-path-prepend";
    case KnobKind::NetworkStatement: return "network-statement";
    case KnobKind::Redistribution: return "redistribution";
    case KnobKind::RouteReflectorClient: return "route-reflector-client";
    case KnobKind::OspfCost: return "ospf-cost";
    case KnobKind::OspfInterface: return "ospf-interface";
    case KnobKind::StaticRoute: return "static-route";
    case KnobKind::FamilyActivate: return "address-family-activate";
    case KnobKind::RouteTargetImport: return "route-target-import";
    case KnobKind::RouteTargetExport: return "route-target-export";
    case KnobKind::InterfaceVrf: return "interface-vrf";
  }
  return "unknown";
}

z3::expr KnobTable::get(const Knob& knob) {
  if (!inRegion(knob.node))
    return knob.integer ? ctx_.int_val(knob.original) : ctx_.bool_val(knob.original != 0);
  auto it = index_.find(knob.key);
  if (it != index_.end()) {
    used_.insert(it->second);
    return vars_[it->second];
  }
  used_.insert(knobs_.size());
  std::string name = "k" + std::to_string(knobs_.size()) + "|" + knob.key;
  z3::expr v = knob.integer ? ctx_.int_const(name.c_str()) : ctx_.bool_const(name.c_str());
  index_.emplace(knob.key, knobs_.size());
  knobs_.push_back(knob);
  vars_.push_back(v);
  return v;
}

z3::expr KnobTable::equals(size_t i, int64_t value) const {
  const Knob& k = knobs_[i];
  if (k.integer) return vars_[i] == ctx_.int_val(value);
  return value ? vars_[i] : !vars_[i];
}

z3::expr KnobTable::keepsOriginal(size_t i) const { return equals(i, knobs_[i].original); }

std::optional<size_t> KnobTable::find(const std::string& key) const {
  auto it = index_.find(key);
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

std::vector<KnobChange> KnobTable::changes(const z3::model& model) const {
  std::set<size_t> all;
  for (size_t i = 0; i < knobs_.size(); ++i) all.insert(i);
  return changes(model, all);
}

std::vector<KnobChange> KnobTable::changes(const z3::model& model, const std::set<size_t>& among) const {
  std::vector<KnobChange> out;
  for (size_t i : among) {
    z3::expr v = model.eval(vars_[i], true);
    int64_t value = knobs_[i].integer ? v.get_numeral_int64() : (v.is_true() ? 1 : 0);
    if (value != knobs_[i].original) out.push_back({i, value});
  }
  return out;
}

}  // namespace routefix::symsim
