"""Fixed Food Fight games for the tests: a dealt state and hand-set piles and hands."""

from __future__ import annotations

import copy
from typing import Any

from rich.console import Console

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.system import Outcome
from gmtool.games.foodfight.game import SYSTEM
from gmtool.games.foodfight.rules.content import FoodFightContent, load_content

NAMES = ["Ana", "Bo", "Cy", "Di"]
_CONTENT: FoodFightContent | None = None


def content() -> FoodFightContent:
    global _CONTENT
    if _CONTENT is None:
        _CONTENT = load_content({})
    return _CONTENT


def deal(*, blind: bool = False, **options: Any) -> dict[str, Any]:
    """A new game for Ana (Yellow), Bo (Blue), Cy (Red), Di (Green); Ana starts.

    ``blind`` deals it under ``fortune_timing: blind`` (Fortunes declared with the attack)."""
    opts: dict[str, Any] = {"players": list(NAMES), **options}
    state = SYSTEM.new_state(content(), opts, DiceDoor(Rng(1)))
    if blind:
        state["rules"]["fortune_timing"] = "blind"
    return state


def player(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in state["players"] if p["name"] == name)


def set_pile(
    state: dict[str, Any], name: str, pile: int, *salts: int, face_up: bool = False
) -> None:
    """Replace a pile with cards of the given salt, bottom first."""
    player(state, name)["piles"][pile - 1] = [
        {
            "id": f"{name}{pile}-{i}",
            "food": f"{name} food {pile}.{i}",
            "salt": s,
            "face_up": face_up,
        }
        for i, s in enumerate(salts, start=1)
    ]


def give(state: dict[str, Any], name: str, *fortunes: str) -> None:
    """Move Fortunes from the deck into a player's hand."""
    for fid in fortunes:
        state["fortune_deck"].remove(fid)
        player(state, name)["fortunes"].append(fid)


def fortunes_played(state: dict[str, Any], *plays: str) -> list[dict[str, str]]:
    """Ana attacks Bo: each play ``"attacker f07 mine"`` puts the Fortune in that side's
    hand and returns the plays for the attack."""
    played = []
    for text in plays:
        by, fid, on = text.split()
        give(state, "Ana" if by == "attacker" else "Bo", fid)
        played.append({"by": by, "id": fid, "on": on})
    return played


def endgame() -> dict[str, Any]:
    """Bo and Cy are out and Di holds one card, a 3 on pile 1; Ana is to play."""
    state = deal()
    player(state, "Bo")["out"] = "health"
    player(state, "Cy")["out"] = "towers"
    empty_all_but(state, "Di", 1)
    set_pile(state, "Di", 1, 3)
    return state


def empty_all_but(state: dict[str, Any], name: str, keep: int) -> None:
    """Leave ``name`` with cards on pile ``keep`` only."""
    for number in range(1, 10):
        if number != keep:
            player(state, name)["piles"][number - 1] = []


def play(state: dict[str, Any], action: dict[str, Any]) -> Outcome:
    """Apply an action to a copy of ``state``; a move rolls no logged dice."""
    door = DiceDoor.entered_faces()
    outcome = SYSTEM.apply(copy.deepcopy(state), action, door, content())
    assert door.rolls == []
    return outcome


def attack(pile: int, target: str, target_pile: int, **more: Any) -> dict[str, Any]:
    return {"type": "attack", "pile": pile, "target": target, "target_pile": target_pile, **more}


def discard(pile: int, **more: Any) -> dict[str, Any]:
    return {"type": "discard", "pile": pile, **more}


def text(renderable: Any) -> str:
    """What a rich renderable prints, as plain text."""
    console = Console(width=140, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()
