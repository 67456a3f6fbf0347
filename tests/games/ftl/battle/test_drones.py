"""Drone control and the drones in battle, with entered dice against results worked out by
hand from the text. Blue's engines are off in most tests (no dodge roll) and its shields
off where a drone's shot should land."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.errors import GmtoolError, RulesError
from gmtool.games.ftl.rules.battle.damage import damage_system
from gmtool.games.ftl.rules.battle.ftl_drive import escape
from gmtool.games.ftl.rules.battle.power import add_ion
from gmtool.games.ftl.rules.match import jump_effects
from tests.games.ftl.battle.helpers import battle, order, ship, tick
from tests.games.ftl.helpers import content

ALL = ["combat_drone_i", "beam_drone_ii", "fire_drone", "defense_i", "defense_ii"]


def dship(drones: list[str] | None = None, **changes: Any) -> dict[str, Any]:
    """The test ship with a drone bay (level 6 drone control) beside the hall."""
    doc = ship(**changes)
    doc["rooms"] = [
        *doc["rooms"],
        {"id": "bay", "at": [6, 2], "size": "2x1", "system": "drone_control", "doors": ["hall"]},
    ]
    doc["systems"] = {**doc["systems"], "drone_control": 6}
    doc["drones"] = drones if drones is not None else ["combat_drone_i"]
    doc.setdefault("drone_parts", 3)
    doc["reactor"] = 14
    return doc


def _open_target(state: dict[str, Any], shields: bool = False) -> None:
    order(state, "power", ship="Blue", system="engines", bars=0)
    if not shields:
        order(state, "power", ship="Blue", system="shields", bars=0)


def _ships(state: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    b = state["battle"]
    return b["ships"]["Red"], b["ships"]["Blue"]


def test_a_launch_spends_a_part_and_drone_control_bars() -> None:
    state = battle(dship(), dship())
    red, _ = _ships(state)
    result = order(state, "drone", ship="Red", drone="combat_drone_i", on=True)
    assert result["order"]["launched"] is True
    assert (red["drone_parts"], red["systems"]["drone_control"]["power"]) == (2, 2)
    order(state, "drone", ship="Red", drone="1", on=False)
    assert (red["drone_parts"], red["systems"]["drone_control"]["power"]) == (2, 0)
    again = order(state, "drone", ship="Red", drone="1", on=True)  # still out: no part
    assert again["order"]["launched"] is False
    assert red["drone_parts"] == 2


def _refused(state: dict[str, Any], match: str, **fields: Any) -> None:
    before = repr(state)
    with pytest.raises(GmtoolError, match=match):
        order(state, "drone", **{"ship": "Red", "drone": "combat_drone_i", "on": True, **fields})
    assert repr(state) == before  # nothing changed


def test_bad_drone_orders_are_refused_and_change_nothing() -> None:
    _refused(battle(dship(drone_parts=0), dship()), "no drone parts left")
    _refused(battle(dship(), dship()), "unknown drone|not a drone|laser_drone", drone="laser_drone")
    _refused(battle(ship(drones=["combat_drone_i"]), dship()), "has no drone control")
    _refused(battle(dship(), dship()), "already off", on=False)
    state = battle(dship(), dship())
    red, _ = _ships(state)
    add_ion(state["battle"], red, "drone_control", 1)
    _refused(state, "drone control is ionised")
    state = battle(dship(), dship())
    red, _ = _ships(state)
    damage_system(state["battle"], red, "drone_control", 5, "test")  # 1 bar left of 6
    _refused(state, "needs 2 drone control bars; Red has 1 free")
    state = battle(dship(reactor=7), dship())
    with pytest.raises(RulesError, match="powered drone by drone"):
        order(state, "power", ship="Red", system="drone_control", bars=2)


def test_only_one_boarding_drone_at_a_time() -> None:
    state = battle(dship(["boarding_drone", "boarding_drone"]), dship())
    order(state, "drone", ship="Red", drone="1", on=True)
    _refused(state, "boarding drone out already", drone="2")


def test_a_combat_drone_waits_moves_and_fires() -> None:
    state = battle(dship(), dship())
    _open_target(state)
    _, blue = _ships(state)
    order(state, "drone", ship="Red", drone="combat_drone_i", on=True)
    assert tick(state, drone_delay=[1])["story"] == []  # 1-2: moves after 2 s
    moved = tick(state, drone_move=[1, 2])  # "$" -> 3: 2 spaces, 2*2/2 = 2 s
    assert moved["story"] == ["[2s] Red combat_drone_i flies $->3 (2s)"]
    assert moved["rolls"][0]["faces"] == [1, 2]
    assert "move" in moved["rolls"][0]["for"]
    tick(state)
    fired = tick(state, drone_room=[8], drone_delay=[6])  # room 8 is the hall; then 6 s
    assert blue["hull"] == 29
    drone = fired["ships"]["Red"]["drones"][0]
    assert (drone["space"], drone["doing"], drone["seconds"]) == ("3", "wait", 6)
    assert [r["roll"] for r in fired["rolls"]] == ["drone_room", "drone_delay"]


def test_a_combat_drones_shot_is_a_lasers_dodged_and_stopped_by_a_shield() -> None:
    state = battle(dship(), dship())
    _, blue = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    tick(state, drone_delay=[2])
    tick(state, drone_move=[6, 5])  # "$" -> 11: 1 space, 1 s
    result = tick(state, drone_room=[8], drone_delay=[3], evade=[4])  # 20%: 1-4 dodge
    assert [e["dodged"] for e in result["events"] if e["event"] == "evade"] == [True]
    tick(state, seconds=3)
    tick(state, drone_move=[1, 1])  # 11 -> 2: 2 spaces the short way, 2 s
    tick(state)
    result = tick(state, drone_room=[8], drone_delay=[5], evade=[5])
    assert any(e["event"] == "blocked" for e in result["events"])
    assert blue["hull"] == 30 and blue["shields"]["up"] == 0


def test_a_beam_drone_rolls_its_way_and_crosses_rooms() -> None:
    state = battle(dship(["beam_drone_ii"]), dship())
    _open_target(state)
    _, blue = _ships(state)
    order(state, "drone", ship="Red", drone="beam_drone_ii", on=True)
    tick(state, drone_delay=[1])
    tick(state, drone_move=[1, 1])  # "$" -> 2: 1 s
    # the hall (room 8), first corner, 5 = roll again, 2 = right: 2 corners of the hall
    result = tick(state, drone_room=[8], drone_toward=[5, 2], drone_delay=[1])
    fire = next(e for e in result["events"] if e["event"] == "drone_fire")
    assert (fire["toward"], fire["rooms"]) == ("right", ["hall"])
    assert blue["hull"] == 29


def test_a_beam_drone_is_stopped_by_a_shield() -> None:
    state = battle(dship(["beam_drone_ii"]), dship())
    _open_target(state, shields=True)  # 1 shield: the 1-damage beam does nothing
    _, blue = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    tick(state, drone_delay=[1])
    tick(state, drone_move=[1, 1])
    result = tick(state, drone_room=[8], drone_toward=[4], drone_delay=[1])
    assert any(e["event"] == "beam_blocked" for e in result["events"])
    assert blue["hull"] == 30


def test_a_fire_drone_burns_the_corners_its_beam_crosses() -> None:
    state = battle(dship(["fire_drone"]), dship())
    _open_target(state)
    _, blue = _ships(state)
    order(state, "drone", ship="Red", drone="fire_drone", on=True)
    tick(state, drone_delay=[1])
    tick(state, drone_move=[1, 1])
    # room 3 is weapons (Cy in its first corner); right: both its corners; 80% fire each
    tick(state, drone_room=[3], drone_toward=[2], drone_delay=[1], fire_chance=[80, 81])
    cy = next(m for m in blue["crew"] if m["name"] == "Cy")
    assert cy["health"] == 100 - 15 - 2  # the beam, then the new fire burns for a second
    assert [f["corner"] for f in blue["rooms"]["weapons"]["fires"]] == [0]
    assert blue["hull"] == 30


def _red_missile_at_blue(state: dict[str, Any], weapon: str = "artemis") -> None:
    red, _ = _ships(state)
    order(state, "weapon", ship="Red", weapon=weapon, on=True)
    order(state, "aim", ship="Red", weapon=weapon, room="hall")
    next(w for w in red["weapons"] if w["id"] == weapon)["charges"] = 1


def test_defense_i_shoots_down_a_missile_every_2_seconds() -> None:
    state = battle(dship(), dship(["defense_i"]))
    _open_target(state)
    _, blue = _ships(state)
    order(state, "drone", ship="Blue", drone="defense_i", on=True)
    _red_missile_at_blue(state)  # fired at 1 s, lands at 3 s
    tick(state, drone_delay=[1])  # out after 2 s
    result = tick(state)
    assert [e["event"] for e in result["events"]].count("shot_down") == 1
    assert result["in_flight"] == []
    tick(state)
    assert blue["hull"] == 30
    assert blue["drones"][0]["reload"] == 1


def test_defense_i_lets_a_laser_pass_and_defense_ii_shoots_it() -> None:
    for drone, down in (("defense_i", 0), ("defense_ii", 1)):
        state = battle(dship(), dship([drone]))
        _open_target(state)
        order(state, "drone", ship="Blue", drone=drone, on=True)
        tick(state, drone_delay=[2], seconds=2)
        _red_missile_at_blue(state, "basic_laser")
        result = tick(state)  # fired and shot at in the same second, before it lands
        assert [e["event"] for e in result["events"]].count("shot_down") == down


def test_the_defense_scrambler_stops_enemy_defence_drones() -> None:
    state = battle(dship(augments=["defense_scrambler"]), dship(["defense_i"]))
    _open_target(state)
    _, blue = _ships(state)
    order(state, "drone", ship="Blue", drone="defense_i", on=True)
    _red_missile_at_blue(state)
    # scrambled: no wait rolled, nothing shot down; artemis lands (10% fire, 10% breach)
    tick(state, seconds=3, fire_chance=[50], breach_chance=[50])
    assert blue["hull"] == 28


def test_the_anti_combat_drone_ionises_an_attacking_drone() -> None:
    state = battle(dship(), dship(["anti_combat_drone"]))
    red, _ = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    order(state, "drone", ship="Blue", drone="1", on=True)
    tick(state, drone_delay=[1, 1])  # Red's combat drone, then Blue's anti-combat drone
    result = tick(state, drone_move=[1, 2])
    ion = next(e for e in result["events"] if e["event"] == "drone_ionised")
    assert (ion["drone"], ion["seconds"]) == ("combat_drone_i", 5)
    tick(state, seconds=4)  # 5 s of nothing: no die rolled for it
    assert red["drones"][0]["ion_timer"] == 1


def test_the_anti_combat_drone_picks_among_several() -> None:
    state = battle(dship(["combat_drone_i", "beam_drone_i"]), dship(["anti_combat_drone"]))
    red, _ = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    order(state, "drone", ship="Red", drone="2", on=True)
    order(state, "drone", ship="Blue", drone="1", on=True)
    tick(state, drone_delay=[5, 5, 1])
    tick(state, drone_pick=[2])
    assert [d["ion_timer"] for d in red["drones"]] == [0, 5]


def test_the_hull_repair_drone_mends_3_to_5_then_is_spent() -> None:
    state = battle(dship(["hull_repair_drone"]), dship())
    red, _ = _ships(state)
    red["hull"] = 20
    order(state, "drone", ship="Red", drone="1", on=True)
    tick(state, drone_delay=[1])
    result = tick(state, drone_repair=[3])
    assert red["hull"] == 24
    assert not red["drones"][0]["deployed"]
    assert (red["systems"]["drone_control"]["power"], red["drone_parts"]) == (0, 2)
    assert "repairs 4 hull" in result["story"][0]
    red["hull"] = 29
    order(state, "drone", ship="Red", drone="1", on=True)
    tick(state, drone_delay=[2])
    tick(state, drone_repair=[6])
    assert red["hull"] == 30  # never above the hull's top


def test_a_hull_repair_drone_turned_off_is_lost() -> None:
    state = battle(dship(["hull_repair_drone"]), dship())
    red, _ = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    result = order(state, "drone", ship="Red", drone="1", on=False)
    assert result["order"]["destroyed"] is True
    assert not red["drones"][0]["deployed"] and red["drone_parts"] == 2


def test_damage_to_drone_control_unpowers_the_last_drones_first() -> None:
    state = battle(dship(["combat_drone_i", "beam_drone_ii"]), dship())
    red, _ = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    order(state, "drone", ship="Red", drone="2", on=True)
    events = damage_system(state["battle"], red, "drone_control", 2, "hit")
    assert [e["drone"] for e in events if e["event"] == "drone_unpowered"] == ["beam_drone_ii"]
    assert red["systems"]["drone_control"]["power"] == 2
    assert red["drones"][1]["deployed"]  # unpowered, still out


def test_hacked_drone_control_ionises_every_enemy_drone() -> None:
    hacker = dship([])
    for room in hacker["rooms"]:
        if room["id"] == "hall":
            room["system"] = "hacking"
    hacker["systems"]["hacking"] = 1
    state = battle(hacker, dship())
    _, blue = _ships(state)
    order(state, "drone", ship="Blue", drone="1", on=True)
    order(state, "power", ship="Red", system="hacking", bars=1)
    order(state, "hack", ship="Red", system="drone_control")
    result = tick(state, seconds=2, drone_delay=[6])  # it waits out the hacking drone's flight
    assert [e["event"] for e in result["events"]].count("drone_ionised") == 1
    tick(state, seconds=6)  # ionised all along: no die rolled for Blue's drone
    assert blue["drones"][0]["ion_timer"] == 5


def test_the_recovery_arm_brings_drones_back_as_parts_at_a_jump() -> None:
    state = battle(dship(["combat_drone_i", "defense_i"], augments=["drone_recovery_arm"]), dship())
    red, _ = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    order(state, "drone", ship="Red", drone="2", on=True)
    order(state, "drone", ship="Red", drone="2", on=False)  # off, still out
    red["ftl"] = 10**6
    escape(state["battle"], red)
    assert jump_effects(red, content())["drones_recovered"] == 2  # at the jump itself
    assert red["drone_parts"] == 3
    assert not any(d["deployed"] or d["powered"] for d in red["drones"])
    assert red["systems"]["drone_control"]["power"] == 0


def test_the_anti_personnel_drone_hunts_boarders() -> None:
    state = battle(dship(["anti_personnel_drone"]), dship())
    red, blue = _ships(state)
    boarder = blue["crew"].pop(0)
    boarder.update(room="hall")
    red["crew"].append(boarder)
    order(state, "drone", ship="Red", drone="1", on=True)
    result = tick(state)
    assert any(e["event"] == "drone_out" and e["room"] == "bay" for e in result["events"])
    tick(state, seconds=2)  # half a room a second: in the hall at 3 s, and fights
    body = next(m for m in red["crew"] if m.get("drone") == 0)
    assert body["room"] == "hall"
    assert boarder["health"] == 100 - 7  # 6-7: the high end on odd seconds
    assert body["health"] == 150 - 5


def test_the_drone_booster_speeds_internal_drones() -> None:
    state = battle(dship(["system_repair_drone"], augments=["drone_booster"]), dship())
    red, _ = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    tick(state)
    body = next(m for m in red["crew"] if m.get("drone") == 0)
    assert body["speed"] == 0.75


def test_the_repair_drone_walks_to_damage_and_repairs() -> None:
    state = battle(dship(["system_repair_drone"]), dship())
    red, _ = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    tick(state)
    red["rooms"]["hall"]["fires"].append({"corner": 0, "health": 25})
    tick(state, seconds=3)  # walks 2 s into the hall, then puts 3 a second into the fire
    assert red["rooms"]["hall"]["fires"][0]["health"] < 25


def test_a_boarding_drone_flies_boards_and_wrecks() -> None:
    state = battle(dship(["boarding_drone"]), dship())
    _, blue = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    result = tick(state, drone_room=[8])  # the hall, 2 s away
    assert result["in_flight"][0]["arrives"] == 3
    tick(state, seconds=2)
    body = next(m for m in blue["crew"] if m.get("drone") == 0)
    assert body["room"] == "hall" and body["owner"] == "Red"
    tick(state, seconds=2)  # no crew in the hall: off to the medbay, the nearest system
    assert body["room"] == "medbay"
    assert blue["systems"]["medbay"]["ss_damage"] == 7


def test_defense_i_shoots_down_a_boarding_drone() -> None:
    state = battle(dship(["boarding_drone"]), dship(["defense_i"]))
    red, _ = _ships(state)
    order(state, "drone", ship="Blue", drone="1", on=True)
    order(state, "drone", ship="Red", drone="1", on=True)
    tick(state, drone_delay=[1], drone_room=[8])
    result = tick(state)
    assert any(e["event"] == "shot_down" for e in result["events"])
    assert not red["drones"][0]["deployed"]


def test_a_killed_drone_is_destroyed() -> None:
    state = battle(dship(["anti_personnel_drone"]), dship())
    red, _ = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    tick(state)
    body = next(m for m in red["crew"] if m.get("drone") == 0)
    body["health"] = 0
    result = tick(state)
    assert any(e["event"] == "drone_destroyed" for e in result["events"])
    assert not any(m.get("drone") is not None for m in red["crew"])
    assert not red["drones"][0]["deployed"]


def test_drones_take_no_crew_orders_and_are_not_stunned() -> None:
    state = battle(dship(["anti_personnel_drone"]), dship())
    red, _ = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    tick(state)
    body = next(m for m in red["crew"] if m.get("drone") == 0)
    with pytest.raises(GmtoolError, match="crew member of Red"):
        order(state, "crew", ship="Red", name=body["name"], room="hall")


def test_a_zoltan_in_drone_control_pays_a_bar_of_a_drone() -> None:
    doc = dship(["combat_drone_i"], reactor=7)  # 6 bars in use at the start: 1 free
    doc["crew"][0].update(race="zoltan", room="bay")
    state = battle(doc, dship())
    red, _ = _ships(state)
    tick(state)  # the Zoltan's bar is placed
    assert red["systems"]["drone_control"]["power"] == 0  # no drone on: nothing powered
    order(state, "drone", ship="Red", drone="1", on=True)  # 1 Zoltan bar + 1 reactor bar
    assert red["systems"]["drone_control"]["power"] == 2


def test_an_asteroid_destroys_the_drones_on_the_space_it_crosses() -> None:
    state = battle(dship(["combat_drone_i", "beam_drone_i"]), dship(asteroid_field=True))
    red, _ = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    order(state, "drone", ship="Red", drone="2", on=True)
    for drone, space in zip(red["drones"], ("3", "7"), strict=True):
        drone.update(phase="wait", timer=5, at=space)
    state["battle"]["second"] = 9  # the 10th second brings an asteroid to Blue
    result = tick(state, asteroid_space=[2, 1], asteroid=[8], evade=[20])
    gone = [e for e in result["events"] if e["event"] == "drone_destroyed"]
    assert [(e["drone"], e["space"]) for e in gone] == [("combat_drone_i", "3")]
    assert [d["deployed"] for d in red["drones"]] == [False, True]


def test_odds_of_a_combat_drone_and_a_beam_drone() -> None:
    from gmtool.games.ftl.rules.battle.drone_odds import odds_of

    state = battle(dship(["combat_drone_i", "beam_drone_ii", "defense_i"]), dship())
    b = state["battle"]
    red, blue = _ships(state)
    # 20% evasion, 1 shield up: a combat drone's shot never lands, a beam never hurts
    assert odds_of(b, red, "combat_drone_i", None)["hit_each"]["fraction"] == "0/1"
    blue["shields"]["up"] = 0
    combat = odds_of(b, red, "combat_drone_i", None)
    assert combat["hit_each"]["fraction"] == "4/5"  # the d20 dodges on 4 of 20
    assert combat["expected_hull_damage"]["fraction"] == "4/5"
    # the 1-inch (2-corner) beam from the hall's first corner (6,0): up leaves the ship
    # after 1 corner, right and down stay in the hall (1 hull each), left crosses (5,0) of
    # the oxygen room too (2 rooms, 2 hull): (1 + 1 + 1 + 2) / 4
    beam = odds_of(b, red, "beam_drone_ii", "hall")
    assert beam["expected_hull_damage"]["fraction"] == "5/4"
    with pytest.raises(RulesError, match="does not fire at the enemy"):
        odds_of(b, red, "defense_i", None)
    with pytest.raises(GmtoolError, match="which enemy room"):
        odds_of(b, red, "basic_laser", None)


def test_a_weapon_aimed_at_a_drone_shoots_it_down_or_ionises_it() -> None:
    state = battle(dship(["combat_drone_i", "combat_drone_ii"]), dship())
    red, blue = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    order(state, "drone", ship="Red", drone="2", on=True)
    order(state, "weapon", ship="Blue", weapon="basic_laser", on=True)
    order(state, "weapon", ship="Blue", weapon="ion_blast", on=True)
    order(state, "aim", ship="Blue", weapon="basic_laser", room="drone:1")
    order(state, "aim", ship="Blue", weapon="ion_blast", room="drone:combat_drone_ii")
    for weapon in blue["weapons"]:
        weapon["charges"] = 1
    tick(state, drone_delay=[5, 5])  # both fire at 1 s: the laser lands at 2 s, the ion at 3
    result = tick(state)
    assert result["story"] == ["[2s] basic_laser hits Red's combat_drone_i and destroys it"]
    assert not red["drones"][0]["deployed"] and red["drone_parts"] == 1
    tick(state)
    assert red["drones"][1]["ion_timer"] == 5 and red["drones"][1]["deployed"]


def test_what_cannot_be_aimed_at_a_drone() -> None:
    state = battle(dship(weapons=["bardiche", "flak_i", "basic_laser"]), dship(["defense_i"]))
    for weapon in ("bardiche", "basic_laser"):
        order(state, "weapon", ship="Red", weapon=weapon, on=True)
    with pytest.raises(RulesError, match="strikes rooms"):
        order(state, "aim", ship="Red", weapon="bardiche", room="drone:1")
    with pytest.raises(RulesError, match="not flying outside its ship"):
        order(state, "aim", ship="Red", weapon="basic_laser", room="drone:1")
    with pytest.raises(GmtoolError, match="unknown drone of Blue"):
        order(state, "aim", ship="Red", weapon="basic_laser", room="drone:9")


def test_a_boarding_drone_switched_off_and_on_in_flight_is_not_fired_twice() -> None:
    state = battle(dship(["boarding_drone"]), dship())
    _, blue = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    tick(state, drone_room=[8])
    order(state, "drone", ship="Red", drone="1", on=False)
    order(state, "drone", ship="Red", drone="1", on=True)
    result = tick(state, seconds=2)  # no second room rolled: the first lands at 3 s
    assert len([m for m in blue["crew"] if m.get("drone") == 0]) == 1
    assert result["in_flight"] == []


def test_the_shield_overcharger_adds_a_zoltan_layer_every_8_seconds() -> None:
    state = battle(dship(["shield_overcharger"]), dship())
    red, _ = _ships(state)
    order(state, "drone", ship="Red", drone="1", on=True)
    tick(state, drone_delay=[1])  # out after 2 s: the first layer then
    result = tick(state)
    assert red["zoltan_shield"] == 1
    assert result["story"] == ["[2s] Red shield_overcharger: Zoltan shield up to 1"]
    tick(state, seconds=7)
    assert red["zoltan_shield"] == 1
    tick(state)  # 10 s: 8 s after the first
    assert red["zoltan_shield"] == 2
    red["zoltan_shield"] = 5
    tick(state, seconds=8)
    assert red["zoltan_shield"] == 5  # no more than the Zoltan shield's 5
    red["zoltan_shield"] = 4  # a layer lost at 18 s: the clock is not hurried
    tick(state, seconds=7)
    assert red["zoltan_shield"] == 4
    tick(state)
    assert red["zoltan_shield"] == 5
