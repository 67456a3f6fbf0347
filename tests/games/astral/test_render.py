"""The rich views print every kind of event in words."""

from __future__ import annotations

from rich.console import Console

from gmtool.games.astral import render as render
from gmtool.games.astral.game import SYSTEM
from gmtool.games.astral.rules.odds import attack_odds
from tests.games.astral.conftest import cast, door, entity, play, tick


def text(renderable) -> str:  # type: ignore[no-untyped-def]
    console = Console(width=140, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_tick_view_names_every_event(content):
    state = cast(content)
    state["entities"][2]["aura"] = 1  # Wisp
    state["entities"][1]["aura"] = 2  # Cy
    task = {
        "type": "task_new",
        "name": "Seal",
        "by": "Ana",
        "ticks": 1,
        "tn": 7,
        "knowledge": "runes",
    }
    state = play(state, content, task, door()).state
    out = tick(
        state,
        content,
        "Ana work Seal",
        "Cy attack Wisp",
        "Wisp attack Cy",
        "Ana speak Now!",
        dice=door(Ana=(3, 3), Cy=(1, 1), GM=(2, 2)),
    )
    shown = text(render.tick(out.result))
    for words in (
        "Tick 1",
        "Ana works on Seal (1/1): 6 +2 Knowledge = 8 vs TN 7 → succeeded",
        "Cy attacks Wisp: CV 2 vs 7: no Aura lost",
        "Wisp attacks Cy: CV 7 vs 2: Cy loses 5 Aura",
        "Cy is knocked out and gone for 16 ticks [2d6 2+2 entered]",
        'Ana says "Now!" (heard by Cy, Wisp)',
        "2 → -3",
    ):
        assert words in shown, shown


def test_status_view_shows_the_matrix_timers_and_tasks(content):
    state = tick(cast(content), content, "Ana move Cy to away", dice=door(GM=(1, 2))).state
    state = play(
        state, content, {"type": "task_new", "name": "Seal", "by": "Cy", "ticks": 2}, door()
    ).state
    shown = text(render.status(SYSTEM.status(state, now=0)))
    assert "Astral · tick 1" in shown
    assert "Ana stays Away from Cy for 15 ticks" in shown
    assert "distances" in shown and "away" in shown and "touching" not in shown
    assert "Seal" in shown and "0/2" in shown
    assert "12/12" in shown and "runes, dreams, old tongues" in shown


def test_single_action_views(content):
    state = cast(content)
    for action, line in (
        ({"type": "add", "name": "Bo", "kind": "npc"}, "Bo joins, near to everyone"),
        ({"type": "distance", "a": "Ana", "b": "Cy", "distance": "far"}, "Ana and Cy: near → far"),
        ({"type": "set", "name": "Cy", "aura": 3}, "Cy: aura 3"),
    ):
        out = play(state, content, action, door())
        assert text(render.events(out.result)).strip() == line
    shown = text(render.odds(attack_odds(state, content, "Ana", "Wisp", target_action="defend")))
    assert "Ana (2d6) attacks Wisp (TN 7+2) at near, target defends" in shown
    assert "hits: 16.67% (1/6)" in shown and "ties: 11.11% (1/9)" in shown  # 2d6 against 9
    assert "expected loss 0.28 Aura" in shown  # (1*3 + 2*2 + 3*1) / 36


def test_one_tick_left_is_said_in_the_singular(content):
    state = tick(cast(content), content, "Ana move Cy to away", dice=door(GM=(1, 1))).state
    entity(state, "Ana")["aura"] = 1
    state = tick(state, content, "Wisp attack Ana", dice=door(Ana=(1, 1), GM=(1, 1))).state
    for timer in state["timers"]:
        timer["ticks"] = 1
    doc = SYSTEM.status(state, now=0)
    assert [t["text"] for t in doc["timers"]] == [
        "Ana stays Away from Cy for 1 tick",
        "Ana returns in 1 tick",
    ]
    shown = text(render.status(doc))
    assert "gone, returns in 1 tick" in shown and "1 ticks" not in shown


def test_defend_shows_the_configured_modifier(content):
    tuned = SYSTEM.load_content({"combat": {"action_modifier": {"defend": 3}}})
    out = tick(cast(content), tuned, "Ana attack Cy", "Cy defend", dice=door(Ana=(1, 1), Cy=(1, 1)))
    assert out.result["cv"]["Cy"] == 5
    assert "Cy defends (+3 CV)" in text(render.tick(out.result))


def test_a_salvage_line_shows_its_sum(content):
    state = cast(content)
    action = {"type": "task_new", "name": "Seal", "by": "Ana", "ticks": 1, "tn": 8}
    state = play(state, content, {**action, "knowledge": "runes"}, door()).state
    state = tick(state, content, "Ana work Seal", dice=door(Ana=(3, 3))).state
    out = play(state, content, {"type": "salvage", "task": "Seal"}, door(Ana=(4, 2)))
    shown = text(render.events(out.result))
    assert "Ana salvages Seal: 6 +3 = 9 vs TN 8 → succeeded [2d6 4+2 entered]" in shown
