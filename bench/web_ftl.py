"""How soon a second of an FTL battle reaches the table screen of ``gmtool serve``.

The demo battle is served mid-fight (weapons powered and aimed, shots in flight), with the
table screen and both captains' phones open as real event-stream clients, each fetching
its own part when told of a change, as the pages' script does. The GM runs the battle one
second at a time, as ``gmtool ftl tick`` does it (``Game.play`` of a tick, in a process of
its own that stays open, so a Python start is not counted); each sample is the time from
the second being written to the moment the table screen holds its part drawn anew
(target: median ≤ 200 ms). The yardstick, in the same run, is a free roll timed the same
way: the server's notice and a redraw with no second to run. Then ``gmtool ftl tick``
itself, timed from the moment the GM types it; then once in Chromium: the table page open,
a MutationObserver on its live part. ``ftl_tick_figures(bench)`` is part of ``run.py
--only web``; run alone with ``python bench/web_ftl.py``."""

from __future__ import annotations

import asyncio
import re
import shutil
import statistics
import subprocess
import time
from contextlib import suppress
from typing import Any

from common import PYTHON, Bench, Figure
from web_live import Screen, Served, request, serve

SECONDS = 30
ROLLS = 15
TYPED = 8
NAME = "web-ftl"
SET_UP = [
    "ftl tick",
    "ftl power Red shields 2",
    "ftl weapon Red burst_laser_ii on",
    "ftl aim Red burst_laser_ii shield_room",
    "ftl weapon Blue heavy_ion on",
    "ftl weapon Blue bardiche on",
    "ftl aim Blue heavy_ion shield_room",
    "ftl aim Blue bardiche bridge",
    "ftl tick --seconds 3",
]
"""The battle as the measures find it: every weapon charging towards a room."""
SECOND = re.compile(rb'class="second">Second <b>(\d+)</b>')
WATCH = """() => {
  window.__drawn = [];
  const live = document.getElementById("live");
  new MutationObserver(() => window.__drawn.push(Date.now()))
    .observe(live, {childList: true});
}"""


GM = """
import sys, time
from gmtool.engine.game import Game
game = Game.open(sys.argv[1])
for line in sys.stdin:
    if line.strip() == "tick":
        game.play({"type": "tick", "seconds": 1}, game.door())
    else:
        game.roll("1d6", game.door())
    print(time.monotonic(), time.time(), flush=True)
"""
"""The GM's commands, played as the command line plays them, each line told when written
(both clocks: the bench's own and the browser's)."""


def set_up(bench: Bench) -> None:
    bench.run(bench.gmtool("campaign", "new", NAME, "--from", "ftl-demo", "--seed", "4"))
    for command in SET_UP:
        bench.run(bench.gmtool("-c", NAME, *command.split()))


