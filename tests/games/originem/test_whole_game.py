"""A short Originem session played in Chromium with every crew member on their own
phone-sized screen, the table screen on a TV, and the GM at the terminal: a scene whose
rolls the GM leaves to the rollers' phones (one types real dice, one taps Roll) while the
GM rolls in the open and in secret, then a fight whose initiative and attacks are rolled on
the phones. Every roll is logged once, as its roller's; no screen holds the GM's secret
roll, another seat's link or the question asked of another seat; the table fits a TV."""

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

ASKED = {"Larlen": ["exploration roll 1 of 3"], "Remmy": ["exploration roll 3 of 3"]}
"""What only the asked roller's screen shows of the GM's question."""


def send(phone: Any, form: str, **dice: str) -> str:
    """Type the dice into ``form`` and send it (twice for a move that asks a second tap);
    the notice the phone shows then."""
    for name, face in dice.items():
        phone.fill(f"form.{form} fieldset:not([disabled]) input[name={name}]", face)
    button = phone.locator(f"form.{form} button")
    if button.get_attribute("data-confirm"):
        button.click()
        expect()(button).to_have_class("armed")
    with phone.expect_navigation(wait_until="domcontentloaded"):
        button.click()
    return phone.locator(".notice").first.inner_text()


def test_a_scene_and_a_fight_rolled_on_the_crews_phones_with_the_gm_at_the_terminal(
    browser: Any, gmtool_home: Path, gmtool: Any, served: list[Server]
) -> None:
    home = gmtool_home  # what the GM types in this process (quicker) or in another
    demo = str(packaged("campaigns", "originem-demo.yaml"))
    for command in (
        ["campaign", "new", "o", "--from", demo, "--seed", "7"],
        ["-c", "o", "originem", "nova", "start"],
        ["-c", "o", "originem", "mission", "start", "Map Out Ancient Forest"],
    ):
        assert gmtool(*command).code == 0
    served.append(server := start_server(home, "o"))
    events = EventsReader(server.base)
    screens = open_screens(browser, server)
    phones, table, check = screens.phones, screens.table, expect()

    # The GM leaves the scene's rolls to the phones, and rolls at the table meanwhile.
    scene = ["originem", "scene", "exploration", "--by", "Larlen", "--by", "Larlen"]
    waiting = subprocess.Popen(
        gmtool_command(home, "-c", "o", *scene, "--by", "Remmy", "--phones", "--json"),
        env=environment(home),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    terminal = Terminal(home, "o", [SECRET_ROLL, ["roll", "1d6", "--dice", "4"]])
    check(phones["Larlen"].locator("form.m-dice")).to_be_visible(timeout=4 * WAIT_MS)  # a start
    check(table.locator(".asked")).to_contain_text("the GM waits for Larlen's exploration rolls")
    assert_fits(table)
    for other in ("Remmy", "Pierre", "Delilah"):
        assert phones[other].locator("form.m-dice").count() == 0  # asked in turn, Larlen first
    terminal.done()
    said = send(phones["Larlen"], "m-dice", die1="3", die2="2")
    assert said == "waiting for Remmy to answer", said
    check(phones["Remmy"].locator("form.m-dice")).to_be_visible(timeout=WAIT_MS)
    check(phones["Remmy"].locator(".your-turn")).to_have_text("Your answer")
    assert "refused" not in send(phones["Remmy"], "m-dice")  # tapped Roll: the campaign rolls
    out, err = waiting.communicate(timeout=20)
    assert waiting.returncode == 0, err
    played = json.loads(out)
    assert [(r["by"], r["source"]) for r in played["rolls"]] == [
        ("Larlen", "entered"),
        ("Larlen", "entered"),
        ("Remmy", "rolled"),
    ]
    assert [r["face"] for r in played["rolls"][:2]] == [3, 2]
    check(table.locator(".latest")).to_contain_text("exploration scene", timeout=WAIT_MS)

    # A fight: initiative and the attacks rolled on the phones.
    assert gmtool("-c", "o", "originem", "mission", "start", "Face Opponents Head On").code == 0
    assert (
        gmtool("-c", "o", "originem", "combat", "start", "-e", "low:1", "--gm-die", "d6").code == 0
    )
    check(phones["Pierre"].locator("form.m-combat_initiative")).to_be_visible(timeout=WAIT_MS)
    said = send(phones["Pierre"], "m-combat_initiative", die1="9", die2="1")
    assert "crew first" in said, said
    delilah = phones["Delilah"]
    check(delilah.locator("form.m-combat_attack")).to_be_visible(timeout=WAIT_MS)
    delilah.select_option("form.m-combat_attack select[name='k.target']", label="low-1")
    said = send(delilah, "m-combat_attack", die1="6", die2="6")  # blocked: no harm done
    assert "refused" not in said, said
    pierre = phones["Pierre"]
    check(pierre.locator("form.m-combat_attack")).to_be_visible(timeout=WAIT_MS)
    pierre.select_option("form.m-combat_attack select[name='k.target']", label="low-1")
    said = send(pierre, "m-combat_attack", die1="10", die2="1")
    assert "low-1 down" in said, said
    check(table.locator(".latest")).to_contain_text("low-1", timeout=WAIT_MS)
    assert_fits(table)

    # Every roll logged once, as its roller's, in the order made.
    log = json.loads(gmtool("-c", "o", "log", "--json").out)
    moves = [(e["what"], e["who"].split(", ")[0]) for e in log if e["kind"] == "action"][2:]
    assert moves == [
        ("exploration scene", "Larlen"),
        ("mission start", "GM"),
        ("combat start", "GM"),
        ("combat initiative", "Pierre"),
        ("combat attack on low-1", "Delilah"),
        ("combat attack on low-1", "Pierre"),
    ]
    assert [e["kind"] for e in log].count("secret") == 1
    assert_nothing_leaked(screens, server, private=ASKED)
    events.versions_only()
    screens.close()
