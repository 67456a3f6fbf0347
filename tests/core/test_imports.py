"""Each command group imports what it uses and nothing heavier (see DESIGN: one command,
one trip). The content cache is warmed first, as it is at the table after one command."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.test_contracts import CHECK_IMPORTS

HEAVY = {"rich", "pydantic", "yaml", "icepool", "questionary", "platformdirs"}

CASES = [
    # (campaign made first, the command, the heavy modules it may import)
    (None, ["roll", "1d20"], set()),
    (None, ["odds", "3d6", "--vs", "10"], {"icepool"}),
    (None, ["campaign", "list"], set()),
    ("originem", ["log", "--format", "csv"], set()),
    ("originem", ["log", "--format", "json"], set()),
    ("originem", ["log"], set()),
    ("originem", ["undo"], set()),
    ("originem", ["status"], {"rich"}),
    ("originem", ["originem", "mission", "list"], {"rich"}),
    ("originem", ["originem", "odds", "exploration", "--by", "Larlen"], {"icepool", "rich"}),
    ("astral", ["astral", "add", "Bo"], {"rich"}),
    ("starships", ["starships", "encounter", "start", "--enemy", "Drone"], {"rich"}),
    ("foodfight", ["foodfight", "show"], {"rich"}),
    ("ftl", ["ftl", "tick", "--seconds", "3"], set()),
    ("ftl", ["ftl", "tick", "--json"], set()),
    ("ftl", ["ftl", "power", "Red", "medbay", "0"], set()),
]


def case_id(value: object) -> str:
    """A case's name, the same in every process (a set's order is not: the tests run on
    several cores, and each must collect the same names)."""
    return str(sorted(value)) if isinstance(value, set | frozenset) else str(value)


@pytest.mark.parametrize(("system", "command", "allowed"), CASES, ids=case_id)
def test_a_command_imports_only_what_it_uses(
    gmtool, gmtool_home: Path, system: str | None, command: list[str], allowed: set[str]
) -> None:  # type: ignore[no-untyped-def]
    if system is not None:
        players = ["--players", "A,B,C,D"] if system == "foodfight" else []
        demo = (
            ["--system", system, *players]
            if system == "foodfight"
            else ["--from", f"{system}-demo"]
        )
        assert gmtool("campaign", "new", "c", *demo).code == 0
        assert gmtool("roll", "1d6").code == 0  # something to undo
        command = ["-c", "c", *command]
    _, imported = run_counting_imports(gmtool_home, command)
    assert imported & HEAVY <= allowed, imported


def run_counting_imports(home: Path, command: list[str]) -> tuple[str, set[str]]:
    """A command run in a fresh interpreter: what it printed, and the heavy modules it
    imported."""
    done = subprocess.run(
        [sys.executable, "-c", CHECK_IMPORTS, *command],
        capture_output=True,
        text=True,
        env={"GMTOOL_HOME": str(home), "PATH": "", "PYTHONPATH": str(Path.cwd())},
        check=True,
    )
    return done.stdout, set(ast.literal_eval(done.stderr.splitlines()[-1]))


DEMO = {system: ["--from", f"{system}-demo"] for system in ("originem", "astral", "starships")}
ZAUBERER = ["--system", "zauberer", "--teams", "fire=A,water=B", "--first", "fire"]
ODDS = [
    (None, [], ["odds", "3d6", "--vs", "10"], "P(≥ 10) = 62.50%", set()),
    (None, [], ["odds", "3d6r<2!"], "total", set()),
    (None, [], ["odds", "4d6kh3"], "total", {"icepool"}),
    (
        DEMO["originem"],
        [],
        ["originem", "odds", "exploration", "--by", "Larlen"],
        "shortcut",
        set(),
    ),
    (DEMO["originem"], [], ["originem", "odds", "puzzle", "--each-class"], "Scientist", set()),
    (DEMO["astral"], [], ["astral", "odds", "Ana", "Wisp"], "expected loss", set()),
    (
        DEMO["starships"],
        ["starships", "add", "Rook", "--enemy", "--hp", "9", "--defense", "12"],
        ["starships", "odds", "Ana", "Rook", "--melee"],
        "if hit",
        set(),
    ),
    (ZAUBERER, [], ["zauberer", "odds", "duel", "fire", "water"], "the duel", set()),
    (ZAUBERER, [], ["zauberer", "odds", "dungeon"], "25/36", set()),
    (
        ["--from", "ftl-demo"],
        [],
        ["ftl", "odds", "Red", "burst_laser_ii", "bridge"],
        "27/64",
        set(),
    ),
]


@pytest.mark.parametrize(("new", "setup", "command", "shown", "heavy"), ODDS, ids=case_id)
def test_odds_are_drawn_without_rich_and_plain_dice_counted_without_icepool(
    gmtool,
    gmtool_home: Path,
    new: list[str] | None,
    setup: list[str],
    command: list[str],
    shown: str,
    heavy: set[str],
) -> None:  # type: ignore[no-untyped-def]
    if new is not None:
        assert gmtool("campaign", "new", "c", *new).code == 0
        command = ["-c", "c", *command]
    if setup:
        assert gmtool(*setup).code == 0
    out, imported = run_counting_imports(gmtool_home, command)
    assert shown in out
    assert imported & HEAVY == heavy
