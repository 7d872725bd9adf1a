#include "repair/repair_engine.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <set>
#include <tuple>

#include "parser/parser.h"
#include "repair/config_edit.h"
#include "repair/intent_translation.h"
#include "repair/patch_printer.h"
#include "symsim/bgp_encoding.h"
#include "symsim/ospf_encoding.h"
#include "symsim/region.h"
#include "symsim/session_graph.h"

namespace routefix::repair {

namespace fs = std::filesystem;
using symsim::Knob;
using symsim::KnobKind;

std::string statusName(RepairResult::Status s) {
  switch (s) {
    case RepairResult::Status::Repaired: return "repaired";
    case RepairResult::Status::NoRepair: return "no-repair";
    case RepairResult::Status::AlreadySatisfied: return "already-satisfied";
  }
  return "no-repair";
}

std::string describeChange(const Knob& k, int64_t value) {
  auto onOff = [&](const char* on, const char* off) { return std::string(value ? on : off); };
  switch (k.kind) {
    case KnobKind::ClauseAction: return k.description + ": " + onOff("deny -> permit", "permit -> deny");
    case KnobKind::PrefixListEntryMatch: return k.description + ": rewrite to match " + k.prefix.str();
    case KnobKind::PrefixListEntryAction: return k.description + ": " + onOff("deny -> permit", "permit -> deny");
    case KnobKind::PrefixListAddPermit: return k.description;
    case KnobKind::SetValue:
    case KnobKind::PrependCount:
    case KnobKind::OspfCost:
      return k.description + ": " + std::to_string(k.original) + " -> " + std::to_string(value);
    case KnobKind::NetworkStatement: return k.description + ": " + onOff("add", "remove");
    case KnobKind::Redistribution: return k.description + ": remove";
    case KnobKind::RouteReflectorClient: return k.description + ": " + onOff("add", "remove");
    case KnobKind::SessionUp: return k.description + ": " + onOff("establish", "shut down");
    case KnobKind::StaticRoute: return k.description + ": " + onOff("add", "remove");
    case KnobKind::OspfInterface: return k.description + ": " + onOff("add to OSPF", "remove from OSPF");
  }
  return k.description;
}

namespace {

using Clock = std::chrono::steady_clock;

// How many places on the knob's router use the route-map or prefix-list it edits. Editing a
// map shared by several sessions changes all of them, so among equally small repairs the one
// with the smaller reach is the one an engineer would write.
int64_t policyUses(const model::Network& network, const Knob& k) {
  const model::Device* d = network.findDevice(k.node);
  if (!d || !d->bgp || (k.policy.empty() && k.list.empty())) return 1;
  int64_t uses = 0;
  auto count = [&](const std::string& name) {
    if (!name.empty() && (name == k.policy || name == k.list)) ++uses;
  };
  for (const auto& n : d->bgp->neighbors) {
    for (const auto& m : n.import_policies) count(m);
    for (const auto& m : n.export_policies) count(m);
    count(n.prefix_list_in);
    count(n.prefix_list_out);
  }
  for (const auto& net : d->bgp->networks) count(net.route_map);
  for (const auto& r : d->bgp->redistributions) count(r.route_map);
  return std::max<int64_t>(uses, 1);
}

std::vector<IntentOutcome> outcomes(const verify::VerifyReport& report) {
  std::vector<IntentOutcome> out;
  for (const auto& i : report.intents)
    out.push_back({i.intent.name, verify::intentTypeName(i.intent.type), i.holds});
  return out;
}

size_t failingCount(const std::vector<IntentOutcome>& o) {
  return std::count_if(o.begin(), o.end(), [](const IntentOutcome& i) { return !i.holds; });
}

symsim::BoundaryRoutes boundaryRoutes(const sim::DataPlane& dp, const model::Prefix& prefix,
                                      const std::set<std::string>& region) {
  symsim::BoundaryRoutes out;
  for (const auto& [node, rib] : dp.ribs) {
    if (region.count(node)) continue;
    const sim::Route* r = rib.exact(prefix);
    if (!r || (r->protocol != sim::Protocol::Bgp && r->protocol != sim::Protocol::Ibgp)) continue;
    symsim::BoundaryRoute b;
    b.local_pref = r->local_pref.value_or(100);
    b.as_path.assign(r->as_path.begin(), r->as_path.end());
    b.med = r->metric;
    b.origin = r->origin;
    b.communities = r->communities;
    b.learned_ibgp = r->protocol == sim::Protocol::Ibgp;
    b.learned_from = r->received_from;
    out.emplace(node, std::move(b));
  }
  return out;
}

// Routers whose IGP path from `node` starts at `nextHop` in the concrete baseline: for an
// iBGP-learned route the forwarding next hop is the one towards its exit (see
// DestinationIntent::exits_via_next_hop). The exit is addressed by its router-id, the
// loopback the generated and usual iBGP designs peer on with next-hop-self.
std::vector<std::string> exitsThrough(const model::Network& network, const sim::DataPlane& dp,
                                      const std::string& node, const std::string& nextHop) {
  std::vector<std::string> out;
  auto rib = dp.ribs.find(node);
  if (rib == dp.ribs.end()) return out;
  for (const auto& d : network.devices) {
    if (!d.bgp || d.name == node) continue;
    const sim::Route* r = rib->second.longestMatch(symsim::bgpRouterId(d));
    if (!r || r->protocol == sim::Protocol::Bgp || r->protocol == sim::Protocol::Ibgp) continue;
    for (const auto& h : r->next_hops)
      if (h.node == nextHop) {
        out.push_back(d.name);
        break;
      }
  }
  return out;
}

// Whether OSPF, not BGP, forwards this intent part's traffic at every router it starts from
// (sources, the path's hops before the owner, the route intent's node), read off the concrete
// baseline RIB. A LAN that is an OSPF stub and also announced with a BGP `network` statement
// is carried by BGP to other ASes, so symsim::ospfCarries picks the BGP model for the prefix;
// inside the AS, though, the OSPF route (distance 110) beats the iBGP one (200), and an intent
// about that inside traffic has a solution only in the OSPF model. A router without a route,
// or with a BGP one, keeps the prefix-wide choice.
bool ospfForwardsAt(const model::Network& network, const sim::DataPlane& dp,
                    const symsim::DestinationIntent& part) {
  std::vector<std::string> nodes = part.sources;
  if (part.path.size() > 1) nodes.insert(nodes.end(), part.path.begin(), part.path.end() - 1);
  if (!part.node.empty()) nodes.push_back(part.node);
  if (nodes.empty()) return false;
  bool viaOspf = false;
  for (const auto& n : nodes) {
    const model::Device* d = network.findDevice(n);
    if (!d || !d->ospf) return false;
    auto rib = dp.ribs.find(d->name);
    if (rib == dp.ribs.end()) return false;
    const sim::Route* r = rib->second.exact(part.destination);
    if (!r) return false;
    switch (r->protocol) {
      case sim::Protocol::Ospf:
      case sim::Protocol::OspfInterArea: viaOspf = true; break;
      case sim::Protocol::Connected: break;  // the owner delivers it; the OSPF model knows owners
      default: return false;
    }
  }
  return viaOspf;
}

// One intent part the solver must satisfy, in one failure scenario.
struct Target {
  size_t intent;  // index into the intents
  symsim::DestinationIntent part;
  symsim::Scenario scenario;
  bool required;  // failing now (must be fixed); else held before (protect it)
};

// One destination in one scenario: BGP carries it, or (for prefixes only OSPF carries) OSPF.
struct PrefixEncoding {
  std::unique_ptr<symsim::BgpEncoding> bgp;
  std::unique_ptr<symsim::OspfEncoding> ospf;

