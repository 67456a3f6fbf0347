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

from tests.web.harness import chromium_path, run_gmtool, start_server  # noqa: E402

OUT = Path(__file__).resolve().parent
DEMO = ROOT / "campaigns"
TV = {"width": 1920, "height": 1080}
SMALL_TV = {"width": 1280, "height": 720}
PHONE = {"width": 360, "height": 740}
SEAT = {
    "originem": "Pierre",
    "astral": "Ana",
    "starships": "Ana",
    "foodfight": "Di",
    "zauberer": "water",
    "ftl": "Red",
}
"""Whose phone each game's screenshot shows."""

SESSIONS = {
    "originem": [
        f"campaign new originem --from {DEMO / 'originem-demo.yaml'} --length 45",
        "originem nova start",
        'originem mission start "Map Out Ancient Forest"',
        "originem scene exploration --by Larlen --by Larlen --by Remmy --dice 3,2,2",
        'originem mission start "Face Opponents Head On"',
        "originem runaway --by Larlen --dice 4",
        "originem combat start -e low:2 -e Warden=medium --gm-die d8",
        "originem combat initiative --by Pierre --dice 7,3",
        "originem combat attack --by Pierre --target Warden --dice 9,4",
        "roll 4d6kh3",
        "roll d6! --dice 6,6,2",
        "undo",
        "roll 2d20kl1",
    ],
    "astral": [
        f"campaign new astral --from {DEMO / 'astral-demo.yaml'}",
        "astral distance Cy Lens near",
        'astral tick --act "Ana work Unseal" --act "Cy rest"',
    ],
    "starships": [
        f"campaign new starships --from {DEMO / 'starships-demo.yaml'}",
        "starships encounter start --enemy Drone --dice 7,7,15,4",
        "starships attack Ana Drone --melee --dice 14",
    ],
    "foodfight": [
        f"campaign new foodfight --from {DEMO / 'foodfight-demo.yaml'} --seed 7",
        "foodfight discard 1",
        "foodfight discard 2",
        "foodfight discard 3",
        "foodfight discard 4",
        "foodfight attack 5 Di:5",
        "foodfight pass",
    ],
    "zauberer": [
        "campaign new zauberer --system zauberer --teams fire=Ana,water=Bo+Eve,air=Cy,earth=Di"
        " --first fire --seed 4",
        "zauberer move --dice 6 --way nb1",
        "zauberer dungeon --dice 3,4",
        "zauberer end-turn",
        "zauberer move --dice 4 --way eb1",
    ],
    "ftl": [
        f"campaign new ftl --from {DEMO / 'ftl-demo.yaml'} --seed 4",
        "ftl power Red shields 2",
        "ftl weapon Red burst_laser_ii on",
        "ftl aim Red burst_laser_ii shield_room",
        "ftl weapon Red heavy_laser on",
        "ftl aim Red heavy_laser gunnery",
        "ftl power Blue shields 2",
        "ftl weapon Blue heavy_ion on",
        "ftl aim Blue heavy_ion shield_room",
        "ftl crew Red Ana shield_room",
        "ftl tick --seconds 14",
    ],
}


def prepare(home: Path, systems: list[str]) -> None:
    import shlex

    for system in systems:
        for command in SESSIONS[system]:
            words = shlex.split(command)
            if words[0] != "campaign":
                words = ["-c", system, *words]
            done = run_gmtool(home, *words)
            if done.returncode != 0:
                raise SystemExit(f"{system}: {command}: {done.stderr.strip()}")


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
