"""The ``gmtool play`` loop for Food Fight, driven by scripted answers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from gmtool.cli.playloop.scripted import CTRL_C, ENTER, ESC
from gmtool.engine.game import Game
from gmtool.games.foodfight import play as play_foodfight
from tests.prefix_prompts import PrefixPrompts


def new_game(tmp_path: Path, track: int = 20, *, blind: bool = False) -> Game:
    overrides: dict[str, Any] = {"board": {"track": {"length": track, "fortune_spots": [1]}}}
    if blind:
        overrides["rules"] = {"fortune_timing": "blind"}
    return Game.create(
        "loop",
        system_name="foodfight",
        options={"players": ["Ana", "Bo", "Cy", "Di"]},
        overrides=overrides,
        seed=5,
    )


def test_lay_out_by_hand_then_play_to_the_winner(tmp_path: Path) -> None:
    game = new_game(tmp_path, track=2)
    # Bo stacks Grapes under Carrot Sticks on spot 1, then always the weakest card left
    # (the first choice offered, as choices are listed by salt).
    layout = ["Grapes", "Carrot Sticks"] + [""] * 16
    script = ["Bo", ENTER, "by hand", *layout, "Di", ENTER, "weakest", "start playing"]
    script += [ENTER, "Ana discards", "pile 1", ENTER, "Bo attacks", "pile 1", "Cy:1"]
    script += [ENTER, "Cy attacks", "pile 1", "Di:1", ENTER]
    prompts = PrefixPrompts(*script, "quit")
    play_foodfight.run(game, prompts)
    assert prompts.script == []
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
    script = ["start playing", ENTER, "Ana discards", "pile 1", ENTER, "Bo discards", "pile 1"]
    script += [ENTER, "Cy discards", "pile 1", "undo", "Cy discards", "pile 2"]
    script += ["quit"]
    play_foodfight.run(game, PrefixPrompts(*script))
    state = game.state
    assert state["winner"] == "Di" and state["over"]
    cy = state["players"][2]["piles"]
    assert (len(cy[0]), len(cy[1])) == (2, 1)  # the undone discard of pile 1 is gone


def test_a_battle_turns_the_cards_then_asks_for_fortunes(tmp_path: Path) -> None:
    game = new_game(tmp_path)
    script = ["start playing", ENTER, "Ana discards", "pile 2", ENTER, "Bo discards", "pile 2"]
    # Cy holds no Fortune: the attack turns the cards face up and the screen goes to Ana,
    # the defender, who reveals her Fortune on her card.
    script += [ENTER, "Cy attacks", "pile 1", "Ana:1", ENTER, "Ana reveals", "f", "on my card"]
    # Di attacks Bo; Bo sees both cards and passes.
    script += [ENTER, "Di attacks", "pile 1", "Bo:1", ENTER, "Bo passes", ENTER, "quit"]
    prompts = PrefixPrompts(*script)
    play_foodfight.run(game, prompts)
    entries = game.store.entries()
    assert [e.what for e in entries][2:] == [
        "attack 1 Ana:1",
        entries[3].what,
        "attack 1 Bo:1",
        "pass",
    ]
    assert entries[3].what.startswith("fortune f")
    battle = entries[3].result
    assert battle["defender"]["player"] == "Ana" and len(battle["defender"]["fortunes"]) == 1
    assert entries[5].result["defender"]["fortunes"] == [] and prompts.script == []
    asked = prompts.asked
    answer = asked.index("Ana, the cards are face up: a Fortune, or pass?")
    assert asked[answer - 1].startswith("Pass the screen to Ana")  # her hand comes after
    assert "Cy, the cards are face up: a Fortune, or pass?" not in asked


def test_blind_fortunes_are_asked_with_the_attack(tmp_path: Path) -> None:
    game = new_game(tmp_path, blind=True)
    script = ["start playing", ENTER, "Ana discards", "pile 2", ENTER, "Bo discards", "pile 2"]
    # Cy holds no Fortune, so only the defender is asked; then Bo declines to defend.
    script += [ENTER, "Cy attacks", "pile 1", "Ana:1", ENTER, "f", "on my card"]
    script += [ENTER, "Di attacks", "pile 1", "Bo:1", ENTER, "no Fortune", ENTER, "quit"]
    prompts = PrefixPrompts(*script)
    play_foodfight.run(game, prompts)
    entries = game.store.entries()
    battle = entries[2].result
    assert battle["defender"]["player"] == "Ana" and len(battle["defender"]["fortunes"]) == 1
    assert len(entries) == 4 and prompts.script == []
    asked = prompts.asked
    fortune = asked.index("Ana, play a Fortune in this battle?")
    assert asked[fortune - 1].startswith("Pass the screen to Ana")  # her hand comes after
    assert "Cy, play a Fortune in this battle?" not in asked


class Watching(PrefixPrompts):
    """Also keeps what was on the screen (since it was last cleared) at each question."""

    def __init__(self, answers: list[str], capsys: pytest.CaptureFixture[str]) -> None:
        super().__init__(*answers)
        self.capsys = capsys
        self.screen = ""
        self.screens: list[tuple[str, str]] = []

    def _look(self, message: str) -> None:
        self.screen += self.capsys.readouterr().out
        self.screens.append((message, re.sub(r"\x1b\[[0-9;]*m", "", self.screen)))

    def _choose(self, message: str, choices: list[str], default: Any, live: Any) -> str:
        self._look(message)
        return super()._choose(message, choices, default, live)

    def _wait(self, message: str) -> None:
        self._look(message)
        super()._wait(message)

    def clear_screen(self) -> None:
        self.capsys.readouterr()
        self.screen = ""
        super().clear_screen()


def test_the_screen_holds_no_secret_when_it_passes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = new_game(tmp_path)
    layout = [""] * 18  # Ana stacks by hand, always the weakest card left
    script = ["Ana", ENTER, "by hand", *layout, "start playing"]  # the screen is Ana's
    script += ["Ana looks", ENTER, "Ana attacks", "pile 9", "Bo:1"]
    script += [ENTER, "Bo discards", "pile 2", ENTER, "quit"]
    prompts = Watching(script, capsys)
    play_foodfight.run(game, prompts)
    assert prompts.script == []
    screens = prompts.screens
    after_layout = next(screen for message, screen in screens[19:] if message.startswith("Before"))
    assert "Ana stacks their towers: by hand" in after_layout
    assert "(1)" not in after_layout and "Spot" not in after_layout  # her cards are gone
    first_turn = [screen for message, screen in screens if message.startswith("Ana's turn")]
    assert "Ham Hoagie" not in first_turn[0]  # Bo's face-down top card
    assert "(1)" in piles_of(first_turn[0], "Ana")  # her own salts, on her own screen
    assert "(" not in piles_of(first_turn[0], "Bo")  # not Bo's
    looking = next(screen for message, screen in screens if message.startswith("Ana: press"))
    assert "Salmon Bagel 9 face down" in looking and "Ham Hoagie" not in looking
    gate = next(
        screen for message, screen in screens if message.startswith("Pass the screen to Bo")
    )
    assert "(" not in gate and "Ana pile 9" in gate  # wiped, but the battle's news shown
    assert "wins the battle" in gate  # Ana sees her battle's result before passing
    bo_turn = next(screen for message, screen in screens if message.startswith("Bo's turn"))
    assert "(" not in piles_of(bo_turn, "Ana") and "(" in piles_of(bo_turn, "Bo")
    assert bo_turn.count("wins the battle") == 1  # the news, once


def piles_of(screen: str, name: str) -> str:
    """The line of ``name``'s piles on the latest board drawn on a screen."""
    lines = screen.splitlines()
    heading = max(i for i, line in enumerate(lines) if line[2:].startswith(f"{name} ("))
    return lines[heading + 1]


def test_esc_and_ctrl_c_inside_a_turn(tmp_path: Path) -> None:
    game = new_game(tmp_path)
    script = ["start playing", ENTER, "Ana attacks", "pile 1", ESC, ESC, "Ana discards"]
    script += [CTRL_C, CTRL_C]
    prompts = PrefixPrompts(*script)
    play_foodfight.run(game, prompts)
    assert prompts.script == [] and game.store.count_entries() == 0
    assert prompts.asked.count("Attack with which pile?") == 2  # Esc went back one question
