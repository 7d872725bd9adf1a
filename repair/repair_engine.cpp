#include "repair/repair_engine.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <set>
#include <utility>

#include "repair/candidate_check.h"
#include "repair/concrete_search.h"
#include "repair/config_edit.h"
#include "repair/intent_translation.h"
#include "repair/knob_search.h"

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
    case KnobKind::PrefixListEntryMatch: return k.description + ": rewrite to match " + k.prefixText();
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
    case KnobKind::FamilyActivate: return k.description + ": " + onOff("activate", "deactivate");
    case KnobKind::RouteTargetImport:
    case KnobKind::RouteTargetExport:
      return k.description + (k.replaces.empty() ? ": add" : ": rewrite " + k.replaces);
    case KnobKind::InterfaceVrf: return k.description;
  }
  return k.description;
}

namespace {

using Clock = std::chrono::steady_clock;

size_t failingCount(const std::vector<IntentOutcome>& o) {
  return std::count_if(o.begin(), o.end(), [](const IntentOutcome& i) { return !i.holds; });
}

std::string scenarioName(const std::set<model::Link>& links) {
  if (links.empty()) return "base";
  std::string s = "fail";
  for (const auto& l : links) s += ":" + l.a + "[" + l.a_interface + "]-" + l.b + "[" + l.b_interface + "]";
  return s;
}

// The symbolic search (design.md "Diagnosis and repair"): MaxSMT over the knobs of a region
// that widens while it fails, every answer checked concretely. The verified patch that fixes
// the most failing intents and breaks none (nullptr: none); `verdicts` say why it stopped
// short of fixing all.
std::shared_ptr<const CheckedCandidate> solveSymbolically(const model::Network& network, const sim::DataPlane& baseline,
                                                          const verify::VerifyReport& before, std::vector<Target>& targets,
                                                          CandidateChecker& checker, const RepairOptions& options,
                                                          RepairResult& result, std::vector<std::string>& verdicts) {
  auto say = [&](const std::string& m) {
    if (options.progress) options.progress(m);
  };
  std::shared_ptr<const CheckedCandidate> best;  // verified, breaks nothing, fixes the most
  // A change that cannot be written is noted once, whether the search or the round found it.
  auto noteOnce = [&](const std::string& note) {
    if (std::find(result.notes.begin(), result.notes.end(), note) == result.notes.end()) result.notes.push_back(note);
  };
  // The search checks its change sets concretely where that is cheaper than asking Z3 about
  // each destination (KnobSearch::useConcreteCheck); a check costs about a simulation.
  size_t routes = 0;
  for (const auto& [node, rib] : baseline.ribs) routes += rib.routes().size();
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
  size_t symbolicChecks = 0;  // by the searches replaced so far
  auto makeSearch = [&](size_t width) {
    checker.forget();
    auto made = std::make_unique<KnobSearch>(network, baseline, widths[width], targets);
    made->useConcreteCheck(
        [&checker, s = made.get()](const std::vector<symsim::KnobChange>& changes) -> std::optional<std::vector<bool>> {
          auto c = checker.check(*s, changes);
          if (!c->checked()) return std::nullopt;
          std::vector<bool> holds;
          for (const auto& o : c->after) holds.push_back(o.holds);
          return holds;
        },
        routes);
    made->useWritableCheck([&checker, &noteOnce, s = made.get()](const std::vector<symsim::KnobChange>& changes) {
      std::string why;
      auto knob = checker.unwritable(*s, changes, why);
      if (knob) noteOnce(why);
      return knob;
    });
    return made;
  };
  auto search = makeSearch(level);
  say("region: " + widths[level].describe() + ", " + std::to_string(search->regionSize()) + " routers, " +
      std::to_string(search->knobs().size()) + " knobs");
  bool protect = true;
  // Once no change satisfies every failing intent: the destinations that have a fix, so that
  // the patch fixing the most comes back (marked partial) rather than none.
  bool partialOnly = false;
  int rejectedHere = 0;  // candidates of the current region the concrete check rejected
  const int rejectedBeforeWidening = 3;
  auto widen = [&](const std::string& why) {
    if (search->wholeNetwork() || level + 1 >= widths.size()) return false;
    size_t before = search->regionSize();
    do {  // a wider level that selects the same routers would fail the same way
      ++level;
      symbolicChecks += search->fixedKnobChecks();
      search = makeSearch(level);
    } while (search->regionSize() == before && level + 1 < widths.size());
    say(why + "; widening the region to " + widths[level].describe() + " (" +
        std::to_string(search->regionSize()) + " routers, " + std::to_string(search->knobs().size()) + " knobs)");
    protect = true;
    rejectedHere = 0;
    return true;
  };
  for (int round = 0; round < options.max_rounds; ++round) {
    result.rounds = round + 1;
    double left = options.deadline.secondsLeft();
    if (left <= 0) {
      result.timed_out = true;
      break;
    }
    std::vector<symsim::KnobChange> changes;
    auto mode = partialOnly ? KnobSearch::Mode::Solvable : KnobSearch::Mode::All;
    auto outcome = search->solve(protect, left, changes, mode);
    if (outcome == KnobSearch::Outcome::Timeout) {
      result.timed_out = true;
      break;
    }
    if (outcome == KnobSearch::Outcome::Unsatisfiable) {
      if (protect) {
        // The intents that hold may be beyond the encoding's reach; keep them by the
        // concrete check only.
        protect = false;
        continue;
      }
      if (widen("no change inside the region satisfies the failing intents")) continue;
      if (!partialOnly) {
        partialOnly = true;
        say("no change satisfies every failing intent; solving for those that have a fix");
        continue;
      }
      verdicts.push_back("no combination of the modelled configuration changes satisfies the failing intents");
      break;
    }
    if (changes.empty()) {
      if (widen("the symbolic model of the region sees no violation")) continue;
      verdicts.push_back("the symbolic model finds the failing intents satisfied without a change "
                             "(a behaviour it does not model); no repair");
      break;
    }
    // The concrete check: the change set as a patch, re-parsed, re-simulated, every intent
    // re-checked (the search may have run this check already).
    auto cand = checker.check(*search, changes);
    if (cand->unprintable) {
      noteOnce(cand->unprintable_note);
      search->freeze(*cand->unprintable);
      continue;
    }
    std::string listed;  // which changes, so a search that keeps failing can be followed
    for (const auto& c : cand->changes) listed += (listed.empty() ? "" : "; ") + c.summary;
    say("round " + std::to_string(round + 1) + ": checking " + std::to_string(changes.size()) +
        " change(s) concretely: " + listed);
    if (cand->timed_out) {
      result.timed_out = true;
      break;
    }
    bool regression = false;
    for (size_t i = 0; i < cand->after.size(); ++i)
      if (result.before[i].holds && !cand->after[i].holds) regression = true;
    if (cand->new_warnings) {
      result.notes.push_back("a candidate patch produced lines the parser warns about; skipped");
      regression = true;
    }
    size_t failing = failingCount(cand->after);
    if (!regression && failing < failingCount(result.before) &&
        (!best || failing < failingCount(best->after)))
      best = cand;
    // Done when every intent it encodes holds: the others are the concrete search's.
    bool encodedHold = std::all_of(targets.begin(), targets.end(),
                                   [&](const Target& t) { return !t.required || cand->after[t.intent].holds; });
    if (!regression && (failing == 0 || encodedHold)) break;
    if (++rejectedHere >= rejectedBeforeWidening && widen("the region's patches keep failing the concrete check"))
      continue;
    // Learn: block this assignment, protect the held intents it broke, and add any failure
    // scenario the check exposed.
    search->block(changes);
    for (auto& t : targets)
      if (!t.required && !t.regressed && !cand->after[t.intent].holds) {
        t.regressed = true;
        search->add(t);
      }
    for (const auto& [i, links] : cand->failure_scenarios) {
      const auto& intent = before.intents[i].intent;
      Translation t = translateIntent(network, intent);
      symsim::Scenario s{scenarioName(links), links};
      for (const auto& part : t.parts) {
        Target target{i, part, s, true};
        if (search->encodes(target)) continue;
        targets.push_back(target);
        search->add(target);
        say("added failure scenario " + s.name + " for intent " + intent.name);
      }
    }
  }
  result.region_nodes = search->regionSize();
  result.knobs = search->knobs().size();
  result.symbolic_checks = symbolicChecks + search->fixedKnobChecks();
  if (options.keep_solver_until_exit) {
    // Reachable from a static until exit, so not a leak to a leak checker either.
    static auto* kept = new std::vector<std::unique_ptr<KnobSearch>>;
    kept->push_back(std::move(search));
  }
  return best;
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
  result.before = intentOutcomes(before);
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
                               " have no symbolic form; candidate changes for it are checked by simulation");
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

