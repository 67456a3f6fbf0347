"""Fuzzed campaign files (``tests/core/yaml_fuzz.py``) end in a clear refusal or a working
campaign, never an internal error (exit 70) nor a hang. CI runs a few dozen;
``scripts/fuzz_yaml.sh`` runs ten thousand."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from tests.core.yaml_fuzz import campaign_file

EXAMPLES = int(os.environ.get("GMTOOL_FUZZ_EXAMPLES", "30"))
SECONDS = 20
"""The longest one command may take on a fuzzed file: a setting without a bound hangs."""
SUMMARY = re.compile(r"\d+ problem\(s\) in \d+ file\(s\)")


class Hung(Exception):
    pass


def _hung(*args: Any) -> None:
    raise Hung


def checked(gmtool, *args: str):  # type: ignore[no-untyped-def]
    previous = signal.signal(signal.SIGALRM, _hung)
    signal.alarm(SECONDS)
    try:
        result = gmtool(*args)
    except Hung:
        pytest.fail(f"{args} took over {SECONDS} s")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert result.code != 70, (args, result.err)
    assert "Traceback" not in result.err, (args, result.err)
    if result.code not in (0, 130):
        lines = result.err.strip().splitlines()
        if lines and SUMMARY.match(lines[-1]):
            lines = lines[-1:]  # the checker: one line per problem, then the count
        assert len(lines) == 1, (args, result.err)
    return result


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)
@given(text=campaign_file())
def test_no_campaign_file_ends_in_an_internal_error(gmtool, tmp_path: Path, text: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "fuzzed.yaml"
    path.write_text(text, encoding="utf-8")
    checked(gmtool, "check", str(path))
    name = f"f{abs(hash(text)) % 10**9}"
    made = checked(gmtool, "campaign", "new", name, "--from", str(path))
    if made.code == 0:
        checked(gmtool, "-c", name, "status", "--json")
