#include "repair/candidate_check.h"

#include <algorithm>
#include <set>

#include "parser/parser.h"
#include "repair/patch_printer.h"
#include "repair/patched_snapshot.h"

namespace routefix::repair {

namespace {

// The place a change was written at: the first line it rewrote or removed, else the first
// insertion point it added.
EditPlace firstNewPlace(const std::set<EditPlace>& before, const std::set<EditPlace>& after) {
  std::optional<EditPlace> insertion;
  for (const auto& p : after) {
    if (before.count(p)) continue;
    if (!p.insertion) return p;
    if (!insertion) insertion = p;
  }
  return insertion.value_or(EditPlace{});
}

}  // namespace

std::vector<IntentOutcome> intentOutcomes(const verify::VerifyReport& report) {
  std::vector<IntentOutcome> out;
  for (const auto& i : report.intents)
    out.push_back({i.intent.name, verify::intentTypeName(i.intent.type), i.holds});
  return out;
}

std::shared_ptr<CheckedCandidate> CandidateChecker::print(const std::vector<symsim::Knob>& knobs,
                                                          const std::vector<symsim::BgpSession>& sessions,
                                                          const std::vector<symsim::KnobChange>& changes) const {
  auto cand = std::make_shared<CheckedCandidate>();
  cand->edits = std::make_shared<ConfigEdits>(snapshot_);
  PatchPrinter printer(network_, sessions, *cand->edits);
  for (const auto& c : changes) {
    const symsim::Knob& k = knobs[c.knob];
    std::string why;
    auto placesBefore = cand->edits->places();
    if (!printer.apply(k, c.value, why)) {
      cand->unprintable = c.knob;
      cand->unprintable_note = "cannot write " + describeChange(k, c.value) + ": " + why;
      break;
    }
    cand->changes.push_back({k, c.value, describeChange(k, c.value), firstNewPlace(placesBefore, cand->edits->places())});
  }
  return cand;
}

std::optional<size_t> CandidateChecker::unwritable(const KnobSearch& search, std::vector<symsim::KnobChange> changes,
                                                   std::string& note) {
  std::sort(changes.begin(), changes.end());
  auto it = checked_.find(changes);
  std::shared_ptr<const CheckedCandidate> cand =
      it != checked_.end() ? it->second : print(search.knobs().knobs(), search.sessions(), changes);
  if (!cand->unprintable) return std::nullopt;
  note = cand->unprintable_note;
  checked_.emplace(std::move(changes), cand);  // check() of this set would print it the same
  return cand->unprintable;
}

std::shared_ptr<const CheckedCandidate> CandidateChecker::check(const std::vector<symsim::Knob>& knobs,
                                                                const std::vector<symsim::BgpSession>& sessions,
                                                                std::vector<symsim::KnobChange> changes) {
  std::sort(changes.begin(), changes.end());
  if (auto it = checked_.find(changes); it != checked_.end()) return it->second;
  auto cand = print(knobs, sessions, changes);
  if (!cand->unprintable) {
    ++runs_;
    PatchedFiles files;
    for (const auto& f : cand->edits->files()) files[f] = cand->edits->patchedText(f);
    TemporaryDirectory tmp(systemTempDirectory(), "routefix-repair");
    writePatchedSnapshot(snapshot_, tmp.path() / "snapshot", files);
    model::Network patched = parser::loadSnapshot(tmp.path() / "snapshot", options_.access);
    verify::VerifyOptions check;
    check.deadline = options_.deadline;
    try {
      sim::DataPlane dp = sim::simulate(patched, {.deadline = options_.deadline});
      auto report = verify::runVerify(patched, dp, intents_, check);
      cand->after = intentOutcomes(report);
      for (size_t i = 0; i < report.intents.size(); ++i) {
        const auto& r = report.intents[i];
        if (!r.holds && r.counterexample && !r.counterexample->failed_links.empty())
          cand->failure_scenarios[i] = r.counterexample->failed_links;
      }
    } catch (const sim::TimeLimitExceeded&) {
      cand->timed_out = true;
    }
    cand->new_warnings = patched.warnings.size() > network_.warnings.size();
  }
  return checked_.emplace(std::move(changes), std::move(cand)).first->second;
}

}  // namespace routefix::repair