  const z3::expr_vector& constraints() const { return bgp ? bgp->constraints() : ospf->constraints(); }
  std::optional<z3::expr> intent(const symsim::DestinationIntent& i) {
    return bgp ? bgp->intent(i) : ospf->intent(i);
  }
};

// Everything Z3 holds for one region; rebuilt when the region grows.
class Search {
 public:
  Search(const model::Network& network, const sim::DataPlane& baseline, symsim::RegionWidth width,
         const std::vector<Target>& targets)
      : network_(network), baseline_(baseline), knobs_(ctx_), sessions_(symsim::discoverSessions(network)) {
    symsim::Region region;
    for (const auto& t : targets) {
      std::vector<std::string> required = t.part.through;
      required.insert(required.end(), t.part.path.begin(), t.part.path.end());
      std::vector<std::string> sources = t.part.sources;
      if (!t.part.node.empty()) sources.push_back(t.part.node);
      if (!t.part.next_hop_node.empty()) required.push_back(t.part.next_hop_node);
      auto r = symsim::selectRegion(network, sessions_, sources,
                                    symsim::prefixOrigins(network, t.part.destination), required, width);
      region.nodes.insert(r.nodes.begin(), r.nodes.end());
    }
    region_ = region.nodes;
    knobs_.setRegion(region_);
    for (const auto& t : targets) add(t);
  }

