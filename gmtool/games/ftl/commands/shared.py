"""What the FTL commands share: coins read from entered faces, and a ship drawn to the
terminal (the battle and the ship builder use them too)."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer

from gmtool.cli.common import console, print_json
from gmtool.errors import GmtoolError

COIN_WORDS = {"heads": "1", "tails": "2", "h": "1", "t": "2"}


@contextmanager
def json_errors(as_json: bool) -> Iterator[None]:
    """With ``--json`` a refused command prints one JSON document too, ``{"error":
    {"message", "where", "hint", "line", "exit_code"}}``, beside its line on stderr, and
    exits with the error's code; nothing is written, as for any refusal."""
    try:
        yield
    except GmtoolError as error:
        if not as_json:
            raise
        print_json(
            {
                "error": {
                    "message": error.message,
                    "where": error.where,
                    "hint": error.hint,
                    "line": error.line(),
                    "exit_code": error.exit_code,
                }
            }
        )
        sys.stderr.write(f"error: {error.line()}\n")
        raise typer.Exit(error.exit_code) from None


def coin_faces(text: str) -> list[int]:
    """Entered faces where coins may be written heads/tails (h/t) as well as 1/2."""
    from gmtool.dice import parse_faces  # only when faces are entered: a cold command pays nothing

    words = [COIN_WORDS.get(word.lower(), word) for word in re.split(r"[,\s]+", text.strip())]
    return parse_faces(",".join(words))


def show_ship(doc: dict[str, Any]) -> None:
    """Draw a ship: whole to a file or a pipe, cut at the edge of a narrower terminal."""
    from gmtool.games.ftl import render as render  # the drawings, only when one is drawn

    out = console()
    if out.is_terminal:
        out.print(render.ship(doc, width=out.width))
        return
    out.width = max(out.width, render.ship_width(doc))
    out.print(render.ship(doc))
