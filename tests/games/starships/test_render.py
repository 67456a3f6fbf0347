"""The rich views print what a GM needs to see, for every kind of result."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console

from gmtool.games.starships import render as render
from gmtool.games.starships.game import SYSTEM
from gmtool.games.starships.rules.odds import attack_odds
from tests.games.starships.helpers import block, duel, fight, hit, packaged_content


def text_of(renderable: Any) -> str:
    console = Console(record=True, width=120)
    console.print(renderable)
    return console.export_text()


def test_status_shows_turn_order_hp_rows_and_momentum() -> None:
    state = fight({"Ana": block(), "Bo": block(row="back")}, {"Rex": block(hp=20)})
    state = hit(state, "melee", 15, 6).state
    doc = SYSTEM.status(state, now=0)
    assert doc["turn"] == "Bo" and doc["order"] == ["Bo", "Rex", "Ana"] and doc["round"] == 1
    shown = text_of(render.status(doc))
    assert "Encounter 1 · round 1 · Bo's turn" in shown
    assert "turns: Bo  Rex  Ana" in shown
    assert "14/20" in shown and "back" in shown and "●" in shown


def test_status_after_the_fight_and_after_defeat() -> None:
    won = hit(duel(block(), block(hp=1)), "melee", 15, 1).state
    assert "Exploration · last fight won" in text_of(render.status(SYSTEM.status(won, now=0)))
    lost = hit(duel(block(hp=1), block(), first="enemies"), "melee", 15, 1, by="Rex", on="Ana")
    shown = text_of(render.status(SYSTEM.status(lost.state, now=0)))
    assert "GAME OVER" in shown and "unconscious" in shown


@pytest.mark.parametrize(
    ("affinity", "faces", "words"),
    [
        ("normal", (15, 4), "Rex takes 4"),
        ("weak", (15,), "MAX DMG! Rex takes 6"),
        ("strong", (15,), "WEAK! Rex takes 1"),
        ("immune", (15,), "IMMUNE Rex takes nothing"),
        ("reflect", (15, 4), "REFLECT 4 reflected onto Ana"),
        ("drain", (15, 4), "DRAIN Rex heals 4"),
    ],
)
def test_attack_results_name_what_happened(
    affinity: str, faces: tuple[int, ...], words: str
) -> None:
    state = duel(block(hp=30), block(hp=30, affinities={"Kinetic": affinity}))
    outcome = hit(state, "melee", *faces)
    shown = text_of(render.attack({**outcome.result, **outcome.extra}))
    assert words in shown
    assert "d20 15 +0 = 15 vs Defense 10 HIT" in shown


def test_a_miss_and_a_lost_turn_are_shown() -> None:
    state = duel(block(), block(affinities={"Kinetic": "immune"}))
    missed = hit(state, "melee", 1)
    assert "MISS" in text_of(render.attack({**missed.result, **missed.extra}))
    state["combatants"]["Ana"]["momentum"] = 1
    wasted = hit(state, "melee", 15)
    assert "Ana loses their next turn" in text_of(render.attack({**wasted.result, **wasted.extra}))


def test_odds_chart() -> None:
    doc = attack_odds(duel(block(row="back"), block()), packaged_content(), "Ana", "Rex", "melee")
    shown = text_of(render.odds(doc))
    assert "hit 55.0% (11/20)" in shown and "mean 1.67 on a hit" in shown  # 1, 1, 1, 2, 2, 3


def test_a_lost_turn_is_shown_even_with_no_momentum_to_lose() -> None:
    state = duel(block(), block(affinities={"Kinetic": "immune"}))
    wasted = hit(state, "melee", 15)  # Ana has 0 Momentum: the hit costs her next turn
    assert wasted.extra["lost_turn"] is True
    shown = text_of(render.attack({**wasted.result, **wasted.extra}))
    assert "Ana loses their next turn" in shown


def test_status_fits_eighty_columns_and_the_fallen_read_unconscious() -> None:
    state = fight({"Ana": block(), "Bo": block()}, {"Sentinel-2": block(hp=30)})
    state["combatants"]["Ana"].update(hp=0, skip_turns=1)
    state["combatants"]["Bo"].update(skip_turns=2, momentum=10)
    console = Console(record=True, width=80)
    console.print(render.status(SYSTEM.status(state, now=0)))
    rows = console.export_text().splitlines()[2:]
    assert len(rows) == 4  # a header and one line per combatant: no bar wraps
    assert "0/10" in rows[1] and "unconscious" in rows[1] and "loses" not in rows[1]
    assert "loses 2 turns" in rows[2]