  // Encodes a target; false (with a note) when it has no symbolic form here.
  bool add(const Target& t) {
    Model model = ospfForwardsAt(network_, baseline_, t.part) ? Model::Ospf : Model::ByPrefix;
    auto& enc = encoding(t.part.destination, t.scenario, model);
    auto c = enc.intent(t.part);
    // A prefix only OSPF carries inside may still be asked of routers that speak only BGP
    // (an external AS reaching a LAN whose `network` statement is missing): the OSPF model
    // has no such router, the BGP one has, with the statement as a knob.
    if (!c && enc.ospf) c = encoding(t.part.destination, t.scenario, Model::Bgp).intent(t.part);
    if (!c) return false;
    (t.required ? required_ : protected_).push_back(*c);
    encoded_.push_back(t);
    if (t.required) notePathInterfaces(t.part);
    return true;
  }
  bool encodes(const Target& t) const {
    return std::any_of(encoded_.begin(), encoded_.end(), [&](const Target& e) {
      return e.intent == t.intent && e.scenario.failed_links == t.scenario.failed_links &&
             e.part.destination == t.part.destination;
    });
  }

  enum class Outcome { Found, Unsatisfiable, Timeout };
  Outcome solve(bool protect, double seconds, std::vector<symsim::KnobChange>& changes) {
    z3::optimize opt(ctx_);
    z3::params p(ctx_);
    p.set("timeout", static_cast<unsigned>(std::max(1.0, seconds * 1000)));
    opt.set(p);
    for (const auto& [key, enc] : encodings_) opt.add(enc.constraints());
    for (const auto& c : required_) opt.add(c);
    if (protect)
      for (const auto& c : protected_) opt.add(c);
    for (const auto& b : blocked_) opt.add(b);
    for (size_t i = 0; i < knobs_.size(); ++i) {
      const Knob& k = knobs_.knob(i);
      if (k.integer) {
        opt.add(knobs_.variable(i) >= ctx_.int_val(k.low));
        opt.add(knobs_.variable(i) <= ctx_.int_val(k.high));
      }
      if (frozen_.count(i)) opt.add(knobs_.keepsOriginal(i));
      opt.add_soft(knobs_.keepsOriginal(i), static_cast<unsigned>(k.cost));
    }
    // Second objective, after the change cost: the smallest reach (see policyUses).
    Z3_symbol reach = Z3_mk_string_symbol(ctx_, "reach");
    for (size_t i = 0; i < knobs_.size(); ++i) {
      int64_t uses = policyUses(network_, knobs_.knob(i));
      if (uses > 1)
        Z3_optimize_assert_soft(ctx_, opt, knobs_.keepsOriginal(i), std::to_string(uses - 1).c_str(), reach);
    }
    // Third: an OSPF cost changed on a link of a failing path intent rather than elsewhere.
    // Raising a competing link's cost and lowering the intended link's are equally small, but
    // the intended link is the one the engineer named, the one a raised cost there most likely
    // broke, and the change that moves no other traffic off the competing link.
    Z3_symbol onPath = Z3_mk_string_symbol(ctx_, "on-path");
    if (!path_interfaces_.empty())
      for (size_t i = 0; i < knobs_.size(); ++i) {
        const Knob& k = knobs_.knob(i);
        if (k.kind == KnobKind::OspfCost && !path_interfaces_.count({k.node, k.interface}))
          Z3_optimize_assert_soft(ctx_, opt, knobs_.keepsOriginal(i), "1", onPath);
      }
    // Fourth: a changed value is the vendor default where that works (local-pref 100,
    // MED/weight 0) rather than an arbitrary number.
    Z3_symbol tidy = Z3_mk_string_symbol(ctx_, "tidy");
    for (size_t i = 0; i < knobs_.size(); ++i) {
      const Knob& k = knobs_.knob(i);
      if (k.kind != KnobKind::SetValue) continue;
      int64_t preferred = k.set_kind == model::PolicySet::Kind::LocalPref ? 100 : 0;
      z3::expr e = knobs_.variable(i) == ctx_.int_val(preferred) || knobs_.keepsOriginal(i);
      Z3_optimize_assert_soft(ctx_, opt, e, "1", tidy);
    }
    auto result = opt.check();
    if (result == z3::unknown) return Outcome::Timeout;
    if (result == z3::unsat) return Outcome::Unsatisfiable;
    changes = knobs_.changes(opt.get_model());
    return Outcome::Found;
  }

