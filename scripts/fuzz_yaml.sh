#!/usr/bin/env bash
# The long fuzz of campaign files: the CI test's strategy (tests/core/yaml_fuzz.py: a packaged
# campaign file with values in its options or its game's tables replaced by wrong types,
# huge and odd numbers, tags on text that does not fit them, nesting a thousand deep) at
# ten thousand examples by default. Each file is checked (`gmtool check`), made a campaign
# (`campaign new --from`) and, when that works, shown (`status --json`).
#   scripts/fuzz_yaml.sh            # 10,000 campaign files
#   scripts/fuzz_yaml.sh 50000 3    # as many as you like, with Hypothesis seed 3
# It fails on the first file that ends in an internal error (exit 70), a traceback, a
# refusal of more than one line or a command over 20 s, and shows that file; at the end
# Hypothesis prints how many examples ran.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-.venv/bin/python}"
GMTOOL_FUZZ_EXAMPLES="${1:-10000}" "$python" -m pytest -q -p no:cacheprovider \
    tests/core/test_yaml_fuzz.py -x --hypothesis-show-statistics --hypothesis-seed="${2:-0}"
