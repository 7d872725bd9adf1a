// A change set the repair search proposes, printed as a patch in each file's own syntax and
// checked concretely: the patched snapshot re-parsed, re-simulated and every intent re-checked.
// Results are kept per change set until the search is rebuilt, so the checks KnobSearch asks
// for while it solves (see KnobSearch::useConcreteCheck) and the round's check of the change
// set it returns are one run, not two.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/network.h"
#include "repair/config_edit.h"
#include "repair/knob_search.h"
#include "repair/repair_engine.h"
#include "verify/verifier.h"

namespace routefix::repair {

std::vector<IntentOutcome> intentOutcomes(const verify::VerifyReport& report);

struct CheckedCandidate {
  std::vector<KnobEdit> changes;  // as written, in knob order
  std::shared_ptr<ConfigEdits> edits;
  std::optional<size_t> unprintable;  // a knob whose change cannot be written (nothing checked)
  std::string unprintable_note;       // "cannot write ...: why"
  bool timed_out = false;             // the check ran past the deadline (nothing checked)
  bool new_warnings = false;          // the patched files hold lines the parser warns about
  std::vector<IntentOutcome> after;   // per intent, on the patched snapshot
  // Per intent that fails only with links down: those links (its counterexample's scenario).
  std::map<size_t, std::set<model::Link>> failure_scenarios;
  bool checked() const { return !unprintable && !timed_out; }
};

class CandidateChecker {
 public:
  CandidateChecker(const std::filesystem::path& snapshot, const model::Network& network,
                   const std::vector<verify::Intent>& intents, const RepairOptions& options)
      : snapshot_(snapshot), network_(network), intents_(intents), options_(options) {}

  // `changes` (any order) as the knobs of `search` name them.
  std::shared_ptr<const CheckedCandidate> check(const KnobSearch& search, std::vector<symsim::KnobChange> changes) {
    return check(search.knobs().knobs(), search.sessions(), std::move(changes));
  }
  // `changes` naming `knobs` by index; session knobs index `sessions`.
  std::shared_ptr<const CheckedCandidate> check(const std::vector<symsim::Knob>& knobs,
                                                const std::vector<symsim::BgpSession>& sessions,
                                                std::vector<symsim::KnobChange> changes);
  // The first of `changes` that cannot be written as a patch, with why (the change set is
  // printed, not simulated; nullopt: every change can be written).
  std::optional<size_t> unwritable(const KnobSearch& search, std::vector<symsim::KnobChange> changes,
                                   std::string& note);
  // The search was rebuilt (or another knob list comes): its knob numbers now name other knobs.
  void forget() { checked_.clear(); }
  size_t runs() const { return runs_; }  // change sets checked (each once)

 private:
  // `changes` (in knob order) written into a new candidate's edits; stops at the first it
  // cannot write (CheckedCandidate::unprintable).
  std::shared_ptr<CheckedCandidate> print(const std::vector<symsim::Knob>& knobs,
                                          const std::vector<symsim::BgpSession>& sessions,
                                          const std::vector<symsim::KnobChange>& changes) const;

  const std::filesystem::path& snapshot_;
  const model::Network& network_;
  const std::vector<verify::Intent>& intents_;
  const RepairOptions& options_;
  std::map<std::vector<symsim::KnobChange>, std::shared_ptr<const CheckedCandidate>> checked_;
  size_t runs_ = 0;
};

}  // namespace routefix::repair
