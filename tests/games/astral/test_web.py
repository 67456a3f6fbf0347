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


def test_ana_sees_her_aura_and_the_distances_and_both_declarations_make_one_tick(
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
    assert "refused" not in done.text, done.text
    newest = json.loads(gmtool("log", "--json").out)[-1]
    assert newest["what"].startswith("tick 1")
    tick = json.loads(gmtool("status", "--json").out)
    assert tick["tick"] == 1
    assert newest["who"] == "Ana, Cy"  # one tick of both declarations
    task = next(t for t in tick["tasks"] if t["name"] == "Unseal")
    assert task["done"] == 1  # Ana worked the task
