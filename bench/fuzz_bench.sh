#!/usr/bin/env bash
# Fuzzing with libFuzzer (coverage-guided, AddressSanitizer + UBSan): builds build-fuzz with
# clang and -DROUTEFIX_FUZZ=ON, then runs each target of tests/fuzz for FUZZ_SECONDS from a
# copy of its committed corpus (tests/fuzz/corpus/<target>), and prints one row per target:
# seconds, executions, executions per second, corpus size at the end, crashes (crash, leak,
# out-of-memory) and hangs (an input running over FUZZ_TIMEOUT s) found.
# A finding is left in $FUZZ_WORK/<target>/ as crash-*, timeout-*, leak-* or oom-*; rerun it
# with build-fuzz/tests/fuzz/fuzz_<target>_libfuzzer FILE.
# Env: FUZZ_SECONDS (default 60 per target), FUZZ_TARGETS (default all five),
# FUZZ_WORK (default a temporary folder, removed unless it holds a finding), FUZZ_JOBS
# (targets run at once, default 1), FUZZ_MAX_LEN (default 65536 bytes), FUZZ_NICE (default 19),
# FUZZ_TIMEOUT (seconds of wall time for one input, default 60).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-"ios junos intents topology as_graph"}
max_len=${FUZZ_MAX_LEN:-65536}
command -v clang++ >/dev/null || { echo "fuzz_bench: clang++ is needed (apt-get install clang)" >&2; exit 2; }

cmake -S . -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DROUTEFIX_FUZZ=ON >/dev/null
build_targets=()
for t in $targets; do build_targets+=("fuzz_${t}_libfuzzer"); done
cmake --build build-fuzz -j2 --target "${build_targets[@]}" >/dev/null

work=${FUZZ_WORK:-$(mktemp -d)}
mkdir -p "$work"
jobs=${FUZZ_JOBS:-1}
run_one() {
  local t=$1 dir=$work/$t
  mkdir -p "$dir/corpus"
  cp -n tests/fuzz/corpus/"$t"/* "$dir/corpus/" 2>/dev/null || true
  # -timeout: an input running longer is a hang (libFuzzer measures wall time, so a starved
  # niced process on a loaded machine needs a generous one: rerun a timeout-* file alone to
  # confirm it); -rss_limit_mb: more memory is a finding. nice: the targets are single-core
  # and must not starve builds on a shared machine.
  (cd "$dir" && nice -n "${FUZZ_NICE:-19}" "$OLDPWD/build-fuzz/tests/fuzz/fuzz_${t}_libfuzzer" \
    -max_total_time="$seconds" -max_len="$max_len" -timeout="${FUZZ_TIMEOUT:-60}" -rss_limit_mb=4096 -print_final_stats=1 \
    corpus >"$dir/log" 2>&1) || true
}
running=0
for t in $targets; do
  run_one "$t" &
  if ((++running >= jobs)); then wait -n; ((running--)); fi
done
wait

# crashes: crash-*, leak-*, oom-* and deadly signals; hangs: timeout-* (over FUZZ_TIMEOUT s).
found=0
printf '%-10s %-8s %-12s %-8s %-8s %-8s %s\n' target seconds executions "exec/s" corpus crashes hangs
for t in $targets; do
  dir=$work/$t
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$dir/log" | grep -o '[0-9]*$' || echo 0)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$dir/log" | grep -o '[0-9]*$' || echo 0)
  files=$(find "$dir/corpus" -type f | wc -l)
  crashes=$(find "$dir" -maxdepth 1 \( -name 'crash-*' -o -name 'leak-*' -o -name 'oom-*' \) | wc -l)
  hangs=$(find "$dir" -maxdepth 1 -name 'timeout-*' | wc -l)
  ((crashes + hangs > 0)) && found=1
  printf '%-10s %-8s %-12s %-8s %-8s %-8s %s\n' "$t" "$seconds" "$runs" "$rate" "$files" "$crashes" "$hangs"
done
if ((found)); then
  echo "findings kept in $work" >&2
  exit 1
fi
[ -n "${FUZZ_WORK:-}" ] || rm -rf "$work"
