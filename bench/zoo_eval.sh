#!/usr/bin/env bash
# Repair evaluation on the second corpus (issue 14 item 5): Topology Zoo graphs (bench/zoo)
# made into mixed-vendor multi-AS networks with seeded errors, several per snapshot. Builds
# routefix into build-eval (or uses $ROUTEFIX_BIN, as bench/run.sh sets it), then runs
# bench/zoo_eval.py and prints the per-error-class table.
# Extra arguments go to zoo_eval.py (e.g. --errors 1 --variants 4 --search-timeout 60
# --classes ospf-cost --graphs Abilene --work DIR); ZOO_EVAL_ARGS adds some when run from run.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${ROUTEFIX_BIN:-}" ]]; then
  [[ -f build-eval/build.ninja ]] || cmake -S . -B build-eval -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build-eval --target routefix >/dev/null
  ROUTEFIX_BIN=$PWD/build-eval/cli/routefix
fi
# shellcheck disable=SC2086  # ZOO_EVAL_ARGS is a list of words
exec python3 bench/zoo_eval.py --routefix "$ROUTEFIX_BIN" ${ZOO_EVAL_ARGS:-} "$@"
