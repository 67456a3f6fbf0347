"""Food Fight's ``gmtool play`` under a real terminal: what the next player can see."""

from __future__ import annotations

from typing import Any

from gmtool.engine.game import Game

BEFORE = "Before the first move:"


def test_no_earlier_secret_is_on_the_screen_when_the_next_player_begins(in_terminal: Any) -> None:
    term = in_terminal("--demo", "foodfight")
    term.wait_for(BEFORE)
    term.press("down", "enter")  # Ana stacks their towers
    term.wait_for("Pass the screen to Ana")
    term.press("enter")
    term.wait_for("How does Ana stack their towers?")
    term.press("down", "down", "down", "enter")  # by hand
    term.wait_for("Spot 1, bottom card:")
    term.press(*["enter"] * 18)  # the weakest card left each time (typed ahead)
    term.wait_for("Ana stacks their towers: by hand")
    term.wait_for(BEFORE)
    shown = term.text()  # the scrollback too
    assert "Spot" not in shown and "(1)" not in shown and "(9)" not in shown
    term.press("enter")  # start playing: the demo's first player is Cy
    term.wait_for("Pass the screen to Cy")
    assert term.text().strip().startswith("» Pass the screen to Cy")  # nothing else
    term.press("enter")
    term.wait_for("Cy's turn:")
    term.press("enter")  # Cy attacks
    term.wait_for("Attack with which pile?")
    term.press("esc")  # back to the menu: the screen is still Cy's
    term.settle()
    term.wait_for_menu()
    term.press("enter")
    term.wait_for("Attack with which pile?")
    term.settle()
    secret = next(line for line in term.visible().splitlines() if "» pile 1:" in line)
    cy_card = secret.split("pile 1:", 1)[1].strip()  # Cy's own top card, named
    term.press("enter")
    term.wait_for("Attack which card?")
    term.press("enter")  # Ana's pile 1
    term.wait_for("Pass the screen to Di")
    shown = term.text()
    assert cy_card not in shown and "Attack with which pile?" not in shown
    term.press("enter")
    term.wait_for("Di's turn:")
    assert cy_card not in term.text().split("Cy attacks Ana", 1)[0]  # only in the news
    term.press("down", "enter")  # Di discards
    term.wait_for("Discard the top card of which pile?")
    term.press("ctrl-c")  # out of the question, back at Di's menu
    term.wait_for("back at the menu")
    term.wait_for_menu()
    term.press("ctrl-c")
    term.wait_for("left the session; the campaign is saved.")
    assert term.finish() == 0
    assert Game.open("demo-foodfight").store.count_entries() == 2
