#!/usr/bin/env bash
# Scaling of `verify --failures 2` (issue 17) over threads and MPI processes on a generated
# eBGP fat-tree: one process on one thread, one process on 2 threads, and `mpirun -np 2` with
# one thread per process. Prints wall seconds, CPU seconds, peak RSS per process, the speed-up
# against one thread, and whether the report is byte-identical to one thread's.
# Env: ROUTEFIX_BIN, ROUTEFIX_BENCH_BIN (set by bench/run.sh); MPI_BENCH_K (default 8),
# MPI_BENCH_FAILURES (default 2).
set -euo pipefail
: "${ROUTEFIX_BIN:?set ROUTEFIX_BIN (bench/run.sh does)}"
: "${ROUTEFIX_BENCH_BIN:?set ROUTEFIX_BENCH_BIN (bench/run.sh does)}"
k=${MPI_BENCH_K:-8} failures=${MPI_BENCH_FAILURES:-2}
if ! command -v mpirun >/dev/null; then echo "mpirun not installed (scripts/install-deps.sh test): skipped"; exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
snap=$work/fattree-$k
"$ROUTEFIX_BENCH_BIN/gen_fattree" "$snap" "$k" >/dev/null
verify=("$ROUTEFIX_BIN" verify "$snap" --failures "$failures" --format json)
mpirun=(mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2)

run() {  # label, command...: one row
  local label=$1; shift
  /usr/bin/time -o "$work/time" -f "%e %U %S %M" "$@" >"$work/$label.json" 2>/dev/null || true
  read -r secs user sys kib < <(tail -n 1 "$work/time")
  local same=yes
  [[ $label == one-thread ]] && base=$secs
  cmp -s "$work/$label.json" "$work/one-thread.json" || same=no
  awk -v l="$label" -v s="$secs" -v u="$user" -v y="$sys" -v m="$((kib / 1024))" -v b="$base" -v same="$same" \
    'BEGIN { printf "%-22s %8.2f %8.2f %10d %8.2fx  %s\n", l, s, u + y, m, b / s, same }'
}

echo "fat-tree k=$k, verify --failures $failures, $(nproc) CPUs"
printf '%-22s %8s %8s %10s %9s  %s\n' run "wall(s)" "cpu(s)" "peak(MiB)" speed-up identical
run one-thread "${verify[@]}" --threads 1
run two-threads "${verify[@]}" --threads 2
run mpirun-np2-1-thread "${mpirun[@]}" "${verify[@]}" --threads 1
