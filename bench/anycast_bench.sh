#!/usr/bin/env bash
# Anycast benchmark: synthetic Internet-like AS graphs (bench/gen_as_graph) of growing size
# x announcement sessions. Per row: one propagation (mean of 20 announcement sets), the
# optimiser's wall time, its status (optimal = proven by a solver and confirmed by simulation;
# timeout = best simulated vector when the time limit hit), the satisfied objective before
# and after, the upper bound it proved (equal to after when optimal; the conflict-clique or
# CBC's LP bound on a timeout), the gap |bound - after| / after, the solver whose proof the answer rests
# on (auto: Z3 and CBC racing), and the optimiser's peak memory. One core (taskset).
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh), ANYCAST_TIMEOUT (default 60),
# ANYCAST_SOLVER (auto|z3|cbc, default auto).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${ROUTEFIX_BIN:-$PWD/build-bench/cli/routefix}
gen=${ROUTEFIX_BENCH_BIN:-$PWD/build-bench/bench}/gen_as_graph
timeout=${ANYCAST_TIMEOUT:-60}
solver=${ANYCAST_SOLVER:-auto}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ases pops sessions clients peering-links-per-AS seed
configs=(
  "1000 3 4 200 1.5 7"
  "1000 4 8 200 1.5 7"
  "10000 8 8 2000 3 7"
  "10000 10 20 2000 3 7"
  "10000 10 20 2000 3 8"
  "20000 15 30 4000 3 7"
  "75000 20 20 10000 5 7"
  "75000 20 50 10000 5 7"
)
printf "%-7s %-8s %-5s %-8s %-8s %-4s %-10s %-9s %-8s %-15s %-7s %-7s %-9s %-8s\n" \
  ASes links PoPs sessions clients seed prop_ms opt_s status satisfied bound gap proved_by peak_MiB
for c in "${configs[@]}"; do
  read -r ases pops sessions clients peering seed <<<"$c"
  dir=$work/$ases-$sessions-$seed
  "$gen" --ases "$ases" --pops "$pops" --sessions "$sessions" --clients "$clients" \
    --peering "$peering" --seed "$seed" --out "$dir" >/dev/null
  common=(--graph "$dir/as-rel.txt" --origin 4200000000 --pops "$dir/pops.json")
  "$bin" anycast simulate "${common[@]}" --timing --repeat 20 --format json \
    >/dev/null 2>"$dir/sim.err"
  links=$(sed -n 's/.* ASes, \([0-9]*\) links.*/\1/p' "$dir/sim.err")
  prop=$(sed -n 's/.*propagation \([0-9.]*\) ms.*/\1/p' "$dir/sim.err")
  /usr/bin/time -o "$dir/time" -f "%e %M" taskset -c 0 "$bin" anycast optimize "${common[@]}" \
    --clients "$dir/clients.csv" --timeout "$timeout" --solver "$solver" --format json >"$dir/opt.json" 2>"$dir/opt.err" || true
  read -r secs kib <"$dir/time"
  summary=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); o=d["objective"]
gap = o.get("gap")
print(d["status"], "%.3f->%.3f" % (o["before"], o["after"]), "%.3f" % o["bound"] if "bound" in o else "-",
      "-" if gap is None else "%.1f%%" % (100 * gap), d["search"].get("proved_by") or "-")' "$dir/opt.json")
  read -r status objective bound gap proved <<<"$summary"
  printf "%-7s %-8s %-5s %-8s %-8s %-4s %-10s %-9s %-8s %-15s %-7s %-7s %-9s %-8s\n" "$ases" "$links" "$pops" "$sessions" \
    "$clients" "$seed" "$prop" "$secs" "$status" "$objective" "$bound" "$gap" "$proved" "$((kib / 1024))"
done
