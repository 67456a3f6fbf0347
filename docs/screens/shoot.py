"""Screenshots of every screen of ``gmtool serve``, for the README.

Run from the repository root: ``.venv/bin/python docs/screens/shoot.py``. It makes
campaigns in a scratch storage folder, plays a few commands in each, serves them, and
photographs the pages with the system's Chromium (``apt-get install chromium``).
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
TV = {"width": 1280, "height": 800}
PHONE = {"width": 412, "height": 900}

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
}


def prepare(home: Path) -> None:
    import shlex

    for system, commands in SESSIONS.items():
        for command in commands:
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
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        home = Path(scratch) / "home"
        prepare(home)
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        for system in SESSIONS:
            server = start_server(home, system)
            try:
                shots = [(f"{system}-table.png", server.base + "/", TV)]
                if system == "originem":
                    shots.append(("log.png", server.base + "/log", TV))
                seat = {"foodfight": "Di", "zauberer": "water"}.get(system)
                if seat:
                    shots.append((f"{system}-player.png", server.links[seat], PHONE))
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
