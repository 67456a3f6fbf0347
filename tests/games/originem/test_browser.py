"""Originem's table screen in a real browser: the NOVA clock counts down every second and
stops when the GM pauses it in a terminal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.browsing import WAIT_MS, expect, gm
from tests.web.harness import Server, start_server

CAMPAIGNS = Path(__file__).resolve().parents[3] / "campaigns"


def seconds(clock: str) -> int:
    minutes, _, secs = clock.partition(":")
    return int(minutes) * 60 + int(secs)


def test_the_nova_clock_counts_down_and_stops_when_the_gm_pauses(
    page: Any, home: Path, served: list[Server]
) -> None:
    gm(home, "campaign", "new", "o", "--from", str(CAMPAIGNS / "originem-demo.yaml"))
    gm(home, "-c", "o", "originem", "nova", "start")
    served.append(server := start_server(home, "o"))
    page.goto(server.base + "/")
    page.evaluate("window.sameLoad = true")
    clock = page.locator(".countdown")
    first = seconds(clock.inner_text())
    page.wait_for_timeout(2300)
    assert seconds(clock.inner_text()) in (first - 3, first - 2)
    gm(home, "-c", "o", "originem", "nova", "pause")  # typed in another terminal
    expect()(page.locator(".clock-state")).to_have_text("paused", timeout=WAIT_MS)
    stopped = clock.inner_text()
    page.wait_for_timeout(1300)
    assert clock.inner_text() == stopped
    assert page.evaluate("window.sameLoad") is True  # redrawn in place, never reloaded
