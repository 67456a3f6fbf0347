"""Hacking stun, the backup DNA bank, reconstructive teleport, the repair arm and advanced
FTL navigation."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError
from gmtool.games.ftl.game import SYSTEM
from gmtool.games.ftl.rules.battle.ftl_drive import escape
from gmtool.games.ftl.rules.match import jump_effects
from tests.games.ftl.battle.helpers import battle, hack, order, ship, tick
from tests.games.ftl.battle.test_hacking import _hacker_doc
from tests.games.ftl.battle.test_minds import _with
from tests.games.ftl.helpers import content
from tests.games.ftl.test_map import FACES, _game


@pytest.mark.parametrize(("augments", "stunned"), [(["hacking_stun"], 1), ([], 0)])
def test_hacking_stun_holds_the_hacked_room_for_as_long_as_the_hack(
    augments: list[str], stunned: int
) -> None:
    state = battle(red={**_hacker_doc(), "augments": augments})
    order(state, "power", ship="Red", system="hacking", bars=1)
    result = hack(state, "shields")
    di = state["battle"]["ships"]["Blue"]["crew"][3]  # at the shields
    assert di["stunned"] == stunned
    assert any(e["event"] == "stunned" for e in result["events"]) is bool(stunned)
    tick(state, seconds=4)
    assert di["stunned"] == stunned
    order(state, "power", ship="Red", system="hacking", bars=0)
    tick(state)  # the hack ends this second: Di is free from its start
    assert di["stunned"] == 0


def test_the_backup_dna_bank_keeps_the_dead_waiting_for_the_clone_bay() -> None:
    state = battle(blue={**_with("clone_bay", 1), "augments": ["backup_dna_bank"]})
    blue = state["battle"]["ships"]["Blue"]
    bo = blue["crew"][1]
    bo["health"] = 0
    tick(state, seconds=5)  # 5 s unpowered: without the bank lost after 3
    assert not bo.get("lost") and bo["cloning"] == 15
    order(state, "power", ship="Blue", system="medbay", bars=0)
    order(state, "power", ship="Blue", system="clone_bay", bars=1)
    tick(state, seconds=15)
    assert (bo["health"], bo["room"]) == (100, "hall")


def _teleporting(augments: list[str]) -> dict[str, Any]:
    red = ship(reactor=12, augments=augments)
    for room in red["rooms"]:
        if room["id"] == "doors":
            room["system"] = "crew_teleporter"
    red["systems"].pop("doors")
    red["systems"]["crew_teleporter"] = 3  # 2 ion on itself
    state = battle(red=red)
    order(state, "power", ship="Red", system="crew_teleporter", bars=1)
    ana = state["battle"]["ships"]["Red"]["crew"][0]
    ana["name"], ana["room"], ana["health"] = "Red Ana", "doors", 40
    return state


@pytest.mark.parametrize(("augments", "health"), [(["reconstructive_teleport"], 100), ([], 40)])
def test_reconstructive_teleport_heals_on_the_way_over_and_back(
    augments: list[str], health: int
) -> None:
    state = _teleporting(augments)
    b = state["battle"]
    order(state, "teleport", ship="Red", room="hall")
    ana = next(m for m in b["ships"]["Blue"]["crew"] if m["name"] == "Red Ana")
    assert ana["health"] == health
    ana["health"] = 30
    tick(state, seconds=10)  # the 2 ion clear; the teleporter kept its bar
    order(state, "retrieve", ship="Red")
    assert ana["health"] == (100 if augments else 30)


@pytest.mark.parametrize(("hull", "after", "mended"), [(20, 22, 2), (29, 30, 1), (30, 30, 0)])
def test_the_repair_arm_mends_the_hull_at_the_escape_jump(
    hull: int, after: int, mended: int
) -> None:
    state = battle(red=ship(augments=["repair_arm"]))
    b = state["battle"]
    tick(state, seconds=40)  # 40 x 1.5 s: the drive is ready
    b["ships"]["Red"]["hull"] = hull
    assert escape(b, b["ships"]["Red"]) == {"event": "escape", "ship": "Red"}
    done = jump_effects(b["ships"]["Red"], content())  # what every jump does
    assert (b["ships"]["Red"]["hull"], done.get("hull_repaired", 0)) == (after, mended)


def test_advanced_navigation_jumps_back_to_a_far_visited_beacon_for_3_fuel() -> None:
    state = _game()
    state = SYSTEM.apply(
        state, {"type": "map_new"}, DiceDoor.entered_faces(*FACES), content()
    ).state

    def jump(x: int, y: int) -> dict[str, Any]:
        action = {"type": "jump", "player": "Red", "to": [x, y]}
        return SYSTEM.apply(state, action, DiceDoor(), content()).result

    def blue_waits() -> None:  # the captains move in turn
        SYSTEM.apply(state, {"type": "wait", "player": "Blue"}, DiceDoor(), content())

    jump(3, 1)
    blue_waits()
    jump(4, 1)  # 6 fuel left; (2, 1) is visited and two beacons away
    blue_waits()
    with pytest.raises(RulesError, match=r"\(2, 1\) does not touch Red's beacon \(4, 1\)"):
        jump(2, 1)
    state["players"]["Red"]["ship"]["augments"].append("advanced_ftl_navigation")
    with pytest.raises(RulesError, match=r"\(1, 1\) does not touch"):
        jump(1, 1)  # never visited: still out of reach
    with pytest.raises(RulesError, match="it is Red's turn on the map: Blue waits"):
        SYSTEM.apply(state, {"type": "jump", "player": "Blue", "to": [5, 6]}, DiceDoor(), content())
    assert (jump(2, 1)["spent"], state["players"]["Red"]["fuel"]) == (3, 3)
