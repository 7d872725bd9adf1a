#!/usr/bin/env bash
# Parse benchmark: `routefix parse` over N generated configs of ~300 lines (bench/gen_ios_configs).
# Prints configs, lines, wall seconds and peak RSS; pinned to one core when taskset exists.
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh); PARSE_BENCH_SIZES (default
# "100 1000"); PARSE_BENCH_SEED (default 1).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
: "${ROUTEFIX_BIN:?set ROUTEFIX_BIN (bench/run.sh does)}"
: "${ROUTEFIX_BENCH_BIN:?set ROUTEFIX_BENCH_BIN (bench/run.sh does)}"
sizes=${PARSE_BENCH_SIZES:-"100 1000"}
seed=${PARSE_BENCH_SEED:-1}
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '%-8s %-9s %-9s %-10s %-9s %s\n' configs lines "wall(s)" "peak(MiB)" warnings "lines/s"
for n in $sizes; do
  snap=$work/snap-$n
  "$ROUTEFIX_BENCH_BIN/gen_ios_configs" "$snap" "$n" "$seed"
  lines=$(cat "$snap"/configs/* | wc -l)
  read -r secs mib < <(bash "$here/measure.sh" "${pin[@]}" "$ROUTEFIX_BIN" parse "$snap" --format json)
  # A second, unmeasured run checks that the parse succeeded and counts its warnings.
  warnings=$("$ROUTEFIX_BIN" parse "$snap" --format json |
             python3 -c 'import json,sys; print(len(json.load(sys.stdin)["warnings"]))')
  rate=$(awk -v l="$lines" -v s="$secs" 'BEGIN { printf "%.0f", (s > 0 ? l / s : 0) }')
  printf '%-8s %-9s %-9s %-10s %-9s %s\n' "$n" "$lines" "$secs" "$mib" "$warnings" "$rate"
done
