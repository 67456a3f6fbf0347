"""The Zoltan shield augment (and its bypass) and crystal vengeance."""

from __future__ import annotations

import pytest

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.document import battle_document
from gmtool.games.ftl.rules.battle.projectiles import arrive, dodge_shields_land
from gmtool.games.ftl.rules.battle.vengeance import avenge
from tests.games.ftl.battle.helpers import battle, order, ship, tick

NO_DODGE = 20  # Blue's 20% evasion dodges on 1-4


def _shot(weapon: str, layers: int = 5, red_augments: tuple[str, ...] = (), **faces: list[int]):
    state = battle(
        red=ship(weapons=[weapon], augments=list(red_augments)),
        blue=ship(augments=["zoltan_shield"]),
    )
    b = state["battle"]
    blue = b["ships"]["Blue"]
    blue["zoltan_shield"] = layers
    door = DiceDoor(entered_by={"evade": [NO_DODGE], **faces})
    events = dodge_shields_land(
        b, blue, b["ships"]["Red"]["weapons"][0], "hall", door, b["ships"]["Red"]
    )
    door.finish()
    return blue, events


@pytest.mark.parametrize(
    ("weapon", "layers_left"),
    [("heavy_laser", 3), ("ion_blast", 3), ("artemis", 3), ("basic_laser", 4), ("fire_bomb", 4)],
)
def test_a_shot_is_stopped_whole_and_takes_its_damage_off_the_layers(
    weapon: str, layers_left: int
) -> None:
    # heavy laser 2, ion blast 1 ion counting double, artemis 2, basic laser 1, and a fire
    # bomb of no damage still takes the least, 1 layer
    blue, events = _shot(weapon)
    assert blue["zoltan_shield"] == layers_left
    assert blue["hull"] == 30 and blue["shields"]["up"] == 1  # nothing passed
    assert events[-1]["event"] == "zoltan_shield"


def test_the_last_layer_stops_a_whole_shot_then_the_shields_take_over() -> None:
    blue, _ = _shot("heavy_laser", layers=1)
    assert (blue["zoltan_shield"], blue["hull"]) == (0, 30)
    blue, events = _shot("heavy_laser", layers=0)
    assert events[-1]["event"] == "blocked" and blue["shields"]["up"] == 0


def test_the_bypass_lets_a_bomb_through() -> None:
    blue, events = _shot("fire_bomb", red_augments=("zoltan_shield_bypass",), fire=[1, 2, 2, 2])
    assert blue["zoltan_shield"] == 5
    assert len(blue["rooms"]["hall"]["fires"]) == 1  # 100% fire: the coins place one
    _, events = _shot("basic_laser", red_augments=("zoltan_shield_bypass",))
    assert events[-1]["event"] == "zoltan_shield"  # a laser is not a bomb


def test_a_beam_hits_it_twice_and_stops_there_whole() -> None:
    state = battle(red=ship(weapons=["halberd_beam"]), blue=ship(augments=["zoltan_shield"]))
    b = state["battle"]
    b["second"] = 5
    part = {"from": "Red", "to": "Blue", "weapon": "halberd_beam", "slot": 0, "ion": 0, "beam": 7}
    b["in_flight"] = [
        {**part, "id": 7, "room": "hall", "corners": [0, 1], "arrives": 5},
        {**part, "id": 8, "room": "medbay", "corners": [1], "arrives": 6},
    ]
    events = arrive(b, DiceDoor(entered=[]))
    assert b["ships"]["Blue"]["zoltan_shield"] == 1  # 2 damage, twice
    assert b["in_flight"] == [] and [e["event"] for e in events] == ["zoltan_shield"]


