"""A short Stars & Starships encounter played in Chromium with every party member on their
own phone-sized screen, the table screen on a TV and the GM rolling at the terminal (in the
open and in secret) meanwhile: each turn is taken from the phone whose turn it is, a free
row switch, two passed turns and an attack with real dice typed that ends the fight. Every
move is logged once, as its maker's; no screen holds the GM's secret roll or another seat's
link; the table fits a TV."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gmtool.content.paths import packaged
from tests.web.at_the_table import (
    SECRET_ROLL,
    EventsReader,
    Terminal,
    assert_fits,
    assert_nothing_leaked,
    open_screens,
)
from tests.web.browsing import WAIT_MS, expect
from tests.web.harness import Server, start_server


def send(phone: Any, form: str) -> str:
    """Send ``form`` (with the second tap a move that cannot be taken back asks for); the
    notice the phone shows then, if no redraw has replaced it yet."""
    button = phone.locator(f"form.{form} button")
    if button.get_attribute("data-confirm"):
        button.click()
        expect()(button).to_have_class("armed")
    with phone.expect_navigation(wait_until="domcontentloaded"):
        button.click()
    notice = phone.locator(".notice")  # a redraw for the GM's roll may have replaced it
    return notice.first.inner_text() if notice.count() else ""


def test_an_encounter_played_from_the_partys_phones_with_the_gm_rolling_at_the_terminal(
    browser: Any, gmtool_home: Path, gmtool: Any, served: list[Server]
) -> None:
    demo = str(packaged("campaigns", "starships-demo.yaml"))
    assert gmtool("campaign", "new", "s", "--from", demo).code == 0
    start = ["-c", "s", "starships", "encounter", "start", "--enemy", "Drone"]
    assert gmtool(*start, "--dice", "7,7,15,4").code == 0  # the party first: Ana
    served.append(server := start_server(gmtool_home, "s"))
    events = EventsReader(server.base)
    screens = open_screens(browser, server)
    phones, table, check = screens.phones, screens.table, expect()
    assert list(phones) == ["Ana", "Bo", "Cy", "Dee"]
    check(phones["Ana"].locator(".your-turn")).to_have_text("Your turn")
    for seat in ("Bo", "Cy", "Dee"):
        check(phones[seat].locator(".not-your-turn")).to_have_text("Waiting for Ana")
    assert_fits(table)

    rolls = [SECRET_ROLL, ["roll", "1d20", "--dice", "5"], ["roll", "d100", "--secret"]]
    terminal = Terminal(gmtool_home, "s", rolls)
    ana = phones["Ana"]
    ana.select_option("form.m-row select[name='k.row']", label="back")
    assert "refused" not in send(ana, "m-row")  # free: still Ana's turn
    check(ana.locator(".your-turn")).to_have_text("Your turn", timeout=WAIT_MS)
    assert "refused" not in send(ana, "m-end_turn")
    bo = phones["Bo"]
    check(bo.locator(".your-turn")).to_have_text("Your turn", timeout=WAIT_MS)
    assert "refused" not in send(bo, "m-end_turn")
    terminal.done()  # the GM rolled while Ana and Bo played
    cy = phones["Cy"]
    check(cy.locator(".your-turn")).to_have_text("Your turn", timeout=WAIT_MS)
    cy.select_option("form.m-attack select[name='k.target']", label="Drone")
    cy.fill("form.m-attack fieldset:not([disabled]) input[name=die1]", "15")
    cy.fill("form.m-attack fieldset:not([disabled]) input[name=die2]", "8")
    said = send(cy, "m-attack")  # 15 + 3 hits; 8 on a d8 against a weak Drone: the most
    assert "refused" not in said, said
    check(table.locator(".latest")).to_contain_text("Cy", timeout=WAIT_MS)
    status = json.loads(gmtool("-c", "s", "status", "--json").out)
    assert status["mode"] != "encounter" and status["last_outcome"], status  # won
    assert_fits(table)

    log = json.loads(gmtool("-c", "s", "log", "--json").out)
    moves = [(e["what"], e["who"].split(", ")[0]) for e in log if e["kind"] == "action"]
    assert [who for _, who in moves] == ["", "Ana", "Ana", "Bo", "Cy"], moves  # "": the GM
    assert [e["kind"] for e in log].count("secret") == 2
    attack = next(e for e in log if e["who"].startswith("Cy"))
    assert [(r["total"], r["source"]) for r in attack["dice"]] == [(15, "entered"), (8, "entered")]
    assert_nothing_leaked(screens, server)
    events.versions_only()
    screens.close()
