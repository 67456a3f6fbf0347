"""The interactive session loop, driven by scripted answers instead of a keyboard."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gmtool.cli.play_originem import ENTER, NO_MISSION, QUIT, ROLL, Prompts, run
from gmtool.content.paths import packaged
from gmtool.engine.game import Game


class Scripted(Prompts):
    """Answers questions from a list, checking each answer was on offer."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []

    def select(self, message: str, choices: list[str]) -> str:
        self.asked.append(message)
        if not choices:  # as questionary does
            raise ValueError("A list of choices needs to be provided.")
        answer = self.answers.pop(0)
        if answer == "^C":
            raise KeyboardInterrupt
        assert answer in choices, f"{answer!r} is not among {choices} for {message!r}"
        return answer

    def text(self, message: str, default: str = "") -> str:
        self.asked.append(message)
        return self.answers.pop(0)


@pytest.fixture
def game(gmtool: Callable[..., Any]) -> Game:
    demo = str(packaged("campaigns", "originem-demo.yaml"))
    assert gmtool("campaign", "new", "demo", "--from", demo, "--seed", "1").code == 0
    return Game.open("demo")


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
        ENTER,
        "10,10,1",
        QUIT,
    )
    run(game, script)
    assert script.answers == []
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
        ROLL,
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
        ENTER,
        "9,9,9",
        ENTER,
        "8,x",
        ENTER,
        "8,8,8",
        QUIT,
    )
    run(game, script)
    assert script.answers == []
    assert script.asked.count("Faces in order (Remmy d8, Larlen d8, Remmy d8):") == 3
    out = capsys.readouterr().out
    assert "face 9 is not on a d8" in out and "'x', not a whole number" in out
    assert "amazing" in out
    assert game.store.count_entries() == before + 1


def test_a_rules_error_goes_back_to_the_menu(game: Game, capsys: Any) -> None:
    script = Scripted("start a fight", "dragon", "d6", QUIT)
    run(game, script)
    assert "unknown enemy tier 'dragon'" in capsys.readouterr().out
    assert game.state["combat"] is None


def test_ctrl_c_leaves_the_campaign_intact(game: Game) -> None:
    script = Scripted("start a mission", "Ship Defense", "play a scene", "^C")
    with pytest.raises(KeyboardInterrupt):
        run(game, script)
    assert Game.open("demo").state["missions"]["ship_defense"]["state"] == "under_way"


def test_no_mission_scene_and_nova(game: Game) -> None:
    script = Scripted(
        "start a mission",
        "Ship Defense",
        "play a scene",
        NO_MISSION,
        "runaway",
        "Larlen (d10)",
        ENTER,
        "7",
        "NOVA: start",
        QUIT,
    )
    run(game, script)
    state = game.state
    assert state["nova"]["running"] is True
    assert state["missions"]["ship_defense"]["done"] == [False] * 4


def test_a_failed_runaway_leads_straight_to_the_fight(game: Game) -> None:
    script = Scripted(
        "start a mission",
        "Face Opponents Head On",
        "play a scene",
        "Face Opponents Head On",
        "runaway",
        "Pierre (d6)",
        ENTER,
        "2",
        "start the fight (the runaway failed)",
        "low",
        "d6",
        QUIT,
    )
    run(game, script)
    assert script.answers == []
    combat = game.state["combat"]
    assert combat is not None and combat["mission"] == "face_opponents_head_on"


@pytest.mark.parametrize("leave", [QUIT, "^C"])
def test_leaving_says_the_clock_keeps_running(game: Game, capsys: Any, leave: str) -> None:
    script = Scripted("NOVA: start", leave)
    try:
        run(game, script)
    except KeyboardInterrupt:
        assert leave == "^C"
    assert "NOVA keeps running (" in capsys.readouterr().out
    assert game.state["nova"]["running"] is True


def test_leaving_with_the_clock_paused_says_nothing_of_it(game: Game, capsys: Any) -> None:
    run(game, Scripted(QUIT))
    assert "NOVA keeps running" not in capsys.readouterr().out


def test_a_scene_no_one_can_roll_is_refused_in_the_menu(
    gmtool: Callable[..., Any], capsys: Any
) -> None:
    assert (
        gmtool("campaign", "new", "solo", "--system", "originem", "--crew", "scientist").code == 0
    )
    run(Game.open("solo"), Scripted("play a scene", "healing", QUIT))
    assert "no crew member can roll in healing scenes now" in capsys.readouterr().out
