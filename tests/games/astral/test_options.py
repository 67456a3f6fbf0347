"""Astral's declaration: what each character may declare for a tick and what the GM may
do, worked out by hand from the demo (Ana and Cy touching, both far from the Wisp; the
Warden away from everything; Ana's task Unseal) and ``tables/astral/rules.yaml`` (attack
and block reach far, examine near; PCs roll 2d6 for their CV)."""

from __future__ import annotations

import pytest

from gmtool.cli.play import open_demo
from gmtool.engine.game import Game
from gmtool.games.astral.game import SYSTEM
from tests.declared import answer, moves, named

ALWAYS = ["hesitate", "defend", "rest"]


@pytest.fixture
def demo() -> Game:
    return Game.open(open_demo("astral"))


def test_between_ticks_the_gm_plays_a_tick_or_changes_the_scene(demo: Game) -> None:
    gm = moves(demo)
    assert [m.name for m in gm] == ["tick", "add", "distance", "task_new", "set"]
    assert gm[0].label == "play a tick" and gm[-1].label == "change an entity (Aura, TN, Knowledge)"
    assert named(demo, "task_new").choices[1].values == ("Ana", "Cy", "Wisp", "Warden")
    assert SYSTEM.seats(demo.state) == ["Ana", "Cy"]
    assert SYSTEM.to_move(demo.state) == ["Ana", "Cy"]  # each PC's declaration is awaited


def test_a_pc_declares_what_their_reach_allows(demo: Game) -> None:
    ana = moves(demo, "Ana")
    assert [m.name for m in ana] == [*ALWAYS, "attack", "block", "examine", "move", "work"]
    assert all(m.seat == "Ana" for m in ana)
    by_name = {m.name: m for m in ana}
    assert by_name["attack"].choices[0].values == ("Cy", "Wisp")  # far is within reach
    assert by_name["examine"].choices[0].values == ("Cy", "Lens", "Gate")  # near or closer
    assert by_name["work"].choices == ()  # her only task is chosen for her
    assert by_name["work"].action["declarations"] == [
        {"who": "Ana", "action": "work", "task": "Unseal"}
    ]
    attack = answer(demo, by_name["attack"], "Wisp")
    assert attack.action == {
        "type": "tick",
        "declarations": [{"who": "Ana", "action": "attack", "target": "Wisp"}],
    }
    assert attack.dice == ("2d6",)  # an attacking PC rolls for her CV
    move = answer(demo, by_name["move"], "Wisp, Gate", "near")
    assert move.action["declarations"] == [
        {"who": "Ana", "action": "move", "targets": ["Wisp", "Gate"], "to": "near"}
    ]


def test_the_warden_away_from_all_can_only_wait_rest_or_move(demo: Game) -> None:
    warden = moves(demo, "Warden")
    assert [m.name for m in warden] == [*ALWAYS, "move"]
    assert all(m.seat is None for m in warden)  # an NPC: the GM declares for it
    assert moves(demo, "Lens") == []  # an object declares nothing


def test_a_disturb_needs_a_pc_close_enough(demo: Game) -> None:
    from gmtool.errors import UsageError

    state = demo.state
    wisp = next(e for e in state["entities"] if e["name"] == "Wisp")
    wisp["condition"] = "unconscious"
    disturb = next(
        m for m in SYSTEM.options(state, None, content=demo.content) if m.name == "disturb"
    )
    assert disturb.choices[0].values == ("Wisp",)
    assert disturb.reason == "no PC is near or closer to an unconscious NPC"  # both are far
    with pytest.raises(UsageError, match="no PC is close enough to disturb Wisp"):
        SYSTEM.follow(state, disturb, disturb.choices[0], "Wisp", content=demo.content)


def test_an_aura_out_of_range_asks_the_gm_to_confirm(demo: Game) -> None:
    change = answer(demo, named(demo, "set"), "Cy", "aura")
    assert [(c.key, c.label) for c in change.choices] == [("aura", "New aura?")]
    assert answer(demo, change, 8).choices == ()  # within Cy's starting Aura of 10
    forced = answer(demo, change, 11)
    assert [(c.label, c.values) for c in forced.choices] == [
        ("Aura 11 is above Cy's starting Aura of 10. Set it anyway?", ("no", "yes"))
    ]
    assert answer(demo, forced, "yes").action == {
        "type": "set",
        "name": "Cy",
        "aura": 11,
        "force": True,
    }
    refused = answer(demo, forced, "no")
    assert refused.reason and refused.choices == ()  # nothing is played


def test_the_table_sees_the_status_and_a_pc_their_own_line(demo: Game) -> None:
    assert SYSTEM.view(demo.state, None) == SYSTEM.status(demo.state)
    own = SYSTEM.view(demo.state, "Cy")["seat"]
    assert (own["aura"], own["starting_aura"], own["turn"]) == (10, 10, True)
