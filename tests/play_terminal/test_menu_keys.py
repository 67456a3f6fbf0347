"""At a terminal the loop's standard entries are keys (u undo, r redo, l the log, q quit),
named on one line under the menu, so the game's own entries keep the rows; a key leaves
the question's line as Enter does, with the answer where the hint was."""

from __future__ import annotations

from typing import Any

from gmtool.engine.game import Game


def test_undo_redo_and_quit_are_keys_named_under_the_menu(in_terminal: Any) -> None:
    term = in_terminal("--demo", "starships")
    screen = term.wait_for_menu()
    assert "keys: " in screen and "u undo" in screen and "q quit" in screen
    menu = screen.split("What happens?", 1)[1]
    assert "   undo" not in menu and "   quit" not in menu  # not lines of the list
    term.choose("switch someone's row")
    term.wait_for("Who?")
    term.press("enter")  # Ana
    term.wait_for("Which row?")
    term.choose("back")
    term.wait_for_menu()
    term.wait_for("Ana", times=3)
    term.press("u")
    term.wait_for("undone: ")
    term.wait_for_menu()
    asked = term.text().split("undone: ", 1)[0]
    answered = [line for line in asked.splitlines() if "What happens?" in line][-1]
    assert answered.split() == ["?", "What", "happens?", "undo"]  # the hint gone, as Enter does
    term.press("r")
    term.wait_for("redone: ")
    term.wait_for_menu()
    term.press("q")
    term.wait_for("left the session; the campaign is saved.")
    assert term.finish() == 0
    assert [e.voided for e in Game.open("demo-starships").store.entries()] == [False]
