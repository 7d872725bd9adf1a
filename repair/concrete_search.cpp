#include "repair/concrete_search.h"

#include <algorithm>

#include "repair/concrete_candidates.h"
#include "symsim/session_graph.h"

namespace routefix::repair {

namespace {

size_t failing(const std::vector<IntentOutcome>& o) {
  return std::count_if(o.begin(), o.end(), [](const IntentOutcome& i) { return !i.holds; });
}

// Two changes to one statement (two VRFs for one interface, two rewrites of one entry)
// are never a pair: the second would undo the first.
bool sameStatement(const symsim::Knob& a, const symsim::Knob& b) {
  if (a.node != b.node) return false;
  if (a.kind == symsim::KnobKind::InterfaceVrf && b.kind == a.kind) return a.interface == b.interface;
  if (!a.list.empty() && a.list == b.list && a.entry == b.entry) return true;
  if (!a.replaces.empty() && a.replaces == b.replaces && a.vrf == b.vrf) return true;
  return a.kind == b.kind && a.key == b.key;
}

}  // namespace

ConcreteSearch searchConcretely(const model::Network& network, const verify::VerifyReport& report,
                                const std::vector<IntentOutcome>& before, CandidateChecker& checker,
                                const std::vector<KnobEdit>& base, const RepairOptions& options) {
  ConcreteSearch out;
  std::vector<symsim::Knob> knobs;
  std::vector<symsim::KnobChange> baseChanges;
  for (const auto& e : base) {
    baseChanges.push_back({knobs.size(), e.value});
    knobs.push_back(e.knob);
  }
  const size_t first = knobs.size();
  for (auto& k : concreteCandidates(network, report)) knobs.push_back(std::move(k));
  out.candidates = knobs.size() - first;
  if (out.candidates == 0) return out;
  const auto sessions = symsim::discoverSessions(network);
  checker.forget();  // knob numbers now name these knobs

  std::vector<bool> printable(knobs.size(), true);
  // Whether `extra` (candidate indices) on top of the base is the best so far; true when it
  // fixes every failing intent.
  auto tryChanges = [&](const std::vector<size_t>& extra) {
    auto changes = baseChanges;
    for (size_t i : extra) changes.push_back({i, 1});
    auto cand = checker.check(knobs, sessions, changes);
    if (cand->unprintable) {
      if (printable[*cand->unprintable] && *cand->unprintable >= first) ++out.unprintable;
      printable[*cand->unprintable] = false;
      return false;
    }
    if (cand->timed_out) {
      out.timed_out = true;
      return false;
    }
    if (cand->new_warnings) return false;
    for (size_t i = 0; i < before.size(); ++i)
      if (before[i].holds && !cand->after[i].holds) return false;
    size_t left = failing(cand->after);
    if (left < failing(before) && (!out.best || left < failing(out.best->after))) out.best = cand;
    return left == 0;
  };
  auto due = [&] {
    if (options.deadline.secondsLeft() > 0) return false;
    out.timed_out = true;
    return true;
  };
  // One change: every candidate, in the order the diagnosis ranks them.
  for (size_t i = first; i < knobs.size(); ++i) {
    if (due() || out.timed_out) return out;
    if (tryChanges({i})) return out;
  }
  out.exhausted = 1;
  // Two: pairs of the best ranked printable candidates, the better ranked first ((0,1),
  // (0,2), (1,2), ...); past kPairCandidates the pairs outnumber what a repair's time buys.
  const size_t kPairCandidates = 24;
  for (size_t j = first + 1; j < std::min(knobs.size(), first + kPairCandidates); ++j) {
    if (!printable[j]) continue;
    for (size_t i = first; i < j; ++i) {
      if (!printable[i] || !printable[j] || sameStatement(knobs[i], knobs[j])) continue;
      if (due() || out.timed_out) return out;
      if (tryChanges({i, j})) return out;
    }
  }
  if (knobs.size() - first <= kPairCandidates) out.exhausted = 2;
  return out;
}

}  // namespace routefix::repair
