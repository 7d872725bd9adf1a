#!/usr/bin/env bash
# Configures and builds into build/ (or $1). Extra arguments go to cmake's configure step,
# except `--target T`, which builds only T.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}; shift || true
configure=() target=()
while (($#)); do
  if [ "$1" = --target ] && (($# > 1)); then target=(--target "$2"); shift 2
  else configure+=("$1"); shift; fi
done
cmake -S . -B "$dir" -G Ninja "${configure[@]}" >/dev/null
cmake --build "$dir" "${target[@]}"
