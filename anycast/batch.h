// Batch optimisation: many jobs (origins, PoP sets, client sets, options) from one YAML or
// JSON file, one result document. A failing job is reported with its error; the others
// still run. Jobs file:
//   defaults: {graph: as-rel.txt.bz2, max_prepend: 3, objective: satisfied,
//              tie_break: lowest-id, timeout: 60}
//   jobs:
//     - name: prefix-a
//       origin: 64500
//       pops: pops-a.yaml          # a file (relative to the jobs file) or the document inline
//       clients: clients-a.csv     # idem
//       objective: latency         # any default may be overridden per job
#pragma once

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "cluster/process_group.h"

namespace routefix::anycast {

struct BatchResult {
  nlohmann::json document;  // {"jobs": [...], "summary": {...}}
  size_t failed = 0;        // jobs that errored
  size_t infeasible = 0;
};

// Throws model::InputError only if the jobs file itself is unusable. The jobs run on
// `threads` threads; in an MPI job (`processes`, every one calling this alike) each process
// solves every size()-th job and every one returns the whole document. Whatever the split,
// the document is the same but for the solvers' times (and what they change: a job near its
// time limit may end otherwise).
BatchResult runBatch(const std::string& jobs_path, const std::function<void(const std::string&)>& progress,
                     unsigned threads = 1, const cluster::ProcessGroup& processes = {});

}  // namespace routefix::anycast
