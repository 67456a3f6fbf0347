"""Screenshots of every screen of ``gmtool serve``, for the README.

Run from the repository root: ``.venv/bin/python docs/screens/shoot.py`` (or name some
games: ``... shoot.py ftl originem``). It makes campaigns in a scratch storage folder, plays
a few commands in each, serves them, and photographs with the system's Chromium
(``apt-get install chromium``) each table screen at 1920x1080 (``NAME-table.png``) and
1280x720 (``NAME-table-720.png``) and one seat's phone screen at 360x740
(``NAME-player.png``), and the roll feed; then a phone asked for a GM's move that waits
for the phones (``NAME-asked.png``: an Originem scene's roll, an Astral tick's declaration),
the GM's ``--phones`` command waiting in the background; and the FTL match's sector map
between battles (``ftl-map-table.png``, ``ftl-map-table-720.png``, ``ftl-map-player.png``).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.web.harness import (  # noqa: E402
    chromium_path,
    environment,
    gmtool_command,
    run_gmtool,
    start_server,
)
from tests.web.specimens import SEAT, SESSIONS, prepare  # noqa: E402

OUT = Path(__file__).resolve().parent
TV = {"width": 1920, "height": 1080}
SMALL_TV = {"width": 1280, "height": 720}
PHONE = {"width": 360, "height": 740}
DEMO = ROOT / "campaigns"
ASKED = {
    "originem": (
        [
            ["campaign", "new", "originem-asked", "--from", str(DEMO / "originem-demo.yaml")],
            ["-c", "originem-asked", "originem", "nova", "start"],
            ["-c", "originem-asked", "originem", "mission", "start", "Map Out Ancient Forest"],
        ],
        ["originem", "scene", "exploration", "--by", "Larlen", "--by", "Larlen", "--by", "Remmy"],
        "Larlen",
    ),
    "astral": (
        [["campaign", "new", "astral-asked", "--from", str(DEMO / "astral-demo.yaml")]],
        ["astral", "tick", "--act", "Wisp attack Ana"],
        "Ana",
    ),
}
"""Per game: a campaign made for it, the GM's move left to the phones (``--phones``), and
whose phone is photographed while it waits."""
FTL_MAP = [
    ["campaign", "new", "ftl-map", "--from", str(DEMO / "ftl-match.yaml")],
    ["-c", "ftl-map", "ftl", "map", "new", "--dice", "heads,1,1,6,6,heads,3,2,2,1,2,3"],
    ["-c", "ftl-map", "ftl", "jump", "Red", "2", "2"],
]
"""The FTL match on its map: laid out, Red's first jump made, Blue's turn."""


def main() -> None:
    executable = chromium_path()
    if executable is None:
        raise SystemExit("chromium is missing: apt-get install chromium")
    chosen = sys.argv[1:] or list(SESSIONS)
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        home = Path(scratch) / "home"
        prepare(home, chosen)
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        for system in chosen:
            server = start_server(home, system)
            try:
                shots = [
                    (f"{system}-table.png", server.base + "/", TV),
                    (f"{system}-table-720.png", server.base + "/", SMALL_TV),
                    (f"{system}-player.png", server.links[SEAT[system]], PHONE),
                ]
                if system == "originem":
                    shots.append(("log.png", server.base + "/log", SMALL_TV))
                for name, url, size in shots:
                    page = browser.new_page(viewport=size)
                    page.goto(url)
                    page.wait_for_timeout(1200)  # the clock has ticked; the stream is open
                    page.screenshot(path=str(OUT / name), full_page=True)
                    page.close()
                    print(f"wrote docs/screens/{name}")
            finally:
                server.stop()
            if system in ASKED:
                shoot_asked(browser, home, system)
            if system == "ftl":
                shoot_map(browser, home)
        browser.close()


def shoot_asked(browser: object, home: Path, system: str) -> None:
    """The phone asked for the GM's move that waits for it (the table screen says so)."""
    made, asking, seat = ASKED[system]
    for command in made:
        if run_gmtool(home, *command).returncode != 0:
            raise SystemExit(f"{system}: {' '.join(command)} failed")
    campaign = f"{system}-asked"
    server = start_server(home, campaign)
    waiting = subprocess.Popen(
        gmtool_command(home, "-c", campaign, *asking, "--phones"),
        env=environment(home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        page = browser.new_page(viewport=PHONE)  # type: ignore[attr-defined]
        page.goto(server.links[seat])
        page.wait_for_selector(".your-turn.answer", timeout=20000)
        page.wait_for_timeout(500)
        page.screenshot(path=str(OUT / f"{system}-asked.png"), full_page=True)
        page.close()
        print(f"wrote docs/screens/{system}-asked.png")
    finally:
        waiting.terminate()
        waiting.wait()
        server.stop()


def shoot_map(browser: object, home: Path) -> None:
    """The FTL table screen and Blue's phone on the sector map, between battles."""
    for command in FTL_MAP:
        if run_gmtool(home, *command).returncode != 0:
            raise SystemExit(f"ftl map: {' '.join(command)} failed")
    server = start_server(home, "ftl-map")
    try:
        shots = [
            ("ftl-map-table.png", server.base + "/", TV),
            ("ftl-map-table-720.png", server.base + "/", SMALL_TV),
            ("ftl-map-player.png", server.links["Blue"], PHONE),
        ]
        for name, url, size in shots:
            page = browser.new_page(viewport=size)  # type: ignore[attr-defined]
            page.goto(url)
            page.wait_for_timeout(1200)
            page.screenshot(path=str(OUT / name), full_page=True)
            page.close()
            print(f"wrote docs/screens/{name}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
