#!/usr/bin/env bash
# Verify benchmark: all-pairs reachability (every router to every edge /24) on generated
# eBGP fat-trees (bench/gen_fattree) under any single link failure (`failures: 1`).
# Prints routers, links, intents, wall seconds, peak RSS, failure scenarios simulated and
# how many of the possible ones pruning avoided; pinned to one core when taskset exists.
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh); VERIFY_BENCH_K (default "4 8 16").
set -euo pipefail
: "${ROUTEFIX_BIN:?set ROUTEFIX_BIN (bench/run.sh does)}"
: "${ROUTEFIX_BENCH_BIN:?set ROUTEFIX_BENCH_BIN (bench/run.sh does)}"
sizes=${VERIFY_BENCH_K:-"4 8 16"}
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '%-4s %-8s %-6s %-8s %-9s %-10s %-10s %-9s %s\n' k routers links intents "wall(s)" "peak(MiB)" simulated possible pruned
for k in $sizes; do
  snap=$work/fattree-$k
  "$ROUTEFIX_BENCH_BIN/gen_fattree" "$snap" "$k" >/dev/null
  routers=$(ls "$snap/configs" | wc -l)
  intents=$(grep -c "type: reachability" "$snap/intents.yaml")
  # One run: the JSON report (scenario counts) and the time/RSS of the same run.
  /usr/bin/time -o "$work/time" -f "%e %M" "${pin[@]}" "$ROUTEFIX_BIN" verify "$snap" --format json \
    >"$work/out.json" 2>/dev/null || true
  # GNU time puts "Command exited with non-zero status N" first when verify finds violations.
  read -r secs kib < <(tail -n 1 "$work/time")
  mib=$((kib / 1024))
  read -r simulated possible pruned < <(python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["scenarios"]
print(s["simulated"], s["possible"], s["pruned"])' "$work/out.json")
  links=$((k * k * k / 2))
  printf '%-4s %-8s %-6s %-8s %-9s %-10s %-10s %-9s %s\n' "$k" "$routers" "$links" "$intents" "$secs" "$mib" "$simulated" "$possible" "$pruned"
done
