"""Two Astral ticks played in Chromium with each player character on their own phone-sized
screen, the table screen on a TV and the GM at the terminal: one the GM declares first
for the NPCs (``tick --phones``), while rolling in the open and in secret, then each phone
declares; one the phones declare first, which waits for the GM's NPCs. Each tick is played
once, with every declaration; no phone sees the NPCs' declaration before the tick, nor any
screen the GM's secret roll or another seat's link; the table fits a TV."""

from __future__ import annotations

import json
import subprocess
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
from tests.web.harness import Server, environment, gmtool_command, start_server

NPCS_DECLARED = ["Wisp attack", "attacks Ana"]
"""The GM's declaration for the Wisp, as no screen may show it before the tick."""


def declare(phone: Any, action: str) -> str:
    """Tap ``action``'s form on the phone (its own declaration, or its answer)."""
    button = phone.locator(f"form.m-{action} button")
    with phone.expect_navigation(wait_until="domcontentloaded"):
        button.click()
    return phone.locator(".notice").first.inner_text()


def test_two_ticks_declared_on_the_phones_with_the_gm_declaring_the_npcs_at_the_terminal(
    browser: Any, gmtool_home: Path, gmtool: Any, served: list[Server]
) -> None:
    home = gmtool_home
    demo = str(packaged("campaigns", "astral-demo.yaml"))
    assert gmtool("campaign", "new", "a", "--from", demo, "--seed", "2").code == 0
    served.append(server := start_server(home, "a"))
    events = EventsReader(server.base)
    screens = open_screens(browser, server)
    phones, table, check = screens.phones, screens.table, expect()
    ana, cy = phones["Ana"], phones["Cy"]

    # The GM declares for the Wisp and leaves the PCs to their phones, rolling meanwhile.
    asking = ["astral", "tick", "--phones", "--act", "Wisp attack Ana", "--json"]
    waiting = subprocess.Popen(
        gmtool_command(home, "-c", "a", *asking),
        env=environment(home),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    terminal = Terminal(home, "a", [SECRET_ROLL, ["roll", "2d6", "--dice", "3,4"]])
    check(ana.locator(".your-turn")).to_have_text("Your answer", timeout=4 * WAIT_MS)
    check(table.locator(".asked")).to_contain_text("the GM declared for the NPCs: Ana")
    assert "refused" not in declare(ana, "defend")
    check(cy.locator(".your-turn")).to_have_text("Your answer", timeout=WAIT_MS)
    assert_fits(table)
    for page in (ana, cy, table):  # simultaneous: the Wisp's action is not told before
        assert not [words for words in NPCS_DECLARED if words in page.content()]
    terminal.done()
    assert "refused" not in declare(cy, "rest")
    out, err = waiting.communicate(timeout=20)
    assert waiting.returncode == 0, err
    first = json.loads(out)
    assert first["tick"] == 1 and set(first["cv"]) == {"Ana", "Wisp"}  # the Wisp attacked

    # The phones declare first; the tick then waits for the GM's NPCs.
    check(ana.locator(".your-turn")).to_have_text("Your turn", timeout=WAIT_MS)
    assert declare(ana, "work") == "waiting for Cy to answer"
    check(cy.locator(".your-turn")).to_have_text("Your answer", timeout=WAIT_MS)
    assert declare(cy, "rest") == "waiting for the GM to answer"
    check(table.locator(".asked")).to_contain_text("the GM to declare for the NPCs (Wisp")
    said = gmtool("-c", "a", "astral", "tick", "--phones", "--json")  # the NPCs hesitate
    assert said.code == 0, said.err
    assert json.loads(said.out)["tick"] == 2
    check(table.locator(".latest")).to_contain_text("tick 2", timeout=WAIT_MS)
    assert_fits(table)

    log = json.loads(gmtool("-c", "a", "log", "--json").out)
    ticks = [(e["what"].split(":")[0], e["who"]) for e in log if e["kind"] == "action"]
    assert ticks == [("tick 1", "Ana, Cy, Wisp"), ("tick 2", "Ana, Cy")], ticks
    assert [e["kind"] for e in log].count("secret") == 1
    assert_nothing_leaked(screens, server)
    events.versions_only()
    screens.close()
