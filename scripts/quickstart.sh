#!/usr/bin/env bash
# The README's two Quick start commands:
#   bash scripts/quickstart.sh example   install, build, run routefix on a bundled example
#   bash scripts/quickstart.sh test      install, build, run the whole test suite
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-example}
bash scripts/install-deps.sh "$mode"
case "$mode" in
  example)
    # Only the routefix binary, and no test target configured: the test binaries are most of
    # the build's time. The default build's code (-O2 -DNDEBUG) without -g: debug information
    # is about a third of the compile time, and a first build is what a new user waits for.
    bash scripts/build.sh build -DROUTEFIX_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" --target routefix
    # The example's intent is violated on purpose: exit code 1 is the expected verdict.
    ./build/cli/routefix verify examples/campus-prefix-typo || [ $? -eq 1 ]
    ;;
  test)
    # ON explicitly: the cache keeps OFF from an earlier `example` run in the same build/.
    bash scripts/build.sh build -DROUTEFIX_BUILD_TESTS=ON
    # chromium was installed above, so the browser test of the HTML report must run, not skip.
    (cd build && ROUTEFIX_REQUIRE_BROWSER=1 ctest --output-on-failure -j2)
    # The model and parser unit tests (thousands of mutated configs among them) again under
    # AddressSanitizer/UBSan. ROUTEFIX_SKIP_SANITIZE=1 skips this pass.
    if [ "${ROUTEFIX_SKIP_SANITIZE:-0}" != 1 ]; then
      dir=build-asan
      cmake -S . -B "$dir" -G Ninja -DROUTEFIX_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
      cmake --build "$dir" --target model_tests parser_tests
      (cd "$dir" && ctest --output-on-failure -R '^(model_tests|parser_tests)$')
    fi
    ;;
  *) echo "usage: $0 example|test" >&2; exit 2 ;;
esac
