"""Stars & Starships' ``gmtool play`` under a real terminal: back, a wrong face, Ctrl-C."""

from __future__ import annotations

from typing import Any

from gmtool.engine.game import Game

MENU = "What happens?"


def test_back_wrong_face_and_ctrl_c(in_terminal: Any) -> None:
    term = in_terminal("--demo", "starships")
    term.wait_for(MENU)
    term.choose("start an encounter")
    term.wait_for("Enemies, separated by commas")
    term.type("Crawler")
    term.wait_for("Faces for the party's initiative d20")
    term.press("esc")  # back to the enemies, offered again
    term.wait_for("Enemies, separated by commas", times=2)
    term.settle()
    unwrapped = "".join(line.rstrip() for line in term.visible().splitlines())
    assert unwrapped.endswith("those already added) Crawler")
    term.press("enter")
    term.wait_for("Faces for the party's initiative d20", times=2)
    term.type("25 1")
    term.wait_for("the 1st face, 25, is not on a d20")
    term.wait_for("Faces for the party's initiative d20", times=3)
    term.type("20 1")
    term.wait_for("the party goes first")
    term.wait_for_menu()
    term.choose("Ana attacks")
    term.wait_for("Weapon?")
    assert term.ctrl_c_twice() == 0
    state = Game.open("demo-starships").state
    assert state["mode"] == "encounter" and state["encounter"]["queue"][0] == "Ana"
