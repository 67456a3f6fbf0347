"""The shared screens in a real browser (the system's Chromium via Playwright) against a
real ``gmtool serve``: a command typed in a terminal shows without a reload, and a redraw
waits for a player who is typing. Each game's own screens are tried in
``tests/games/NAME/test_browser.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.browsing import WAIT_MS, expect, gm
from tests.web.harness import Server, start_server

CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"


def test_a_roll_typed_in_a_terminal_shows_in_the_open_feed_and_undo_strikes_it(
    page: Any, home: Path, served: list[Server]
) -> None:
    gm(home, "campaign", "new", "o", "--from", str(CAMPAIGNS / "originem-demo.yaml"))
    served.append(server := start_server(home, "o"))
    page.goto(server.base + "/log")
    page.evaluate("window.sameLoad = true")
    expect()(page.locator(".feed .empty")).to_be_visible()
    gm(home, "-c", "o", "roll", "3d6", "--dice", "6,2,5")
    newest = page.locator(".feed .entry").first
    expect()(newest).to_contain_text("3d6", timeout=WAIT_MS)
    expect()(newest.locator(".die")).to_have_text(["6", "2", "5"])
    expect()(newest.locator(".source")).to_have_text("entered")
    gm(home, "-c", "o", "originem", "nova", "start")
    expect()(page.locator(".feed .entry")).to_have_count(2, timeout=WAIT_MS)
    gm(home, "-c", "o", "undo")
    expect()(page.locator(".feed .entry").first).to_have_class("entry undone", timeout=WAIT_MS)
    assert page.evaluate("window.sameLoad") is True


def test_a_redraw_that_arrives_while_a_player_types_waits_until_they_leave_the_form(
    browser: Any, home: Path, served: list[Server]
) -> None:
    teams = "fire=Ana,water=Bo"
    gm(home, "campaign", "new", "z", "--system", "zauberer", "--teams", teams, "--first", "fire")
    served.append(server := start_server(home, "z"))
    context = browser.new_context()
    page = context.new_page()
    held: list[Any] = []

    def hold(route: Any) -> None:  # the redraw's fetch waits until the test lets it go
        held.append(route)

    page.route("**/part", hold)
    page.goto(server.links["fire"])
    dice = page.locator("form.go input[name=die1]")
    gm(home, "-c", "z", "roll", "1d6")  # the campaign changes: the page fetches its part
    for _ in range(WAIT_MS // 50):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for its part"
    dice.fill("6")  # the player starts typing while the redraw is on its way
    held[0].continue_()
    page.wait_for_timeout(500)
    assert dice.input_value() == "6"  # what they typed is still there
    page.unroute("**/part", hold)
    page.evaluate("document.querySelector('form.go').dataset.drawnBefore = 'yes'")
    page.evaluate("document.activeElement.blur()")  # they leave the form: the page redraws
    page.wait_for_function("() => !document.querySelector('form.go').dataset.drawnBefore")
    assert dice.input_value() == "6"  # and the new drawing keeps what they typed
    context.close()


def test_a_redraw_keeps_a_choice_by_its_words_and_empties_one_no_longer_offered(
    browser: Any, home: Path, served: list[Server]
) -> None:
    gm(home, "campaign", "new", "o", "--from", str(CAMPAIGNS / "originem-demo.yaml"))
    gm(home, "-c", "o", "originem", "combat", "start", "-e", "low:2", "--gm-die", "d6")
    gm(home, "-c", "o", "originem", "combat", "initiative", "--by", "Pierre", "--dice", "9,1")
    served.append(server := start_server(home, "o"))
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(server.links["Delilah"])
    target = page.locator("form.m-combat_attack select[name='k.target']")
    target.select_option(label="low-2")
    page.evaluate("document.activeElement.blur()")
    page.evaluate("document.querySelector('form.m-combat_attack').dataset.drawnBefore = 'yes'")
    gm(home, "-c", "o", "roll", "1d6")  # a free roll: the screen redraws
    page.wait_for_function(
        "() => !document.querySelector('form.m-combat_attack').dataset.drawnBefore"
    )
    assert target.evaluate("s => s.options[s.selectedIndex].text") == "low-2"
    gm(
        home,
        "-c",
        "o",
        "originem",
        "combat",
        "attack",
        "--by",
        "Pierre",
        "--target",
        "low-2",
        "--dice",
        "10,1",
    )  # low-2 falls: Delilah's choice is no longer offered
    expect()(target.locator("option", has_text="low-2")).to_have_count(0, timeout=WAIT_MS)
    assert target.evaluate("s => s.selectedIndex") == -1  # not slipped to low-1
    page.click("form.m-combat_attack button")  # the form will not go without a choice
    page.click("form.m-combat_attack button")
    assert "refused" not in page.inner_text("body") and "Delilah" not in gm(home, "-c", "o", "log")
    context.close()