  CandidateChecker checker(snapshot, network, intents, options);
  std::shared_ptr<const CheckedCandidate> best;
  std::vector<std::string> verdicts;  // why the symbolic search fixed not all
  if (std::any_of(targets.begin(), targets.end(), [](const Target& t) { return t.required; }))
    best = solveSymbolically(network, baseline, before, targets, checker, options, result, verdicts);
  // What the symbolic search could not fix (intents it has no form for: IPv6 destinations,
  // VRFs; behaviours it does not model): the concrete search, on top of its patch.
  if ((!best || failingCount(best->after) > 0) && !result.timed_out) {
    auto found = searchConcretely(network, before, result.before, checker,
                                  best ? best->changes : std::vector<KnobEdit>{}, options);
    if (found.candidates > 0) {
      say("concrete search: " + std::to_string(found.candidates) + " IPv6/VRF candidate changes, " +
          std::to_string(checker.runs()) + " patched snapshots simulated so far");
      if (!best) result.knobs = found.candidates;
      result.region_nodes = std::max(result.region_nodes, network.devices.size());
      result.timed_out = result.timed_out || found.timed_out;
      if (found.unprintable)
        result.notes.push_back(std::to_string(found.unprintable) + " of " + std::to_string(found.candidates) +
                               " IPv6/VRF candidate changes cannot be written in their device's syntax");
      if (found.best && (!best || failingCount(found.best->after) < failingCount(best->after))) best = found.best;
      if (best && failingCount(best->after) == 0) verdicts.clear();
      else if (found.exhausted > 0)
        result.notes.push_back("no set of up to " + std::to_string(found.exhausted) + " of the " +
                               std::to_string(found.candidates) +
                               " IPv6/VRF candidate changes, each checked by simulation, fixes every failing intent");
    }
  }
  result.notes.insert(result.notes.end(), verdicts.begin(), verdicts.end());
  result.concrete_checks = checker.runs();
  if (best) {
    result.changes = best->changes;
    result.after = best->after;
    for (const auto& f : best->edits->files()) {
      result.patches.push_back({f, best->edits->unifiedDiff(f)});
      result.patched[f] = best->edits->patchedText(f);
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
