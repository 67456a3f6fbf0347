"""``gmtool play`` leaving a move to the players' phones, in a real terminal: the campaign
is served here (the web layer under Starlette's test client, its watcher running as in
``gmtool serve``), the phones answer through the same posts a phone makes, and the GM's
screen is read for who is still awaited, then for the move's result in the dashboard's
news. Ctrl-C calls the move off: the asked phones say so, and nothing is logged."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from gmtool.content.paths import packaged
from tests.web.client import Table, serving

MENU = "What happens?"


def hidden_fields(page: str, form_class: str) -> dict[str, str]:
    """The hidden fields of the first form of class ``form_class`` on a screen."""
    start = page.index(f'class="move {form_class}"')
    chunk = page[start : page.index("</form>", start)]
    return dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', chunk))


def logged(gmtool: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(gmtool("log", "--json").out)
    return found


# -- Originem: a scene whose rolls come from two phones ------------------------------------


@pytest.fixture
def forest(gmtool: Any) -> Iterator[Table]:
    demo = str(packaged("campaigns", "originem-demo.yaml"))
    assert gmtool("campaign", "new", "demo-originem", "--from", demo, "--seed", "7").code == 0
    assert gmtool("originem", "mission", "start", "Map Out Ancient Forest").code == 0
    yield from serving("demo-originem")


def choose_exploration(term: Any, *rollers: str) -> None:
    """From the menu: an exploration scene of the mission under way, rolled by ``rollers``."""
    term.choose("play a scene")
    term.wait_for("Which mission?")
    term.settle(0.1)
    term.press("up", "enter")  # the mission under way, above "no mission" (offered first)
    term.wait_for("Which scene?")
    term.choose("exploration")
    for number, roller in enumerate(rollers, 1):
        term.wait_for(f"Roll {number} of 3: who rolls?", times=term.text().count("Which scene?"))
        term.choose(roller)


def test_a_scene_asked_from_play_is_rolled_on_two_phones_and_drawn_as_any_move(
    forest: Table, in_terminal: Any, gmtool: Any
) -> None:
    for seat in ("Larlen", "Remmy"):
        forest.seat(seat)  # each roller's phone opens its link
    before = len(logged(gmtool))
    term = in_terminal("--demo", "originem")
    term.wait_for_menu()
    choose_exploration(term, "Larlen (d10)", "Larlen (d10)", "Remmy (d8)")
    term.wait_for("Where are Larlen's and Remmy's rolls made?")
    term.choose("on their phones (Larlen, Remmy)")
    term.wait_for("still awaited: Larlen, Remmy")
    remmy = forest.seat("Remmy").text
    assert "m-dice" not in remmy  # asked in turn: Larlen first
    larlen = forest.seat("Larlen").text
    done = forest.post("Larlen", "answer", **hidden_fields(larlen, "m-dice"), die1="3", die2="2")
    assert "waiting for Remmy to answer" in done.text, done.text
    term.wait_for("still awaited: Remmy · answered: Larlen")
    assert len(logged(gmtool)) == before  # nothing played before the last answer
    remmy = forest.seat("Remmy").text
    done = forest.post("Remmy", "answer", **hidden_fields(remmy, "m-dice"), die1="4")
    assert "refused" not in done.text, done.text
    # 3 + 2 + 4 = 9: the lowest total of the exploration table's 9-20 band, complete.
    term.wait_for("Larlen d10:3* + Larlen d10:2* + Remmy d8:4* = 9  → complete")
    screen = term.wait_for_menu()
    drawn = screen[screen.rindex("answered: Larlen") :]
    order = ("scenes left: general, exploration", "= 9  → complete", f"{MENU} (arrows")
    assert [drawn.index(text) for text in order] == sorted(drawn.index(text) for text in order)
    newest = logged(gmtool)[-1]
    assert newest["what"] == "exploration scene" and newest["who"] == "Larlen, Remmy"
    assert [roll["source"] for roll in newest["dice"]] == ["entered"] * 3
    term.press("q")
    term.wait_for("left the session; the campaign is saved.")
    assert term.finish() == 0


# -- Astral: a tick declared on the phones, called off once with Ctrl-C --------------------


@pytest.fixture
def plane(gmtool: Any) -> Iterator[Table]:
    demo = str(packaged("campaigns", "astral-demo.yaml"))
    assert gmtool("campaign", "new", "demo-astral", "--from", demo, "--seed", "2").code == 0
    yield from serving("demo-astral")


def declare_npcs_then_phones(term: Any, times: int = 1) -> None:
    """From the menu: a tick whose PCs declare on their phones, the NPCs resting."""
    term.choose("play a tick")
    term.wait_for("Where are Ana's and Cy's declarations made?", times=times)
    term.choose("on their phones (Ana, Cy)")
    for who in ("Wisp", "Warden"):  # the NPCs are the GM's
        term.wait_for(f"{who} does what?", times=times)
        term.choose("rest")
    term.wait_for("Does anyone speak this tick?", times=times)
    term.press("enter")  # nobody


def test_a_tick_declared_on_the_phones_and_ctrl_c_calls_it_off_with_nothing_logged(
    plane: Table, in_terminal: Any, gmtool: Any
) -> None:
    for seat in ("Ana", "Cy"):
        plane.seat(seat)
    term = in_terminal("--demo", "astral")
    term.wait_for_menu()
    declare_npcs_then_phones(term)
    term.wait_for("still awaited: Ana, Cy")
    assert "Your answer · Ana" in plane.seat("Ana").text
    term.press("ctrl-c")
    term.wait_for("called off: nothing was played")
    term.wait_for_menu()
    assert logged(gmtool) == []
    plane.campaign.call(plane.campaign.take_gm_move)  # as the server's watcher does
    ana = plane.seat("Ana").text
    assert "the GM took back the move that asked you" in ana and "Your answer" not in ana

    declare_npcs_then_phones(term, times=2)
    term.wait_for("still awaited: Ana, Cy", times=2)
    ana = plane.seat("Ana").text
    done = plane.post("Ana", "answer", **hidden_fields(ana, "m-work"))
    assert "waiting for Cy" in done.text, done.text
    term.wait_for("still awaited: Cy · answered: Ana")
    cy = plane.seat("Cy").text
    done = plane.post("Cy", "answer", **hidden_fields(cy, "m-rest"))
    assert "refused" not in done.text, done.text
    term.wait_for("tick 1")
    term.wait_for_menu()
    (tick,) = logged(gmtool)
    assert tick["what"].startswith("tick 1") and tick["who"] == "Ana, Cy, Wisp, Warden"
    term.press("q")
    assert term.finish() == 0
