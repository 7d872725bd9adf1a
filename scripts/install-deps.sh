#!/usr/bin/env bash
# Installs the Debian bookworm packages routefix builds and tests with, if any is missing.
# Without an argument (or `example`): what building, running and packaging routefix needs.
# `install-deps.sh test` adds what only the test suite and the benchmarks need: real FRR for the
# lab, chromium for the HTML report's browser test, clang for the libFuzzer builds. clang and
# chromium are most of the download, so a first run of the example does without them.
set -euo pipefail
packages=(
  g++ cmake ninja-build pkg-config
  antlr4 default-jre-headless libantlr4-runtime-dev
  uuid-dev  # Debian's antlr4 runtime links -luuid, and libantlr4-runtime-dev does not pull it in
  libz3-dev coinor-libcbc-dev libre2-dev zlib1g-dev libbz2-dev libjemalloc-dev libboost-graph-dev nlohmann-json3-dev libcli11-dev libyaml-cpp-dev
  graphviz libgraphviz-dev
  help2man dpkg-dev file  # packaging/: routefix(1) from --help; dpkg-shlibdeps for the .deb's Depends (CPack's DEB generator needs `file` for it)
)
if [ "${1:-}" = test ]; then
  packages+=(
    doctest-dev
    frr iproute2 procps time  # tests/lab: real FRR routers in network namespaces
    python3  # bench/*.py: error injection and the evaluation corpora (standard library only)
    clang  # bench/fuzz_bench.sh: libFuzzer builds of tests/fuzz
    chromium  # tests/browser: renders the HTML report
    libopenmpi-dev openmpi-bin  # cluster/: mpirun -np N routefix verify, and its test
  )
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
