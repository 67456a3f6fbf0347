"""The web bench's check in a real browser: the table screen and three phones open in
Chromium (each in a browser of its own, as phones are; the server lets one address hold
four streams, and all four come from this machine), the players discard in turn, and each
sample is the time from a phone's post to the moment every other open page has redrawn
(a MutationObserver on the page's live part). Then the same with six tabs of one browser
(the table, the four players and Ana's again), which share one event stream: a browser
opens at most six connections to a server. Part of ``web_live.web_figures``."""

from __future__ import annotations

import re
import shutil
import statistics
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlencode

PAGES = ["table", "Ana", "Bo", "Cy"]
TABS = ["table", "Ana", "Bo", "Cy", "Di", "Ana"]
MOVES = 24
SEEN = re.compile(r'name="seen" value="([0-9a-f]+)"')
WATCH = """() => {
  window.__drawn = [];
  const live = document.getElementById("live");
  new MutationObserver(() => window.__drawn.push(Date.now()))
    .observe(live, {childList: true});
}"""


def post_move(base: str, token: str) -> bool:
    """A discard from the seat's phone, as its form posts it; False when refused."""
    with urllib.request.urlopen(f"{base}/p/{token}", timeout=5) as answer:
        seen = SEEN.search(answer.read().decode())
    for pile in range(1, 7):
        form = {"move": "discard", "pile": str(pile), **({"seen": seen[1]} if seen else {})}
        request = urllib.request.Request(
            f"{base}/p/{token}/move",
            data=urlencode(form).encode(),
            headers={"Origin": base},
        )
        try:
            with urllib.request.urlopen(request, timeout=5) as answer:
                if "refused" not in answer.read().decode().split("<main", 1)[0]:
                    return True
        except urllib.error.HTTPError as error:
            if error.code != 429:
                raise
            time.sleep(2)  # the seat's ten moves in ten seconds are spent: wait, as a player
    return False


def browser_samples(
    base: str, tokens: dict[str, str], players: list[str], *, tabs: list[str] | None = None
) -> list[float] | str:
    """Seconds per move until every other open page redrew; or why it could not run.
    ``tabs``: the pages as tabs of one browser instead (one context, which shares one event
    stream among its tabs), a seat named twice opened twice."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "Playwright is not installed"
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        return "Chromium is not installed"
    samples: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        pages: list[tuple[str, Any]] = []
        shared = browser.new_context(viewport={"width": 360, "height": 740}) if tabs else None
        for name in tabs or PAGES:
            context = shared or browser.new_context(viewport={"width": 360, "height": 740})
            page = context.new_page()
            page.goto(base + "/" if name == "table" else f"{base}/p/{tokens[name]}")
            page.wait_for_function("() => document.body.classList.contains('connected')")
            page.evaluate(WATCH)
            pages.append((name, page))
        for move in range(MOVES):
            seat = players[move % len(players)]
            others = [page for name, page in pages if name != seat]
            started = time.time() * 1000
            if not post_move(base, tokens[seat]):
                continue
            deadline = time.monotonic() + 5
            drawn: list[float] = []
            while time.monotonic() < deadline:
                firsts = [
                    page.evaluate(f"window.__drawn.find(t => t >= {started}) || 0")
                    for page in others
                ]
                if all(firsts):
                    drawn = firsts
                    break
                time.sleep(0.01)
            if not drawn:
                browser.close()
                return f"move {move} did not show on every page within 5 s"
            samples.append((max(drawn) - started) / 1000)
            time.sleep(0.2)
        browser.close()
    return samples


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000
