"""Zauberer's ``gmtool play`` under a real terminal: a spell is seen behind the gate only."""

from __future__ import annotations

from typing import Any

from gmtool.engine.game import Game
from gmtool.store.home import set_current_campaign


def test_a_spell_is_wiped_from_the_screen_before_the_table_sees_it_again(play: Any) -> None:
    game = Game.create(
        "arena",
        system_name="zauberer",
        options={"teams": {"fire": ["Ana"], "water": ["Bo"]}, "first": "fire"},
        overrides={},
        seed=2,
    )
    state = game.state
    state["teams"][0]["spell"] = "fireball"
    state["decks"]["fire"].remove("fireball")
    with game.store.transaction():
        game.store.set_head_state(state, 0)
    game.store.close()
    set_current_campaign("arena")
    term = play()
    term.wait_for("fire's turn (Ana):")
    assert "Fireball" not in term.text() and "a hidden card" in term.text()
    term.choose("fire looks at its spell (the others look away)")
    term.wait_for("Pass the screen to fire (Ana)")
    assert term.text().strip().startswith("» Pass the screen to fire")  # nothing else
    term.press("enter")
    term.wait_for("press Enter to hide your card")
    assert "Fireball (attack)" in term.visible()
    term.press("enter")
    term.wait_for("fire's turn (Ana):")
    term.settle()
    assert "Fireball" not in term.text()  # the scrollback too
    term.choose("fire rolls to move")
    term.wait_for("At the fork n1, which way?")
    term.press("enter")
    term.wait_for("Faces for fire's movement d6")
    term.type("1")
    term.wait_for("fire ends its turn")
    term.press("ctrl-c")
    term.wait_for("left the session; the campaign is saved.")
    assert term.finish() == 0
    assert Game.open("arena").state["teams"][0]["space"] == "n1"