  // Never propose exactly this assignment again.
  void block(const std::vector<symsim::KnobChange>& changes) {
    z3::expr_vector same(ctx_);
    for (size_t i = 0; i < knobs_.size(); ++i) {
      auto c = std::find_if(changes.begin(), changes.end(),
                            [&](const symsim::KnobChange& x) { return x.knob == i; });
      same.push_back(c == changes.end() ? knobs_.keepsOriginal(i) : knobs_.equals(i, c->value));
    }
    blocked_.push_back(!z3::mk_and(same));
  }
  void freeze(size_t knob) { frozen_.insert(knob); }

  // Both ends of every link between consecutive hops of a path intent (see solve's "on-path").
  void notePathInterfaces(const symsim::DestinationIntent& part) {
    auto name = [&](const std::string& hop) {
      const model::Device* d = network_.findDevice(hop);
      return d ? d->name : hop;
    };
    for (size_t h = 0; h + 1 < part.path.size(); ++h)
      for (const auto& l : network_.links)
        if (std::set<std::string>{l.a, l.b} == std::set<std::string>{name(part.path[h]), name(part.path[h + 1])}) {
          path_interfaces_.emplace(l.a, l.a_interface);
          path_interfaces_.emplace(l.b, l.b_interface);
        }
  }

  const symsim::KnobTable& knobs() const { return knobs_; }
  const std::vector<symsim::BgpSession>& sessions() const { return sessions_; }
  size_t regionSize() const { return region_.size(); }
  bool wholeNetwork() const { return region_.size() == network_.devices.size(); }

 private:
  // Which model encodes a destination: the one symsim::ospfCarries picks for the prefix, or
  // one the caller knows forwards the intent's traffic (see ospfForwardsAt).
  enum class Model { ByPrefix, Ospf, Bgp };
  PrefixEncoding& encoding(const model::Prefix& prefix, const symsim::Scenario& scenario, Model model) {
    bool ospf = model == Model::Ospf || (model == Model::ByPrefix && symsim::ospfCarries(network_, prefix));
    auto key = std::make_tuple(scenario.name, prefix, ospf);
    auto it = encodings_.find(key);
    if (it != encodings_.end()) return it->second;
    PrefixEncoding enc;
    if (ospf) {
      enc.ospf = std::make_unique<symsim::OspfEncoding>(ctx_, knobs_, network_, prefix, scenario);
    } else {
      auto& boundary =
          boundaries_.try_emplace(prefix, boundaryRoutes(baseline_, prefix, region_)).first->second;
      symsim::Region region{region_};
      enc.bgp = std::make_unique<symsim::BgpEncoding>(ctx_, knobs_, network_, sessions_, region,
                                                      prefix, boundary, scenario);
    }
    return encodings_.emplace(key, std::move(enc)).first->second;
  }

