#!/usr/bin/env bash
# The README's two Quick start commands:
#   bash scripts/quickstart.sh example   install, build, run routefix on a bundled example
#   bash scripts/quickstart.sh test      install, build, run the whole test suite
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-example}
bash scripts/install-deps.sh
case "$mode" in
  example)
    bash scripts/build.sh build
    ./build/cli/routefix parse examples/campus-prefix-typo
    ;;
  test)
    bash scripts/build.sh build
    (cd build && ctest --output-on-failure -j2)
    # Unit tests again under AddressSanitizer/UBSan (the FRR lab tests run once, above).
    if [ "${ROUTEFIX_SKIP_SANITIZE:-0}" != 1 ]; then
      bash scripts/build.sh build-asan -DROUTEFIX_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
      (cd build-asan && ctest --output-on-failure -j2 -LE lab)
    fi
    ;;
  *) echo "usage: $0 example|test" >&2; exit 2 ;;
esac
