// Repair by the simulator alone, for failing intents the symbolic engine cannot encode (IPv6
// destinations, VRFs): change sets drawn from concreteCandidates, one change at a time, then
// two, each printed as a patch and judged by CandidateChecker (re-parsed, re-simulated, every
// intent re-checked). No routing rule is restated here: a patch works when the simulator
// says so. It adds to a base (the symbolic search's best patch for the IPv4 intents, if any).
#pragma once

#include <memory>
#include <vector>

#include "model/network.h"
#include "repair/candidate_check.h"
#include "repair/repair_engine.h"
#include "verify/verifier.h"

namespace routefix::repair {

struct ConcreteSearch {
  // Verified, breaks no intent that held, fixes the most failing ones (the smallest such
  // change set first found); nullptr when no change set fixes any.
  std::shared_ptr<const CheckedCandidate> best;
  size_t candidates = 0;   // single changes proposed
  size_t unprintable = 0;  // of those, the ones the patch printers cannot write
  // Every change set up to this size was tried and none fixed every failing intent (what a
  // patch of more changes is minimal against; 0: the first size tried was enough, or the
  // time ran out before all single changes were tried).
  size_t exhausted = 0;
  bool timed_out = false;
};

// `before`: the intents' outcomes on the snapshot; `base`: changes every set starts from.
ConcreteSearch searchConcretely(const model::Network& network, const verify::VerifyReport& report,
                                const std::vector<IntentOutcome>& before, CandidateChecker& checker,
                                const std::vector<KnobEdit>& base, const RepairOptions& options);

}  // namespace routefix::repair
