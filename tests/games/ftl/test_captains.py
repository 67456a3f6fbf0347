"""The forecast's FTL captains: what they order, in what order, and only as the battle
offers (``options``); worked out by hand from the two small test ships."""

from __future__ import annotations

import copy
from typing import Any

from gmtool.engine.forecast import Player, Rng
from gmtool.games.ftl.game import SYSTEM
from gmtool.games.ftl.rules import forecast as rules
from gmtool.games.ftl.rules.battle.ftl_drive import SCALE
from gmtool.games.ftl.rules.captains import CAPTAIN, CAUTIOUS, stations_of
from tests.games.ftl.battle.helpers import act, battle


def _duel() -> dict[str, Any]:
    state = battle()
    state["seats"] = ["Red", "Blue"]
    return state


def _crew_wishes(
    state: dict[str, Any], stations: dict[str, str] | None = None
) -> dict[tuple[str, str], float]:
    stations = stations or stations_of(state)["Red"]
    return {
        (dict(key[1])["name"], dict(key[1])["room"]): round(score, 2)
        for key, score in CAPTAIN.wishes(state, "Red", stations).items()
        if key[0] == "crew"
    }


def test_a_captain_arms_its_weapons_taking_a_bar_from_the_medbay() -> None:
    # Red: reactor 8, 6 in use (shields 2, engines 2, oxygen 1, medbay 1): 2 free. The
    # artemis (2 bars) first, the dearest weapon; then no bar is free for a 1-bar weapon,
    # so the medbay (nobody hurt) gives its bar; then the basic laser, the first of equals.
    state = _duel()
    player = Player(SYSTEM, None, {"Red": CAPTAIN, "Blue": rules.POLICIES["as-set"]}, Rng(1))
    given = []
    while (action := rules.step(state, player)) and action["type"] != "tick":
        given.append({k: v for k, v in action.items() if k not in ("type", "ship")})
        act(state, action)
    assert given == [
        {"weapon": "artemis", "on": True},
        {"system": "medbay", "bars": 0},
        {"weapon": "basic_laser", "on": True},
    ]  # three orders a second, then the second runs
    # the next second: each armed weapon aimed at Blue's shields
    while (action := rules.step(state, player)) and action["type"] != "tick":
        given.append({k: v for k, v in action.items() if k not in ("type", "ship")})
        act(state, action)
    assert given[3:] == [
        {"weapon": "basic_laser", "room": "shields"},
        {"weapon": "artemis", "room": "shields"},
        {"on": True},  # autofire; weapon control's 3 bars are all in use: no more weapons
    ]


def test_a_captain_sends_the_least_needed_crew_against_boarders() -> None:
    state = _duel()
    red = state["battle"]["ships"]["Red"]
    boarder = copy.deepcopy(state["battle"]["ships"]["Blue"]["crew"][0])
    boarder.update(name="Zed", owner="Blue", room="hall")
    red["crew"].append(boarder)
    # Bo mans the engines (worth 3), Cy weapons and Di shields (4), Ana the helm (5)
    assert _crew_wishes(state) == {("Bo", "hall"): 6.2, ("Cy", "hall"): 6.1}


def test_a_captain_repairs_heals_and_goes_back_to_its_station() -> None:
    state = _duel()
    stations = stations_of(state)["Red"]
    red = state["battle"]["ships"]["Red"]
    red["systems"]["oxygen"]["damage"] = 1  # nobody in the oxygen room: Bo goes (worth 3)
    assert _crew_wishes(state, stations) == {("Bo", "oxygen"): 4.7}
    red["crew"][1]["room"] = "oxygen"  # Bo there, repairing: he stays
    assert _crew_wishes(state, stations) == {}
    red["systems"]["oxygen"]["damage"] = 0  # repaired: back to the engines
    assert _crew_wishes(state, stations) == {("Bo", "engines"): 2.0}
    red["crew"][2]["health"] = 49  # Cy under half health: to the medbay (powered)
    assert _crew_wishes(state, stations)[("Cy", "medbay")] == 5.5
    red["crew"][2]["room"] = "medbay"  # healing there until whole, not sent anywhere
    red["crew"][2]["health"] = 99
    assert ("Cy", "weapons") not in _crew_wishes(state, stations)
    red["crew"][2]["health"] = 100  # whole: back to weapon control
    assert _crew_wishes(state, stations)[("Cy", "weapons")] == 2.0


def test_the_cautious_captain_jumps_away_when_losing_with_the_drive_charged() -> None:
    state = _duel()
    red = state["battle"]["ships"]["Red"]
    need = int(state["battle"]["rules"]["ftl"]["charge_seconds"]) * SCALE
    red["hull"], red["ftl"] = 10, need  # a third of 30, and Blue has 30
    assert CAUTIOUS.wishes(state, "Red", {})[("jump",)] == 100.0
    assert ("jump",) not in CAPTAIN.wishes(state, "Red", {})
    red["ftl"] = need - 1  # not charged yet
    assert ("jump",) not in CAUTIOUS.wishes(state, "Red", {})
    red["ftl"], red["hull"] = need, 11  # over a third
    assert ("jump",) not in CAUTIOUS.wishes(state, "Red", {})


def test_the_cautious_captain_escapes_by_a_jump_on_offer(gmtool) -> None:  # type: ignore[no-untyped-def]
    from gmtool.engine.game import Game

    assert gmtool("campaign", "new", "esc", "--from", "ftl-match").code == 0
    # a map (the jumps are offered): Red starts at (2, 1), Blue at (2, 3); they meet at (2, 2)
    assert gmtool("ftl", "map", "new", "--dice", "heads,1,1,6,6,heads,3,2,2,1,2,3").code == 0
    assert gmtool("ftl", "jump", "Red", "2", "2").code == 0
    assert gmtool("ftl", "jump", "Blue", "2", "2").code == 0  # the battle begins
    assert gmtool("ftl", "tick").code == 0
    game = Game.open("esc")
    state = game.state  # one copy of the head state, changed here
    blue = state["battle"]["ships"]["Blue"]
    blue["hull"] = 9  # under a third of 30, and Red's is 30
    blue["ftl"] = int(state["battle"]["rules"]["ftl"]["charge_seconds"]) * SCALE
    policies = {"Red": rules.POLICIES["as-set"], "Blue": CAUTIOUS}
    player = Player(SYSTEM, game.content, policies, Rng(1))
    action = rules.step(state, player)
    assert action is not None and action["type"] == "jump" and action["player"] == "Blue"
    SYSTEM.apply(state, action, game.door(), game.content)
    assert state["battle"]["over"] == "Blue escaped"
