// The symbolic half of repair: the intent parts the solver must satisfy (targets), their Z3
// encodings over a region of the network, and the MaxSMT call that finds the cheapest knob
// changes. Internal to repair/ (repair_engine.cpp drives it and checks its answers concretely).
#pragma once

#include <z3++.h>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "model/network.h"
#include "sim/dataplane.h"
#include "symsim/bgp_encoding.h"
#include "symsim/knobs.h"
#include "symsim/ospf_encoding.h"
#include "symsim/region.h"
#include "symsim/session_graph.h"

namespace routefix::repair {

// One intent part the solver must satisfy, in one failure scenario.
struct Target {
  size_t intent;  // index into the intents
  symsim::DestinationIntent part;
  symsim::Scenario scenario;
  bool required;  // failing now (must be fixed); else held before (protect it)
  bool regressed = false;  // held, and a candidate patch broke it: always encoded
};

// Change sets are kept and compared in knob order.
inline bool byKnob(const symsim::KnobChange& a, const symsim::KnobChange& b) { return a.knob < b.knob; }

// Routers whose IGP path from `node` starts at `nextHop` in the concrete baseline (see
// DestinationIntent::exits_via_next_hop).
std::vector<std::string> exitsThrough(const model::Network& network, const sim::DataPlane& dp,
                                      const std::string& node, const std::string& nextHop);

// Everything Z3 holds for one region width; rebuilt when the region grows.
class KnobSearch {
 public:
  KnobSearch(const model::Network& network, const sim::DataPlane& baseline, symsim::RegionWidth width,
             const std::vector<Target>& targets);

  // Encodes a target; false when it has no symbolic form here.
  bool add(const Target& t);
  bool encodes(const Target& t) const;

  enum class Outcome { Found, Unsatisfiable, Timeout };
  enum class Mode {
    All,       // every failing destination
    Solvable,  // the parts that have a fix, without those that have none (a partial repair)
  };
  // A cheap change set satisfying the required targets (and, with `protect`, the protected
  // ones), never a blocked one; in knob order.
  Outcome solve(bool protect, double seconds, std::vector<symsim::KnobChange>& changes, Mode mode = Mode::All);
  // Never propose exactly this assignment again.
  void block(const std::vector<symsim::KnobChange>& changes);
  void freeze(size_t knob) { frozen_.insert(knob); }

  // The concrete check of a change set: per intent, whether it holds on the patched snapshot
  // (nullopt: it cannot tell). With it, solve() asks it rather than Z3 whether the changes
  // chosen so far already fix the other destinations, when one such check (about a
  // simulation: `routes`, the baseline's routing-table entries) costs less than asking Z3 about
  // each of them (see concreteCheckCheaper).
  using ConcreteCheck = std::function<std::optional<std::vector<bool>>(const std::vector<symsim::KnobChange>&)>;
  void useConcreteCheck(ConcreteCheck check, size_t routes) {
    concrete_check_ = std::move(check);
    concrete_routes_ = routes;
  }

  // Which change of a set cannot be written as a patch in its file's syntax (nullopt: every one
  // can). With it, a destination is never settled on such a change: solveInTurn freezes the
  // knob and solves that destination again. Otherwise the change reaches the round's concrete
  // check, which cannot run, and every later destination's question "do the chosen changes fix
  // it" falls back from the concrete check to Z3 for the rest of the round.
  using WritableCheck = std::function<std::optional<size_t>(const std::vector<symsim::KnobChange>&)>;
  void useWritableCheck(WritableCheck check) { writable_check_ = std::move(check); }

  const symsim::KnobTable& knobs() const { return knobs_; }
  const std::vector<symsim::BgpSession>& sessions() const { return sessions_; }
  size_t regionSize() const { return region_.size(); }
  size_t fixedKnobChecks() const { return fixed_knob_checks_; }  // Z3 checks with every knob fixed
  bool wholeNetwork() const { return region_.size() == network_.devices.size(); }

