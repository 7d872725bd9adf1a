#!/usr/bin/env bash
# measure.sh CMD...: runs CMD with its output discarded, prints "<wall seconds> <peak RSS MiB>".
set -euo pipefail
t=$(mktemp)
trap 'rm -f "$t"' EXIT
/usr/bin/time -o "$t" -f "%e %M" "$@" >/dev/null 2>&1 || true
read -r secs kib <"$t"
awk -v s="$secs" -v k="$kib" 'BEGIN { printf "%.2f %.0f\n", s, k / 1024 }'
