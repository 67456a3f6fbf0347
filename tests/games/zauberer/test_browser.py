"""A Zauberer team plays its turn from its screen in a real browser; the table follows
without a reload, and only the team sees its spell card."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.web.browsing import WAIT_MS, expect, gm
from tests.web.harness import Server, start_server


def test_a_zauberer_turn_from_a_teams_screen_updates_the_table(
    browser: Any, home: Path, served: list[Server]
) -> None:
    teams = "fire=Ana,water=Bo,air=Cy,earth=Di"
    gm(home, "campaign", "new", "z", "--system", "zauberer", "--teams", teams, "--first", "fire")
    served.append(server := start_server(home, "z"))
    contexts = [browser.new_context(viewport={"width": 900, "height": 900}) for _ in range(3)]
    table, fire, water = (context.new_page() for context in contexts)
    table.goto(server.base + "/")
    fire.goto(server.links["fire"])
    water.goto(server.links["water"])
    check = expect()
    check(water.locator("form.go")).to_have_count(0)
    for form, fields in (
        ("go", {"input[name=die1]": "6"}),
        ("dungeon", {"input[name=die1]": "3", "input[name=die2]": "4"}),  # a field a die
        ("end", {}),
    ):
        before = table.inner_html("main")
        for selector, value in fields.items():
            fire.fill(f"form.{form} {selector}", value)
        if form == "go":
            fire.select_option("form.go select[name=way1]", "nb1")
        fire.click(f"form.{form} button")
        if form == "end":  # the end of a turn cannot be taken back: a second tap
            fire.click(f"form.{form} button")
        check(fire.locator(".notice")).not_to_contain_text("refused")
        table.wait_for_function(  # the table follows without a reload
            "before => document.querySelector('main').innerHTML !== before",
            arg=before,
            timeout=WAIT_MS,
        )
    check(water.locator("form.go")).to_be_visible(timeout=WAIT_MS)  # water's turn now
    board = json.loads(gm(home, "-c", "z", "zauberer", "show", "--all", "--json"))
    fire_team = next(team for team in board["teams"] if team["clan"] == "fire")
    assert fire_team["space"] == "nb1" and fire_team["spell"] is not None
    assert fire_team["spell"]["name"] in fire.inner_text("main")
    for other in (table, water):
        assert fire_team["spell"]["name"] not in other.content()
    log = json.loads(gm(home, "-c", "z", "log", "--json"))
    assert [entry["who"] for entry in log] == ["fire (Ana)"] * 3
    for context in contexts:
        context.close()
