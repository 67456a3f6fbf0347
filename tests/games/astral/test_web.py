"""Astral's phone screens under the test client: a player character sees their Aura and
how far everything is; their declaration waits for the other player characters, each
asked on their own screen, and the last one's plays the tick with both declarations and
the faces each typed."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from gmtool.content.paths import packaged
from tests.web.client import Table, serving


@pytest.fixture
def plane(gmtool: Any) -> Iterator[Table]:
    demo = str(packaged("campaigns", "astral-demo.yaml"))
    assert gmtool("campaign", "new", "a", "--from", demo, "--seed", "2").code == 0
    yield from serving("a")


def form_of(page: str, move: str) -> dict[str, str]:
    """The hidden fields of ``move``'s form on a screen."""
    start = page.index(f'class="move m-{move}"')
    chunk = page[start : page.index("</form>", start)]
    return dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', chunk))


def newest_action(name: str) -> dict[str, Any]:
    from gmtool.engine.game import Game

    game = Game.open(name)
    try:
        action = game.store.entries(last=1)[0].action
    finally:
        game.store.close()
    assert action is not None
    return action


def gm_asks(plane: Table, *declarations: dict[str, Any]) -> None:
    """The GM's ``astral tick --phones --act ...``, as the server's watcher takes it up."""
    from gmtool.engine.game import Game

    game = Game.open("a")
    try:
        game.ask({"type": "tick", "declarations": list(declarations)})
    finally:
        game.store.close()
    plane.campaign.call(plane.campaign.take_gm_move)


WISP = {"who": "Wisp", "action": "attack", "target": "Ana"}


def test_both_phones_declare_then_the_tick_waits_for_the_gm_to_declare_for_the_npcs(
    plane: Table, gmtool: Any
) -> None:
    ana = plane.seat("Ana").text
    assert "Your turn · Ana" in ana and "Aura 12 / 12" in ana
    assert re.search(r"<th>Gate</th><td[^>]*>object</td><td[^>]*>near</td>", ana)
    done = plane.post("Ana", **form_of(ana, "work"))
    assert "waiting for Cy" in done.text, done.text
    table = plane.get("/").text
    assert "Ana declared: Cy to declare before the tick" in table
    assert "Unseal" not in table.split("Ana declared", 1)[1][:80]  # no declaration shown
    cy = plane.seat("Cy").text
    assert "Your answer · Cy" in cy and 'action="/p/' in cy
    done = plane.post("Cy", "answer", **form_of(cy, "rest"))
    assert "waiting for the GM to answer" in done.text, done.text
    assert "Ana, Cy declared: the GM to declare for the NPCs (Wisp, Warden)" in plane.get("/").text
    assert json.loads(gmtool("log", "--json").out) == []  # nothing played yet
    gm_asks(plane, WISP)  # the NPCs are the GM's, declared at the terminal
    newest = json.loads(gmtool("log", "--json").out)[-1]
    assert newest["what"].startswith("tick 1") and newest["who"] == "Ana, Cy, Wisp"
    assert newest_action("a")["declarations"][2] == WISP  # the same tick a typed one makes
    tick = json.loads(gmtool("status", "--json").out)
    assert tick["tick"] == 1
    task = next(t for t in tick["tasks"] if t["name"] == "Unseal")
    assert task["done"] == 1  # Ana worked the task
    assert "Your turn · Ana" in plane.seat("Ana").text  # the next tick


def test_the_gm_declares_first_and_the_phones_never_see_the_npcs_declaration(
    plane: Table, gmtool: Any
) -> None:
    gm_asks(plane, WISP)
    assert "the GM declared for the NPCs: Ana to declare before the tick" in plane.get("/").text
    ana = plane.seat("Ana").text
    assert "Your answer · Ana" in ana
    asked = ana.split('class="panel ask moves"', 1)[1].split("</h2>", 1)[0]
    assert asked.endswith("the GM declared for the NPCs. Your declaration for this tick:")
    done = plane.post("Ana", "answer", **form_of(ana, "rest"))
    assert "waiting for Cy" in done.text, done.text
    cy = plane.seat("Cy").text
    for page in (cy, plane.seat("Ana").text, plane.get("/").text, plane.get("/log").text):
        assert "Wisp attack" not in page and "attacks Ana" not in page
    done = plane.post("Cy", "answer", **form_of(cy, "defend"))
    assert "refused" not in done.text, done.text
    assert [d["who"] for d in newest_action("a")["declarations"]] == ["Wisp", "Ana", "Cy"]
    assert json.loads(gmtool("status", "--json").out)["tick"] == 1


def test_a_tick_from_the_phones_with_every_pc_declared_here_is_refused(
    plane: Table, gmtool: Any
) -> None:
    done = gmtool("astral", "tick", "--phones", "--act", "Ana rest", "--act", "Cy rest")
    assert done.code != 0 and "no screen is left to ask" in done.err
    assert "Traceback" not in done.err
