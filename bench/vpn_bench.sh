#!/usr/bin/env bash
# VRF benchmark (issue 15): `verify` on generated MPLS/VPN cores (bench/gen_vpn, IOS): core
# routers in OSPF, PEs with V VRFs each, a VPNv4 full mesh between the PEs, 2 route intents per
# VRF and PE (the next PE's site present, another tenant's absent). Prints routers, PEs, VRFs,
# VRF tables, intents, passed, wall and CPU seconds, peak RSS; pinned to one core when taskset exists.
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh); VPN_BENCH_SIZES (default
# "100:40:20 200:80:20 100:40:100", ROUTERS:PES:VRFS).
set -euo pipefail
: "${ROUTEFIX_BIN:?set ROUTEFIX_BIN (bench/run.sh does)}"
: "${ROUTEFIX_BENCH_BIN:?set ROUTEFIX_BENCH_BIN (bench/run.sh does)}"
sizes=${VPN_BENCH_SIZES:-"100:40:20 200:80:20 100:40:100"}
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '%-8s %-5s %-5s %-11s %-8s %-7s %-8s %-7s %s\n' routers PEs VRFs vrf-tables intents passed "wall(s)" "cpu(s)" "peak(MiB)"
for size in $sizes; do
  IFS=: read -r routers pes vrfs <<<"$size"
  snap=$work/vpn-$size
  "$ROUTEFIX_BENCH_BIN/gen_vpn" "$snap" --routers "$routers" --pes "$pes" --vrfs "$vrfs" >/dev/null
  /usr/bin/time -o "$work/time" -f "%e %U %S %M" "${pin[@]}" "$ROUTEFIX_BIN" verify "$snap" --format json \
    >"$work/out.json" 2>/dev/null || true
  # GNU time puts "Command exited with non-zero status N" first when verify finds violations.
  read -r secs user sys kib < <(tail -n 1 "$work/time")
  read -r intents passed < <(python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
print(s["passed"] + s["failed"], s["passed"])' "$work/out.json")
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  printf '%-8s %-5s %-5s %-11s %-8s %-7s %-8s %-7s %s\n' "$routers" "$pes" "$vrfs" $((pes * vrfs)) "$intents" "$passed" \
    "$secs" "$cpu" $((kib / 1024))
done
