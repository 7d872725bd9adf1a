#!/usr/bin/env bash
# package_test.sh BUILD_DIR VERSION: `cpack -G DEB` from the build folder gives a package that
# holds the binary, routefix(1) and the bash completion, and depends on the shared libraries
# the binary links; unpacked, the binary runs, the man page documents every subcommand, and
# the completion completes subcommands, options and option values with that binary.
set -euo pipefail
build=$1 version=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "package_test: $*" >&2; exit 1; }

cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work" >"$work/cpack.log" || { cat "$work/cpack.log"; fail "cpack failed"; }
deb=$work/routefix_${version}_amd64.deb
[[ -f $deb ]] || fail "no $deb: $(ls "$work")"
dpkg-deb -c "$deb" >"$work/contents"
for f in ./usr/bin/routefix ./usr/share/man/man1/routefix.1.gz ./usr/share/bash-completion/completions/routefix; do
  grep -q " $f\$" "$work/contents" || fail "$f is not in the package: $(cat "$work/contents")"
done
depends=$(dpkg-deb -f "$deb" Depends)
[[ $depends == *libz3* && $depends == *libantlr4-runtime* ]] || fail "Depends lacks libz3/libantlr4-runtime: $depends"

dpkg-deb -x "$deb" "$work/root"
bin=$work/root/usr/bin/routefix
[[ $("$bin" --version) == "routefix $version" ]] || fail "--version says $("$bin" --version)"
man=$(zcat "$work/root/usr/share/man/man1/routefix.1.gz")
for cmd in $("$bin" --help | awk '/^Subcommands:/ {s = 1; next} s && /^  [a-z]/ {print $1}'); do
  grep -qF ".SS \"routefix $cmd\"" <<<"$man" || fail "the man page lacks routefix $cmd"
done
grep -q '^\.SH "EXIT STATUS"' <<<"$man" || fail "the man page lacks EXIT STATUS"

source "$work/root/usr/share/bash-completion/completions/routefix"
completions() {  # the words typed so far, the last one being completed
  COMP_WORDS=("$bin" "$@")
  COMP_CWORD=$#
  _routefix
  echo "${COMPREPLY[*]}"
}
[[ $(completions ver) == verify ]] || fail "'routefix ver' completes to '$(completions ver)'"
[[ " $(completions verify snap --fo) " == *" --format "* ]] || fail "verify --fo: '$(completions verify snap --fo)'"
[[ $(completions diff a b --format j) == "json junit" ]] || fail "diff --format j: '$(completions diff a b --format j)'"
[[ $(completions anycast opt) == optimize ]] || fail "anycast opt: '$(completions anycast opt)'"
[[ " $(completions anycast optimize --obj) " == *" --objective "* ]] || fail "anycast optimize --obj: '$(completions anycast optimize --obj)'"
[[ -z $(completions verify snap) ]] || fail "a snapshot argument completes to '$(completions verify snap)', not to file names"
echo "package_test: $(basename "$deb") ($(stat -c %s "$deb") bytes) holds routefix, routefix(1) and its completion"
