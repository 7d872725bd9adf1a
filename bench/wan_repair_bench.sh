#!/usr/bin/env bash
# WAN-scale repair benchmark (issue 14, item 4): `routefix repair` on Topology-Zoo-like eBGP
# WANs from bench/gen_as_wan (one AS per router, per-neighbor configs, a reachability intent
# per sampled (router, loopback) pair) with several independent injected errors.
# Prints: routers, intents, errors, failing intents before, CPU (user + system) seconds, peak
# MiB (/usr/bin/time -v), status, and whether the repair is the exact fix: one change per
# error, each of the knob kind the error calls for on the router it belongs on (errors.json).
# Targets (issue 14): 150 routers, 1,000+ intents, 5 errors <= 1 s; 750 routers <= 10 s.
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh); WAN_REPAIR_BENCH_SIZES (default
# "150 750"), WAN_REPAIR_BENCH_ERRORS (default 5), WAN_REPAIR_BENCH_CPU (default 1).
set -euo pipefail
: "${ROUTEFIX_BIN:?set ROUTEFIX_BIN (bench/run.sh does)}"
: "${ROUTEFIX_BENCH_BIN:?set ROUTEFIX_BENCH_BIN (bench/run.sh does)}"
pin=()
command -v taskset >/dev/null && pin=(taskset -c "${WAN_REPAIR_BENCH_CPU:-1}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
errors=${WAN_REPAIR_BENCH_ERRORS:-5}

printf '%-8s %-8s %-7s %-8s %-8s %-10s %-10s %s\n' routers intents errors failing "cpu(s)" "peak(MiB)" status exact
for n in ${WAN_REPAIR_BENCH_SIZES:-150 750}; do
  snap=$work/wan-$n
  "$ROUTEFIX_BENCH_BIN/gen_as_wan" "$snap" --routers "$n" --errors "$errors" --seed 1 2>/dev/null
  /usr/bin/time -v -o "$work/time" "${pin[@]}" "$ROUTEFIX_BIN" repair "$snap" --format json --timeout 600 \
    >"$work/out.json" 2>/dev/null || true
  user=$(awk -F': ' '/User time/ { print $2 }' "$work/time")
  sys=$(awk -F': ' '/System time/ { print $2 }' "$work/time")
  kib=$(awk -F': ' '/Maximum resident/ { print $2 }' "$work/time")
  read -r intents failing status exact < <(python3 -c '
import json, sys
j, errors = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
changes = j.get("change_list", [])
def fixes(e):
    return any(c["node"] == e["node"] and c["kind"] == e["kind"] for c in changes)
exact = j.get("status") == "repaired" and len(changes) == len(errors) and all(fixes(e) for e in errors)
before = j.get("intents_before", {})
print(before.get("passed", 0) + before.get("failed", 0), before.get("failed", "-"), j.get("status", "-"),
      "yes" if exact else "no")' "$work/out.json" "$snap/errors.json")
  printf '%-8s %-8s %-7s %-8s %-8s %-10s %-10s %s\n' "$n" "$intents" "$errors" "$failing" \
    "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" $((kib / 1024)) "$status" "$exact"
done
