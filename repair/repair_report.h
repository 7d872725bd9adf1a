// Loading what diagnose/repair work on, and printing their results (spec.md JSON shapes;
// text for people; SARIF/JUnit for diagnose through verify's writers).
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/network.h"
#include "repair/diagnosis.h"
#include "repair/repair_engine.h"
#include "sim/dataplane.h"
#include "verify/verifier.h"

namespace routefix::repair {

struct RepairJob {
  model::Network network;
  std::vector<verify::Intent> intents;
  sim::DataPlane baseline;
  verify::VerifyReport before;
};

// Parses the snapshot, loads the intents (`intentsFile`, else the snapshot's default file;
// none at all is an InputError, and so is a file of no intent unless `allowNoIntents`),
// simulates and verifies (TimeLimitExceeded when that check runs past `deadline`).
// `beforeSimulating`, when given, runs between loading and simulating (the memory check).
using BeforeSimulating = std::function<void(const model::Network&, const std::vector<verify::Intent>&)>;
RepairJob loadRepairJob(const std::filesystem::path& snapshot, const std::string& intentsFile,
                        const model::SnapshotAccess& access = {}, bool allowNoIntents = false,
                        const sim::Deadline& deadline = {}, const BeforeSimulating& beforeSimulating = {});

nlohmann::json repairJson(const RepairResult& r);
std::string repairText(const RepairResult& r);

nlohmann::json diagnoseJson(const std::vector<Finding>& findings, const RepairResult& r);
std::string diagnoseText(const std::vector<Finding>& findings, const RepairResult& r);
nlohmann::json diagnoseSarif(const std::vector<Finding>& findings, const std::string& snapshot);
std::string diagnoseJunit(const std::vector<Finding>& findings, const verify::VerifyReport& before);

}  // namespace routefix::repair
