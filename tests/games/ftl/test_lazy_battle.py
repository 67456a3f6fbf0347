"""The map and jump commands pay nothing for the battle referee: it is imported only when a
battle action is played."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.games.ftl.helpers import BLUE, RED

SHOW_BATTLE = """
import sys
from gmtool.cli.main import main
sys.argv = ["gmtool", *sys.argv[1:]]
try:
    main()
except SystemExit as exit_:
    sys.stderr.write(f"exit {exit_.code}\\n")
battle = ["gmtool", "games", "ftl", "rules", "battle"]
sys.stderr.write(repr(sorted(m for m in sys.modules if m.split(".")[:5] == battle)))
"""


def _battle_modules(home: Path, *command: str) -> list[str]:
    env = {"GMTOOL_HOME": str(home), "PATH": "", "PYTHONPATH": str(Path.cwd())}
    done = subprocess.run(
        [sys.executable, "-c", SHOW_BATTLE, *command],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    last = done.stderr.splitlines()[-1]
    return list(ast.literal_eval(last))


def test_map_jump_and_status_import_no_battle_module(gmtool, gmtool_home: Path) -> None:  # type: ignore[no-untyped-def]
    made = gmtool("campaign", "new", "c", "--system", "ftl", "--ship", f"Red={RED}",
                  "--ship", f"Blue={BLUE}", "--seed", "4")  # fmt: skip
    assert made.code == 0, made.err
    assert _battle_modules(gmtool_home, "-c", "c", "ftl", "map", "new") == []
    assert _battle_modules(gmtool_home, "-c", "c", "status") == []
    assert _battle_modules(gmtool_home, "-c", "c", "ftl", "jump", "Red", "9", "9") == []


def test_a_battle_action_still_reaches_the_referee(gmtool, gmtool_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "c", "--from", "ftl-demo").code == 0
    assert _battle_modules(gmtool_home, "-c", "c", "ftl", "tick") != []
    assert gmtool("-c", "c", "ftl", "tick").code == 0


def test_an_unknown_action_names_the_battle_actions_too() -> None:
    import pytest

    from gmtool.errors import GmtoolError
    from gmtool.games.ftl.game import SYSTEM

    with pytest.raises(GmtoolError) as refused:
        SYSTEM.apply({"players": {}, "seats": [], "map": None, "jumps": 0},
                     {"type": "order_nap"}, None, None)  # type: ignore[arg-type]  # fmt: skip
    assert "'order_nap'" in refused.value.line() and "tick" in refused.value.line()
