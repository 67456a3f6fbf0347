"""Helpers for Astral tests: a small cast, and ticks played with entered faces."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.system import Outcome
from gmtool.games.astral.game import SYSTEM
from gmtool.games.astral.rules.content import AstralContent


@pytest.fixture(scope="session")
def content() -> AstralContent:
    return SYSTEM.load_content({})


def door(*flat: int, **by: Iterable[int]) -> DiceDoor:
    """Faces in order (flat) or per roller; anything else would come from a fixed seed."""
    return DiceDoor(
        Rng(12345),
        entered=list(flat) if flat else None,
        entered_by={who: list(faces) for who, faces in by.items()} if by else None,
    )


def new_state(content: AstralContent, **options: Any) -> dict[str, Any]:
    return SYSTEM.new_state(content, options, door())


def cast(content: AstralContent, distances: Iterable[str] = ()) -> dict[str, Any]:
    """Ana and Cy (PCs, 12 Aura), Wisp (NPC, TN 7, 6 Aura), Orb (object); all Near."""
    return new_state(
        content,
        entities={
            "Ana": {"knowledge": ["runes", "dreams", "old tongues"]},
            "Cy": {"knowledge": ["stars"]},
            "Wisp": {"kind": "npc", "tn": 7, "aura": 6},
            "Orb": {"kind": "object"},
        },
        distances=list(distances),
    )


def play(
    state: dict[str, Any], content: AstralContent, action: dict[str, Any], dice: DiceDoor
) -> Outcome:
    """Apply on a copy (like the engine) and check every entered face was used."""
    import copy

    outcome = SYSTEM.apply(copy.deepcopy(state), action, dice, content)
    dice.finish()
    return outcome


def tick(
    state: dict[str, Any], content: AstralContent, *acts: str, dice: DiceDoor | None = None
) -> Outcome:
    return play(state, content, {"type": "tick", "declarations": list(acts)}, dice or door())


def away_during_a_fight(content: AstralContent) -> dict[str, Any]:
    """Ana moved Away from Cy (lockout 1+1+12 = 14) in a tick where Wisp attacked Cy."""
    return tick(
        cast(content),
        content,
        "Wisp attack Cy",
        "Ana move Cy to away",
        dice=door(Cy=(6, 6), GM=(1, 1)),
    ).state


def entity(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(e for e in state["entities"] if e["name"] == name)


def events(outcome: Outcome, kind: str) -> list[dict[str, Any]]:
    return [e for e in outcome.result["events"] if e["event"] == kind]
