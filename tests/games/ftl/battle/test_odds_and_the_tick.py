"""``ftl odds`` against the tick itself: every die of the seconds a volley takes is played
through ``apply_battle`` (``every_die``), and the volley's figures come out the same."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from typing import Any

import pytest

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.actions import apply_battle
from gmtool.games.ftl.rules.battle.every_die import every_die
from gmtool.games.ftl.rules.battle.odds import volley_odds
from tests.games.ftl.battle.helpers import battle, order, ship

SECONDS = 4
"""Long enough for every shot of these volleys to land (lasers 1 s, missiles and ion 2 s,
two shots a second), too short for a popped shield to come back."""


def _ready(weapon: str, room: str, **blue: Any) -> dict[str, Any]:
    """Red's weapon charged (every charge) and aimed at Blue's room (a beam leftward from
    its first corner), fired by the next second; Blue's engines' bars or its shields as
    ``blue`` says (no shields: none powered, so none comes back)."""
    state = battle(red=ship(weapons=[weapon], reactor=12))
    order(state, "weapon", ship="Red", weapon=weapon, on=True)
    gun = state["battle"]["ships"]["Red"]["weapons"][0]
    gun["charges"] = int(gun["charge_cap"])
    line = {"corner": 1, "toward": "left"} if gun["kind"] == "beam" else {}
    order(state, "aim", ship="Red", weapon=weapon, room=room, **line)
    target = state["battle"]["ships"]["Blue"]
    if "engines" in blue:
        target["systems"]["engines"]["power"] = blue["engines"]
    if blue.get("shields") == 0:
        target["systems"]["shields"]["power"] = 0
        target["shields"]["up"] = 0
    return state


def _tick_figures(state: dict[str, Any]) -> dict[str, Fraction]:
    """The volley's figures as the tick plays it, over every face of every die."""
    hull = int(state["battle"]["ships"]["Blue"]["hull"])

    def play(played: dict[str, Any], door: DiceDoor) -> None:
        result, _what, _outcome = apply_battle(played, {"type": "tick", "seconds": SECONDS}, door)
        played["events"] = [
            e["event"]
            for e in result["events"]
            if e.get("ship") == "Blue" and e.get("corners", True)  # a fire or breach placed
        ]

    figures = dict.fromkeys(("hits", "hull", "fire", "breach"), Fraction(0))
    paths = every_die(lambda: copy.deepcopy(state), play, lambda s: json.dumps(s, sort_keys=True))
    assert sum(chance for chance, _ in paths) == 1
    for chance, after in paths:
        events = after.get("events", [])
        figures["hits"] += chance * events.count("hit")
        figures["hull"] += chance * (hull - int(after["battle"]["ships"]["Blue"]["hull"]))
        figures["fire"] += chance * ("fire_started" in events)
        figures["breach"] += chance * ("breach" in events)
    return figures


def _odds_figures(state: dict[str, Any], weapon: str, room: str) -> dict[str, Any]:
    b = state["battle"]
    odds = volley_odds(b, b["ships"]["Red"], weapon, room)
    return {
        key: Fraction(odds[name]["fraction"])
        for key, name in (
            ("hits", "expected_hits"),
            ("hull", "expected_hull_damage"),
            ("fire", "fire"),
            ("breach", "breach"),
        )
    }


@pytest.mark.parametrize(
    ("weapon", "room", "blue", "hull"),
    [
        ("burst_laser_ii", "hall", {}, Fraction(176, 125)),  # as before: 1 shield, 1 in 5
        ("burst_laser_ii", "hall", {"shields": 0}, Fraction(12, 5)),
        ("hermes", "engines", {"engines": 0}, Fraction(3)),  # fire 9/32, breach 3/16
        ("heavy_laser", "oxygen", {"shields": 0, "engines": 0}, Fraction(2)),
        ("laser_charger_ii", "hall", {}, None),  # a charge weapon fires all 4 charges
        ("ion_charger", "oxygen", {"shields": 0}, Fraction(0)),  # ion: bars, no hull
        ("halberd_beam", "shields", {"shields": 0}, None),  # a beam hits each room crossed
        ("fire_beam", "shields", {}, Fraction(0)),
        ("pike_beam", "hall", {"shields": 0}, None),
    ],
)
def test_the_odds_are_the_ticks(
    weapon: str, room: str, blue: dict[str, Any], hull: Fraction | None
) -> None:
    state = _ready(weapon, room, **blue)
    odds = _odds_figures(state, weapon, room)
    tick = _tick_figures(state)
    if weapon.endswith("beam"):  # a beam's hits: whether it hits at all (one volley)
        assert odds["hits"] == (1 if tick["hits"] else 0)
        del odds["hits"], tick["hits"]
    assert odds == tick
    if hull is not None:
        assert odds["hull"] == hull


def test_a_charge_weapon_fires_every_charge() -> None:
    state = _ready("laser_charger_ii", "hall", shields=0, engines=0)
    b = state["battle"]
    odds = volley_odds(b, b["ships"]["Red"], "laser_charger_ii", "hall")
    assert odds["shots"] == 4 and odds["expected_hull_damage"]["fraction"] == "4/1"


def test_a_beam_hits_every_room_it_crosses() -> None:
    state = _ready("pike_beam", "hall", shields=0)
    b = state["battle"]
    crossed = b["rules"]["beams"]
    odds = volley_odds(b, b["ships"]["Red"], "pike_beam", "hall")
    assert crossed and odds["dodge"]["fraction"] == "0/1"
    assert Fraction(odds["expected_hull_damage"]["fraction"]) > 1  # more than the aimed room
