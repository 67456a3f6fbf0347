"""The ``gmtool play`` loop for Food Fight, driven by scripted answers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gmtool.cli import play_foodfight
from gmtool.engine.game import Game


class Scripted(play_foodfight.Prompts):
    """Answers questions from a script; an answer may be a prefix of one choice."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, list[str]]] = []

    def select(self, message: str, choices: list[str]) -> str:
        self.asked.append((message, choices))
        wanted = self.answers.pop(0)
        matches = [choice for choice in choices if choice.startswith(wanted)]
        assert matches, f"{wanted!r} is not among {choices} for {message!r}"
        return matches[0]


def new_game(tmp_path: Path, track: int = 20) -> Game:
    return Game.create(
        "loop",
        system_name="foodfight",
        options={"players": ["Ana", "Bo", "Cy", "Di"]},
        overrides={"board": {"track": {"length": track, "fortune_spots": [1]}}},
        seed=5,
    )


def test_lay_out_by_hand_then_play_to_the_winner(tmp_path: Path) -> None:
    game = new_game(tmp_path, track=2)
    # Bo stacks Grapes under Carrot Sticks on spot 1, then always the weakest card left
    # (the first choice offered, as choices are listed by salt).
    layout = ["Grapes", "Carrot Sticks"] + [""] * 16
    script = ["Bo", "by hand", *layout, "Di", "weakest", "start playing"]
    script += ["Ana discards", "pile 1", "Bo attacks", "pile 1", "Cy:1", "Cy attacks"]
    script += ["pile 1", "Di:1"]
    prompts = Scripted([*script, "quit"])
    play_foodfight.run(game, prompts)
    assert prompts.answers == []
    state = game.state
    bo = state["players"][1]
    assert [card["food"] for card in bo["piles"][0]] == ["Grapes"]
    assert "b02" in state["discards"]  # Carrot Sticks (1) lost to Cy's 9
    assert [card["salt"] for card in bo["piles"][8]] == [9, 9]
    di = state["players"][3]
    assert [card["salt"] for card in di["piles"][0]] == [9]  # weakest on top: its 1 lost
    assert di["track_position"] == 1
    assert state["players"][0]["out"] == "health"
    assert state["players"][1]["track_position"] == 1
    assert [e.what for e in game.store.entries()][:2] == ["lay out towers", "lay out towers"]


def test_a_game_played_out_through_the_menu(tmp_path: Path) -> None:
    game = new_game(tmp_path, track=2)
    script = ["start playing", "Ana discards", "pile 1", "Bo discards", "pile 1"]
    script += ["Cy discards", "pile 1", "undo the last move", "Cy discards", "pile 2"]
    script += ["quit"]
    play_foodfight.run(game, Scripted(script))
    state = game.state
    assert state["winner"] == "Di" and state["over"]
    cy = state["players"][2]["piles"]
    assert (len(cy[0]), len(cy[1])) == (2, 1)  # the undone discard of pile 1 is gone


def test_attack_with_fortunes_on_both_sides_and_a_refused_move(tmp_path: Path) -> None:
    game = new_game(tmp_path)
    script = ["start playing", "Ana discards", "pile 2", "Bo discards", "pile 2"]
    # Cy holds no Fortune, so only the defender is asked; then Bo declines to defend.
    script += ["Cy attacks", "pile 1", "Ana:1", "Ana chooses", "f", "on my card"]
    script += ["Di attacks", "pile 1", "Bo:1", "no Fortune", "quit"]
    prompts = Scripted(script)
    play_foodfight.run(game, prompts)
    entries = game.store.entries()
    battle = entries[2].result
    assert battle["defender"]["player"] == "Ana" and len(battle["defender"]["fortunes"]) == 1
    assert len(entries) == 4 and prompts.answers == []
    asked = [message for message, _ in prompts.asked]
    assert "Ana, play a Fortune in this battle?" in asked
    passing = next(choices for message, choices in prompts.asked if "Pass the screen" in message)
    assert passing == ["no Fortune", "Ana chooses a Fortune"]  # her hand is not listed yet
    assert "Cy, play a Fortune in this battle?" not in asked


class Watching(Scripted):
    """Also keeps what was on the screen (since it was last cleared) at each question."""

    def __init__(self, answers: list[str], capsys: pytest.CaptureFixture[str]) -> None:
        super().__init__(answers)
        self.capsys = capsys
        self.screen = ""
        self.screens: list[tuple[str, str]] = []

    def select(self, message: str, choices: list[str]) -> str:
        printed = self.capsys.readouterr().out
        self.screen += printed
        if CLEAR in self.screen:
            self.screen = self.screen.rsplit(CLEAR, 1)[1]
        self.screens.append((message, re.sub(r"\x1b\[[0-9;]*m", "", self.screen)))
        return super().select(message, choices)


CLEAR = "\x1b[2J"


def test_the_screen_holds_no_secret_when_it_passes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")  # a terminal, so the screen is really cleared
    game = new_game(tmp_path)
    layout = [""] * 18  # Ana stacks by hand, always the weakest card left
    script = ["Ana", "by hand", *layout, "start playing"]
    script += ["Ana looks", "Ana attacks", "pile 9", "Bo:1", "Bo discards", "pile 2", "quit"]
    prompts = Watching(script, capsys)
    play_foodfight.run(game, prompts)
    screens = prompts.screens
    after_layout = next(screen for message, screen in screens[19:] if message.startswith("Before"))
    assert "Ana stacks their towers: by hand" in after_layout
    first_turn = [screen for message, screen in screens if message.startswith("Ana's turn")]
    assert "Ham Hoagie" not in first_turn[0]  # Bo's face-down top card
    assert "(1)" not in first_turn[0]  # nor Ana's own, before she asks
    assert "Salmon Bagel 9 face down" in first_turn[1]  # after she looks
    assert "Ham Hoagie" not in first_turn[1]
    bo_turn = next(screen for message, screen in screens if message.startswith("Bo's turn"))
    assert "(1)" not in bo_turn and "(9)" not in bo_turn  # Ana's cards are gone
    assert "Ana pile 9" in bo_turn and "wins the battle" in bo_turn  # the battle is news
