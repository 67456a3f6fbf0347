"""``gmtool forecast`` of an FTL battle: orders chosen from each captain's legal orders,
replayed through ``Game.play``; from the middle of a battle, and between two ship files."""

from __future__ import annotations

import json

import pytest

from gmtool.engine import forecast as F
from gmtool.engine.game import Game
from gmtool.games.ftl.rules import forecast as rules


def test_a_forecast_battle_replays_through_the_log(gmtool, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(rules, "MAX_SECONDS", 25)
    assert gmtool("campaign", "new", "duel", "--from", "ftl-demo").code == 0
    game = Game.open("duel")
    start = rules.start(game.system, game.state, game.content, fresh=False)
    setup = F.Setup(game.system, rules, game.content, start, F.policies_for(rules, {}, start.sides))
    played = F.play_out(setup, F.Rng(3), F.Rng(4), trail=True)
    orders = [action for action, _ in played.actions if action["type"] != "tick"]
    assert orders and all(a["type"].startswith("order_") for a in orders)
    # Red's re-loader fires every second: the demo battle may end before the cap
    assert 0 < played.record.measures["seconds"] <= 25
    assert played.record.measures["seconds"] == 25 or played.end["battle"]["over"]
    for action, faces in played.actions:
        game.play(action, game.door(entered=faces))
    assert game.state == played.end


def test_forecast_from_the_middle_of_a_battle(gmtool) -> None:  # type: ignore[no-untyped-def]
    gmtool("campaign", "new", "duel", "--from", "ftl-demo")
    assert gmtool("ftl", "tick", "--seconds", "3").code == 0
    out = gmtool("forecast", "--runs", "1", "--seed", "1", "--policy", "captain", "--json")
    assert out.code == 0, out.err
    doc = json.loads(out.out)
    assert doc["what"] == "the battle of Red and Blue from second 3"
    assert set(doc["wins"]) == {"Red", "Blue"} and "hull left: Red" in doc["measures"]
    # --fresh: the battle opens again from the two ships at its first second
    game = Game.open("duel")
    start = rules.start(game.system, game.state, game.content, fresh=True)
    assert "battle" in game.state and "battle" not in start.state
    assert {k: v for k, v in game.state.items() if k != "battle"} == start.state
    fresh = gmtool("forecast", "--fresh", "--runs", "1", "--seed", "1", "--json")
    assert fresh.code == 0, fresh.err
    assert json.loads(fresh.out)["what"] == "the battle of Red and Blue from its start"


def test_two_ship_files_never_played(gmtool) -> None:  # type: ignore[no-untyped-def]
    out = gmtool(
        "forecast",
        "--from",
        "ftl-demo",
        "--ship",
        "Kestrel=ftl-red.yaml",
        "--ship",
        "Lantern=ftl-blue.yaml",
        "--runs",
        "1",
        "--policy",
        "captain",  # the battle ends in seconds (the re-loader fires every second)
        "--json",
    )
    assert out.code == 0, out.err
    assert set(json.loads(out.out)["wins"]) == {"Kestrel", "Lantern"}
    alone = gmtool(
        "forecast",
        "--ship",
        "A=ftl-red.yaml",
        "--ship",
        "B=ftl-blue.yaml",
        "--runs",
        "1",
        "--policy",
        "captain",  # the battle ends in seconds (the re-loader fires every second)
        "--json",
    )
    assert alone.code == 0, alone.err
    assert set(json.loads(alone.out)["wins"]) == {"A", "B"}
    wrong = gmtool("forecast", "--from", "astral-demo", "--ship", "A=ftl-red.yaml")
    assert wrong.code == 2 and "--ship is for ftl" in wrong.err


def test_captains_battle_replays_through_the_log(gmtool, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Two Red Kestrels: both lose hull, crew and systems fast, so the captains give every
    # kind of order they know (power, weapons, aim, autofire, drones, crew) in a few seconds.
    path = tmp_path / "twins.yaml"
    path.write_text("system: ftl\noptions:\n  ships: {Red: ftl-red.yaml, Blue: ftl-red.yaml}\n")
    assert gmtool("campaign", "new", "twins", "--from", str(path)).code == 0
    game = Game.open("twins")
    start = rules.start(game.system, game.state, game.content, fresh=False)
    chosen = {"Red": "captain", "Blue": "cautious"}
    setup = F.Setup(
        game.system, rules, game.content, start, F.policies_for(rules, chosen, start.sides)
    )
    played = F.play_out(setup, F.Rng(2), F.Rng(11), trail=True)
    kinds = {action["type"] for action, _ in played.actions}
    assert {"order_power", "order_weapon", "order_aim", "order_crew", "tick"} <= kinds
    for action, faces in played.actions:
        game.play(action, game.door(entered=faces))
    assert game.state == played.end
