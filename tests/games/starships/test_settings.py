"""Every choice in rules.yaml changes what happens, with entered dice, when a campaign flips it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.starships.helpers import block, content_with, duel, fight, hit, play


def damage_with(settings: dict[str, Any], attacker: dict[str, Any], target: dict[str, Any],
                weapon: str, *faces: int) -> int:  # fmt: skip
    """What Ana's hit on Rex deals, reflects or heals under ``settings``."""
    content = content_with(settings)
    state = duel(attacker, target, content=content)
    amount: int = hit(state, weapon, *faces, content=content).result["damage"]
    return amount


STRONG = block(hp=30, affinities={"Kinetic": "strong"})
TWO_D6 = {"dice": "2d6", "type": "Kinetic"}


@pytest.mark.parametrize(
    ("settings", "attacker", "target", "weapon", "faces", "default", "flipped"),
    [
        ({"damage": {"might_on_strong": False}}, block(might=2, melee=TWO_D6), STRONG,
         "melee", (15,), 4, 2),
        ({"damage": {"minimum_hit": 0}}, block(might=-3), block(hp=30), "melee", (15, 1), 1, 0),
        ({"rows": {"reflect_protects_back_row": False}}, block(hp=30, row="back"),
         block(hp=30, affinities={"Energy": "reflect"}), "ranged", (15, 6), 3, 6),
        ({"rows": {"halve_drain": True, "apply_to": "everyone"}}, block(hp=30),
         block(hp=30, row="back", affinities={"Kinetic": "drain"}), "melee", (15, 6), 6, 3),
        ({"rows": {"divisor": 3}}, block(hp=30, row="back"), block(hp=30), "melee", (15, 6), 3, 2),
        ({"rows": {"apply_to": "everyone"}}, block(hp=30), block(hp=30, row="back"), "melee",
         (15, 6), 6, 3),
    ],
)  # fmt: skip
def test_a_damage_or_row_choice_changes_the_amount(
    settings: dict[str, Any], attacker: dict[str, Any], target: dict[str, Any], weapon: str,
    faces: tuple[int, ...], default: int, flipped: int,
) -> None:  # fmt: skip
    assert damage_with({}, attacker, target, weapon, *faces) == default
    assert damage_with(settings, attacker, target, weapon, *faces) == flipped


def test_friendly_fire_when_allowed() -> None:
    content = content_with({"turns": {"friendly_fire": True}})
    state = fight({"Ana": block(), "Bo": block()}, {"Rex": block()}, content=content)
    outcome = hit(state, "melee", 15, 4, on="Bo", content=content)
    assert outcome.result["hp"]["Bo"] == 6


def momentum_in_second_fight(settings: dict[str, Any]) -> int:
    """Ana wins a fight with 1 Momentum, then starts the next one: what she has then."""
    content = content_with(settings)
    state = duel(block(), block(hp=1), content=content)
    state = hit(state, "melee", 15, 1, content=content).state
    action = {"type": "encounter_start", "enemies": ["Crawler"]}
    ana = play(state, action, 20, 1, content=content).state["combatants"]["Ana"]
    return int(ana["momentum"])


def test_momentum_can_carry_over_or_start_higher() -> None:
    assert momentum_in_second_fight({}) == 0
    assert momentum_in_second_fight({"momentum": {"reset_each_encounter": False}}) == 1
    assert momentum_in_second_fight({"momentum": {"start": 2}}) == 2
