"""Command lines for fuzzing: the real vocabulary of every command (its path, its options,
their choices) mixed with garbage, as a Hypothesis strategy.

Used by ``test_cli_fuzz.py`` at a size CI can afford and by ``scripts/fuzz_cli.sh`` for
the long run (``GMTOOL_FUZZ_EXAMPLES=10000``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from hypothesis import strategies as st

SKIPPED = {"play", "serve", "simulate"}
"""Commands that wait for a person or run for minutes by design: not fuzzed here (their
options are checked by their own tests)."""


@dataclass
class Command:
    path: tuple[str, ...]
    options: list[str] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)


@cache
def commands() -> tuple[Command, ...]:
    """Every command and group gmtool has, with its option names and choice values."""
    import typer
    from typer.main import get_command

    from gmtool.cli.app import app

    found: list[Command] = []

    def walk(command: Any, path: tuple[str, ...]) -> None:
        entry = Command(path)
        for param in command.params:
            if "completion" in (param.name or ""):
                continue  # installing completion edits the shell's start-up file: not here
            entry.options += [*param.opts, *param.secondary_opts]
            entry.choices += [str(choice) for choice in getattr(param.type, "choices", ())]
        found.append(entry)
        if hasattr(command, "list_commands"):  # a group
            context = typer.Context(command, info_name=path[-1] if path else "gmtool")
            for name in command.list_commands(context):
                if name in SKIPPED:
                    continue
                sub = command.get_command(context, name)
                if sub is not None:
                    walk(sub, (*path, name))

    walk(get_command(app), ())
    return tuple(found)


WORDS = [
    "Remmy",
    "Larlen",
    "Pierre",
    "Delilah",
    "Ana",
    "Bo",
    "Cy",
    "Di",
    "Rook",
    "Drone",
    "exploration",
    "general",
    "puzzle",
    "runaway",
    "healing",
    "combat",
    "low",
    "medium",
    "1d20",
    "4d6kh3",
    "d%",
    "3d6!",
    "adv",
    "1d6r<2",
    "2d10000",
    "1001d6",
    "d0",
    "1d999999999",
    "-d4+2",
    "--",
    "-",
    "-c",
    "c1",
    "toy",
    "originem",
    "astral",
    "starships",
    "foodfight",
    "zauberer",
    "ftl",
    "1",
    "0",
    "-1",
    "3,3,3",
    "Remmy=3,3,3",
    "GM=1,2",
    "4,5",
    "Ana:1",
    "2.1",
    "near",
    "far",
    "away",
    "touching",
    "attack",
    "block",
    "Ana attack Shade",
    "md",
    "csv",
    "json",
    "table",
    "originem-demo",
    "foodfight-demo",
    "astral-demo",
    "starships-demo",
    "x" * 300,
    "/dev/null",
    "/nonexistent/file.yaml",
    "nan",
    "inf",
    "-inf",
    "1e308",
    "9" * 30,
    "9" * 5000,
    "a\nb",
    "Evil\x1b]0;x\x07",
    "\u202eabc",
    "[/red]",
    "%s",
    "{}",
    "''",
]


def _garbage() -> st.SearchStrategy[str]:
    return st.text(st.characters(blacklist_categories=("Cs",)), max_size=12).filter(
        lambda text: "\x00" not in text
    )


@st.composite
def argv(draw: st.DrawFn) -> list[str]:
    """A command line: global options, a command's path, then a mix of its own options,
    their choices, words gmtool knows, and garbage."""
    command = draw(st.sampled_from(commands()))
    head: list[str] = draw(st.sampled_from([[], [], ["-c", "c1"], ["-c", "nope"], ["--version"]]))
    vocabulary = command.options + command.choices + WORDS
    token = st.one_of(
        st.sampled_from(vocabulary),
        st.sampled_from(command.options or ["--json"]),
        st.integers(-(10**6), 10**12).map(str),
        _garbage(),
    )
    rest = draw(st.lists(token, max_size=6))
    return [*head, *command.path, *rest]
