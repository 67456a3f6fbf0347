"""Help looks the same everywhere: plain text, values named in capitals, summaries whole."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from typer.main import get_command

from gmtool.cli.app import app

PLACEHOLDERS = ("<str>", "<int", "<float", "<path", "{", "╭", "│")


def every_command() -> Iterator[list[str]]:
    from typer import _click

    root = get_command(app)
    context = _click.Context(root)

    def walk(group: Any, path: list[str]) -> Iterator[list[str]]:
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            yield [*path, name]
            if hasattr(command, "list_commands"):
                yield from walk(command, [*path, name])

    yield []
    yield from walk(root, [])


@pytest.mark.parametrize("path", list(every_command()), ids=" ".join)
def test_help_is_plain_and_whole(gmtool: Callable[..., Any], path: list[str]) -> None:
    result = gmtool(*path, "--help")
    assert result.code == 0, result.err
    for placeholder in PLACEHOLDERS:
        assert placeholder not in result.out, (placeholder, result.out)
    listed = result.out.split("Commands:", 1)[1] if "Commands:" in result.out else ""
    assert "..." not in listed  # no summary cut off
