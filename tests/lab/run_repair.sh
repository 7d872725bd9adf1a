#!/usr/bin/env bash
# run_repair.sh CASE ROUTEFIX FRR_LAB OUTDIR — a repair confirmed on real FRR (ctest): runs
# `routefix repair CASE --out OUTDIR/patched`, then the differential lab (run_scenario.sh) on
# the patched snapshot, then `routefix verify` on it. Passing means real FRR computes exactly
# the routes routefix computes for the patched configs, and the intents hold on those routes.
# Exit 0 pass, 1 fail, 77 skipped (not root, FRR missing).
set -uo pipefail
(($# == 4)) || { echo "usage: $0 CASE ROUTEFIX FRR_LAB OUTDIR" >&2; exit 2; }
case_dir=$1 routefix=$2 tool=$3 out=$4
here=$(dirname "$(realpath "$0")")

rm -rf "$out" && mkdir -p "$out"
"$routefix" repair "$case_dir" --out "$out/patched" --format json >"$out/repair.json" 2>"$out/repair.err"
rc=$?
if ((rc != 0)) || ! grep -q '"status": "repaired"' "$out/repair.json"; then
  echo "FAIL: routefix repair exited $rc without a repair:"
  cat "$out/repair.err" "$out/repair.json"
  exit 1
fi
# The lab wires the links topology.json lists; the repair cases leave them to routefix's
# inference from interface subnets, so the lab gets the links routefix inferred.
if [ ! -f "$out/patched/topology.json" ]; then
  "$routefix" parse "$out/patched" --format json 2>/dev/null |
    python3 -c 'import json, sys; print(json.dumps({"links": json.load(sys.stdin)["links"]}))' \
      >"$out/topology.json" || { echo "FAIL: routefix parse of the patched snapshot"; exit 1; }
  mv "$out/topology.json" "$out/patched/topology.json"
fi
bash "$here/run_scenario.sh" "$out/patched" "$routefix" "$tool" "$out/lab"
rc=$?
((rc == 0)) || exit "$rc"
if ! "$routefix" verify "$out/patched" --format text >"$out/verify.txt" 2>&1; then
  echo "FAIL: an intent does not hold on the patched snapshot:"
  cat "$out/verify.txt"
  exit 1
fi
echo "PASS: the repaired snapshot runs on FRR with the routes routefix predicts; every intent holds"
