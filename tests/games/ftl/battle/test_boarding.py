"""The crew teleporter, boarders fighting and wrecking systems, the Zoltan's death burst."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from tests.games.ftl.battle.helpers import battle, order, ship, tick

STATIONS = ["pilot", "engines", "weapons", "shields"]


def _raiders(*boarders: str) -> dict:
    """Red with a level-1 teleporter in the hall and boarders of the given races there."""
    doc = ship()
    for room in doc["rooms"]:
        if room["id"] == "hall":
            room["system"] = "crew_teleporter"
    doc["systems"]["crew_teleporter"] = 1
    doc["crew"] = [
        {"race": "human", "name": n, "room": r} for n, r in zip("ABCD", STATIONS, strict=True)
    ]
    doc["crew"] += [
        {"race": race, "name": f"{race}{i}", "room": "hall"} for i, race in enumerate(boarders)
    ]
    state = battle(red=doc)
    if not state["battle"]["ships"]["Red"]["systems"]["crew_teleporter"]["power"]:  # a Zoltan's
        order(state, "power", ship="Red", system="crew_teleporter", bars=1)
    return state


def test_sending_moves_the_teleporter_room_and_ionises_it() -> None:
    state = _raiders("human")
    order(state, "teleport", ship="Red", room="oxygen")
    b = state["battle"]
    red, blue = b["ships"]["Red"], b["ships"]["Blue"]
    boarder = next(m for m in blue["crew"] if m["name"] == "human0")
    assert (boarder["room"], boarder["owner"]) == ("oxygen", "Red")
    teleporter = red["systems"]["crew_teleporter"]
    # Its own 4 ion lock it for 20 s but take no bar ("power is only removed by weapons and
    # environment damage"); it does nothing until the ion ends.
    assert (teleporter["ion"], teleporter["ion_timer"], teleporter["power"]) == (4, 20, 1)
    with pytest.raises(RulesError, match="crew teleporter is ionised .4 ion, 20 s left"):
        order(state, "retrieve", ship="Red")
    with pytest.raises(RulesError, match="ionised .4 ion, 20 s left.: its power cannot change"):
        order(state, "power", ship="Red", system="crew_teleporter", bars=0)


def test_boarders_alone_wreck_the_system_at_4_then_5_a_second() -> None:
    state = _raiders("human")
    order(state, "teleport", ship="Red", room="oxygen")
    oxygen = state["battle"]["ships"]["Blue"]["systems"]["oxygen"]
    tick(state, seconds=10)  # 5 + 4 + 5 + 4 ... = 45 after 10 s
    assert (oxygen["ss_damage"], oxygen["damage"]) == (45, 0)
    tick(state)  # 50: a bar
    assert (oxygen["ss_damage"], oxygen["damage"]) == (0, 1)


def test_both_crews_in_a_room_fight_and_nobody_mans_it() -> None:
    from gmtool.games.ftl.rules.battle.shields_evasion import evasion

    state = _raiders("human")
    b = state["battle"]
    blue = b["ships"]["Blue"]
    assert evasion(b, blue) == 20  # engines manned by Bo, pilot by Ana
    order(state, "teleport", ship="Red", room="engines")
    assert evasion(b, blue) == 15  # Bo is in combat: no engine bonus
    tick(state, seconds=2)
    bo = next(m for m in blue["crew"] if m["name"] == "Bo")
    raider = next(m for m in blue["crew"] if m["name"] == "human0")
    assert (bo["health"], raider["health"]) == (91, 91)  # 5 then 4, both ways


def test_a_mantis_hits_harder() -> None:
    state = _raiders("mantis")  # 4-5 plus 2-3: 6-8
    order(state, "teleport", ship="Red", room="engines")
    tick(state)
    bo = next(m for m in state["battle"]["ships"]["Blue"]["crew"] if m["name"] == "Bo")
    assert bo["health"] == 92  # an odd second: 8


def test_a_dying_zoltan_bursts_on_its_enemies() -> None:
    state = _raiders("zoltan")
    order(state, "teleport", ship="Red", room="engines")
    blue = state["battle"]["ships"]["Blue"]
    zoltan = next(m for m in blue["crew"] if m["name"] == "zoltan0")
    zoltan["health"] = 3
    tick(state)  # Bo hits it for 5: it dies and deals 15 to Bo (who took 5 from it first)
    bo = next(m for m in blue["crew"] if m["name"] == "Bo")
    assert zoltan["health"] == 0 and bo["health"] == 100 - 5 - 15


def test_retrieving_brings_them_home_and_cloaks_stop_it() -> None:
    state = _raiders("human")
    order(state, "teleport", ship="Red", room="oxygen")
    tick(state, seconds=19)
    with pytest.raises(RulesError, match="ionised .4 ion, 1 s left"):
        order(state, "retrieve", ship="Red")
    tick(state)  # the ion clears at 20 s; the bar it never took is still there
    assert state["battle"]["ships"]["Red"]["systems"]["crew_teleporter"]["power"] == 1
    order(state, "crew", ship="Red", name="human0", room="medbay")  # walks the enemy ship
    tick(state)
    red = state["battle"]["ships"]["Red"]
    order(state, "retrieve", ship="Red")
    home = next(m for m in red["crew"] if m["name"] == "human0")
    assert home["room"] == "hall"
    with pytest.raises(RulesError, match="none of Red's crew is aboard Blue"):
        order(state, "retrieve", ship="Red")


def test_nobody_ready_in_the_teleporter_room() -> None:
    state = _raiders()
    with pytest.raises(RulesError, match="nobody of Red stands ready in the teleporter room"):
        order(state, "teleport", ship="Red", room="oxygen")
