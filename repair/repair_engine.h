// The repair loop (design.md "Diagnosis and repair"): encode the violated intents (and, to
// steer the solver, the ones that hold) over the selected region, ask Z3 `optimize` for the
// cheapest knob changes, print them as a patch in each file's own syntax, and re-check EVERY
// intent on the concretely re-parsed and re-simulated patched snapshot. A candidate the
// concrete check rejects is blocked (and a failure scenario it exposed is added to the
// encoding) before solving again. Only a patch that makes every intent hold is "repaired";
// a patch that breaks an intent that held is never returned.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "model/input_file.h"
#include "model/network.h"
#include "repair/config_edit.h"
#include "repair/patched_snapshot.h"
#include "sim/dataplane.h"
#include "symsim/knobs.h"
#include "verify/verifier.h"

namespace routefix::repair {

struct RepairOptions {
  // The search stops when it is due; a candidate's check that runs past it is dropped.
  sim::Deadline deadline = sim::Deadline::in(60);
  int slack = 2;                // region: paths up to shortest + slack hops
  int max_rounds = 25;          // solve / verify iterations
  std::function<void(const std::string&)> progress;
  model::SnapshotAccess access;  // how the candidate snapshots are read (as the original was)
  // Leave the last search's Z3 context to the process's exit instead of freeing it: freeing a
  // context of millions of terms one by one took 4.2 of 9.3 s on the 48-router Topology Zoo
  // network Bellcanada (57 failing destinations). For a process that exits after one repair.
  bool keep_solver_until_exit = false;
};

struct KnobEdit {
  symsim::Knob knob;
  int64_t value = 0;
  std::string summary;  // "route-map FROM-B 10 on core: deny -> permit"
  // Where the patch makes it: a line it rewrites or removes, else the line its first new line
  // follows (file empty when it shares its place with an earlier change).
  EditPlace written;
};

struct FilePatch {
  std::string file;
  std::string diff;
};

struct IntentOutcome {
  std::string name;
  std::string type;
  bool holds = true;
};

struct RepairResult {
  enum class Status { Repaired, NoRepair, AlreadySatisfied };
  Status status = Status::NoRepair;
  bool verified = false;   // the patch was re-checked concretely and every intent holds
  bool timed_out = false;
  bool partial = false;    // the patch fixes some failing intents, breaks none, not all
  std::vector<KnobEdit> changes;
  std::vector<FilePatch> patches;
  PatchedFiles patched;    // full text of every patched file
  std::vector<IntentOutcome> before;
  std::vector<IntentOutcome> after;
  std::vector<std::string> notes;  // why no repair, intents without a symbolic form, ...
  int rounds = 0;
  size_t region_nodes = 0;
  size_t knobs = 0;
  size_t concrete_checks = 0;  // patched snapshots simulated and checked
  size_t symbolic_checks = 0;  // Z3 checks of one destination with every knob fixed
  double seconds = 0;
};
std::string statusName(RepairResult::Status s);  // repaired | no-repair | already-satisfied

// `before` is the verify report of `network` simulated as `baseline`.
RepairResult repairNetwork(const std::filesystem::path& snapshot, const model::Network& network,
                           const sim::DataPlane& baseline, const verify::VerifyReport& before,
                           const std::vector<verify::Intent>& intents, const RepairOptions& options);

// One line saying what a knob change does.
std::string describeChange(const symsim::Knob& knob, int64_t value);

}  // namespace routefix::repair
