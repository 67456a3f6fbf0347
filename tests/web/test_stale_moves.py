"""A move posted from a screen the game has left since it was drawn is refused with one
line and the fresh screen, and nothing is written; a free roll meanwhile changes no state,
so the move is played."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from tests.web.client import Table, new_match, serving

SEEN = re.compile(r'name="seen" value="([0-9a-f]+)"')


@pytest.fixture
def match(gmtool) -> Iterator[Table]:  # type: ignore[no-untyped-def]
    new_match(gmtool)
    yield from serving("ff")


def drawn(table: Table, seat: str) -> str:
    """The version of the state ``seat``'s screen was drawn from, as its forms send it."""
    versions = set(SEEN.findall(table.seat(seat).text))
    assert len(versions) == 1, versions  # every form of one screen sends the same
    return versions.pop()


def moves(gmtool) -> list[str]:  # type: ignore[no-untyped-def]
    return [entry["what"] for entry in json.loads(gmtool("log", "--json").out)]


def test_a_move_on_a_stale_screen_is_refused_with_the_fresh_screen(match: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    seen = drawn(match, "Ana")
    assert gmtool("foodfight", "discard", "1", "--player", "Ana").code == 0  # the GM, meanwhile
    shown = match.post("Ana", move="discard", pile="2", seen=seen)
    assert "refused: the game changed since this screen was drawn: look again" in shown.text
    assert "Discard</button>" not in shown.text  # drawn anew: it is Bo's turn now
    assert seen not in shown.text
    assert moves(gmtool) == ["discard pile 1"]
    assert "refused" not in match.post("Bo", move="discard", pile="2", seen=drawn(match, "Bo")).text


def test_a_free_roll_meanwhile_leaves_the_screen_current(match: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    seen = drawn(match, "Ana")
    assert gmtool("roll", "1d20").code == 0
    assert drawn(match, "Ana") == seen
    shown = match.post("Ana", move="discard", pile="2", seen=seen)
    assert "refused" not in shown.text
    assert moves(gmtool)[-1] == "discard pile 2"