def test_it_stops_hacking_mind_control_and_the_teleporter_but_the_bypass_lets_crew_by() -> None:
    red = ship(reactor=12)
    for room in red["rooms"]:
        room["system"] = {"hall": "hacking", "doors": "crew_teleporter"}.get(
            room["id"], room.get("system")
        )
    red["systems"].pop("doors")
    red["systems"].update({"hacking": 1, "crew_teleporter": 1})
    state = battle(red=red, blue=ship(augments=["zoltan_shield"]))
    order(state, "power", ship="Red", system="hacking", bars=1)
    order(state, "power", ship="Red", system="crew_teleporter", bars=1)
    order(state, "hack", ship="Red", system="shields")  # launched: stopped as it lands
    assert [s["weapon"] for s in state["battle"]["in_flight"]] == ["hacking_drone"]
    state["battle"]["ships"]["Red"]["crew"][0]["room"] = "doors"
    with pytest.raises(RulesError, match="stops crew teleported across it"):
        order(state, "teleport", ship="Red", room="hall")
    state["battle"]["ships"]["Red"]["augments"].append("zoltan_shield_bypass")
    order(state, "teleport", ship="Red", room="hall")
    assert battle_document(state["battle"])["ships"]["Blue"]["zoltan_shield"] == 5


def test_crystal_vengeance_sends_a_shard_on_10_or_less_that_passes_every_shield() -> None:
    state = battle(red=ship(weapons=["basic_laser"]), blue=ship(augments=["crystal_vengeance"]))
    b = state["battle"]
    red, blue = b["ships"]["Red"], b["ships"]["Blue"]
    blue["shields"]["up"] = 0
    door = DiceDoor(entered_by={"evade": [NO_DODGE], "vengeance": [10], "vengeance_room": [8]})
    dodge_shields_land(b, blue, red["weapons"][0], "hall", door, red)
    door.finish()
    assert blue["hull"] == 29
    (shard,) = b["in_flight"]
    assert (shard["to"], shard["room"], shard["arrives"]) == ("Red", "hall", 2)  # rooms: 8th
    b["second"] = 2
    door = DiceDoor(entered_by={"evade": [NO_DODGE], "breach": [2, 1, 2, 2]})
    arrive(b, door)  # Red's shield is up: the shard passes it; 100% breach, by the coins
    door.finish()
    assert (red["hull"], red["shields"]["up"]) == (29, 1)
    assert [x["corner"] for x in red["rooms"]["hall"]["breaches"]] == [1]


def test_crystal_vengeance_misses_on_11_and_never_answers_a_beam() -> None:
    state = battle(red=ship(weapons=["basic_laser"]), blue=ship(augments=["crystal_vengeance"]))
    b = state["battle"]
    red, blue = b["ships"]["Red"], b["ships"]["Blue"]
    door = DiceDoor(entered_by={"vengeance": [11]})
    events = avenge(b, blue, red, red["weapons"][0], door)
    assert [e["happens"] for e in events] == [False] and b["in_flight"] == []
    beam = {**red["weapons"][0], "kind": "beam"}
    assert avenge(b, blue, red, beam, DiceDoor(entered=[])) == []


def test_a_boarding_drone_is_destroyed_on_it() -> None:
    from tests.games.ftl.battle.test_drones import dship

    state = battle(red=dship(["boarding_drone"]), blue=ship(augments=["zoltan_shield"]))
    b = state["battle"]
    order(state, "drone", ship="Red", drone="1", on=True)
    b["in_flight"] = [
        {"id": 1, "from": "Red", "to": "Blue", "weapon": "boarding_drone",
         "kind": "boarding_drone", "drone": 0, "room": "hall", "arrives": 0}
    ]  # fmt: skip
    events = arrive(b, DiceDoor(entered=[]))
    assert [(e["event"], e["layers"]) for e in events] == [("zoltan_shield", 4)]
    assert b["ships"]["Red"]["drones"][0]["deployed"] is False
    assert not any(m.get("drone") is not None for m in b["ships"]["Blue"]["crew"])


def test_a_defence_drone_shoots_a_shard_down_as_a_missile() -> None:
    from tests.games.ftl.battle.test_drones import dship

    state = battle(dship(augments=["crystal_vengeance"]), dship(["defense_i"]))
    b = state["battle"]
    red, blue = b["ships"]["Red"], b["ships"]["Blue"]
    order(state, "drone", ship="Blue", drone="defense_i", on=True)
    tick(state, drone_delay=[1])  # out after 2 s
    door = DiceDoor(entered_by={"vengeance": [1], "vengeance_room": [8]})
    avenge(b, red, blue, blue["weapons"][0], door)  # a shard at Blue, due at 3 s
    result = tick(state)
    assert [e["event"] for e in result["events"]].count("shot_down") == 1
    assert result["in_flight"] == []
