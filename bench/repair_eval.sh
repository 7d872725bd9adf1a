#!/usr/bin/env bash
# Error-injection evaluation of diagnose and repair (issue 5): builds routefix and the
# generators into build-eval (or $ROUTEFIX_BIN / $ROUTEFIX_BENCH_BIN when set, as bench/run.sh
# sets them), then runs bench/repair_eval.py and prints the per-error-class table.
# Extra arguments go to repair_eval.py (e.g. --cases-per-class 1 --only ospf-cost --work DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${ROUTEFIX_BIN:-}" || -z "${ROUTEFIX_BENCH_BIN:-}" ]]; then
  [[ -f build-eval/build.ninja ]] || cmake -S . -B build-eval -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build-eval --target routefix gen_wan gen_fattree >/dev/null
  ROUTEFIX_BIN=$PWD/build-eval/cli/routefix ROUTEFIX_BENCH_BIN=$PWD/build-eval/bench
fi
exec python3 bench/repair_eval.py --routefix "$ROUTEFIX_BIN" --gen "$ROUTEFIX_BENCH_BIN" "$@"
