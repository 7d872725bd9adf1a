#!/usr/bin/env bash
# Simulation benchmark: `routefix routes SNAPSHOT --format json` (full RIBs of every router) on
# generated RFC 7938 fat-trees (bench/gen_fattree) and random WANs (bench/gen_wan), pinned to one
# core when taskset exists. Prints routers, prefixes, routes computed, wall seconds and peak
# RSS per size, then how time grew from k=16 to k=32 against the growth of the work. The
# fat-tree rows also time `--node e0-0` (parse + simulation, one router's routes printed):
# the full JSON of every RIB is 2.1 GB at k=32, streamed to the file as it is formatted.
# Targets (issue 3), judged on the sim column (parse + simulation of every RIB): k=32 <= 3 s
# and <= 2 GiB; k=40 <= 8 s. Issue 17, on the wall column (every RIB as JSON to a file):
# k=32 <= 5 s.
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh); SIM_BENCH_K (default
# "8 16 24 32 40"); SIM_BENCH_WAN (core router counts, default "50 100 200").
set -euo pipefail
: "${ROUTEFIX_BIN:?set ROUTEFIX_BIN (bench/run.sh does)}"
: "${ROUTEFIX_BENCH_BIN:?set ROUTEFIX_BENCH_BIN (bench/run.sh does)}"
sizes=${SIM_BENCH_K:-"8 16 24 32 40"}
wans=${SIM_BENCH_WAN:-"50 100 200"}
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run SNAPSHOT [ARGS]: "<exit> <wall s> <peak MiB> <routes>" of one routefix routes run.
run() {
  local rc=0 secs kib
  /usr/bin/time -o "$work/time" -f "%e %M" "${pin[@]}" "$ROUTEFIX_BIN" routes "$@" --format json \
    >"$work/routes.json" 2>"$work/err" || rc=$?
  read -r secs kib < <(tail -1 "$work/time")
  # One "prefix" key per route in the spec's JSON shape.
  echo "$rc $secs $((kib / 1024)) $(grep -o '"prefix":' "$work/routes.json" | wc -l)"
}

row='%-14s %8s %9s %12s %9s %10s %9s %s\n'
printf "$row" network routers prefixes routes "wall(s)" "peak(MiB)" "sim(s)" note
declare -A wall sim routes_of
for k in $sizes; do
  snap=$work/fattree-$k
  "$ROUTEFIX_BENCH_BIN/gen_fattree" "$k" "$snap" 2>/dev/null
  read -r rc secs mib n < <(run "$snap")
  note=""
  ((rc == 0)) || note="exit $rc: $(head -c 200 "$work/err" | tr '\n' ' ')"
  read -r _ simsecs _ _ < <(run "$snap" --node e0-0)
  case $k in
    # The targets are for computing every RIB (the sim column); writing all of them as
    # JSON (~1 GB at k=32) is output cost on top.
    32) awk -v s="$simsecs" -v m="$mib" 'BEGIN { exit !(s > 3 || m > 2048) }' && note="$note MISSES target (3 s, 2 GiB)"
        awk -v w="$secs" 'BEGIN { exit !(w > 5) }' && note="$note MISSES JSON target (5 s)" ;;
    40) awk -v s="$simsecs" 'BEGIN { exit !(s > 8) }' && note="$note MISSES target (8 s)" ;;
  esac
  wall[$k]=$secs sim[$k]=$simsecs routes_of[$k]=$n
  printf "$row" "fattree k=$k" $((5 * k * k / 4)) $((k * k / 2)) "$n" "$secs" "$mib" "$simsecs" "$note"
  rm -rf "$snap"
done
for n in $wans; do
  snap=$work/wan-$n
  "$ROUTEFIX_BENCH_BIN/gen_wan" "$snap" --routers "$n" --rrs 4 --externals 40 --prefixes 50 --seed 1 2>/dev/null
  read -r rc secs mib routes < <(run "$snap")
  note=""
  ((rc == 0)) || note="exit $rc: $(head -c 200 "$work/err" | tr '\n' ' ')"
  printf "$row" "wan n=$n" $((n + 40)) $((n + 40 * 50)) "$routes" "$secs" "$mib" "" "$note"
  rm -rf "$snap"
done
if [ -n "${wall[16]:-}" ] && [ -n "${wall[32]:-}" ]; then
  awk -v t16="${wall[16]}" -v t32="${wall[32]}" -v s16="${sim[16]}" -v s32="${sim[32]}" \
      -v r16="${routes_of[16]}" -v r32="${routes_of[32]}" 'BEGIN {
    printf "k=16 -> k=32: routes x%.1f, parse + simulation x%.1f, with all RIBs written as JSON x%.1f\n",
           (r16 > 0 ? r32 / r16 : 0), (s16 > 0 ? s32 / s16 : 0), (t16 > 0 ? t32 / t16 : 0) }'
fi
