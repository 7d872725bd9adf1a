#!/usr/bin/env bash
# Junos parse benchmark: the parse benchmark over bench/gen_junos_configs (~480 lines per
# router on average, three hierarchical to one `set` form, apply-groups with wildcards, BGP
# groups, OSPF, policy-options). Same columns and env as bench/parse_bench.sh.
set -euo pipefail
PARSE_BENCH_GENERATOR=gen_junos_configs exec bash "$(dirname "$0")/parse_bench.sh"
