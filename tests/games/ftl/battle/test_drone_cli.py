"""Drones from the command line: the ``drone`` order, named drone dice, refusals that
write nothing, undo, and drones in ``show``."""

from __future__ import annotations

import json

import pytest

from tests.games.ftl.battle.conftest import log_entries


@pytest.fixture
def fight(duel):  # type: ignore[no-untyped-def]
    return duel


_entries = log_entries


def _blue(gmtool) -> dict:  # type: ignore[no-untyped-def]
    return json.loads(gmtool("ftl", "show", "Blue", "--json").out)["ships"]["Blue"]  # type: ignore[no-any-return]


def test_a_short_battle_with_a_combat_drone(fight) -> None:  # type: ignore[no-untyped-def]
    result = fight("ftl", "drone", "Blue", "combat_drone_i", "on")
    assert result.code == 0, result.err
    assert result.out.strip() == "Blue switches combat_drone_i on, launched (9 parts left)"
    assert fight("ftl", "tick", "--dice", "drone_delay=1").code == 0  # moves after 2 s
    moved = json.loads(fight("ftl", "tick", "--dice", "drone_move=1,1", "--json").out)
    assert moved["story"] == ["[2s] Blue combat_drone_i flies $->2 (1s)"]
    assert moved["rolls"][0]["faces"] == [1, 1]
    # at 3 s it fires at Red's 10th room, the bridge; Red (25%) does not dodge a 20, and
    # its first of 3 shields stops the laser
    doc = json.loads(
        fight(
            "ftl",
            "tick",
            "--dice",
            "drone_room=10",
            "--dice",
            "drone_delay=1",
            "--dice",
            "evade=20",
            "--json",
        ).out
    )
    assert [r["roll"] for r in doc["rolls"]] == ["drone_room", "drone_delay", "evade"]
    assert all(r["for"] for r in doc["rolls"])
    assert doc["ships"]["Red"]["shields"]["up"] == 2
    drone = doc["ships"]["Blue"]["drones"][0]
    assert drone == {
        "id": "combat_drone_i",
        "kind": "offensive",
        "power": 2,
        "powered": True,
        "out": True,
        "space": "2",
        "going_to": None,
        "doing": "wait",
        "seconds": 2,
        "ion_seconds": 0,
    }
    assert doc["ships"]["Blue"]["drone_parts"] == 9
    shown = fight("ftl", "show", "Blue")
    assert shown.code == 0
    assert "combat_drone_i" in shown.out and "space 2" in shown.out
    red = fight("ftl", "show", "Red").out
    assert "Blue's drones round it: $ 2[D1] 3 4" in red


def test_drone_refusals_write_nothing(fight) -> None:  # type: ignore[no-untyped-def]
    before = _entries(fight)
    cases = [
        (("ftl", "drone", "Blue", "laser_drone", "on"), 2, "unknown drone of Blue"),
        (("ftl", "drone", "Blue", "1", "maybe"), 2, "neither on nor off"),
        (("ftl", "drone", "Red", "1", "on"), 4, "needs 2 reactor bars; Red has 0 free"),
        (("ftl", "drone", "Blue", "2", "off"), 4, "already off"),
        (("ftl", "power", "Blue", "drone_control", "2"), 4, "powered drone by drone"),
        (("ftl", "tick", "--dice", "drone_delay=7"), 5, "faces were entered for drone_delay"),
    ]
    for args, code, words in cases:
        result = fight(*args)
        assert result.code == code, (args, result.err)
        assert words in result.err, (args, result.err)
        assert "Traceback" not in result.err
    assert _entries(fight) == before


def test_a_drone_order_is_undone(fight) -> None:  # type: ignore[no-untyped-def]
    assert fight("ftl", "drone", "Blue", "combat_drone_i", "on").code == 0
    assert _blue(fight)["drone_parts"] == 9
    assert fight("undo").code == 0
    blue = _blue(fight)
    assert blue["drone_parts"] == 10
    assert not blue["drones"][0]["powered"]


def test_odds_of_a_drone(fight) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(fight("ftl", "odds", "Blue", "combat_drone_i", "--json").out)
    assert doc["room"] == "a rolled room" and doc["shields"] == 3
    assert doc["hit_each"]["fraction"] == "0/1"  # Red's 3 shields stop a laser shot
    people = fight("ftl", "odds", "Blue", "combat_drone_i", "bridge")
    assert people.code == 0 and "combat_drone_i at Red bridge" in people.out
    missing = fight("ftl", "odds", "Red", "burst_laser_ii")
    assert missing.code == 2 and "which enemy room is burst_laser_ii" in missing.err


def test_drones_from_the_play_menus(gmtool_home) -> None:  # type: ignore[no-untyped-def]
    from gmtool.cli.play import open_demo
    from gmtool.cli.playloop import QUIT
    from gmtool.cli.playloop.scripted import ScriptedPrompts
    from gmtool.engine.game import Game
    from gmtool.games.ftl.play import run

    game = Game.open(open_demo("ftl"))
    answers = ScriptedPrompts(
        "Blue gives an order", "switch a drone on or off", "combat_drone_i (1) on",
        "Red gives an order", "move reactor power", "shields", "4",
        "Red gives an order", "turn a weapon on or off", "heavy_laser on",
        "Red gives an order", "aim a weapon", "heavy_laser", "Blue's combat_drone_i (drone:1)",
        QUIT,
    )  # fmt: skip
    run(game, answers)
    assert answers.script == []
    blue = game.state["battle"]["ships"]["Blue"]
    assert blue["drones"][0]["powered"] and blue["drone_parts"] == 9
    assert game.state["battle"]["ships"]["Red"]["weapons"][2]["target"] == "drone:1"
    # the drone menu as Blue opened it: 4 reactor bars free, each drone fits
    assert [
        "combat_drone_i (1) on",
        "defense_i (2) on",
        "system_repair_drone (3) on",
        "← back",
    ] in (answers.offered)
