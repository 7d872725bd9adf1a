#!/usr/bin/env bash
# Intent mining benchmark (`routefix intents mine`): the eBGP fat-tree k=16 (bench/gen_fattree)
# and a 150-router OSPF/iBGP WAN (bench/gen_wan), with --failures 0 and 1. Prints routers,
# destinations, K, wall seconds, peak RSS, intents written, per-pair facts and the failure
# scenarios simulated; pinned to one core when taskset exists.
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh); MINE_BENCH_TIMEOUT (default 600 s
# per run: what it leaves unexplored is named in the mined file's header).
set -euo pipefail
: "${ROUTEFIX_BIN:?set ROUTEFIX_BIN (bench/run.sh does)}"
: "${ROUTEFIX_BENCH_BIN:?set ROUTEFIX_BENCH_BIN (bench/run.sh does)}"
timeout=${MINE_BENCH_TIMEOUT:-600}
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$ROUTEFIX_BENCH_BIN/gen_fattree" 16 "$work/fattree-16" >/dev/null
"$ROUTEFIX_BENCH_BIN/gen_wan" "$work/wan-150" --routers 150 >/dev/null

printf '%-12s %-8s %-2s %-9s %-10s %-8s %-8s %-10s %s\n' network routers K "wall(s)" "peak(MiB)" intents facts scenarios complete
for net in fattree-16 wan-150; do
  snap=$work/$net
  routers=$(ls "$snap/configs" | wc -l)
  for k in 0 1; do
    /usr/bin/time -o "$work/time" -f "%e %M" "${pin[@]}" "$ROUTEFIX_BIN" intents mine "$snap" --failures "$k" \
      --timeout "$timeout" --out "$work/mined.yaml" --force 2>"$work/err"
    read -r secs kib < <(tail -n 1 "$work/time")
    intents=$(grep -c '^  - name:' "$work/mined.yaml" || true)
    # "routefix: mined N intents (F facts, S sources x D destinations, X failure scenarios) in T s"
    read -r facts scenarios < <(sed -n 's/.*(\([0-9]*\) facts, .*, \([0-9]*\) failure scenarios).*/\1 \2/p' "$work/err")
    complete=yes
    grep -q '^# NOT ' "$work/mined.yaml" && complete=no
    printf '%-12s %-8s %-2s %-9s %-10s %-8s %-8s %-10s %s\n' "$net" "$routers" "$k" "$secs" "$((kib / 1024))" \
      "$intents" "$facts" "$scenarios" "$complete"
  done
done