class Gm:
    """A process that plays the GM's ticks and rolls when told, and says when each is
    written."""

    def __init__(self, bench: Bench) -> None:
        self.process = subprocess.Popen(
            [PYTHON, "-c", GM, NAME],
            env=bench.env,
            cwd=bench.home,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.offset = time.perf_counter() - time.monotonic()  # the screens' clock

    def play(self, what: str) -> tuple[float, float]:
        """``tick`` or ``roll``: when it was written, by the screens' clock and the wall."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(what + "\n")
        self.process.stdin.flush()
        said = self.process.stdout.readline().split()
        if len(said) != 2:
            raise RuntimeError(f"the GM's {what} failed")
        return float(said[0]) + self.offset, float(said[1])

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        with suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)
        if self.process.poll() is None:
            self.process.kill()


async def redraws(
    served: Served,
    gm: Gm | None,
    what: list[str],
    count: int,
    drawn: bytes | None,
    bench: Bench | None = None,
) -> list[float]:
    """``count`` times the GM's ``what``, each timed from the moment it is written to the
    table screen holding its part drawn anew. ``gm`` None: ``what`` is a command typed at
    the terminal (of ``bench``), timed from the moment it is typed. ``drawn``: the second
    the last part must show (None: any)."""
    screens = [Screen(served, "/part", "127.0.0.2")]
    for n, token in enumerate(served.tokens.values()):
        screens.append(Screen(served, f"/p/{token}/part", f"127.0.0.{n + 3}"))
    for screen in screens:
        screen.task = asyncio.create_task(screen.run())
    await asyncio.wait_for(asyncio.gather(*(s.open.wait() for s in screens)), 10)
    table = screens[0]
    samples: list[float] = []
    loop = asyncio.get_running_loop()
    for _ in range(count):
        await asyncio.sleep(0.3)  # the screens are at rest
        before = set(table.redrawn)
        if gm is not None:
            written, _ = await loop.run_in_executor(None, gm.play, what[0])
        else:
            assert bench is not None
            written = time.perf_counter()
            done = await asyncio.create_subprocess_exec(
                *what, env=bench.env, cwd=bench.home, stdout=asyncio.subprocess.DEVNULL
            )
            if await done.wait() != 0:
                raise RuntimeError(f"{' '.join(what)} failed")
        deadline = time.perf_counter() + 5
        while time.perf_counter() < deadline and not set(table.redrawn) - before:
            await asyncio.sleep(0.002)
        fresh = set(table.redrawn) - before
        if not fresh:
            raise RuntimeError(f"{' '.join(what)} did not reach the table within 5 s")
        samples.append(min(table.redrawn[v] for v in fresh) - written)
    if drawn is not None:  # the last redraw shows the last second run
        part = await request(served, "/part", source="127.0.0.9")
        found = SECOND.search(part)
        if found is None or found[1] != drawn:
            raise RuntimeError(f"the table shows {found[1] if found else None!r}, not {drawn!r}")
    for screen in screens:
        assert screen.task is not None
        screen.task.cancel()
    return samples


def in_chromium(gm: Gm, base: str, count: int) -> list[float] | str:
    """Seconds from a tick written to the table page in Chromium redrawn; or why not."""
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
        page: Any = browser.new_page(viewport={"width": 1920, "height": 1080})
        page.goto(base + "/")
        page.wait_for_function("() => document.body.classList.contains('connected')")
        page.evaluate(WATCH)
        for _ in range(count):
            time.sleep(0.3)
            page.evaluate("window.__drawn = []")
            _, written = gm.play("tick")
            deadline = time.monotonic() + 5
            first = 0
            while time.monotonic() < deadline:
                first = page.evaluate("window.__drawn[0] || 0")
                if first:
                    break
                time.sleep(0.005)
            if not first:
                browser.close()
                return "a second did not show on the table page within 5 s"
            samples.append(first / 1000 - written)
        browser.close()
    return samples


def ftl_tick_figures(bench: Bench) -> list[Figure]:
    set_up(bench)
    served = serve(bench, NAME)
    gm = Gm(bench)
    typed = bench.gmtool("-c", NAME, "ftl", "tick")
    base = f"http://{served.host}:{served.port}"
    try:
        rolled = asyncio.run(redraws(served, gm, ["roll"], ROLLS, None))
        ticked = asyncio.run(redraws(served, gm, ["tick"], SECONDS, str(4 + SECONDS).encode()))
        from_typing = asyncio.run(redraws(served, None, typed, TYPED, None, bench))
        browser = in_chromium(gm, base, 10)
    finally:
        gm.close()
        served.process.send_signal(2)
        with suppress(subprocess.TimeoutExpired):
            served.process.communicate(timeout=10)
        if served.process.poll() is None:
            served.process.kill()
    median = statistics.median(ticked) * 1000
    yardstick = statistics.median(rolled) * 1000
    figures = [
        Figure(
            f"an FTL second written, on the table screen ({len(ticked)} seconds, both phones"
            " open), median",
            f"{median:.0f} ms",
            f"a free roll: {yardstick:.0f} ms",
            "≤ 200 ms",
            median <= 200,
        ),
        Figure(
            "the same, p90",
            f"{sorted(ticked)[int(len(ticked) * 0.9)] * 1000:.0f} ms",
            "",
            "",
            None,
        ),
        Figure(
            f"'gmtool ftl tick' typed, on the table screen ({len(from_typing)} seconds: a"
            " Python start too), median",
            f"{statistics.median(from_typing) * 1000:.0f} ms",
            "",
            "",
            None,
        ),
    ]
    if isinstance(browser, str):
        figures.append(Figure("the same in Chromium", f"not measured: {browser}", "", "", None))
    else:
        shown = statistics.median(browser) * 1000
        figures.append(
            Figure(
                f"an FTL second written, on the table page in Chromium at 1920x1080"
                f" ({len(browser)} seconds), median",
                f"{shown:.0f} ms",
                "",
                "≤ 200 ms",
                shown <= 200,
            )
        )
    return figures


def main() -> None:
    from common import REPO

    bench = Bench.install(REPO, 1)
    print("| what | figure | against | target | met |")
    print("|---|---|---|---|---|")
    for figure in ftl_tick_figures(bench):
        print(figure.row(), flush=True)


if __name__ == "__main__":
    main()
