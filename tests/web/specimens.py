"""The specimen campaigns the screen tests and the screenshots (``docs/screens/shoot.py``)
serve: each game with a few commands played, as a table would be partway through, and
whose phone each game's screenshot shows."""

from __future__ import annotations

import io
import os
import shlex
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest.mock import patch

DEMO = Path(__file__).resolve().parents[2] / "campaigns"

SEAT = {
    "originem": "Delilah",
    "astral": "Ana",
    "starships": "Bo",
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


def typed(home: Path, words: list[str]) -> tuple[int, str, str]:
    """``gmtool WORDS`` run in this process (quicker than a process a command), with
    ``home`` as its storage folder: the exit code and what it wrote to stdout and stderr."""
    from gmtool.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with (
        patch.dict(os.environ, {"GMTOOL_HOME": str(home)}),
        patch.object(sys, "argv", ["gmtool", *words]),
        redirect_stdout(out),
        redirect_stderr(err),
    ):
        os.environ.pop("GMTOOL_CAMPAIGN", None)
        try:
            main()
            code = 0
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (1 if exit_.code else 0)
    return code, out.getvalue(), err.getvalue()


def prepare(home: Path, systems: list[str]) -> None:
    """Each of ``systems``' specimen campaign, made in the storage folder ``home``."""
    for system in systems:
        for command in SESSIONS[system]:
            words = shlex.split(command)
            if words[0] != "campaign":
                words = ["-c", system, *words]
            code, _, err = typed(home, words)
            if code != 0:
                raise SystemExit(f"{system}: {command}: {err.strip()}")
