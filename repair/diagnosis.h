// Diagnosis is repair read backwards (design.md): the findings are the concrete decision
// points where the intended traffic was dropped or diverted (from verify's counterexamples,
// located by model provenance) plus the lines a minimal verified repair changes.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "model/network.h"
#include "repair/repair_engine.h"
#include "verify/verifier.h"

namespace routefix::repair {

struct Finding {
  std::string intent;
  std::string node;
  std::string file;
  int line = 0;
  std::string text;    // the config line as written
  std::string reason;
  std::string kind;    // decision-point | minimal-change
  std::string change;  // minimal-change: what the repair does there
};

std::vector<Finding> diagnose(const std::filesystem::path& snapshot, const model::Network& network,
                              const verify::VerifyReport& before, const RepairResult& repair);

}  // namespace routefix::repair
