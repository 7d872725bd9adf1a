#!/usr/bin/env bash
# The real-device fidelity table (tests/fidelity/README.md): per lab matched/routes, extra
# routes, unrecognized lines, and the totals. Environment: ROUTEFIX_BIN (routefix binary),
# ROUTEFIX_FIDELITY_BIN (fidelity_score; default beside the bench build), FIDELITY_ARGS (more
# arguments, e.g. "--details" or "--suite labval").
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${ROUTEFIX_BIN:-build/cli/routefix}
score=${ROUTEFIX_FIDELITY_BIN:-$(dirname "$(dirname "$bin")")/tests/fidelity/fidelity_score}
# shellcheck disable=SC2086
"$score" --routefix "$bin" --corpus tests/fidelity/corpus \
  --exclusions tests/fidelity/exclusions.json ${FIDELITY_ARGS:-}
