#!/usr/bin/env bash
# The long fuzz of gmtool's command lines: the CI test's strategy (every command's real
# options and choices, gmtool's words, garbage) at ten thousand examples by default.
#   scripts/fuzz_cli.sh            # 10,000 command lines
#   scripts/fuzz_cli.sh 50000      # or as many as you like
#   scripts/fuzz_cli.sh 5000 2     # with Hypothesis seed 2 (runs with other seeds add up)
# It fails on the first command line that ends in an internal error (exit 70) or prints
# more than one line for a refusal, and shows that command line.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-.venv/bin/python}"
GMTOOL_FUZZ_EXAMPLES="${1:-10000}" "$python" -m pytest -q -p no:cacheprovider \
    tests/core/test_cli_fuzz.py -x --hypothesis-show-statistics --hypothesis-seed="${2:-0}"
