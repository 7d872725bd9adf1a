// The verify report in every output format (spec.md "verify" JSON; text; SARIF; JUnit), and
// the JSON pieces other commands reuse (counterexamples, trace paths, routes, links).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "verify/verifier.h"

namespace routefix::verify {

nlohmann::json linkJson(const model::Link& link);
nlohmann::json tracePathJson(const sim::TracePath& path);  // spec.md trace "paths" element
nlohmann::json routeJson(const sim::Route& route);         // spec.md routes element
nlohmann::json routeJson(const sim::Ipv6Route& route);     // the same of an IPv6 route
nlohmann::json counterexampleJson(const Counterexample& c);
std::string counterexampleText(const Counterexample& c);   // several lines, for people

nlohmann::json verifyJson(const VerifyReport& report);
std::string verifyText(const VerifyReport& report);
// `snapshot` is the snapshot directory as the user gave it (prefix of the SARIF URIs).
nlohmann::json verifySarif(const VerifyReport& report, const std::string& snapshot);
nlohmann::json verifyCodeQuality(const VerifyReport& report, const std::string& snapshot);
std::string verifyJunit(const VerifyReport& report);

}  // namespace routefix::verify
