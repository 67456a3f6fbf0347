"""The slug's own mind control: 3 s, +1 SS damage, within reach, then a rest."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.errors import RulesError
from tests.games.ftl.battle.helpers import battle, order, ship, tick

CREW = [
    {"race": "human", "name": "Ana"},
    {"race": "slug", "name": "Sly"},  # at the engines
    {"race": "human", "name": "Cy"},
    {"race": "human", "name": "Di"},
]


def _boarded(**rules: Any) -> dict[str, Any]:
    """Blue's Bo stands in Red's engine room with Red's slug Sly."""
    state = battle(red=ship(crew=CREW), **rules)
    b = state["battle"]
    bo = b["ships"]["Blue"]["crew"].pop(1)
    bo["room"] = "engines"
    b["ships"]["Red"]["crew"].append(bo)
    return state


def test_a_slug_takes_a_mind_in_its_room_for_3_seconds_then_rests() -> None:
    state = _boarded()
    red = state["battle"]["ships"]["Red"]
    bo, sly = red["crew"][4], red["crew"][1]
    result = order(state, "mind", ship="Red", name="Bo", by="Sly")
    assert result["order"] == {
        "event": "mind",
        "ship": "Red",
        "crew": "Bo",
        "seconds": 3,
        "by": "Sly",
    }
    # "+1-1 SS damage": one more at both ends of 4-5; no health bonus
    assert (bo["controlled_by"], bo["ss_damage"], bo["max_health"]) == ("Red", [5, 6], 100)
    with pytest.raises(RulesError, match="Sly already holds Bo's mind"):
        order(state, "mind", ship="Red", name="Di", by="Sly")
    tick(state, seconds=2)
    assert bo["controlled_by"] == "Red"
    result = tick(state)  # the third second: Bo is himself again, no system takes ion
    assert bo["controlled_by"] is None and bo["ss_damage"] == [4, 5]
    assert [e["event"] for e in result["events"] if e["event"].startswith("mind")] == ["mind_free"]
    assert sly["mind_rest"] == 15
    with pytest.raises(RulesError, match="Sly needs 15 s more before another mind"):
        order(state, "mind", ship="Red", name="Bo", by="Sly")
    tick(state, seconds=15)
    order(state, "mind", ship="Red", name="Bo", by="Sly")


def test_the_slug_reaches_its_room_only_and_only_slugs_take_minds() -> None:
    state = _boarded()
    with pytest.raises(
        RulesError, match="Sly reaches only minds in its room: Ana is in Blue's pilot"
    ):
        order(state, "mind", ship="Red", name="Ana", by="Sly")
    with pytest.raises(RulesError, match="Ana is a human: only slugs take minds"):
        order(state, "mind", ship="Red", name="Bo", by="Ana")
    state = _boarded(slug_mind={"reach": "same_ship", "rest_seconds": 15})
    state["battle"]["ships"]["Red"]["crew"][4]["room"] = "hall"
    order(state, "mind", ship="Red", name="Bo", by="Sly")


def test_a_dead_slug_lets_the_mind_go_and_slugs_are_immune() -> None:
    state = _boarded()
    red = state["battle"]["ships"]["Red"]
    order(state, "mind", ship="Red", name="Bo", by="Sly")
    red["crew"][1]["health"] = 0
    tick(state)
    assert red["crew"][4]["controlled_by"] is None
    blue = ship(crew=[{"race": "slug", "name": "Sid", "room": "engines"}])
    state = battle(red=ship(crew=CREW), blue=blue)
    sid = state["battle"]["ships"]["Blue"]["crew"].pop(0)
    state["battle"]["ships"]["Red"]["crew"].append(sid)
    with pytest.raises(RulesError, match="Sid is a slug: immune to mind control"):
        order(state, "mind", ship="Red", name="Sid", by="Sly")


def test_the_play_menus_offer_a_slugs_minds_within_reach() -> None:
    from gmtool.games.ftl.rules.battle.choices import legal_orders

    state = _boarded()
    minds = legal_orders(state["battle"], "Red").get("mind", [])
    assert minds == [{"ship": "Red", "name": "Bo", "by": "Sly"}]  # Red has no system


def test_play_asks_who_takes_the_mind_and_show_says_who_holds_it() -> None:
    from rich.console import Console

    from gmtool.cli.playloop.scripted import ScriptedPrompts
    from gmtool.games.ftl.play import SYSTEM_MIND, _pick
    from gmtool.games.ftl.render_battle import show
    from gmtool.games.ftl.rules.battle.document import battle_document

    actions = [{"ship": "Red", "name": "Ana"}, {"ship": "Red", "name": "Bo", "by": "Sly"}]
    ask = ScriptedPrompts("Sly", "Bo")
    assert _pick(None, ask, "Red", "mind", actions) == actions[1]  # type: ignore[arg-type]
    assert ask.menus["Taken by?"] == [SYSTEM_MIND, "Sly"]
    assert ask.menus["Whose mind?"] == ["Bo"]
    state = _boarded()
    order(state, "mind", ship="Red", name="Bo", by="Sly")
    console = Console(width=120, record=True)
    console.print(show(battle_document(state["battle"])))
    assert "(mind held by Red)" in console.export_text()


def test_a_mind_held_by_a_slug_cannot_be_taken_again_by_the_system() -> None:
    from tests.games.ftl.battle.test_minds import _with

    red = _with("mind_control", 1, crew=CREW)
    state = battle(red=red)
    b = state["battle"]
    bo = b["ships"]["Blue"]["crew"].pop(1)
    bo["room"] = "engines"
    b["ships"]["Red"]["crew"].append(bo)
    order(state, "power", ship="Red", system="mind_control", bars=1)
    order(state, "mind", ship="Red", name="Bo", by="Sly")
    with pytest.raises(RulesError, match="Bo's mind is already taken"):
        order(state, "mind", ship="Red", name="Bo")
    assert bo["ss_damage"] == [5, 6]  # the slug's bonus once
