"""Screenshots of every screen of ``gmtool serve``, for the README.

Run from the repository root: ``.venv/bin/python docs/screens/shoot.py`` (or name some
games: ``... shoot.py ftl originem``). It makes campaigns in a scratch storage folder, plays
a few commands in each, serves them, and photographs with the system's Chromium
(``apt-get install chromium``) each table screen at 1920x1080 (``NAME-table.png``) and
1280x720 (``NAME-table-720.png``) and one seat's phone screen at 360x740
(``NAME-player.png``), and the roll feed.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.web.harness import chromium_path, start_server  # noqa: E402
from tests.web.specimens import SEAT, SESSIONS, prepare  # noqa: E402

OUT = Path(__file__).resolve().parent
TV = {"width": 1920, "height": 1080}
SMALL_TV = {"width": 1280, "height": 720}
PHONE = {"width": 360, "height": 740}


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
        browser.close()


if __name__ == "__main__":
    main()
