#!/usr/bin/env bash
# man_page.sh ROUTEFIX OUT: writes routefix(1), gzipped as Debian installs man pages, from the
# binary's own help: help2man turns `routefix --help` into the page, and a COMMANDS section
# holds every subcommand's `--help` (and its subcommands', as for `anycast`), so the page
# never says other than the binary does.
set -euo pipefail
out=$2
# Run as `routefix` from PATH: CLI11 prints argv[0] in its usage lines.
PATH=$(cd "$(dirname "$1")" && pwd):$PATH
bin=routefix
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The subcommands a CLI11 help text lists under "Subcommands:".
subcommands() { awk '/^Subcommands:/ {s = 1; next} s && /^  [a-z]/ {print $1} s && /^$/ {s = 0}'; }
# Help text as a roff block kept as printed: backslashes and leading dots escaped.
verbatim() { echo ".nf"; sed -e 's/\\/\\e/g' -e 's/^[.'"'"']/\\\&&/'; echo ".fi"; }

{
  echo "[COMMANDS]"
  for cmd in $("$bin" --help | subcommands); do
    echo ".SS \"routefix $cmd\""
    "$bin" "$cmd" --help | tee "$work/help" | verbatim
    for sub in $(subcommands < "$work/help"); do
      echo ".SS \"routefix $cmd $sub\""
      "$bin" "$cmd" "$sub" --help | verbatim
    done
  done
  cat <<'ROFF'
[EXIT STATUS]
.TP
0
success; every intent holds
.TP
1
an intent is violated, or no repair exists
.TP
2
bad usage or unusable input (the message names the file and line)
.TP
3
internal error
[SEE ALSO]
The README of the routefix sources: the snapshot layout, the intents file and the JSON shapes.
ROFF
} > "$work/commands.h2m"

help2man --no-info --section 1 --name "routing configuration verifier and repair engine" \
  --include "$work/commands.h2m" --output "$work/routefix.1" "$bin"
gzip -9n < "$work/routefix.1" > "$out"
