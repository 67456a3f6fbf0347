"""The whole FTL match across the map: turns, what every jump does to a ship (worked out
by hand from the text), battles that begin where the ships meet, and a match of two
battles with an escape and a pursuit between them, played from the command line."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from gmtool.dice import DiceDoor, Rng
from gmtool.errors import RulesError
from gmtool.games.ftl.game import SYSTEM
from gmtool.games.ftl.rules.match import jump_effects
from tests.games.ftl.battle.helpers import battle, order, ship, tick
from tests.games.ftl.helpers import content

# A full 6x6 map (no removals): heads, asteroid fields at (1,1) and (6,6); heads, one ion
# storm at (3,2); Red starts at (2,1), Blue at (2,3).
SMALL_MAP = "heads,1,1,6,6,heads,3,2,2,1,2,3"
CAMPAIGN = (
    "system: ftl\noptions:\n  seed: 5\n  ships: {Red: ftl-red.yaml, Blue: ftl-blue.yaml}\n"
    "content:\n  map: {removals: 0}\n  battle: {hull: 8}\n"
)  # a short second battle: 8 hull


def _faces() -> list[int]:
    return [1 if f == "heads" else 2 if f == "tails" else int(f) for f in SMALL_MAP.split(",")]


def _match() -> dict[str, Any]:
    """A state on the small map (the rules' own entry: no store)."""
    overrides = {"map": {"removals": 0}, "battle": {"hull": 8}}
    ftl = SYSTEM.load_content(overrides)
    state = SYSTEM.new_state(
        ftl, {"ships": {"Red": "ftl-red.yaml", "Blue": "ftl-blue.yaml"}}, DiceDoor(Rng(1))
    )
    return SYSTEM.apply(state, {"type": "map_new"}, DiceDoor.entered_faces(*_faces()), ftl).state


def _play(state: dict[str, Any], **action: Any) -> Any:
    return SYSTEM.apply(
        state,
        action,
        DiceDoor(Rng(7)),
        SYSTEM.load_content({"map": {"removals": 0}, "battle": {"hull": 8}}),
    )


def _escape(state: dict[str, Any]) -> Any:
    """Red's jump as its phone offers it in the battle (the escape)."""
    ftl = SYSTEM.load_content({"map": {"removals": 0}, "battle": {"hull": 8}})
    (jump,) = [m for m in SYSTEM.options(state, "Red", content=ftl) if m.name == "jump"]
    return jump


# -- the jump's effects, each from the text ----------------------------------------------
@pytest.mark.parametrize(("hull", "after"), [(20, 22), (29, 30), (30, 30)])
def test_the_repair_arm_mends_2_hull_at_every_jump(hull: int, after: int) -> None:
    red = battle(red=ship(augments=["repair_arm"]))["battle"]["ships"]["Red"]
    red["hull"] = hull
    done = jump_effects(red, content())
    assert red["hull"] == after and done.get("hull_repaired", 0) == after - hull


def test_the_zoltan_shield_is_whole_again_after_a_jump() -> None:
    red = battle(red=ship(augments=["zoltan_shield"]))["battle"]["ships"]["Red"]
    assert red["zoltan_shield"] == 5
    red["zoltan_shield"] = 2  # three layers taken in the battle
    assert jump_effects(red, content())["zoltan_shield"] == 5 and red["zoltan_shield"] == 5


@pytest.mark.parametrize(
    ("level", "damage", "gains"),
    [(1, 0, [8, 8]), (2, 0, [10, 16]), (3, 0, [10, 25]), (3, 1, [10, 16]), (1, 1, [0, 0])],
)
def test_the_clone_bay_heals_crew_by_its_level_at_a_jump(
    level: int, damage: int, gains: list[int]
) -> None:
    # Four humans of 100 health: one at 90, one at 50, one dead (not healed), one whole.
    doc = ship()
    for room in doc["rooms"]:
        if room.get("system") == "medbay":
            room["system"] = "clone_bay"
    doc["systems"] = {**{k: v for k, v in doc["systems"].items() if k != "medbay"}}
    doc["systems"]["clone_bay"] = level
    red = battle(red=doc)["battle"]["ships"]["Red"]
    red["systems"]["clone_bay"]["damage"] = damage
    crew = red["crew"]
    crew[0]["health"], crew[1]["health"], crew[2]["health"] = 90, 50, 0
    jump_effects(red, content())
    assert [crew[0]["health"] - 90, crew[1]["health"] - 50] == gains
    assert (crew[2]["health"], crew[3]["health"]) == (0, 100)


def test_drones_out_at_a_jump_are_lost_without_the_recovery_arm() -> None:
    doc = ship(drones=["combat_drone_i"], drone_parts=3)
    doc["systems"]["drone_control"] = 2
    doc["rooms"][-1]["system"] = "drone_control"
    state = battle(red=doc)
    order(state, "power", ship="Red", system="medbay", bars=0)
    order(state, "drone", ship="Red", drone="1", on=True)  # a part spent: 2 left
    red = state["battle"]["ships"]["Red"]
    assert red["drone_parts"] == 2
    assert jump_effects(red, content())["drones_lost"] == 1
    assert red["drone_parts"] == 2 and not red["drones"][0]["deployed"]


def test_a_jump_loses_the_weapons_charge_but_the_pre_igniters() -> None:
    doc = ship(weapons=["basic_laser", "heavy_laser"], augments=["weapon_pre_igniter"])
    state = battle(red=doc, blue=ship())
    red = state["battle"]["ships"]["Red"]
    order(state, "weapon", ship="Red", weapon="basic_laser", on=True)
    tick(state, seconds=3)
    red["weapons"][1]["charge"] = 4  # unpowered, with some charge
    done = jump_effects(red, content())
    assert done["pre_ignited"] == ["basic_laser"]
    assert (red["weapons"][0]["charges"], red["weapons"][0]["charge"]) == (1, 0)
    assert (red["weapons"][1]["charges"], red["weapons"][1]["charge"]) == (0, 0)
    plain = battle()["battle"]["ships"]["Red"]
    plain["weapons"][0]["charge"] = 5
    assert "pre_ignited" not in jump_effects(plain, content())
    assert plain["weapons"][0]["charge"] == 0 and plain["ftl"] == 0


# -- turns and battles on the map --------------------------------------------------------
def test_the_captains_move_in_turn_and_two_waits_end_the_match() -> None:
    state = _match()
    assert SYSTEM.to_move(state) == ["Red"]
    with pytest.raises(RulesError, match="it is Red's turn on the map: Blue waits"):
        _play(state, type="jump", player="Blue", to=[2, 2])
    with pytest.raises(RulesError, match="no battle is under way .*Red at \\(2, 1\\)"):
        _play(state, type="tick")
    state = _play(state, type="wait", player="Red").state
    assert SYSTEM.to_move(state) == ["Blue"]
    outcome = _play(copy.deepcopy(state), type="wait", player="Blue")
    assert outcome.result["over"] == "both captains wait: no winner"
    assert SYSTEM.options(outcome.state, "Red") == []
    state = _play(state, type="jump", player="Blue", to=[2, 4]).state  # a jump: waits start again
    assert _play(state, type="wait", player="Red").result.get("over") is None


def test_a_battle_begins_where_the_ships_meet_and_the_storm_halves_the_reactor() -> None:
    state = _match()
    state = _play(state, type="jump", player="Red", to=[2, 2]).state
    outcome = _play(state, type="jump", player="Blue", to=[2, 2])
    assert outcome.result["battle"] == 1 and outcome.outcome.endswith("battle 1 begins with Red")
    state = outcome.state
    red = state["battle"]["ships"]["Red"]
    assert red["reactor"] == 12 and SYSTEM.to_move(state) == ["Red", "Blue"]
    with pytest.raises(RulesError, match="cannot jump yet"):
        _play(state, type="jump", player="Red", to=[3, 2])
    assert _escape(state).reason == "no beacon within reach"  # offered, greyed: not charged
    red["hull"], red["ftl"] = 5, 6000  # hit in the battle; the drive charged
    red["crew"][0]["health"] = 40
    assert [3, 2] in (_escape(state).choices[0].values or ()) and not _escape(state).reason
    state = _play(state, type="jump", player="Red", to=[3, 2]).state  # into the ion storm
    assert state["battle"]["over"] == "Red escaped" and SYSTEM.to_move(state) == ["Blue"]
    state = _play(state, type="jump", player="Blue", to=[3, 2]).state  # the pursuit
    second = state["battle"]
    assert (second["number"], second["second"], second["over"]) == (2, 0, None)
    red = second["ships"]["Red"]
    assert red["hull"] == 5 and red["crew"][0]["health"] == 40  # kept from battle to battle
    assert red["reactor"] == 6 and second["ships"]["Blue"]["reactor"] == 11 // 2
    assert red["ftl"] == 0 and state["players"]["Red"]["fuel"] == 6
    assert SYSTEM.status(state, now=0)["match"]["battles"] == 2


# -- the whole match from the command line -----------------------------------------------
def test_a_whole_match_from_the_command_line(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "match.yaml"
    path.write_text(CAMPAIGN)
    assert gmtool("campaign", "new", "match", "--from", str(path)).code == 0
    assert gmtool("ftl", "map", "new", "--dice", SMALL_MAP).code == 0
    before = len(json.loads(gmtool("log", "--json").out))
    for args, words in [
        (("jump", "Blue", "2", "2"), "it is Red's turn on the map: Blue waits"),
        (("tick",), "no battle is under way"),
        (("wait", "Blue"), "it is Red's turn on the map"),
    ]:
        refused = gmtool("ftl", *args)
        assert refused.code == 4 and words in refused.err and refused.err.count("\n") == 1
    assert len(json.loads(gmtool("log", "--json").out)) == before  # nothing logged
    assert gmtool("ftl", "jump", "Red", "2", "2").code == 0
    met = gmtool("ftl", "jump", "Blue", "2", "2")
    assert met.code == 0 and "Battle 1 begins at (2, 2)" in met.out
    assert gmtool("ftl", "tick", "--seconds", "35").code == 0  # Red's drive: 1.75 s a second
    away = json.loads(gmtool("ftl", "jump", "Red", "3", "2", "--json").out)
    assert away["escaped"] is True and away["hazard"] == "ion storm"
    refused = gmtool("ftl", "tick")
    assert refused.code == 4 and "it is Blue's turn" in refused.err
    assert "Blue's turn on the map: jump or wait (1 battle so far)" in gmtool("status").out
    chase = gmtool("ftl", "jump", "Blue", "3", "2")
    assert chase.code == 0 and "Battle 2 begins at (3, 2)" in chase.out
    for order_args in [
        ("power", "Red", "shields", "2"),
        ("weapon", "Red", "burst_laser_ii", "on"),
        ("weapon", "Red", "heavy_laser", "on"),
        ("aim", "Red", "burst_laser_ii", "shield_room"),
        ("aim", "Red", "heavy_laser", "shield_room"),
        ("autofire", "Red", "on"),
    ]:
        assert gmtool("ftl", *order_args).code == 0, order_args
    end = json.loads(gmtool("ftl", "tick", "--seconds", "600", "--json").out)
    assert end["over"] and end["over"].endswith("destroyed")
    status = json.loads(gmtool("status", "--json").out)
    assert status["match"]["over"] == end["over"] and status["turn"] is None
    refused = gmtool("ftl", "jump", "Red", "3", "3")
    assert refused.code == 4 and "the match is over" in refused.err
    story = gmtool("log").out
    assert "battle 1 begins with Red" in story and "escaping the battle" in story
    assert "battle 2 begins with Red" in story
    recap = gmtool("recap").out
    headings = [line for line in recap.splitlines() if line.startswith("## ")]
    assert headings[:4] == [
        "## The sector map",
        "## Battle 1",
        "## The map after battle 1",
        "## Battle 2",
    ]
    assert "Red jumps away, jump (2, 2) to (3, 2)" in recap


def small_map_game(name: str = "match") -> Any:
    """A campaign of the bundled ships on the small map's content (no map laid out yet)."""
    import yaml

    from gmtool.cli.campaign import create_campaign
    from gmtool.engine.game import Game

    data = yaml.safe_load(CAMPAIGN)
    create_campaign(name, "ftl", data, dict(data["options"]), seed=None).close()
    return Game.open(name)


BATTLE_TWO_ORDERS = [
    *("Red gives an order", "move reactor power", "shields", "2"),
    *("Red gives an order", "turn a weapon on or off", "burst_laser_ii on"),
    *("Red gives an order", "turn a weapon on or off", "heavy_laser on"),
    *("Red gives an order", "aim a weapon", "burst_laser_ii", "shield_room"),
    *("Red gives an order", "aim a weapon", "heavy_laser", "shield_room"),
    *("Red gives an order", "autofire on or off"),
]


def test_a_whole_match_from_play(gmtool_home: Path) -> None:
    from gmtool.cli.playloop import QUIT
    from gmtool.cli.playloop.scripted import ScriptedPrompts
    from gmtool.games.ftl.play import run

    game = small_map_game()
    answers = ScriptedPrompts(
        *("lay out the sector map (play the whole match)", SMALL_MAP),
        *("Red jumps", "(2, 2)", "Blue jumps", "(2, 2)"),  # battle 1 at (2, 2)
        *("run several seconds", "35"),  # Red's drive is charged at 35 s
        *("Red jumps away (FTL drive charged)", "(3, 2)"),  # the escape, into the ion storm
        *("Blue jumps", "(3, 2)"),  # the pursuit: battle 2
        *BATTLE_TWO_ORDERS,
        *("run several seconds", "600", ""),
        QUIT,
    )
    run(game, answers)
    state = game.state
    assert state["battle"]["number"] == 2 and state["battle"]["over"].endswith("destroyed")
    first_map = next(m for m in answers.offered if "Red jumps" in m)
    assert "Red waits" in first_map and "Blue jumps" not in first_map
    assert any("Red jumps away (FTL drive charged)" in m for m in answers.offered)
    last = answers.offered[-1]
    assert not any(entry.endswith(" jumps") for entry in last)  # the match is over


def test_simulate_plays_whole_matches_and_reports_each_ships_win_rate(  # type: ignore[no-untyped-def]
    gmtool, tmp_path: Path
) -> None:
    path = tmp_path / "short.yaml"
    path.write_text(CAMPAIGN)
    args = ("ftl", "simulate", "ftl-red.yaml", "Blue=ftl-blue.yaml", "--runs", "2", "--seed", "3")
    done = gmtool(*args, "--content", str(path), "--json")
    assert done.code == 0, done.err
    doc = json.loads(done.out)
    assert doc["what"] == "the match of ftl-red and Blue" and doc["runs"] == 2
    wins = doc["wins"]
    assert set(wins) == {"ftl-red", "Blue"}
    total = sum(w["p"] for w in wins.values()) + doc["no_winner"]["p"]
    assert abs(total - 1) < 1e-9
    assert all(0 <= w["low"] <= w["p"] <= w["high"] <= 1 for w in wins.values())
    assert doc["measures"]["battles"]["mean"] >= 1  # every match found a battle
    again = json.loads(gmtool(*args, "--content", str(path), "--json").out)
    assert again["wins"] == wins  # the same seed, the same figures
    refused = gmtool("ftl", "simulate", "ftl-red.yaml")
    assert refused.code == 2 and "takes two ships, not 1" in refused.err


def test_a_forecast_between_battles_plays_the_rest_of_the_match() -> None:
    from gmtool.engine.forecast import Setup, play_out, policies_for
    from gmtool.games.ftl.rules import forecast

    state = _play(_match(), type="jump", player="Red", to=[2, 2]).state
    ftl = SYSTEM.load_content({"map": {"removals": 0}, "battle": {"hull": 8}})
    start = forecast.start(SYSTEM, state, ftl, fresh=False)
    assert start.what == "the rest of the match of Red and Blue"
    rules: Any = forecast
    setup = Setup(SYSTEM, rules, ftl, start, policies_for(rules, {}, start.sides))
    played = play_out(setup, Rng(11), Rng(12))
    # Blue's turn: it jumps onto Red's beacon (the nearest), and the battle is fought out
    assert played.end["battle"]["number"] == 1 and played.record.measures["battles"] == 1
    assert played.record.winner in ("Red", "Blue", "")
    over = copy.deepcopy(played.end)
    over["match"]["over"] = "both captains wait: no winner"
    over["battle"]["over"], over["battle"]["winner"] = "Red escaped", None
    with pytest.raises(RulesError, match="the match is over"):
        forecast.start(SYSTEM, over, ftl, fresh=False)


def test_a_jump_from_play_in_a_terminal(gmtool_home: Path) -> None:
    """The jump's question is its move's, asked as every move's is (``ask_move``), in the
    loop's words: the captain, then the beacons as the map names them."""
    from tests.terminal import Terminal

    small_map_game().close()
    t = Terminal(gmtool_home, "-c", "match", "play")
    try:
        t.wait_for_menu()
        t.choose("lay out the sector map (play the whole match)")
        t.wait_for("The faces in the order rolled")
        t.settle()
        t.type(SMALL_MAP)
        t.wait_for("Red jumps")
        t.settle()
        t.choose("Red jumps")
        t.wait_for("Red jumps to which beacon?")
        t.choose("(2, 2)")
        t.wait_for("Red jumps to (2, 2): ")
        t.settle()
        t.press("q")
        assert t.finish() == 0
    finally:
        t.child.close(force=True)
