"""The sector map from entered dice, worked out by hand; jumps between beacons."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.dice import DiceDoor, Rng
from gmtool.errors import ContentError, DiceError, RulesError, UsageError
from gmtool.games.ftl.game import SYSTEM
from gmtool.games.ftl.rules.sector import build_map, is_connected
from tests.games.ftl.helpers import content, red_data

# Heads: 2 asteroid fields, at (1,1) and, after a repeat, (6,6). Twenty removals clear the
# block x 1-5, y 2-5 row by row, with three re-rolls: (1,2) again, the field at (6,6), and
# (6,3) just before the last, which would cut the top row from the bottom. Tails: 2 ion
# storms, after three re-rolls, at (3,1) and (6,3). Red starts at (2,1) after two re-rolls,
# Blue at (4,6) after one.
FACES = [
    1, 1, 1, 1, 1, 6, 6,
    1, 2, 1, 2, 6, 6, 2, 2, 3, 2, 4, 2, 5, 2,
    *[f for y in (3, 4) for x in range(1, 6) for f in (x, y)],
    1, 5, 2, 5, 3, 5, 4, 5, 6, 3, 5, 5,
    2, 3, 3, 1, 1, 3, 1, 3, 1, 6, 3,
    6, 6, 3, 1, 2, 1,
    2, 1, 4, 6,
]  # fmt: skip


def test_a_map_from_entered_dice() -> None:
    door = DiceDoor.entered_faces(*FACES)
    doc = build_map(content().map, ["Red", "Blue"], door)
    door.finish()
    top = [[x, 1] for x in range(1, 7)]
    right = [[6, y] for y in range(2, 7)]
    bottom = [[x, 6] for x in range(1, 6)]
    assert doc["beacons"] == sorted(top + right + bottom)
    assert doc["removed"][:3] == [[1, 2], [2, 2], [3, 2]] and len(doc["removed"]) == 20
    assert doc["asteroids"] == [[1, 1], [6, 6]]
    assert doc["ion_storms"] == [[3, 1], [6, 3]]
    assert doc["starts"] == {"Red": [2, 1], "Blue": [4, 6]}
    assert doc["rerolls"] == 10
    reasons = [step["reroll"] for step in doc["steps"] if "reroll" in step]
    assert reasons == [
        "already an asteroid field",
        "already removed",
        "an asteroid field",
        "removing it would cut the map apart",
        "no beacon there",
        "an asteroid field",
        "already an ion storm",
        "an asteroid field",
        "an ion storm",
        "another player starts there",
    ]
    coins = [(s["coin"], s["count"]) for s in doc["steps"] if s["step"] == "coin"]
    assert coins == [("heads", 2), ("tails", 2)]


def test_virtual_maps_always_hold_together() -> None:
    for seed in range(30):
        doc = build_map(content().map, ["Red", "Blue"], DiceDoor(Rng(seed)))
        beacons = {tuple(b) for b in doc["beacons"]}
        stopped = any("stopped" in step for step in doc["steps"])
        # Sixteen are left, unless only asteroid fields could still go (removals stop).
        assert len(beacons) == 16 or (stopped and len(beacons) > 16)
        assert is_connected(beacons, "orthogonal")  # type: ignore[arg-type]
        assert not set(map(tuple, doc["ion_storms"])) & set(map(tuple, doc["asteroids"]))
        starts = [tuple(at) for at in doc["starts"].values()]
        assert len(set(starts)) == 2 and all(s in beacons for s in starts)


def test_a_face_off_the_die_is_refused() -> None:
    with pytest.raises(DiceError, match="7, is not on a d6"):
        build_map(content().map, ["Red", "Blue"], DiceDoor.entered_faces(1, 7, 1))


def _game() -> dict[str, Any]:
    return SYSTEM.new_state(
        content(), {"ships": {"Red": "ftl-red.yaml", "Blue": "ftl-blue.yaml"}}, DiceDoor(Rng(1))
    )


def test_new_state_keeps_both_ships_and_their_supplies() -> None:
    state = _game()
    assert state["seats"] == ["Red", "Blue"] and state["map"] is None
    red = state["players"]["Red"]
    assert red["ship"]["name"] == "Red Kestrel" and red["fuel"] == 8 and red["missiles"] == 10
    assert red["bill"] == {
        "total": 1956, "budget": 2100, "bonus": 10, "left": 154, "problems": [],
        "groups": {
            "systems": 1145, "weapons": 175, "drones": 35, "augments": 40, "crew": 170,
            "reactor": 285, "supplies": 106,
        },
    }  # fmt: skip


def test_a_ship_that_fails_its_check_is_refused() -> None:
    bad = red_data()
    bad["weapons"] = ["glaive_beam", "glaive_beam"]
    with pytest.raises(ContentError) as info:
        SYSTEM.new_state(
            content(), {"ships": {"Red": bad, "Blue": "ftl-blue.yaml"}}, DiceDoor(Rng(1))
        )
    assert (
        "options.ships.Red.weapons.1: a second glaive_beam: a ship may have only one of each weapon"
        in info.value.problems
    )
    with pytest.raises(UsageError, match="needs 2 ships"):
        SYSTEM.new_state(content(), {"ships": {"Red": "ftl-red.yaml"}}, DiceDoor(Rng(1)))


def test_jumps() -> None:
    state = _game()
    outcome = SYSTEM.apply(state, {"type": "map_new"}, DiceDoor.entered_faces(*FACES), content())
    state = outcome.state
    assert state["players"]["Red"]["at"] == [2, 1]

    def jump(who: str, x: int, y: int) -> dict[str, Any]:
        return SYSTEM.apply(
            state, {"type": "jump", "player": who, "to": [x, y]}, DiceDoor(), content()
        ).result

    with pytest.raises(RulesError, match=r"\(5, 1\) does not touch Red's beacon \(2, 1\)"):
        jump("Red", 5, 1)
    with pytest.raises(RulesError, match=r"no beacon at \(2, 2\)"):
        jump("red", 2, 2)
    assert jump("red", 3, 1) == {
        "player": "Red",
        "from": [2, 1],
        "to": [3, 1],
        "fuel": 7,
        "spent": 1,
        "hazard": "ion storm",
    }
    with pytest.raises(RulesError, match="already jumped"):
        SYSTEM.apply(state, {"type": "map_new"}, DiceDoor(Rng(2)), content())
    state["players"]["Blue"]["fuel"] = 0
    with pytest.raises(RulesError, match="Blue has 0 fuel and the jump needs 1"):
        jump("Blue", 5, 6)
    with pytest.raises(UsageError, match="unknown player 'Green'"):
        jump("Green", 5, 6)
