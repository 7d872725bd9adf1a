#!/usr/bin/env bash
# Runs every benchmark suite (bench/*_bench.sh) against a release build and prints their
# tables. Usage: bash bench/run.sh [suite-name ...]   (e.g. parse sim anycast zoo)
# A suite NAME is bench/NAME_bench.sh, or an evaluation corpus bench/NAME_eval.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh build-bench -DCMAKE_BUILD_TYPE=Release
export ROUTEFIX_BIN=$PWD/build-bench/cli/routefix ROUTEFIX_BENCH_BIN=$PWD/build-bench/bench
suites=("$@")
if ((${#suites[@]} == 0)); then
  for f in bench/*_bench.sh; do suites+=("$(basename "$f" _bench.sh)"); done
  suites+=(zoo)  # bench/zoo_eval.sh: the Topology Zoo repair evaluation (second corpus)
fi
for s in "${suites[@]}"; do
  echo "== $s =="
  if [[ -f "bench/${s}_bench.sh" ]]; then bash "bench/${s}_bench.sh"; else bash "bench/${s}_eval.sh"; fi
done
