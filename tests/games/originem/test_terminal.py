"""Originem's ``gmtool play`` under a real terminal: back, a wrong face, Ctrl-C, the clock."""

from __future__ import annotations

import time
from typing import Any

from gmtool.engine.game import Game

MENU = "What happens?"


def test_back_wrong_face_and_ctrl_c(in_terminal: Any) -> None:
    term = in_terminal("--demo", "originem")
    term.wait_for(MENU)
    assert "Esc goes back a step" in term.visible()
    term.press("down", "enter")  # start a fight
    term.wait_for("Enemies (tiers:")
    term.type("low")
    term.wait_for("The GM's die?")
    term.press("esc")  # back to the enemies, offered again
    term.wait_for("Enemies (tiers:", times=2)
    term.settle()
    assert term.visible().rstrip().endswith("e.g. low:2, high): low")
    term.press("enter")
    term.wait_for("The GM's die?")
    term.press("enter")  # d6
    term.wait_for("roll initiative")
    term.press("enter")  # roll initiative
    term.wait_for("Who rolls initiative against the GM?")
    term.press("enter")  # Pierre
    term.wait_for("Faces for Pierre's d")
    term.type("11 3")  # Pierre fights with a d10
    term.wait_for("the 1st face, 11, is not on a d10")
    term.wait_for("Faces for Pierre's d", times=2)
    assert term.ctrl_c_twice() == 0  # nothing was written for the unfinished roll
    combat = Game.open("demo-originem").state["combat"]
    assert combat is not None and combat["turn"] == "initiative"


def test_the_nova_clock_runs_on_the_screen_while_the_menu_waits(in_terminal: Any) -> None:
    term = in_terminal("--demo", "originem")
    term.wait_for(MENU)
    term.press("down", "down", "down", "down", "enter")  # NOVA: start
    first = term.wait_for("left, running")
    line = next(row for row in first.splitlines() if "left, running" in row)
    time.sleep(1.6)
    term.settle(0.2)
    now = next(row for row in term.visible().splitlines() if "left, running" in row)
    assert now != line
    term.press("ctrl-c")
    term.wait_for("NOVA paused at")


def test_a_closed_terminal_pauses_the_clock(in_terminal: Any) -> None:
    """The terminal window is closed under a running clock: the hang-up leaves ``play`` as
    quitting does, and the clock is paused (an entry in the log), not left running."""
    import signal

    term = in_terminal("--demo", "originem")
    term.wait_for(MENU)
    term.press("down", "down", "down", "down", "enter")  # NOVA: start
    term.wait_for("left, running")
    term.child.ptyproc.fileobj.close()  # the window goes: the kernel hangs the terminal up
    deadline = time.monotonic() + 8
    while term.child.isalive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not term.child.isalive()
    assert term.child.signalstatus in (None, signal.SIGHUP) or term.child.exitstatus == 129
    game = Game.open("demo-originem")
    assert game.state["nova"]["started"] is True and game.state["nova"]["running"] is False
    assert game.store.entries(last=1)[0].outcome == "paused: the GM left play"
