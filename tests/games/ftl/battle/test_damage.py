"""A shot in a room: hull, systems, crew (15 a point), ion, stun, fire and breach chances."""

from __future__ import annotations

import pytest

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.damage import land
from tests.games.ftl.battle.helpers import battle, ship


def _land(
    weapon: str,
    room: str,
    *,
    faces: dict[str, list[int]] | None = None,
    red: dict | None = None,
    blue: dict | None = None,
) -> tuple[dict, list[dict]]:
    state = battle(red=red or ship(weapons=[weapon]), blue=blue)
    b = state["battle"]
    spec = next(w for w in b["ships"]["Red"]["weapons"] if w["id"] == weapon)
    door = DiceDoor(entered=[], entered_by=faces)
    events = land(b, b["ships"]["Blue"], room, spec, door)
    door.finish()
    return b["ships"]["Blue"], events


def test_normal_damage_hits_hull_system_and_every_crew_member_15_a_point() -> None:
    # heavy laser: 2 damage, 30% breach, 20% fire, 30% stun. Cy mans weapons.
    blue, events = _land(
        "heavy_laser",
        "weapons",
        faces={"stun_chance": [31], "fire_chance": [21], "breach_chance": [31]},
    )
    assert blue["hull"] == 28
    assert blue["systems"]["weapon_control"]["damage"] == 2
    cy = next(c for c in blue["crew"] if c["name"] == "Cy")
    assert cy["health"] == 70  # 2 x 15
    assert [e["event"] for e in events] == [
        "hit",
        "system_damaged",
        "crew_hurt",
        "chance",
        "chance",
        "chance",
    ]


def test_an_empty_systemless_room_takes_hull_damage_only() -> None:
    blue, _ = _land("basic_laser", "hall")
    assert blue["hull"] == 29
    assert all(s["damage"] == 0 for s in blue["systems"].values())


@pytest.mark.parametrize(("room", "hull"), [("hall", 28), ("engines", 29)])
def test_hull_weapons_deal_more_to_systemless_rooms(room: str, hull: int) -> None:
    faces = {"breach_chance": [21]}  # hull laser: 20% breach, missed on 21
    blue, _ = _land("hull_laser", room, faces=faces)
    assert blue["hull"] == hull


@pytest.mark.parametrize(("face", "stunned"), [(30, 3), (31, 0)])
def test_stun_chance_at_its_edge(face: int, stunned: int) -> None:
    blue, _ = _land(
        "heavy_laser",
        "engines",
        faces={"stun_chance": [face], "fire_chance": [21], "breach_chance": [31]},
    )
    bo = next(c for c in blue["crew"] if c["name"] == "Bo")
    assert bo["stunned"] == stunned  # no stun time given: the 3 s ruling


def test_ion_stunner_always_stuns_for_its_own_time_and_rolls_nothing() -> None:
    blue, events = _land("ion_stunner", "engines")
    bo = next(c for c in blue["crew"] if c["name"] == "Bo")
    assert bo["stunned"] == 8
    engines = blue["systems"]["engines"]
    assert (engines["ion"], engines["ion_timer"], engines["power"]) == (1, 5, 1)
    assert blue["hull"] == 30 and bo["health"] == 100  # ion hurts nothing


def test_no_stun_roll_without_crew_in_the_room() -> None:
    _, events = _land("heavy_laser", "hall", faces={"fire_chance": [21], "breach_chance": [31]})
    assert [e["roll"] for e in events if e["event"] == "chance"] == ["fire_chance", "breach_chance"]


def test_crew_dies_at_zero() -> None:
    blue, events = _land(
        "breach_missile",
        "engines",  # 4 damage: 60 each
        faces={"stun_chance": [11], "fire_chance": [31], "breach_chance": [81]},
        red=ship(weapons=["breach_missile"]),
    )
    bo = next(c for c in blue["crew"] if c["name"] == "Bo")
    assert bo["health"] == 40
    blue["crew"][1]["health"] = 50
    from gmtool.games.ftl.rules.battle.damage import hurt

    died = hurt(blue, bo, 60, "test")
    assert died[-1] == {
        "event": "crew_died",
        "ship": "Blue",
        "owner": "Blue",
        "crew": "Bo",
        "room": "engines",
    }
    assert bo["health"] == 0
