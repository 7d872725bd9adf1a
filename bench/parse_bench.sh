#!/usr/bin/env bash
# Parse benchmark: `routefix parse` over N generated configs of ~300 lines (bench/gen_ios_configs;
# PARSE_BENCH_GENERATOR=gen_junos_configs for Junos, which bench/junos_parse_bench.sh sets).
# Prints configs, lines, wall and user-CPU seconds, peak RSS; pinned to one core when taskset
# exists. CPU seconds are the number to compare on a shared machine, where wall time waits.
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh); PARSE_BENCH_SIZES (default
# "100 1000"); PARSE_BENCH_SEED (default 1).
set -euo pipefail
: "${ROUTEFIX_BIN:?set ROUTEFIX_BIN (bench/run.sh does)}"
: "${ROUTEFIX_BENCH_BIN:?set ROUTEFIX_BENCH_BIN (bench/run.sh does)}"
sizes=${PARSE_BENCH_SIZES:-"100 1000"}
seed=${PARSE_BENCH_SEED:-1}
generator=${PARSE_BENCH_GENERATOR:-gen_ios_configs}
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '%-8s %-8s %-8s %-8s %-10s %-9s %s\n' configs lines "wall(s)" "cpu(s)" "peak(MiB)" warnings "lines/cpu-s"
for n in $sizes; do
  snap=$work/snap-$n
  "$ROUTEFIX_BENCH_BIN/$generator" "$snap" "$n" "$seed"
  lines=$(cat "$snap"/configs/* | wc -l)
  /usr/bin/time -o "$work/time" -f "%e %U %M" "${pin[@]}" "$ROUTEFIX_BIN" parse "$snap" --format json >"$work/out.json"
  read -r secs cpu kib <"$work/time"
  warnings=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["warnings"]))' "$work/out.json")
  awk -v n="$n" -v l="$lines" -v s="$secs" -v c="$cpu" -v k="$kib" -v w="$warnings" 'BEGIN {
    printf "%-8s %-8s %-8.2f %-8.2f %-10.0f %-9s %.0f\n", n, l, s, c, k / 1024, w, (c > 0 ? l / c : 0) }'
done
