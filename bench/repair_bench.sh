#!/usr/bin/env bash
# Diagnose + repair benchmark (issue 5): wall time and peak RSS of `routefix diagnose` and of
# `routefix repair` (each runs the whole search: parse, simulate, solve, re-verify) on
#   - a 150-router WAN (bench/gen_wan: 110 core routers, 40 external ASes: enough single-homed ones for 10 errors) with 1, 5 and 10
#     simultaneous injected errors (bench/error_injection.py, mixed classes), and
#   - a fat-tree of k=32 (1,280 routers) with 1 error (and more with REPAIR_BENCH_FT_ERRORS).
# Intents are the ones the injected errors break (plus the ones that hold beside them).
# Prints: network, routers, errors, command, wall and CPU (user + system) seconds, peak MiB,
# status, verified, changes. CPU seconds are the figure to compare on a shared machine.
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh); REPAIR_BENCH_WAN_ERRORS (default
# "1 5 10"), REPAIR_BENCH_FT_K (default 32), REPAIR_BENCH_FT_ERRORS (default "1"), REPAIR_BENCH_CPU (default 1).
set -euo pipefail
: "${ROUTEFIX_BIN:?set ROUTEFIX_BIN (bench/run.sh does)}"
: "${ROUTEFIX_BENCH_BIN:?set ROUTEFIX_BENCH_BIN (bench/run.sh does)}"
here=$(cd "$(dirname "$0")" && pwd)
# Pinned to one CPU (REPAIR_BENCH_CPU, default 1) so a benchmark running on another core does not
# share it.
pin=()
command -v taskset >/dev/null && pin=(taskset -c "${REPAIR_BENCH_CPU:-1}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One error class per injected error, cycling through classes that touch different routers.
wan_classes=(route-map-deny-import remote-as-typo prefix-list-deny route-map-deny-export prefix-list-wrong-prefix)
ft_classes=(route-map-deny-export missing-network remote-as-typo route-map-deny-import)
classes_for() {  # classes_for N CLASS...: N names, cycling
  local n=$1; shift
  local list=("$@") out=() i
  for ((i = 0; i < n; i++)); do out+=("${list[i % ${#list[@]}]}"); done
  (IFS=,; echo "${out[*]}")
}

printf '%-14s %-8s %-7s %-9s %-8s %-8s %-10s %-12s %-9s %s\n' network routers errors command "wall(s)" "cpu(s)" "peak(MiB)" status verified changes
run_case() {  # run_case LABEL SNAPSHOT ERRORS
  local label=$1 snap=$2 errors=$3 routers cmd
  routers=$(ls "$snap/configs" | wc -l)
  for cmd in diagnose repair; do
    /usr/bin/time -o "$work/time" -f "%e %M %U %S" "${pin[@]}" "$ROUTEFIX_BIN" "$cmd" "$snap" --format json \
      --timeout 600 >"$work/out.json" 2>/dev/null || true
    read -r secs kib user sys < <(tail -n 1 "$work/time")  # GNU time adds a line first on exit 1
    read -r status verified changes < <(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
r = j.get("minimal_change", j)
c = r.get("changes", "-")
print(r.get("status", "-"), str(r.get("verified", "-")).lower(), len(c) if isinstance(c, list) else c)' "$work/out.json")
    printf '%-14s %-8s %-7s %-9s %-8s %-8s %-10s %-12s %-9s %s\n' "$label" "$routers" "$errors" "$cmd" "$secs" \
      "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" \
      $((kib / 1024)) "$status" "$verified" "$changes"
  done
}

"$ROUTEFIX_BENCH_BIN/gen_wan" "$work/wan" --routers 110 --rrs 2 --externals 40 --prefixes 5 --seed 7 2>/dev/null
for n in ${REPAIR_BENCH_WAN_ERRORS:-1 5 10}; do
  python3 "$here/error_injection.py" "$work/wan" "$work/wan-$n" --seed "$n" \
    --classes "$(classes_for "$n" "${wan_classes[@]}")" >/dev/null
  run_case wan-150 "$work/wan-$n" "$n"
done

k=${REPAIR_BENCH_FT_K:-32}
"$ROUTEFIX_BENCH_BIN/gen_fattree" "$work/ft" "$k" 2>/dev/null
for n in ${REPAIR_BENCH_FT_ERRORS:-1}; do
  python3 "$here/error_injection.py" "$work/ft" "$work/ft-$n" --seed "$n" \
    --classes "$(classes_for "$n" "${ft_classes[@]}")" >/dev/null
  run_case "fattree-k$k" "$work/ft-$n" "$n"
done
