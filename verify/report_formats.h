// Output formats shared by verify, diff and diagnose: a terminal table, SARIF 2.1.0 for
// code-review UIs, GitLab Code Quality JSON, JUnit XML for CI dashboards. Each command maps its findings onto these.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/source_span.h"

namespace routefix::verify {

// Columns padded to their widest cell; a cell may hold several lines (continuation lines
// keep the column).
struct TextTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;

  std::string render() const;
};

struct SarifRule {
  std::string id;
  std::string description;
};

struct SarifResult {
  std::string rule_id;
  std::string level = "error";  // error | warning | note
  std::string message;
  model::SourceSpan location;   // the config line most responsible
  std::vector<model::SourceSpan> related;  // e.g. where the intent is written
  nlohmann::json properties = nlohmann::json::object();
  // What the finding is about, not where or why ("intent/waypoint dc-fw"): lines move and
  // counterexamples change between runs, the identity of a finding does not. Hashed into
  // the Code Quality fingerprint.
  std::string identity;
};

// A SARIF 2.1.0 log with one run. File paths in spans are relative to the snapshot;
// `uriPrefix` (the snapshot directory as given on the command line) is put in front so the
// URIs resolve from where the command ran (the repository root in CI).
nlohmann::json sarifLog(const std::string& toolVersion, const std::vector<SarifRule>& rules,
                        const std::vector<SarifResult>& results, const std::string& uriPrefix);

// GitLab Code Quality (a JSON array of issues: description, check_name, fingerprint,
// severity, location.path + lines.begin). The fingerprint hashes rule and identity only, so
// the same finding keeps it across pipelines and GitLab shows what a merge request adds or
// fixes. A finding without a config line points at `uriPrefix` (the snapshot) itself.
nlohmann::json codeQualityJson(const std::vector<SarifResult>& results, const std::string& uriPrefix);

struct JUnitCase {
  std::string name;
  std::string classname;
  std::optional<std::string> failure_message;  // set: the case failed
  std::string failure_text;                    // details (counterexample)
};

// <testsuites><testsuite name=... tests= failures=>...; parseable by JUnit consumers.
std::string junitXml(const std::string& suiteName, const std::vector<JUnitCase>& cases);

std::string xmlEscape(const std::string& text);

}  // namespace routefix::verify
