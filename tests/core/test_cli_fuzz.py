"""Fuzzed command lines never end in an internal error (exit 70), and a refused one says
why in one line. CI runs a few hundred; ``scripts/fuzz_cli.sh`` runs ten thousand."""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import HealthCheck, given, settings

from tests.core.cli_fuzz import argv

EXAMPLES = int(os.environ.get("GMTOOL_FUZZ_EXAMPLES", "200"))
SUMMARY = re.compile(r"\d+ problem\(s\) in \d+ file\(s\)")
DEMOS = ["originem", "foodfight", "astral", "starships", "zauberer", "ftl"]


@pytest.fixture
def fuzz_campaigns(gmtool) -> None:  # type: ignore[no-untyped-def]
    """A campaign of every system (c1 plays Originem and is the current one)."""
    for name in DEMOS[1:]:
        assert gmtool("campaign", "new", name, "--from", f"{name}-demo").code == 0
    assert gmtool("campaign", "new", "c1", "--from", "originem-demo").code == 0


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)
@given(args=argv())
def test_no_command_line_ends_in_an_internal_error(gmtool, fuzz_campaigns, args) -> None:  # type: ignore[no-untyped-def]
    result = gmtool(*args)
    assert result.code != 70, (args, result.err)
    assert "Traceback" not in result.err, (args, result.err)
    if result.code not in (0, 130):
        lines = result.err.strip().splitlines()
        if "check" in args and lines and SUMMARY.match(lines[-1]):
            lines = lines[-1:]  # a checker prints one line per problem, then the count
        assert len(lines) <= 1, (args, result.err)
