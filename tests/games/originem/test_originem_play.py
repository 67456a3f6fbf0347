"""The interactive session loop, driven by scripted answers instead of a keyboard."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from gmtool.cli.playloop import QUIT
from gmtool.cli.playloop.scripted import CTRL_C, ESC
from gmtool.cli.playloop.scripted import ScriptedPrompts as Scripted
from gmtool.content.paths import packaged
from gmtool.engine.game import Game
from gmtool.games.originem.play import NO_MISSION, run


@pytest.fixture
def game(gmtool: Callable[..., Any]) -> Iterator[Game]:
    demo = str(packaged("campaigns", "originem-demo.yaml"))
    assert gmtool("campaign", "new", "demo", "--from", demo, "--seed", "1").code == 0
    with Game.open("demo") as game:
        yield game


def test_mission_scene_and_quit(game: Game) -> None:
    script = Scripted(
        "start a mission",
        "Map Out Ancient Forest",
        "play a scene",
        "Map Out Ancient Forest",
        "exploration",
        "Larlen (d10)",
        "Larlen (d10)",
        "Remmy (d8)",
        "10,10,1",
        QUIT,
    )
    run(game, script)
    assert script.script == []
    state = game.state
    assert state["knowledge"]["have"] == 1  # the shortcut ended the mission
    assert state["missions"]["map_out_ancient_forest"]["state"] == "complete"


def test_a_fight_with_rolled_dice(game: Game) -> None:
    script = Scripted(
        "start a fight",
        "low",
        "d6",
        "roll initiative",
        "Pierre",
        "",
        QUIT,
    )
    run(game, script)
    combat = game.state["combat"]
    assert combat is not None and combat["enemies"][0]["name"] == "low-1"
    assert combat["turn"] in ("crew", "enemies", "initiative")


def test_faces_that_do_not_fit_are_asked_again(game: Game, capsys: Any) -> None:
    before = game.store.count_entries()
    script = Scripted(
        "play a scene",
        "general",
        "Remmy (d8)",
        "Larlen (d8)",
        "Remmy (d8)",
        "9,9,9",
        "8,x",
        "8,8,8",
        QUIT,
    )
    run(game, script)
    assert script.script == []
    faces = "Faces for Remmy d8, then Larlen d8, then Remmy d8, in order (Enter: roll them):"
    assert script.asked.count(faces) == 3
    assert script.asked.count("Roll 1 of 3: who rolls?") == 1  # the rollers were kept
    out = capsys.readouterr().out
    assert "the 1st face, 9, is not on a d8" in out
    assert script.refused == [
        "the 2nd face of '8,x' is 'x', not a whole number (one whole "
        "number per die, in order, like 4,6,1 or 4 6 1)"
    ]
    assert "amazing" in out
    assert game.store.count_entries() == before + 1


def test_enemies_are_checked_before_the_gm_die_is_asked(game: Game) -> None:
    script = Scripted("start a fight", "dragon", "low:2", "d6", QUIT)
    run(game, script)
    assert script.refused[0].startswith("unknown enemy tier 'dragon'")
    assert script.asked.count("The GM's die?") == 1
    assert [e["name"] for e in game.state["combat"]["enemies"]] == ["low-1", "low-2"]


def test_ctrl_c_in_a_question_returns_to_the_menu_and_at_the_menu_leaves(
    game: Game, capsys: Any
) -> None:
    script = Scripted("start a mission", "Ship Defense", "play a scene", CTRL_C, CTRL_C)
    run(game, script)
    assert script.script == []
    out = capsys.readouterr().out
    assert "back at the menu (nothing was written" in out
    assert out.rstrip().endswith("left the session; the campaign is saved.")
    assert Game.open("demo").state["missions"]["ship_defense"]["state"] == "under_way"


def test_esc_goes_back_one_question_and_offers_the_earlier_answer(game: Game) -> None:
    script = Scripted(
        "start a fight",
        "low",
        ESC,  # at the GM's die: back to the enemies
        "high",
        "d8",
        QUIT,
    )
    run(game, script)
    assert script.script == []
    assert script.asked[1:4] == [
        "Enemies (tiers: low, medium, high, miniboss, boss; e.g. low:2, high):",
        "The GM's die?",
        "Enemies (tiers: low, medium, high, miniboss, boss; e.g. low:2, high):",
    ]
    assert script.defaults[1:5] == ["", None, "low", None]  # the enemies typed are offered again
    combat = game.state["combat"]
    assert combat["enemies"][0]["tier"] == "high" and combat["gm_die"] == "d8"


def test_esc_at_the_first_question_returns_to_the_menu(game: Game) -> None:
    before = game.store.count_entries()
    script = Scripted("start a fight", ESC, "start a mission", ESC, QUIT)
    run(game, script)
    assert script.script == [] and game.store.count_entries() == before


def test_no_mission_scene_and_nova(game: Game) -> None:
    script = Scripted(
        "start a mission",
        "Ship Defense",
        "play a scene",
        NO_MISSION,
        "runaway",
        "Larlen (d10)",
        "7",
        "NOVA: start",
        QUIT,
    )
    run(game, script)
    state = game.state
    assert state["nova"]["started"] is True and state["nova"]["running"] is False  # left: paused
    assert state["missions"]["ship_defense"]["done"] == [False] * 4


def test_a_failed_runaway_leads_straight_to_the_fight(game: Game) -> None:
    script = Scripted(
        "start a mission",
        "Face Opponents Head On",
        "play a scene",
        "Face Opponents Head On",
        "runaway",
        "Pierre (d6)",
        "2",
        "start the fight (the runaway failed)",
        "low",
        "d6",
        QUIT,
    )
    run(game, script)
    assert script.script == []
    combat = game.state["combat"]
    assert combat is not None and combat["mission"] == "face_opponents_head_on"


@pytest.mark.parametrize("leave", [QUIT, CTRL_C])
def test_leaving_pauses_the_clock_and_says_so(game: Game, capsys: Any, leave: str) -> None:
    script = Scripted("NOVA: start", leave)
    run(game, script)
    assert "NOVA paused at " in capsys.readouterr().out
    assert game.state["nova"]["running"] is False
    assert game.store.entries(last=1)[0].what == "nova pause"


def test_leaving_with_the_clock_paused_says_nothing_of_it(game: Game, capsys: Any) -> None:
    run(game, Scripted(QUIT))
    assert "NOVA paused" not in capsys.readouterr().out


def test_a_scene_no_one_can_roll_is_refused_in_the_menu(
    gmtool: Callable[..., Any], capsys: Any
) -> None:
    assert (
        gmtool("campaign", "new", "solo", "--system", "originem", "--crew", "scientist").code == 0
    )
    script = Scripted("play a scene", "healing", ESC, QUIT)
    run(Game.open("solo"), script)
    assert script.asked.count("Which scene?") == 2  # asked again after the reason
    assert "no crew member can roll in healing scenes now" in capsys.readouterr().out
