"""Astral's ``gmtool play`` under a real terminal: back, a wrong face, Ctrl-C."""

from __future__ import annotations

from typing import Any

from gmtool.engine.game import Game

MENU = "What happens?"


def test_back_wrong_face_and_ctrl_c(in_terminal: Any) -> None:
    term = in_terminal("--demo", "astral")
    term.wait_for(MENU)
    term.press("enter")  # play a tick
    term.wait_for("Ana does what?")
    term.press("esc")  # at the first question: back to the menu
    term.wait_for(MENU, times=2)
    term.press("enter")
    term.wait_for("Ana does what?", times=2)
    term.choose("attack")
    term.wait_for("Ana attacks whom?")
    term.press("esc")  # back to what Ana does
    term.wait_for("Ana does what?", times=3)
    term.settle()
    assert "» attack" in term.visible()  # the earlier answer is offered first
    term.press("enter")
    term.wait_for("Ana attacks whom?", times=2)
    term.choose("Wisp")
    for who in ("Cy", "Wisp", "Warden"):
        term.wait_for(f"{who} does what?")
        term.choose("rest")
    term.wait_for("Does anyone speak this tick?")
    term.press("enter")  # nobody
    term.wait_for("Faces for Ana's 2d6")
    term.type("9 9")
    term.wait_for("the 1st face for Ana, 9, is not on a d6")
    term.wait_for("Faces for Ana's 2d6", times=2)  # asked again, the declarations kept
    assert term.ctrl_c_twice() == 0
    assert Game.open("demo-astral").state["tick"] == 0
