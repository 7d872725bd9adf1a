#!/usr/bin/env bash
# Anycast batch benchmark (issue 19): `routefix anycast batch` over many small jobs, each its
# own synthetic graph / PoP set / client set (bench/gen_as_graph, seeds 1..N), one core.
# Prints jobs, statuses, total wall seconds, peak memory, and the portfolio's proofs per solver.
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh), BATCH_JOBS (default 1000),
# BATCH_ASES (1000), BATCH_SESSIONS (8), BATCH_TIMEOUT (per job, default 30), BATCH_SOLVER (auto).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${ROUTEFIX_BIN:-$PWD/build-bench/cli/routefix}
gen=${ROUTEFIX_BENCH_BIN:-$PWD/build-bench/bench}/gen_as_graph
jobs=${BATCH_JOBS:-1000} ases=${BATCH_ASES:-1000} sessions=${BATCH_SESSIONS:-8}
timeout=${BATCH_TIMEOUT:-30} solver=${BATCH_SOLVER:-auto}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

{
  echo "defaults: {origin: 4200000000, max_prepend: 3, timeout: $timeout, solver: $solver}"
  echo "jobs:"
  for seed in $(seq 1 "$jobs"); do
    "$gen" --ases "$ases" --pops $((sessions / 2)) --sessions "$sessions" --clients 200 --peering 1.5 \
      --seed "$seed" --out "$work/j$seed" >/dev/null
    echo "  - {name: j$seed, graph: j$seed/as-rel.txt, pops: j$seed/pops.json, clients: j$seed/clients.csv}"
  done
} >"$work/jobs.yaml"
/usr/bin/time -o "$work/time" -f "%e %M" taskset -c 0 "$bin" anycast batch "$work/jobs.yaml" --format json \
  >"$work/out.json" 2>/dev/null || true
read -r secs kib <"$work/time"
python3 - "$work/out.json" "$secs" "$((kib / 1024))" <<'PY'
import collections, json, sys
doc = json.load(open(sys.argv[1]))
proofs = collections.Counter(j["result"]["search"].get("proved_by") for j in doc["jobs"] if "result" in j)
print("jobs %d  optimal %d  timeout %d  infeasible %d  error %d  total %s s  peak %s MiB  proofs z3 %d cbc %d"
      % (doc["summary"]["jobs"], doc["summary"]["optimal"], doc["summary"]["timeout"], doc["summary"]["infeasible"],
         doc["summary"]["error"], sys.argv[2], sys.argv[3], proofs["z3"], proofs["cbc"]))
PY
