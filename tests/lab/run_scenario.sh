#!/usr/bin/env bash
# run_scenario.sh SCENARIO ROUTEFIX FRR_LAB OUTDIR — one differential lab test (ctest):
# routes computed by `routefix routes SCENARIO --format json` against real FRR 8.4 running the
# same configs (frr_lab.sh). Mismatches listed in SCENARIO/known-mismatches.json are reported
# but do not fail. Exit 0 all routes match, 1 mismatch or lab failure, 77 skipped (not root,
# FRR missing).
set -uo pipefail
(($# == 4)) || { echo "usage: $0 SCENARIO ROUTEFIX FRR_LAB OUTDIR" >&2; exit 2; }
scenario=$1 routefix=$2 tool=$3 out=$4
here=$(dirname "$(realpath "$0")")

if [ "$(id -u)" -ne 0 ]; then echo "SKIP: the FRR lab needs root (network namespaces)"; exit 77; fi
for d in zebra staticd ospfd bgpd; do
  [ -x "${FRR_DIR:-/usr/lib/frr}/$d" ] || { echo "SKIP: FRR is not installed (no ${FRR_DIR:-/usr/lib/frr}/$d)"; exit 77; }
done
command -v vtysh >/dev/null || { echo "SKIP: FRR is not installed (no vtysh)"; exit 77; }

[ -f "$scenario/README.md" ] && sed -n '1,3p' "$scenario/README.md"
rm -rf "$out" && mkdir -p "$out"

"$routefix" routes "$scenario" --format json >"$out/routefix.json" 2>"$out/routefix.err"
rf_rc=$?
bash "$here/frr_lab.sh" "$scenario" "$out/frr" --tool "$tool" || { echo "FAIL: the FRR lab did not run (see above)"; exit 1; }
if ((rf_rc != 0)); then
  echo "FAIL: routefix routes exited $rf_rc:"
  cat "$out/routefix.err"
  exit 1
fi

known=()
[ -f "$scenario/known-mismatches.json" ] && known=(--known "$scenario/known-mismatches.json")
"$tool" compare "$out/frr" "$out/routefix.json" "${known[@]}" --json >"$out/report.json"
"$tool" compare "$out/frr" "$out/routefix.json" "${known[@]}"
