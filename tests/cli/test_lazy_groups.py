"""The top-level group imports a command's module only when it is called: a command run in
a fresh interpreter has imported its own game's group and nothing of another game, and
``gmtool roll`` no game's group at all; yet ``--help`` of every group still lists every
command its module declares."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import typer

from gmtool.cli.commands import CORE_COMMANDS
from gmtool.games import GAMES, part

GAME_MODULES = """
import sys
from gmtool.cli.main import main
sys.argv = ["gmtool", *sys.argv[1:]]
try:
    main()
    code = 0
except SystemExit as stop:
    code = stop.code
sys.stderr.write(repr(sorted(m for m in sys.modules if m.startswith("gmtool.games."))))
sys.exit(code)  # a command that failed fails the test (the caller runs with check=True)
"""


def games_imported(home: Path, command: list[str]) -> set[str]:
    """The modules of ``gmtool.games`` that ``command`` imported, in a fresh interpreter."""
    import ast

    done = subprocess.run(
        [sys.executable, "-c", GAME_MODULES, *command],
        capture_output=True,
        text=True,
        env={"GMTOOL_HOME": str(home), "PATH": "", "PYTHONPATH": str(Path.cwd())},
        check=True,
    )
    return set(ast.literal_eval(done.stderr.splitlines()[-1]))


def games_of(modules: set[str]) -> set[str]:
    """The games whose modules are among ``modules``."""
    return {module.split(".")[2] for module in modules}


@pytest.mark.parametrize("with_campaign", [False, True])
def test_roll_imports_no_games_group(
    gmtool: Callable[..., Any], gmtool_home: Path, with_campaign: bool
) -> None:
    command = ["roll", "1d20"]
    if with_campaign:
        assert gmtool("campaign", "new", "c", "--from", "originem-demo").code == 0
        command = ["-c", "c", *command]
    imported = games_imported(gmtool_home, command)
    assert not {module for module in imported if module.endswith(".commands")}, imported
    assert games_of(imported) <= ({"originem"} if with_campaign else set()), imported


ZAUBERER = ["--system", "zauberer", "--teams", "fire=A,water=B", "--first", "fire"]
ONE_COMMAND_EACH = {
    # game: (how its campaign is made, one of its commands)
    "originem": (["--from", "originem-demo"], ["mission", "list"]),
    "astral": (["--from", "astral-demo"], ["odds", "Ana", "Wisp"]),
    "starships": (["--from", "starships-demo"], ["encounter", "start", "--enemy", "Drone"]),
    "foodfight": (["--system", "foodfight", "--players", "A,B,C,D"], ["show"]),
    "ftl": (["--from", "ftl-demo"], ["tick", "--seconds", "3"]),
    "zauberer": (ZAUBERER, ["show"]),
}


def test_every_game_has_a_command_here() -> None:
    assert set(ONE_COMMAND_EACH) == set(GAMES)


@pytest.mark.parametrize("game", list(ONE_COMMAND_EACH))
def test_a_games_command_imports_its_own_group_and_no_other_game(
    gmtool: Callable[..., Any], gmtool_home: Path, game: str
) -> None:
    made, command = ONE_COMMAND_EACH[game]
    assert gmtool("campaign", "new", "c", *made).code == 0
    imported = games_imported(gmtool_home, ["-c", "c", game, *command])
    assert f"gmtool.games.{game}.commands" in imported or any(
        module.startswith(f"gmtool.games.{game}.commands.") for module in imported
    ), imported
    assert games_of(imported) == {game}, imported


def declared_groups() -> Iterator[tuple[list[str], set[str]]]:
    """Every group as its modules declare it: (its path, the names of its commands and
    subgroups), read from the declarations rather than from the built command line."""
    yield [], {*CORE_COMMANDS, *GAMES}
    from gmtool.cli import campaign
    from gmtool.cli.app import app

    root = typer.main.get_command(app)
    root.get_command(typer.Context(root), "campaign")  # adds verify and rebuild, once
    yield from _walk(["campaign"], campaign.app)
    for name in GAMES:
        yield from _walk([name], part(name, "commands").app)


def _walk(path: list[str], app: typer.Typer) -> Iterator[tuple[list[str], set[str]]]:
    commands = {
        info.name or typer.main.get_command_name(info.callback.__name__)
        for info in app.registered_commands
        if info.callback is not None
    }
    groups = {str(info.name) for info in app.registered_groups}
    yield path, commands | groups
    for info in app.registered_groups:
        assert info.typer_instance is not None
        yield from _walk([*path, str(info.name)], info.typer_instance)


GROUPS = [
    pytest.param(path, names, id=" ".join(path) or "gmtool") for path, names in declared_groups()
]


def listed_commands(help_text: str) -> set[str]:
    """The names in the "Commands:" section of a help screen."""
    listing = help_text.split("Commands:", 1)[1]
    names = (line for line in listing.splitlines() if line.startswith("  "))
    return {line.split()[0] for line in names if not line.startswith("   ")}  # not wrapped


@pytest.mark.parametrize(("path", "declared"), GROUPS)
def test_help_of_every_group_lists_its_commands(
    gmtool: Callable[..., Any], path: list[str], declared: set[str]
) -> None:
    result = gmtool(*path, "--help")
    assert result.code == 0, result.err
    assert declared and listed_commands(result.out) == declared, result.out
