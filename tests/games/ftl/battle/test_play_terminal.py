"""``gmtool play --demo ftl`` in an 80x24 pseudo-terminal, as a table with physical dice
sees it: the crew on the main screen, the dice of a second listed by name and die, a
face typed and the rest left to gmtool, and the story under the ships, on one screen."""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.terminal as terminal
from tests.terminal import Terminal


@pytest.fixture
def small_terminal(gmtool_home: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(terminal, "COLUMNS", 80)
    monkeypatch.setattr(terminal, "ROWS", 24)
    started = Terminal(gmtool_home, "play", "--demo", "ftl")
    yield started
    started.child.close(force=True)


def test_a_second_with_physical_dice_at_80_by_24(small_terminal: Terminal) -> None:
    t = small_terminal
    screen = t.wait_for_menu()
    assert "Red crew: Ana bridge 100" in screen  # the crew on the main screen
    _answer(t, "Red gives an order", "turn a weapon on or off")  # the reactor is full:
    assert "(heavy_laser on: cannot, heavy_laser needs 1 reactor bars; Red has 0 free)" in (
        t.visible()
    )  # every weapon shown, greyed with the reason
    t.press("esc")
    t.settle(0.6)
    t.press("esc")
    _answer(t, "Red gives an order", "move reactor power", "medbay", "0")
    _answer(t, "Red gives an order", "turn a weapon on or off", "heavy_laser on")
    _answer(t, "Red gives an order", "aim a weapon", "heavy_laser", "bridge")
    t.choose("run several seconds")
    t.wait_for("How many seconds?")
    t.type("0")
    t.wait_for("run 1 to 600 seconds, not 0")  # refused, asked again
    t.press(*["\x7f"] * 3)
    t.type("20")
    t.wait_for("evade d20 for Blue dodges heavy_laser")
    t.type("evade=20")
    t.wait_for("evade d20 = 20 for Blue dodges heavy_laser")
    t.settle()
    t.type("")  # the rest (none left) to gmtool
    screen = t.wait_for_menu()
    assert "Blue fails to dodge heavy_laser (d20 20, needs 1,2,3,4,5)" in screen
    assert "Blue shield stops heavy_laser (1 left)" in screen
    assert "? What now?" in screen and "quit" in screen  # story and menu on one screen
    t.press("ctrl-c")
    t.wait_for("left the session; the campaign is saved.")
    assert t.finish() == 0


def _answer(t: Terminal, *picks: str) -> None:
    """Each pick in its list, each list drawn before it is answered."""
    for pick in picks:
        t.settle(0.6)
        t.choose(pick)
    t.settle(0.6)
