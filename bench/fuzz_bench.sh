#!/usr/bin/env bash
# Fuzzing with libFuzzer (coverage-guided, AddressSanitizer + UBSan): builds build-fuzz with
# clang and -DROUTEFIX_FUZZ=ON, then runs each target of tests/fuzz for FUZZ_SECONDS from a
# copy of its committed corpus (tests/fuzz/corpus/<target>), and prints one row per target:
# executions, executions per second, corpus size at the end, crashes/timeouts/leaks found.
# A finding is left in $FUZZ_WORK/<target>/ as crash-*, timeout-*, leak-* or oom-*; rerun it
# with build-fuzz/tests/fuzz/fuzz_<target>_libfuzzer FILE.
# Env: FUZZ_SECONDS (default 60 per target), FUZZ_TARGETS (default all five),
# FUZZ_WORK (default a temporary folder, removed unless it holds a finding), FUZZ_JOBS
# (parallel targets, default 1), FUZZ_MAX_LEN (default 65536 bytes).
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
found=0
run_one() {
  local t=$1 dir=$work/$t
  mkdir -p "$dir/corpus"
  cp -n tests/fuzz/corpus/"$t"/* "$dir/corpus/" 2>/dev/null || true
  # -timeout: an input running longer is a hang; -rss_limit_mb: more memory is a finding.
  (cd "$dir" && "$OLDPWD/build-fuzz/tests/fuzz/fuzz_${t}_libfuzzer" -max_total_time="$seconds" \
    -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 corpus \
    >"$dir/log" 2>&1) || true
}
printf '%-10s %-12s %-10s %-8s %s\n' target executions "exec/s" corpus findings
for t in $targets; do
  run_one "$t"
  dir=$work/$t
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$dir/log" | grep -o '[0-9]*$' || echo 0)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$dir/log" | grep -o '[0-9]*$' || echo 0)
  files=$(find "$dir/corpus" -type f | wc -l)
  findings=$(find "$dir" -maxdepth 1 \( -name 'crash-*' -o -name 'timeout-*' -o -name 'leak-*' -o -name 'oom-*' \) | wc -l)
  ((findings > 0)) && found=1
  printf '%-10s %-12s %-10s %-8s %s\n' "$t" "$runs" "$rate" "$files" "$findings"
done
if ((found)); then
  echo "findings kept in $work" >&2
  exit 1
fi
[ -n "${FUZZ_WORK:-}" ] || rm -rf "$work"
