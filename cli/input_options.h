// Options the snapshot-reading commands share, so each flag means the same everywhere
// (README "Safety").
#pragma once

#include <CLI/CLI.hpp>
#include <cmath>
#include <string>

#include "cluster/parallel_for.h"
#include "model/input_file.h"
#include "sim/deadline.h"

namespace routefix::cli {

inline void addAccessOption(CLI::App& app, model::SnapshotAccess& access) {
  app.add_flag("--allow-outside-links", access.allow_outside_links,
               "read snapshot files whose symbolic links lead outside the snapshot (refused by default)");
}

inline void addNoIntentsOption(CLI::App& app, bool& allowNoIntents) {
  app.add_flag("--allow-no-intents", allowNoIntents,
               "accept an intents file that holds no intent (an error by default)");
}

// A finite number of seconds above zero: CLI11's PositiveNumber lets "nan" and "inf" through.
inline CLI::Validator positiveSeconds() {
  return CLI::Validator(
      [](std::string& text) {
        double v = 0;
        try {
          size_t used = 0;
          v = std::stod(text, &used);
          if (used != text.size()) return std::string("not a number: " + text);
        } catch (const std::exception&) {
          return std::string("not a number: " + text);
        }
        if (!std::isfinite(v) || v <= 0) return std::string("must be a positive, finite number of seconds");
        return std::string();
      },
      "SECONDS");
}

// --timeout S: a positive, finite number of seconds.
inline void addTimeoutOption(CLI::App& app, double& seconds, const std::string& help) {
  app.add_option("--timeout", seconds, help)->check(positiveSeconds());
}

// The deadline an optional --timeout sets, counted from now (0 seconds: no limit).
inline sim::Deadline deadlineIn(double seconds) {
  return seconds > 0 ? sim::Deadline::in(seconds) : sim::Deadline();
}

// --threads N: independent work items (intents, failure scenarios, anycast jobs) on N
// threads; the output is the same for every N. Default: the CPUs this process may run on.
inline void addThreadsOption(CLI::App& app, unsigned& threads,
                             const std::string& help = "threads for independent checks (default: the usable CPUs)") {
  threads = cluster::availableCpus();
  app.add_option("--threads", threads, help)
      ->check(CLI::Range(1u, 1024u))
      ->capture_default_str();
}

}  // namespace routefix::cli
