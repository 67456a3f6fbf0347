"""A test that needs a program the machine lacks: in CI it fails, elsewhere it skips.

`.ci/run` installs every program a test needs, so in CI (``CI=true``) a missing one is a
broken CI set-up, not a reason to check nothing.
"""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def missing(what: str, install: str) -> NoReturn:
    """Fail (in CI) or skip this test: ``what`` is missing, ``install`` says how to get it."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{what} missing: .ci/run installs it ({install})")
    pytest.skip(f"{what} missing ({install})")
