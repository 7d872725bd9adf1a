// `--format html`: one self-contained page per run, for people and for CI artifacts. Each
// page has the summary, every failing intent with the topology picture (the counterexample
// drawn on it) and its paths, the findings with the config lines they point at, and (repair,
// diagnose) the patch. Every string from the input is escaped (html_text.h).
#pragma once

#include <filesystem>
#include <string>

#include "model/input_file.h"
#include "model/network.h"
#include "repair/diagnosis.h"
#include "repair/repair_engine.h"
#include "verify/diff.h"
#include "verify/verifier.h"

namespace routefix::html {

// Where quoted config lines are read from: the snapshot as the user gave it, read as it was
// loaded.
struct SnapshotSource {
  std::filesystem::path snapshot;
  model::SnapshotAccess access;
};

std::string verifyHtml(const model::Network& network, const verify::VerifyReport& report, const SnapshotSource& source);

// Pictures are drawn on the NEW network; quoted lines come from the NEW snapshot.
std::string diffHtml(const model::Network& newNetwork, const verify::DiffReport& diff, const std::string& oldSnapshot,
                     const SnapshotSource& newSource);

// `before` is the verify report of `network` (what fails and why); `repair` the search whose
// minimal changes the findings name and whose patch the page shows.
std::string diagnoseHtml(const model::Network& network, const verify::VerifyReport& before,
                         const std::vector<repair::Finding>& findings, const repair::RepairResult& repair,
                         const SnapshotSource& source);
std::string repairHtml(const model::Network& network, const verify::VerifyReport& before,
                       const repair::RepairResult& repair, const SnapshotSource& source);

}  // namespace routefix::html
