#!/usr/bin/env bash
# Share of injected errors the mined intents detect (bench/mine_detection.py): intents mined on
# each clean generated network (and Topology Zoo snapshot), one error injected at a time, judged
# by `routefix diff CLEAN BROKEN --intents mined.yaml`. Prints one row per error class.
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh); MINE_FAILURES (intents mine
# --failures, default 0); extra arguments go to mine_detection.py (--cases-per-class N, --work DIR).
set -euo pipefail
: "${ROUTEFIX_BIN:?set ROUTEFIX_BIN (bench/run.sh does)}"
: "${ROUTEFIX_BENCH_BIN:?set ROUTEFIX_BENCH_BIN (bench/run.sh does)}"
exec python3 "$(dirname "$0")/mine_detection.py" --routefix "$ROUTEFIX_BIN" --gen "$ROUTEFIX_BENCH_BIN" \
  --failures "${MINE_FAILURES:-0}" --zoo "$@"
