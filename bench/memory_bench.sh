#!/usr/bin/env bash
# Memory estimate against measured peak: for each case, the maximum resident set size of the
# routefix run (/usr/bin/time) next to the estimate routefix checks against --max-memory
# (bench/estimate_memory), and their ratio. The estimate is meant to be over the peak (a
# ratio >= 1) and not by much (<= about 1.3 where routing dominates; small runs are mostly
# the fixed process allowance).
# Cases: the bundled examples and bench/gen_wan WANs (`routes --format json`), a config of
# 404k prefix-list entries and one of comment lines only (`parse`; sizes in MB).
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh); MEMORY_BENCH_WAN (core
# routers, default "500 1000"; the 2,000-router WAN needs 3 GiB), MEMORY_BENCH_COMMENT_MB
# (default 200), MEMORY_BENCH_PREFIX_LIST (entries, default 404000).
set -euo pipefail
: "${ROUTEFIX_BIN:?set ROUTEFIX_BIN (bench/run.sh does)}"
: "${ROUTEFIX_BENCH_BIN:?set ROUTEFIX_BENCH_BIN (bench/run.sh does)}"
wans=${MEMORY_BENCH_WAN:-"500 1000"}
comment_mb=${MEMORY_BENCH_COMMENT_MB:-200}
entries=${MEMORY_BENCH_PREFIX_LIST:-404000}
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

row='%-34s %-8s %10s %12s %7s\n'
printf "$row" case command "peak(MiB)" "estimate(MiB)" ratio
# measure NAME SNAPSHOT COMMAND [ARGS]: one row. The estimate is the larger of the loading
# and the running one (parse only loads).
measure() {
  local name=$1 snap=$2 command=$3; shift 3
  /usr/bin/time -o "$work/time" -f "%M" "$ROUTEFIX_BIN" "$command" "$snap" "$@" --max-memory unlimited \
    >/dev/null 2>"$work/err" || { echo "$name: exit $? $(head -c 300 "$work/err")" >&2; return; }
  local kib estimate
  kib=$(tail -1 "$work/time")
  estimate=$("$ROUTEFIX_BENCH_BIN/estimate_memory" "$snap" routes-json 2>/dev/null |
    awk -F'\t' -v c="$command" '$3 == "total" && ($1 == "loading" || c != "parse") { if ($2 > m) m = $2 } END { print m }')
  awk -v n="$name" -v c="$command" -v k="$kib" -v e="$estimate" -v row="$row" 'BEGIN {
    printf row, n, c, sprintf("%.0f", k / 1024), sprintf("%.0f", e / 1048576), sprintf("%.2f", e / 1024 / k) }'
}

for ex in examples/*/; do
  measure "$(basename "$ex")" "$ex" routes --format json
done
for n in $wans; do
  "$ROUTEFIX_BENCH_BIN/gen_wan" "$work/wan-$n" --routers "$n" --rrs 4 --externals 40 --prefixes 50 --seed 1 2>/dev/null
  measure "wan $n+40 routers" "$work/wan-$n" routes --format json
  rm -rf "$work/wan-$n"
done

mkdir -p "$work/dense/configs"
awk -v n="$entries" 'BEGIN { print "hostname dense"; for (i = 0; i < n; i++)
  printf "ip prefix-list PL%d seq %d permit 10.%d.%d.0/24\n", i % 97, i % 1000 * 5 + 5, int(i / 256) % 256, i % 256 }' \
  >"$work/dense/configs/dense.cfg"
measure "$entries prefix-list entries ($(($(stat -c %s "$work/dense/configs/dense.cfg") >> 20)) MB)" "$work/dense" parse
rm -rf "$work/dense"

mkdir -p "$work/comments/configs"
# `yes` ends on SIGPIPE when head has enough, which pipefail would count as a failure.
{ echo "hostname comments"
  yes '! a comment line of some length, as a careless export leaves them by the thousand' |
    head -c $((comment_mb << 20)) || true; } >"$work/comments/configs/big.cfg"
measure "${comment_mb} MB of comment lines" "$work/comments" parse