  const model::Network& network_;
  const sim::DataPlane& baseline_;
  z3::context ctx_;
  symsim::KnobTable knobs_;
  std::vector<symsim::BgpSession> sessions_;
  std::set<std::string> region_;
  std::map<model::Prefix, symsim::BoundaryRoutes> boundaries_;
  std::map<std::tuple<std::string, model::Prefix, bool>, PrefixEncoding> encodings_;  // bool: OSPF
  std::vector<Target> encoded_;
  std::vector<z3::expr> required_;
  std::vector<z3::expr> protected_;
  std::vector<z3::expr> blocked_;
  std::set<size_t> frozen_;
  std::set<std::pair<std::string, std::string>> path_interfaces_;  // (router, interface)
};

std::string scenarioName(const std::set<model::Link>& links) {
  if (links.empty()) return "base";
  std::string s = "fail";
  for (const auto& l : links) s += ":" + l.a + "[" + l.a_interface + "]-" + l.b + "[" + l.b_interface + "]";
  return s;
}

}  // namespace

RepairResult repairNetwork(const fs::path& snapshot, const model::Network& network,
                           const sim::DataPlane& baseline, const verify::VerifyReport& before,
                           const std::vector<verify::Intent>& intents, const RepairOptions& options) {
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  auto say = [&](const std::string& m) {
    if (options.progress) options.progress(m);
  };
  RepairResult result;
  result.before = outcomes(before);
  result.after = result.before;
  if (failingCount(result.before) == 0) {
    result.status = RepairResult::Status::AlreadySatisfied;
    result.verified = true;
    return result;
  }

  // What the solver must achieve (failing intents) and keep (the ones that hold).
  std::vector<Target> targets;
  for (size_t i = 0; i < before.intents.size(); ++i) {
    const auto& report = before.intents[i];
    Translation t = translateIntent(network, report.intent);
    if (!t.unsupported.empty()) {
      if (!report.holds)
        result.notes.push_back("intent " + report.intent.name + ": " + t.unsupported +
                               " have no symbolic form; the repaired snapshot is checked for it");
      continue;
    }
    symsim::Scenario scenario;
    if (!report.holds && report.counterexample) {
      scenario.failed_links = report.counterexample->failed_links;
      scenario.name = scenarioName(scenario.failed_links);
    } else {
      scenario.name = "base";
    }
    for (auto part : t.parts) {
      if (part.kind == symsim::DestinationIntent::Kind::RoutePresent && !part.next_hop_node.empty())
        part.exits_via_next_hop = exitsThrough(network, baseline, part.node, part.next_hop_node);
      targets.push_back({i, part, scenario, !report.holds});
    }
  }

  struct Candidate {
    std::vector<KnobEdit> changes;
    ConfigEdits edits;
    std::vector<IntentOutcome> after;
  };
  std::optional<Candidate> best;  // verified, breaks nothing, fixes the most
  // Regions from small to large: one shortest walk per source, all the shortest session
  // walks, walks up to the configured slack longer, then the whole network. With route
  // reflectors every router is within a few session hops of every other, so slack 2 already
  // selects the whole network of a WAN and its encoding is more than Z3 solves in minutes at
  // 150 routers; on a fat-tree all shortest walks between two pods cross every spine (307
  // routers at k=32, ~25 s of solving), where one walk suffices for most errors, which sit
  // on every walk. A region is widened when its model sees no violation, has no repair, or
  // keeps proposing patches the concrete check rejects.
  using Width = symsim::RegionWidth;
  std::vector<Width> widths{{Width::Kind::OneWalk}, {Width::Kind::Slack, 0}};
  if (options.slack > 0) widths.push_back({Width::Kind::Slack, options.slack});
  widths.push_back({Width::Kind::Whole});
  size_t level = options.slack < 0 ? widths.size() - 1 : 0;
  auto search = std::make_unique<Search>(network, baseline, widths[level], targets);
  say("region: " + widths[level].describe() + ", " + std::to_string(search->regionSize()) + " routers, " +
      std::to_string(search->knobs().size()) + " knobs");
  bool protect = true;
  int rejectedHere = 0;  // candidates of the current region the concrete check rejected
  const int rejectedBeforeWidening = 3;
  auto widen = [&](const std::string& why) {
    if (search->wholeNetwork() || level + 1 >= widths.size()) return false;
    size_t before = search->regionSize();
    do {  // a wider level that selects the same routers would fail the same way
      ++level;
      search = std::make_unique<Search>(network, baseline, widths[level], targets);
    } while (search->regionSize() == before && level + 1 < widths.size());
    say(why + "; widening the region to " + widths[level].describe() + " (" +
        std::to_string(search->regionSize()) + " routers, " + std::to_string(search->knobs().size()) + " knobs)");
    protect = true;
    rejectedHere = 0;
    return true;
  };
  for (int round = 0; round < options.max_rounds; ++round) {
    result.rounds = round + 1;
    double left = options.timeout_seconds - elapsed();
    if (left <= 0) {
      result.timed_out = true;
      break;
    }
    std::vector<symsim::KnobChange> changes;
    auto outcome = search->solve(protect, left, changes);
    if (outcome == Search::Outcome::Timeout) {
      result.timed_out = true;
      break;
    }
    if (outcome == Search::Outcome::Unsatisfiable) {
      if (protect) {
        // The intents that hold may be beyond the encoding's reach; keep them by the
        // concrete check only.
        protect = false;
        continue;
      }
      if (widen("no change inside the region satisfies the failing intents")) continue;
      result.notes.push_back("no combination of the modelled configuration changes satisfies the failing intents");
      break;
    }
    if (changes.empty()) {
      if (widen("the symbolic model of the region sees no violation")) continue;
      result.notes.push_back("the symbolic model finds the failing intents satisfied without a change "
                             "(a behaviour it does not model); no repair");
      break;
    }
    // Print the change set as a patch.
    Candidate cand{{}, ConfigEdits(snapshot), {}};
    PatchPrinter printer(network, search->sessions(), cand.edits);
    bool printable = true;
    for (const auto& c : changes) {
      const Knob& k = search->knobs().knob(c.knob);
      std::string why;
      if (!printer.apply(k, c.value, why)) {
        result.notes.push_back("cannot write " + describeChange(k, c.value) + ": " + why);
        search->freeze(c.knob);
        printable = false;
        break;
      }
      cand.changes.push_back({k, c.value, describeChange(k, c.value)});
    }
    if (!printable) continue;
    std::string listed;  // which changes, so a search that keeps failing can be followed
    for (const auto& c : cand.changes) listed += (listed.empty() ? "" : "; ") + c.summary;
    say("round " + std::to_string(round + 1) + ": checking " + std::to_string(changes.size()) +
        " change(s) concretely: " + listed);
    // The concrete check: re-parse, re-simulate, re-check every intent.
    PatchedFiles files;
    for (const auto& f : cand.edits.files()) files[f] = cand.edits.patchedText(f);
    TemporaryDirectory tmp(fs::temp_directory_path(), "routefix-repair");
    writePatchedSnapshot(snapshot, tmp.path() / "snapshot", files);
    model::Network patched = parser::loadSnapshot(tmp.path() / "snapshot");
    sim::DataPlane dp = sim::simulate(patched);
    verify::VerifyReport report = verify::runVerify(patched, dp, intents, {});
    cand.after = outcomes(report);
    bool regression = false;
    for (size_t i = 0; i < cand.after.size(); ++i)
      if (result.before[i].holds && !cand.after[i].holds) regression = true;
    if (patched.warnings.size() > network.warnings.size()) {
      result.notes.push_back("a candidate patch produced lines the parser warns about; skipped");
      regression = true;
    }
    size_t failing = failingCount(cand.after);
    if (!regression && failing < failingCount(result.before) &&
        (!best || failing < failingCount(best->after)))
      best = std::move(cand);
    if (!regression && failing == 0) break;
    if (++rejectedHere >= rejectedBeforeWidening && widen("the region's patches keep failing the concrete check"))
      continue;
    // Learn: block this assignment, and add any failure scenario the check exposed.
    search->block(changes);
    for (size_t i = 0; i < report.intents.size(); ++i) {
      const auto& r = report.intents[i];
      if (r.holds || !r.counterexample || r.counterexample->failed_links.empty()) continue;
      Translation t = translateIntent(network, r.intent);
      symsim::Scenario s{scenarioName(r.counterexample->failed_links), r.counterexample->failed_links};
      for (const auto& part : t.parts) {
        Target target{i, part, s, true};
        if (search->encodes(target)) continue;
        targets.push_back(target);
        search->add(target);
        say("added failure scenario " + s.name + " for intent " + r.intent.name);
      }
    }
  }
  result.region_nodes = search->regionSize();
  result.knobs = search->knobs().size();
  if (best) {
    result.changes = best->changes;
    result.after = best->after;
    for (const auto& f : best->edits.files()) {
      result.patches.push_back({f, best->edits.unifiedDiff(f)});
      result.patched[f] = best->edits.patchedText(f);
    }
    result.verified = true;
    result.partial = failingCount(best->after) > 0;
    result.status = result.partial ? RepairResult::Status::NoRepair : RepairResult::Status::Repaired;
    if (result.partial)
      result.notes.push_back("best verified patch fixes " +
                             std::to_string(failingCount(result.before) - failingCount(best->after)) +
                             " of " + std::to_string(failingCount(result.before)) + " failing intents");
  }
  if (result.timed_out) result.notes.push_back("solving stopped at the time limit");
  result.seconds = elapsed();
  return result;
}

}  // namespace routefix::repair
