"""The interactive loop, driven by scripted answers instead of a terminal."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gmtool.cli.play import open_demo
from gmtool.cli.playloop.scripted import ESC
from gmtool.cli.playloop.scripted import ScriptedPrompts as Scripted
from gmtool.engine.game import Game
from gmtool.games.astral.play import run


@pytest.fixture
def demo() -> Iterator[Game]:
    with Game.open(open_demo("astral")) as game:
        yield game


def aura(game: Game, name: str) -> int:
    return next(e["aura"] for e in game.state["entities"] if e["name"] == name)


def test_a_tick_declared_rolled_and_resolved(demo: Game) -> None:
    answers = Scripted(
        "play a tick",
        "attack", "Wisp",          # Ana
        "move", "Wisp", "near",    # Cy
        "attack", "Ana",           # Wisp
        "hesitate",                # Warden
        "Cy", "Hold on!", "nobody",
        "6,5",                     # Ana's faces; Cy is not attacked and rolls nothing
        "quit",
    )  # fmt: skip
    run(demo, answers)
    assert answers.script == []
    assert aura(demo, "Wisp") == 6 - (9 - 5)  # Ana 11 - 2 (far) vs Wisp 7 - 2
    assert demo.state["distances"]["Cy"]["Wisp"] == "near"
    assert demo.state["tick"] == 1
    assert "block" not in answers.menus["Warden does what?"]  # everyone else is Away


def test_the_menu_follows_the_rules(demo: Game) -> None:
    answers = Scripted("quit")
    run(demo, answers)
    menu = answers.menus["What happens?"]
    assert "mark the final attack" not in menu and "salvage a partial task" not in menu
    answers = Scripted("play a tick", "work", "rest", "rest", "rest", "nobody", "quit")
    run(demo, answers)
    assert demo.state["tasks"][0]["done"] == 1


def test_errors_are_shown_and_the_loop_goes_on(
    demo: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = Scripted(
        "undo",
        "add an entity", "Two words", ESC,
        "quit",
    )  # fmt: skip
    run(demo, answers)
    out = capsys.readouterr().out
    assert "nothing to undo" in out
    assert answers.refused[0].startswith("'Two words' is not a usable name")
    assert demo.state["entities"][-1]["name"] == "Gate"


def test_wrong_faces_are_asked_again_and_the_declarations_kept(
    demo: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = Scripted(
        "play a tick", "attack", "Wisp", "rest", "rest", "rest", "nobody",
        "9,9",  # not on a d6
        "6",  # too few
        "6,5",
        "quit",
    )  # fmt: skip
    run(demo, answers)
    assert answers.script == []
    out = capsys.readouterr().out
    assert "face for Ana, 9, is not on a d6" in out and "not enough faces" in out
    assert demo.state["tick"] == 1
    assert aura(demo, "Wisp") == 6 - (11 - 2 - 7) + 1  # Ana at Far: 9 against TN 7; Wisp rests


def test_one_question_for_all_of_a_characters_rolls(demo: Game) -> None:
    for _ in range(2):
        demo.play({"type": "tick", "declarations": ["Ana work Unseal"]}, demo.door())
    answers = Scripted(
        "play a tick", "work", "hesitate", "attack", "Ana", "hesitate", "nobody",
        "5,5,3,3",  # Ana's CV, then her roll for the task
        "quit",
    )  # fmt: skip
    run(demo, answers)
    assert answers.script == []
    faces = [q for q in answers.questions if q.startswith("Faces")]
    assert faces == [
        "Faces for Ana's 2d6 for CV, then 2d6 for task Unseal, in order (Enter: roll them):"
    ]
    assert demo.state["tasks"][0]["status"] == "partial"  # 3 + 3 + 2 (runes) = TN 8
    assert aura(demo, "Ana") == 12  # CV 10 against Wisp's 7 - 2 (Far)


def test_between_ticks(demo: Game) -> None:
    answers = Scripted(
        "add an entity", "Shade", "npc", "3", "", "Shadowtongue", "4", "near",
        "set a distance", "Ana", "Gate", "touching",
        "start a task", "Bind", "Cy", "1", "", "",
        "odds of an attack", "Ana", "Shade", "defend", "",
        "quit",
    )  # fmt: skip
    run(demo, answers)
    shade = next(e for e in demo.state["entities"] if e["name"] == "Shade")
    assert (shade["aura"], shade["tn"], shade["languages"]) == (3, 4, ["Shadowtongue"])
    assert demo.state["distances"]["Gate"]["Ana"] == "touching"
    assert demo.state["tasks"][1]["by"] == "Cy" and demo.state["tasks"][1]["tn"] is None


def test_knock_out_then_final_attack_and_disturb(demo: Game) -> None:
    answers = Scripted(
        "change an entity (Aura, TN, Knowledge)", "Wisp", "aura", "1",
        "play a tick", "attack", "Wisp", "rest", "rest", "rest", "nobody", "6,6",
        "mark the final attack",
        "set a distance", "Cy", "Wisp", "near",
        "a PC disturbs an unconscious NPC", "Wisp", "Cy", "6,6",
        "quit",
    )  # fmt: skip
    run(demo, answers)
    assert answers.script == []
    wisp = next(e for e in demo.state["entities"] if e["name"] == "Wisp")
    assert wisp["condition"] == "unconscious"
    assert demo.state["fight_on"] is False
    assert "a PC disturbs an unconscious NPC" in answers.menus["What happens?"]


def test_only_a_pc_close_enough_is_offered_to_disturb(demo: Game) -> None:
    answers = Scripted(
        "change an entity (Aura, TN, Knowledge)", "Wisp", "aura", "1",
        "set a distance", "Ana", "Wisp", "near",
        "play a tick", "attack", "Wisp", "rest", "rest", "rest", "nobody", "6,6",
        "a PC disturbs an unconscious NPC", "Wisp", "Ana", "1,1",
        "quit",
    )  # fmt: skip
    run(demo, answers)
    assert answers.menus["Which PC disturbs it?"] == ["Ana"]  # Cy is Far from Wisp
    wisp = next(e for e in demo.state["entities"] if e["name"] == "Wisp")
    assert (wisp["condition"], wisp["aura"]) == ("active", 1)


def test_the_gm_can_enter_the_faces_of_the_timers_a_tick_needs(demo: Game) -> None:
    answers = Scripted(
        "change an entity (Aura, TN, Knowledge)", "Cy", "aura", "1",
        "play a tick", "attack", "Cy", "rest", "move", "Lens", "far", "hesitate", "nobody",
        "6,6", "1,1",  # Ana 12 + 2 (touching) against Cy's 2: Cy is knocked out
        "6,5",  # the GM's roll for Cy's absence
        "quit",
    )  # fmt: skip
    run(demo, answers)
    assert answers.script == []
    asked = [q for q in answers.questions if "the GM's" in q]
    assert asked == ["Faces for the GM's 2d6 for Cy gone, in order (Enter: roll them):"]
    gone = next(t for t in demo.state["timers"] if t["kind"] == "gone")
    assert gone["ticks"] == 6 + 5 + 10  # Cy's starting Aura is 10 in the demo


def test_aura_beyond_its_bounds_is_confirmed_by_the_gm(demo: Game) -> None:
    answers = Scripted(
        "change an entity (Aura, TN, Knowledge)", "Ana", "aura", "99", "no",
        "change an entity (Aura, TN, Knowledge)", "Ana", "aura", "14", "yes",
        "change an entity (Aura, TN, Knowledge)", "Cy", "languages", "Common, Elvish",
        "quit",
    )  # fmt: skip
    run(demo, answers)
    assert answers.script == []
    assert "Aura 99 is above Ana's starting Aura of 12. Set it anyway?" in answers.asked
    assert aura(demo, "Ana") == 14
    cy = next(e for e in demo.state["entities"] if e["name"] == "Cy")
    assert cy["languages"] == ["Common", "Elvish"]


def test_a_move_relative_to_nobody_is_refused_as_it_is_typed(demo: Game) -> None:
    answers = Scripted(
        "play a tick",
        "move", "", "Wisp", "near",  # Ana: the blank is refused, Wisp taken
        "rest", "rest", "rest", "nobody",
        "quit",
    )  # fmt: skip
    run(demo, answers)
    assert answers.script == []
    refusal = "Ana moves relative to nobody (type one name or more, comma-separated)"
    assert answers.refused == [refusal]
    assert demo.state["distances"]["Ana"]["Wisp"] == "near"