 private:
  // One destination in one scenario: BGP carries it, or (for prefixes only OSPF carries) OSPF.
  struct PrefixEncoding {
    std::unique_ptr<symsim::BgpEncoding> bgp;
    std::unique_ptr<symsim::OspfEncoding> ospf;
    std::set<size_t> knobs;          // the knob variables its constraints and goals use
    std::vector<z3::expr> required;  // goals of failing intents
    std::vector<z3::expr> protected_;  // goals of intents that held
    std::vector<size_t> required_intents, protected_intents;  // the intents those goals come from
    const z3::expr_vector& constraints() const { return bgp ? bgp->constraints() : ospf->constraints(); }
  };
  // Which model encodes a destination: the one symsim::ospfCarries picks for the prefix, or
  // one the caller knows forwards the intent's traffic.
  enum class Model { ByPrefix, Ospf, Bgp };
  PrefixEncoding& encoding(const model::Prefix& prefix, const symsim::Scenario& scenario, Model model);
  std::optional<z3::expr> goal(PrefixEncoding& enc, const symsim::DestinationIntent& part);
  void selectRegionFor(const Target& t);
  symsim::NextHopCosts nextHopCosts(const symsim::Scenario& scenario);
  std::vector<PrefixEncoding*> allEncodings();
  // The cheapest changes for these encodings, with the `fixed` changes made whatever they cost.
  Outcome solvePart(const std::vector<PrefixEncoding*>& part, bool withBlocked, bool protect,
                    double seconds, std::vector<symsim::KnobChange>& changes,
                    const std::vector<symsim::KnobChange>& fixed = {});
  // Strategies of solve() (knob_search_parts.cpp); nullopt: the parts' fixes conflict.
  std::optional<Outcome> solveInTurn(bool protect, bool withBlocked, double seconds, Mode mode,
                                     std::vector<symsim::KnobChange>& changes);
  Outcome solveMerged(bool protect, bool withBlocked, double seconds, Mode mode,
                      std::vector<symsim::KnobChange>& changes);
  // Whether the encoding's goals hold with exactly these knobs changed (every other at its
  // original value); false when Z3 cannot tell within the time.
  bool holdsUnder(const PrefixEncoding& enc, const std::vector<symsim::KnobChange>& changes, bool protect,
                  double seconds);
  // The same question answered by the concrete check when `concretely` (the intents the goals
  // come from hold on the patched snapshot), else, or when that check cannot tell, by Z3.
  bool holds(const PrefixEncoding& enc, const std::vector<symsim::KnobChange>& changes, bool protect,
             double seconds, bool concretely);
  bool concreteCheckCheaper(const std::vector<PrefixEncoding*>& encodings) const;
  // solvePart for one destination with the `fixed` changes, whose answer adds no change that
  // cannot be written (see useWritableCheck).
  Outcome solveWritable(PrefixEncoding& enc, bool withBlocked, bool protect, double seconds,
                        std::vector<symsim::KnobChange>& more, const std::vector<symsim::KnobChange>& fixed);
  void notePathInterfaces(const symsim::DestinationIntent& part);
  // `changes` with the re-added session at `at` moved to the nearest reflector (and the
  // route-reflector-client statement for it along); nullopt when it leads to the nearest
  // already, or the search has no knob for the other.
  std::optional<std::vector<symsim::KnobChange>> withNearerSession(const std::vector<symsim::KnobChange>& changes,
                                                                   size_t at) const;

  const model::Network& network_;
  const sim::DataPlane& baseline_;
  symsim::RegionWidth width_;
  z3::context ctx_;
  symsim::KnobTable knobs_;
  std::vector<symsim::BgpSession> sessions_;
  // Absent iBGP sessions to a farther reflector -> the one to the nearest (see nearerReflectorSessions).
  std::map<size_t, size_t> nearer_sessions_;
  std::set<std::string> region_;  // the union of every prefix's region
  std::map<model::Prefix, std::set<std::string>> prefix_regions_;
  std::map<model::Prefix, symsim::BoundaryRoutes> boundaries_;
  std::map<std::tuple<std::string, model::Prefix, bool>, PrefixEncoding> encodings_;  // bool: OSPF
  std::vector<Target> encoded_;
  std::vector<z3::expr> blocked_;
  std::vector<std::vector<symsim::KnobChange>> blocked_changes_;  // the same, as change sets in knob order
  std::set<size_t> frozen_;
  std::set<std::pair<std::string, std::string>> path_interfaces_;  // (router, interface)
  std::set<std::string> endpoints_;  // sources and origins of the failing targets
  std::map<std::set<model::Link>, std::unique_ptr<sim::DataPlane>> scenario_planes_;  // by failed links
  ConcreteCheck concrete_check_;
  WritableCheck writable_check_;
  size_t concrete_routes_ = 0;
  size_t fixed_knob_checks_ = 0;
};

}  // namespace routefix::repair
