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
    ("originem", ["log"], {"rich"}),
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


@pytest.mark.parametrize(("system", "command", "allowed"), CASES, ids=lambda c: str(c))
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
    env = {"GMTOOL_HOME": str(gmtool_home), "PATH": "", "PYTHONPATH": str(Path.cwd())}
    done = subprocess.run(
        [sys.executable, "-c", CHECK_IMPORTS, *command],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    imported = set(ast.literal_eval(done.stderr.splitlines()[-1]))
    assert imported & HEAVY <= allowed, imported
