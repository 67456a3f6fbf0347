"""Crew walking by doors at their race's speed; doors to space; the end of the battle."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError, UsageError
from tests.games.ftl.battle.helpers import battle, order, ship, tick


def _walker(race: str) -> dict:
    state = battle(blue=ship(crew=[{"race": race, "name": "W", "room": "pilot"}]))
    # pilot -> engines -> shields -> oxygen -> medbay: four rooms by the doors
    order(state, "crew", ship="Blue", name="w", room="medbay")
    return state


@pytest.mark.parametrize(
    ("race", "rooms_after"),
    [
        ("human", ["engines", "shields", "oxygen", "medbay"]),  # 1 room a second
        ("mantis", ["engines", "oxygen", "medbay", "medbay"]),  # 1.5: 1, 3, 4
        ("rockman", ["pilot", "engines", "engines", "shields"]),  # 0.5: every other second
    ],
)
def test_crew_walk_by_doors_at_their_speed(race: str, rooms_after: list[str]) -> None:
    state = _walker(race)
    seen = []
    for _ in range(4):
        result = tick(state)
        seen.append(result["ships"]["Blue"]["crew"][0]["room"])
    assert seen == rooms_after


def test_a_walk_with_no_doors_is_refused() -> None:
    state = battle()
    with pytest.raises(RulesError, match="no way by doors from pilot to doors"):
        order(state, "crew", ship="Blue", name="Ana", room="doors")
    with pytest.raises(UsageError, match="unknown crew member of Blue"):
        order(state, "crew", ship="Blue", name="Zed", room="hall")


def test_the_dead_and_the_stunned() -> None:
    state = battle()
    blue = state["battle"]["ships"]["Blue"]
    blue["crew"][0]["health"] = 0
    with pytest.raises(RulesError, match="Ana is dead"):
        order(state, "crew", ship="Blue", name="Ana", room="engines")
    blue["crew"][1]["stunned"] = 2
    order(state, "crew", ship="Blue", name="Bo", room="pilot")
    tick(state)
    assert blue["crew"][1]["room"] == "engines"  # stunned: 1 s left after this second
    tick(state)
    assert blue["crew"][1]["room"] == "pilot"


def test_doors_to_space_vent_the_room() -> None:
    state = battle()
    blue = state["battle"]["ships"]["Blue"]
    order(state, "doors", ship="Blue", room="medbay", open=True)
    tick(state)
    assert blue["rooms"]["medbay"]["oxygen"] == 88  # -15 + 3
    with pytest.raises(RulesError, match="no door to space"):
        order(state, "doors", ship="Blue", room="hall", open=True)
    blue["systems"]["doors"]["damage"] = 1
    with pytest.raises(RulesError, match="no working door system"):
        order(state, "doors", ship="Blue", room="medbay", open=False)


def test_a_ship_at_zero_hull_loses_and_the_battle_stops() -> None:
    state = battle()
    b = state["battle"]
    b["ships"]["Blue"]["hull"] = 0
    result = tick(state, seconds=5)
    assert result["second"] == 1  # stops at the death
    assert (result["winner"], result["over"]) == ("Red", "Blue destroyed")
    with pytest.raises(RulesError, match="the battle is over"):
        tick(state)
    with pytest.raises(RulesError, match="the battle is over"):
        order(state, "autofire", ship="Red", on=True)


def test_both_destroyed_is_a_draw() -> None:
    state = battle()
    for name in ("Red", "Blue"):
        state["battle"]["ships"][name]["hull"] = 0
    result = tick(state)
    assert result["winner"] is None and result["over"] == "both destroyed"


def test_seconds_must_be_sensible() -> None:
    state = battle()
    with pytest.raises(UsageError, match="--seconds must be 1 to 600"):
        tick(state, seconds=0)
